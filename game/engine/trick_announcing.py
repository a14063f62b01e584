"""A 32-card deal's announcements, belote-rebelote and tally: what each seat may
declare, which side's announcements score, and each side's points and tricks (a part of
``trickgame.TrickDeal``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from game.engine.announcements import (
    Announcement,
    beaten_announcements,
    best_holders,
    find_announcements,
)
from game.engine.cards import Card, Rank
from game.engine.deal_scoring import SideTally, tally_of
from game.engine.rules import AnnounceTie
from game.engine.trick_state import TrickState


class TrickAnnouncing(TrickState):
    """The announcements found, compared and shown, the belote, and the tally."""

    def with_announceable(self) -> Self:
        """Find each seat's announcements (again, after the hands changed)."""
        reuse = self.rules.card_reuse_in_announcements
        holders = [seat for seat in range(self.players)
                   if len(self._belote_pair(self.owned(seat))) == 2]
        return self.evolve(
            announceable=tuple(  # the découverte's: the face-up cards only (docs/rules.md)
                find_announcements(hand, reuse) if self.rules.announcements_played else ()
                for hand in self.hands
            ),
            belote_holder=holders[0] if holders else None,
        )

    def _belote_cards(self, seat: int) -> tuple[Card, ...]:
        """The trump K and Q while ``seat`` holds both and has not said belote yet; at
        the découverte, also the second of them once the first was played unsaid (it may
        have been face down then): "belote et rebelote" at once."""
        if self.belote_seat is not None or seat != self.belote_holder:
            return ()
        pair = self._belote_pair(self.hands[seat])
        if len(pair) == 2 or (self.piles and self._first_of_pair_played(seat)):
            return pair
        return ()

    def _first_of_pair_played(self, seat: int) -> bool:
        """The belote holder ``seat`` played one of his trump K and Q and holds the
        other face up."""
        return (len(self._belote_pair(self.hands[seat])) == 1
                and len(self._belote_pair(self.owned(seat))) == 1)

    def _belote_pair(self, hand: Sequence[Card]) -> tuple[Card, ...]:
        trump = self.trump
        if trump is None or trump.suit is None:
            return ()
        return tuple(c for c in hand if c.suit == trump.suit and c.rank in (Rank.KING, Rank.QUEEN))

    def _may_announce(self, seat: int) -> bool:
        if not (self.first_trick and self.announceable[seat]):
            return False
        return not (any(s == seat for s, _ in self.trick)
                    or any(s == seat for s, _ in self.declared))

    def _completes_belote(self, seat: int, c: Card) -> bool:
        trump = self.trump
        return (
            self.belote_seat == seat
            and not self.rebelote_done
            and trump is not None
            and c.suit == trump.suit
            and c.rank in (Rank.KING, Rank.QUEEN)
        )

    def _compare_announcements(
        self,
    ) -> tuple[tuple[int, ...], tuple[tuple[int, tuple[Announcement, ...]], ...]]:
        """The seats whose announcements score, and those announcements (shown to all)."""
        trump_suit = self.trump.suit if self.trump else None
        holders = best_holders(self.declared, trump_suit)
        if not holders:
            return (), ()
        sides = {self.side_of(s) for s in holders}
        tie = self.rules.announce_tie
        if len(sides) > 1 and tie is AnnounceTie.CANCEL:
            return (), ()
        first = holders[0]  # in play order: from the leader of trick 1
        if tie is AnnounceTie.FIRST_FROM_TAKER and self.taker is not None:
            taker = self.taker
            first = min(holders, key=lambda seat: (seat - taker) % self.players)
        side = self.side_of(first)
        seats = tuple(s for s, _ in self.declared if self.side_of(s) == side)
        shown = tuple((s, anns) for s, anns in self.declared if s in seats)
        return seats, shown

    def _shown_announcements(self) -> tuple[tuple[int, tuple[Announcement, ...]], ...]:
        if not self.validated:
            return ()
        return tuple((s, anns) for s, anns in self.declared if s in self.validated)

    def tally(self) -> SideTally:
        """Trick points, validated announcements, belote and tricks won by side."""
        points, tricks = [0] * self.players, [0] * self.players
        for t in self.tricks:
            points[t.winner] += t.points
            tricks[t.winner] += 1
        announced = [(s, sum(a.value for a in anns)) for s, anns in self._shown_announcements()]
        said = self.belote_seat if self.rebelote_done else None
        cards_left = sum(len(h) for h in self.hands)
        declared = [(s, a.kind.value, a.value) for s, anns in self._shown_announcements()
                    for a in anns]
        beaten, best = beaten_announcements(self.declared, self.validated or (),
                                            self.trump.suit if self.trump else None)
        return tally_of(self.rules, points, tricks, announced, said, finished=not cards_left,
                        declared=declared, beaten=beaten, best=best)
