"""The 78 cards of tarot: four suits of 14, 21 trumps and the Excuse (``tarot.md``).

Points are counted in **half points** (integers) so no float ever enters the scoring:
a bout or a king is 9, a queen 7, a knight 5, a jack 3, any other card 1; the deck
totals 182 (91 points).

Codes are fixed (the sprites use them): suited cards ``<rank><suit>`` with rank in
``1 2 3 4 5 6 7 8 9 T V C D R`` and suit in ``S H D C``; trumps ``A01`` … ``A21``; the
Excuse ``EXC``.  Cards are interned: one object per card, compared by identity cheaply.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from enum import IntEnum
from typing import NamedTuple


class TarotSuit(IntEnum):
    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3
    TRUMP = 4
    EXCUSE = 5

    @property
    def is_plain(self) -> bool:
        return self <= _CLUBS  # an int compared: no enum member looked up (hot)

    @property
    def symbol(self) -> str:
        return "♠♥♦♣"[self] if self.is_plain else ("atout" if self is TarotSuit.TRUMP else "")


PLAIN_SUITS = (TarotSuit.SPADES, TarotSuit.HEARTS, TarotSuit.DIAMONDS, TarotSuit.CLUBS)
# The members the card properties compare with, looked up once: reading an enum member
# from its class costs four times an identity test, and the AI's searches read these
# properties millions of times.
_CLUBS = int(TarotSuit.CLUBS)
_TRUMP = TarotSuit.TRUMP
_EXCUSE = TarotSuit.EXCUSE
JACK, KNIGHT, QUEEN, KING = 11, 12, 13, 14
PETIT, VINGT_ET_UN = 1, 21
_RANK_LETTERS = "123456789TVCDR"  # rank 1 .. 14
_SUIT_LETTERS = "SHDC"
_FACE_POINTS = {JACK: 3, KNIGHT: 5, QUEEN: 7, KING: 9}
BOUT_POINTS = 9
TOTAL_POINTS = 182  # half points: 91
CHIEN_SIZE = {3: 6, 4: 6, 5: 3}  # by the number of players: the écart's size too


class TarotCard(NamedTuple):
    suit: TarotSuit
    rank: int  # 1..14 in a plain suit (11 V, 12 C, 13 D, 14 R); 1..21 for trumps; 0 Excuse

    @property
    def code(self) -> str:
        if self.suit is _TRUMP:
            return f"A{self.rank:02d}"
        if self.suit is _EXCUSE:
            return "EXC"
        return _RANK_LETTERS[self.rank - 1] + _SUIT_LETTERS[self.suit]

    @property
    def is_trump(self) -> bool:
        return self.suit is _TRUMP

    @property
    def is_excuse(self) -> bool:
        return self.suit is _EXCUSE

    @property
    def is_bout(self) -> bool:
        suit = self.suit
        return suit is _EXCUSE or (suit is _TRUMP and self.rank in (PETIT, VINGT_ET_UN))

    @property
    def half_points(self) -> int:
        if self.is_bout:
            return BOUT_POINTS
        if self.suit <= _CLUBS:
            return _FACE_POINTS.get(self.rank, 1)
        return 1

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"TarotCard({self.code})"

    def __reduce__(self) -> tuple[Callable[[str], TarotCard], tuple[str]]:
        # A pickled or copied card comes back as the deck's own object: the rules and
        # the players compare some cards by identity (``card is EXCUSE``).
        return tarot_card, (self.code,)


DECK78: tuple[TarotCard, ...] = (
    *(TarotCard(suit, rank) for suit in PLAIN_SUITS for rank in range(1, 15)),
    *(TarotCard(TarotSuit.TRUMP, rank) for rank in range(1, 22)),
    TarotCard(TarotSuit.EXCUSE, 0),
)
_BY_CODE: dict[str, TarotCard] = {c.code: c for c in DECK78}
EXCUSE = _BY_CODE["EXC"]
THE_PETIT = _BY_CODE["A01"]
THE_21 = _BY_CODE["A21"]


def tarot_card(code: str) -> TarotCard:
    """The card of a code ('RH', 'A07', 'EXC'); raises ValueError for anything else."""
    try:
        return _BY_CODE[code]
    except KeyError:
        raise ValueError(f"not a tarot card code: {code!r}") from None


def tarot_cards(text: str) -> tuple[TarotCard, ...]:
    """Cards from space-separated codes: ``tarot_cards("RH A21 EXC")``."""
    return tuple(tarot_card(part) for part in text.split())


def suited(suit: TarotSuit, rank: int) -> TarotCard:
    return _BY_CODE[_RANK_LETTERS[rank - 1] + _SUIT_LETTERS[suit]]


def trump(rank: int) -> TarotCard:
    return _BY_CODE[f"A{rank:02d}"]


def half_points(cards: Iterable[TarotCard]) -> int:
    return sum(c.half_points for c in cards)


def count_bouts(cards: Iterable[TarotCard]) -> int:
    return sum(1 for c in cards if c.is_bout)


def sorted_tarot_hand(cards: Iterable[TarotCard]) -> tuple[TarotCard, ...]:
    """Trumps (highest first), the Excuse, then the suits alternating colours, high first."""
    order = {TarotSuit.TRUMP: 0, TarotSuit.EXCUSE: 1, TarotSuit.SPADES: 2,
             TarotSuit.HEARTS: 3, TarotSuit.CLUBS: 4, TarotSuit.DIAMONDS: 5}
    return tuple(sorted(cards, key=lambda c: (order[c.suit], -c.rank)))


def shuffled_deck78(rng: random.Random) -> list[TarotCard]:
    deck = list(DECK78)
    rng.shuffle(deck)
    return deck
