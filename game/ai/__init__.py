"""Computer players.  ``decide`` sees only what one seat may see: a view.

``decide(view, level, rng)`` returns one of ``view.legal`` with the reason for it, an
i18n key of ``game/ai/README.md``.  ``view`` is a deal's view (``state.view(seat)``: a
``TrickView`` or a ``TarotView``) or a match's (``MatchView``, which also tells the
target score the arrêt needs; with a deal's view the arrêt assumes the default target
of 1000).

Levels: ``DEBUTANT`` plays legal, plausible and often wrong (hunches, random cards);
``CONFIRME`` evaluates hands for the bidding and counts cards in the play (masters,
voids, trumps out, partner master); ``EXPERT`` chooses its cards by Monte-Carlo
sampling of the hidden cards (``search.py``, at tarot ``tarot_search.py``) and, at
coinche and tarot (three and four players), its calls by playing sampled deals out
(``bid_search.py``, ``tarot_bid_search.py``); elsewhere it bids as ``CONFIRME``.
``think`` is the most the Expert may spend on one decision, in seconds (a setting,
one of ``THINK_CHOICES``); the deals it samples grow with it.  ``think`` None: no
deadline, the default number of deals (reproducible whatever the machine's load: tests).
"""

from __future__ import annotations

import functools
import random
from typing import Any

from game.ai.beginner import beginner_decision
from game.ai.bid_search import WORLDS as BID_WORLDS
from game.ai.bid_search import expert_coinche_bidding
from game.ai.bidding import belote_bidding, coinche_bidding
from game.ai.budget import DEFAULT_THINK, THINK_CHOICES, worlds_for
from game.ai.decision import Decision, Level
from game.ai.play import play_phase
from game.ai.search import WORLDS, search_card
from game.ai.tarot import tarot_decision
from game.ai.tarot_bid_search import WORLDS as TAROT_BID_WORLDS
from game.ai.tarot_bid_search import expert_tarot_bidding
from game.ai.tarot_search import MAX_WORLDS as TAROT_WORLDS
from game.ai.tarot_search import tarot_expert_decision
from game.engine.protocol import Phase

__all__ = ["DEFAULT_THINK", "THINK_CHOICES", "Decision", "Level", "decide"]


def decide(view: Any, level: Level, rng: random.Random,
           think: float | None = DEFAULT_THINK) -> Decision:
    target: int | None = getattr(view, "target", None)
    view = getattr(view, "deal", view)  # a MatchView wraps the deal's view
    if target is None:  # a belote deal's view carries the target for the arrêt
        target = dict(getattr(view, "extra", ())).get("target")
    deadline = think  # None: no deadline, the default sample counts
    think = DEFAULT_THINK if think is None else think
    legal = view.legal
    if not legal:
        raise ValueError(f"seat {view.seat} has nothing to decide now")
    if len(legal) == 1:
        return Decision(legal[0], "hint.only_choice")
    if level is Level.DEBUTANT:
        return beginner_decision(view, rng)
    if view.game == "tarot":
        if level is Level.EXPERT and view.phase is Phase.PLAY:
            return tarot_expert_decision(view, rng, deadline, worlds_for(think, TAROT_WORLDS))
        if level is Level.EXPERT and view.phase is Phase.BIDDING:
            return expert_tarot_bidding(view, rng, deadline,
                                            worlds_for(think, TAROT_BID_WORLDS))
        return tarot_decision(view)
    if view.phase is Phase.PLAY:
        if level is Level.EXPERT:
            search = functools.partial(search_card, rng=rng, worlds=worlds_for(think, WORLDS),
                                       deadline=deadline)
            return play_phase(view, target, search)
        return play_phase(view, target)
    if view.game == "coinche":
        if level is Level.EXPERT:
            return expert_coinche_bidding(view, rng, worlds_for(think, BID_WORLDS))
        return coinche_bidding(view)
    if view.game == "belote":
        return belote_bidding(view)
    raise ValueError(f"no AI for the game {view.game!r}")
