"""The engine's events released one by one, at the pace of their animations: the table
shows an event and says how long to wait before the next one.  No pygame here."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

from game.engine.match import DealRecord
from game.engine.protocol import Event

# Show an event (the model follows it, the table animates it): seconds before the next.
Show = Callable[[Event, DealRecord | None], float]


class EventQueue:
    def __init__(self, viewer: int, show: Show) -> None:
        self.viewer = viewer
        self._show = show
        self._pending: deque[tuple[Event, DealRecord | None]] = deque()
        self._wait = 0.0

    @property
    def idle(self) -> bool:
        """Every event shown, and the last one's time over."""
        return not self._pending and self._wait <= 0

    def __len__(self) -> int:
        """How many events are still to show."""
        return len(self._pending)

    def add(self, events: Iterable[Event], record: DealRecord | None = None) -> None:
        """Queue what the viewer may see of ``events`` (``record``: the deal they end)."""
        for event in events:
            visible = event.visible_to(self.viewer)
            if visible is not None:
                self._pending.append((visible, record))

    def update(self, dt: float) -> None:
        """Show every event whose turn has come in the ``dt`` seconds past."""
        self._wait -= dt
        while self._wait <= 0 and self._pending:
            event, record = self._pending.popleft()
            self._wait = max(self._wait, 0.0) + self._show(event, record)

    def clear(self) -> None:
        """Drop what is still to show (the position changed under it)."""
        self._pending.clear()
        self._wait = 0.0

    def skip(self) -> None:
        """A click: stop waiting for the current animation."""
        self._wait = 0.0

    def release(self, after: float) -> None:
        """Go on ``after`` seconds from now: the trick held for the player's click (its
        show said to wait forever) is collected."""
        self._wait = after
