"""The coinche Expert's bidding by simulation: worlds that fit the calls, deals played
out to the table's scoring, legal and reproducible calls, sensible ones on clear hands."""

from __future__ import annotations

import random

import pytest

from game.ai import Level, decide
from game.ai.bid_search import (
    expert_coinche_bidding,
    play_out,
    sample_deals,
)
from game.ai.bidding import coinche_bidding
from game.ai.calls import calls_misfit
from game.engine.actions import Bid, Coinche, Pass
from game.engine.cards import DECK32, Card, Rank, Suit, TrumpMode, card
from game.engine.coinche import CoincheDeal
from game.engine.protocol import Phase
from game.engine.rules import CoincheRules
from game.engine.tricks import Trump

RULES = CoincheRules()
H, S, D, C = Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS


def hand(*cards: tuple[Suit, Rank]) -> tuple[Card, ...]:
    return tuple(card(s, r) for s, r in cards)


def deal_with(first: tuple[Card, ...], seed: int, dealer: int = 3) -> CoincheDeal:
    """Seat 0 holds ``first``; the other 24 cards are dealt at random."""
    rest = [c for c in DECK32 if c not in first]
    random.Random(seed).shuffle(rest)
    hands = [first, *(tuple(rest[i:i + 8]) for i in range(0, 24, 8))]
    return CoincheDeal.from_hands(RULES, hands, dealer)


STRONG_HEARTS = hand((H, Rank.JACK), (H, Rank.NINE), (H, Rank.ACE), (H, Rank.TEN),
                     (H, Rank.KING), (S, Rank.ACE), (D, Rank.ACE), (C, Rank.ACE))
NOTHING = hand((H, Rank.SEVEN), (H, Rank.EIGHT), (S, Rank.SEVEN), (S, Rank.EIGHT),
               (D, Rank.SEVEN), (D, Rank.EIGHT), (C, Rank.SEVEN), (C, Rank.QUEEN))


@pytest.mark.kernel
def test_a_deal_played_out_counts_every_point_once() -> None:
    rng = random.Random(1)
    for seed in range(20):
        deck = list(DECK32)
        rng.shuffle(deck)
        hands = [tuple(deck[i:i + 8]) for i in range(0, 32, 8)]
        suit = rng.choice(list(Suit))
        tally = play_out(hands, Trump(TrumpMode.SUIT, suit), seed % 4, (seed + 1) % 4, RULES)
        assert sum(tally.tricks_won) == 8
        if tally.capot_side is None:
            assert sum(tally.trick_points) == 162
        else:
            assert tally.trick_points[tally.capot_side] == RULES.capot_points
        pair = {card(suit, Rank.KING), card(suit, Rank.QUEEN)}
        holder = next((s for s, h in enumerate(hands) if pair <= set(h)), None)
        assert sum(tally.belote) == (0 if holder is None else 20)
        if holder is not None:
            assert tally.belote[holder % 2] == 20


def test_sampled_worlds_deal_exactly_the_hidden_cards() -> None:
    view = deal_with(STRONG_HEARTS, 2).view(0)
    for hands in sample_deals(view, random.Random(3), 10):
        assert sorted(hands[0]) == sorted(STRONG_HEARTS)
        assert all(len(h) == 8 for h in hands)
        assert sorted(c for h in hands for c in h) == sorted(DECK32)


def test_a_bid_from_a_hand_that_cannot_support_it_makes_the_world_unlikely() -> None:
    deal = deal_with(NOTHING, 4, dealer=2)  # seat 3 speaks first, then seat 0
    deal, _ = deal.apply(Bid(120, H))
    view = deal.view(0)
    fair = hand((H, Rank.JACK), (H, Rank.SEVEN), (H, Rank.EIGHT), (S, Rank.NINE),
                (S, Rank.KING), (D, Rank.SEVEN), (C, Rank.SEVEN), (C, Rank.EIGHT))
    strong = calls_misfit(view, [NOTHING, (), (), STRONG_HEARTS])
    short = calls_misfit(view, [NOTHING, (), (), fair])
    weak = calls_misfit(view, [NOTHING, (), (), NOTHING])
    assert strong == 0.0
    assert weak > short > strong  # the further from the bid, the less likely
    assert weak > 40


def test_an_opening_pass_from_a_strong_hand_is_unlikely() -> None:
    deal = deal_with(NOTHING, 5, dealer=2)
    deal, _ = deal.apply(Pass())
    view = deal.view(0)
    assert calls_misfit(view, [NOTHING, (), (), NOTHING]) == 0.0
    assert calls_misfit(view, [NOTHING, (), (), STRONG_HEARTS]) > 20


def bidding_views(count: int) -> list[object]:
    """Views of seats about to call, along Confirmé auctions."""
    views = []
    for seed in range(count):
        deal, _ = CoincheDeal.new(RULES, seed, seed % 4)
        while not deal.is_over and deal.phase is Phase.BIDDING:
            seat = deal.current_player
            assert seat is not None
            views.append(deal.view(seat))
            deal, _ = deal.apply(coinche_bidding(deal.view(seat)).action)
    return views


@pytest.mark.kernel
def test_the_expert_calls_legally_and_reproducibly() -> None:
    views = bidding_views(6)
    assert len(views) >= 20
    for k, view in enumerate(views):
        decision = decide(view, Level.EXPERT, random.Random(k), think=None)
        assert decision.action in view.legal
        assert decision.reason
        assert decide(view, Level.EXPERT, random.Random(k), think=None) == decision


@pytest.mark.kernel
def test_the_expert_opens_a_strong_hand_in_its_suit_and_passes_nothing() -> None:
    for seed in range(3):
        strong = expert_coinche_bidding(deal_with(STRONG_HEARTS, seed).view(0),
                                        random.Random(seed)).action
        assert isinstance(strong, Bid) and strong.suit is H and strong.value >= 100
        weak = expert_coinche_bidding(deal_with(NOTHING, seed).view(0),
                                      random.Random(seed)).action
        assert weak == Pass()


def test_the_expert_leaves_the_coinche_to_the_confirme_and_coinches_a_sure_defeat() -> None:
    """The opponents bid 160 in spades; I hold the top spades and every ace."""
    mine = hand((S, Rank.JACK), (S, Rank.NINE), (S, Rank.ACE), (S, Rank.TEN),
                (H, Rank.ACE), (D, Rank.ACE), (C, Rank.ACE), (H, Rank.TEN))
    deal = deal_with(mine, 6, dealer=2)  # seat 3 speaks first
    deal, _ = deal.apply(Bid(160, S))
    view = deal.view(0)
    assert expert_coinche_bidding(view, random.Random(0)) == coinche_bidding(view)
    assert coinche_bidding(view).action == Coinche()
