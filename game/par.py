"""The par of a deal: the same deal played again with the Expert in the player's seat
(``game.par_replay``), against the margin the player made.

``ParWorker`` computes pars one at a time, in the order asked, in a process of its own
(``ParProcess``: ``game.par_process``, started once, at a lower priority): a search in
a thread of the game's process would hold the interpreter's lock, and each frame would
wait for it (measured in ``bench/par.py``).  No pygame here.
"""

from __future__ import annotations

import json
import logging
import subprocess
import threading
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from game.engine.match import Match
from game.par_process import start

log = logging.getLogger("atout.par")


@dataclass(frozen=True)
class Par:
    """The player's margin in a deal as he played it, and the Expert's in his seat."""

    player: float
    expert: float

    @property
    def difference(self) -> float:
        """What the player made more than the Expert (negative: less)."""
        return round(self.player - self.expert, 1)


class ParStatus(Enum):
    COMPUTING = "computing"  # asked, not ready yet
    FAILED = "failed"  # the replay raised (a bug, logged): no par for that deal


ParKey = tuple[int, int]  # the deal's index in the match's history, its deal number
Ready = Callable[[ParKey, float], None]
Compute = Callable[[Match, int, int, Sequence[str]], float]  # expert_margin's arguments


class ParProcess:
    """``expert_margin`` computed in the par's process (``game.par_process``: a Python
    of its own that imports nothing of the program that started it), started when
    first needed (and again if it stopped); ``close`` ends it."""

    def __init__(self) -> None:
        self._process: subprocess.Popen[str] | None = None
        self._lock = threading.Lock()  # closed by the game while the worker waits on it

    def margin(self, match: Match, index: int, seat: int, levels: Sequence[str]) -> float:
        """Raises RuntimeError when the replay failed or the process stopped."""
        process = self._started()
        assert process.stdin is not None and process.stdout is not None
        try:
            request = [match.to_json(), index, seat, list(levels)]
            process.stdin.write(json.dumps(request) + "\n")
            process.stdin.flush()
            line = process.stdout.readline()
        except (OSError, ValueError) as error:  # a pipe broken, or closed by ``close``
            self.close()
            raise RuntimeError("the par's process stopped") from error
        if not line:
            self.close()
            raise RuntimeError("the par's process stopped")
        reply = json.loads(line)
        if isinstance(reply, str):
            raise RuntimeError(f"the par's replay failed: {reply}")
        return float(reply)

    def _started(self) -> subprocess.Popen[str]:
        with self._lock:
            if self._process is None or self._process.poll() is not None:
                self._process = start()
            return self._process

    def close(self) -> None:
        with self._lock:
            process, self._process = self._process, None
        if process is None:
            return
        process.terminate()
        try:
            process.wait(2)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        for pipe in (process.stdin, process.stdout):
            if pipe is not None:
                pipe.close()


@dataclass(frozen=True)
class _Job:
    key: ParKey
    match: Match
    seat: int
    levels: tuple[str, ...]


class ParWorker:
    """Pars computed one deal at a time: a daemon thread hands each to the par's
    process (``ParProcess``) and waits for its answer.

    ``ask`` queues a deal (once per key); ``expert`` says where it stands (a margin,
    ``ParStatus.COMPUTING`` or ``FAILED``, None when never asked); ``on_ready`` is
    called in the worker's thread with each margin.  ``forget`` drops every par and
    waiting deal (another match is followed); a par being computed then is discarded."""

    def __init__(self, on_ready: Ready | None = None, compute: Compute | None = None) -> None:
        """``compute``: how a deal's Expert margin is computed (by default in a
        ``ParProcess``)."""
        self.on_ready = on_ready
        self._process: ParProcess | None = None
        if compute is None:
            self._process = ParProcess()
            compute = self._process.margin
        self._margin = compute
        self._changed = threading.Condition()
        self._queue: deque[_Job] = deque()
        self._margins: dict[ParKey, float | ParStatus] = {}
        self._generation = 0  # bumped by ``forget``
        self._busy = False
        self._closed = False
        self._thread = threading.Thread(target=self._loop, name="atout-par", daemon=True)
        self._thread.start()

    def ask(self, key: ParKey, match: Match, seat: int, levels: Sequence[str]) -> None:
        with self._changed:
            if key in self._margins or self._closed:
                return
            self._margins[key] = ParStatus.COMPUTING
            self._queue.append(_Job(key, match, seat, tuple(levels)))
            self._changed.notify_all()

    def known(self, key: ParKey, margin: float) -> None:
        """A margin computed earlier (read from the save): not computed again."""
        with self._changed:
            self._margins[key] = margin

    def expert(self, key: ParKey) -> float | ParStatus | None:
        with self._changed:
            return self._margins.get(key)

    def ready(self) -> dict[ParKey, float]:
        """Every margin computed or known, by deal."""
        with self._changed:
            return {k: m for k, m in self._margins.items() if not isinstance(m, ParStatus)}

    def forget(self) -> None:
        with self._changed:
            self._queue.clear()
            self._margins.clear()
            self._generation += 1

    @property
    def working(self) -> bool:
        """A par is being computed or waits to be."""
        with self._changed:
            return bool(self._queue) or self._busy

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Wait until every par asked is computed (tests, the benchmark)."""
        with self._changed:
            return self._changed.wait_for(lambda: not self._queue and not self._busy, timeout)

    def close(self) -> None:
        with self._changed:
            self._closed = True
            self._queue.clear()
            self._changed.notify_all()
        if self._process is not None:
            self._process.close()  # a par being computed is given up

    def _loop(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: bool(self._queue) or self._closed)
                if self._closed:
                    return
                job = self._queue.popleft()
                generation = self._generation
                self._busy = True
            margin = self._compute(job)
            with self._changed:
                current = generation == self._generation and not self._closed
                if current:
                    self._margins[job.key] = margin
            if current and not isinstance(margin, ParStatus) and self.on_ready is not None:
                try:
                    self.on_ready(job.key, margin)
                except Exception:  # a bug: logged, the worker goes on with the next deal
                    log.exception("keeping the par of deal %s failed", job.key)
            with self._changed:
                self._busy = False
                self._changed.notify_all()

    def _compute(self, job: _Job) -> float | ParStatus:
        try:
            return self._margin(job.match, job.key[0], job.seat, job.levels)
        except Exception:  # a bug: the deal has no par, said on the sheet and logged
            if not self._closed:
                log.exception("the par of deal %s failed", job.key)
            return ParStatus.FAILED
