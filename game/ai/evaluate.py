"""Hand evaluation for the bidding: how many card points a hand should bring its side.

The figures are rough "expected points" weights: a trump jack is a sure trick worth about
25 points with what falls on it, a side ace about 14, length in trumps controls the
deal.  They are tuned against the arena (``bench/arena.py``), not derived.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from game.engine.announcements import find_announcements
from game.engine.cards import DECK32, Card, Rank, Suit, TrumpMode
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
    return _trump_value(_rank_masks(hand), trump)


def trump_holding_value(ranks: Sequence[Rank]) -> int:
    """``suit_trump_value``'s part for the trumps held, ``ranks``."""
    value = sum(TRUMP_WEIGHTS[r] for r in ranks)
    if Rank.JACK in ranks and Rank.NINE in ranks:
        value += NINE_WITH_JACK
    value += TRUMP_LENGTH_BONUS * max(0, len(ranks) - 3)
    if Rank.KING in ranks and Rank.QUEEN in ranks:
        value += BELOTE_POINTS
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


# Every holding of one suit as a mask of its ranks (bit ``rank - 7``), and its parts of
# ``suit_trump_value``: read from tables, the Expert's sampled hands are judged for each
# trump without sorting them again.  Every part is a whole number of points, so the sum
# is the same in any order.
_HOLDINGS = [[r for r in Rank if mask >> (r - Rank.SEVEN) & 1] for mask in range(1 << 8)]
_TRUMP_PART = tuple(trump_holding_value(ranks) for ranks in _HOLDINGS)
_SIDE_PART = tuple(int(side_suit_value(ranks)) for ranks in _HOLDINGS)
_RUFF_PART = tuple(SHORT_SUIT_RUFF.get(len(ranks), 0) for ranks in _HOLDINGS)
_RUFFING = tuple(len(ranks) >= 3 for ranks in _HOLDINGS)  # trumps enough to ruff
_SUIT_AND_BIT = {c: (c.suit, 1 << (c.rank - Rank.SEVEN)) for c in DECK32}


def _rank_masks(hand: Sequence[Card]) -> list[int]:
    masks = [0, 0, 0, 0]
    for c in hand:
        suit, bit = _SUIT_AND_BIT[c]
        masks[suit] |= bit
    return masks


def _trump_value(masks: Sequence[int], trump: Suit) -> float:
    """``suit_trump_value`` of the hand whose rank masks by suit are ``masks``."""
    trumps = masks[trump]
    value = _TRUMP_PART[trumps]
    ruffing = _RUFFING[trumps]
    for suit, mask in enumerate(masks):
        if suit != trump:
            value += _SIDE_PART[mask] + (_RUFF_PART[mask] if ruffing else 0)
    return float(value)


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


def suit_hand_values(hand: Sequence[Card], trumps: Sequence[Suit]) -> dict[Suit, float]:
    """``hand_value(hand, TrumpMode.SUIT, s)`` for each suit ``s`` of ``trumps``, the hand
    sorted by suit once (the calls' misfit judges every sampled hand for several)."""
    masks = _rank_masks(hand)
    bonus = ANNOUNCEMENT_SHARE * _announcements_value(frozenset(hand))
    return {s: _trump_value(masks, s) + bonus for s in trumps}


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
