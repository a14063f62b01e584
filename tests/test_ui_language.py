"""``--lang`` wins over the stored language for the run it starts, and is not saved: the
stored setting changes only when the player picks a language in the settings."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import main
from game.i18n import language, tr
from game.storage import Storage
from game.storage.settings import Settings
from game.ui.app.app import App
from game.ui.app.smoke import click
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.settings import SettingsScene
from tests.table_driver import DT


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The app's data folder for this test, on a system whose locale says English."""
    monkeypatch.setenv("ATOUT_DATA_DIR", str(tmp_path))
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    return tmp_path


def stored_language(data: Path, setting: str) -> None:
    Storage(data).save_settings(Settings(language=setting))


def launched(*argv: str) -> Iterator[App]:
    app = main.open_app(main.parse_args(list(argv)))
    app.step(DT, [])
    yield app
    app.close()


def menu_texts(app: App) -> list[str]:
    menu = app.top
    assert isinstance(menu, MenuScene)
    return [button.label() for button in menu.buttons]


@pytest.mark.parametrize(("stored", "asked"), [("auto", "fr"), ("fr", "en"), ("en", "fr")])
def test_the_command_line_language_wins_for_the_run(data: Path, stored: str, asked: str) -> None:
    stored_language(data, stored)
    for app in launched("--lang", asked):
        assert language() == asked
        assert tr("menu.new_game") in menu_texts(app)
        app.save_settings()  # as the settings screen or F11 would
    assert json.loads((data / "settings.json").read_text())["language"] == stored


def test_without_the_command_line_the_stored_language_shows(data: Path) -> None:
    stored_language(data, "fr")
    for _ in launched():
        assert language() == "fr"


def test_picking_a_language_in_the_settings_replaces_the_command_lines(data: Path) -> None:
    stored_language(data, "auto")
    for app in launched("--lang", "fr"):
        app.go("settings")
        app.step(DT, [])
        settings = app.top
        assert isinstance(settings, SettingsScene)
        language_button = settings.rows[0][1]
        assert language_button.label() == tr("language.fr")  # what this run shows
        app.step(DT, click(app, language_button.rect.center))  # French -> English
        assert language() == "en" and language_button.label() == tr("language.en")
        app.save_settings()
    assert json.loads((data / "settings.json").read_text())["language"] == "en"
