"""The mouse's presses on the app's clock, and the rhythm they keep.

A player hurrying the game clicks steadily: to end an animation, to collect a trick, to
leave the score sheet.  A click of that rhythm that falls on a panel shown in between
was aimed before the panel was there: it must not bid.  A choice therefore takes a
press only when it comes ``READ_TIME`` seconds after the choice appeared (time to see
what appeared) and does not keep a steady rhythm begun before it (``Presses.blind``).

A rhythm is two gaps in a row within ``STEADY`` of each other.  Presses that made a
choice one after another (a button of the menu, a card, the next card) are the player's
own pace, never a blind rhythm: a rhythm is blind only when one of its presses was idle
(it only ended an animation or collected a trick, or was swallowed: ``idle``).  A press
that breaks the rhythm (a pause to read, or a quicker click) is taken.  No pygame here."""

from __future__ import annotations

from dataclasses import dataclass

# Seconds a new choice is on screen before a press may take it: about two reaction
# times, long enough to see that something appeared and what it is.
READ_TIME = 0.5

# Two gaps between presses within this share of each other keep one rhythm (a steady
# hand varies by some 10 %; a pause to read doubles the gap).
STEADY = 0.25



@dataclass
class Presses:
    """The left presses of the mouse on the app's clock (``tick``), and the rhythm the
    latest one keeps: the first press of that rhythm, how many it holds, and whether one
    before the latest was idle."""

    now: float = 0.0
    _last: float | None = None  # when the latest press came
    _gap: float | None = None  # between the two latest
    _last_idle: bool = False  # the latest press made no choice
    _run_start: float = 0.0
    _run_length: int = 0
    _run_idle: bool = False

    def tick(self, dt: float) -> None:
        self.now += dt

    def record(self) -> None:
        """A left press now (the app records each, before a scene handles it)."""
        if self._last is not None:
            gap = self.now - self._last
            if self._run_length >= 2 and self._gap is not None and _steady(gap, self._gap):
                self._run_length += 1  # the same rhythm goes on
                self._run_idle = self._run_idle or self._last_idle
            else:  # a new rhythm, from the press before
                self._run_start, self._run_length = self._last, 2
                self._run_idle = self._last_idle
            self._gap = gap
        else:
            self._run_start, self._run_length, self._run_idle = self.now, 1, False
        self._last, self._last_idle = self.now, False

    def idle(self) -> None:
        """The latest press made no choice: it only ended an animation or collected a
        trick, or it was swallowed."""
        self._last_idle = True

    def blind(self, shown_for: float) -> bool:
        """The latest press keeps a steady rhythm (two gaps at least) that began before a
        choice shown ``shown_for`` seconds ago, and one of its presses before the latest
        was idle."""
        return self._run_length >= 3 and self._run_idle \
            and self._run_start < self.now - shown_for


def _steady(gap: float, other: float) -> bool:
    """Two gaps of one rhythm."""
    return abs(gap - other) <= STEADY * max(gap, other)
