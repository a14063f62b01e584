"""What the table's panels (bidding, poignée, écart, play buttons) may ask of the game:
the viewer's choices and the means to make them.  The controller provides it; a panel
never reaches into the table scene."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from game.engine.match import AnyRules, MatchView
from game.engine.protocol import Action
from game.ui.table.model import Say


class SeatControls(Protocol):
    """The viewer's seat: what he may do now, and doing it."""

    rules: AnyRules

    def human_view(self) -> MatchView: ...

    def human_legal(self) -> tuple[Action, ...]: ...

    def legal_cards(self) -> set[Any]: ...

    def act(self, action: Action) -> bool: ...

    def show_poignee(self, cards: Sequence[Any]) -> bool: ...

    def discard(self, cards: Sequence[Any], chelem: bool = False) -> bool: ...

    def tell(self, say: Say) -> None: ...

    def hush(self) -> None:
        """The message shown (a refusal) no longer applies."""
