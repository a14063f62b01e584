"""Coinche: the worked examples of shared/rules/coinche.md, each scoring option, bidding."""

from __future__ import annotations

import pytest

from game.engine.actions import CAPOT_BID, Bid, Coinche, Pass, PlayCard, Surcoinche
from game.engine.cards import DECK32, Suit, TrumpMode
from game.engine.coinche import CoincheDeal, score_coinche
from game.engine.protocol import IllegalAction, Phase
from game.engine.rules import BidValues, CoincheRules, MultiplierBase
from game.engine.trickgame import SideTally

H, S, C = Suit.HEARTS, Suit.SPADES, Suit.CLUBS


def tally(cards: tuple[int, int], announcements: tuple[int, int] = (0, 0),
          belote: tuple[int, int] = (0, 0), capot_side: int | None = None) -> SideTally:
    tricks = (8, 0) if capot_side == 0 else (0, 8) if capot_side == 1 else (5, 3)
    return SideTally(cards, announcements, belote, tricks, capot_side)


def scores(rules: CoincheRules, bid: Bid, level: int, t: SideTally) -> tuple[int, ...]:
    return score_coinche(rules, bid, level, takers=0, tally=t).scores


DEFAULT = CoincheRules()

# (name, rules, bid, coinche level, tally, (takers, defence))
EXAMPLES = [
    ("K1", DEFAULT, Bid(80, H), 0, tally((82, 80), (0, 20), (20, 0)), (182, 100)),
    ("K1'", CoincheRules(bid_values=BidValues.V82_162), Bid(82, H), 0,
     tally((82, 80), (0, 20), (20, 0)), (184, 100)),
    ("K3", DEFAULT, Bid(100, H), 0, tally((83, 79), (20, 0)), (203, 79)),
    ("K4", DEFAULT, Bid(90, H), 0, tally((89, 73)), (0, 250)),
    ("K6", DEFAULT, Bid(100, H), 0, tally((76, 86), belote=(20, 0)), (20, 260)),
    ("K9", DEFAULT, Bid(120, S), 1, tally((130, 32), belote=(20, 0)), (600, 0)),
    ("K10", DEFAULT, Bid(100, S), 2, tally((90, 72)), (0, 1040)),
    ("K10x3", CoincheRules(surcoinche_multiplier=3), Bid(100, S), 2, tally((90, 72)), (0, 780)),
    ("K11", DEFAULT, Bid(CAPOT_BID, S), 0, tally((252, 0), capot_side=0), (500, 0)),
    ("K12", DEFAULT, Bid(CAPOT_BID, S), 0, tally((150, 12)), (0, 410)),
    ("K13", DEFAULT, Bid(120, S), 0, tally((252, 0), capot_side=0), (372, 0)),
    ("K16", DEFAULT, Bid(130, C), 0, tally((75, 87), (50, 0)), (0, 340)),
]


@pytest.mark.parametrize(("name", "rules", "bid", "level", "t", "expected"), EXAMPLES)
def test_worked_examples(name: str, rules: CoincheRules, bid: Bid, level: int,
                         t: SideTally, expected: tuple[int, int]) -> None:
    assert scores(rules, bid, level, t) == expected, name


def test_multiplier_base_bid_only_multiplies_only_the_bid() -> None:
    rules = CoincheRules(multiplier_base=MultiplierBase.BID_ONLY)
    assert scores(rules, Bid(120, S), 1, tally((130, 32), belote=(20, 0))) == (420, 0)


def test_fail_base_162() -> None:
    assert scores(CoincheRules(fail_base=162), Bid(90, H), 0, tally((89, 73))) == (0, 252)


def test_round_to_10() -> None:
    rules = CoincheRules(round_to_10=True)
    assert scores(rules, Bid(100, H), 0, tally((83, 79), (20, 0))) == (200, 80)
    assert scores(rules, Bid(80, H), 0, tally((85, 77))) == (170, 80)  # 165 -> 170


def test_must_beat_defence() -> None:
    tie = tally((81, 81))
    assert scores(DEFAULT, Bid(80, H), 0, tie) == (0, 240)
    assert scores(CoincheRules(must_beat_defence=False), Bid(80, H), 0, tie) == (161, 81)


def test_belote_prenable_gives_a_failed_sides_belote_to_the_defence() -> None:
    t = tally((76, 86), belote=(20, 0))
    assert scores(CoincheRules(belote_prenable=True), Bid(100, H), 0, t) == (0, 280)


def test_capot_points_250() -> None:
    rules = CoincheRules(capot_points=250)
    deal = _play_out(CoincheDeal.from_hands(rules, _capot_hands(), dealer=3), Bid(80, S))
    assert deal.tally().trick_points == (250, 0)


def test_defence_announcements_go_to_the_defence_when_made() -> None:
    assert scores(DEFAULT, Bid(80, H), 0, tally((110, 52), (0, 50))) == (190, 102)


# --- bidding --------------------------------------------------------------------------

def _capot_hands() -> list[list]:  # type: ignore[type-arg]
    """Seat 0 holds every spade and the aces: it wins all eight tricks."""
    spades = [c for c in DECK32 if c.suit == S]
    rest = [c for c in DECK32 if c.suit != S]
    return [spades, rest[0:8], rest[8:16], rest[16:24]]


def _play_out(deal: CoincheDeal, bid: Bid) -> CoincheDeal:
    """Seat 0 bids (dealer 3), the others pass, then everyone plays his first legal card."""
    deal, _ = deal.apply(bid)
    for _ in range(3):
        deal, _ = deal.apply(Pass())
    while not deal.is_over:
        action = next(a for a in deal.legal_actions() if isinstance(a, PlayCard))
        deal, _ = deal.apply(action)
    return deal


