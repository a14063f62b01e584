"""Hindsight: the review's "all cards seen" view.  For each of the player's card decisions
of a finished deal, the best card once every hand is seen, and what his card was worth
against it: never what he could know then, so it is shown apart from the honest verdict
(``game.advice``), labelled as hindsight, and never changes a mark.

- The 32-card games: every legal card solved exactly, double-dummy (``game.dds``), its
  trick points turned into the deal's score (the contract made or failed, its
  multiplier, belote, the capot: ``game.dds.utility``); in points of the same scale as
  the verdict's (the side's score less the others', times ``side_unit``).  A search
  stops at ``NODE_CAP`` nodes (no clock: the same answer under any load); past it the
  decision is left unsolved (at the first tricks of some deals).  At the découverte only
  once no card is left face down (the solver plays hands, not piles); at the contrée à
  deux on the twenty cards in play.
- Tarot: the last tricks only, where the Expert's exact endgame solves a deal
  (``tarot_endgame.affordable``), on the true hands and écart (or chien); in the seat's
  marks.

No pygame here.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from game.advice import Between
from game.ai.appraisal import side_unit
from game.ai.tarot_endgame import affordable
from game.ai.tarot_search import World, solved
from game.dds.position import index_of, position_of
from game.dds.solver import SearchAborted, Solver
from game.dds.utility import deal_utility
from game.engine.actions import PlayCard
from game.engine.match import Match
from game.engine.protocol import Action, Phase
from game.engine.tarot import TarotDeal
from game.engine.tarot_actions import TarotPlayCard
from game.engine.trickgame import TrickDeal

NODE_CAP = 400_000  # nodes a decision's double-dummy search may visit (about 1.5 s)
CARD_PLAYS = (PlayCard, TarotPlayCard)


@dataclass(frozen=True)
class Seen:
    """A card decision solved with every hand seen: each legal card's worth for the
    player's side (points at the 32-card games, marks at tarot), best first."""

    worths: tuple[tuple[Action, float], ...]
    played: Action

    @property
    def best_worth(self) -> float:
        return self.worths[0][1]

    @property
    def best(self) -> tuple[Action, ...]:
        """The cards worth the most (several when they are as good)."""
        return tuple(a for a, worth in self.worths if worth == self.best_worth)

    def worth(self, action: Action) -> float:
        card = getattr(action, "card", None)
        return next(w for a, w in self.worths if getattr(a, "card", None) == card)

    @property
    def lost(self) -> float:
        """What the player's card cost against the best, every hand seen."""
        return self.best_worth - self.worth(self.played)


def seen(state: Match, seat: int, action: Action, between: Between = None) -> Seen | None:
    """``seat``'s card decision in ``state`` (the whole deal: every hand) solved with
    every hand seen, ``action`` being what he played; None when it is not a choice of
    cards, or cannot be solved here (beyond the node cap, a tarot deal before its last
    tricks); ``between`` is called every thousand nodes or so of the search."""
    deal = state.deal
    plays = [a for a in state.legal_actions() if isinstance(a, CARD_PLAYS)]
    if deal.phase is not Phase.PLAY or len({a.card for a in plays}) < 2:
        return None
    if isinstance(deal, TarotDeal):
        worths = _tarot_worths(deal, seat)
    elif face_down_left(deal):
        return None
    else:
        worths = card_worths(deal, NODE_CAP, between)
        unit = side_unit(deal.players)
        worths = None if worths is None else {c: w * unit for c, w in worths.items()}
    if worths is None:
        return None
    ranked = sorted(plays, key=lambda a: -worths[a.card])
    return Seen(tuple((a, worths[a.card]) for a in ranked), action)


def face_down_left(deal: TrickDeal) -> bool:
    """The découverte with a card still face down: the solver plays hands, not piles
    (the review solves its last tricks only, once every card is face up)."""
    return any(down is not None for piles in deal.piles for _, down in piles)


def card_worths(state: TrickDeal, node_cap: int,
                between: Between = None) -> dict[Any, float] | None:
    """Each legal card's double-dummy worth on the score sheet for the side to play (the
    side's score less the other's); None when the search passes ``node_cap`` nodes."""
    seat, trump = state.turn, state.trump
    assert seat is not None and trump is not None
    position = position_of(state)
    try:
        values = Solver(position, position.turn, node_cap, between=between).values()
    except SearchAborted:
        return None
    worth = deal_utility(state.view(seat), state.rules, position.points_left())
    cards = {a.card for a in state.legal_actions() if isinstance(a, PlayCard)}
    return {c: float(worth(values[index_of(c, trump)])) for c in cards}


def _tarot_worths(deal: TarotDeal, seat: int) -> dict[Hashable, float] | None:
    """Each legal card's marks for ``seat``, the rest of the deal played perfectly on
    the true hands (the last tricks only)."""
    view = deal.view(seat)
    if not affordable(view.hand_sizes):
        return None
    world = World(tuple(tuple(hand) for hand in deal.hands), deal.ecart or deal.chien)
    cards = {a.card for a in view.legal if isinstance(a, TarotPlayCard)}
    return {c: solved(view, world, c) for c in cards}
