"""The end of a trick as a player reads it: the deal's last trick stays longer, and
with the setting each trick waits in the middle until the player clicks."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pytest

from game.engine.actions import TrickWon
from game.engine.protocol import Event
from game.engine.rules import BeloteRules, CoincheRules
from game.storage import Storage
from game.ui.app.app import App
from game.ui.app.smoke import click
from game.ui.table.animator import LAST_TRICK_PAUSE, TRICK_PAUSE
from tests.table_driver import DT, animate_at, play_to_score_sheet, run_until, start_table
from tests.words import tr


def test_each_trick_waits_for_a_click_with_the_setting(app: App) -> None:
    app.change_settings(collect_on_click=True)
    table = start_table(app, CoincheRules(), seed=8)
    run_until(app, table, lambda: table.held is not None)  # the first trick won
    applied = table.controller.actions_applied
    for _ in range(120):  # four seconds: nothing moves on by itself
        app.step(DT, [])
    assert table.held is not None and table.controller.actions_applied == applied
    assert table.message_text() == tr("table.collect")
    animate_at(app, 1.0)  # the collection as a player sees it
    app.step(DT, [])
    app.step(DT, click(app, (640, 300)))
    assert table.held is None
    assert any(flight.kind == "collect" for flight in table.flights)
    animate_at(app, 0.02)
    for _ in range(100):
        app.step(DT, [])
    assert table.controller.actions_applied > applied or table.controller.human_to_act


def test_the_last_trick_of_the_deal_stays_longer(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    table = start_table(app, BeloteRules(), seed=5)
    animate_at(app, 1.0)
    waits: list[float] = []
    show = table.animator.on_event

    def recording(event: Event, speed: float) -> float:
        wait = show(event, speed)
        if isinstance(event, TrickWon):
            waits.append(wait)
        return wait

    monkeypatch.setattr(table.animator, "on_event", recording)
    play_to_score_sheet(app, table, limit=4000)
    assert len(waits) == 8
    assert min(waits[-1:]) >= LAST_TRICK_PAUSE > max(waits[:-1]) >= TRICK_PAUSE


def test_the_setting_is_kept(tmp_path: Path) -> None:
    app = App(storage=Storage(tmp_path))
    assert not app.settings.collect_on_click  # off by default
    app.change_settings(collect_on_click=True)
    app.save_settings()
    assert Storage(tmp_path).settings.collect_on_click
    assert App(storage=Storage(tmp_path)).settings.collect_on_click