def test_capot_is_detected_and_scored_through_play() -> None:
    deal = _play_out(CoincheDeal.from_hands(DEFAULT, _capot_hands(), dealer=3), Bid(80, S))
    result = deal.result()
    assert result is not None
    assert deal.tally().capot_side == 0
    assert result.scores == (252 + 80, 0)


def new_deal(rules: CoincheRules = DEFAULT) -> CoincheDeal:
    deal, _ = CoincheDeal.new(rules, seed=7, dealer=3)
    return deal


def test_four_passes_void_the_deal() -> None:
    deal = new_deal()
    for _ in range(4):
        deal, _ = deal.apply(Pass())
    assert deal.is_over and deal.void and deal.result() is None


def test_three_passes_after_a_bid_end_the_bidding() -> None:
    deal = new_deal()
    deal, _ = deal.apply(Bid(90, H))
    for _ in range(3):
        assert deal.phase is Phase.BIDDING
        deal, _ = deal.apply(Pass())
    assert deal.phase is Phase.PLAY and deal.taker == 0
    assert deal.trump is not None and deal.trump.suit == H
    assert deal.current_player == 0  # the dealer's right leads


def test_a_player_who_passed_may_bid_later_and_partners_may_raise() -> None:
    deal = new_deal()
    deal, _ = deal.apply(Pass())  # seat 0
    deal, _ = deal.apply(Bid(80, H))  # seat 1
    deal, _ = deal.apply(Pass())  # seat 2
    deal, _ = deal.apply(Bid(90, H))  # seat 3, partner of 1
    deal, _ = deal.apply(Bid(100, S))  # seat 0 after passing
    assert deal.contract == Bid(100, S)


def test_a_bid_must_be_higher() -> None:
    deal, _ = new_deal().apply(Bid(100, H))
    with pytest.raises(IllegalAction, match=r"^illegal.bid_higher\b"):
        deal.apply(Bid(100, S))
    assert Bid(110, S) in deal.legal_actions()
    assert Bid(CAPOT_BID, S) in deal.legal_actions()


def test_nothing_above_capot() -> None:
    deal, _ = new_deal().apply(Bid(CAPOT_BID, H))
    assert not any(isinstance(a, Bid) for a in deal.legal_actions())


def test_only_an_opponent_coinches_and_only_the_coinched_side_surcoinches() -> None:
    deal, _ = new_deal().apply(Bid(100, H))  # seat 0 bids
    assert Coinche() in deal.legal_actions()  # seat 1, an opponent
    deal, _ = deal.apply(Pass())
    with pytest.raises(IllegalAction, match=r"^illegal.coinche\b"):
        deal.apply(Coinche())  # seat 2, the partner
    deal, _ = deal.apply(Pass())
    deal, _ = deal.apply(Coinche())  # seat 3
    assert not any(isinstance(a, Bid) for a in deal.legal_actions())
    before = deal
    with pytest.raises(IllegalAction):
        deal.apply(Bid(110, H))
    assert deal is before and deal.coinche_level == 1
    deal, _ = deal.apply(Surcoinche())  # seat 0, the bidder
    assert deal.phase is Phase.PLAY and deal.coinche_level == 2


def test_three_passes_after_a_coinche_end_the_bidding() -> None:
    deal, _ = new_deal().apply(Bid(100, H))
    deal, _ = deal.apply(Coinche())
    for _ in range(3):
        deal, _ = deal.apply(Pass())
    assert deal.phase is Phase.PLAY and deal.coinche_level == 1


def test_bid_ladders() -> None:
    assert DEFAULT.bid_ladder == (80, 90, 100, 110, 120, 130, 140, 150, 160)
    rules = CoincheRules(bid_values=BidValues.V82_162)
    assert rules.bid_ladder[0] == 82 and rules.bid_ladder[-1] == 162
    assert Bid(82, H) in new_deal(rules).legal_actions()
    assert Bid(80, H) not in new_deal(rules).legal_actions()


def test_sans_atout_tout_atout_bids_only_with_the_option() -> None:
    sa = Bid(80, None, TrumpMode.NO_TRUMP)
    assert sa not in new_deal().legal_actions()
    rules = CoincheRules(sans_atout_tout_atout=True)
    deal, _ = new_deal(rules).apply(sa)
    for _ in range(3):
        deal, _ = deal.apply(Pass())
    assert deal.trump is not None and deal.trump.mode is TrumpMode.NO_TRUMP


@pytest.mark.parametrize("mode", [TrumpMode.NO_TRUMP, TrumpMode.ALL_TRUMP])
def test_no_trump_and_all_trump_deals_total_162(mode: TrumpMode) -> None:
    rules = CoincheRules(sans_atout_tout_atout=True)
    deal = _play_out(CoincheDeal.from_hands(rules, _capot_hands(), dealer=3),
                     Bid(80, None, mode))
    assert sum(t.points for t in deal.tricks) == 162


def test_packets_option_changes_the_deal() -> None:
    from game.engine.rules import Packets
    a, events_a = CoincheDeal.new(CoincheRules(), seed=3, dealer=0)
    b, events_b = CoincheDeal.new(CoincheRules(packets=Packets.P233), seed=3, dealer=0)
    assert [e.count for e in events_a[:4]] == [3, 3, 3, 3]  # type: ignore[attr-defined]
    assert [e.count for e in events_b[:4]] == [2, 2, 2, 2]  # type: ignore[attr-defined]
    assert a.hands != b.hands
