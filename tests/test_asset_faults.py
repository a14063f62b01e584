"""Missing and damaged sprites and sounds, through the whole app: no traceback, each
problem said once on the menu, drawn stand-ins at the table, ``--smoke`` exits 0."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.engine.rules import BeloteRules, TarotRules
from game.resources import ENV_RESOURCE_DIR, resource_root
from game.storage import Storage
from game.ui.app.app import App
from game.ui.app.smoke import click, play_deals
from game.ui.kit.assets import FELT_GREEN, draw_fallback_face
from game.ui.scenes.menu import MenuScene
from tests.words import tr

ROOT = Path(__file__).resolve().parent.parent
DT = 1 / 30
MISSING = ("sprites/cards/AH.png", "sprites/felt.png", "sprites/back_blue.png",
           "sprites/tarot/A21.png", "sounds/bid.wav")
GARBAGE = {
    "sprites/cards/TS.png": b"not a png at all",
    "sprites/icon.png": b"\x89PNG\r\n\x1a\n" + b"\x00" * 40,  # a PNG cut short
    "sprites/suit_H.png": b"",
    "sprites/tarot/EXC.png": bytes(range(256)) * 4,
    "sounds/card_play.wav": b"RIFF" + b"\xff" * 64,
}


@pytest.fixture
def damaged(tmp_path: Path) -> Path:
    """A copy of the game's sprites/ and sounds/ with some files gone, some garbage."""
    root = tmp_path / "resources"
    for folder in ("sprites", "sounds"):
        shutil.copytree(ROOT / folder, root / folder)
    for relative in MISSING:
        (root / relative).unlink()
    for relative, data in GARBAGE.items():
        (root / relative).write_bytes(data)
    return root


@pytest.fixture
def app_on(damaged: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """The app as main.py starts it, its resources read from ``damaged``."""
    monkeypatch.setenv(ENV_RESOURCE_DIR, str(damaged))
    app = App(storage=Storage(tmp_path / "data"))
    app.preload_assets()
    app.push(MenuScene(app))
    app.step(DT, [])
    yield app
    app.close()


def expected_problems() -> set[str]:
    """The files reported: a garbage sound is only found out when a mixer can open it."""
    sounds_load = bool(pygame.mixer.get_init())
    garbage = [f for f in GARBAGE if sounds_load or not f.startswith("sounds/")]
    return {f"missing file {f}" for f in MISSING} | {f"unreadable file {f}" for f in garbage}


def shown_problem(logged: str) -> str:
    """The menu's line (in the player's language) for a problem as the log words it."""
    words, _, relative = logged.rpartition(" ")
    key = "assets.missing" if words == "missing file" else "assets.unreadable"
    return tr(key, file=relative)


def test_the_resource_folder_can_be_overridden(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_RESOURCE_DIR, str(tmp_path))
    assert resource_root() == tmp_path
    monkeypatch.setenv(ENV_RESOURCE_DIR, "")
    assert resource_root() == ROOT


def test_the_menu_says_each_problem_once(app_on: App) -> None:
    menu = app_on.top
    assert isinstance(menu, MenuScene)
    shown = set(menu.problems)
    assert shown == {shown_problem(line) for line in expected_problems()}
    assert len(menu.problems) == len(shown)
    app_on.step(DT, click(app_on, (20, 700)))  # a click anywhere dismisses them
    for _ in range(3):
        app_on.step(DT, [])
    assert menu.problems == []


def test_stand_ins_are_drawn_and_the_deals_are_played(app_on: App) -> None:
    menu = app_on.top
    assert isinstance(menu, MenuScene)
    assert app_on.screen.get_at((8, 700))[:3] == FELT_GREEN  # the plain felt
    face = app_on.assets.card_face("AH", 100)
    drawn = draw_fallback_face("AH", "32", 100, "en")
    assert [face.get_at((x, 40)) for x in range(0, 100, 7)] == \
        [drawn.get_at((x, 40)) for x in range(0, 100, 7)]
    for rules in (BeloteRules(), TarotRules(players=3)):
        _, scored = play_deals(app_on, rules, 1, seed=4)
        assert scored == 1
    assert app_on.top is menu
    assert {p.split(" (")[0] for p in app_on.assets.problems} == expected_problems()


def test_an_empty_resource_folder_still_plays(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_RESOURCE_DIR, str(tmp_path / "nothing"))
    app = App()
    app.preload_assets()
    app.push(MenuScene(app))
    app.step(DT, [])
    menu = app.top
    assert isinstance(menu, MenuScene)
    assert len(menu.problems) > 100  # every card, back, icon and sound
    _, scored = play_deals(app, BeloteRules(players=2), 1, seed=2)
    assert scored == 1


def test_smoke_run_with_damaged_files_exits_zero_without_a_traceback(
        damaged: Path, tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           ENV_RESOURCE_DIR: str(damaged), "ATOUT_DATA_DIR": str(tmp_path / "data"),
           "HOME": str(tmp_path), "XDG_STATE_HOME": str(tmp_path)}
    run = subprocess.run([sys.executable, str(ROOT / "main.py"), "--smoke", "1"], env=env,
                         capture_output=True, text=True, timeout=180, check=False)
    output = run.stdout + run.stderr
    assert run.returncode == 0, output
    assert "Traceback" not in output
    assert "deals scored" in run.stdout
    log = (tmp_path / "data" / "logs" / "atout.log").read_text(encoding="utf-8")
    for relative in MISSING:
        assert log.count(f"asset problem: missing file {relative}") <= 1
    assert "asset problem: missing file sprites/cards/AH.png" in output + log


def test_the_menu_shows_before_the_cards_are_loaded_and_reports_them_after(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """main.py's start: the first frame comes before any card is read; the loading goes
    on a few files per frame, and every missing one still reaches the menu."""
    monkeypatch.setenv(ENV_RESOURCE_DIR, str(tmp_path / "nothing"))
    app = App()
    menu = MenuScene(app)
    app.push(menu)
    app.start_preloading()
    app.step(DT, [])
    assert app.frames == 1 and app.preloading
    cards = [p for p in app.assets.problems if "sprites/cards/" in p]
    assert len(cards) < 16  # a frame's share of the 32 faces (and the icon's), not all
    for _ in range(40):
        app.step(DT, [])
    assert not app.preloading
    assert len(menu.problems) > 100  # every card, back, icon and sound, once loaded
