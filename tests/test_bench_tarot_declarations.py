"""bench/tarot_declarations.py: the strong deals it builds, and the duplicate it plays."""

from __future__ import annotations

import pytest

from bench.tarot_declarations import main, strong_deal
from game.engine.rules import TarotRules
from game.engine.tarot_cards import DECK78, THE_21


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_strong_deal_is_a_whole_deck_with_seat_0_holding_the_high_trumps(players: int) -> None:
    deal = strong_deal(TarotRules(players=players), 3, 1)
    cards = [c for hand in deal.hands for c in hand] + list(deal.chien)
    assert sorted(cards) == sorted(DECK78)
    assert THE_21 in deal.hands[0]
    assert sum(c.is_trump for c in deal.hands[0]) >= len(deal.hands[0]) // 2


def test_an_announced_chelem_is_scored_against_the_declined_one() -> None:
    data = main(["--players", "4", "--deals", "6", "--strong", "--part", "chelem"])
    assert data["plausible"] == 6
    announced = data["announced"]
    assert isinstance(announced, int) and announced >= 1
    assert data["made"] == announced
    mean = data["mean_new_minus_old"]
    assert isinstance(mean, float) and mean > 0
