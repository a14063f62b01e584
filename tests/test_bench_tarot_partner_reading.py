"""bench/tarot_partner_reading.py: the positions it measures are the five-player ones
with the called card hidden from the seat to play, and its figures are reproducible."""

from __future__ import annotations

from bench.tarot_partner_reading import measure, positions


def test_each_position_hides_the_called_card_from_the_seat_to_play() -> None:
    deals = positions(4, 3, 2)
    assert len(deals) == 4
    for deal in deals:
        assert deal.partner is not None and deal.called is not None
        assert len(deal.tricks) >= 2 and not deal.partner_revealed
        assert deal.current_player not in (deal.partner, None)
        assert deal.partner != deal.taker


def test_the_shares_are_reproducible() -> None:
    first, again = measure(3, 4, 1), measure(3, 4, 1)
    shares = ("holder_share_uniform", "holder_share_read")
    assert [first[k] for k in shares] == [again[k] for k in shares]
    assert all(0 <= first[k] <= 1 for k in shares)
