"""bench/tarot_auction_reading.py: the views it measures are the defenders', and its
figures are reproducible."""

from __future__ import annotations

from bench.tarot_auction_reading import defender_views, measure


def test_each_view_is_a_defender_to_play_with_the_taker_s_true_trumps() -> None:
    views = defender_views(4, 8, 3)
    assert views
    for view, trumps in views:
        assert view.current_player == view.seat != view.taker
        mine = sum(c.is_trump for c in view.hand)
        assert trumps <= 21 - mine - len(view.ecart_trumps)  # the others' trumps are not his


def test_the_figures_are_reproducible() -> None:
    assert measure(3, 6, 2) == measure(3, 6, 2)
