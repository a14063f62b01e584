"""Kill -9 and continue: a driver process plays a computer-only match through ``Session``
(saving after every action); it is killed with SIGKILL at random moments and started
again from its save.  After every kill the save loads, holds at least every action the
driver said was on disk, and is exactly the uninterrupted match's beginning; the match
then goes on to the same end, and no deal or match is counted twice in the statistics."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from game.engine.match import AnyRules, Match
from game.storage import Storage
from game.storage.atomic import TEMP_SUFFIX
from tests.kill_driver import play_to_end, rules_for

ROOT = Path(__file__).resolve().parent.parent
MAX_DELAY = 0.03  # seconds a driver plays on before the kill (its saves: every 5 to 15 ms)
KILLS = int(os.environ.get("ATOUT_KILLS", "6"))  # per game in the slow sweep
WATCHDOG = 60.0  # seconds after which a silent driver is killed (and the test fails)

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX only")


@dataclass
class Run:
    saved: int  # the most actions the driver said were on disk
    over: bool  # the driver finished the match


def driver(mode: str, data_dir: Path, game: str, players: int, seed: int) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "tests.kill_driver", mode, str(data_dir), game,
               str(players), str(seed)]
    return subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)


def read_run(lines: list[str]) -> Run:
    saved = [int(line.split()[1]) for line in lines if line.startswith("saved ")]
    return Run(max(saved, default=-1), "over" in lines)


def kill_after_progress(process: subprocess.Popen[str], saved: int, delay: float) -> Run:
    """Let the driver say ``saved`` actions are on disk, play ``delay`` seconds more (a
    random moment within the next saves), and kill it."""
    assert process.stdout is not None
    watchdog = threading.Timer(WATCHDOG, process.kill)
    watchdog.start()
    try:
        lines: list[str] = []
        while read_run(lines).saved < saved and not read_run(lines).over:
            line = process.stdout.readline()
            assert line, "the driver stopped before the kill"
            lines.append(line.strip())
        time.sleep(delay)
        os.kill(process.pid, signal.SIGKILL)
        lines.extend(process.stdout.read().splitlines())
        process.wait()
    finally:
        watchdog.cancel()
        process.stdout.close()
    return read_run(lines)


def check_save(data_dir: Path, rules: AnyRules, reference: Match, saved: int) -> int:
    """The save after a kill: it loads without a problem, holds at least ``saved``
    actions, and is the uninterrupted match's beginning, state for state."""
    storage = Storage(data_dir)
    assert storage.problems == []
    loaded = storage.load_match()
    assert loaded is not None
    match = loaded.match
    played = len(match.actions)
    assert played >= saved
    assert match.actions == reference.actions[:played]
    fresh = Match.replay(rules, reference.seed, reference.actions[:played])
    assert (match.number, match.dealer, match.totals, match.history) == (
        fresh.number, fresh.dealer, fresh.totals, fresh.history)
    for seat in range(rules.players):
        assert match.view(seat) == fresh.view(seat)
    return played


def kill_and_resume(
    data_dir: Path, game: str, players: int, seed: int, kills: int
) -> tuple[Match, int]:
    """Play the match with up to ``kills`` kills, then to its end; the uninterrupted
    match and the number of kills that landed before the end."""
    rules = rules_for(game, players)
    reference = play_to_end(Match.new(rules, seed)[0])
    chooser = random.Random(seed)
    step = len(reference.actions) // (kills + 1)
    landed = played = 0
    mode = "new"
    for _ in range(kills):
        process = driver(mode, data_dir, game, players, seed)
        run = kill_after_progress(process, played + chooser.randint(1, step),
                                  chooser.uniform(0.0, MAX_DELAY))
        if run.over or not Storage(data_dir).has_match():
            break
        landed += 1
        played = check_save(data_dir, rules, reference, run.saved)
        print(f"kill {landed}: {run.saved} actions said saved, {played} in the save, "
              f"{len(reference.actions)} in the match")
        mode = "continue"
    finish = driver(mode, data_dir, game, players, seed) if landed else None
    if finish is not None:
        out, _ = finish.communicate(timeout=WATCHDOG)
        assert finish.returncode == 0 and out.split()[-1] == "over"
    return reference, landed


def check_counted_at_most_once(data_dir: Path, game: str, reference: Match, kills: int) -> None:
    storage = Storage(data_dir)
    stats = storage.stats.of(game, reference.players)
    deals = len(reference.history)
    # A kill may lose the count of the deal (or match) it interrupted, never add one.
    assert deals - kills <= stats.deals_played <= deals
    assert stats.matches_played <= 1
    if stats.matches_played:  # the resumed match ended as the uninterrupted one
        assert stats.best_match_score == reference.totals[0]
    assert not storage.has_match()
    assert not list(data_dir.glob(f"*{TEMP_SUFFIX}"))


def test_a_killed_match_resumes_from_its_last_save(tmp_path: Path) -> None:
    reference, landed = kill_and_resume(tmp_path, "coinche", 4, 11, kills=4)
    assert landed >= 3  # the kills did interrupt the match
    check_counted_at_most_once(tmp_path, "coinche", reference, landed)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), [
    ("belote", 4), ("belote", 3), ("belote", 2), ("coinche", 4),
    ("tarot", 3), ("tarot", 4), ("tarot", 5),
])
def test_every_game_survives_many_kills(tmp_path: Path, game: str, players: int) -> None:
    reference, landed = kill_and_resume(tmp_path, game, players, 100 + players, kills=KILLS)
    assert landed >= KILLS * 2 // 3
    check_counted_at_most_once(tmp_path, game, reference, landed)
