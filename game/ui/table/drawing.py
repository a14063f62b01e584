"""What the table draws each frame, bottom to top, and where (``regions``: the
rectangles the overlap test reads).  ``TableScene`` composes the parts; this reads them."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.kit.drawlog import overlay
from game.ui.table.parts import Region, flights_drawn

if TYPE_CHECKING:
    from game.ui.kit.widgets import Button
    from game.ui.table.animator import Animator
    from game.ui.table.bidding import BidPanel
    from game.ui.table.boxes import BidHistory, ContractBox, LastTrick, Messages, ScoreBox
    from game.ui.table.controller import Controller
    from game.ui.table.ecart import EcartChooser
    from game.ui.table.model import TableModel
    from game.ui.table.narrator import Narrator
    from game.ui.table.parts import Bubbles, Centre, Hand, Opponents, Painter, Piles, Plates
    from game.ui.table.play_buttons import PlayButtons


class TableDrawing:
    """The table's frame: the parts it draws (set by ``TableScene``) in their order."""

    controller: Controller
    model: TableModel
    painter: Painter
    animator: Animator
    hand: Hand
    opponents: Opponents
    centre: Centre
    plates: Plates
    piles: Piles
    bubbles: Bubbles
    score: ScoreBox
    contract: ContractBox
    bid_history: BidHistory
    messages: Messages
    last_trick: LastTrick
    bid_panel: BidPanel
    ecart: EcartChooser
    play: PlayButtons
    buttons: list[Button]
    narrator: Narrator | None  # a lesson's
    show_last: bool
    shown_turn: int | None


    def turn_seat(self) -> int | None:
        """The seat the table waits for; while an animation runs, the one that just
        acted keeps the glow, so some seat always has it."""
        if self.controller.idle:
            self.shown_turn = self.controller.match.current_player
        return self.shown_turn

    def _panel_shown(self) -> pygame.Rect | None:
        return self.bid_panel.rect if self.bid_panel.visible else None

    def _message_room(self) -> list[pygame.Rect]:
        """The messages go where they cover nothing else but a lesson's narrator, which
        then finds its place clear of them (``_narrator_room``)."""
        return [rect for name, rect in self._placed(narrator=False)]

    def _narrator_room(self) -> list[pygame.Rect]:
        """A lesson's narrator covers nothing drawn: not the opponents' cards, the call
        note, nor the message and its note, placed before it."""
        regions = [*self._parts_placed(), *self._call_note(), *self.messages.regions()]
        return [rect for _, rect in regions]

    def regions(self) -> list[Region]:
        """Every rectangle drawn now that must not cover another: the overlap test's."""
        if self.show_last:
            return self.last_trick.regions()
        return [*self._placed(), *self.messages.regions()]

    def _parts_taken(self) -> list[pygame.Rect]:
        """The call note goes where it covers nothing but the opponents' card backs
        (nothing it talks about)."""
        return [rect for name, rect in self._parts_placed() if not name.startswith("backs ")]

    def _backs(self) -> list[pygame.Rect]:
        """The opponents' card backs: a narrator with no other room may cover them (not
        the découverte's piles: their face-up cards are what its lesson talks about)."""
        if any(self.model.piles):
            return []
        return [rect for name, rect in self._parts_placed() if name.startswith("backs ")]

    def _placed(self, narrator: bool = True) -> list[Region]:
        """The regions of everything but the messages (which find room among them),
        the lesson's narrator left out when not ``narrator``."""
        regions = [*self._parts_placed(), *self._call_note()]
        if self.narrator is None or not narrator:
            return regions
        return [*regions, *self.narrator.regions()]

    def _call_note(self) -> list[Region]:
        note = self.bid_history.note_rect(self._parts_taken())
        return [] if note is None else [("call note", note)]

    def _parts_placed(self) -> list[Region]:
        parts = (self.hand, self.opponents, self.centre, self.plates, self.piles,
                 self.bubbles, self.score, self.contract, self.bid_history)
        regions = [region for part in parts for region in part.regions()]
        regions += [(f"button {b.label()}", b.rect) for b in self.buttons]
        regions += self.play.regions()
        if self.bid_panel.visible:
            regions.append(("bid panel", self.bid_panel.rect))
        if self.ecart.active:
            regions += [("ecart", self.ecart.area_rect()),
                        ("ecart confirm", self.ecart.confirm.rect),
                        ("ecart chelem", self.ecart.chelem.rect)]
        return regions

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.felt(surface)
        self.piles.draw(surface)
        self.centre.draw(surface)
        turn = self.turn_seat()
        if turn is not None and not (self.model.trick or self.model.retourne is not None
                                     or self.model.chien or self.ecart.active
                                     or self.bid_panel.visible):
            self.centre.draw_turn_arrow(surface, turn)
        self.opponents.draw(surface)
        self.plates.draw(surface, turn)
        self.hand.draw(surface, self.animator.in_flight("deal") | self.animator.in_flight("play")
                       | self.animator.in_flight("turn"))
        flights_drawn(surface, self.animator, self.painter, self.model)
        for part in (self.bubbles, self.score, self.contract, self.bid_history):
            part.draw(surface)
        self.bid_history.draw_note(surface, self._parts_taken())
        self.ecart.draw(surface, self.painter.card)
        self.bid_panel.draw(surface)
        for index, button in enumerate(self.play.buttons()):
            button.focused = index == self.play.focus
        for button in [*self.buttons, *self.play.buttons()]:
            button.draw(surface)
        if self.narrator is not None and not self.show_last:
            self.narrator.draw(surface)
        if self.show_last:  # over the table; the messages, wider, would stick out
            overlay(surface, "last trick")
            self.last_trick.draw(surface)
        else:
            self.messages.draw(surface)
