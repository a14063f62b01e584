"""The screens around the table from the keyboard: the new-game screen, the score sheet,
the statistics and the lessons ring every button they show with the arrows or Tab, and
Enter or Space presses the ringed one; digits type the deal number.  Headless, real key
events, a fixed dt."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.engine.games import GAMES
from game.engine.rules import BeloteRules, TarotRules
from game.lessons.catalogue import LESSONS
from game.ui.app.app import App
from game.ui.kit.widgets import Button, KeyboardFocus
from game.ui.scenes.lessons import LessonsScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.scoresheet import ScoreSheet
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.stats import StatsScene
from game.ui.table.scene import TableScene
from tests.keyboard_driver import key, press
from tests.table_driver import DT, play_to_score_sheet, start_table


def opened(app: App, scene: SetupScene | StatsScene | LessonsScene) -> None:
    menu = MenuScene(app)
    app.replace(menu)
    app.push(scene)
    app.step(DT, [])


def ringed(focus: KeyboardFocus) -> Button:
    assert focus.index is not None
    button = focus.buttons[focus.index]
    assert button.focused and [b.focused for b in focus.buttons].count(True) == 1
    return button


def ring_of(app: App, focus: KeyboardFocus) -> list[Button]:
    """Tab once round the ring (a button off is passed over): the buttons in the order
    the keyboard reaches them."""
    seen: list[Button] = []
    for _ in range(sum(button.enabled for button in focus.buttons)):
        press(app, pygame.K_TAB)
        seen.append(ringed(focus))
    return seen


def test_tab_rings_every_button_of_the_new_game_screen(app: App) -> None:
    setup = SetupScene(app)
    opened(app, setup)
    rows = [row.button for row in setup.rows]
    *left, back, start = setup.buttons
    reading = [b for b in [*left, *rows, back, start] if b.enabled]  # "last" is off: none
    assert len(reading) == len(left) + len(rows) + 1
    assert ring_of(app, setup.focus) == reading
    press(app, pygame.K_TAB)
    assert ringed(setup.focus) is left[0]  # round again
    app.step(DT, [key(pygame.K_TAB, pygame.KMOD_SHIFT)])
    assert ringed(setup.focus) is start


def test_the_new_game_screen_is_set_from_the_keyboard(app: App) -> None:
    """→ to Tarot, Enter: tarot; the ring stays on Tarot though every button was made
    again; ↓ to the players, Enter on 5: five players; Enter keeps the ring there."""
    setup = SetupScene(app)
    opened(app, setup)
    tarot = list(GAMES).index("tarot")
    press(app, *[pygame.K_RIGHT] * (tarot + 1), pygame.K_RETURN)
    assert isinstance(setup.rules, TarotRules)
    assert ringed(setup.focus).label() == app.texts.tr("game.tarot")
    press(app, *[pygame.K_DOWN] * (len(GAMES) - tarot))  # past the games: 3, 4, 5
    press(app, pygame.K_DOWN, pygame.K_DOWN, pygame.K_SPACE)
    assert setup.rules.players == 5 and ringed(setup.focus).label() == "5"


def test_digits_type_the_deal_number_and_enter_deals_it(app: App) -> None:
    setup = SetupScene(app)
    opened(app, setup)
    press(app, pygame.K_TAB)
    app.step(DT, [key(pygame.K_0 + d, unicode=str(d)) for d in (4, 2)])
    assert setup.deal_field.focused and setup.deal_field.text == "42"
    assert setup.focus.index is None  # the field has the keyboard, no button is ringed
    press(app, pygame.K_TAB)  # out of the field: the ring again
    assert not setup.deal_field.focused
    press(app, pygame.K_TAB)
    assert ringed(setup.focus) is setup.buttons[0]
    app.step(DT, [key(pygame.K_7, unicode="7")])
    press(app, pygame.K_RETURN)
    app.step(DT, [])
    table = app.top
    assert isinstance(table, TableScene) and table.controller.match.first_deal == 427


def test_tab_rings_the_score_sheets_buttons(app: App) -> None:
    """Enter alone: the next deal; Tab to "Review the deal", Enter: the review."""
    table = start_table(app, BeloteRules(players=2), seed=2)
    play_to_score_sheet(app, table)
    sheet = app.top
    assert isinstance(sheet, ScoreSheet)
    assert ring_of(app, sheet.focus) == sheet.buttons  # review, next, play again
    press(app, pygame.K_TAB)
    assert ringed(sheet.focus) is sheet.review_button
    press(app, pygame.K_RETURN)
    app.step(DT, [])
    assert isinstance(app.top, ReplayScene)


def test_enter_alone_on_the_score_sheet_deals_the_next_deal(app: App) -> None:
    table = start_table(app, BeloteRules(players=2), seed=2)
    play_to_score_sheet(app, table)
    deals = len(table.controller.match.history)
    press(app, pygame.K_RETURN)
    app.step(DT, [])
    assert app.top is table and table.model.deal_number == deals + 1


def test_tab_rings_the_statistics_tabs(app: App) -> None:
    stats = StatsScene(app)
    opened(app, stats)
    assert not stats.reset_button.enabled  # nothing to reset yet: passed over
    assert ring_of(app, stats.focus) == [*stats.tabs, stats.progress_button, stats.back]
    press(app, pygame.K_TAB, pygame.K_RETURN)  # the first tab
    assert stats.tab == 0
    press(app, pygame.K_LEFT, pygame.K_LEFT, pygame.K_RETURN)  # the progress chart
    assert stats.showing_progress
    press(app, pygame.K_RIGHT, pygame.K_RETURN)  # Back
    app.step(DT, [])
    assert isinstance(app.top, MenuScene)


def test_a_lesson_is_opened_from_the_keyboard(app: App) -> None:
    lessons = LessonsScene(app)
    opened(app, lessons)
    assert ring_of(app, lessons.focus) == [*lessons.play_buttons, lessons.back]  # none begun
    press(app, pygame.K_TAB, pygame.K_DOWN, pygame.K_RETURN)
    app.step(DT, [])
    table = app.top
    assert isinstance(table, TableScene) and table.lesson is not None
    assert table.lesson.lesson is LESSONS[1]
