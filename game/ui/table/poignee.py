"""Showing a poignée (tarot): the player picks its size with a button, then may change
which trumps are shown by clicking them in his hand before confirming.

The engine's legal actions list one poignée per size (its lowest trumps); it accepts any
valid set of that size (``check_poignee``), so the chosen set is checked the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.engine.tarot import ShowPoignee
from game.i18n import Speaks, Texts
from game.ui.kit.widgets import Button
from game.ui.table.layout import TableLayout
from game.ui.table.seat_controls import SeatControls

CardAt = Callable[[tuple[int, int]], Any]  # the card of the hand under a point, or None


class PoigneeChooser(Speaks):
    def __init__(self, texts: Texts, controls: SeatControls, layout: TableLayout,
                 card_at: CardAt) -> None:
        self.texts = texts
        self.controls = controls
        self.layout = layout
        self.card_at = card_at
        self.size = 0
        self.chosen: list[Any] = []
        self.confirm = Button(layout.play_button(0), self._confirm_label, self.show, size=26)
        self.cancel = Button(layout.play_button(1), lambda: self.tr("poignee.cancel"), self.stop,
                             size=26)

    @property
    def active(self) -> bool:
        return self.size > 0

    def starter(self, action: ShowPoignee) -> Callable[[], None]:
        """What the size button does: start choosing, the engine's trumps preselected."""
        def start() -> None:
            self.size = len(action.cards)
            self.chosen = list(action.cards)

        return start

    def stop(self) -> None:
        self.size, self.chosen = 0, []

    def refresh(self) -> None:
        """Stop choosing once a poignée may no longer be shown (played, undone)."""
        self.confirm.rect = self.layout.play_button(0)  # the layout follows the handedness
        self.cancel.rect = self.layout.play_button(1)
        legal = self.controls.human_legal()
        if self.active and not any(isinstance(a, ShowPoignee) for a in legal):
            self.stop()

    def candidates(self) -> set[Any]:
        """The cards of the hand a poignée may show: trumps and the Excuse."""
        hand: tuple[Any, ...] = self.controls.human_view().deal.hand
        return {c for c in hand if c.is_trump or c.is_excuse}

    def toggle(self, card: Any) -> None:
        """A click on a card of the hand: in or out of the poignée (trumps, the Excuse)."""
        if card in self.chosen:
            self.chosen.remove(card)
        elif card in self.candidates() and len(self.chosen) < self.size:
            self.chosen.append(card)

    def show(self) -> None:
        if len(self.chosen) == self.size and self.controls.show_poignee(self.chosen):
            self.stop()

    def buttons(self) -> list[Button]:
        self.confirm.enabled = len(self.chosen) == self.size
        return [self.confirm, self.cancel] if self.active else []

    def handle(self, event: pygame.event.Event) -> bool:
        """Buttons, then clicks on the hand (which choose instead of playing)."""
        if not self.active:
            return False
        if any(button.handle(event) for button in self.buttons()):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            card = self.card_at(event.pos)
            if card is not None:
                self.toggle(card)
                return True
        return False

    def message(self) -> str:
        return self.tr("poignee.choose", count=self.size, chosen=len(self.chosen))

    def _confirm_label(self) -> str:
        return self.tr("table.poignee", count=self.size)
