"""Engine events become what the player sees and hears: cards flying (dealt, played,
collected), sounds, and the pause before the next event."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.engine.actions import (
    Announced,
    AnnouncementsShown,
    BeloteSaid,
    BidMade,
    CardPlayed,
    CardTurned,
    Coinche,
    ContractSet,
    DealVoid,
    RetourneTurned,
    SevenExchanged,
    TrickWon,
)
from game.engine.match import NewDeal
from game.engine.protocol import CardPlayedEvent, Event, PacketDealtEvent, TrickWonEvent
from game.engine.tarot import (
    ChelemDecided,
    ChienCardDealt,
    ChienShown,
    KingCalled,
    MisereDeclared,
    PoigneeShown,
    TarotCardPlayed,
    TarotContractSet,
    TarotDiscarded,
    TarotTrickWon,
)
from game.ui.kit.layout import CENTRE, Point
from game.ui.kit.tween import Tween, Tweens, ease_in_out_sine, ease_out_cubic
from game.ui.table.layout import BACK_WIDTH, TRICK_WIDTH, TableLayout
from game.ui.table.model import TableModel

# Seconds per event at normal speed: (wait before the next event, animation length).
DEAL_STAGGER = 0.05
DEAL_FLIGHT = 0.28
PLAY_FLIGHT = 0.28
TRICK_PAUSE = 0.75
LAST_TRICK_PAUSE = 1.8  # the deal's last trick stays long enough to be read
TRICK_FLIGHT = 0.38
TURN_FLIGHT = 0.4  # a découverte card turned over, after the trick
TURN_STAGGER = 0.2  # the second seat's card starts turning while the first still turns
PAUSES = {
    NewDeal: 0.35, RetourneTurned: 0.45, BidMade: 0.55, ContractSet: 0.8, DealVoid: 1.6,
    SevenExchanged: 0.8, Announced: 0.9, AnnouncementsShown: 1.4, BeloteSaid: 0.8,
    ChienCardDealt: 0.05, TarotContractSet: 0.8, KingCalled: 1.0, ChienShown: 1.6,
    TarotDiscarded: 0.25, ChelemDecided: 0.3, PoigneeShown: 1.4, MisereDeclared: 1.2,
}
SOUNDS = {
    NewDeal: "shuffle", RetourneTurned: "card_deal", BidMade: "bid", ContractSet: "bid",
    Announced: "announce", AnnouncementsShown: "announce", BeloteSaid: "announce",
    CardPlayed: "card_play", TrickWon: "trick_collect", SevenExchanged: "card_deal",
    TarotCardPlayed: "card_play", TarotTrickWon: "trick_collect", TarotContractSet: "bid",
    KingCalled: "announce", PoigneeShown: "announce", ChienShown: "card_deal",
    MisereDeclared: "announce", CardTurned: "card_deal",
}


@dataclass
class Flight:
    """A card moving across the table (a back when ``face`` is None)."""

    tween: Tween
    face: Any  # a Card or TarotCard, None for a back
    width: int
    kind: str  # "deal" (hidden in its hand until it lands), "play", "collect", "turn"
    seat: int

    @property
    def turned_over(self) -> tuple[Any, float]:
        """A card turning over ("turn"): the side seen now (None: its back, in the first
        half) and how wide it looks (1 flat, 0 on its edge at mid-turn)."""
        progress = self.tween.progress
        return (None if progress < 0.5 else self.face), abs(1 - 2 * progress)


class Animator:
    """The cards in flight, their tweens, and a trick held for the player's click."""

    def __init__(self, layout: TableLayout, model: TableModel, sound: Callable[[str], None],
                 card_position: Callable[[Any], Point | None],
                 collect_on_click: Callable[[], bool] = lambda: False) -> None:
        """``collect_on_click``: the setting (read at each trick) that holds a trick won
        until the player clicks."""
        self.layout = layout
        self.model = model
        self.sound = sound
        self.card_position = card_position  # where a card of the viewer's hand is drawn
        self.flights: list[Flight] = []
        self.tweens = Tweens()
        self.held: TrickWonEvent | None = None  # a trick waiting for a click
        self.void_message = 0.0  # seconds "all passed" stays shown
        self._collect_on_click = collect_on_click

    def on_event(self, event: Event, speed: float) -> float:
        """Start the animation and sound of ``event``; seconds before the next one."""
        sound = SOUNDS.get(type(event))
        if isinstance(event, BidMade) and isinstance(event.action, Coinche):
            sound = "coinche"
        if sound is not None:
            self.sound(sound)
        if isinstance(event, PacketDealtEvent):
            return self._deal_packet(event, speed)
        if isinstance(event, CardPlayedEvent):
            return self._fly_to_trick(event, speed)
        if isinstance(event, TrickWonEvent):
            return self._collect(event, speed)
        if isinstance(event, CardTurned):
            return self._turn_over(event, speed)
        if isinstance(event, DealVoid):
            self.void_message = PAUSES[DealVoid] * speed
        return PAUSES.get(type(event), 0.0) * speed

    def _deal_packet(self, event: PacketDealtEvent, speed: float) -> float:
        cards: list[Any] = list(event.cards) if event.cards else [None] * event.count
        target = self.layout.hand_target(event.seat)
        mine = event.seat == self.layout.viewer
        for index, face in enumerate(cards):
            tween = Tween(CENTRE, target, DEAL_FLIGHT * speed, ease_out_cubic,
                          index * DEAL_STAGGER * speed)
            width = self.layout.hand_width if mine else BACK_WIDTH
            self._fly(Flight(tween, face if mine else None, width, "deal", event.seat))
        return event.count * DEAL_STAGGER * speed

    def _fly_to_trick(self, event: CardPlayedEvent, speed: float) -> float:
        spot = self.layout.spots[event.seat]
        start = self.card_position(event.card) or spot.hand
        tween = Tween(start, spot.trick, PLAY_FLIGHT * speed, ease_out_cubic)
        self._fly(Flight(tween, event.card, TRICK_WIDTH, "play", event.seat))
        return PLAY_FLIGHT * speed

    def _turn_over(self, event: CardTurned, speed: float) -> float:
        """The découverte: the card under one just played turns face up, rising from its
        place under the pile to the face-up card's."""
        down = self.layout.decouverte_pile(event.seat, event.pile)
        up = self.layout.decouverte_pile(event.seat, event.pile, face_up=True)
        width = self.layout.hand_width if event.seat == self.layout.viewer else BACK_WIDTH
        tween = Tween(down, up, TURN_FLIGHT * speed, ease_in_out_sine)
        self._fly(Flight(tween, event.card, width, "turn", event.seat))
        return TURN_STAGGER * speed

    def _collect(self, event: TrickWonEvent, speed: float) -> float:
        """The trick goes to its winner's pile after a pause (longer for the deal's last
        trick), or, with the setting, once the player clicks."""
        if self._collect_on_click():
            self.held = event
            return math.inf
        pause = LAST_TRICK_PAUSE if not any(self.model.counts) else TRICK_PAUSE
        return self.fly_to_pile(event, pause * speed, speed)

    def fly_to_pile(self, event: TrickWonEvent, pause: float, speed: float) -> float:
        target = self.layout.pile(self.model.teams, event.seat)
        for seat, c in self.model.last_trick:
            tween = Tween(self.layout.spots[seat].trick, target, TRICK_FLIGHT * speed,
                          ease_in_out_sine, pause)
            self._fly(Flight(tween, c, TRICK_WIDTH, "collect", event.seat))
        return pause + TRICK_FLIGHT * speed

    def release_held(self, speed: float) -> float | None:
        """The held trick flies to its pile now: the seconds it takes (None if none)."""
        if self.held is None:
            return None
        event, self.held = self.held, None
        return self.fly_to_pile(event, 0.0, speed)

    def _fly(self, flight: Flight) -> None:
        self.flights.append(flight)
        self.tweens.add(flight.tween)

    def drop(self) -> None:
        """Undo: every animation in flight is dropped."""
        self.tweens.skip()
        self.flights.clear()
        self.held = None

    def update(self, dt: float) -> None:
        self.tweens.update(dt)
        self.flights = [f for f in self.flights if not f.tween.done]
        self.void_message = max(0.0, self.void_message - dt)

    def in_flight(self, kind: str) -> set[Any]:
        """The faces of the cards flying as ``kind``."""
        return {f.face for f in self.flights if f.kind == kind and f.face is not None}

    def arriving(self, seat: int) -> int:
        """How many cards dealt to ``seat`` are still in the air."""
        return sum(1 for f in self.flights if f.kind == "deal" and f.seat == seat)
