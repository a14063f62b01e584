"""The match in progress: saved after every action, so "Continue" resumes it exactly.

The file holds the engine's save (``Match.to_json()``: rules, seed, actions; replayed on
load, so a deal interrupted half-way comes back card for card) and what the table needs
around it: the player's seat, the computer seats' levels, whether undo was used, and
the par of each deal already computed (``game/par.py``; optional: a save without it, or
with a damaged one, loads, and the par is computed again).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from game.engine.protocol import SaveError
from game.storage.settings import LEVELS

if TYPE_CHECKING:  # imported when a save is read: the menu is drawn before the engine loads
    from game.engine.match import Match

log = logging.getLogger("atout.storage")


@dataclass(frozen=True)
class SavedPar:
    """The Expert's margin in the player's seat over one scored deal (its par)."""

    deal: int  # the deal's index in the match's history
    number: int  # its deal number, checked against the history when read
    expert: float

    def to_json(self) -> dict[str, Any]:
        return {"deal": self.deal, "number": self.number, "expert": self.expert}


def _pars_from_json(raw: object, match: Match) -> tuple[SavedPar, ...]:
    """The valid pars of a save; a damaged or foreign entry is left out (logged): that
    deal's par is computed again."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        log.warning("the pars of the save are not a list and are left out: %r", raw)
        return ()
    pars = []
    for entry in raw:
        par = _par_from_json(entry, match)
        if par is None:
            log.warning("a par of the save is not valid and is left out: %r", entry)
        else:
            pars.append(par)
    return tuple(pars)


def _par_from_json(entry: object, match: Match) -> SavedPar | None:
    if not isinstance(entry, dict):
        return None
    deal, number, expert = entry.get("deal"), entry.get("number"), entry.get("expert")
    if type(deal) is not int or not 0 <= deal < len(match.history):
        return None
    if type(number) is not int or match.history[deal].seed != number:
        return None
    if not isinstance(expert, int | float) or isinstance(expert, bool):
        return None
    if not abs(expert) <= 1e6:  # not NaN nor infinite
        return None
    return SavedPar(deal, number, float(expert))


@dataclass(frozen=True, eq=False)
class SavedMatch:
    VERSION: ClassVar[int] = 1

    match: Match
    human_seat: int = 0
    # The level of every seat ("" for the player's own seat).
    levels: tuple[str, ...] = ()
    undo_used: bool = False
    pars: tuple[SavedPar, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "version": self.VERSION,
            "match": self.match.to_json(),
            "human_seat": self.human_seat,
            "levels": list(self.levels),
            "undo_used": self.undo_used,
            "pars": [par.to_json() for par in self.pars],
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
        return cls(match, seat, tuple(levels), undo_used,
                   _pars_from_json(data.get("pars"), match))
