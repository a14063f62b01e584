"""What one seat may know of a 32-card deal (belote, coinche): the tricks played and the
seat's view.  No deal state: the AI imports this module, never the one that holds every
hand (``trickgame``, which re-exports these names).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.announcements import Announcement
from game.engine.cards import Card
from game.engine.protocol import Action, Phase
from game.engine.rules import TrickGameRules
from game.engine.tricks import Play, Trump

DIX_DE_DER = 10  # the last trick's bonus
BELOTE_POINTS = 20  # belote-rebelote: the trump king and queen of one hand, both played


@dataclass(frozen=True)
class Trick:
    leader: int
    plays: tuple[Play, ...]
    winner: int
    points: int

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for _, c in self.plays)


@dataclass(frozen=True)
class TrickView:
    """What one seat may know of a 32-card deal."""

    game: str
    seat: int
    players: int
    dealer: int
    phase: Phase
    current_player: int | None
    hand: tuple[Card, ...]
    legal: tuple[Action, ...]
    trump: Trump | None
    taker: int | None
    bids: tuple[tuple[int, Action], ...]
    trick: tuple[Play, ...]
    tricks: tuple[Trick, ...]
    declared: tuple[tuple[int, tuple[str, ...]], ...]
    shown_announcements: tuple[tuple[int, tuple[Announcement, ...]], ...]
    belote_seat: int | None
    retourne: Card | None = None
    bergere: Card | None = None
    contract_value: int | None = None
    coinche_level: int = 0
    # Belote classique's own: the bidding round, who stopped (the arrêt), the match's
    # totals and target (the arrêt weighs them).
    bidding_round: int = 1
    stopper: int | None = None
    match_totals: tuple[int, ...] = ()
    target: int | None = None
    rules: TrickGameRules | None = None  # the table's options: public to every seat
    # The découverte: each seat's piles, (the face-up card or None, whether a face-down
    # card lies under it); which card is face down is shown to nobody.
    table_piles: tuple[tuple[tuple[Card | None, bool], ...], ...] = ()
    aside_count: int = 0  # the contrée à deux: the cards out of the deal (never shown)

    def partner_of(self, seat: int) -> int | None:
        return (seat + 2) % 4 if self.players == 4 else None
