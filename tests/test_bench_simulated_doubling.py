"""The coinche and surcoinche by the calibrated simulation (bench/simulated_doubling.py)."""

from __future__ import annotations

import random

from bench.simulated_doubling import (
    doubling_decision,
    doubling_player,
    taker_edge,
    weigh_doubling,
    with_edge,
)
from game.ai import Level, decide
from game.engine.actions import Bid, Coinche, Pass, Surcoinche
from game.engine.cards import DECK32, Card, Rank, Suit, card
from game.engine.coinche import CoincheDeal
from game.engine.deal_scoring import SideTally
from game.engine.rules import CoincheRules

RULES = CoincheRules()
H, S, D, C = Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS


def hand(*cards: tuple[Suit, Rank]) -> tuple[Card, ...]:
    return tuple(card(s, r) for s, r in cards)


def deal_with(first: tuple[Card, ...], seed: int, dealer: int) -> CoincheDeal:
    """Seat 0 holds ``first``; the other 24 cards are dealt at random."""
    rest = [c for c in DECK32 if c not in first]
    random.Random(seed).shuffle(rest)
    hands = [first, *(tuple(rest[i:i + 8]) for i in range(0, 24, 8))]
    return CoincheDeal.from_hands(RULES, hands, dealer)


TOP_SPADES = hand((S, Rank.JACK), (S, Rank.NINE), (S, Rank.ACE), (S, Rank.TEN),
                  (H, Rank.ACE), (D, Rank.ACE), (C, Rank.ACE), (H, Rank.TEN))
STRONG_HEARTS = hand((H, Rank.JACK), (H, Rank.NINE), (H, Rank.ACE), (H, Rank.TEN),
                     (H, Rank.KING), (S, Rank.ACE), (D, Rank.ACE), (C, Rank.ACE))
NOTHING = hand((H, Rank.SEVEN), (H, Rank.EIGHT), (S, Rank.SEVEN), (S, Rank.EIGHT),
               (D, Rank.SEVEN), (D, Rank.EIGHT), (C, Rank.SEVEN), (C, Rank.QUEEN))


def test_it_coinches_a_contract_that_cannot_be_made() -> None:
    """110 in spades against the top spades and every ace."""
    for seed in range(3):
        deal = deal_with(TOP_SPADES, seed, dealer=2)  # seat 3 speaks first
        deal, _ = deal.apply(Bid(110, S))
        weighed = weigh_doubling(deal.view(0), Coinche(), random.Random(seed), worlds=8)
        assert weighed is not None
        decision, values = weighed
        assert decision.action == Coinche()
        assert values[Coinche()] > 100  # my side's expected score, coinched
        assert doubling_decision(deal.view(0), random.Random(seed), None).action == Coinche()


def test_it_lets_a_contract_that_clearly_makes_stand() -> None:
    """80 in hearts, and I hold nothing: a coinche would double their score."""
    for seed in range(3):
        deal = deal_with(NOTHING, seed, dealer=2)
        deal, _ = deal.apply(Bid(80, H))
        weighed = weigh_doubling(deal.view(0), Coinche(), random.Random(seed), worlds=8)
        assert weighed is not None
        decision, values = weighed
        assert decision.action == Pass()
        assert values[Coinche()] < values[Pass()] - 50  # far worse than letting it stand
        assert doubling_decision(deal.view(0), random.Random(seed), None).action != Coinche()


def test_the_calibration_lets_a_bold_bid_stand_that_the_raw_play_outs_would_coinche() -> None:
    """120 in spades against two spades, two aces and a king: the open-handed play-outs
    alone see it fail (they coinche it on these deals); the takers' edge of 48 card
    points says it makes."""
    mine = hand((S, Rank.ACE), (S, Rank.TEN), (S, Rank.SEVEN), (H, Rank.ACE),
                (D, Rank.ACE), (C, Rank.KING), (H, Rank.EIGHT), (D, Rank.SEVEN))
    for seed in range(3):
        deal = deal_with(mine, seed, dealer=2)
        deal, _ = deal.apply(Bid(120, S))
        weighed = weigh_doubling(deal.view(0), Coinche(), random.Random(seed), worlds=8)
        assert weighed is not None and weighed[0].action == Pass()


def test_it_surcoinches_a_sure_contract() -> None:
    """I bid 100 in hearts with five top hearts and three aces; they coinche."""
    for seed in range(3):
        deal = deal_with(STRONG_HEARTS, seed, dealer=3)  # seat 0 speaks first
        for action in (Bid(100, H), Pass(), Pass(), Coinche()):
            deal, _ = deal.apply(action)
        weighed = weigh_doubling(deal.view(0), Surcoinche(), random.Random(seed), worlds=8)
        assert weighed is not None and weighed[0].action == Surcoinche()


def test_without_a_coinche_to_weigh_it_calls_as_the_expert() -> None:
    deal = deal_with(STRONG_HEARTS, 0, dealer=3)  # seat 0 opens
    view = deal.view(0)
    expert = decide(view, Level.EXPERT, random.Random(1), 0.05)
    assert doubling_decision(view, random.Random(1), 0.05) == expert
    assert isinstance(expert.action, Bid)
    assert doubling_player(None).name == "doubling"


def test_the_takers_edge_moves_card_points_from_the_defence_and_grows_with_the_bid() -> None:
    tally = SideTally(trick_points=(100, 62), announcements=(0, 0), belote=(0, 20),
                      tricks_won=(5, 3), capot_side=None)
    moved = with_edge(tally, 1, 30)
    assert moved.trick_points == (70, 92) and moved.belote == (0, 20)
    assert with_edge(tally, 0, 80).trick_points == (162, 0)  # no more than the defence took
    capot = SideTally((252, 0), (0, 0), (0, 0), (8, 0), 0)
    assert with_edge(capot, 1, 30) == capot
    assert taker_edge(RULES, Bid(80, H)) == 0
    assert taker_edge(RULES, Bid(100, H)) == 24  # 12 card points for each 10 above 80
    assert 0 < taker_edge(RULES, Bid(100, H)) < taker_edge(RULES, Bid(140, H))
