"""The match in progress, owned in one place: its current state, the states it went
through (kept for undo and redo) and the one recorder told of every change (the session:
it saves and counts).

The engine's states are immutable, so undo and redo only move to a state kept along the
way: nothing is replayed.  A resumed match is replayed once, when it is taken up, to
keep its states and the events of its deal in progress.

No pygame here: the table's controller is handed this object and reads ``match`` from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # the engine loads with the first match, after the menu's first frame
    from game.engine.match import AnyRules, Match
    from game.engine.protocol import Action, Event


class Recorder(Protocol):
    """Who keeps the match (the session: the save after every change, the statistics)."""

    @property
    def undo_allowed(self) -> bool: ...

    def on_action(self, match: Match) -> None:
        """``match`` is the new state, after an action (or a redo)."""

    def on_undo(self, match: Match) -> None:
        """``match`` is the new state, taken back by an undo."""


@dataclass(frozen=True)
class Step:
    """A state of the match and the events that led to it from the one before."""

    match: Match
    events: tuple[Event, ...]


class MatchInPlay:
    """The one owner of the match being played.

    ``apply`` plays an action and forgets what an undo had left to redo; ``undo`` goes
    back to just before a seat's last action, ``redo`` to where the last undo left from.
    Each change is told to the recorder, so the save on disk is always the state here."""

    def __init__(self, steps: Sequence[Step], recorder: Recorder | None = None,
                 resumed: bool = False) -> None:
        """Prefer ``new`` and ``resume``.  ``steps``: the states from the match's start,
        the first one the match before any action."""
        if not steps:
            raise ValueError("a match has at least its first state")
        self._steps = list(steps)
        self._at = len(self._steps) - 1
        self._redo: list[int] = []  # where each undo left from, the latest last
        self._recorder = recorder
        self.resumed = resumed  # taken up from a save: its first events were shown before

    @classmethod
    def new(cls, rules: AnyRules, seed: int, first_deal: int | None = None,
            recorder: Recorder | None = None) -> MatchInPlay:
        """A new match (the recorder is told of it by whoever chose its seats)."""
        from game.engine.match import Match

        match, events = Match.new(rules, seed, first_deal)
        return cls([Step(match, tuple(events))], recorder)

    @classmethod
    def resume(cls, match: Match, recorder: Recorder | None = None) -> MatchInPlay:
        """``match`` taken up again (a saved one): its states are replayed once."""
        start, events = type(match).new(match.rules, match.seed, match.first_deal)
        steps = [Step(start, tuple(events))]
        for action in match.actions:
            after, events = steps[-1].match.apply(action)
            steps.append(Step(after, tuple(events)))
        steps[-1] = Step(match, steps[-1].events)  # the same state: the one given is kept
        return cls(steps, recorder, resumed=True)

    # --- reading ---------------------------------------------------------------------------

    @property
    def match(self) -> Match:
        return self._steps[self._at].match

    @property
    def undo_allowed(self) -> bool:
        return self._recorder is None or self._recorder.undo_allowed

    def opening_events(self) -> tuple[Event, ...]:
        """The events of the match's start (its first deal dealt)."""
        return self._steps[0].events

    def deal_events(self) -> list[Event]:
        """Every event of the deal in progress, from its ``NewDeal`` (or from the match's
        start): what a table shows to catch up with the current state."""
        from game.engine.match import NewDeal

        events: list[Event] = []
        for step in reversed(self._steps[: self._at + 1]):
            events[:0] = step.events
            starts = [i for i, event in enumerate(step.events) if isinstance(event, NewDeal)]
            if starts:
                return events[starts[-1]:]
        return events

    # --- changes ----------------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Play ``action`` (``IllegalAction`` when it is refused: nothing changes)."""
        after, events = self.match.apply(action)
        del self._steps[self._at + 1:]
        self._steps.append(Step(after, tuple(events)))
        self._at += 1
        self._redo.clear()
        if self._recorder is not None:
            self._recorder.on_action(after)
        return events

    def undo(self, seat: int) -> Match | None:
        """Back to just before ``seat``'s last action (and everything after it); None
        when the settings forbid undo, the match is over or ``seat`` has not acted."""
        if not self.undo_allowed or self.match.is_over:
            return None
        earlier = next((index for index in range(self._at - 1, -1, -1)
                        if self._steps[index].match.current_player == seat), None)
        if earlier is None:
            return None
        self._redo.append(self._at)
        self._at = earlier
        if self._recorder is not None:
            self._recorder.on_undo(self.match)
        return self.match

    @property
    def can_redo(self) -> bool:
        return bool(self._redo) and self.undo_allowed

    def redo(self) -> Match | None:
        """Forward again to where the last undo left from; None when nothing was undone
        since the last action, or the settings forbid undo (and so redo)."""
        if not self.can_redo:
            return None
        self._at = self._redo.pop()
        if self._recorder is not None:
            self._recorder.on_action(self.match)
        return self.match
