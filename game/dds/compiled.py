"""The compiled twin of ``Solver``'s search (``game/core/_dds32.c``), through
``game.core.native("dds32")``.

The C search is a line-by-line port of ``solver.py``: the same values, the same nodes
(so a node cap stops it at the same node), run without the interpreter lock.  The Python
search stays the reference, and the fallback when the core was not built or
``ATOUT_CORE=python`` asks for it.
"""

from __future__ import annotations

import time
from typing import Any

from game.core import native
from game.dds.position import Position, points_table
from game.engine.cards import TrumpMode
from game.engine.rules import PartnerRuff

# The C search's codes of the trump modes and of the partner-ruff rule.
MODES = {TrumpMode.NO_TRUMP: 0, TrumpMode.ALL_TRUMP: 1, TrumpMode.SUIT: 2}
RUFFS = {PartnerRuff.FREE: 0, PartnerRuff.NO_UNDERTRUMP: 1, PartnerRuff.MUST_OVERTRUMP: 2}


class SearchAborted(Exception):
    """The node cap or the deadline was reached (by either search)."""


class CompiledSearch:
    """One position searched for ``seat``'s side by the compiled core; its table is kept
    between calls, as ``Solver``'s is."""

    def __init__(self, core: Any, position: Position, seat: int, horizon: int) -> None:
        rules = position.rules
        self.core = core
        self.search = core.Search(
            position.masks, position.trick, position.turn, points_table(position.trump),
            (rules.players, MODES[rules.mode], rules.trump_suit, int(rules.undertrump_must),
             int(rules.overtrump_relaxed), RUFFS[rules.partner_ruff]),
            seat, horizon,
        )

    @property
    def nodes(self) -> int:
        return int(self.search.nodes)

    def value(self, node_cap: int | None, deadline: float | None) -> int:
        return int(self._run(self.search.value, node_cap, deadline))

    def values(self, node_cap: int | None, deadline: float | None) -> dict[int, int]:
        return {int(i): int(v) for i, v in self._run(self.search.values, node_cap, deadline)}

    def _run(self, method: Any, node_cap: int | None, deadline: float | None) -> Any:
        """``method`` under the budget; the C search counts the seconds left on its own
        clock.  Raises ``SearchAborted`` as the Python search does."""
        seconds = None if deadline is None else deadline - time.perf_counter()
        try:
            return method(node_cap, seconds)
        except self.core.Aborted as aborted:
            raise SearchAborted(str(aborted)) from None


def compiled_search(position: Position, seat: int, horizon: int) -> CompiledSearch | None:
    """The compiled search of ``position``, or None for the Python path."""
    core = native("dds32")
    return None if core is None else CompiledSearch(core, position, seat, horizon)
