"""A match is the player's: nothing abandons it without asking, and an abandoned match
and every undo are counted in the statistics.  Headless, with real clicks."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

from game.engine.rules import BeloteRules, CoincheRules
from game.storage import Storage
from game.ui.app.app import App
from game.ui.app.smoke import click
from game.ui.scenes.dialog import ConfirmDialog
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.setup import SetupScene
from game.ui.table.scene import TableScene
from tests.table_driver import DT, human_turn, run_until_human, start_table
from tests.words import tr


def menu_app(tmp_path: Path) -> tuple[App, MenuScene]:
    app = App(storage=Storage(tmp_path))
    menu = MenuScene(app)
    app.push(menu)
    app.step(DT, [])
    return app, menu


def play_a_little(app: App, menu: MenuScene) -> TableScene:
    """A coinche match from the menu, a few of the human's moves into it."""
    table = start_table(app, CoincheRules(), seed=8)  # over the menu
    for _ in range(3):
        run_until_human(app, table)
        human_turn(app, table)
    return table


def new_game_from_setup(app: App, menu: MenuScene) -> None:
    app.step(DT, click(app, menu.buttons[0].rect.center))  # New game
    app.step(DT, [])
    setup = app.top
    assert isinstance(setup, SetupScene)
    start = next(b for b in setup.buttons if b.label() == tr("setup.start"))
    app.step(DT, click(app, start.rect.center))
    app.step(DT, [])


def test_a_new_game_asks_before_abandoning_and_continue_goes_back(tmp_path: Path) -> None:
    app, menu = menu_app(tmp_path)
    table = play_a_little(app, menu)
    app.pop_to(MenuScene)
    played = table.controller.match.actions
    new_game_from_setup(app, menu)
    dialog = app.top
    assert isinstance(dialog, ConfirmDialog)
    assert dialog.no.label() == tr("menu.keep_playing")
    assert app.session is not None and app.session.flush(5)
    saved = Storage(tmp_path).load_match()
    assert saved is not None and saved.match.actions == played  # nothing replaced yet
    app.step(DT, click(app, dialog.no.rect.center))  # Continue the match
    app.step(DT, [])
    assert app.top is table and app.host.controller is table.controller
    assert Storage(tmp_path).stats.of("coinche", 4).matches_abandoned == 0
    table.dispose()
    app.close()


def test_abandon_starts_the_new_match_and_counts_the_old_one(tmp_path: Path) -> None:
    app, menu = menu_app(tmp_path)
    table = play_a_little(app, menu)
    app.pop_to(MenuScene)
    new_game_from_setup(app, menu)
    dialog = app.top
    assert isinstance(dialog, ConfirmDialog)
    app.step(DT, click(app, dialog.yes.rect.center))  # Abandon
    app.step(DT, [])
    new = app.top
    assert isinstance(new, TableScene) and new is not table
    assert app.host.controller is new.controller
    assert app.session is not None and app.session.flush(5)
    assert Storage(tmp_path).stats.of("coinche", 4).matches_abandoned == 1
    new.dispose()
    app.close()


def test_a_match_saved_by_an_earlier_session_is_counted_when_abandoned(
    tmp_path: Path
) -> None:
    app, menu = menu_app(tmp_path)
    play_a_little(app, menu).dispose()
    app.close()
    again, menu = menu_app(tmp_path)
    assert menu.can_continue
    new_game_from_setup(again, menu)
    dialog = again.top
    assert isinstance(dialog, ConfirmDialog)
    again.step(DT, click(again, dialog.yes.rect.center))
    again.step(DT, [])
    assert again.session is not None and again.session.flush(5)
    assert Storage(tmp_path).stats.of("coinche", 4).matches_abandoned == 1
    assert isinstance(again.top, TableScene)
    again.top.dispose()
    again.close()


def test_with_no_match_in_progress_a_new_game_starts_at_once(tmp_path: Path) -> None:
    app, menu = menu_app(tmp_path)
    assert not menu.can_continue
    new_game_from_setup(app, menu)
    assert isinstance(app.top, TableScene)
    app.top.dispose()
    app.close()


def test_every_undo_is_counted(tmp_path: Path) -> None:
    app, _menu = menu_app(tmp_path)
    table = start_table(app, BeloteRules(), seed=8)
    for _ in range(2):
        run_until_human(app, table)
        human_turn(app, table)
        run_until_human(app, table)
        app.step(DT, click(app, table.undo_button.rect.center))
    assert app.session is not None and app.session.flush(5)
    assert Storage(tmp_path).stats.of("belote", 4).undos == 2
    table.dispose()
    app.close()


def test_a_truncated_save_disables_continue_from_the_first_frame(tmp_path: Path) -> None:
    (tmp_path / "match.json").write_text('{"version": 1, "match": {"version": 1, "rul')
    app, menu = menu_app(tmp_path)
    assert not menu.continue_button.enabled
    assert menu.problems and "match" in menu.problems[0] and "default" not in menu.problems[0]
    app.close()


def test_review_the_last_deal_still_works_after_play_this_deal_again(tmp_path: Path) -> None:
    from game.ui.scenes.replay import ReplayScene
    from game.ui.scenes.scoresheet import ScoreSheet
    from tests.table_driver import play_again_confirmed, play_to_score_sheet

    app, menu = menu_app(tmp_path)
    table = start_table(app, CoincheRules(), seed=8)  # over the menu
    play_to_score_sheet(app, table)
    sheet = app.top
    assert isinstance(sheet, ScoreSheet) and table.model.record is not None
    played = table.model.record.seed
    again = play_again_confirmed(app, sheet)
    assert again is not table
    app.pop_to(MenuScene)
    app.step(DT, [])
    assert menu.review_button.enabled
    app.step(DT, click(app, menu.review_button.rect.center))
    app.step(DT, [])
    replay = app.top
    assert isinstance(replay, ReplayScene) and replay.story.seed == played
    again.dispose()
    app.close()
