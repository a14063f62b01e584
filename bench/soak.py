"""Soak: many computer-only matches through the table's controller, headless (no
pygame), with the session saving after every action as in the app; memory and time per
match, to show that nothing grows or slows down over a long evening.

    .venv/bin/python bench/soak.py [--matches 200] [--seed 1] [--fault-every 10]

The games cycle through coinche, belote at 4, 3 and 2 and tarot at 3, 4 and 5 (4-deal
matches); every seat is a computer (Débutant or Confirmé).  A fake clock steps the
controller by ``FRAME`` seconds and the fake table gives each event ``EVENT_TIME`` of
animation, so the controller paces events and think delays as in the app.  Faults: every
``--fault-every``-th match runs on a full disk (every write refused with ENOSPC), and
every ``UNDO_EVERY``-th match takes the viewer's last move back now and then.

Checked after every match (each miss is a failure): it ends within ``MAX_FRAMES``, its
save is removed, it is counted once in the statistics with each of its deals once, a
full disk was reported and a healthy one was not.  Memory (tracemalloc and RSS) at the
start, every 20 matches and at the end; the traced memory may not grow by more than
``GROWTH_BOUND`` from match 20 (the caches are warm then) to the end.  Prints the
figures, then one JSON line; exits 1 on any failure.
"""

from __future__ import annotations

import argparse
import errno
import gc
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import game.storage
from game.ai import Level
from game.engine.match import AnyRules
from game.engine.protocol import Event
from game.engine.rules import BeloteRules, CoincheRules, TarotRules
from game.match_in_play import MatchInPlay
from game.session import Session
from game.storage import Storage
from game.ui.table.controller import Controller, EventHandler, SeatConfig

GAMES: tuple[AnyRules, ...] = (
    CoincheRules(),
    BeloteRules(players=4),
    BeloteRules(players=3),
    BeloteRules(players=2),
    TarotRules(players=3, deals=4),
    TarotRules(players=4, deals=4),
    TarotRules(players=5, deals=4),
)
LEVELS = (Level.DEBUTANT, Level.CONFIRME)
FRAME = 0.1  # seconds of the fake clock per update
EVENT_TIME = 0.2  # seconds of animation the fake table gives each event
MAX_FRAMES = 300_000  # a match still running after this is stuck
UNDO_EVERY = 4
CHECK_EVERY = 20
# Bytes of traced memory from match 20 to the end.  Measured: about 1 MB, almost all one
# rebuild of the interpreter's table of interned strings (pathlib interns each save's unique
# temporary file name; they are freed, the table is rebuilt at its live size) and 250 bytes
# a match of this script's own records.  A controller kept alive by mistake would add 30 to
# 60 KB a match, 5 to 10 MB over 180.
GROWTH_BOUND = 1536 * 1024
PAGE = os.sysconf("SC_PAGE_SIZE")
WRITER = "write_json_atomic"  # what every storage write goes through (the fault's target)


@dataclass
class Played:
    game: str
    actions: int
    deals: int
    events: int
    undos: int
    seconds: float  # wall time
    cpu: float  # CPU time of the process (every thread), steadier on a busy machine


@dataclass
class Memory:
    matches: int
    traced: int
    rss: int
    threads: int


@dataclass
class Soak:
    played: list[Played] = field(default_factory=list)
    memory: list[Memory] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    faults: int = 0


def memory_now(matches: int) -> Memory:
    gc.collect()
    with open("/proc/self/statm", encoding="ascii") as statm:
        rss = int(statm.read().split()[1]) * PAGE
    return Memory(matches, tracemalloc.get_traced_memory()[0], rss, threading.active_count())


@contextmanager
def full_disk() -> Iterator[None]:
    """Every storage write refused with ENOSPC while inside."""
    real = getattr(game.storage, WRITER)

    def refuse(path: Path, data: Any) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    setattr(game.storage, WRITER, refuse)
    try:
        yield
    finally:
        setattr(game.storage, WRITER, real)


