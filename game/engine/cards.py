"""Cards of the 32-card games (belote, coinche): suits, ranks, orders and points.

Cards are interned: there is exactly one ``Card`` object per (suit, rank), so the
engine can compare them by identity and use them as dictionary keys cheaply.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from enum import Enum, IntEnum
from typing import NamedTuple


class Suit(IntEnum):
    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def symbol(self) -> str:
        return "♠♥♦♣"[self]

    @property
    def letter(self) -> str:
        return "SHDC"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


class Rank(IntEnum):
    """Ranks in the natural order, the one sequences (tierce, cinquante...) use."""

    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        return {7: "7", 8: "8", 9: "9", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}[self]


class Card(NamedTuple):
    suit: Suit
    rank: Rank

    def __str__(self) -> str:
        return f"{self.suit.symbol}{self.rank.letter}"

    def __repr__(self) -> str:
        return f"Card({self})"

    def __reduce__(self) -> tuple[Callable[[str], Card], tuple[str]]:
        # A pickled or copied card comes back as the deck's own object: the rules and
        # the players compare some cards by identity.
        return from_code, (self.code,)

    @property
    def code(self) -> str:
        """Short stable code used in saved games: '7S', 'TH', 'JD', 'AC'."""
        return ("T" if self.rank == Rank.TEN else self.rank.letter) + self.suit.letter


class TrumpMode(Enum):
    """How trumps work in a deal: one suit is trump, none (sans-atout) or all (tout-atout)."""

    SUIT = "suit"
    NO_TRUMP = "no_trump"
    ALL_TRUMP = "all_trump"


_CARDS: dict[tuple[Suit, Rank], Card] = {
    (suit, rank): Card(suit, rank) for suit in Suit for rank in Rank
}
DECK32: tuple[Card, ...] = tuple(_CARDS[suit, rank] for suit in Suit for rank in Rank)
_BY_CODE: dict[str, Card] = {card.code: card for card in DECK32}

_SUIT_SYMBOLS = {"♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS}
_RANK_LETTERS = {rank.letter: rank for rank in Rank}


def card(suit: Suit, rank: Rank) -> Card:
    return _CARDS[suit, rank]


def parse_card(text: str) -> Card:
    """Parse '♠A', '♥10', or a code such as 'AS' / 'TH'. Raises ValueError."""
    text = text.strip()
    if text in _BY_CODE:
        return _BY_CODE[text]
    if text and text[0] in _SUIT_SYMBOLS and text[1:] in _RANK_LETTERS:
        return _CARDS[_SUIT_SYMBOLS[text[0]], _RANK_LETTERS[text[1:]]]
    raise ValueError(f"not a card: {text!r}")


def parse_cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(part) for part in text.split())


def from_code(code: str) -> Card:
    try:
        return _BY_CODE[code]
    except KeyError:
        raise ValueError(f"not a card code: {code!r}") from None


# Points and trick-taking strength.  Strength is only compared between cards of the
# same suit, so each table is a rank -> int mapping.
TRUMP_POINTS = {
    Rank.JACK: 20, Rank.NINE: 14, Rank.ACE: 11, Rank.TEN: 10,
    Rank.KING: 4, Rank.QUEEN: 3, Rank.EIGHT: 0, Rank.SEVEN: 0,
}
PLAIN_POINTS = {
    Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3,
    Rank.JACK: 2, Rank.NINE: 0, Rank.EIGHT: 0, Rank.SEVEN: 0,
}
# Coinche option `sans_atout_tout_atout`: every suit uses one of these tables.
NO_TRUMP_POINTS = {
    Rank.ACE: 19, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3,
    Rank.JACK: 2, Rank.NINE: 0, Rank.EIGHT: 0, Rank.SEVEN: 0,
}
ALL_TRUMP_POINTS = {
    Rank.JACK: 14, Rank.NINE: 9, Rank.ACE: 6, Rank.TEN: 5,
    Rank.KING: 3, Rank.QUEEN: 1, Rank.EIGHT: 0, Rank.SEVEN: 0,
}

_TRUMP_ORDER = (Rank.SEVEN, Rank.EIGHT, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE,
                Rank.NINE, Rank.JACK)
_PLAIN_ORDER = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING,
                Rank.TEN, Rank.ACE)
TRUMP_STRENGTH = {rank: i for i, rank in enumerate(_TRUMP_ORDER)}
PLAIN_STRENGTH = {rank: i for i, rank in enumerate(_PLAIN_ORDER)}


def sorted_hand(cards: Iterable[Card], trump: Suit | None = None) -> tuple[Card, ...]:
    """Cards grouped by suit (trumps first once known), strongest first in each suit."""

    def key(c: Card) -> tuple[int, int, int]:
        is_trump = c.suit == trump
        strength = TRUMP_STRENGTH[c.rank] if is_trump else PLAIN_STRENGTH[c.rank]
        return (0 if is_trump else 1, _SUIT_DISPLAY_ORDER[c.suit], -strength)

    return tuple(sorted(cards, key=key))


# Alternate colours when showing a hand: spades, hearts, clubs, diamonds.
_SUIT_DISPLAY_ORDER = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.CLUBS: 2, Suit.DIAMONDS: 3}


def shuffled_deck32(rng: random.Random) -> list[Card]:
    deck = list(DECK32)
    rng.shuffle(deck)
    return deck


def codes(cards: Sequence[Card]) -> list[str]:
    return [c.code for c in cards]
