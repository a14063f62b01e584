"""What the app remembers while it runs and forgets when it closes (none of it is
saved): each app has its own, so nothing carries over from one app (or test) to the
next."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.ui.table.controller import GameConfig


@dataclass
class Memory:
    """``last_setup``: the game last started, the new-game screen's "last settings";
    ``explained``: the French terms already explained at a table."""

    last_setup: GameConfig | None = None
    explained: set[str] = field(default_factory=set)