def new_controller(session: Session, rules: AnyRules, seed: int, rng: random.Random,
                   on_event: EventHandler) -> Controller:
    """A new match followed by ``session`` (its owner tells it of every change), as the
    app's match host builds it."""
    seats = [SeatConfig(human=False, level=rng.choice(LEVELS)) for _ in range(rules.players)]
    play = MatchInPlay.new(rules, seed, recorder=session)
    session.new_match(play.match, 0, [seat.level for seat in seats])
    return Controller(play, seats, on_event=on_event, viewer=0)


def drive(controller: Controller, undo_at: set[int]) -> tuple[int, int]:
    """Update ``controller`` with the fake clock until its match is over (events all
    shown); take the viewer's move back when the action count reaches one of
    ``undo_at``.  The number of frames and of undos."""
    frames = undos = 0
    while not controller.is_over:
        if frames >= MAX_FRAMES:
            raise RuntimeError(f"stuck after {frames} frames")
        before = controller.actions_applied
        controller.update(FRAME)
        frames += 1
        if controller.actions_applied != before and controller.actions_applied in undo_at:
            undo_at.discard(controller.actions_applied)
            undos += controller.undo()
        elif controller.thinking_seat is not None:
            time.sleep(0)  # let the AI's thread take the interpreter
    return frames, undos


def play_one(session: Session, rules: AnyRules, seed: int, undo: bool) -> Played:
    rng = random.Random(seed)
    events = 0

    def count(event: Event) -> float:
        nonlocal events
        events += 1
        return EVENT_TIME

    controller = new_controller(session, rules, seed, rng, count)
    undo_at = {rng.randrange(10, 200) for _ in range(3)} if undo else set()
    start, start_cpu = time.perf_counter(), time.process_time()
    try:
        _, undos = drive(controller, undo_at)
    finally:
        controller.close()
    seconds, cpu = time.perf_counter() - start, time.process_time() - start_cpu
    match = controller.match
    return Played(rules.game, len(match.actions), len(match.history), events, undos, seconds,
                  cpu)


def check_match(session: Session, rules: AnyRules, before: tuple[int, int],
                faulty: bool, played: Played) -> list[str]:
    """What went wrong with the match just played (nothing: an empty list)."""
    session.flush()
    storage = session.storage
    stats = storage.stats.of(rules.game, rules.players)
    problems = [key for key, _ in session.take_problems()]
    wrong = []
    if storage.has_match():
        wrong.append("its save was not removed")
    if stats.matches_played != before[0] + 1:
        wrong.append(f"counted {stats.matches_played - before[0]} times")
    deals = stats.deals_played - before[1]
    if deals != played.deals:
        wrong.append(f"{deals} deals counted for {played.deals} played")
    if faulty != ("storage.write_failed" in problems):
        wrong.append(f"problems {problems} on a {'full' if faulty else 'healthy'} disk")
    label = f"{played.game}-{rules.players} ({played.actions} actions)"
    return [f"{label}: {what}" for what in wrong]


def soak(matches: int, seed: int, fault_every: int, directory: Path,
         games: tuple[AnyRules, ...] = GAMES, check_every: int = CHECK_EVERY,
         progress: Callable[[str], None] = print) -> Soak:
    """Play ``matches`` matches cycling through ``games``, memory measured every
    ``check_every`` matches (tracemalloc must be tracing for the traced figures)."""
    result = Soak()
    result.memory.append(memory_now(0))
    with Session(Storage(directory)) as session:
        for index in range(matches):
            rules = games[index % len(games)]
            stats = session.storage.stats.of(rules.game, rules.players)
            before = (stats.matches_played, stats.deals_played)
            faulty = fault_every > 0 and index % fault_every == fault_every - 1
            result.faults += faulty
            try:
                if faulty:
                    with full_disk():
                        played = play_one(session, rules, seed + index, index % UNDO_EVERY == 3)
                        session.flush()
                else:
                    played = play_one(session, rules, seed + index, index % UNDO_EVERY == 3)
            except Exception as error:  # a soak reports every failure and goes on
                result.failures.append(f"match {index}: {type(error).__name__}: {error}")
                session.abandon()
                continue
            result.played.append(played)
            result.failures += check_match(session, rules, before, faulty, played)
            if (index + 1) % check_every == 0:
                result.memory.append(memory_now(index + 1))
                progress(memory_line(result.memory[-1]))
    if result.memory[-1].matches != matches:
        result.memory.append(memory_now(matches))
    return result


