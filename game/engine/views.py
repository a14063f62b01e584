"""What a seat sees, typed for every game: the views the players (the AI, the UI) are
given.  No deal state: the AI may import this module.

``AnyView`` is a deal's view, of either card family (``TrickView``, ``TarotView``;
``protocol.DealView`` is what both offer under the same names); ``MatchView`` wraps a
deal's view with the match around it (totals, target, the deals so far).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.protocol import DealResult
from game.engine.tarot_tricks import TarotView
from game.engine.trick_view import TrickView

AnyView = TrickView | TarotView


@dataclass(frozen=True)
class DealRecord:
    number: int
    dealer: int
    seed: int
    result: DealResult
    carried: tuple[int, ...]  # frozen points awarded with this deal, per side
    totals: tuple[int, ...]  # running totals after this deal


@dataclass(frozen=True)
class MatchView:
    deal: AnyView
    totals: tuple[int, ...]
    target: int
    history: tuple[DealRecord, ...]
    pending_carry: int
    deals: int | None = None  # tarot: the number of deals of the match (None: to a score)
