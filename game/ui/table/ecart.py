"""The tarot écart as French players make it: a click moves a card of the hand to the
écart laid face up in the middle of the table, a click on it there takes it back, and
nothing is given to the engine before "Valider l'écart".  Beside it, the taker may
announce a chelem (a toggle): nobody asks him after every take.

While the player chooses, the hand keeps the place of every card (a chosen card leaves a
gap), so the next click never lands on a card that slid under the pointer.  Each refusal
says its own rule, asked of the engine (``ecart_refusal``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.engine.tarot import TarotDiscard
from game.engine.tarot_cards import TarotCard
from game.engine.tarot_tricks import TarotView, ecart_left, ecart_refusal
from game.i18n import Speaks, Texts
from game.ui.kit.widgets import CREAM, GLOW, GOLD, Button, blit_text, panel
from game.ui.table.layout import ECART_BUTTON, ecart_area, ecart_buttons, ecart_slots
from game.ui.table.seat_controls import SeatControls

DrawCard = Callable[[pygame.Surface, Any, tuple[float, float], int], None]


class EcartChooser(Speaks):
    """The cards set aside so far, and the "Valider l'écart" button."""

    def __init__(self, texts: Texts, controls: SeatControls) -> None:
        self.texts = texts
        self.controls = controls
        self.chosen: list[TarotCard] = []
        self.hand: tuple[TarotCard, ...] = ()  # the whole hand while choosing
        self.confirm = Button(pygame.Rect(ECART_BUTTON), lambda: self.tr("ecart.confirm"),
                              self.validate, size=26)
        # The taker's chelem is declared here, before the first card, when he wants it:
        # it is never asked (validating without it plays on).
        self.chelem = Button(pygame.Rect(ECART_BUTTON), self._chelem_label,
                             self.toggle_chelem, size=26)
        self.focus: int | None = None  # the button chosen with Tab (0: Valider, 1: chelem)

    @property
    def active(self) -> bool:
        """The viewer is to make his écart (and has not confirmed it yet)."""
        return any(isinstance(a, TarotDiscard) for a in self.controls.human_legal())

    @property
    def size(self) -> int:
        """The cards still to set aside (all of them, unless a save resumed half-way)."""
        view = self.controls.human_view().deal
        made = view.ecart if isinstance(view, TarotView) else ()
        return ecart_left(self.controls.rules.players, made)

    def refresh(self) -> None:
        """Follow the deal: a new écart starts empty; once made (or undone) it is gone."""
        if not self.active:
            self.chosen, self.hand = [], ()
            self.chelem.selected = False
            self.focus = None
            return
        view = self.controls.human_view().deal
        hand = view.hand if isinstance(view, TarotView) else ()
        if set(hand) != set(self.hand):
            self.chosen, self.hand = [], hand
        self.confirm.enabled = len(self.chosen) == self.size
        self.confirm.rect, self.chelem.rect = ecart_buttons(self.size)

    def toggle(self, card: TarotCard) -> None:
        """A click on a card of the hand: into the écart, or refused with its rule."""
        if card in self.chosen:
            self.take_back(card)
            return
        reason = ecart_refusal(self.hand, self.chosen, card, self.size)
        if reason is not None:
            self.controls.tell((f"illegal.{reason}", (("count", self.size),)))
            return
        self.chosen.append(card)
        self.controls.hush()  # an earlier refusal is answered

    def take_back(self, card: TarotCard) -> None:
        self.chosen.remove(card)
        self.controls.hush()

    def allowed(self) -> set[TarotCard]:
        """The cards of the hand a click would set aside now (raised in the hand)."""
        return {c for c in self.hand if c not in self.chosen
                and ecart_refusal(self.hand, self.chosen, c, self.size) is None}

    def validate(self) -> None:
        if len(self.chosen) == self.size and self.controls.discard(
                self.chosen, chelem=self.chelem.selected):
            self.chosen, self.hand = [], ()
            self.chelem.selected = False

    def toggle_chelem(self) -> None:
        """The taker's chelem, on or off (a click on the toggle, or the key C)."""
        self.chelem.selected = not self.chelem.selected

    def _chelem_label(self) -> str:
        chelem = self.chelem.selected
        return self.tr("ecart.chelem_announced" if chelem else "tarot.announce_chelem")

    def move_focus(self, step: int) -> None:
        """Tab and Shift+Tab: the ring on "Valider" or on the chelem (a disabled "Valider"
        is passed over)."""
        buttons = [self.confirm, self.chelem]
        start = (-1 if step > 0 else 0) if self.focus is None else self.focus
        for offset in (1, 2):
            index = (start + step * offset) % 2
            if buttons[index].enabled:
                self.focus = index
                return

    def press_focused(self) -> bool:
        """Enter on the focused button (True if there was one)."""
        if self.focus is None:
            return False
        button = (self.confirm, self.chelem)[self.focus]
        if button.enabled:
            button.on_click()
        return True

    # --- geometry ----------------------------------------------------------------------

    def slot_rects(self) -> list[pygame.Rect]:
        return ecart_slots(self.size)

    def area_rect(self) -> pygame.Rect:
        return ecart_area(self.size)

    def chosen_at(self, pos: tuple[int, int]) -> TarotCard | None:
        for card, rect in zip(self.chosen, self.slot_rects(), strict=False):
            if rect.collidepoint(pos):
                return card
        return None

    # --- input and drawing ---------------------------------------------------------------

    def handle(self, event: pygame.event.Event, card_at: Callable[[Any], Any]) -> bool:
        """The button, a card of the écart (taken back), a card of the hand (set aside)."""
        if not self.active:
            return False
        if self.confirm.handle(event) or self.chelem.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            back = self.chosen_at(event.pos)
            if back is not None:
                self.take_back(back)
                return True
            card = card_at(event.pos)
            if card is not None:
                self.toggle(card)
                return True
        return False

    def draw(self, surface: pygame.Surface, draw_card: DrawCard) -> None:
        if not self.active:
            return
        area = self.area_rect()
        panel(surface, area)
        count = self.tr("ecart.count", chosen=len(self.chosen), size=self.size)
        blit_text(surface, count, 26, GOLD, midtop=(area.centerx, area.y + 8))
        for index, rect in enumerate(self.slot_rects()):
            if index < len(self.chosen):
                draw_card(surface, self.chosen[index], rect.center, rect.width)
            else:
                pygame.draw.rect(surface, CREAM, rect, width=2, border_radius=8)
        if any(c.is_trump for c in self.chosen):
            blit_text(surface, self.tr("ecart.trumps_shown"), 20, GLOW,
                      midbottom=(area.centerx, area.bottom - 8))
        self.confirm.focused, self.chelem.focused = self.focus == 0, self.focus == 1
        self.confirm.draw(surface)
        self.chelem.draw(surface)
