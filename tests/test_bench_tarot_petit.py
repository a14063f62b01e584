"""``bench/tarot_petit.py``: where the Petit goes in Confirmé deals."""

from __future__ import annotations

from bench.tarot_petit import main, petit_fate
from game.engine.tarot_cards import tarot_card
from game.engine.tarot_tricks import TarotTrick


def trick(leader: int, codes: str, winner: int) -> TarotTrick:
    seats = [(leader + k) % 4 for k in range(4)]
    plays = tuple(zip(seats, map(tarot_card, codes.split()), strict=True))
    return TarotTrick(leader, plays, winner)


def test_the_fate_names_the_holders_camp_and_how_the_petit_went() -> None:
    first = trick(0, "RH 2H 3H 4H", 0)
    led_and_lost = [first, trick(0, "A01 A05 A02 A03", 1), trick(1, "5S 6S 7S 8S", 0)]
    assert petit_fate(led_and_lost, taker=0) == "taker, lost, led"
    under_the_21 = [first, trick(0, "A21 A01 A02 A03", 0)]  # seat 1's Petit, seat 0 wins
    assert petit_fate(under_the_21, taker=0) == "defence, lost, last trick"
    assert petit_fate(under_the_21, taker=2) == "defence, kept, last trick"
    assert petit_fate([first], taker=0) is None


def test_every_contract_is_counted_once() -> None:
    data = main(["--players", "4", "--deals", "12", "--seed", "3"])
    fates = data["fates"]
    assert isinstance(fates, dict) and data["contracts"] == sum(fates.values()) > 0
