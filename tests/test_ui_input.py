"""Input that can never cost a card: a click meant for an animation only ends it, new
choices ignore clicks for a moment after they appear, Enter plays the hinted card, and
Escape or Menu leave the score sheet.  Headless, with real pygame events and a fixed dt
(no wall clock)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


import pygame
import pytest

from game.engine.actions import Pass
from game.engine.rules import CoincheRules
from game.ui.app.app import App
from game.ui.app.smoke import click
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.scoresheet import ScoreSheet
from game.ui.table.bidding import PANEL_RECT
from game.ui.table.input import SETTLE
from game.ui.table.scene import TableScene
from tests.table_driver import (
    DT,
    animate_at,
    human_turn,
    play_to_score_sheet,
    run_until_human,
    see_the_sheet,
    start_table,
    to_card_play,
    wait_for_hint,
)


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")


def until_asked(app: App, table: TableScene) -> None:
    """Step to the first frame where the player is asked (his choices just shown)."""
    for _ in range(3000):
        if table.controller.human_to_act and not table.tweens.busy:
            return
        table.controller.wait_for_computer(DT)
        app.step(DT, [])
    raise AssertionError("the player was never asked")


def pass_button(table: TableScene) -> pygame.Rect:
    return next(b.rect for b in table.bid_panel.buttons if b.label() == "Pass")


def test_a_click_on_a_button_that_just_appeared_is_ignored(app: App) -> None:
    table = start_table(app, CoincheRules(), seed=3)
    until_asked(app, table)
    assert Pass() in table.controller.human_legal()
    before = table.controller.actions_applied
    app.step(DT, click(app, pass_button(table).center))  # the panel has just appeared
    assert table.controller.actions_applied == before
    for _ in range(round(SETTLE / DT) + 1):
        app.step(DT, [])
    app.step(DT, click(app, pass_button(table).center))
    assert table.controller.actions_applied == before + 1


CLICK_EVERY = 10  # frames of DT (1/30 s): three clicks a second


@pytest.mark.parametrize("phase", range(0, CLICK_EVERY, 3))
def test_a_steady_clicker_never_bids_by_accident(app: App, phase: int) -> None:
    """Clicking three times a second where "Pass" appears, from the deal on, through
    the computers' bids and the panel's appearance: no click passes for the player,
    whatever the rhythm's phase; once he stops and looks, his click is taken."""
    table = start_table(app, CoincheRules(), seed=3)
    animate_at(app, 1.0)  # the deal and the bids as a player sees them
    where = (PANEL_RECT.x + 20 + 85, PANEL_RECT.y + 190 + 25)  # Pass, when shown
    shown = 0
    for frame in range(phase, phase + 12 * 30):  # twelve seconds of clicks
        table.controller.wait_for_computer(DT)
        clicks = click(app, where) if frame % CLICK_EVERY == 0 else []
        asked, before = table.controller.human_to_act, actions(table)
        shown += bool(clicks) and asked and table.bid_panel.visible
        app.step(DT, clicks)
        assert not asked or actions(table) == before, f"a click bid at frame {frame}"
    assert shown >= 20  # the panel was there, and clicked, most of the time
    assert table.controller.human_to_act and Pass() in table.controller.human_legal()
    before = actions(table)
    for _ in range(round(SETTLE / DT) + 1):  # he stops and reads
        app.step(DT, [])
    app.step(DT, click(app, pass_button(table).center))
    assert actions(table) == before + 1


def actions(table: TableScene) -> int:
    return table.controller.actions_applied


def test_a_click_during_the_deal_only_ends_the_animation(app: App) -> None:
    table = start_table(app, CoincheRules(), seed=3)
    animate_at(app, 1.0)  # the deal as a player sees it
    for _ in range(30):
        if table.tweens.busy:
            break
        app.step(DT, [])
    assert table.tweens.busy  # the cards are being dealt
    flying = list(table.flights)
    app.step(DT, click(app, (640, 650)))
    assert flying and all(flight.tween.done for flight in flying)
    assert table.controller.actions_applied == 0


