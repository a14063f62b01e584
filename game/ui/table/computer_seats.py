"""The computer seats' thinking: one worker thread where each computer decides its move
(at least a short delay, so that the human can follow) and where, while the human thinks
over a card, the Expert seats prepare their searches for what may follow
(``game.ai.ponder``), one short slice per frame.  The hint thinks in the same worker.
No pygame here."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar

from game.ai import Decision, Level, decide
from game.ai.ponder import Ponder, Situation, likely_first
from game.engine.match import Match
from game.engine.protocol import Action, Phase
from game.par import seat_generator

THINK_DELAY = 0.7  # seconds a computer player "thinks" at normal speed, at least
# Seconds of pondering the worker does per frame at most, while the human thinks: the
# frame's own work waits for the GIL at most this long (measured: bench/frames.py).
PONDER_SLICE = 0.008

P = ParamSpec("P")
T = TypeVar("T")


@dataclass(frozen=True)
class SeatConfig:
    human: bool = False
    level: Level = Level.CONFIRME


class ComputerSeats:
    def __init__(self, seats: Sequence[SeatConfig], viewer: int, ponder: bool = True) -> None:
        """``seats``: who plays each seat (each seat's draws come from the deal's
        number, see ``generator``); ``ponder``: the Expert seats think on the human's
        time (it never changes what they decide, only how much they see in the same
        deadline)."""
        self.seats = tuple(seats)
        self.viewer = viewer
        # Each seat's random generator, new at each deal (``seat_generator``: the par's
        # replay of the deal gives the seats the same), by deal number.
        self._generators: dict[int, list[random.Random]] = {}
        self._generators_lock = threading.Lock()  # the worker asks too, while pondering
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="atout-ai")
        self._thinking: Future[Decision] | None = None
        self._think_time = 0.0
        self.ponder = Ponder() if ponder else None  # used in the worker thread only
        self._pondered: Match | None = None  # the position the ponder prepares for
        self._ponder_job: Future[bool | None] | None = None
        self._drawing = False  # a frame is under way (between update and frame_drawn)

    def submit(self, work: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        """Run ``work`` in the worker, after what it is doing (the hint)."""
        return self._executor.submit(work, *args, **kwargs)

    @property
    def thinking(self) -> bool:
        return self._thinking is not None

    def pondering(self, match: Match) -> bool:
        """The searches for what may follow ``match`` are still being prepared."""
        job = self._ponder_job
        more = job is None or not job.done() or job.result() is not False
        return self._pondered is match and more

    # --- deciding ---------------------------------------------------------------------------

    def decision(self, match: Match, dt: float, speed: float, think: float) -> Action | None:
        """The computer's move in ``match`` once it has thought, and at least the delay
        (``speed`` times ``THINK_DELAY``) is over; None meanwhile.  ``think``: the most
        seconds the Expert spends on it."""
        seat = match.current_player
        if seat is None or self.seats[seat].human:
            return None
        if self._thinking is None:
            level = self.seats[seat].level
            expert = self.ponder is not None and level is Level.EXPERT  # it may resume
            ask = self.ponder.decide if self.ponder is not None and expert else decide
            self._thinking = self._executor.submit(
                ask, match.view(seat), level, self.generator(match, seat), think)
            self._think_time = 0.0
        self._think_time += dt
        if not self._thinking.done() or self._think_time < THINK_DELAY * speed:
            return None
        decision = self._thinking.result()  # re-raises an AI error: never hidden
        self._thinking = None
        return decision.action

    def drop(self) -> None:
        """The position changed under the move being thought: it is forgotten."""
        self._thinking = None

    def wait(self, timeout: float) -> None:
        """Give a thinking (or pondering) computer up to ``timeout`` seconds, as a real
        frame's sleep would: headless loops (the smoke run) step frames without
        sleeping, and would otherwise count frames by the thousand while the worker
        waits for its turn."""
        busy: Future[Any] | None = self._thinking or self._ponder_job
        if busy is not None:
            wait([busy], timeout=timeout)

    # --- pondering on the human's time -------------------------------------------------------

    def frame_began(self) -> None:
        self._drawing = True  # the pondering stops at its next step

    def frame_drawn(self, match: Match, human_to_act: bool, think: float) -> None:
        """The frame is on screen: while the human thinks over a card, the worker
        ponders for one short slice while the main thread sleeps until the next frame
        (the next ``frame_began`` interrupts it at its next step).  The situations are
        listed (in the worker) once per position, then worked on until every search is
        prepared.  A move, an undo or a new deal changes the position: what was
        prepared for the old one is replaced."""
        self._drawing = False
        if self.ponder is None or not human_to_act:
            return
        job = self._ponder_job
        if job is not None and not job.done():
            return
        if self._pondered is not match:
            self._pondered = match
            self._ponder_job = self._executor.submit(
                self.ponder.prepare, self._situations(match), think)
        elif job is None or job.result() is not False:  # re-raises an AI error
            self._ponder_job = self._executor.submit(self.ponder.work, PONDER_SLICE,
                                                     self._in_frame)

    def _in_frame(self) -> bool:
        """Read by the worker between two steps of pondering."""
        return self._drawing

    def _situations(self, match: Match) -> Iterator[Situation]:
        """What the next seat may face after each card the human may play, the card the
        Confirmé would play in his place first: the next seat's view (the AI sees no
        more) and its generator, when that seat is an Expert.  Run in the worker."""
        view = match.view(self.viewer)
        if view.deal.phase is not Phase.PLAY:
            return
        for action in likely_first(view):
            after, _ = match.apply(action)
            seat = after.current_player
            if seat is not None and self.seats[seat].level is Level.EXPERT \
                    and not self.seats[seat].human:
                yield after.view(seat), self.generator(after, seat)

    def generator(self, match: Match, seat: int) -> random.Random:
        """``seat``'s generator in ``match``'s current deal (made when first asked; the
        previous deal's are kept, the worker may still ponder with them)."""
        number = match.deal_number()
        with self._generators_lock:
            generators = self._generators.get(number)
            if generators is None:
                generators = [seat_generator(number, s) for s in range(len(self.seats))]
                for old in list(self._generators)[:-1]:
                    del self._generators[old]
                self._generators[number] = generators
        return generators[seat]

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)

    def __del__(self) -> None:
        executor: Any = getattr(self, "_executor", None)
        if executor is not None:
            executor.shutdown(wait=False)
