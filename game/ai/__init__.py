"""Computer players.  ``decide`` sees only what one seat may see: a view.

``decide(view, level, rng)`` returns one of ``view.legal`` with the reason for it, an
i18n key of ``game/ai/README.md``.  ``view`` is a deal's view (``state.view(seat)``: a
``TrickView`` or a ``TarotView``, ``engine.views.AnyView``) or a match's (``MatchView``,
which also tells the target score the arrêt needs; with a deal's view the arrêt takes
the target a belote view carries, else the default of 1000).

Levels: ``DEBUTANT`` plays legal, plausible and often wrong (hunches, random cards);
``CONFIRME`` evaluates hands for the bidding and counts cards in the play (masters,
voids, trumps out, partner master); ``EXPERT`` chooses its cards by Monte-Carlo
sampling of the hidden cards (``search.py``, at tarot ``tarot_search.py``) and, at
coinche and tarot, its calls by playing sampled deals out (``bid_search.py``,
``tarot_bid_search.py``), at tarot its écart, chelem and poignée too (``tarot_ecart.py``,
``tarot_declarations.py``); elsewhere it bids as ``CONFIRME``.
``think`` is the most the Expert may spend on one decision, in seconds (a setting,
one of ``THINK_CHOICES``); the deals it samples grow with it.  ``think`` None: no
deadline, the default number of deals (reproducible whatever the machine's load: tests).

``appraise(view, rng, think)`` is the Expert's decision with the value of each choice it
weighed (``appraisal.py``): what the coach reads.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from game.ai.appraisal import Appraisal, side_unit
from game.ai.beginner import beginner_decision
from game.ai.bid_search import WORLDS as BID_WORLDS
from game.ai.bid_search import weigh_coinche_calls
from game.ai.bidding import belote_bidding, coinche_bidding
from game.ai.budget import DEFAULT_THINK, THINK_CHOICES, worlds_for
from game.ai.decision import Decision, Level
from game.ai.memory import Memory
from game.ai.play import play_phase
from game.ai.play_inference import InferenceSearch
from game.ai.search import SearchSource, play_worlds, weigh_cards
from game.ai.tarot import tarot_decision
from game.ai.tarot_bid_search import bid_worlds as tarot_bid_worlds
from game.ai.tarot_bid_search import weigh_tarot_calls
from game.ai.tarot_declarations import (
    CHELEM_WORLDS,
    POIGNEE_WORLDS,
    poignee_to_weigh,
    weigh_chelem,
    weigh_poignee,
    without_poignees,
)
from game.ai.tarot_ecart import WORLDS as ECART_WORLDS
from game.ai.tarot_ecart import weigh_ecarts
from game.ai.tarot_search import TarotSource, table_worlds, weigh_tarot_cards
from game.engine.actions import PlayCard
from game.engine.cards import Card
from game.engine.games import BELOTE, COINCHE, Game, game_of
from game.engine.protocol import Phase
from game.engine.tarot_actions import AnnounceChelem, TarotDiscard, TarotPlayCard
from game.engine.tarot_tricks import TarotView
from game.engine.trick_view import TrickView
from game.engine.views import AnyView, MatchView

__all__ = ["DEFAULT_THINK", "THINK_CHOICES", "Appraisal", "Decision", "Level", "appraise",
           "decide"]


def decide(view: AnyView | MatchView, level: Level, rng: random.Random,
           think: float | None = DEFAULT_THINK) -> Decision:
    if level is Level.EXPERT:
        return appraise(view, rng, think).decision
    target, deal = _unwrap(view)
    only = _only_choice(deal)
    if only is not None:
        return only
    if level is Level.DEBUTANT:
        return beginner_decision(deal, rng)
    if isinstance(deal, TarotView):
        return tarot_decision(deal)
    if deal.phase is Phase.PLAY:
        return play_phase(deal, target)
    return _entry(deal).bid(deal)


def appraise(view: AnyView | MatchView, rng: random.Random,
             think: float | None = DEFAULT_THINK, *,
             source: SearchSource | None = None,
             tarot_source: TarotSource | None = None) -> Appraisal:
    """The Expert's decision in this seat, with the value of each choice it weighed.
    ``source``, ``tarot_source``: where the card search comes from, at a 32-card game or
    at tarot (``ponder``: prepared ahead)."""
    target, deal = _unwrap(view)
    only = _only_choice(deal)
    if only is not None:
        return Appraisal(only)
    deadline = think  # None: no deadline, the default sample counts
    think = DEFAULT_THINK if think is None else think
    if isinstance(deal, TarotView):
        return _appraise_tarot(deal, rng, deadline, think, tarot_source)
    if deal.phase is Phase.PLAY:
        return _appraise_card_play(deal, target, rng, deadline, think, source)
    return _entry(deal).weigh_bids(deal, rng, think)


@dataclass(frozen=True)
class TrickGamePlayer:
    """The computer player of a 32-card game's auction (the card play is shared):
    ``bid``, the Confirmé's call; ``weigh_bids``, the Expert's, with its values."""

    bid: Callable[[TrickView], Decision]
    weigh_bids: Callable[[TrickView, random.Random, float], Appraisal]


def _simulated_coinche_calls(view: TrickView, rng: random.Random, think: float) -> Appraisal:
    decision, values = weigh_coinche_calls(view, rng, worlds_for(think, BID_WORLDS))
    return Appraisal(decision, values, side_unit(view.players))


# The AI's entry of each 32-card game of the registry (tarot has its own views).
PLAYERS: dict[Game, TrickGamePlayer] = {
    COINCHE: TrickGamePlayer(coinche_bidding, _simulated_coinche_calls),
    BELOTE: TrickGamePlayer(belote_bidding,
                            lambda view, rng, think: Appraisal(belote_bidding(view))),
}


def _entry(view: TrickView) -> TrickGamePlayer:
    player = PLAYERS.get(game_of(view.game))
    if player is None:
        raise ValueError(f"no AI for the game {view.game!r}")
    return player


def _unwrap(view: AnyView | MatchView) -> tuple[int | None, AnyView]:
    """The target the arrêt needs and the deal's view (a MatchView wraps it; a belote
    deal's view carries the target for the arrêt)."""
    if isinstance(view, MatchView):
        return view.target, view.deal
    if isinstance(view, TrickView):
        return view.target, view
    return None, view


