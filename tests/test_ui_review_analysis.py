"""The review's analysis, headless with real events: the Expert's word on the player's
decisions appears in the background, the costly one marked on the timeline and listed
(a click goes to its trick), and its total reaches the statistics."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pygame
import pytest

from game.engine.rules import CoincheRules, TarotRules
from game.storage import Storage
from game.ui.app.app import App
from game.ui.scenes import coach_panel
from game.ui.scenes.replay import ANALYSE_BUTTON, ReplayScene
from game.ui.scenes.stats import TABS, StatsScene
from tests.coach_driver import (
    BLUNDER_MATCH,
    BLUNDER_TRICK,
    expert_policy,
    lead_low_under_the_ace,
    play_first_deal,
)
from tests.table_driver import DT
from tools.eye_checks import look, problems


def mouse_down(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


@pytest.mark.usefixtures("python_budget")  # its figures are that budget's
def test_the_review_marks_the_costly_decision_and_counts_it(
        tmp_path: Path, texts_drawn: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    match = play_first_deal(CoincheRules(), BLUNDER_MATCH, lead_low_under_the_ace)
    app = App(storage=Storage(tmp_path))
    try:
        review = ReplayScene.of_deal(app, match, 0)
        assert review is not None
        app.push(review)
        app.step(DT, [])
        assert review.coach is None  # nothing is weighed before the player asks
        app.step(DT, [mouse_down(ANALYSE_BUTTON.center)])
        assert review.coach is not None
        assert app.coach.wait_idle(120)
        app.step(DT, [])
        assert review.coach.marked_tricks() == {BLUNDER_TRICK}
        assert "Trick 5: 7 of clubs, better ace of clubs" in texts_drawn
        assert review.step == 0
        row = review.coach.row_rects()[0]
        app.step(DT, [mouse_down(row.center)])
        assert review.step == BLUNDER_TRICK
        texts_drawn.clear()
        app.step(DT, [])
        numbers = [t for t in texts_drawn if "; better: " in t]  # the row's: the 7's, the ace's
        assert len(numbers) == 1 and numbers[0].count("pts, made ") == 2
        assert any(t.startswith("7 of clubs loses the trick to ") for t in texts_drawn)
        assert any(t.startswith("Figures over ") and t.endswith(" likely deals.")
                   for t in texts_drawn)  # the deals the row's numbers rest on
        long_advice = ["With the queen of spades the contract is made 10 times in 10, with"
                       " the 7 of spades 8.",
                       "Queen of spades: +271 points expected, contract made 99%; jack of"
                       " spades: +250, made 97%"]
        monkeypatch.setattr(coach_panel, "advice_lines", lambda *args, **kwargs: long_advice)
        app.step(DT, [])  # an advice of four lines at the largest size: smaller,
        # whole, under the row
        picture = look(app)
        drawn = " ".join(shown.words for shown in picture.texts)
        assert set(" ".join(long_advice).split()) <= set(drawn.split())
        assert problems(picture, "a long advice") == []
        assert app.session is not None and app.session.flush(10)
        lost = Storage(tmp_path).stats.of("coinche", 4).points_lost
        assert len(lost) == 1 and lost[0] > 10
        assert lost[0] == pytest.approx(review.coach.analysis.points_lost(), abs=0.05)
    finally:
        app.close()


def test_leaving_the_review_pauses_the_analysis(tmp_path: Path) -> None:
    match = play_first_deal(TarotRules(players=3), 5, expert_policy)  # a long analysis
    app = App(storage=Storage(tmp_path))
    try:
        review = ReplayScene.of_deal(app, match, 0)
        assert review is not None
        app.push(review)
        app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="")])
        assert review.coach is not None
        app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="")])
        app.step(DT, [])
        assert app.top is not review
        assert app.coach.wait_idle(60)
        assert not review.coach.analysis.done
    finally:
        app.close()


def test_the_statistics_chart_the_points_lost_deal_by_deal(
        tmp_path: Path, texts_drawn: list[str]) -> None:
    storage = Storage(tmp_path)
    for points in (30.0, 12.0, 6.0):
        storage.record_analysis("coinche", 4, points)
    app = App(storage=storage)
    try:
        scene = StatsScene(app)
        app.push(scene)
        app.step(DT, [])
        assert "Points lost per analysed deal (last 3)" not in texts_drawn
        app.step(DT, [mouse_down(scene.progress_button.rect.center)])
        app.step(DT, [])
        assert "Points lost per analysed deal (last 3)" in texts_drawn
        assert "30" in texts_drawn  # the chart's top value
        assert "Average of the last 10" in texts_drawn
    finally:
        app.close()


def test_the_statistics_chart_the_difference_with_the_par_and_its_average(
        tmp_path: Path, texts_drawn: list[str]) -> None:
    storage = Storage(tmp_path)
    for difference in (-120.0, 40.0, -10.0):
        storage.record_par("tarot", 5, difference)
    app = App(storage=storage)
    try:
        scene = StatsScene(app)
        scene.show(next(i for i, tab in enumerate(TABS) if tab == ("tarot", 5)))
        app.push(scene)
        app.step(DT, [mouse_down(scene.progress_button.rect.center)])
        app.step(DT, [])
        assert "You less the Expert in your seat, per deal (last 3)" in texts_drawn
        assert "+40" in texts_drawn and "−120" in texts_drawn  # the chart's top and bottom
        assert "You − the Expert" in texts_drawn
        assert "Average of the last 10" in texts_drawn
        assert "Analyse a deal in its review to follow your progress here." in texts_drawn
    finally:
        app.close()


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")


@pytest.mark.usefixtures("python_budget")  # its figures are that budget's
def test_all_cards_seen_is_a_separate_labelled_view_that_leaves_the_marks(
        tmp_path: Path, texts_drawn: list[str]) -> None:
    """The planted deal (tests/test_hindsight.py): the honest analysis finds the seven of
    clubs well played at trick 2, hindsight finds the nine of hearts better.  The
    toggle (its button, then C) shows one view or the other in the panel, never both;
    the honest marks and rows stay as they were."""
    from game.ui.scenes.hindsight_panel import HINDSIGHT_BUTTON
    from tests.test_hindsight import HINDSIGHT_MATCH, HINDSIGHT_TRICK

    match = play_first_deal(CoincheRules(), HINDSIGHT_MATCH, expert_policy)
    app = App(storage=Storage(tmp_path))
    try:
        review = ReplayScene.of_deal(app, match, 0)
        assert review is not None
        app.push(review)
        app.step(DT, [key(pygame.K_a)])
        assert review.coach is not None and app.coach.wait_idle(120)
        review.go_to(HINDSIGHT_TRICK)
        texts_drawn.clear()
        app.step(DT, [])
        assert "The Expert's analysis" in texts_drawn and "All cards seen (C)" in texts_drawn
        assert not any("every hand seen" in t or "−10" in t for t in texts_drawn)
        marks = review.coach.marked_tricks()
        app.step(DT, [mouse_down(HINDSIGHT_BUTTON.center)])
        assert review.hindsight.shown and app.coach.wait_idle(120)
        texts_drawn.clear()
        app.step(DT, [])
        assert "All cards seen: hindsight" in texts_drawn
        assert "The Expert's analysis" not in texts_drawn  # a view of its own
        assert "Trick 2: the best card, every hand seen: 9 of hearts" in texts_drawn
        assert "Your 7 of clubs: −10 points" in texts_drawn
        assert review.coach.marked_tricks() == marks == set()  # the honest marks
        app.step(DT, [key(pygame.K_c)])
        texts_drawn.clear()
        app.step(DT, [])
        assert not review.hindsight.shown and "The Expert's analysis" in texts_drawn
        assert not any("every hand seen" in t or "−10" in t for t in texts_drawn)
    finally:
        app.close()
