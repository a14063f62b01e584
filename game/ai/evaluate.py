"""Hand evaluation for the bidding: how many card points a hand should bring its side.

The figures are rough "expected points" weights: a trump jack is a sure trick worth about
25 points with what falls on it, a side ace about 14, length in trumps controls the
deal.  They are tuned against the arena (``bench/arena.py``), not derived.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from game.engine.announcements import find_announcements
from game.engine.cards import Card, Rank, Suit, TrumpMode
from game.engine.trick_view import BELOTE_POINTS

TRUMP_WEIGHTS = {
    Rank.JACK: 25, Rank.NINE: 12, Rank.ACE: 10, Rank.TEN: 8,
    Rank.KING: 5, Rank.QUEEN: 5, Rank.EIGHT: 4, Rank.SEVEN: 4,
}
NINE_WITH_JACK = 6  # J and 9 together hold the two top trumps
TRUMP_LENGTH_BONUS = 8  # each trump beyond three
SIDE_ACE = 14
SIDE_TEN_WITH_ACE = 10
SIDE_TEN_GUARDED = 4
SHORT_SUIT_RUFF = {0: 8, 1: 4}  # a void or singleton side suit with three trumps or more
ANNOUNCEMENT_SHARE = 0.6  # announcements score only if they are the table's best


def by_suit(hand: Sequence[Card]) -> dict[Suit, list[Rank]]:
    suits: dict[Suit, list[Rank]] = {s: [] for s in Suit}
    for c in hand:
        suits[c.suit].append(c.rank)
    return suits


def suit_trump_value(hand: Sequence[Card], trump: Suit) -> float:
    """Points a hand brings its side as takers with ``trump`` as trump."""
    suits = by_suit(hand)
    trumps = suits[trump]
    value = float(sum(TRUMP_WEIGHTS[r] for r in trumps))
    if Rank.JACK in trumps and Rank.NINE in trumps:
        value += NINE_WITH_JACK
    value += TRUMP_LENGTH_BONUS * max(0, len(trumps) - 3)
    if Rank.KING in trumps and Rank.QUEEN in trumps:
        value += BELOTE_POINTS
    for suit, ranks in suits.items():
        if suit == trump:
            continue
        value += side_suit_value(ranks)
        if len(trumps) >= 3:
            value += SHORT_SUIT_RUFF.get(len(ranks), 0)
    return value


def side_suit_value(ranks: Sequence[Rank]) -> float:
    value = 0.0
    if Rank.ACE in ranks:
        value += SIDE_ACE
        if Rank.TEN in ranks:
            value += SIDE_TEN_WITH_ACE
    elif Rank.TEN in ranks and len(ranks) >= 3:
        value += SIDE_TEN_GUARDED
    return value


def no_trump_value(hand: Sequence[Card]) -> float:
    """Sans-atout: aces (19 points each) and the tens behind them, long solid suits."""
    value = 0.0
    for ranks in by_suit(hand).values():
        if Rank.ACE in ranks:
            value += 24
            if Rank.TEN in ranks:
                value += 14 + 4 * max(0, len(ranks) - 3)
        elif Rank.TEN in ranks and len(ranks) >= 3:
            value += 4
    return value


def all_trump_value(hand: Sequence[Card]) -> float:
    """Tout-atout: jacks (14) and nines (9) win every suit's tricks."""
    value = 0.0
    for ranks in by_suit(hand).values():
        if Rank.JACK in ranks:
            value += 22 + (14 if Rank.NINE in ranks else 0)
        elif Rank.NINE in ranks and len(ranks) >= 2:
            value += 6
    return value


def hand_value(hand: Sequence[Card], mode: TrumpMode, suit: Suit | None,
               announcements: bool = True) -> float:
    if mode is TrumpMode.NO_TRUMP:
        value = no_trump_value(hand)
    elif mode is TrumpMode.ALL_TRUMP:
        value = all_trump_value(hand)
    else:
        assert suit is not None
        value = suit_trump_value(hand, suit)
    if announcements:
        value += ANNOUNCEMENT_SHARE * _announcements_value(frozenset(hand))
    return value


@functools.lru_cache(maxsize=4096)
def _announcements_value(hand: frozenset[Card]) -> int:
    """Cached: the Expert's sampled deals judge the same hands for each trump again."""
    return sum(a.value for a in find_announcements(sorted(hand)))


def defence_value(hand: Sequence[Card], mode: TrumpMode, suit: Suit | None) -> float:
    """Points a hand should take against a contract (for the coinche)."""
    if mode is not TrumpMode.SUIT:
        return hand_value(hand, mode, suit, announcements=False)
    suits = by_suit(hand)
    trumps = suits[suit] if suit is not None else []
    value = 0.0
    if Rank.JACK in trumps:
        value += 25
    if Rank.NINE in trumps and (Rank.JACK in trumps or len(trumps) >= 2):
        value += 16
    if Rank.ACE in trumps and len(trumps) >= 3:
        value += 10
    value += 6 * max(0, len(trumps) - 2)  # trumps the takers must spend to draw
    for s, ranks in suits.items():
        if s != suit and Rank.ACE in ranks:
            value += 12 + (6 if Rank.TEN in ranks else 0)
    return value
