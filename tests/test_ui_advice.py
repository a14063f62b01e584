"""The hint and the review agree, headless with real events: a deal played by pressing
H and then Enter at every card (the hint's own card) has no mark in the review, in every
game; the review weighs the deal again from a memory of its own, so it finds the hint's
verdicts anew rather than reading them back."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pygame
import pytest

from game.advice import Advisor
from game.engine.match import AnyRules
from game.engine.rules import BeloteRules, CoincheRules, TarotRules
from game.storage import Storage
from game.ui.app.app import App
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.scoresheet import MatchEnd, ScoreSheet
from tests.table_driver import DT, run_until_human, start_table, wait_for_hint
from tests.words import tr


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


@pytest.mark.parametrize("rules, seed", [
    (CoincheRules(), 12), (BeloteRules(), 4), (TarotRules(players=4), 5),
], ids=["coinche", "belote4", "tarot4"])
def test_a_deal_played_with_h_and_enter_has_no_mark_in_the_review(
        tmp_path: Path, texts_drawn: list[str], rules: AnyRules, seed: int) -> None:
    app = App(storage=Storage(tmp_path))
    try:
        table = start_table(app, rules, seed=seed)
        controller = table.controller
        cards = 0
        while True:
            run_until_human(app, table)
            if isinstance(app.top, ScoreSheet | MatchEnd):
                break
            before = controller.actions_applied
            app.step(DT, [key(pygame.K_h)])
            wait_for_hint(app, table)
            hint = table.current_hint()
            verdict = controller.hint()
            assert hint is not None and verdict is not None
            if hint[1] is not None and hint[1] in controller.legal_cards():
                app.step(DT, [key(pygame.K_RETURN)])  # Enter plays the hinted card
                cards += 1
            else:  # a call: the hinted one, as its button would (buttons differ by game)
                assert controller.act(verdict.decision.action)
            assert controller.actions_applied > before
        assert cards >= 5
        app.coach.advisor = Advisor()  # weighed anew, not read back from the hint's memory
        review = ReplayScene.of_deal(app, controller.match, 0)
        assert review is not None
        app.push(review)
        app.step(DT, [key(pygame.K_a)])
        assert review.coach is not None and app.coach.wait_idle(600)
        texts_drawn.clear()
        app.step(DT, [])
        analysis = review.coach.analysis
        assert analysis.done and sum(r.loss is not None for r in analysis.remarks) >= 3
        assert analysis.marked(0.0) == [] and analysis.points_lost() == 0.0
        assert tr("coach.none", points=10) in texts_drawn
    finally:
        app.close()
