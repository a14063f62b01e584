"""The deal review's coach: the player's decisions weighed by the Expert from the
player's own view, the costly ones marked with the Expert's suggestion."""

from __future__ import annotations

import threading
import time

import pytest

from game.advice import Advisor, Evaluation, Position, Verdict
from game.coach import Analysis, CoachWorker, new_analysis
from game.engine.match import AnyRules, Match, MatchView
from game.engine.rules import BeloteRules, CoincheRules, TarotRules
from tests.coach_driver import (
    BLUNDER_MATCH,
    expert_policy,
    lead_low_under_the_ace,
    play_first_deal,
)
from tests.waiting import soon


def analysed(match: Match, seat: int = 0) -> Analysis:
    analysis = new_analysis(match, 0, seat)
    while not analysis.done:
        analysis.weigh_next()
    return analysis


@pytest.mark.parametrize("rules, seed", [
    (CoincheRules(), 27), (CoincheRules(), 3), (BeloteRules(), 4), (BeloteRules(players=3), 2),
    (TarotRules(players=3), 5), (TarotRules(players=4), 5),
], ids=["coinche-27", "coinche-3", "belote4", "belote3", "tarot3", "tarot4"])
def test_a_deal_played_as_the_expert_plays_has_no_marked_decision(
        rules: AnyRules, seed: int) -> None:
    analysis = analysed(play_first_deal(rules, seed, expert_policy))
    weighed = [r for r in analysis.remarks if r.lost is not None]
    assert len(weighed) >= 3  # the deal gave the player real choices
    assert all(r.suggestion.action == r.action for r in analysis.remarks)
    assert [r.lost for r in weighed] == [0.0] * len(weighed)
    assert analysis.marked(0.0) == []


def test_the_expert_is_handed_only_the_players_own_view(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[object] = []
    real = Advisor.evaluation

    def recording(self: Advisor, position: Position) -> Evaluation:
        seen.append(position.view)
        return real(self, position)

    match = play_first_deal(TarotRules(players=4), 5, expert_policy, seat=2)
    monkeypatch.setattr(Advisor, "evaluation", recording)
    analysed(match, seat=2)
    assert len(seen) >= 5
    for view in seen:
        assert isinstance(view, MatchView)
        assert view.deal.seat == 2


def test_the_worker_weighs_in_the_background_keeps_the_result_and_reports_it() -> None:
    match = play_first_deal(CoincheRules(), BLUNDER_MATCH, lead_low_under_the_ace)
    finished = threading.Event()
    totals: list[float] = []

    def done(_: Match, analysis: Analysis) -> None:
        totals.append(analysis.points_lost())
        finished.set()

    worker = CoachWorker(done)
    try:
        first = worker.open(match, 0, 0)
        assert finished.wait(120)
        assert first.done and len(first.marked(10)) == 1
        again = worker.open(match, 0, 0)
        assert again is first  # kept: reopening the deal is instant
        assert len(totals) == 1 and totals[0] > 10
        assert totals[0] == pytest.approx(first.points_lost())
    finally:
        worker.close()


def test_a_paused_analysis_stops_and_resumes_where_it_was() -> None:
    match = play_first_deal(TarotRules(players=3), 5, expert_policy)
    worker = CoachWorker()
    try:
        analysis = worker.open(match, 0, 0)
        worker.pause()
        assert worker.wait_idle(60)
        stopped_at = len(analysis.remarks)
        assert stopped_at < len(analysis.points)
        assert not threading.Event().wait(0.3)  # a moment for a worker that would go on
        assert len(analysis.remarks) == stopped_at
        assert worker.open(match, 0, 0) is analysis
        assert worker.wait_idle(120)
        assert analysis.done
    finally:
        worker.close()


def test_an_error_of_the_expert_stops_the_analysis_and_not_the_worker(
        monkeypatch: pytest.MonkeyPatch) -> None:
    match = play_first_deal(CoincheRules(), BLUNDER_MATCH, lead_low_under_the_ace)

    def broken(*_: object) -> Verdict:
        raise ValueError("a bug in the search")

    worker = CoachWorker()
    try:
        monkeypatch.setattr(Evaluation, "run", broken)
        failed = worker.open(match, 0, 0)
        assert worker.wait_idle(60)
        assert failed.failed and failed.remarks == []
        monkeypatch.undo()
        other = worker.open(play_first_deal(CoincheRules(), 3, expert_policy), 0, 0)
        assert worker.wait_idle(120)
        assert other.done and not other.failed  # the worker still weighs
    finally:
        worker.close()


def test_the_worker_waits_while_the_review_makes_a_frame(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Paced by the review: once a frame begins, the worker stops at its next step (a
    world, a card rolled out) until the frame is on screen, so the frame never waits
    for the interpreter's lock the worker would hold."""
    import game.coach

    monkeypatch.setattr(game.coach, "FRAME_WAIT", 30.0)
    match = play_first_deal(CoincheRules(), BLUNDER_MATCH, lead_low_under_the_ace)
    worker = CoachWorker()
    steps: list[float] = []
    between = worker._between

    def counted() -> None:
        steps.append(time.perf_counter())
        between()

    worker._between = counted  # type: ignore[method-assign]
    try:
        worker.frame_began()
        analysis = worker.open(match, 0, 0)
        assert soon(lambda: len(steps) >= 1, 60)  # the worker reaches its first step...
        assert not threading.Event().wait(0.5)
        assert len(steps) == 1 and not analysis.done  # ... and holds there while the frame is made
        worker.frame_presented()
        assert worker.wait_idle(600) and analysis.done and len(steps) > 11
    finally:
        worker.close()
