"""A match's record of actions, shared between its states.

Each state of a match holds every action played before it.  A tuple copied at each
action made the states' memory grow with the square of the match's length (and its
time, each action copying the record); an ``ActionLog`` is one action and the log
before it, so each state adds one link, whatever the match's length, and the states
that follow one another share everything before.  It reads as the tuple of its actions
does: its length, an action by index (the last ones at once), a slice (a tuple),
iteration, equality with a tuple or another log, a hash; pickled and copied as a tuple.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import overload

from game.engine.protocol import Action


class ActionLog(Sequence[Action]):
    __slots__ = ("_before", "_last", "_length")

    def __init__(self, before: ActionLog | None = None, last: Action | None = None) -> None:
        """Prefer ``EMPTY.then(action)`` and ``ActionLog.of(actions)``."""
        self._before = before
        self._last = last
        self._length: int = 0 if before is None else len(before) + 1

    @classmethod
    def of(cls, actions: Iterable[Action]) -> ActionLog:
        log = EMPTY
        for action in actions:
            log = log.then(action)
        return log

    def then(self, action: Action) -> ActionLog:
        """This log and ``action`` after it (this one is unchanged)."""
        return ActionLog(self, action)

    def __len__(self) -> int:
        return self._length

    def _links(self) -> Iterator[ActionLog]:
        """This log, the one before it, and so on (the empty log excluded)."""
        link: ActionLog | None = self
        while link is not None and link._before is not None:
            yield link
            link = link._before

    def __reversed__(self) -> Iterator[Action]:
        for link in self._links():
            assert link._last is not None
            yield link._last

    def __iter__(self) -> Iterator[Action]:
        return iter(self._tuple())

    def _tuple(self) -> tuple[Action, ...]:
        return tuple(reversed(list(reversed(self))))

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Action, ...]: ...

    def __getitem__(self, index: int | slice) -> Action | tuple[Action, ...]:
        if isinstance(index, slice):
            return self._tuple()[index]
        position = index + self._length if index < 0 else index
        if not 0 <= position < self._length:
            raise IndexError("action index out of range")
        for link in self._links():
            if link._length == position + 1:
                assert link._last is not None
                return link._last
        raise AssertionError("a log holds each of its positions")

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ActionLog):
            if len(other) != self._length:
                return False
            for mine, theirs in zip(self._links(), other._links(), strict=True):
                if mine is theirs:  # the same log before: equal from there on
                    return True
                if mine._last != theirs._last:
                    return False
            return True
        if isinstance(other, tuple):
            return len(other) == self._length and self._tuple() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._tuple())

    def __repr__(self) -> str:
        return f"ActionLog.of({self._tuple()!r})"

    def __reduce__(self) -> tuple[object, tuple[tuple[Action, ...]]]:
        return ActionLog.of, (self._tuple(),)


EMPTY = ActionLog()
