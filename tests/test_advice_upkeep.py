"""The advice's upkeep (``game.advice``): an evaluation that fails says so and leaves the
shared memory, and finding where the current deal began costs the same late in a long
match as at its start."""

from __future__ import annotations

import pytest

import game.advice.evaluation as evaluation_module
from game.advice import Advisor, Position, current_position
from game.advice.race import CardPlay
from game.engine.match import Match
from game.engine.rules import CoincheRules


def bidding_position() -> Position:
    match, _ = Match.new(CoincheRules(), 1)
    seat = match.current_player
    assert seat is not None
    return current_position(match, seat)


def test_a_failing_evaluation_raises_its_own_error_and_the_advisor_drops_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    position = bidding_position()
    working = evaluation_module.card_play

    def broken(position: Position) -> CardPlay | None:
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