def test_the_keyboard_choice_does_not_carry_into_the_next_deal(app: App) -> None:
    """A deal played with → and Enter: at the next deal's bidding no card is chosen
    (raised and ringed) before the player presses an arrow."""
    table = start_table(app, CoincheRules(), seed=3)
    for _ in range(400):
        run_until_human(app, table)
        if isinstance(app.top, ScoreSheet):
            break
        if table.controller.legal_cards():
            app.step(DT, [key(pygame.K_RIGHT), key(pygame.K_RETURN)])
        else:
            human_turn(app, table)
    sheet = app.top
    assert isinstance(sheet, ScoreSheet) and table.hand.selected is not None
    see_the_sheet(app, sheet)
    app.step(DT, [key(pygame.K_RETURN)])  # the next deal
    until_asked(app, table)
    assert app.top is table and not table.controller.legal_cards()  # bidding again
    assert table.hand.selected is None


def test_enter_plays_the_hinted_card(app: App) -> None:
    table = start_table(app, CoincheRules(), seed=12)
    to_card_play(app, table)
    hand = list(table.controller.match.view(0).deal.hand)
    app.step(DT, [key(pygame.K_h)])
    wait_for_hint(app, table)
    hint = table.current_hint()
    assert hint is not None and hint[1] in table.controller.legal_cards()
    app.step(DT, [key(pygame.K_RETURN)])
    after = table.controller.match.view(0).deal.hand
    assert set(hand) - set(after) == {hint[1]}


def score_sheet_from_menu(app: App) -> tuple[MenuScene, TableScene, ScoreSheet]:
    menu = MenuScene(app)
    app.replace(menu)
    app.step(DT, [])
    table = start_table(app, CoincheRules(), seed=8)  # over the menu
    play_to_score_sheet(app, table)
    sheet = app.top
    assert isinstance(sheet, ScoreSheet)
    return menu, table, sheet


def test_escape_leaves_the_score_sheet_for_the_menu_and_continue_comes_back(app: App) -> None:
    menu, table, _sheet = score_sheet_from_menu(app)
    app.step(DT, [key(pygame.K_ESCAPE)])
    app.step(DT, [])
    assert app.top is menu
    app.step(DT, click(app, menu.continue_button.rect.center))
    app.step(DT, [])
    assert app.top is table


def test_a_steady_clicker_does_not_skip_the_score_sheet_unread(app: App) -> None:
    _menu, table, first = score_sheet_from_menu(app)
    app.pop()
    sheet = ScoreSheet(app, table)  # as it appears after a deal
    app.push(sheet)
    for frame in range(3 * 30):  # three seconds of clicks on "Next deal"
        app.step(DT, click(app, sheet.next_button.rect.center) if frame % CLICK_EVERY == 0
                 else [])
        assert app.top is sheet
    for _ in range(round(SETTLE / DT) + 1):
        app.step(DT, [])
    app.step(DT, click(app, sheet.next_button.rect.center))
    app.step(DT, [])
    assert app.top is table and first is not sheet


def test_the_menu_button_works_over_the_score_sheet(app: App) -> None:
    menu, table, _sheet = score_sheet_from_menu(app)
    app.step(DT, click(app, table.menu_button.rect.center))
    app.step(DT, [])
    assert app.top is menu


def test_the_menu_is_played_with_the_keyboard_and_shows_its_focus(app: App) -> None:
    from game.ui.scenes.setup import SetupScene

    menu = MenuScene(app)
    app.replace(menu)
    app.step(DT, [])
    app.step(DT, [key(pygame.K_DOWN)])
    assert menu.buttons[0].focused  # New game
    app.step(DT, [key(pygame.K_DOWN)])  # Continue and Review are off: passed over
    assert not menu.continue_button.enabled and menu.buttons[3].focused
    app.step(DT, [key(pygame.K_UP), key(pygame.K_RETURN)])
    app.step(DT, [])
    assert isinstance(app.top, SetupScene)
