"""bench/tarot_bold_arena.py: a deal is played out only where the two boldnesses call
differently, and the table's boldness is put back after each decision."""

from __future__ import annotations

from bench.tarot_bold_arena import Table, run
from game.ai import tarot_bid_search as search


def test_the_same_boldness_calls_alike_everywhere_and_scores_nothing() -> None:
    before = search.BOLDNESS[3]
    table = Table(3, 5, search.Boldness(risk=2.0), search.Boldness(risk=2.0))
    assert not any(table.auction_differs(0, seat) for seat in range(3))
    assert run(table, 1) == {"deals": 1, "changed_deals": 0, "a_minus_b": 0.0,
                             "ci95": [0.0, 0.0]}
    assert search.BOLDNESS[3] == before


def test_b_is_asked_with_the_generator_a_found() -> None:
    """Five players, deal 1 of seed 7: seat 0 passes with its generator as dealt and
    bids a Garde with it once a call has advanced it; the same boldness on both sides
    must still call alike (B's call drawn from the generator A started from)."""
    table = Table(5, 7, search.Boldness(), search.Boldness())
    assert not table.auction_differs(1, 0)


def test_a_reckless_bidder_calls_otherwise_than_the_table() -> None:
    """An edge of 1,000 marks a unit as taker: A bids where B passes, at some seat."""
    table = Table(3, 5, search.Boldness(taker_edge=1000.0, margin=0.0, risk=0.0),
                  search.Boldness())
    assert any(table.auction_differs(0, seat) for seat in range(3))
