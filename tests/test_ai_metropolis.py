"""The Metropolis walk of the Expert's bidding: cards only move between the places
allowed, and the walk favours the deals that fit."""

from __future__ import annotations

import random

from game.ai.metropolis import Walk, walk_deals

WALK = Walk(burn_in=100, thinning=10, span=1.0)


def start() -> list[list[int]]:
    return [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9, 10, 11]]


def test_cards_move_only_between_the_movable_places() -> None:
    for misfit in (None, lambda places: 0.0):
        for deal in walk_deals(start(), [1, 2, 3], misfit, random.Random(1), 20, WALK):
            assert deal[0] == (0, 1, 2)
            assert sorted(c for hand in deal for c in hand) == list(range(12))
            assert [len(hand) for hand in deal] == [3, 3, 3, 3]


def test_the_walk_keeps_mostly_the_deals_that_fit() -> None:
    """Misfit: how many low cards (< 9) place 1 holds; random deals put the three high
    ones there once in 84 (about 2 of 200), the walk about one time in five (the
    stationary share: 1 / (1 + 27 x 0.1 + 108 x 0.01 + 84 x 0.001))."""
    def misfit(places: list[list[int]]) -> float:
        return float(sum(1 for c in places[1] if c < 9))

    deals = walk_deals(start(), [1, 2, 3], misfit, random.Random(2), 200, WALK)
    fitting = sum(1 for deal in deals if min(deal[1]) >= 9)
    assert len(deals) == 200
    assert fitting > 20
