"""A tarot deal's state: its fields and the small helpers every part of the deal reads
(``TarotDeal``, in ``tarot``, is made of this and of ``tarot_contract`` and
``tarot_outcome``, each part of the deal apart, none of them above a size one can
read).  Like the whole deal, it holds every hand: the AI never imports it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from game.engine.deal import Deal
from game.engine.protocol import Action, DealResult
from game.engine.rules import TarotRules
from game.engine.tarot_cards import TarotCard
from game.engine.tarot_scoring import (
    Contract,
    MisereKind,
)
from game.engine.tarot_tricks import (
    ExcuseStatus,
    TarotPlay,
    TarotTrick,
    TarotView,
)


class Step(Enum):
    BID = "bid"
    CALL = "call"
    DISCARD = "discard"
    CHELEM = "chelem"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True, eq=False)
class TarotState(Deal[TarotView]):
    """The fields of a tarot deal (a frozen dataclass: saves, replays and interned
    actions read them), and what the parts of the deal share."""

    rules: TarotRules
    dealer: int
    hands: tuple[tuple[TarotCard, ...], ...]
    chien: tuple[TarotCard, ...]
    step: Step
    turn: int | None
    bids: tuple[tuple[int, Action], ...] = ()
    contract: Contract | None = None
    taker: int | None = None
    called: TarotCard | None = None
    partner: int | None = None  # the called card's holder (hidden until revealed)
    partner_revealed: bool = False
    ecart: tuple[TarotCard, ...] = ()
    chelem_announcer: int | None = None
    poignees: tuple[tuple[int, tuple[TarotCard, ...]], ...] = ()
    miseres: tuple[tuple[int, MisereKind], ...] = ()
    trick: tuple[TarotPlay, ...] = ()
    tricks: tuple[TarotTrick, ...] = ()
    excuse: ExcuseStatus | None = None
    outcome: DealResult | None = None
    void: bool = False  # everyone passed

    # --- helpers -----------------------------------------------------------------------

    def in_attack(self, seat: int) -> bool:
        return seat == self.taker or seat == self.partner

    def _with_hand(self, seat: int, hand: Iterable[TarotCard]) -> tuple[tuple[TarotCard, ...], ...]:
        hands = list(self.hands)
        hands[seat] = tuple(hand)
        return tuple(hands)

    def _camp_has_trick(self, seat: int, before: int) -> bool:
        camp = self.in_attack(seat)
        return any(self.in_attack(t.winner) == camp for t in self.tricks[:before])
