"""The advice's upkeep (``game.advice``): an evaluation that fails says so and leaves the
shared memory, and finding where the current deal began costs the same late in a long
match as at its start."""

from __future__ import annotations

import random

import pytest

import game.advice.evaluation as evaluation_module
import game.advice.position as position_module
from game.advice import Advisor, BudgetOf, Position, current_position, deal_start
from game.advice.race import CardPlay
from game.ai import Level, decide
from game.engine.match import Match
from game.engine.rules import CoincheRules


def bidding_position() -> Position:
    match, _ = Match.new(CoincheRules(), 1)
    seat = match.current_player
    assert seat is not None
    return current_position(match, seat)


@pytest.mark.kernel
def test_a_failing_evaluation_raises_its_own_error_and_the_advisor_drops_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    position = bidding_position()
    working = evaluation_module.card_play

    def broken(position: Position, budget_of: BudgetOf) -> CardPlay | None:
        raise ValueError("the search could not start")

    advisor = Advisor()
    monkeypatch.setattr(evaluation_module, "card_play", broken)
    for _ in range(2):  # asked again, the same error: never an assert that hides it
        with pytest.raises(ValueError, match="could not start"):
            advisor.verdict(position)
    failed = advisor.evaluation(position)
    with pytest.raises(ValueError, match="could not start"):
        failed.step()  # the hint's pondering steps it directly
    monkeypatch.setattr(evaluation_module, "card_play", working)
    assert advisor.evaluation(position) is not failed  # dropped: a fresh evaluation
    assert advisor.verdict(position) == Advisor().verdict(position)


def confirme_match(deals: int, seed: int = 3) -> Match:
    """A coinche match after ``deals`` deals (void ones included) and the next deal's
    first action, every seat played by the Confirmé."""
    match, _ = Match.new(CoincheRules(target=100_000), seed)
    rng = random.Random(seed)
    while match.number <= deals or len(match.actions) == deal_start(match):
        seat = match.current_player
        assert seat is not None
        match, _ = match.apply(decide(match.view(seat), Level.CONFIRME, rng).action)
    return match


def replayed_actions(monkeypatch: pytest.MonkeyPatch, match: Match, seat: int) -> int:
    """The actions ``current_position`` applies for ``match``, after a position asked one
    action before it (the hint asks every position of the match in turn)."""
    earlier = Match.replay(match.rules, match.seed, match.actions[:-1], match.first_deal)
    current_position(earlier, seat)
    applied = 0
    apply = Match.apply

    def counted(self: Match, action: object) -> object:
        nonlocal applied
        applied += 1
        return apply(self, action)  # type: ignore[arg-type]

    monkeypatch.setattr(Match, "apply", counted)
    current_position(match, seat)
    monkeypatch.setattr(Match, "apply", apply)
    return applied


def test_the_deal_start_costs_the_same_late_in_a_long_match(
        monkeypatch: pytest.MonkeyPatch) -> None:
    early, late = confirme_match(1), confirme_match(12)
    assert late.number > 12 and len(late.actions) > 10 * len(early.actions) / 2
    costs = [replayed_actions(monkeypatch, m, 0) for m in (early, late)]
    assert costs[1] <= costs[0] <= 2


def test_the_deal_start_is_the_replays_from_any_earlier_question() -> None:
    """The deal's start is where a full replay finds it, whatever was asked before (an
    undo, another match of the same seed, a position far ahead)."""
    match = confirme_match(3)
    truth = [_replayed_start(match, n) for n in range(len(match.actions) + 1)]
    rng = random.Random(7)
    for n in [len(match.actions), 5, *rng.sample(range(len(match.actions)), 30), 0]:
        prefix = Match.replay(match.rules, match.seed, match.actions[:n], match.first_deal)
        assert deal_start(prefix) == truth[n], n
    other = confirme_match(2, seed=4)
    assert deal_start(other) == _replayed_start(other, len(other.actions))


def _replayed_start(match: Match, actions: int) -> int:
    """Where the deal under way after ``actions`` actions began, by a full replay."""
    replay, _ = Match.new(match.rules, match.seed, match.first_deal)
    start = 0
    for index, action in enumerate(match.actions[:actions]):
        number = replay.number
        replay, _ = replay.apply(action)
        start = index + 1 if replay.number != number else start
    return start


def test_positions_are_the_same_whatever_the_order_they_are_asked_in() -> None:
    match = confirme_match(2)
    seat = match.current_player
    assert seat is not None
    position_module.forget_deal_starts()
    cold = current_position(match, seat)
    current_position(confirme_match(1), 0)  # another lineage of the same seed
    assert current_position(match, seat) == cold
