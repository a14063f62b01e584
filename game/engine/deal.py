"""The base of every game's deal state (``TrickDeal`` for belote and coinche,
``TarotDeal``), as OpenSpiel's ``State`` is for each of its games: the legal actions
cached on the immutable state, legality by identity, ``evolve``, the seats in turn and
the result.  Each game gives ``_legal_actions``, ``apply``, ``view`` and its phases.

The base is a plain class, not a dataclass: the games' fields (and so their saves,
replays and interned actions) are their own.
"""

from __future__ import annotations

from typing import Any, Generic, Self, TypeVar

from game.engine.protocol import Action, DealResult, Event
from game.engine.rules import TarotRules, TrickGameRules
from game.engine.views import AnyView

ViewT = TypeVar("ViewT", bound=AnyView, covariant=True)


class Deal(Generic[ViewT]):
    """What every deal state has and does the same way; ``ViewT`` is its view's type.

    Not an ``abc.ABC``: an ABC's ``isinstance`` is slower, and the engine's speed counts.
    (Nor does it define ``phase``, a field of one game and a property of the other.)"""

    rules: TrickGameRules | TarotRules
    dealer: int
    turn: int | None
    outcome: DealResult | None
    void: bool  # everyone passed: no result

    # --- the protocol ------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def current_player(self) -> int | None:
        return self.turn

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    def result(self) -> DealResult | None:
        return self.outcome

    def legal_actions(self) -> tuple[Action, ...]:
        # Cached on the instance (states are immutable), outside the dataclass fields.
        cached: tuple[Action, ...] | None = self.__dict__.get("_legal")
        if cached is None:
            cached = self.__dict__["_legal"] = self._legal_actions()
        return cached

    def is_legal(self, action: Action) -> bool:
        """``action in legal_actions()``, by identity first: actions are interned, and
        this spares the dataclass equality on every other element of the list."""
        legal = self.legal_actions()
        for candidate in legal:
            if candidate is action:
                return True
        return action in legal

    def apply(self, action: Action) -> tuple[Self, list[Event]]:
        """The state after ``action`` and the events it caused; raises IllegalAction
        and changes nothing when the rules do not allow it now."""
        raise NotImplementedError

    def view(self, seat: int) -> ViewT:
        """What ``seat`` may know now."""
        raise NotImplementedError

    def _legal_actions(self) -> tuple[Action, ...]:
        raise NotImplementedError

    # --- helpers -----------------------------------------------------------------------

    def evolve(self, **changes: Any) -> Self:
        """A copy with some fields changed (fast: states are rebuilt on every action)."""
        new = object.__new__(type(self))
        fields = new.__dict__
        fields.update(self.__dict__)
        fields.update(changes)
        fields.pop("_legal", None)
        return new

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.players
