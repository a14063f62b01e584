"""Hindsight, the review's "all cards seen" (``game.hindsight``): the best card once every
hand is seen, solved exactly, kept apart from the honest verdict: it never changes a
remark or a mark, and the statistics hear of the analysis once."""

from __future__ import annotations

import pytest

from game.coach import Analysis, CoachWorker, new_analysis
from game.engine.actions import PlayCard
from game.engine.cards import Rank, Suit, card
from game.engine.match import Match
from game.engine.rules import CoincheRules, TarotRules
from game.hindsight import card_worths, seen
from tests.coach_driver import (
    BLUNDER_MATCH,
    BLUNDER_TRICK,
    expert_policy,
    lead_low_under_the_ace,
    play_first_deal,
)
from tests.play_fixtures import play_started

# Every test here is handed a compiled kernel: `make test` runs them on the Python path too.
pytestmark = pytest.mark.kernel

# Planted: coinche match 4 played with the hint's card at every decision.  At trick 2
# the hint's (and the player's) card is ♣7; with every hand seen the best is ♥9, the
# seven costing 10 points there.
HINDSIGHT_MATCH, HINDSIGHT_TRICK = 4, 2
HINT_CARD, SEEN_CARD = card(Suit.CLUBS, Rank.SEVEN), card(Suit.HEARTS, Rank.NINE)


def honest(analysis: Analysis) -> list[tuple[object, float | None, bool]]:
    """What the analysis says of each decision: its best, the points lost, the mark."""
    return [(r.suggestion.action, r.lost, r.marked(10)) for r in analysis.remarks]


def analysed_with_hindsight(match: Match) -> tuple[Analysis, list[tuple[object, float | None,
                                                                       bool]]]:
    analysis = new_analysis(match, 0, 0)
    while not analysis.done:
        analysis.weigh_next()
    before = honest(analysis)
    while not analysis.hindsight_done:
        analysis.see_next()
    return analysis, before


@pytest.mark.usefixtures("python_budget")  # its figures are that budget's
def test_the_hindsight_card_differs_from_the_honest_one_and_both_stand_apart() -> None:
    match = play_first_deal(CoincheRules(), HINDSIGHT_MATCH, expert_policy)
    analysis, before = analysed_with_hindsight(match)
    index = next(i for i, p in enumerate(analysis.points) if p.trick == HINDSIGHT_TRICK)
    remark, solved = analysis.remarks[index], analysis.seen[index]
    assert remark.action == PlayCard(HINT_CARD) == remark.suggestion.action
    assert not remark.marked(0) and remark.lost == 0  # the honest verdict: well played
    assert solved is not None and solved.best == (PlayCard(SEEN_CARD),)
    assert solved.lost == 10  # hindsight: the seven cost 10 points with every hand seen
    assert honest(analysis) == before  # hindsight changed no remark, no mark
    assert analysis.marked(10) == []


def test_the_hindsight_leaves_a_marked_deal_marked_as_it_was() -> None:
    match = play_first_deal(CoincheRules(), BLUNDER_MATCH, lead_low_under_the_ace)
    analysis, before = analysed_with_hindsight(match)
    assert honest(analysis) == before
    assert {r.trick for r in analysis.marked(10)} == {BLUNDER_TRICK}
    assert any(s is not None for s in analysis.seen)


def test_tarot_is_solved_in_its_last_tricks_only() -> None:
    match = play_first_deal(TarotRules(players=4), 3, expert_policy)
    analysis, _ = analysed_with_hindsight(match)
    tricks = {p.trick for p, s in zip(analysis.points, analysis.seen, strict=True)
              if s is not None}
    assert tricks and min(tricks) >= 15  # 18 tricks: the last three (or four) only
    for point, solved in zip(analysis.points, analysis.seen, strict=True):
        if solved is not None:  # the true deal's marks: the same asked again
            assert seen(point.state, 0, point.action) == solved


def test_the_worker_sees_after_the_analysis_and_reports_the_analysis_once() -> None:
    match = play_first_deal(CoincheRules(), BLUNDER_MATCH, lead_low_under_the_ace)
    reports: list[float] = []
    worker = CoachWorker(lambda _, analysis: reports.append(analysis.points_lost()))
    try:
        analysis = worker.see(match, 0, 0)
        assert worker.wait_idle(120)
        assert analysis.done and analysis.hindsight_done and not analysis.hindsight_failed
        assert len(analysis.seen) == len(analysis.points)
        assert len(reports) == 1  # the statistics count the deal's analysis once
        assert worker.open(match, 0, 0) is analysis and worker.wait_idle(1)
        assert len(reports) == 1
    finally:
        worker.close()


def test_two_player_tables_are_solved_where_the_solver_sees_what_is_played() -> None:
    """The contrée à deux is solved on its twenty cards in play; the découverte only once
    no card is left face down (before, the solver's hands would miss the piles)."""
    import random

    from game.ai import Level, decide
    from game.engine.rules import BeloteRules, Layout
    from game.engine.trickgame import TrickDeal
    from game.hindsight import face_down_left

    for rules in (CoincheRules(players=2), BeloteRules(players=2, layout=Layout.DECOUVERTE)):
        match, _ = Match.new(rules, 3)
        rng = random.Random(1)
        solved, covered = 0, 0
        while not match.history:
            seat = match.current_player
            assert seat is not None
            action = decide(match.view(seat), Level.CONFIRME, rng).action
            result = seen(match, seat, action)
            deal = match.deal
            assert isinstance(deal, TrickDeal)
            if face_down_left(deal):
                covered += 1
                assert result is None
            if result is not None:
                solved += 1
                assert result.best_worth >= result.worth(action)
            match, _ = match.apply(action)
        assert solved >= 3
        assert covered == 0 if not rules.decouverte else covered > 10


def test_the_python_solver_paces_the_hindsight(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the core, the search calls the review's ``between`` as it goes (every
    1,024 nodes), so the review's frames are not kept waiting on the interpreter lock."""
    monkeypatch.setenv("ATOUT_CORE", "python")
    calls: list[None] = []
    assert card_worths(play_started(CoincheRules(), 0), 5000, lambda: calls.append(None)) is None
    assert len(calls) == 4  # 1,024 to 4,096 nodes; past the cap of 5,000 at 5,120
