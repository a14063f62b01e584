"""The worth the player gives a deal's remaining points is the engine's own score."""

from __future__ import annotations

import itertools
import random

import pytest

from game.dds.position import position_of
from game.dds.solver import Solver
from game.dds.utility import deal_utility
from game.engine.rules import BeloteRules, CoincheRules
from tests.play_fixtures import play_cards, play_started, rule_sets


@pytest.mark.kernel
def test_the_worth_of_the_last_trick_is_the_engine_score() -> None:
    """With one trick left nothing is chosen any more: the solver's value, through the
    utility, must give the score difference the engine then writes down."""
    checked = 0
    for rules in [r for r in rule_sets() if r.players == 4]:
        for seed in range(10):
            state = play_started(rules, seed)
            rng = random.Random(seed)
            state = play_cards(state, 28, rng)
            if state.is_over:
                continue  # a belote arrêt ended it
            assert state.turn is not None and not state.trick
            seat = rng.randrange(4)
            pos = position_of(state)
            value = Solver(pos, seat).value()
            worth = deal_utility(state.view(seat), rules, pos.points_left())(value)
            final = play_cards(state, 4, rng).result()
            assert final is not None
            assert worth == final.scores[seat % 2] - final.scores[1 - seat % 2], rules
            checked += 1
    assert checked > 200


def test_the_worth_rises_with_the_points_and_jumps_at_the_contract() -> None:
    for rules in (CoincheRules(), BeloteRules()):
        state = play_started(rules, 3)
        pos = position_of(state)
        assert state.taker is not None
        worth = deal_utility(state.view(state.taker), rules, pos.points_left())
        values = [worth(v) for v in range(pos.points_left() + 1)]
        assert values == sorted(values)
        steps = [b - a for a, b in itertools.pairwise(values)]
        assert max(steps) > 20  # made instead of failed


def test_each_for_himself_keeps_the_points() -> None:
    rules = BeloteRules(players=3)
    state = play_started(rules, 1)
    pos = position_of(state)
    worth = deal_utility(state.view(0), rules, pos.points_left())
    assert [worth(v) for v in (0, 17, 90)] == [0, 17, 90]
