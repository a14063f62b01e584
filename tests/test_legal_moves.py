"""The FFB legal-move examples L1-L14 of shared/rules/README.md, under each option."""

from __future__ import annotations

import pytest

from game.engine.cards import Suit, parse_cards
from game.engine.rules import (
    BeloteRules,
    CoincheRules,
    OvertrumpPartner,
    PartnerRuff,
    TrickGameRules,
)
from game.engine.tricks import Trump, legal_cards

S, H = Suit.SPADES, Suit.HEARTS
CLASSIC = BeloteRules()
COINCHE = CoincheRules()
RELAXED = CoincheRules(overtrump_partner_when_trump_led=OvertrumpPartner.RELAXED)
NO_UNDER = CoincheRules(partner_ruff=PartnerRuff.NO_UNDERTRUMP)
MUST_OVER = CoincheRules(partner_ruff=PartnerRuff.MUST_OVERTRUMP)

# (name, trump, trick so far (the player before me last), my hand, rules, expected)
CASES = [
    ("L1", H, "♠A", "♠7 ♠K ♥J ♣A", CLASSIC, "♠7 ♠K"),
    ("L1", H, "♠A", "♠7 ♠K ♥J ♣A", COINCHE, "♠7 ♠K"),
    ("L2", H, "♥9 ♥7", "♥J ♥8 ♦A ♣10", CLASSIC, "♥J"),
    ("L2", H, "♥9 ♥7", "♥J ♥8 ♦A ♣10", COINCHE, "♥J"),
    ("L2", H, "♥9 ♥7", "♥J ♥8 ♦A ♣10", RELAXED, "♥J ♥8"),
    ("L3", H, "♥A", "♥8 ♥K ♠A", CLASSIC, "♥8 ♥K"),
    ("L3", H, "♥A", "♥8 ♥K ♠A", COINCHE, "♥8 ♥K"),
    ("L4", S, "♦A", "♠7 ♠Q ♣A ♥10", CLASSIC, "♠7 ♠Q"),
    ("L4", S, "♦A", "♠7 ♠Q ♣A ♥10", COINCHE, "♠7 ♠Q"),
    ("L5", S, "♦A ♦7", "♠7 ♣A ♥10", CLASSIC, "♠7 ♣A ♥10"),
    ("L5", S, "♦A ♦7", "♠7 ♣A ♥10", COINCHE, "♠7 ♣A ♥10"),
    ("L6", S, "♦K ♦A", "♠9 ♣A ♥10", CLASSIC, "♠9"),
    ("L6", S, "♦K ♦A", "♠9 ♣A ♥10", COINCHE, "♠9"),
    ("L7", S, "♦A ♦8 ♠10", "♠9 ♠7 ♣A", CLASSIC, "♠9"),
    ("L7", S, "♦A ♦8 ♠10", "♠9 ♠7 ♣A", COINCHE, "♠9"),
    ("L8", S, "♦A ♦8 ♠10", "♠8 ♠7 ♣A ♥K", CLASSIC, "♠8 ♠7"),
    ("L8", S, "♦A ♦8 ♠10", "♠8 ♠7 ♣A ♥K", COINCHE, "♠8 ♠7 ♣A ♥K"),
    ("L9", S, "♦A ♠10 ♣7", "♠9 ♠7 ♥A", CLASSIC, "♠9 ♠7 ♥A"),
    ("L9", S, "♦A ♠10 ♣7", "♠9 ♠7 ♥A", COINCHE, "♠9 ♠7 ♥A"),
    ("L9", S, "♦A ♠10 ♣7", "♠9 ♠7 ♥A", NO_UNDER, "♠9 ♥A"),
    ("L10", S, "♦A ♠10 ♦7", "♠9 ♠7", CLASSIC, "♠9 ♠7"),
    ("L10", S, "♦A ♠10 ♦7", "♠9 ♠7", COINCHE, "♠9 ♠7"),
    ("L10", S, "♦A ♠10 ♦7", "♠9 ♠7", MUST_OVER, "♠9"),
    ("L11", S, "♦A ♠8 ♠A", "♠10 ♠7 ♣K", CLASSIC, "♠10 ♠7"),
    ("L11", S, "♦A ♠8 ♠A", "♠10 ♠7 ♣K", COINCHE, "♠10 ♠7 ♣K"),
    ("L12", S, "♦A", "♣A ♥7", CLASSIC, "♣A ♥7"),
    ("L12", S, "♦A", "♣A ♥7", COINCHE, "♣A ♥7"),
    ("L13", H, "♥10 ♥9 ♥7", "♥J ♥A ♣8", CLASSIC, "♥J"),
    ("L13", H, "♥10 ♥9 ♥7", "♥J ♥A ♣8", COINCHE, "♥J"),
    ("L13", H, "♥10 ♥9 ♥7", "♥J ♥A ♣8", RELAXED, "♥J ♥A"),
    ("L14", S, "♦A ♠8", "♠9 ♠7 ♣A", CLASSIC, "♠9"),
    ("L14", S, "♦A ♠8", "♠9 ♠7 ♣A", COINCHE, "♠9"),
]


def legal_for_me(trump: Suit, trick_text: str, hand_text: str, rules: TrickGameRules) -> set[str]:
    """I am seat 0; my partner is seat 2; the trick was led by the right number of seats
    before me, so the seat order is 4 - len(trick), ..., 3."""
    cards = parse_cards(trick_text)
    trick = [((4 - len(cards) + i) % 4, c) for i, c in enumerate(cards)]
    legal = legal_cards(parse_cards(hand_text), trick, Trump.of_suit(trump), rules, partner=2)
    return {str(c) for c in legal}


@pytest.mark.parametrize(("name", "trump", "trick", "hand", "rules", "expected"), CASES)
def test_ffb_legal_move_examples(
    name: str, trump: Suit, trick: str, hand: str, rules: TrickGameRules, expected: str
) -> None:
    assert legal_for_me(trump, trick, hand, rules) == set(expected.split()), name


def test_each_player_for_himself_has_no_partner_exemption() -> None:
    # At three players the ♦A is an opponent's card even at the "partner" position.
    legal = legal_cards(parse_cards("♠7 ♣A"), [(2, parse_cards("♦A")[0])],
                        Trump.of_suit(S), BeloteRules(players=3), partner=None)
    assert [str(c) for c in legal] == ["♠7"]
