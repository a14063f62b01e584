"""The score pad: opened from the table (key S, a click on the score box) and from the
score sheet; a line per deal, a click shows its breakdown, review and play again for any
past deal, Escape closes.  Headless, with real events."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.engine.rules import CoincheRules
from game.ui.app.app import App
from game.ui.app.smoke import click
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.scorepad import ScorePad
from game.ui.scenes.scoresheet import ScoreSheet
from game.ui.table.scene import TableScene
from tests.table_driver import DT, play_to_score_sheet, start_table
from tests.words import tr


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")


def two_deals(app: App) -> TableScene:
    table = start_table(app, CoincheRules(), seed=8)
    play_to_score_sheet(app, table, limit=3000)
    app.pop()
    app.step(DT, [])
    play_to_score_sheet(app, table, limit=3000)
    assert len(table.controller.match.history) == 2
    return table


def test_the_pad_lists_every_deal_and_shows_one_on_click(
    app: App, texts_drawn: list[str]
) -> None:
    table = two_deals(app)
    assert isinstance(app.top, ScoreSheet)
    app.step(DT, [key(pygame.K_s)])  # from the score sheet
    app.step(DT, [])
    pad = app.top
    assert isinstance(pad, ScorePad)
    assert [index for index, _ in pad.line_rects()] == [0, 1]
    first = table.controller.match.history[0]
    assert str(first.totals[1]) in texts_drawn  # the running total after deal 1
    texts_drawn.clear()
    app.step(DT, click(app, pad.line_rects()[0][1].center))
    app.step(DT, [])
    assert pad.chosen == 0
    assert tr("sheet.title", number=first.number, seed=first.seed) in texts_drawn
    assert tr("term.deal_score") in texts_drawn
    app.step(DT, click(app, pad.review_button.rect.center))
    app.step(DT, [])
    replay = app.top
    assert isinstance(replay, ReplayScene) and replay.story.seed == first.seed
    app.step(DT, [key(pygame.K_ESCAPE)])
    app.step(DT, [])
    assert app.top is pad
    app.step(DT, click(app, pad.back.rect.center))  # Back: to the list
    assert pad.chosen is None and app.top is pad
    app.step(DT, click(app, pad.line_rects()[1][1].center))
    assert pad.chosen == 1
    app.step(DT, [key(pygame.K_ESCAPE)])  # Escape leaves the pad at once
    app.step(DT, [])
    assert isinstance(app.top, ScoreSheet)


def test_the_score_box_and_the_key_open_the_pad_at_the_table(app: App) -> None:
    table = start_table(app, CoincheRules(), seed=8)
    app.step(DT, [key(pygame.K_s)])
    app.step(DT, [])
    pad = app.top
    assert isinstance(pad, ScorePad) and pad.line_rects() == []
    app.step(DT, [key(pygame.K_ESCAPE)])
    app.step(DT, [])
    assert app.top is table
    app.step(DT, click(app, table.score.rect().center))
    app.step(DT, [])
    assert isinstance(app.top, ScorePad)


def test_the_chart_runs_from_zero_deal_by_deal() -> None:
    from game.ui.kit.chart import chart_points

    rect = pygame.Rect(0, 0, 200, 100)
    lines = chart_points([(50, 0), (100, -50)], rect, -50, 100)
    # x: deal 0, 1, 2 over 200 pixels; y: 100 at the top (0), -50 at the bottom (100),
    # so 0 two thirds down and 50 one third down
    assert lines[0] == [(0, 67), (100, 33), (200, 0)]  # totals 0, 50, 100
    assert lines[1] == [(0, 67), (100, 67), (200, 100)]  # totals 0, 0, -50


def test_the_end_of_the_match_shows_its_history(app: App, texts_drawn: list[str]) -> None:
    from game.engine.rules import BeloteRules
    from game.ui.scenes.scoresheet import MatchEnd

    table = start_table(app, BeloteRules(target=300), seed=5)
    for _ in range(20):
        play_to_score_sheet(app, table, limit=3000)
        if isinstance(app.top, ScoreSheet):
            app.pop()
            app.step(DT, [])
        for _ in range(300):
            if isinstance(app.top, MatchEnd) or table.controller.human_to_act:
                break
            app.step(DT, [])
        if isinstance(app.top, MatchEnd):
            break
    assert isinstance(app.top, MatchEnd)
    texts_drawn.clear()
    app.step(DT, [])
    assert tr("end.history") in texts_drawn and "300" in texts_drawn  # the target
