"""What a seat sees, typed for every game: the views the players (the AI, the UI) are
given.  No deal state: the AI may import this module.

``AnyView`` is a deal's view, of either card family (``TrickView``, ``TarotView``);
``DealView`` is what both offer under the same names; ``MatchView`` wraps a deal's view
with the match around it (totals, target, the deals so far).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from game.engine.cards import Card
from game.engine.protocol import Action, DealResult, Phase
from game.engine.tarot_cards import TarotCard
from game.engine.tarot_tricks import TarotView
from game.engine.trick_view import TrickView

AnyView = TrickView | TarotView


class DealView(Protocol):
    """What every game's view of a deal offers (read-only)."""

    @property
    def game(self) -> str: ...

    @property
    def seat(self) -> int: ...

    @property
    def players(self) -> int: ...

    @property
    def dealer(self) -> int: ...

    @property
    def phase(self) -> Phase: ...

    @property
    def current_player(self) -> int | None: ...

    @property
    def hand(self) -> Sequence[Card | TarotCard]: ...

    @property
    def legal(self) -> tuple[Action, ...]: ...

    @property
    def taker(self) -> int | None: ...

    @property
    def bids(self) -> tuple[tuple[int, Action], ...]: ...


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
