"""``--lang`` wins over the stored language for the run it starts, and is not saved: the
stored setting changes only when the player picks a language in the settings."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import main
from game.i18n import Texts
from game.storage import Storage
from game.storage.settings import Settings
from game.ui.app.app import App
from game.ui.app.smoke import click
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.settings import SettingsScene
from tests.table_driver import DT
from tests.words import ENGLISH, FRENCH


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
        assert app.texts.language == asked
        assert Texts(asked).tr("menu.new_game") in menu_texts(app)
        app.save_settings()  # as the settings screen or F11 would
    assert json.loads((data / "settings.json").read_text())["language"] == stored


def test_without_the_command_line_the_stored_language_shows(data: Path) -> None:
    stored_language(data, "fr")
    for app in launched():
        assert app.texts.language == "fr"


def test_picking_a_language_in_the_settings_replaces_the_command_lines(data: Path) -> None:
    stored_language(data, "auto")
    for app in launched("--lang", "fr"):
        app.go("settings")
        app.step(DT, [])
        settings = app.top
        assert isinstance(settings, SettingsScene)
        language_button = settings.rows[0][1]
        assert language_button.label() == FRENCH.tr("language.fr")  # what this run shows
        app.step(DT, click(app, language_button.rect.center))  # French -> English
        assert app.texts.language == "en"
        assert language_button.label() == ENGLISH.tr("language.en")
        app.save_settings()
    assert json.loads((data / "settings.json").read_text())["language"] == "en"


# --- each app its own language ----------------------------------------------------------------


def test_two_apps_in_one_process_each_show_their_own_language() -> None:
    """The language hangs on the app: a French and an English app side by side each
    show their own words, on the menu and at the table, the court letters included."""
    from game.engine.rules import TarotRules
    from game.ui.table.scene import TableScene
    from tests.table_driver import start_table

    french, english = App(Settings(language="fr")), App(Settings(language="en"))
    tables: list[TableScene] = []
    try:
        for app in (french, english):
            app.push(MenuScene(app))
            app.step(DT, [])
        assert FRENCH.tr("menu.new_game") in menu_texts(french)
        assert ENGLISH.tr("menu.new_game") in menu_texts(english)
        tables = [start_table(app, TarotRules(players=4, deals=8), seed=2)
                  for app in (french, english)]
        assert [table.score.title() for table in tables] == [
            "Score (donne 1/8)", "Score (deal 1/8)"]
        assert [table.hint_button.label() for table in tables] == [
            FRENCH.tr("table.hint"), ENGLISH.tr("table.hint")]
        assert french.assets.card_face("QS", 100) is not english.assets.card_face("QS", 100)
    finally:
        for table in tables:
            table.dispose()
        for app in (french, english):
            app.host.close()


def test_changing_the_language_in_the_settings_changes_what_the_table_shows(
    app: App, texts_drawn: list[str]
) -> None:
    """The table made in English, then French picked in the settings over it: back at
    the table, its parts (built with the app's words) speak French."""
    from game.engine.rules import TarotRules
    from tests.table_driver import start_table

    table = start_table(app, TarotRules(players=4, deals=8), seed=2)
    assert table.score.title() == "Score (deal 1/8)"
    app.go("settings")
    app.step(DT, [])
    settings = app.top
    assert isinstance(settings, SettingsScene)
    language_button = settings.rows[0][1]
    while app.texts.language != "fr":
        app.step(DT, click(app, language_button.rect.center))
    app.step(DT, click(app, settings.back.rect.center))
    app.step(DT, [])
    assert app.top is table
    texts_drawn.clear()
    app.step(DT, [])
    assert "Score (donne 1/8)" in texts_drawn
    assert FRENCH.tr("table.hint") in texts_drawn and ENGLISH.tr("table.hint") not in texts_drawn