def _only_choice(view: AnyView) -> Decision | None:
    legal = view.legal
    if not legal:
        raise ValueError(f"seat {view.seat} has nothing to decide now")
    return Decision(legal[0], "hint.only_choice") if len(legal) == 1 else None


def _appraise_tarot(view: TarotView, rng: random.Random, deadline: float | None,
                    think: float, source: TarotSource | None) -> Appraisal:
    if view.phase is Phase.PLAY:
        if poignee_to_weigh(view):  # half the time for it, the rest for the card if hidden
            started = time.perf_counter()
            half = None if deadline is None else deadline / 2
            shown = weigh_poignee(view, rng, half, worlds_for(think, POIGNEE_WORLDS))[0]
            if shown is not None:
                return Appraisal(shown)
            view = without_poignees(view)
            if deadline is not None:
                deadline = max(0.0, deadline - (time.perf_counter() - started))
        worlds = worlds_for(think, table_worlds(view.players))
        decision, means = weigh_tarot_cards(view, rng, deadline, worlds, source=source)
        plays = [a for a in view.legal if isinstance(a, TarotPlayCard) and a.card in means]
        return Appraisal(decision, {a: means[a.card] for a in plays})
    if view.phase is Phase.BIDDING:
        decision, values = weigh_tarot_calls(view, rng, deadline,
                                             worlds_for(think, tarot_bid_worlds(view.players)))
        return Appraisal(decision, values)
    if any(isinstance(a, TarotDiscard) for a in view.legal):
        return Appraisal(weigh_ecarts(view, rng, deadline, worlds_for(think, ECART_WORLDS))[0])
    if AnnounceChelem() in view.legal:
        return Appraisal(weigh_chelem(view, rng, deadline, worlds_for(think, CHELEM_WORLDS))[0])
    return Appraisal(tarot_decision(view))


def _appraise_card_play(view: TrickView, target: int | None, rng: random.Random,
                        deadline: float | None, think: float,
                        source: SearchSource | None) -> Appraisal:
    weighed: dict[Card, float] = {}

    def search(view: TrickView, mem: Memory, cards: list[Card],
               fallback: tuple[Card, str]) -> tuple[Card, str]:
        choice, means = weigh_cards(view, mem, cards, fallback, rng,
                                    worlds_for(think, play_worlds(view)), deadline,
                                    source or InferenceSearch)
        weighed.update(means)
        return choice

    decision = play_phase(view, target, search)
    plays = [a for a in view.legal if isinstance(a, PlayCard) and a.card in weighed]
    return Appraisal(decision, {a: weighed[a.card] for a in plays}, side_unit(view.players))
