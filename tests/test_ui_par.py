"""The par at the table, with real events: the score sheet says the Expert is replaying
the deal, then shows the player's margin beside the Expert's; the score pad keeps it per
deal, and it comes back with the match after a restart.  Headless."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import threading
from pathlib import Path

import pygame
import pytest

import game.par
from game.engine.rules import CoincheRules
from game.par import Par
from game.storage import Storage
from game.ui.app.app import App
from game.ui.app.smoke import click
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.scorepad import ScorePad
from game.ui.scenes.scoresheet import ScoreSheet
from game.ui.table.scene import TableScene
from tests.table_driver import DT, play_to_score_sheet, run_until_human, start_table
from tests.words import tr


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")


def menu_app(tmp_path: Path) -> App:
    app = App(storage=Storage(tmp_path))
    app.push(MenuScene(app))
    app.step(DT, [])
    return app


def test_the_sheet_says_the_par_is_computed_then_shows_it_and_it_survives_a_restart(
    tmp_path: Path, texts_drawn: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    computing = threading.Event()  # the replay waits until the sheet was seen
    replay = game.par.ParProcess.margin

    def held(*args: object) -> float:
        computing.wait(60)
        return replay(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(game.par.ParProcess, "margin", held)
    app = menu_app(tmp_path)
    table = start_table(app, CoincheRules(), seed=8)
    play_to_score_sheet(app, table, limit=3000)
    app.step(DT, [])
    assert isinstance(app.top, ScoreSheet)
    assert "The Expert is replaying this deal in your seat…" in texts_drawn
    computing.set()
    assert app.session is not None and app.session.wait_for_pars(120)
    texts_drawn.clear()
    app.step(DT, [])
    match = table.controller.match
    par = app.host.par(match, 0)
    assert isinstance(par, Par)
    us, them = match.history[0].result.scores
    assert par.player == us - them
    sentence = f"You {us - them:+d} · the Expert in your seat {par.expert:+.0f}"
    assert sentence.replace("-", "−") in texts_drawn
    assert tr("sheet.par_note") in texts_drawn

    app.step(DT, [key(pygame.K_s)])  # the score pad: the deal's difference with the par
    app.step(DT, [])
    pad = app.top
    assert isinstance(pad, ScorePad)
    difference = f"{par.difference:+.0f}".replace("-", "−") if par.difference else "0"
    assert difference in texts_drawn
    app.step(DT, [key(pygame.K_ESCAPE)])
    app.step(DT, [key(pygame.K_RETURN)])  # the next deal: the match is saved with its par
    run_until_human(app, table)
    assert app.session.flush(30)
    table.dispose()
    app.close()

    second = menu_app(tmp_path)
    menu = second.top
    assert isinstance(menu, MenuScene) and menu.can_continue
    second.step(DT, click(second, menu.continue_button.rect.center))
    second.step(DT, [])
    resumed = second.top
    assert isinstance(resumed, TableScene)
    assert second.host.par(resumed.controller.match, 0) == par  # read, not computed again
    texts_drawn.clear()
    second.step(DT, [key(pygame.K_s)])
    second.step(DT, [])
    assert isinstance(second.top, ScorePad) and difference in texts_drawn
    stats = second.storage.stats.of("coinche", 4) if second.storage else None
    assert stats is not None and stats.par_differences == [par.difference]
    resumed.dispose()
    second.close()
