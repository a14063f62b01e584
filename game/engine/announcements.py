"""Announcements (annonces): sequences and carrés, their values and their comparison.

Sequences run in the natural order 7 8 9 10 J Q K A of one suit: tierce (3) 20,
cinquante (4) 50, cent (5 or more) 100; a run of 8 is a cent and a tierce.  Carrés:
jacks 200, nines 150, aces / tens / kings / queens 100 (eights and sevens score nothing).
Unless ``card_reuse_in_announcements`` is on, a card counts in one announcement only, and
the player's announcements are the combination worth the most.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from game.engine.cards import DECK32, PLAIN_STRENGTH, Card, Rank, Suit


class Kind(Enum):
    TIERCE = "tierce"
    CINQUANTE = "cinquante"
    CENT = "cent"
    CARRE = "carre"


SEQUENCE_VALUES = {3: (Kind.TIERCE, 20), 4: (Kind.CINQUANTE, 50), 5: (Kind.CENT, 100)}
CARRE_VALUES = {
    Rank.JACK: 200, Rank.NINE: 150, Rank.ACE: 100, Rank.TEN: 100, Rank.KING: 100,
    Rank.QUEEN: 100,
}


@dataclass(frozen=True)
class Announcement:
    kind: Kind
    cards: tuple[Card, ...]  # a sequence from its lowest card up; a carré by suit
    value: int

    @property
    def top(self) -> Card:
        return self.cards[-1]

    def rank_key(self, trump: Suit | None) -> tuple[int, int, int, int]:
        """Bigger is better: value, then a carré over a sequence of the same value, then
        the top card, then being in trumps."""
        if self.kind is Kind.CARRE:
            return (self.value, 1, PLAIN_STRENGTH[self.top.rank], 0)
        return (self.value, 0, int(self.top.rank), int(self.top.suit == trump))

    def __str__(self) -> str:
        return f"{self.kind.value} ({' '.join(str(c) for c in self.cards)})"


def _sequence_announcements(run: Sequence[Card]) -> list[Announcement]:
    """A run of 3..8 consecutive cards: one announcement, or a cent and a tierce for 8."""
    if len(run) == 8:
        return [_sequence(run[:3]), _sequence(run[3:])]
    return [_sequence(run)]


def _sequence(run: Sequence[Card]) -> Announcement:
    kind, value = SEQUENCE_VALUES[min(len(run), 5)]
    return Announcement(kind, tuple(run), value)


def _runs(cards: Iterable[Card]) -> list[list[Card]]:
    """Maximal runs of three or more consecutive ranks in one suit."""
    by_suit: dict[Suit, list[Card]] = {}
    for c in cards:
        by_suit.setdefault(c.suit, []).append(c)
    runs: list[list[Card]] = []
    for suit_cards in by_suit.values():
        suit_cards.sort(key=lambda c: c.rank)
        current: list[Card] = []
        for c in suit_cards:
            if current and c.rank == current[-1].rank + 1:
                current.append(c)
            else:
                if len(current) >= 3:
                    runs.append(current)
                current = [c]
        if len(current) >= 3:
            runs.append(current)
    return runs


def _carres(cards: Iterable[Card]) -> list[Announcement]:
    by_rank: dict[Rank, list[Card]] = {}
    for c in cards:
        by_rank.setdefault(c.rank, []).append(c)
    return [
        Announcement(Kind.CARRE, tuple(sorted(group, key=lambda c: c.suit)), CARRE_VALUES[rank])
        for rank, group in by_rank.items()
        if len(group) == 4 and rank in CARRE_VALUES
    ]


_SUIT_AND_BIT = {c: (int(c.suit), 1 << int(c.rank)) for c in DECK32}


def _may_announce(hand: Sequence[Card]) -> bool:
    """A quick test that rules out most hands: three ranks in a row in one suit, or
    four cards of one rank."""
    masks = [0, 0, 0, 0]
    for c in hand:
        suit, bit = _SUIT_AND_BIT[c]
        masks[suit] |= bit
    spades, hearts, diamonds, clubs = masks
    return bool(spades & hearts & diamonds & clubs) or any(
        m & (m >> 1) & (m >> 2) for m in masks
    )


def find_announcements(hand: Sequence[Card], card_reuse: bool = False) -> tuple[Announcement, ...]:
    """The announcements a hand makes, the most valuable combination when cards may not
    be shared between announcements."""
    if not _may_announce(hand):
        return ()
    carres = _carres(hand)
    if card_reuse:
        sequences = [a for run in _runs(hand) for a in _sequence_announcements(run)]
        return tuple(carres + sequences)
    best: tuple[Announcement, ...] = ()
    best_value = -1
    for size in range(len(carres) + 1):
        for chosen in itertools.combinations(carres, size):
            used = {c for a in chosen for c in a.cards}
            rest = [c for c in hand if c not in used]
            combo = tuple(chosen) + tuple(
                a for run in _runs(rest) for a in _sequence_announcements(run)
            )
            value = sum(a.value for a in combo)
            if value > best_value:
                best, best_value = combo, value
    return best


def best_of(announcements: Iterable[Announcement], trump: Suit | None) -> Announcement | None:
    return max(announcements, key=lambda a: a.rank_key(trump), default=None)


def best_holders(
    declared: Sequence[tuple[int, tuple[Announcement, ...]]], trump: Suit | None
) -> list[int]:
    """The seats whose best announcement is the best of all, in the order of
    ``declared`` (play order).  Empty when nobody declared; the caller applies
    ``announce_tie`` when these seats are on different sides."""
    bests = [(seat, best_of(anns, trump)) for seat, anns in declared if anns]
    keys = [(seat, a.rank_key(trump)) for seat, a in bests if a is not None]
    if not keys:
        return []
    top_key = max(key for _, key in keys)
    return [seat for seat, key in keys if key == top_key]


AnnouncementWords = tuple[int, str, str]  # seat, kind, top ("K"; a carré's "carre_J")


def announcement_top(announcement: Announcement) -> str:
    """What tells two announcements of a kind apart on the score sheet: a sequence's
    top card, a carré's rank."""
    letter = announcement.top.rank.letter
    return f"carre_{letter}" if announcement.kind is Kind.CARRE else letter


def beaten_announcements(
    declared: Sequence[tuple[int, tuple[Announcement, ...]]], validated: Sequence[int],
    trump: Suit | None,
) -> tuple[tuple[AnnouncementWords, ...], AnnouncementWords | None]:
    """The announcements declared that do not score, and the best announcement, the one
    that beat them (None when none scores: equal best on both sides cancelled)."""
    beaten = tuple((seat, a.kind.value, announcement_top(a)) for seat, anns in declared
                   if seat not in validated for a in anns)
    scoring = [(seat, a) for seat, anns in declared if seat in validated for a in anns]
    if not beaten or not scoring:
        return beaten, None
    seat, best = max(scoring, key=lambda pair: pair[1].rank_key(trump))
    return beaten, (seat, best.kind.value, announcement_top(best))
