"""The hand values of the bidding (``evaluate``) and what a call asks of a hand
(``calls``), on hands counted by hand: the Expert's walks judge every sampled hand by
them, through tables of each suit's holdings and the auction read once."""

from __future__ import annotations

import dataclasses

from game.ai.calls import call_misfit, seat_misfit
from game.ai.evaluate import hand_value, suit_hand_values, suit_trump_value
from game.engine.actions import Bid, Pass
from game.engine.cards import Suit, TrumpMode, parse_cards
from game.engine.coinche import CoincheDeal
from game.engine.rules import CoincheRules

# Four spades with the jack and the nine, the ace and ten of hearts, two singletons.
HAND = parse_cards("♠J ♠9 ♠A ♠7 ♥A ♥10 ♦8 ♣7")
# Hearts as trumps: a belote, and a tierce of diamonds beside.
BELOTE_HAND = parse_cards("♥K ♥Q ♥7 ♦9 ♦10 ♦J ♠A ♣8")


def test_a_trump_suit_values_the_trumps_the_side_aces_and_the_ruffs() -> None:
    # Spades: 25 + 12 + 10 + 4, jack and nine +6, a fourth trump +8; hearts' ace and
    # ten 14 + 10; two singletons to ruff, 4 each.
    assert suit_trump_value(HAND, Suit.SPADES) == 97.0
    # Hearts: ace 10, ten 8; spades' ace 14; two trumps: no ruff.
    assert suit_trump_value(HAND, Suit.HEARTS) == 32.0
    # Diamonds: the eight 4; the side aces 14 and 14 + 10.
    assert suit_trump_value(HAND, Suit.DIAMONDS) == 42.0
    assert suit_trump_value(HAND, Suit.CLUBS) == 42.0
    # Hearts: K Q 7 (5 + 5 + 4) and the belote 20; the ace of spades 14, the ten of
    # diamonds guarded 4; three trumps: two singletons ruff, 4 each.  A tierce (20
    # points, 0.6 of it counted) beside.
    assert suit_trump_value(BELOTE_HAND, Suit.HEARTS) == 60.0
    assert hand_value(BELOTE_HAND, TrumpMode.SUIT, Suit.HEARTS) == 60.0 + 0.6 * 20


def test_every_suits_value_at_once_is_each_ones_hand_value() -> None:
    for hand in (HAND, BELOTE_HAND, parse_cards("♣A ♣10 ♣K"), ()):
        values = suit_hand_values(hand, list(Suit))
        assert values == {s: hand_value(hand, TrumpMode.SUIT, s) for s in Suit}
    assert suit_hand_values(HAND, [Suit.CLUBS]) == {Suit.CLUBS: 42.0}


def test_a_call_asks_the_hand_for_what_it_bid_and_a_pass_for_less_than_the_next_bid() -> None:
    rules = CoincheRules()
    # An opening 80 in hearts: 32 + 35 for an unknown partner, 70 wanted: 3 short.
    assert call_misfit(rules, ((1, Bid(80, Suit.HEARTS)),), 0, HAND) == 3.0
    # In spades the hand is worth it.
    assert call_misfit(rules, ((1, Bid(80, Suit.SPADES)),), 0, HAND) == 0.0
    # A first pass: spades 97 + 35 = 132, 80 the lowest bid: 53 over it.
    assert call_misfit(rules, ((1, Pass()),), 0, HAND) == 53.0
    # Partner (seat 3) opened 80 in clubs before: clubs count his 80 less the 35
    # assumed of me; spades 20, another suit's; an opponent's bid costs 5.  The pass
    # let 100 go over the opponent's 90: spades 97 + 20 - 5 = 112, 13 over 100 less one.
    bids = ((3, Bid(80, Suit.CLUBS)), (0, Bid(90, Suit.DIAMONDS)), (1, Pass()))
    assert call_misfit(rules, bids, 2, HAND) == 13.0


def test_a_seats_misfit_sums_its_calls() -> None:
    state, _ = CoincheDeal.new(CoincheRules(), 1, 0)
    bids = ((1, Bid(80, Suit.HEARTS)), (2, Pass()), (3, Pass()), (0, Pass()),
            (1, Pass()))
    view = dataclasses.replace(state.view(0), bids=bids)
    rules = CoincheRules()
    assert call_misfit(rules, bids, 4, HAND) == 0.0  # a pass behind its side's contract
    assert seat_misfit(view, 1, HAND) == call_misfit(rules, bids, 0, HAND) == 3.0
    assert seat_misfit(view, 2, HAND) == call_misfit(rules, bids, 1, HAND) > 0
