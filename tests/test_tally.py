"""One tally: the deal, the Expert's rollouts and the bidding simulation build a deal's
tally with the engine's ``tally_of``; a capot counts as the rules say on every path."""

from __future__ import annotations

from game.ai.bid_search import play_out
from game.ai.deal_value import finished_tally
from game.engine.actions import Pass, PlayCard, bid
from game.engine.cards import Suit, parse_cards
from game.engine.coinche import CoincheDeal
from game.engine.deal_scoring import tally_of
from game.engine.match import Match
from game.engine.protocol import Phase
from game.engine.rules import BeloteRules, CoincheRules
from game.engine.tricks import Trump

# Seat 0 holds every trump (hearts): its side takes every trick, whoever leads.
CAPOT_HANDS = [
    parse_cards("♥J ♥9 ♥A ♥10 ♥K ♥Q ♥8 ♥7"),
    parse_cards("♠Q ♠J ♠9 ♠8 ♠7 ♦Q ♦J ♦9"),
    parse_cards("♠A ♠10 ♦A ♦10 ♣A ♣10 ♠K ♦K"),
    parse_cards("♦8 ♦7 ♣K ♣Q ♣J ♣9 ♣8 ♣7"),
]


def test_a_capot_is_worth_the_capot_not_the_card_points() -> None:
    # Coinche: one team took the 162 points (152 + dix de der) in 8 tricks.
    tally = tally_of(CoincheRules(), (120, 0, 42, 0), (5, 0, 3, 0))
    assert tally.trick_points == (252, 0) and tally.capot_side == 0
    assert tally_of(CoincheRules(capot_points=250), (162, 0, 0, 0), (8, 0, 0, 0)) \
        .trick_points == (250, 0)
    # Not a capot: the card points as taken.
    assert tally_of(CoincheRules(), (120, 42, 0, 0), (7, 1, 0, 0)).trick_points == (120, 42)


def test_a_capot_with_cards_left_undealt_counts_only_the_points_that_played() -> None:
    # Belote at three: seat 1 took every trick, 130 points of which 10 are the dix de
    # der, so 32 card points never played: 252 - 32 = 220.
    tally = tally_of(BeloteRules(players=3), (0, 130, 0), (0, 10, 0))
    assert tally.trick_points == (0, 220, 0) and tally.capot_side == 1


def test_an_unfinished_deal_has_no_capot() -> None:
    tally = tally_of(CoincheRules(), (40, 0, 0, 0), (2, 0, 0, 0), finished=False)
    assert tally.trick_points == (40, 0) and tally.capot_side is None


def test_announcements_and_belote_count_for_their_side() -> None:
    tally = tally_of(CoincheRules(), (80, 40, 0, 42), (4, 2, 0, 2),
                     announced=[(1, 20), (3, 50)], belote_seat=2)
    assert tally.announcements == (0, 70) and tally.belote == (20, 0)
    assert tally.trick_points == (80, 82)


def test_the_deal_scores_a_capot() -> None:
    deal = CoincheDeal.from_hands(CoincheRules(), CAPOT_HANDS, dealer=3)
    deal, _ = deal.apply(bid(80, Suit.HEARTS))  # seat 0 takes
    for _ in range(3):
        deal, _ = deal.apply(Pass())
    assert deal.phase is Phase.PLAY
    while deal.phase is Phase.PLAY:
        deal, _ = deal.apply(next(a for a in deal.legal_actions() if isinstance(a, PlayCard)))
    assert deal.tally().trick_points == (252, 0)
    assert deal.tally().capot_side == 0


def test_the_bidding_simulation_scores_a_capot() -> None:
    tally = play_out(CAPOT_HANDS, Trump.of_suit(Suit.HEARTS), taker=0, leader=1,
                     rules=CoincheRules())
    assert tally.trick_points == (252, 0) and tally.capot_side == 0
    assert tally.belote == (20, 0)  # seat 0 holds the trump king and queen


def test_the_rollouts_score_a_capot() -> None:
    match, _ = Match.new(CoincheRules(), 3)
    view = match.view(0).deal
    assert view.players == 4
    points = [100, 0, 62, 0]  # seats 0 and 2 took the 8 tricks
    tally = finished_tally(view, CoincheRules(), points, [6, 0, 2, 0], belote_seat=None)
    assert tally.trick_points == (252, 0)
    three, _ = Match.new(BeloteRules(players=3), 3)
    tally = finished_tally(three.view(0).deal, BeloteRules(players=3), [0, 0, 130],
                           [0, 0, 10], belote_seat=None)
    assert tally.trick_points == (0, 0, 220)
