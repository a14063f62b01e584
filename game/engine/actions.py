"""Actions and events of the 32-card games (belote classique and coinche)."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.announcements import Announcement, Kind
from game.engine.cards import DECK32, Card, Suit, TrumpMode, from_code
from game.engine.protocol import (
    Action,
    CardPlayAction,
    CardPlayedEvent,
    DealResult,
    Event,
    PacketDealtEvent,
    PassAction,
    TrickWonEvent,
    register_action,
    register_codec,
)
from game.engine.tricks import Trump

register_codec(Card, lambda c: c.code, from_code)

CAPOT_BID = 250


@register_action
@dataclass(frozen=True)
class Pass(PassAction):
    def describe(self) -> str:
        return "pass"


@register_action
@dataclass(frozen=True)
class Take(Action):
    """Belote, round 1: "je prends", trump is the retourne's suit."""

    def describe(self) -> str:
        return "take"


@register_action
@dataclass(frozen=True)
class ChooseTrump(Action):
    """Belote, round 2: name another suit as trump."""

    suit: Suit

    def describe(self) -> str:
        return f"take at {self.suit.symbol}"


@register_action
@dataclass(frozen=True)
class ChooseMode(Action):
    """Belote, round 2 with ``sans_atout_tout_atout``: take at sans-atout or tout-atout."""

    mode: TrumpMode

    def describe(self) -> str:
        return f"take at {self.mode.value}"


@register_action
@dataclass(frozen=True)
class Bid(Action):
    """Coinche: a value (``CAPOT_BID`` for capot) and a trump (a suit, or the whole
    deck as no-trump / all-trump with the ``sans_atout_tout_atout`` option)."""

    value: int
    suit: Suit | None = None
    mode: TrumpMode = TrumpMode.SUIT

    @property
    def is_capot(self) -> bool:
        return self.value == CAPOT_BID

    def describe(self) -> str:
        what = self.suit.symbol if self.suit is not None else self.mode.value
        return f"{'capot' if self.is_capot else self.value} {what}"


@register_action
@dataclass(frozen=True)
class Coinche(Action):
    def describe(self) -> str:
        return "coinche"


@register_action
@dataclass(frozen=True)
class Surcoinche(Action):
    def describe(self) -> str:
        return "surcoinche"


@register_action
@dataclass(frozen=True)
class ExchangeSeven(Action):
    """Belote à 2 / 3: swap the 7 of trump for the retourne (``Pass`` keeps it)."""

    def describe(self) -> str:
        return "exchange the 7 of trump"


@register_action
@dataclass(frozen=True)
class Announce(Action):
    """Declare one's announcements with the first card (the engine finds the best)."""

    def describe(self) -> str:
        return "announce"


@register_action
@dataclass(frozen=True)
class PlayCard(CardPlayAction):
    """Play a card; ``belote`` says "belote" with the first of the trump K and Q."""

    card: Card
    belote: bool = False

    def describe(self) -> str:
        return f"play {self.card}" + (" (belote)" if self.belote else "")


_PLAYS: dict[tuple[Card, bool], PlayCard] = {}
_BIDS: dict[tuple[int, Suit | None, TrumpMode], Bid] = {}


def play(c: Card, belote: bool = False) -> PlayCard:
    """The interned ``PlayCard`` (legal-action lists are rebuilt on every move)."""
    key = (c, belote)
    action = _PLAYS.get(key)
    if action is None:
        action = _PLAYS[key] = PlayCard(c, belote)
    return action


PLAY_OF: dict[Card, PlayCard] = {}  # card -> its plain PlayCard, filled below


def bid(value: int, suit: Suit | None, mode: TrumpMode = TrumpMode.SUIT) -> Bid:
    """The interned ``Bid``."""
    key = (value, suit, mode)
    action = _BIDS.get(key)
    if action is None:
        action = _BIDS[key] = Bid(value, suit, mode)
    return action


@register_action
@dataclass(frozen=True)
class Stop(Action):
    """Belote classique, option ``arret``: "j'arrête"."""

    def describe(self) -> str:
        return "stop (arrêt)"


# --- events ----------------------------------------------------------------------------


@dataclass(frozen=True)
class PacketDealt(PacketDealtEvent):
    """``count`` cards dealt to ``seat``; ``cards`` is None in the views of other seats."""

    seat: int
    count: int
    cards: tuple[Card, ...] | None

    def visible_to(self, seat: int) -> Event:
        return self if seat == self.seat else PacketDealt(self.seat, self.count, None)


@dataclass(frozen=True)
class AsideLaid(Event):
    """The contrée à deux: ``count`` cards left face down out of the deal (never shown:
    the event does not carry them)."""

    count: int


@dataclass(frozen=True)
class FaceDownDealt(PacketDealtEvent):
    """The découverte: ``count`` cards laid face down before ``seat``.  They are hidden
    from every seat, their owner's included: the event never carries them."""

    seat: int
    count: int
    cards: None = None


@dataclass(frozen=True)
class FaceUpDealt(PacketDealtEvent):
    """The découverte: ``cards`` laid face up before ``seat``, one on each face-down
    card: public."""

    seat: int
    count: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class CardTurned(Event):
    """The découverte, after a trick: the card that lay under the one ``seat`` played
    from pile ``pile`` is turned over, face up and playable (public)."""

    seat: int
    pile: int
    card: Card


@dataclass(frozen=True)
class RetourneTurned(Event):
    card: Card


@dataclass(frozen=True)
class BergereShown(Event):
    card: Card


@dataclass(frozen=True)
class BidMade(Event):
    seat: int
    action: Action


@dataclass(frozen=True)
class ContractSet(Event):
    taker: int
    trump: Trump  # a suit, sans-atout or tout-atout, as a value
    value: int | None = None  # coinche only
    coinche_level: int = 0


@dataclass(frozen=True)
class DealVoid(Event):
    """Everyone passed: the cards are gathered and the next dealer deals."""


@dataclass(frozen=True)
class SevenExchanged(Event):
    seat: int
    seven: Card
    retourne: Card


@dataclass(frozen=True)
class Announced(Event):
    seat: int
    kinds: tuple[Kind, ...]


@dataclass(frozen=True)
class AnnouncementsShown(Event):
    """At the first card of trick 2: the announcements that score (None: nobody's)."""

    seats: tuple[int, ...]
    announcements: tuple[tuple[int, tuple[Announcement, ...]], ...]


@dataclass(frozen=True)
class BeloteSaid(Event):
    seat: int
    rebelote: bool


@dataclass(frozen=True)
class CardPlayed(CardPlayedEvent):
    seat: int
    card: Card


@dataclass(frozen=True)
class TrickWon(TrickWonEvent):
    seat: int
    cards: tuple[Card, ...]
    points: int
    last: bool


@dataclass(frozen=True)
class Stopped(Event):
    seat: int


@dataclass(frozen=True)
class DealScored(Event):
    result: DealResult


PLAY_OF.update({c: play(c) for c in DECK32})
