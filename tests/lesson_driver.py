"""Playing a lesson at the table headless, as a player would: at each of the lesson's
steps, a click on what the narrator lights up; at a free step, any legal move."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.lessons.script import FREE
from game.ui.app.app import App
from game.ui.app.smoke import click
from game.ui.scenes.scoresheet import ScoreSheet
from game.ui.table.scene import TableScene
from tests.table_driver import DT, human_turn, run_until_human


def lit_point(table: TableScene, rect: pygame.Rect) -> tuple[int, int]:
    """Where to click a lit rectangle: a card's visible strip (the hand is fanned), a
    button's centre."""
    if any(rect == card_rect for _, card_rect in table.hand_layout()):
        return rect.x + 12, rect.y + 30
    return rect.center


def lesson_turn(app: App, table: TableScene) -> None:
    """The player's move: the lesson's by clicking what glows, or any legal one."""
    assert table.lesson is not None and table.narrator is not None
    step = table.lesson.expected(table.controller.match)
    if step is None or step.expect == FREE:
        human_turn(app, table)
        return
    before = table.controller.actions_applied
    for _ in range(12):  # a coinche bid: its value, then its suit; an écart: 6 + confirm
        lit = table.narrator.lit()
        assert lit, f"nothing lit for {step.expect}"
        cards = [rect for _, rect in table.hand_layout()]
        buttons = [rect for rect in lit if rect not in cards]  # a button says the move
        app.step(DT, click(app, lit_point(table, (buttons or lit)[0])))
        app.step(DT, [])
        if table.controller.actions_applied > before:
            return
    raise AssertionError(f"the lesson's move {step.expect} was never made")


def play_lesson(app: App, table: TableScene, limit: int = 200) -> ScoreSheet:
    """The lesson played to its score sheet."""
    for _ in range(limit):
        run_until_human(app, table)
        if isinstance(app.top, ScoreSheet):
            return app.top
        lesson_turn(app, table)
    raise AssertionError("the lesson never reached its score sheet")
