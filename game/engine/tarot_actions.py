"""Actions and events of tarot (``tarot.md``): what players do and what the table sees.

Kept apart from the deal state so that players (the AI, the UI) may import them without
importing a module that holds a whole deal.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.protocol import (
    Action,
    CardPlayAction,
    CardPlayedEvent,
    Event,
    PacketDealtEvent,
    PassAction,
    TrickWonEvent,
    register_action,
    register_codec,
)
from game.engine.tarot_cards import DECK78, TarotCard, tarot_card
from game.engine.tarot_scoring import Contract, MisereKind, PoigneeKind

register_codec(TarotCard, lambda c: c.code, tarot_card)


# --- actions -----------------------------------------------------------------------------


@register_action
@dataclass(frozen=True)
class TarotPass(PassAction):
    def describe(self) -> str:
        return "pass"


@register_action
@dataclass(frozen=True)
class TarotBid(Action):
    contract: Contract

    def describe(self) -> str:
        return self.contract.label


@register_action
@dataclass(frozen=True)
class CallKing(Action):
    """Five players: the taker calls a card (a king, or a queen holding the four kings...)."""

    card: TarotCard

    def describe(self) -> str:
        return f"call {self.card}"


@register_action
@dataclass(frozen=True)
class TarotDiscard(Action):
    """One card of the écart (the taker makes it one card at a time)."""

    card: TarotCard

    def describe(self) -> str:
        return f"discard {self.card}"


@register_action
@dataclass(frozen=True)
class AnnounceChelem(Action):
    def describe(self) -> str:
        return "announce a chelem"


@register_action
@dataclass(frozen=True)
class DeclineChelem(Action):
    def describe(self) -> str:
        return "no chelem"


@register_action
@dataclass(frozen=True)
class ShowPoignee(Action):
    """Show trumps (and at most the Excuse) just before one's first card.

    ``legal_actions`` lists one poignée per kind (the lowest trumps, see
    ``poignee_choices``); any other valid choice of trumps is accepted too."""

    cards: tuple[TarotCard, ...]

    def describe(self) -> str:
        return f"poignée of {len(self.cards)}"


@register_action
@dataclass(frozen=True)
class DeclareMisere(Action):
    """Option ``misere``: declare, just before one's first card, a hand dealt without a
    trump (``trump``) or without a head (``heads``); the table hears it."""

    kind: MisereKind

    def describe(self) -> str:
        return f"misère ({self.kind.value})"


@register_action
@dataclass(frozen=True)
class TarotPlayCard(CardPlayAction):
    card: TarotCard

    def describe(self) -> str:
        return f"play {self.card}"


PASS = TarotPass()
BID_OF = {c: TarotBid(c) for c in Contract}
ANNOUNCE, DECLINE = AnnounceChelem(), DeclineChelem()
# Interned actions: legal-action lists are rebuilt on every move, and ``is_legal`` finds
# an interned action by identity.
PLAY_OF: dict[TarotCard, TarotPlayCard] = {c: TarotPlayCard(c) for c in DECK78}
DISCARD_OF: dict[TarotCard, TarotDiscard] = {c: TarotDiscard(c) for c in DECK78}
MISERE_OF = {kind: DeclareMisere(kind) for kind in MisereKind}
CALL_OF: dict[TarotCard, CallKing] = {c: CallKing(c) for c in DECK78 if c.suit.is_plain}


# --- events ------------------------------------------------------------------------------


@dataclass(frozen=True)
class TarotPacketDealt(PacketDealtEvent):
    """A packet dealt to ``seat``; ``cards`` is None in the other seats' views."""

    seat: int
    count: int
    cards: tuple[TarotCard, ...] | None

    def visible_to(self, seat: int) -> Event:
        return self if seat == self.seat else TarotPacketDealt(self.seat, self.count, None)


@dataclass(frozen=True)
class ChienCardDealt(Event):
    """One card put face down in the chien."""


@dataclass(frozen=True)
class PetitSecShown(Event):
    """The seat's only trump is the Petit, without the Excuse: it shows its hand, the
    deal is void and the same dealer deals again."""

    seat: int
    hand: tuple[TarotCard, ...]


@dataclass(frozen=True)
class TarotContractSet(Event):
    taker: int
    contract: Contract


@dataclass(frozen=True)
class KingCalled(Event):
    taker: int
    card: TarotCard


@dataclass(frozen=True)
class ChienShown(Event):
    cards: tuple[TarotCard, ...]


@dataclass(frozen=True)
class TarotDiscarded(Event):
    """A card of the écart: seen by the taker only, unless it is a trump (shown to all)."""

    seat: int
    card: TarotCard | None

    def visible_to(self, seat: int) -> Event:
        card = self.card
        if seat == self.seat or card is None or card.is_trump:
            return self
        return TarotDiscarded(self.seat, None)


@dataclass(frozen=True)
class ChelemDecided(Event):
    seat: int
    announced: bool


@dataclass(frozen=True)
class PoigneeShown(Event):
    seat: int
    kind: PoigneeKind
    cards: tuple[TarotCard, ...]


@dataclass(frozen=True)
class MisereDeclared(Event):
    seat: int
    kind: MisereKind


@dataclass(frozen=True)
class TarotCardPlayed(CardPlayedEvent):
    seat: int
    card: TarotCard


@dataclass(frozen=True)
class PartnerRevealed(Event):
    """The called card was played (or seen in the chien): ``partner`` None, alone."""

    partner: int | None


@dataclass(frozen=True)
class TarotTrickWon(TrickWonEvent):
    seat: int
    cards: tuple[TarotCard, ...]
    last: bool


@dataclass(frozen=True)
class ExcuseExchanged(Event):
    """The Excuse's owner gave a half-point card to the camp of ``to_seat``."""

    owner: int
    to_seat: int
