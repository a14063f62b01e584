"""The table: the viewer's hand, the other hands as backs, the trick, the piles, who
deals, who took, the contract, whose turn it is, bids and announcements as speech
bubbles; the bidding panels and the play buttons.  Events from the controller become
tweens and sounds here."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.engine.actions import (
    CAPOT_BID,
    Announce,
    Announced,
    AnnouncementsShown,
    BeloteSaid,
    BidMade,
    CardPlayed,
    Coinche,
    ContractSet,
    DealScored,
    DealVoid,
    RetourneTurned,
    SevenExchanged,
    Stop,
    TrickWon,
)
from game.engine.announcements import find_announcements
from game.engine.cards import Card
from game.engine.games import deck_of
from game.engine.match import Match, MatchOver, NewDeal
from game.engine.protocol import (
    Action,
    CardPlayedEvent,
    Event,
    PacketDealtEvent,
    Phase,
    TrickWonEvent,
)
from game.engine.tarot import (
    AnnounceChelem,
    ChelemDecided,
    ChienCardDealt,
    ChienShown,
    DeclareMisere,
    DeclineChelem,
    KingCalled,
    MisereDeclared,
    PoigneeShown,
    ShowPoignee,
    TarotCardPlayed,
    TarotContractSet,
    TarotDiscarded,
    TarotTrickWon,
)
from game.i18n import tr, tr_n
from game.ui import routes
from game.ui.app import LOGICAL, App, Scene
from game.ui.assets import CARD_RATIO
from game.ui.bidding import BidPanel
from game.ui.controller import Controller, GameConfig
from game.ui.ecart import EcartChooser
from game.ui.glossary import FirstTimeNotes, terms_of
from game.ui.layout import CENTRE, Point, pile_spot, seat_spots
from game.ui.model import trump_key
from game.ui.poignee import PoigneeChooser
from game.ui.tween import Tween, Tweens, ease_in_out_sine, ease_out_cubic
from game.ui.widgets import (
    CREAM,
    GLOW,
    GOLD,
    INK,
    Button,
    blit_text,
    bubble,
    bubble_rect,
    card_shadow,
    dim_overlay,
    focus_ring,
    halo,
    panel,
    rotated,
    text,
    vignette,
)
from game.ui.words import (
    hint_text,
    say_text,
    seat_after,
    seat_name,
    tarot_contract_words,
)

HAND_WIDTH = 100
BACK_WIDTH = 54
TRICK_WIDTH = 88
PILE_WIDTH = 50
SHOWN_WIDTH = 48
HAND_TOP = 588
HAND_SPAN = 840  # the widest fan, clear of the name plate and the buttons
RAISE = 26
HOVER = 12
SELECT_RAISE = 18  # the card chosen with the arrows stands out above the legal ones
SETTLE = 0.3  # seconds the player's new choices are shown before a click may take one
PLAY_BUTTON_X = 860
BID_HISTORY_ROWS = 10
BID_ROW = 20

# Seconds per event at normal speed: (wait before the next event, animation length).
DEAL_STAGGER = 0.05
DEAL_FLIGHT = 0.28
PLAY_FLIGHT = 0.28
TRICK_PAUSE = 0.75
LAST_TRICK_PAUSE = 1.8  # the deal's last trick stays long enough to be read
TRICK_FLIGHT = 0.38
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
    MisereDeclared: "announce",
}


@dataclass
class Flight:
    """A card moving across the table (a back when ``face`` is None)."""

    tween: Tween
    face: Any  # a Card or TarotCard, None for a back
    width: int
    kind: str  # "deal" (hidden in its hand until it lands), "play", "collect"
    seat: int


class TableScene(Scene):
    route = routes.TABLE

    def __init__(self, app: App, config: GameConfig, match: Match | None = None) -> None:
        """A new match of ``config``, or ``match`` resumed from the save."""
        super().__init__(app)
        self.config = config
        # The match host owns the match (saves, statistics); this scene shows it.
        self.controller: Controller = app.host.start(config, match,
                                                     speed=app.settings.speed_factor,
                                                     think=app.settings.expert_think)
        self.controller.on_event = self.on_event
        app.keep(self)  # "Continue" comes back to this table
        self.model = self.controller.model
        players, viewer = config.rules.players, self.controller.viewer
        self.spots = seat_spots(players, viewer, config.rules.direction)
        self.left_handed = False  # the layout now (follows the setting at every frame)
        self.flights: list[Flight] = []
        self.tweens = Tweens()
        self.hover: Card | None = None
        self.selected: Any = None  # the card chosen with the arrow keys
        self.play_focus: int | None = None  # the play button chosen with ↑, ↓ or Tab
        self.show_last = False
        self.void_message = 0.0
        self.turn_announced = False
        self.shown_turn: int | None = None
        self.bid_panel = BidPanel(self)
        self.poignee = PoigneeChooser(self)
        self.ecart = EcartChooser(self.controller)
        self.notes = FirstTimeNotes()
        self.menu_button = Button(pygame.Rect(12, 676, 120, 36), _label("table.menu"),
                                  self.to_menu, size=24)
        self.last_button = Button(pygame.Rect(1108, 676, 160, 36), _label("table.last_trick"),
                                  self.toggle_last, size=24)
        self.undo_button = Button(pygame.Rect(1108, 592, 160, 36), _label("table.undo"),
                                  self.undo, size=24,
                                  enabled=app.session is None or app.session.undo_allowed)
        self.hint_button = Button(pygame.Rect(1108, 634, 160, 36), _label("table.hint"),
                                  self.show_hint, size=24)
        self.buttons = [self.menu_button, self.last_button, self.undo_button, self.hint_button]
        self._follow_handedness()
        self._play_buttons: tuple[tuple[Action, ...], list[Button]] = ((), [])
        self.hint: tuple[str, Any, int] | None = None  # text, suggested card, at action
        self.held: TrickWonEvent | None = None  # a trick waiting for a click
        self._asked: tuple[int, bool] = (-1, False)  # (actions applied, human to act)
        self.asked_for = 0.0  # seconds the player's current choices have been shown

    # --- scenes ------------------------------------------------------------------------

    def to_menu(self) -> None:
        self.app.pop_to(routes.MENU)

    def show_score_pad(self) -> None:
        routes.open_score_pad(self.app, self)

    def show_hint(self) -> None:
        self.controller.request_hint()

    def _take_hint(self) -> None:
        """Show the Expert's suggestion as soon as it has thought."""
        decision = self.controller.hint()
        if decision is None or self.current_hint() is not None:
            return
        card = getattr(decision.action, "card", None)
        words = hint_text(decision.reason, decision.reason_args)
        self.hint = (words, card, self.controller.actions_applied)
        if card is not None:
            self.selected = card  # Enter or Space plays the suggested card

    def current_hint(self) -> tuple[str, Any] | None:
        """The hint asked for this move (gone once anyone acts)."""
        if self.hint is None or self.hint[2] != self.controller.actions_applied:
            return None
        return self.hint[0], self.hint[1]

    def undo(self) -> None:
        """Take back the player's last move: the animations in flight are dropped."""
        self.tweens.skip()
        self.flights.clear()
        self.show_last = False
        self.held = None
        self.controller.undo()

    def toggle_last(self) -> None:
        self.show_last = not self.show_last and bool(self.model.last_trick)

    def dispose(self) -> None:
        """The match is abandoned for good (a new one starts)."""
        self.controller.close()

    # --- events from the controller: animations and sounds ------------------------------

    def on_event(self, event: Event) -> float:
        """Start the animation and sound of ``event``; seconds before the next one."""
        speed = self.controller.speed
        sound = SOUNDS.get(type(event))
        if isinstance(event, BidMade) and isinstance(event.action, Coinche):
            sound = "coinche"
        if sound is not None:
            self.app.sound(sound)
        if isinstance(event, PacketDealtEvent):
            return self._deal_packet(event, speed)
        if isinstance(event, CardPlayedEvent):
            return self._fly_to_trick(event, speed)
        if isinstance(event, TrickWonEvent):
            return self._collect(event, speed)
        if isinstance(event, DealVoid):
            self.void_message = PAUSES[DealVoid] * speed
        if isinstance(event, DealScored):
            self._scored()
            return 0.2 * speed
        if isinstance(event, MatchOver):
            self._match_over(event)
            return 0.0
        return PAUSES.get(type(event), 0.0) * speed

    def _deal_packet(self, event: PacketDealtEvent, speed: float) -> float:
        cards: list[Any] = list(event.cards) if event.cards else [None] * event.count
        target = self.hand_target(event.seat)
        for index, face in enumerate(cards):
            tween = Tween(CENTRE, target, DEAL_FLIGHT * speed, ease_out_cubic,
                          index * DEAL_STAGGER * speed)
            shown = face if event.seat == self.controller.viewer else None
            width = self.hand_width if event.seat == self.controller.viewer else BACK_WIDTH
            self._fly(Flight(tween, shown, width, "deal", event.seat))
        return event.count * DEAL_STAGGER * speed

    def _fly_to_trick(self, event: CardPlayedEvent, speed: float) -> float:
        start = self.card_position(event.card) or self.spots[event.seat].hand
        tween = Tween(start, self.spots[event.seat].trick, PLAY_FLIGHT * speed, ease_out_cubic)
        self._fly(Flight(tween, event.card, TRICK_WIDTH, "play", event.seat))
        return PLAY_FLIGHT * speed

    def _collect(self, event: TrickWonEvent, speed: float) -> float:
        """The trick goes to its winner's pile after a pause (longer for the deal's last
        trick), or, with the setting, once the player clicks."""
        if self.app.settings.collect_on_click:
            self.held = event
            return math.inf
        pause = LAST_TRICK_PAUSE if not any(self.model.counts) else TRICK_PAUSE
        return self._fly_to_pile(event, pause * speed, speed)

    def _fly_to_pile(self, event: TrickWonEvent, pause: float, speed: float) -> float:
        target = pile_spot(self.model.teams, self.controller.viewer, event.seat, self.spots)
        for seat, c in self.model.last_trick:
            tween = Tween(self.spots[seat].trick, target, TRICK_FLIGHT * speed,
                          ease_in_out_sine, pause)
            self._fly(Flight(tween, c, TRICK_WIDTH, "collect", event.seat))
        return pause + TRICK_FLIGHT * speed

    def collect_held(self) -> None:
        """The player's click takes the trick that waited for it."""
        if self.held is not None:
            event, self.held = self.held, None
            self.controller.release(self._fly_to_pile(event, 0.0, self.controller.speed))

    def _fly(self, flight: Flight) -> None:
        self.flights.append(flight)
        self.tweens.add(flight.tween)

    def _scored(self) -> None:
        self.app.go(routes.SCORE_SHEET, table=self)

    def _match_over(self, event: MatchOver) -> None:
        viewer_side = self.model.side_of(self.controller.viewer)
        self.app.sound("win" if event.winner == viewer_side else "lose")
        self.app.go(routes.MATCH_END, table=self)

    # --- input ---------------------------------------------------------------------------

    @property
    def accepts_choice(self) -> bool:
        """Clicks and Enter reach the player's choices (panel, play buttons, cards) only
        once no animation runs and the choices have been on screen for ``SETTLE``
        seconds: a click meant for the animation never lands on a button that has just
        appeared under it."""
        return not self.tweens.busy and self.controller.idle and self.asked_for >= SETTLE

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event.key, getattr(event, "mod", 0) | pygame.key.get_mods())
            return
        for button in self.buttons:
            if button.handle(event):
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self.score_rect().collidepoint(event.pos):
            self.show_score_pad()  # the score box opens the score pad
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and not self.accepts_choice:
            self._click_while_busy()
            return
        if self.bid_panel.handle(event):
            return
        if self.poignee.handle(event):
            return
        if self.ecart.handle(event, self.card_at):
            return
        if self.play_buttons_handle(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.card_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)

    def _key(self, key: int, mods: int = 0) -> None:
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            self._arrow(key, bool(mods & pygame.KMOD_SHIFT))
        elif key == pygame.K_l:
            self.toggle_last()
        elif key == pygame.K_z and ctrl_held():
            self.undo()
        elif key == pygame.K_h:
            self.show_hint()
        elif key == pygame.K_s:
            self.show_score_pad()
        elif key == pygame.K_ESCAPE:
            self.to_menu()
        elif key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self._enter()

    def _arrow(self, key: int, shift: bool) -> None:
        """Arrows and Tab move between the bid panel's buttons when it is shown, otherwise
        ← and → move the selection along the hand."""
        back = key in (pygame.K_LEFT, pygame.K_UP) or (key == pygame.K_TAB and shift)
        if self.bid_panel.visible:
            self.bid_panel.move_focus(-1 if back else 1)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.play_focus = None
            self.move_selection(-1 if back else 1)
        else:
            self.move_play_focus(-1 if back else 1)

    def move_play_focus(self, step: int) -> None:
        """↑, ↓ and Tab go through the play buttons (announce, arrêt, poignée)."""
        count = len(self.play_buttons())
        if not count:
            return
        current = (-1 if step > 0 else 0) if self.play_focus is None else self.play_focus
        self.play_focus = (current + step) % count

    def move_selection(self, step: int) -> None:
        """The next card of the hand on screen (from the first legal one the first time)."""
        cards = [c for c, _ in self.hand_layout()]
        if not cards:
            return
        if self.selected not in cards:
            legal = [c for c in cards if c in self.controller.legal_cards()] or cards
            self.selected = legal[0] if step > 0 else legal[-1]
            return
        self.selected = cards[(cards.index(self.selected) + step) % len(cards)]

    def _enter(self) -> None:
        """Enter or Space: end the animation running; otherwise press the chosen bid
        button or play the chosen card."""
        if not self.accepts_choice:
            self._click_while_busy()
        elif self.bid_panel.visible:
            self.bid_panel.press_focused()
        elif self.ecart.active:
            self._enter_ecart()
        elif self.play_focus is not None and self.play_focus < len(self.play_buttons()):
            self.play_buttons()[self.play_focus].on_click()
            self.play_focus = None
        elif self.selected in self.controller.legal_cards() and not self.poignee.active:
            self.controller.play_card(self.selected)

    def _enter_ecart(self) -> None:
        """Enter on a card chosen with the arrows moves it in or out of the écart; with
        none chosen, Enter confirms a complete écart."""
        if self.selected in self.model.hand:
            self.ecart.toggle(self.selected)
        elif self.ecart.confirm.enabled:
            self.ecart.validate()

    def _click_while_busy(self) -> None:
        """A click or Enter before the player's choices have settled: it only ends the
        animation running (or the last trick shown), or collects the trick waiting."""
        if self.held is not None:
            self.collect_held()
        elif self.show_last:
            self.show_last = False
        elif self.tweens.busy or not self.controller.idle:
            self.skip()

    def _click(self, pos: Point) -> None:
        self.selected = None  # the mouse takes over from the keyboard
        if self.show_last:
            self.show_last = False
            return
        c = self.card_at(pos)
        if c is not None:
            self.controller.play_card(c)

    def skip(self) -> None:
        self.tweens.skip()
        self.controller.skip()

    def play_actions(self) -> list[tuple[Action, Callable[[], str]]]:
        """The extra buttons beside the play: announce, arrêt, poignées, misères, and the
        tarot taker's chelem when no écart came before (garde sans or contre, a resumed deal)."""
        actions: list[tuple[Action, Callable[[], str]]] = []
        for action in self.controller.human_legal():
            if isinstance(action, Announce):
                actions.append((action, self.announce_label()))
            elif isinstance(action, Stop):
                actions.append((action, _label("table.stop")))
            elif isinstance(action, ShowPoignee):
                actions.append((action, _label("table.poignee_size", count=len(action.cards))))
            elif isinstance(action, AnnounceChelem | DeclineChelem):
                key = "tarot.announce_chelem" if isinstance(action, AnnounceChelem) \
                    else "tarot.no_chelem"
                actions.append((action, _label(key)))
            elif isinstance(action, DeclareMisere):
                actions.append((action, _label(f"table.misere_{action.kind.value}")))
        return actions

    def announce_label(self) -> Callable[[], str]:
        """The Announce button says what it declares, found from the viewer's own hand
        as the engine finds it (the most valuable combination)."""
        reuse = bool(getattr(self.config.rules, "card_reuse_in_announcements", False))
        kinds = [a.kind.value for a in find_announcements(list(self.model.hand), reuse)]
        if not kinds:
            return _label("table.announce")
        return lambda: tr("table.announce_kinds",
                          kinds=", ".join(tr(f"kind.{kind}") for kind in kinds))

    def play_buttons(self) -> list[Button]:
        """The buttons of ``play_actions``, rebuilt only when those change (a button
        keeps its hover state between frames)."""
        if self.poignee.active:
            return self.poignee.buttons()
        actions = self.play_actions()
        key = tuple(action for action, _ in actions)
        if key != self._play_buttons[0]:
            x = PLAY_BUTTON_X if not self.left_handed else LOGICAL[0] - PLAY_BUTTON_X - 210
            buttons = [Button(pygame.Rect(x, 504 - index * 48, 210, 42), label,
                              self._press(action), size=26)
                       for index, (action, label) in enumerate(actions)]
            self._play_buttons = (key, buttons)
            self.play_focus = None
        return self._play_buttons[1]

    def _press(self, action: Action) -> Callable[[], None]:
        """A play button: a poignée first lets the player choose its trumps."""
        if isinstance(action, ShowPoignee):
            return self.poignee.starter(action)
        return _act(self.controller, action)

    def play_buttons_handle(self, event: pygame.event.Event) -> bool:
        return any(button.handle(event) for button in self.play_buttons())

    # --- the frame -----------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.controller.speed = self.app.settings.speed_factor
        self.controller.think = self.app.settings.expert_think
        self.tweens.update(dt)
        self.flights = [f for f in self.flights if not f.tween.done]
        self.void_message = max(0.0, self.void_message - dt)
        self.controller.update(dt)
        self._time_the_choices(dt)
        self._follow_handedness()
        self._take_hint()
        self.bid_panel.refresh()
        self.poignee.refresh()
        self.ecart.refresh()
        self.notes.notice(self.terms_shown())
        self.notes.update(dt)
        self.hint_button.enabled = bool(self.controller.human_legal())
        session = self.app.session
        self.undo_button.enabled = session is None or session.undo_allowed
        if self.controller.human_to_act and not self.turn_announced:
            self.app.sound("your_turn")
        self.turn_announced = self.controller.human_to_act

    def _time_the_choices(self, dt: float) -> None:
        """How long the player's current choices have been shown (from 0 each time the
        table asks him something new)."""
        asked = (self.controller.actions_applied, self.controller.human_to_act)
        if asked != self._asked or self.tweens.busy:
            self._asked, self.asked_for = asked, 0.0
        else:
            self.asked_for += dt

    # --- geometry ------------------------------------------------------------------------

    def _follow_handedness(self) -> None:
        """Left-handed: the viewer's name plate, bubble and pile, the side buttons and the
        play buttons change sides (the hand's order is reversed in ``hand_layout``)."""
        wanted = self.app.settings.left_handed
        if wanted == self.left_handed:
            return
        self.left_handed = wanted
        for button in self.buttons:
            button.rect.x = mirrored_x(button.rect)
        viewer = self.controller.viewer
        spot = self.spots[viewer]
        self.spots[viewer] = dataclasses.replace(
            spot, plate=mirrored(spot.plate), bubble=mirrored(spot.bubble),
            pile=mirrored(spot.pile))
        self._play_buttons = ((), [])

    @property
    def deck(self) -> str:
        return deck_of(self.model.game)

    @property
    def hand_width(self) -> int:
        return 92 if self.deck == "tarot" else HAND_WIDTH

    def hand_layout(self) -> list[tuple[Any, pygame.Rect]]:
        """The viewer's cards and where they are drawn (raised when legal)."""
        hand = self.model.hand[::-1] if self.left_handed else self.model.hand
        if not hand:
            return []
        if self.ecart.active:  # every card keeps its place: a chosen one leaves a gap
            return [(c, rect) for c, rect in self._fan(hand, self.ecart.allowed())
                    if c not in self.ecart.chosen]
        legal = set(self.poignee.chosen) if self.poignee.active else self.controller.legal_cards()
        return self._fan(hand, legal)

    def _fan(self, hand: list[Any], legal: set[Any]) -> list[tuple[Any, pygame.Rect]]:
        """Where each card of ``hand`` is drawn, those of ``legal`` raised."""
        width = self.hand_width
        height = round(width * CARD_RATIO)
        step = min(72, (HAND_SPAN - width) // max(1, len(hand) - 1)) if len(hand) > 1 else 0
        left = 640 - (step * (len(hand) - 1) + width) // 2
        layout = []
        for index, c in enumerate(hand):
            top = HAND_TOP - (RAISE if c in legal else 0) - (HOVER if c == self.hover else 0) \
                - (SELECT_RAISE if c == self.selected else 0)
            layout.append((c, pygame.Rect(left + index * step, top, width, height)))
        return layout

    def card_at(self, pos: Point) -> Any:
        for c, rect in reversed(self.hand_layout()):
            if rect.collidepoint(pos):
                return c
        return None

    def card_position(self, c: Any) -> Point | None:
        for card_, rect in self.hand_layout():
            if card_ == c:
                return rect.center
        return None

    def hand_target(self, seat: int) -> Point:
        return self.spots[seat].hand if seat != self.controller.viewer else (640, HAND_TOP + 75)

    # --- drawing -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_felt(surface)
        self.draw_piles(surface)
        self.draw_centre(surface)
        self.draw_opponents(surface)
        self.draw_plates(surface)
        self.draw_hand(surface)
        self.draw_flights(surface)
        self.draw_bid_history(surface)
        self.draw_bubbles(surface)
        self.draw_score(surface)
        self.draw_contract(surface)
        self.ecart.draw(surface, self.draw_card)
        self.bid_panel.draw(surface)
        for index, button in enumerate(self.play_buttons()):
            button.focused = index == self.play_focus
        for button in [*self.buttons, *self.play_buttons()]:
            button.draw(surface)
        self.draw_message(surface)
        self.draw_note(surface)
        if self.show_last:
            self.draw_last_trick(surface)

    def draw_felt(self, surface: pygame.Surface) -> None:
        felt = self.app.assets.felt()
        width, height = felt.get_size()
        for x in range(0, LOGICAL[0], width):
            for y in range(0, LOGICAL[1], height):
                surface.blit(felt, (x, y))
        surface.blit(vignette(), (0, 0))

    def draw_card(self, surface: pygame.Surface, face: Any, centre: tuple[float, float],
                  width: int, rotate: bool = False, dim: bool = False) -> None:
        image = self.face(face, width) if face is not None else self.back(width, rotate)
        rect = image.get_rect(center=(round(centre[0]), round(centre[1])))
        surface.blit(card_shadow(*rect.size), rect.move(-1, 3).topleft)
        surface.blit(image, rect)
        if dim:
            surface.blit(dim_overlay(rect.size), rect)

    def face(self, c: Any, width: int) -> pygame.Surface:
        return self.app.assets.card_face(c.code, width, self.deck)

    def back(self, width: int, rotate: bool = False) -> pygame.Surface:
        image = self.app.assets.card_back(width, self.deck, self.app.settings.card_back)
        return rotated(image) if rotate else image

    def draw_hand(self, surface: pygame.Surface) -> None:
        arriving = {f.face for f in self.flights if f.kind == "deal" and f.face is not None}
        playing = {f.face for f in self.flights if f.kind == "play"}
        legal = self.hand_choices()
        dim_others = bool(legal)
        for c, rect in self.hand_layout():
            if c in arriving or c in playing:
                continue
            self.draw_card(surface, c, rect.center, rect.width,
                           dim=dim_others and c not in legal)
            hint = self.current_hint()
            if (c == self.hover and c in legal) or (hint is not None and c == hint[1]):
                pygame.draw.rect(surface, GLOW, rect.inflate(4, 4), width=3, border_radius=9)
            if c == self.selected:
                focus_ring(surface, rect)

    def hand_choices(self) -> set[Any]:
        """The cards of the hand a click would take now (the others are dimmed)."""
        if self.poignee.active:
            return self.poignee.candidates()
        if self.ecart.active:
            return self.ecart.allowed()
        return self.controller.legal_cards()

    def draw_opponents(self, surface: pygame.Surface) -> None:
        for seat, spot in enumerate(self.spots):
            if seat == self.controller.viewer:
                continue
            count = self.model.counts[seat] - sum(
                1 for f in self.flights if f.kind == "deal" and f.seat == seat)
            count -= sum(1 for f in self.flights if f.kind == "play" and f.seat == seat
                         and f.face not in {c for _, c in self.model.trick})
            step = min(22, 240 // max(1, count)) if spot.vertical \
                else min(28, 210 // max(1, count))
            first = -(step * (count - 1)) / 2
            for index in range(max(0, count)):
                offset = first + index * step
                x, y = spot.hand
                centre = (x, y + offset) if spot.vertical else (x + offset, y)
                self.draw_card(surface, None, centre, BACK_WIDTH, rotate=spot.vertical)

    def draw_piles(self, surface: pygame.Surface) -> None:
        players, viewer = self.model.players, self.controller.viewer
        counts: dict[Point, int] = {}
        for seat in range(players):
            spot = pile_spot(self.model.teams, viewer, seat, self.spots)
            counts[spot] = counts.get(spot, 0) + self.model.tricks_won[seat]
        for (x, y), tricks in counts.items():
            for index in range(tricks):
                self.draw_card(surface, None, (x + index * 2, y - index * 2), PILE_WIDTH)
            if tricks:  # the count beside the pile, on the side facing the table
                label = tr_n("table.tricks", tricks)
                if x < 1100:
                    blit_text(surface, label, 22, CREAM, midleft=(x + 32, y))
                else:
                    blit_text(surface, label, 22, CREAM, midright=(x - 32, y))

    def draw_centre(self, surface: pygame.Surface) -> None:
        flying = {f.face for f in self.flights if f.kind == "play"}
        waiting = self.model.last_trick if self.held is not None else ()
        for seat, c in [*waiting, *self.model.trick]:
            if c not in flying:
                self.draw_card(surface, c, self.spots[seat].trick, TRICK_WIDTH)
        if self.model.retourne is not None:
            self.draw_card(surface, self.model.retourne, (640, 330), TRICK_WIDTH)
            blit_text(surface, tr("table.retourne"), 22, CREAM, midtop=(640, 398))
        if self.model.bergere is not None:  # labelled: it is no card led by a player
            self.draw_card(surface, self.model.bergere, (760, 330), 64)
            blit_text(surface, tr("table.bergere"), 22, CREAM, midtop=(760, 382))
        for index in range(self.model.chien_count):
            self.draw_card(surface, None, (640 + index * 14 - self.model.chien_count * 7, 330),
                           64)
        chien = [] if self.ecart.active else self.model.chien
        for index, c in enumerate(chien):
            x = 640 + (index - (len(chien) - 1) / 2) * 74
            self.draw_card(surface, c, (x, 330), 70)
        self.draw_turn_arrow(surface)

    def draw_turn_arrow(self, surface: pygame.Surface) -> None:
        seat = self.turn_seat()
        if seat is None or self.model.trick or self.model.retourne is not None \
                or self.model.chien or self.ecart.active \
                or self.bid_panel.visible:
            return
        tx, ty = self.spots[seat].trick
        cx, cy = CENTRE
        dx, dy = (tx - cx) / 2.5, (ty - cy) / 2.5
        length = max(1.0, (dx * dx + dy * dy) ** 0.5)
        ux, uy = dx / length, dy / length
        tip = (cx + dx + ux * 30, cy + dy + uy * 30)
        base = (cx + dx, cy + dy)
        side = (uy * 16, -ux * 16)
        points = [tip, (base[0] - side[0], base[1] - side[1]),
                  (base[0] + side[0], base[1] + side[1])]
        pygame.draw.polygon(surface, GLOW, points)

    def turn_seat(self) -> int | None:
        """The seat the table waits for; while an animation runs, the one that just
        acted keeps the glow, so some seat always has it."""
        if self.controller.idle:
            self.shown_turn = self.controller.match.current_player
        return self.shown_turn

    def draw_plates(self, surface: pygame.Surface) -> None:
        turn = self.turn_seat()
        for seat, spot in enumerate(self.spots):
            name = seat_name(seat, self.controller.viewer, spot.compass)
            seat_config = self.config.seats[seat]
            if not seat_config.human:
                name = f"{name} · {tr(f'level.{seat_config.level.value}')}"
            rect = pygame.Rect(0, 0, max(150, text(name, 24).get_width() + 28), 36)
            rect.center = spot.plate
            rect.clamp_ip(surface.get_rect())
            if seat == turn:
                surface.blit(halo(rect.size), rect.inflate(28, 28).topleft)
            colour = (250, 238, 200) if seat == turn else (28, 46, 36)
            pygame.draw.rect(surface, colour, rect, border_radius=12)
            pygame.draw.rect(surface, GOLD, rect, width=2, border_radius=12)
            blit_text(surface, name, 24, INK if seat == turn else CREAM, center=rect.center)
            if seat == self.model.dealer:
                button = self.app.assets.dealer_button(30)
                x = rect.left - 19 if rect.left > 40 else rect.right + 19
                surface.blit(button, button.get_rect(center=(x, rect.centery)))
                blit_text(surface, tr("table.dealer_letter"), 22, INK,
                          center=(x, rect.centery + 1))
            if seat == self.model.taker:
                tag = pygame.Rect(0, 0, 84, 22)
                tag.midtop = (rect.centerx, rect.bottom + 2)
                pygame.draw.rect(surface, GOLD, tag, border_radius=8)
                blit_text(surface, tr("table.taker"), 20, INK, center=tag.center)

    def bid_history_rect(self) -> pygame.Rect | None:
        """Where the bidding so far is listed (coinche and tarot, while bidding): left
        of the contract box, clear of North's hand; at five (NE sits there), bottom left,
        where the piles are still empty."""
        model = self.model
        if not model.bidding or not model.bids or model.game not in ("coinche", "tarot"):
            return None
        height = 30 + min(len(model.bids), BID_HISTORY_ROWS) * BID_ROW
        if model.players == 5:
            rect = pygame.Rect(10, 0, 205, height)
            rect.bottom = 606
            return rect
        return pygame.Rect(770, 10, 230, height)

    def draw_bid_history(self, surface: pygame.Surface) -> None:
        """Every bid of the deal in order, seat and bid (the latest when many)."""
        rect = self.bid_history_rect()
        if rect is None:
            return
        panel(surface, rect, alpha=200)
        blit_text(surface, tr("table.bid_history"), 18, GOLD, topleft=(rect.x + 10, rect.y + 7))
        y = rect.y + 26
        for seat, say in self.model.bids[-BID_HISTORY_ROWS:]:
            name = seat_name(seat, self.controller.viewer, self.spots[seat].compass)
            blit_text(surface, name, 18, CREAM, topleft=(rect.x + 10, y))
            blit_text(surface, say_text(say), 18, GLOW, topright=(rect.right - 10, y))
            y += BID_ROW

    def draw_bubbles(self, surface: pygame.Surface) -> None:
        for seat, say in self.model.says.items():
            spot = self.spots[seat]
            rect = bubble(surface, say_text(say), spot.bubble, tail=spot.bubble_tail)
            cards = self.model.shown.get(seat, ())
            if cards:
                self.draw_shown(surface, cards, rect, spot.bubble_tail)

    def draw_shown(self, surface: pygame.Surface, cards: tuple[Any, ...], bubble_rect: pygame.Rect,
                   tail: str) -> None:
        """Cards shown to all (announcements, a poignée), in a row by the bubble."""
        step = min(SHOWN_WIDTH - 8, 520 // len(cards))
        height = round(SHOWN_WIDTH * CARD_RATIO)
        width = step * (len(cards) - 1) + SHOWN_WIDTH
        row = pygame.Rect(0, 0, width, height)
        if tail == "down":
            row.midbottom = (bubble_rect.centerx, bubble_rect.top - 4)
        else:
            row.midtop = (bubble_rect.centerx, bubble_rect.bottom + 4)
        row.clamp_ip(surface.get_rect().inflate(-8, -8))
        for index, c in enumerate(cards):
            self.draw_card(surface, c, (row.x + index * step + SHOWN_WIDTH / 2, row.centery),
                           SHOWN_WIDTH)

    def draw_flights(self, surface: pygame.Surface) -> None:
        winning = dict(self.model.last_trick).get(self.model.last_trick_winner or 0)
        for flight in self.flights:
            if not flight.tween.started and flight.kind == "deal":
                continue
            x, y = flight.tween.value
            if flight.kind == "collect" and not flight.tween.started and flight.face == winning:
                height = round(flight.width * CARD_RATIO)
                ring = pygame.Rect(0, 0, flight.width + 10, height + 10)
                ring.center = (round(x), round(y))
                pygame.draw.rect(surface, GLOW, ring, width=4, border_radius=10)
            self.draw_card(surface, flight.face, (x, y), flight.width)

    @property
    def score_row(self) -> int:
        """The score box's line height: five seats fit above West's cards."""
        return {1: 30, 2: 30, 3: 30, 4: 24}.get(len(self.model.totals), 21)

    def score_rect(self) -> pygame.Rect:
        """The score box (a click opens the score pad, as the key S does)."""
        return pygame.Rect(10, 10, 260, 64 + self.score_row * len(self.model.totals))

    def draw_score(self, surface: pygame.Surface) -> None:
        row = self.score_row
        rect = self.score_rect()
        panel(surface, rect)
        blit_text(surface, tr("table.score_pad"), 18, GLOW, bottomright=(256, rect.bottom - 6))
        blit_text(surface, tr("table.score_title", target=self.model.target), 24, GOLD,
                  topleft=(24, 20))
        for side, total in enumerate(self.model.totals):
            y = 48 + side * row
            blit_text(surface, self.side_name(side), 24, CREAM, topleft=(24, y))
            blit_text(surface, str(total), 26, CREAM, topright=(256, y))

    def side_name(self, side: int) -> str:
        viewer = self.controller.viewer
        if self.model.teams:
            mine = side == self.model.side_of(viewer)
            return tr("side.us") if mine else tr("side.them")
        return seat_name(side, viewer, self.spots[side].compass)

    def draw_contract(self, surface: pygame.Surface) -> None:
        rect = pygame.Rect(1010, 10, 260, 104)
        panel(surface, rect)
        blit_text(surface, tr("table.deal_number", number=self.model.deal_number,
                              seed=self.model.deal_seed), 22, GOLD, topleft=(1024, 20))
        if self.model.tarot_contract is not None and self.model.taker is not None:
            self.draw_tarot_contract(surface)
            return
        if self.model.taker is None or self.model.trump is None:
            status = tr("table.bidding") if self.model.bidding else ""
            blit_text(surface, status, 26, CREAM, topleft=(1024, 50))
            return
        spot = self.spots[self.model.taker]
        who = seat_after(self.model.taker, self.controller.viewer, spot.compass)
        blit_text(surface, tr("table.taken_by", name=who), 24, CREAM, topleft=(1024, 46))
        x = 1024
        if self.model.contract_value is not None:
            value = tr("bid.capot_short") if self.model.contract_value >= CAPOT_BID \
                else str(self.model.contract_value)
            x = blit_text(surface, value, 34, CREAM, topleft=(x, 74)).right + 8
        suit = self.model.trump_suit
        if suit is not None:
            icon = self.app.assets.suit_icon(suit.letter, 32)
            surface.blit(icon, (x, 72))
            if self.model.contract_value is None:  # belote: say the suit too
                x = blit_text(surface, tr(f"suit.{suit.letter}"), 26, CREAM,
                              topleft=(x + 38, 78)).right
            else:
                x += 38
        else:
            x = blit_text(surface, say_text(trump_key(self.model.trump)), 26, CREAM,
                          topleft=(x, 78)).right + 8
        if self.model.coinche_level:
            key = "table.coinched" if self.model.coinche_level == 1 else "table.surcoinched"
            blit_text(surface, tr(key), 26, GLOW, topleft=(x + 4, 78))

    def draw_tarot_contract(self, surface: pygame.Surface) -> None:
        model = self.model
        assert model.taker is not None and model.tarot_contract is not None
        who = seat_after(model.taker, self.controller.viewer, self.spots[model.taker].compass)
        blit_text(surface, tr("table.taken_by", name=who), 24, CREAM, topleft=(1024, 46))
        blit_text(surface, tarot_contract_words(model), 24, GLOW, topleft=(1024, 76))

    def message_rect(self, message: str) -> pygame.Rect:
        """Where the message to the player goes: above the hand, clear of the bid panel
        and of the player's own bubble."""
        label_rect = pygame.Rect(0, 0, text(message, 28).get_width() + 48, 44)
        label_rect.center = (640, 520)
        if self.bid_panel.visible:
            label_rect.bottom = self.bid_panel.rect.top - 8
        self._clear_of_own_bubble(label_rect)
        return label_rect

    def draw_message(self, surface: pygame.Surface) -> None:
        message = self.message_text()
        if not message:
            return
        label_rect = self.message_rect(message)
        warn = self.controller.message is not None
        panel(surface, label_rect, (120, 30, 30) if warn else (28, 46, 36), 235)
        blit_text(surface, message, 28, CREAM, center=label_rect.center)

    def _clear_of_own_bubble(self, rect: pygame.Rect) -> None:
        """The message moves aside from the player's own bubble, never over it."""
        viewer = self.controller.viewer
        say = self.model.says.get(viewer)
        if say is None:
            return
        spot = self.spots[viewer]
        own = bubble_rect(say_text(say), spot.bubble, tail=spot.bubble_tail).inflate(16, 8)
        if not rect.colliderect(own):
            return
        if own.centerx >= rect.centerx:
            rect.right = own.left
        else:
            rect.left = own.right

    def terms_shown(self) -> list[str]:
        """The French terms on the table now (bubbles, the chien, the retourne)."""
        terms = [term for say in self.model.says.values() for term in terms_of(say)]
        if self.model.chien:
            terms.append("chien")
        if self.model.retourne is not None:
            terms.append("retourne")
        return terms

    def note_rect(self) -> pygame.Rect | None:
        """Where the first-time explanation goes: over the message, clear of the bids."""
        note = self.notes.text()
        if not note:
            return None
        rect = pygame.Rect(0, 0, text(note, 22).get_width() + 36, 36)
        rect.center = (640, 520)
        if self.bid_panel.visible:
            rect.bottom = self.bid_panel.rect.top - 8
        if self.message_text():
            rect.bottom -= 52
        return rect

    def draw_note(self, surface: pygame.Surface) -> None:
        rect = self.note_rect()
        if rect is None:
            return
        panel(surface, rect, (40, 34, 20), 235)
        blit_text(surface, self.notes.text(), 22, GLOW, center=rect.center)

    def message_text(self) -> str:
        if self.controller.message is not None:
            return say_text(self.controller.message)
        if self.held is not None:
            return tr("table.collect")
        if self.poignee.active:
            return self.poignee.message()
        hint = self.current_hint()
        if hint is not None:
            return hint[0]
        if self.void_message > 0:
            return tr("table.all_passed")
        if self.ecart.active:
            return tr_n("table.ecart", self.ecart.size - len(self.ecart.chosen))
        if AnnounceChelem() in self.controller.human_legal():
            return tr("tarot.chelem_choice")
        if self.controller.human_to_act and self.controller.match.phase is Phase.PLAY \
                and not self.play_actions():
            return tr("table.your_turn")
        return ""

    def draw_last_trick(self, surface: pygame.Surface) -> None:
        rect = pygame.Rect(0, 0, 460, 300)
        rect.center = CENTRE
        panel(surface, rect, alpha=255)  # opaque: the trick in play must not show through
        blit_text(surface, tr("table.last_trick"), 28, GOLD, midtop=(rect.centerx, rect.y + 12))
        for seat, c in self.model.last_trick:
            tx, ty = self.spots[seat].trick
            x = rect.centerx + (tx - CENTRE[0]) * 0.9
            y = rect.centery + 16 + (ty - CENTRE[1]) * 0.55
            self.draw_card(surface, c, (x, y), 70)
        winner = self.model.last_trick_winner
        if winner is not None:
            name = seat_after(winner, self.controller.viewer, self.spots[winner].compass)
            blit_text(surface, tr("table.won_by", name=name), 24, CREAM,
                      midbottom=(rect.centerx, rect.bottom - 8))


def mirrored(point: Point) -> Point:
    return LOGICAL[0] - point[0], point[1]


def mirrored_x(rect: pygame.Rect) -> int:
    return LOGICAL[0] - rect.right


def ctrl_held() -> bool:
    return bool(pygame.key.get_mods() & (pygame.KMOD_CTRL | pygame.KMOD_META))


def _label(key: str, **kwargs: object) -> Callable[[], str]:
    return lambda: tr(key, **kwargs)


def _act(controller: Controller, action: Action) -> Callable[[], None]:
    def press() -> None:
        controller.act(action)

    return press