def memory_line(memory: Memory) -> str:
    return (f"after {memory.matches:4d} matches: traced {memory.traced / 1024:9.1f} KB, "
            f"RSS {memory.rss / 2**20:6.1f} MB, {memory.threads} threads")


def summary(result: Soak) -> dict[str, Any]:
    played = result.played
    first, last = played[:CHECK_EVERY], played[-CHECK_EVERY:]
    warm = next((m for m in result.memory if m.matches >= CHECK_EVERY), result.memory[0])
    end = result.memory[-1]
    return {
        "matches": len(played),
        "actions": sum(p.actions for p in played),
        "events": sum(p.events for p in played),
        "undos": sum(p.undos for p in played),
        "faults": result.faults,
        "failures": len(result.failures),
        "traced_start_kb": round(result.memory[0].traced / 1024, 1),
        "traced_warm_kb": round(warm.traced / 1024, 1),
        "traced_end_kb": round(end.traced / 1024, 1),
        "traced_growth_kb": round((end.traced - warm.traced) / 1024, 1),
        "growth_bound_kb": GROWTH_BOUND // 1024,
        "rss_start_mb": round(result.memory[0].rss / 2**20, 1),
        "rss_end_mb": round(end.rss / 2**20, 1),
        "threads_end": end.threads,
        "first_ms_per_match": round(1000 * statistics.mean(p.seconds for p in first), 1),
        "last_ms_per_match": round(1000 * statistics.mean(p.seconds for p in last), 1),
        "first_us_per_action": round(per_action(first, "seconds"), 1),
        "last_us_per_action": round(per_action(last, "seconds"), 1),
        "first_cpu_us_per_action": round(per_action(first, "cpu"), 1),
        "last_cpu_us_per_action": round(per_action(last, "cpu"), 1),
    }


def per_action(played: list[Played], clock: str) -> float:
    """Microseconds per action of ``clock`` ("seconds": wall, "cpu")."""
    total = sum(getattr(p, clock) for p in played)
    return 1e6 * float(total) / max(1, sum(p.actions for p in played))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fault-every", type=int, default=10,
                        help="every n-th match on a full disk (0: none)")
    args = parser.parse_args()
    tracemalloc.start()
    with tempfile.TemporaryDirectory(prefix="atout-soak-") as directory:
        result = soak(args.matches, args.seed, args.fault_every, Path(directory))
    figures = summary(result)
    for failure in result.failures:
        print("FAILURE", failure)
    print(f"{figures['matches']} matches, {figures['actions']} actions, "
          f"{figures['events']} events, {figures['undos']} undos, "
          f"{figures['faults']} on a full disk, {figures['failures']} failures")
    print(f"traced memory: start {figures['traced_start_kb']} KB, after {CHECK_EVERY} "
          f"{figures['traced_warm_kb']} KB, end {figures['traced_end_kb']} KB "
          f"(growth {figures['traced_growth_kb']} KB, bound {figures['growth_bound_kb']} KB)")
    print(f"RSS: start {figures['rss_start_mb']} MB, end {figures['rss_end_mb']} MB")
    print(f"time per match: first {CHECK_EVERY} {figures['first_ms_per_match']} ms, last "
          f"{CHECK_EVERY} {figures['last_ms_per_match']} ms; per action "
          f"{figures['first_us_per_action']} / {figures['last_us_per_action']} µs wall, "
          f"{figures['first_cpu_us_per_action']} / {figures['last_cpu_us_per_action']} µs CPU")
    print(json.dumps(figures))
    over_bound = figures["traced_growth_kb"] > figures["growth_bound_kb"]
    sys.exit(1 if result.failures or over_bound else 0)


if __name__ == "__main__":
    main()
