"""The match in progress: saved after every action, so "Continue" resumes it exactly.

The file holds the engine's save (``Match.to_json()``: rules, seed, actions; replayed on
load, so a deal interrupted half-way comes back card for card) and what the table needs
around it: the player's seat, the computer seats' levels, and whether undo was used.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from game.engine.protocol import SaveError
from game.storage.settings import LEVELS

if TYPE_CHECKING:  # imported when a save is read: the menu is drawn before the engine loads
    from game.engine.match import Match


@dataclass(frozen=True, eq=False)
class SavedMatch:
    VERSION: ClassVar[int] = 1

    match: Match
    human_seat: int = 0
    # The level of every seat ("" for the player's own seat).
    levels: tuple[str, ...] = ()
    undo_used: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "version": self.VERSION,
            "match": self.match.to_json(),
            "human_seat": self.human_seat,
            "levels": list(self.levels),
            "undo_used": self.undo_used,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SavedMatch:
        """Raises SaveError for anything the engine or this table cannot use."""
        from game.engine.match import Match

        match = Match.from_json(data.get("match"))
        seat = data.get("human_seat")
        if type(seat) is not int or not 0 <= seat < match.players:
            raise SaveError("the save's player seat is not valid")
        levels = data.get("levels")
        if not isinstance(levels, list) or len(levels) != match.players:
            raise SaveError("the save's levels are not valid")
        if any(level not in (*LEVELS, "") for level in levels):
            raise SaveError("the save's levels are not valid")
        undo_used = data.get("undo_used", False)
        if not isinstance(undo_used, bool):
            raise SaveError("the save's undo mark is not valid")
        return cls(match, seat, tuple(levels), undo_used)
