"""The one door between the searches and the compiled core.

A search asks here for its family's kernel: ``trick32()`` (the 32-card games' play-outs),
``tarot()`` (tarot's play-outs and exact solves) or ``double_dummy()`` (the review's
double-dummy solver).  It gets the compiled kernel, typed by the small protocol below, or
None: then it runs its Python twin, the reference the kernel matches (``ATOUT_CORE=python``
asks for the twin; a module that was not built gives it too, said once in the log).

The twins satisfy the same protocols (``search.PythonTrick32``,
``tarot_search.PythonTarot``, ``game.dds.solver.PythonDoubleDummy``):
``search.trick32_kernel()``, ``tarot_search.tarot_kernel()`` and
``game.dds.solver.double_dummy_kernel()`` give the compiled kernel or the twin, so a
search calls one object either way.  None from here also says that the Python path's
smaller budget applies (``search.play_worlds``, ``tarot_search.table_worlds``,
``advice.budget``).

Nothing outside ``game/core`` imports a compiled module or asks ``game.core.native`` for
one (``tests/test_core_boundary.py``); the adapters (``trick32.py``, ``tarot.py``,
``dds32.py``) translate the game's objects into what the C reads, and its answers back.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Protocol

from game.core import native, python_forced
from game.core.dds32 import CompiledDoubleDummy
from game.core.dds32 import SearchAborted as SearchAborted
from game.core.tarot import CompiledTarot
from game.core.tarot import Dealt as Dealt
from game.core.tarot import OverBudget as OverBudget
from game.core.tarot import SolveTable as SolveTable
from game.core.trick32 import CompiledTrick32
from game.core.trick32 import PlaySeat as PlaySeat
from game.core.trick32 import Position as Position
from game.core.trick32 import Rollout as Rollout
from game.engine.cards import Card
from game.engine.rules import TrickGameRules
from game.engine.tarot_cards import TarotCard
from game.engine.tarot_tricks import TarotTrick, TarotView
from game.engine.tricks import Trump

if TYPE_CHECKING:  # the solver's position: only the review and the benches hold one
    from game.dds.position import Position as DealPosition


class Trick32(Protocol):
    """The 32-card games' play-outs, every hand seen, by the Confirmé's card."""

    def rollouts(self, position: Position, trump: Trump, rules: TrickGameRules,
                 worlds: Sequence[Sequence[Sequence[Card]]],
                 firsts: Sequence[Card]) -> list[list[Rollout]]: ...

    def play_out(self, dealt: Sequence[Sequence[Card]], trump: Trump, taker: int, leader: int,
                 rules: TrickGameRules) -> tuple[list[int], list[int]]: ...


class TarotPlayOuts(Protocol):
    """One tarot view's play-outs and exact solves, world after world."""

    def value(self, world: Dealt, first: TarotCard) -> float: ...

    def values(self, worlds: Sequence[Dealt],
               firsts: Sequence[TarotCard]) -> list[list[float]]: ...

    def traced(self, world: Dealt, firsts: Sequence[TarotCard],
               ) -> list[tuple[float, frozenset[int], TarotTrick]]: ...

    def table(self, budget: int, world: object = None) -> SolveTable: ...

    def solved(self, world: Dealt, first: TarotCard, table: SolveTable) -> float: ...

    def tail(self, world: Dealt, first: TarotCard, stop: int, table: SolveTable) -> float: ...


class Tarot(Protocol):
    """Tarot's play-outs: the Expert's, open-handed, and the bidding's, closed."""

    def rollouts(self, view: TarotView, secret: bool) -> TarotPlayOuts: ...

    def closed_play(self, hands: Sequence[Sequence[TarotCard]], aside: Sequence[TarotCard],
                    taker: int, leader: int, called: TarotCard | None, secret: bool,
                    ) -> list[TarotTrick]: ...


class DoubleDummySearch(Protocol):
    """One position's double-dummy search; ``SearchAborted`` past the node cap or the
    deadline."""

    @property
    def nodes(self) -> int: ...

    def value(self, node_cap: int | None, deadline: float | None) -> int: ...

    def values(self, node_cap: int | None, deadline: float | None) -> dict[int, int]: ...


class DoubleDummy(Protocol):
    """The double-dummy solver's search."""

    def search(self, position: DealPosition, seat: int, horizon: int,
               points: Sequence[int]) -> DoubleDummySearch: ...


def trick32() -> Trick32 | None:
    """The compiled 32-card kernel, or None for the Python twin."""
    module = _module("trick32")
    return None if module is None else _trick32(module)


def tarot() -> Tarot | None:
    """The compiled tarot kernel, or None for the Python twin."""
    module = _module("tarot")
    return None if module is None else _tarot(module)


def double_dummy() -> DoubleDummy | None:
    """The compiled double-dummy search, or None for its Python twin."""
    module = _module("dds32")
    return None if module is None else _double_dummy(module)


def _module(name: str) -> ModuleType | None:
    """``ATOUT_CORE=python`` is read at every call; a module is looked for once (a failed
    import costs more than a play-out)."""
    return None if python_forced() else _built(name)


@functools.cache
def _built(name: str) -> ModuleType | None:
    return native(name)


@functools.cache
def _trick32(module: ModuleType) -> CompiledTrick32:
    return CompiledTrick32(module)


@functools.cache
def _tarot(module: ModuleType) -> CompiledTarot:
    return CompiledTarot(module)


@functools.cache
def _double_dummy(module: ModuleType) -> CompiledDoubleDummy:
    return CompiledDoubleDummy(module)

