"""Failures that used to go silent: a crash in the app's loop lost the saves queued at
that moment, a thread stopped for good on a callback's error.  Each test sets the
failure up and checks that nothing is lost and that the work goes on."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import subprocess
import sys
import time
from pathlib import Path
from typing import cast

import pytest

from game.advice import Between, Verdict
from game.coach import Analysis, CoachWorker, Remark
from game.engine.match import Match
from game.engine.protocol import Action
from game.engine.rules import CoincheRules
from game.session import Session
from game.storage import SavedMatch, Storage
from tests.coach_driver import play_first_deal
from tests.waiting import soon

ROOT = Path(__file__).resolve().parent.parent
LEVELS = ("", "debutant", "confirme", "debutant")
SLOW_SAVE = 0.3  # seconds each save takes: the saves are still queued at the crash


def slow_saves(storage: Storage, monkeypatch: pytest.MonkeyPatch) -> None:
    real = storage.save_match

    def slow(saved: SavedMatch) -> bool:
        time.sleep(SLOW_SAVE)
        return real(saved)

    monkeypatch.setattr(storage, "save_match", slow)


def a_few_actions(session: Session, seed: int = 3, actions: int = 3) -> Match:
    """A new match followed by ``session``, after ``actions`` actions told to it."""
    match, _ = Match.new(CoincheRules(), seed)
    session.new_match(match, 0, LEVELS)
    for _ in range(actions):
        match, _ = match.apply(match.legal_actions()[0])
        session.on_action(match)
    return match


def test_a_crash_inside_the_app_s_loop_loses_no_save(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.app.app import App
    from game.ui.stage.scene import Scene

    class Crashing(Scene):
        def update(self, dt: float) -> None:
            raise RuntimeError("a bug in a frame")

    storage = Storage(tmp_path)
    app = App(storage=storage)
    assert app.session is not None
    slow_saves(storage, monkeypatch)
    match = a_few_actions(app.session)
    app.push(Crashing(app))
    with pytest.raises(RuntimeError, match="a bug in a frame"):
        app.run()
    saved = Storage(tmp_path).load_match()  # at once: nothing waited for the writer
    assert saved is not None and saved.match.actions == match.actions


def test_saves_queued_when_the_program_exits_without_closing_are_written(
        tmp_path: Path) -> None:
    """A program that ends without ``close`` (an error before the loop, an exit from
    elsewhere): the writer still drains what was queued before the interpreter stops."""
    code = (
        "import sys, time\n"
        "from pathlib import Path\n"
        "from game.session import Session\n"
        "from game.storage import Storage\n"
        "from tests.test_reliability import a_few_actions, SLOW_SAVE\n"
        "storage = Storage(Path(sys.argv[1]))\n"
        "real = storage.save_match\n"
        "storage.save_match = lambda saved: time.sleep(SLOW_SAVE) or real(saved)\n"
        "match = a_few_actions(Session(storage))\n"
        "print(len(match.actions))\n"
        "sys.exit(0)  # no close\n"
    )
    run = subprocess.run([sys.executable, "-c", code, str(tmp_path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=60, check=False)
    assert run.returncode == 0, run.stderr
    saved = Storage(tmp_path).load_match()
    assert saved is not None and len(saved.match.actions) == int(run.stdout)


def first_choice(match: Match, seat: int) -> Action:
    return match.legal_actions()[0]


def test_a_report_that_raises_is_logged_and_the_coach_goes_on(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """``on_finished`` (the statistics) raised once: later analyses still finish."""
    def at_once(analysis: Analysis, between: Between = None) -> Remark:
        point = analysis.points[len(analysis.remarks)]  # no search: the worker is tested
        remark = Remark(point, cast(Verdict, None), None)
        analysis.remarks.append(remark)
        return remark

    monkeypatch.setattr(Analysis, "weigh_next", at_once)
    reported: list[Analysis] = []

    def report(_: Match, analysis: Analysis) -> None:
        reported.append(analysis)
        if len(reported) == 1:
            raise RuntimeError("the statistics failed")

    worker = CoachWorker(report)
    try:
        first = worker.open(play_first_deal(CoincheRules(), 3, first_choice), 0, 0)
        assert soon(lambda: len(reported) == 1, 10) and first.done
        second = worker.open(play_first_deal(CoincheRules(), 4, first_choice), 0, 0)
        assert worker.wait_idle(10) and second.done
        assert soon(lambda: reported == [first, second], 10)
    finally:
        worker.close()
    assert "the statistics failed" in caplog.text
