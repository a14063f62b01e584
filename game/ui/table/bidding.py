"""The viewer's bidding panels: belote (take or pass on the retourne, then name a suit;
the 7-of-trump exchange) and coinche (only the legal bids: values, suits, sans-atout /
tout-atout when allowed, capot, coinche, surcoinche, pass)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.engine.actions import (
    CAPOT_BID,
    Bid,
    ChooseMode,
    ChooseTrump,
    Coinche,
    ExchangeSeven,
    Pass,
    Surcoinche,
    Take,
)
from game.engine.cards import TrumpMode
from game.engine.games import COINCHE, TAROT, Game, game_of
from game.engine.protocol import Action, Phase
from game.engine.rules import TrickGameRules
from game.engine.tarot import CallKing, TarotBid, TarotPass
from game.engine.trick_view import TrickView
from game.i18n import Speaks, Texts
from game.lessons.script import token
from game.ui.kit.widgets import GOLD, Button, blit_text, panel
from game.ui.table.layout import BID_PANEL, CHOICE_PANEL, TAROT_CHOICE_PANEL
from game.ui.table.model import contract_key
from game.ui.table.seat_controls import SeatControls

SuitIcon = Callable[[str, int], pygame.Surface]  # a suit's icon by letter and size

PANEL_RECT = BID_PANEL
CAPOT_WIDTH = 82  # "Capot" at the values' size, its margins kept
VALUE_GAP = 3
BELOTE_RECT = CHOICE_PANEL


class BidPanel(Speaks):
    """Rebuilt whenever the viewer's legal actions change; hidden otherwise."""

    def __init__(self, texts: Texts, controls: SeatControls, suit_icon: SuitIcon) -> None:
        self.texts = texts
        self.controls = controls
        self.suit_icon = suit_icon
        self.buttons: list[Button] = []
        self.tokens: list[str] = []  # each button's action (``game.lessons.script.token``)
        self._legal: tuple[Action, ...] = ()
        self.value: int | None = None  # the coinche value picked, waiting for a suit
        self.rect = PANEL_RECT
        self.focus: int | None = None  # the button chosen with the keyboard

    @property
    def visible(self) -> bool:
        return bool(self.buttons)

    def refresh(self) -> None:
        legal = self.controls.human_legal()
        if self.controls.human_view().deal.phase is Phase.PLAY:
            legal = ()
        if legal == self._legal:
            return
        self._legal = legal
        self.value = None
        self.focus = None
        self._build()

    def _build(self) -> None:
        legal = self._legal
        if not legal:
            self.buttons, self.tokens = [], []
        elif self.game is TAROT:
            self._build_tarot()
        elif any(isinstance(a, Bid | Coinche | Surcoinche) for a in legal) or (
                self.game is COINCHE):
            self._build_coinche()
        else:
            self._build_belote()

    @property
    def game(self) -> Game:
        return game_of(self.controls.rules.game)

    def _act(self, action: Action) -> Callable[[], None]:
        def press() -> None:
            self.controls.act(action)

        return press

    # --- belote --------------------------------------------------------------------------

    def _build_belote(self) -> None:
        self.rect = BELOTE_RECT
        choices: list[tuple[Action, Callable[[], str], pygame.Surface | None]] = []
        for action in self._legal:
            if isinstance(action, ChooseTrump):
                icon = self.suit_icon(action.suit.letter, 34)
                choices.append((action, _text(self.texts, ""), icon))
            elif isinstance(action, ChooseMode):
                choices.append((action, _text(self.texts, _mode_short(action.mode)), None))
            elif isinstance(action, Take):
                choices.append((action, _text(self.texts, "bid.take"), None))
            elif isinstance(action, ExchangeSeven):
                choices.append((action, _text(self.texts, "bid.exchange"), None))
            elif isinstance(action, Pass):
                key = "bid.keep" if self._exchanging() else "bid.pass"
                choices.append((action, _text(self.texts, key), None))
        width = 76 if len(choices) > 5 else 88 if len(choices) > 3 else 200
        total = len(choices) * (width + 10) - 10
        left = self.rect.centerx - total // 2
        self.buttons = [
            Button(pygame.Rect(left + i * (width + 10), self.rect.y + 54, width, 48), label,
                   self._act(action), icon=icon)
            for i, (action, label, icon) in enumerate(choices)
        ]
        self.tokens = [token(action) for action, _, _ in choices]

    def _first_round_title(self) -> str:
        """Take the retourne; at the découverte there is none: the trump offered is the
        suit of the dealer's last face-up card."""
        rules = self.controls.rules
        if not (isinstance(rules, TrickGameRules) and rules.decouverte):
            return self.tr("bid.round1_title")
        deal = self.controls.human_view().deal
        proposed = deal.retourne if isinstance(deal, TrickView) else None
        if proposed is None:
            return self.tr("bid.round1_title")
        return self.tr("bid.round1_title_decouverte",
                       suit=self.tr(f"suit.{proposed.suit.letter}"))

    def _exchanging(self) -> bool:
        return any(isinstance(a, ExchangeSeven) for a in self._legal)

    # --- tarot ----------------------------------------------------------------------------

    def _build_tarot(self) -> None:
        """Bids and the king call; the écart is made in the hand, the chelem is declared
        beside the écart or with the play buttons (never asked in a panel)."""
        choices: list[tuple[Action, Callable[[], str]]] = []
        for action in self._legal:
            if isinstance(action, TarotBid):
                choices.append((action, _text(self.texts, contract_key(action.contract))))
            elif isinstance(action, TarotPass):
                choices.append((action, _text(self.texts, "bid.pass")))
            elif isinstance(action, CallKing):
                choices.append((action, _card(self.texts, action.card.code)))
        width = 150 if len(choices) > 3 else 200
        total = len(choices) * (width + 10) - 10
        self.rect = TAROT_CHOICE_PANEL.inflate(max(0, total + 40 - TAROT_CHOICE_PANEL.width), 0)
        left = self.rect.centerx - total // 2
        self.buttons = [
            Button(pygame.Rect(left + i * (width + 10), self.rect.y + 54, width, 48), label,
                   self._act(action), size=24)
            for i, (action, label) in enumerate(choices)
        ]
        self.tokens = [token(action) for action, _ in choices]

    def _tarot_title(self) -> str:
        if any(isinstance(a, CallKing) for a in self._legal):
            return self.tr("tarot.call_title")
        return self.tr("bid.your_bid_tarot")

    # --- coinche -------------------------------------------------------------------------

    def _bids(self) -> list[Bid]:
        return [a for a in self._legal if isinstance(a, Bid)]

    def _build_coinche(self) -> None:
        self.rect = PANEL_RECT
        bids = self._bids()
        values = sorted({b.value for b in bids})
        if self.value is None and values:
            self.value = values[0]
        buttons: list[Button] = []
        self.tokens = [f"Bid {value}" for value in values]
        left = self.rect.x + 20
        for value, width in zip(values, self._value_widths(values), strict=True):
            label = self.tr("bid.capot_short") if value == CAPOT_BID else str(value)
            rect = pygame.Rect(left, self.rect.y + 52, width, 44)
            buttons.append(Button(rect, _const(label), self._pick(value),
                                  selected=value == self.value, size=26))
            left += width + VALUE_GAP
        trumps = [b for b in bids if b.value == self.value]
        for i, b in enumerate(trumps):
            rect = pygame.Rect(self.rect.x + 20 + i * 106, self.rect.y + 112, 100, 56)
            if b.mode is TrumpMode.SUIT:
                assert b.suit is not None
                icon = self.suit_icon(b.suit.letter, 40)
                buttons.append(Button(rect, _const(""), self._act(b), icon=icon))
                self.tokens.append(token(b))
            else:
                key = "trump.no_trump_short" if b.mode is TrumpMode.NO_TRUMP \
                    else "trump.all_trump_short"
                buttons.append(Button(rect, _text(self.texts, key), self._act(b), size=28))
                self.tokens.append(token(b))
        others = [a for a in self._legal if isinstance(a, Pass | Coinche | Surcoinche)]
        for i, action in enumerate(others):
            key = {Pass: "bid.pass", Coinche: "bid.coinche", Surcoinche: "bid.surcoinche"}[
                type(action)]
            rect = pygame.Rect(self.rect.x + 20 + i * 180, self.rect.y + 190, 170, 50)
            buttons.append(Button(rect, _text(self.texts, key), self._act(action)))
            self.tokens.append(token(action))
        self.buttons = buttons

    def _value_widths(self, values: list[int]) -> list[int]:
        """The value buttons' widths: the numbers share the row, the capot's word keeps
        room enough to be read at its size."""
        room = self.rect.width - 40
        capot = CAPOT_WIDTH if CAPOT_BID in values else 0
        numbers = len(values) - (1 if capot else 0)
        width = min(60, (room - capot - VALUE_GAP) // max(1, numbers) - VALUE_GAP) \
            if capot else min(60, room // max(1, numbers) - VALUE_GAP)
        return [capot if value == CAPOT_BID else width for value in values]

    def _pick(self, value: int) -> Callable[[], None]:
        def pick() -> None:
            self.value = value
            legal, self._legal = self._legal, ()
            self._legal = legal
            self._build_coinche()

        return pick

    # --- input and drawing ---------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        return any(button.handle(event) for button in list(self.buttons))

    def move_focus(self, step: int) -> None:
        """Arrows and Tab: the next (or previous) button gets the keyboard's ring."""
        if not self.buttons:
            return
        start = -1 if step > 0 else 0
        current = start if self.focus is None else self.focus
        self.focus = (current + step) % len(self.buttons)

    def focus_on(self, action: Action) -> bool:
        """The keyboard's ring on the button that does ``action`` (a coinche bid: its
        value picked first, then its trump ringed); False when no button does it."""
        if isinstance(action, Bid) and action in self._legal and self.value != action.value:
            self._pick(action.value)()
        wanted = token(action)
        if wanted not in self.tokens:
            return False
        self.focus = self.tokens.index(wanted)
        return True

    def press_focused(self) -> bool:
        """Enter: press the button the keyboard chose (True if there was one)."""
        if self.focus is None or self.focus >= len(self.buttons):
            return False
        button = self.buttons[self.focus]
        if button.enabled:
            button.on_click()
        return True

    def title(self) -> str:
        """The question the panel asks, in the player's language."""
        if self.game is TAROT:
            return self._tarot_title()
        if self.rect is PANEL_RECT:
            return self.tr("bid.your_bid")
        if self._exchanging():
            return self.tr("bid.exchange_title")
        if any(isinstance(a, ChooseTrump | ChooseMode) for a in self._legal):
            return self.tr("bid.round2_title")
        return self._first_round_title()

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        panel(surface, self.rect)
        blit_text(surface, self.title(), 28, GOLD, midtop=(self.rect.centerx, self.rect.y + 14))
        for index, button in enumerate(self.buttons):
            button.focused = index == self.focus
            button.draw(surface)


def _text(texts: Texts, key: str) -> Callable[[], str]:
    return lambda: texts.tr(key) if key else ""


def _mode_short(mode: TrumpMode) -> str:
    return "trump.no_trump_short" if mode is TrumpMode.NO_TRUMP else "trump.all_trump_short"


def _card(texts: Texts, code: str) -> Callable[[], str]:
    from game.ui.table.words import card_name

    return lambda: capitalized(card_name(texts, code))  # a button's words ("Roi de pique")


def capitalized(words: str) -> str:
    return words[:1].upper() + words[1:]


def _const(label: str) -> Callable[[], str]:
    return lambda: label
