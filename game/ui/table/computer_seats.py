"""The computer seats' thinking: one worker thread where each computer decides its move
(at least a short delay, so that the human can follow) and where, while the human thinks
over a card, the Expert seats prepare their searches for what may follow
(``game.ai.ponder``), one short slice per frame.  The hint thinks in the same worker,
and ponders the viewer's move there too (``advise``), sharing the frames' slices with the
Expert seats' pondering.  No pygame here."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from game.ai import Decision, Level, decide
from game.ai.ponder import Ponder, Situation, likely_first
from game.ai.resumable import CancellableRandom
from game.engine.match import Match
from game.engine.protocol import Action, Phase
from game.par_replay import seat_generator

if TYPE_CHECKING:
    from game.lessons.run import LessonRun

THINK_DELAY = 0.7  # seconds a computer player "thinks" at normal speed, at least
# Seconds of pondering the worker does per frame at most, while the human thinks: the
# frame's own work waits for the GIL at most this long (measured: bench/frames.py).
PONDER_SLICE = 0.008

# Advance the advice on the viewer's move in a match for about so many seconds, or until
# interrupted; False once done (``hint.Hint.ponder``).
Advise = Callable[[Match, float, Callable[[], bool]], bool]

P = ParamSpec("P")
T = TypeVar("T")


def new_worker() -> ThreadPoolExecutor:
    """The AI's worker thread: the computer seats', the hint's and the notes'."""
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="atout-ai")


@dataclass(frozen=True)
class SeatConfig:
    human: bool = False
    level: Level = Level.CONFIRME


@dataclass(frozen=True)
class _Taken:
    """A computer's decision taken at ``position`` (the match's actions before it)."""

    number: int  # the deal's number
    position: int
    seat: int
    state: object  # the seat's generator after the decision


class SeatGenerators:
    """Each computer seat's generator at each of its decisions, a function of the
    match's actions so far: a seat starts each deal with ``seat_generator`` (as in the
    par's replay of the deal) and each decision it takes along the match's actions
    advances it.  Asked again after an undo, a seat draws what it drew the first time,
    so it makes the same move; a decision dropped (never taken) advances nothing.
    Thread-safe: the worker asks while pondering."""

    def __init__(self) -> None:
        self._path: tuple[Action, ...] = ()  # the actions along which ``_taken`` lie
        self._taken: list[_Taken] = []  # in the order taken, this deal's and the last
        self._lock = threading.Lock()

    def at(self, match: Match, seat: int) -> CancellableRandom:
        """A new generator in the state ``seat`` has for a decision in ``match``."""
        number = match.deal_number()
        with self._lock:
            self._follow(match.actions)
            state = next((t.state for t in reversed(self._taken)
                          if t.seat == seat and t.number == number), None)
        generator = CancellableRandom()
        generator.setstate(state if state is not None  # type: ignore[arg-type]
                           else seat_generator(number, seat).getstate())
        return generator

    def taken(self, match: Match, seat: int, action: Action,
              generator: random.Random) -> None:
        """``seat`` took ``action`` in ``match``, drawing from ``generator``."""
        number = match.deal_number()
        with self._lock:
            self._follow(match.actions)
            self._taken = [t for t in self._taken if t.number >= number - 1]
            self._taken.append(_Taken(number, len(match.actions), seat, generator.getstate()))
            self._path = (*match.actions, action)

    def _follow(self, actions: Sequence[Action]) -> None:
        """Forget the decisions that are not along ``actions`` (an undo went back
        before them, or another move was made there)."""
        if actions[:len(self._path)] == self._path:  # no undo: all along them
            return
        common = 0
        for common, (mine, theirs) in enumerate(zip(self._path, actions, strict=False),
                                                start=1):
            if mine is not theirs:
                common -= 1
                break
        self._taken = [t for t in self._taken if t.position < common]


class ComputerSeats:
    def __init__(self, seats: Sequence[SeatConfig], viewer: int, ponder: bool = True,
                 lesson: LessonRun | None = None, advise: Advise | None = None,
                 worker: ThreadPoolExecutor | None = None) -> None:
        """``seats``: who plays each seat (each seat's draws come from the deal's
        number, see ``generator``); ``ponder``: the Expert seats think on the human's
        time (it never changes what they decide, only how much they see in the same
        deadline); ``lesson``: its script's moves are played instead of thinking, while
        it has one; ``advise``: the hint's pondering of the viewer's move, on his time
        too; ``worker``: the one thread they think in (``new_worker``), shared with the
        hint (a new one by default)."""
        self.seats = tuple(seats)
        self.lesson = lesson
        # Why each computer played its card, by deal number and card ("why that card?")
        self.reasons: dict[tuple[int, object], Decision] = {}
        self.viewer = viewer
        # Each seat's random generator at each decision (``SeatGenerators``).
        self._generators = SeatGenerators()
        self._executor = worker or new_worker()
        self._thinking: Future[Decision] | None = None
        self._thinking_with: CancellableRandom | None = None  # the decision's generator
        self._think_time = 0.0
        self.ponder = Ponder() if ponder else None  # used in the worker thread only
        self.advise = advise
        self._pondered: Match | None = None  # the position the ponder prepares for
        self._ponder_job: Future[None] | None = None  # the slice under way (either kind)
        # Set in the worker by each slice, read once it is done: more to do for the
        # position pondered, by the Expert seats and by the hint; whose slice is next.
        self._expert_more = False
        self._advice_more = False
        self._advice_next = False
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
        busy = job is not None and not job.done()
        return self._pondered is match and (busy or self._expert_more)

    # --- deciding ---------------------------------------------------------------------------

    def decision(self, match: Match, dt: float, speed: float, think: float) -> Action | None:
        """The computer's move in ``match`` once it has thought, and at least the delay
        (``speed`` times ``THINK_DELAY``) is over; None meanwhile.  ``think``: the most
        seconds the Expert spends on it."""
        seat = match.current_player
        if seat is None or self.seats[seat].human:
            return None
        scripted = self.lesson.scripted(match) if self.lesson and not self._thinking else None
        if scripted is not None:  # a lesson's computer plays its script
            self._thinking = Future()
            self._thinking.set_result(Decision(scripted, "lesson.scripted"))
            self._think_time = 0.0
        if self._thinking is None:
            level = self.seats[seat].level
            expert = self.ponder is not None and level is Level.EXPERT  # it may resume
            ask = self.ponder.decide if self.ponder is not None and expert else decide
            self._thinking_with = self.generator(match, seat)
            self._thinking = self._executor.submit(
                ask, match.view(seat), level, self._thinking_with, think)
            self._think_time = 0.0
        self._think_time += dt
        if not self._thinking.done() or self._think_time < THINK_DELAY * speed:
            return None
        decision = self._thinking.result()  # re-raises an AI error: never hidden
        if self._thinking_with is not None:
            self._generators.taken(match, seat, decision.action, self._thinking_with)
        self._thinking, self._thinking_with = None, None
        card = getattr(decision.action, "card", None)
        if card is not None:
            self.reasons[(match.number, card)] = decision
        return decision.action

    def drop(self) -> None:
        """The position changed under the move being thought (an undo, a redo): it is
        cancelled (it stops at its next draw, freeing the worker) and forgotten; it
        advanced no seat's generator."""
        if self._thinking_with is not None:
            self._thinking_with.cancel()
        if self._thinking is not None:
            self._thinking.cancel()
        self._thinking, self._thinking_with = None, None

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
        prepared.  While the viewer is to act the hint's weighing of his move
        (``advise``) takes every other slice, or all of them once the Expert
        seats are prepared.  A move, an undo or a new deal changes the position: what
        was prepared for the old one is replaced."""
        self._drawing = False
        if not human_to_act or (self.ponder is None and self.advise is None):
            return
        job = self._ponder_job
        if job is not None:
            if not job.done():
                return
            job.result()  # re-raises an AI error: never hidden
        if self._pondered is not match:
            self._pondered = match
            self._expert_more = self.ponder is not None
            self._advice_more = match.current_player == self.viewer and self.advise is not None
            self._advice_next = False
            if self.ponder is not None:
                self._ponder_job = self._executor.submit(self._prepare, match, think)
                return
        expert = self._expert_more and self.ponder is not None
        advice = self._advice_more and self.advise is not None and (self._advice_next
                                                                     or not expert)
        if advice:
            self._ponder_job = self._executor.submit(self._advice_slice, match)
        elif expert:
            self._ponder_job = self._executor.submit(self._expert_slice)
        self._advice_next = not advice

    def _prepare(self, match: Match, think: float) -> None:
        assert self.ponder is not None
        self.ponder.prepare(self._situations(match), think)

    def _expert_slice(self) -> None:
        assert self.ponder is not None
        self._expert_more = self.ponder.work(PONDER_SLICE, self._in_frame)

    def _advice_slice(self, match: Match) -> None:
        assert self.advise is not None
        self._advice_more = self.advise(match, PONDER_SLICE, self._in_frame)

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

    def generator(self, match: Match, seat: int) -> CancellableRandom:
        """A new generator in the state ``seat`` has for its decision in ``match``
        (``SeatGenerators``): the decision's, or the pondering's copy of it."""
        return self._generators.at(match, seat)

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)

    def __del__(self) -> None:
        executor: Any = getattr(self, "_executor", None)
        if executor is not None:
            executor.shutdown(wait=False)
