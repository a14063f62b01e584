"""A 32-card deal's state (belote, coinche): its fields and the small helpers every
part of the deal reads (``trickgame.TrickDeal`` is made of this and of
``trick_announcing``).  Like the whole deal, it holds every hand: the AI never imports
it."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.announcements import Announcement
from game.engine.cards import Card
from game.engine.deal import Deal
from game.engine.protocol import Action, DealResult, Phase
from game.engine.rules import TrickGameRules
from game.engine.trick_view import Trick, TrickView
from game.engine.tricks import Play, Trump

# The découverte: a pile on the table, (its face-up card, the face-down card under it);
# None where the card was played or turned over.
Pile = tuple[Card | None, Card | None]


@dataclass(frozen=True, eq=False)
class TrickState(Deal[TrickView]):
    """The fields of a 32-card deal (a frozen dataclass: saves, replays and interned
    actions read them), and the seats' sides."""

    rules: TrickGameRules
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    phase: Phase
    turn: int | None
    trump: Trump | None = None
    taker: int | None = None
    bids: tuple[tuple[int, Action], ...] = ()
    trick: tuple[Play, ...] = ()
    tricks: tuple[Trick, ...] = ()
    # Announcements declared in trick 1, in play order; ``validated`` is the seats that
    # score theirs, fixed when the first card of trick 2 is played.
    declared: tuple[tuple[int, tuple[Announcement, ...]], ...] = ()
    validated: tuple[int, ...] | None = None
    # What each seat could declare, found once when the play starts.
    announceable: tuple[tuple[Announcement, ...], ...] = ()
    belote_seat: int | None = None
    belote_holder: int | None = None  # who holds trump K and Q when the play starts
    rebelote_done: bool = False
    outcome: DealResult | None = None
    void: bool = False  # everyone passed
    piles: tuple[tuple[Pile, ...], ...] = ()  # the découverte's, per seat (hands: face up)

    # --- helpers -------------------------------------------------------------------------

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.rules.has_teams else seat

    @property
    def sides(self) -> int:
        return 2 if self.rules.has_teams else self.players

    def partner_of(self, seat: int) -> int | None:
        return (seat + 2) % 4 if self.players == 4 else None

    @property
    def first_trick(self) -> bool:
        return not self.tricks

    def owned(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` still has: his hand, or his face-up and face-down cards."""
        if not self.piles:
            return self.hands[seat]
        return self.hands[seat] + tuple(down for _, down in self.piles[seat] if down)
