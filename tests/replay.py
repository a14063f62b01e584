"""Replaying a deal's actions from its start, for the tests that alter hidden cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from game.engine.protocol import Action, IllegalAction


class Playable(Protocol):
    def apply(self, action: Action) -> tuple[Any, list[Any]]: ...


State = TypeVar("State", bound=Playable)


def replay(start: State, actions: Sequence[Action]) -> State | None:
    """The state after ``actions``, or None when one of them is illegal there (a swapped
    card contradicts what was played: a void, a belote...)."""
    state = start
    try:
        for action in actions:
            state, _ = state.apply(action)
    except IllegalAction:
        return None
    return state
