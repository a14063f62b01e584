"""The double-dummy solver's adapter: its search in the compiled core (``_dds32``),
reached through ``game.core.kernels.double_dummy()``.

The C search is a line-by-line port of ``game/dds/solver.py``'s ``PythonSearch``: the same
values, the same nodes (so a node cap stops it at the same node), run without the
interpreter lock.  The Python search stays the reference, and the fallback when the core
was not built or ``ATOUT_CORE=python`` asks for it (``solver.double_dummy_kernel``
chooses).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

from game.engine.cards import TrumpMode
from game.engine.rules import PartnerRuff

if TYPE_CHECKING:  # the core reads a position; it imports nothing that holds a deal
    from game.dds.position import Position

# The C search's codes of the trump modes and of the partner-ruff rule.
MODES = {TrumpMode.NO_TRUMP: 0, TrumpMode.ALL_TRUMP: 1, TrumpMode.SUIT: 2}
RUFFS = {PartnerRuff.FREE: 0, PartnerRuff.NO_UNDERTRUMP: 1, PartnerRuff.MUST_OVERTRUMP: 2}


class SearchAborted(Exception):
    """The node cap or the deadline was reached (by either search)."""


class CompiledSearch:
    """One position searched for ``seat``'s side by the compiled core; its table is kept
    between calls, as ``PythonSearch``'s is."""

    def __init__(self, core: ModuleType, position: Position, seat: int, horizon: int,
                 points: Sequence[int]) -> None:
        rules = position.rules
        self.core = core
        self.search = core.Search(
            position.masks, position.trick, position.turn, points,
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


class CompiledDoubleDummy:
    """The double-dummy search in the compiled core (``kernels.DoubleDummy``)."""

    def __init__(self, module: ModuleType) -> None:
        self.module = module

    def search(self, position: Position, seat: int, horizon: int,
               points: Sequence[int]) -> CompiledSearch:
        """``position`` searched for ``seat``'s side, ``horizon`` tricks deep, each card
        worth its ``points`` (``position.points_table``)."""
        return CompiledSearch(self.module, position, seat, horizon, points)
