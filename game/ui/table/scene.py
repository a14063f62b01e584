"""The table scene: composes the layout (``layout``), the animator (``animator``),
the parts (``parts``, ``boxes``), the panels (``bidding``, ``poignee``,
``ecart``, ``play_buttons``, which see only the seat's controls) and the input
(``input``)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import pygame

from game.engine.actions import DealScored
from game.engine.games import TAROT, deck_of, game_of
from game.engine.match import Match, MatchOver, NewDeal
from game.engine.protocol import Event
from game.engine.rules import TrickGameRules
from game.lessons.run import LessonRun
from game.ui.kit.tween import Tweens
from game.ui.kit.widgets import Button
from game.ui.stage import routes
from game.ui.stage.scene import Scene, Stage
from game.ui.table.animator import Animator, Flight
from game.ui.table.bidding import BidPanel
from game.ui.table.boxes import BidHistory, ContractBox, LastTrick, Messages, ScoreBox
from game.ui.table.call_words import call_shown, seat_call_shown
from game.ui.table.controller import Controller, GameConfig, Pace
from game.ui.table.drawing import TableDrawing
from game.ui.table.ecart import EcartChooser
from game.ui.table.glossary import FirstTimeNotes, terms_of
from game.ui.table.input import ChoicePanels, ClickTargets, TableInput
from game.ui.table.layout import TableLayout
from game.ui.table.narrator import Narrator, panel_buttons
from game.ui.table.parts import (
    Bubbles,
    Centre,
    Hand,
    Opponents,
    Painter,
    Piles,
    Plates,
    Seats,
)
from game.ui.table.play_buttons import PlayButtons
from game.ui.table.poignee import PoigneeChooser
from game.ui.table.words import alone_words, card_reason


class TableScene(TableDrawing, Scene):
    """The match in progress on the table: the parts composed, the input, the frame's
    update; what it draws and where is ``TableDrawing``'s."""

    route = routes.TABLE

    def __init__(self, app: Stage, config: GameConfig, match: Match | None = None,
                 lesson: LessonRun | None = None) -> None:
        """A new match of ``config``, or ``match`` resumed from the save; or a lesson's
        deal (``match``: resumed at a step)."""
        super().__init__(app)
        self.config, self.lesson = config, lesson
        # The match host holds the match in progress (saved, counted); this scene shows
        # it, at the pace of the settings (read at each frame: they may change).
        pace = lambda: Pace(app.settings.speed_factor, app.settings.expert_think)  # noqa: E731
        if lesson is None:
            self.controller: Controller = app.host.start(config, match, on_event=self.on_event,
                                                         pace=pace)
            app.keep(self)  # "Continue" comes back to this table
        else:  # a lesson is not the match in progress, which stays as it was
            self.controller = app.host.lesson(config, lesson, match, on_event=self.on_event,
                                              pace=pace)
        self.model = self.controller.model
        self._compose(app)
        self.show_last = False
        self.turn_announced = False
        self.shown_turn: int | None = None

    def _compose(self, app: Stage) -> None:
        """The layout, the animator, the panels and the parts, wired together."""
        controller, model, rules = self.controller, self.model, self.config.rules
        self.layout = layout = TableLayout(
            rules.players, controller.viewer, rules.direction,
            tarot=game_of(rules.game) is TAROT,
            decouverte=isinstance(rules, TrickGameRules) and rules.decouverte)
        self.spots = layout.spots
        painter = Painter(app.assets, deck_of(rules.game), lambda: self.app.settings.card_back)
        seats = Seats(self.texts, layout, lambda: app.settings.player_name)
        self.input = TableInput(self.texts, self, app.presses,
                                lambda: app.go(routes.RULES, page="rules.keys"))  # F1
        self.hand = Hand(layout, model, painter, self.input)
        self.animator = Animator(layout, model, app.sound, self.hand.position,
                                 lambda: self.app.settings.collect_on_click)
        self.bid_panel = BidPanel(self.texts, controller, app.assets.suit_icon)
        self.poignee = PoigneeChooser(self.texts, controller, layout, self.hand.card_at)
        self.ecart = EcartChooser(self.texts, controller)
        self.play = PlayButtons(self.texts, controller, layout, self.poignee, lambda: model.hand)
        self.panels = ChoicePanels(self.bid_panel, self.poignee, self.ecart, self.play)
        self.notes = FirstTimeNotes(self.texts, app.memory.explained)
        self.opponents = Opponents(layout, model, painter, self.animator)
        self.centre = Centre(self.texts, layout, model, painter, self.animator,
                             lambda: not self.ecart.active)
        levels = [None if s.human else s.level.value for s in self.config.seats]
        self.plates = Plates(self.texts, layout, model, seats, levels, app.assets.dealer_button)
        self.piles = Piles(self.texts, layout, model, painter)
        self.bubbles = Bubbles(self.texts, layout, model, painter)
        self.score = ScoreBox(self.texts, layout, model, seats)
        self.contract = ContractBox(self.texts, layout, model, seats, app.assets.suit_icon)
        self.bid_history = BidHistory(  # each reading's view taken at the click
            self.texts, layout, model, seats,
            lambda index: functools.partial(call_shown, self.texts,
                                            controller.human_view().deal, index,
                                            model.deal_seed, seats.name),
            self.bubbles,
            lambda kind, seat: functools.partial(
                seat_call_shown, self.texts, controller.human_view().deal, seat,
                model.says.get(seat, ("", ()))[0] if kind == "bubble" else None,
                model.deal_seed, seats.name),
            controller.computers.submit)  # read in the AI's worker, not in a frame
        self.messages = Messages(layout, self.message_text,
                                 lambda: controller.message is not None, self.notes.text,
                                 self._panel_shown, self._message_room)
        self.last_trick = LastTrick(
            self.texts, layout, model, seats, painter, lambda card: card_reason(
                self.texts, controller.computers.reasons, model.deal_number, card))
        self.painter = painter
        self.menu_button = self._side_button("menu", "table.menu", self.to_menu)
        self.last_button = self._side_button("last", "table.last_trick", self.toggle_last)
        self.undo_button = self._side_button("undo", "table.undo", self.take_back)
        self.hint_button = self._side_button("hint", "table.hint", self.show_hint)
        self.undo_button.enabled = app.session is None or app.session.undo_allowed
        self.buttons = [self.menu_button, self.last_button, self.undo_button, self.hint_button]
        self.targets = ClickTargets(self.buttons, self.score, self.last_trick, self.bid_history)
        self.narrator = None if self.lesson is None else Narrator(
            self.texts, controller, self.lesson, self._narrator_room, self.hand.cards,
            lambda: panel_buttons(self.bid_panel, self.play, self.ecart), self._backs)
        self._follow_handedness()

    def _side_button(self, name: str, key: str, press: Callable[[], None]) -> Button:
        return Button(self.layout.side_button(name), lambda: self.tr(key), press, size=24)

    # --- scenes ------------------------------------------------------------------------

    def to_menu(self) -> None:
        self.app.pop_to(routes.MENU)

    def show_score_pad(self) -> None:
        routes.open_score_pad(self.app, self)

    def show_hint(self) -> None:
        self.input.hints.ask()

    def current_hint(self) -> tuple[str, Any] | None:
        """The hint asked for this move (gone once anyone acts)."""
        return self.input.current_hint()

    def take_back(self, redo: bool = False) -> None:
        """Take back the player's last move (Ctrl+Z), or play again the move the last
        undo took back (``redo``): the animations in flight are dropped."""
        self.animator.drop()
        self.show_last = False
        if redo:
            self.controller.redo()
        else:
            self.controller.undo()

    def toggle_last(self) -> None:
        self.show_last = not self.show_last and bool(self.model.last_trick)
        self.last_trick.asked = None

    def dispose(self) -> None:
        """The match is abandoned for good (a new one starts)."""
        self.controller.close()

    def on_event(self, event: Event) -> float:
        """Animate and sound ``event``: seconds before the next one."""
        if isinstance(event, DealScored):
            self.app.go(routes.SCORE_SHEET, table=self)
            return 0.2 * self.controller.speed
        if isinstance(event, MatchOver):
            self._match_over(event)
            return 0.0
        if isinstance(event, NewDeal):
            self.hand.selected = None  # the keyboard's card was of the last deal
        return self.animator.on_event(event, self.controller.speed)

    def presented(self) -> None:
        self.controller.frame_drawn()  # the worker may ponder until the next frame

    def collect_held(self) -> None:
        """The player's click takes the trick that waited for it."""
        after = self.animator.release_held(self.controller.speed)
        if after is not None:
            self.controller.events.release(after)

    def _match_over(self, event: MatchOver) -> None:
        viewer_side = self.model.side_of(self.controller.viewer)
        self.app.sound("win" if event.winner == viewer_side else "lose")
        self.app.go(routes.MATCH_END, table=self)

    # --- what the parts and the tests read ------------------------------------------------

    @property
    def flights(self) -> list[Flight]:
        return self.animator.flights

    @property
    def tweens(self) -> Tweens:
        return self.animator.tweens

    @property
    def held(self) -> Any:
        return self.animator.held

    @property
    def selected(self) -> Any:
        return self.hand.selected

    @selected.setter
    def selected(self, card: Any) -> None:
        self.hand.selected = card

    @property
    def play_focus(self) -> int | None:
        return self.play.focus

    @property
    def accepts_choice(self) -> bool:
        return self.input.accepts_choice

    def hand_layout(self) -> list[tuple[Any, pygame.Rect]]:
        return self.hand.cards()

    def play_buttons(self) -> list[Button]:
        return self.play.buttons()

    def side_name(self, side: int) -> str:
        return self.score.side_name(side)

    def seat_name(self, seat: int) -> str:
        return self.score.seats.name(seat)

    def message_text(self) -> str:
        """What the table tells the player now; at five, until the first trick is
        taken, why the taker plays alone under it."""
        words = self.input.message()
        alone = "" if self.model.last_trick else alone_words(self.texts, self.model,
                                                               self.seat_name)
        if not alone or alone in words:
            return words
        return f"{words}\n{alone}" if words else alone

    def terms_shown(self) -> list[str]:
        """The French terms on the table now (bubbles, the chien, the retourne)."""
        terms = [term for say in self.model.says.values() for term in terms_of(say)]
        if self.model.chien:
            terms.append("chien")
        if self.model.retourne is not None:
            terms.append("retourne")
        return terms

    # --- the frame -----------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        self.input.handle(event)

    def update(self, dt: float) -> None:
        self.animator.update(dt)
        self.controller.update(dt)
        self.input.time_the_choices(dt)
        self._follow_handedness()
        self.bid_panel.refresh()
        self.poignee.refresh()
        self.ecart.refresh()
        self.input.take_hint()  # after the panels: the hint rings one of their buttons
        self.notes.notice(self.terms_shown())
        if self.messages.note_rect() is not None:  # a note waiting for room keeps its time
            self.notes.update(dt)
        self.hint_button.enabled = bool(self.controller.human_legal())
        session = self.app.session
        self.undo_button.enabled = session is None or session.undo_allowed
        if self.controller.human_to_act and not self.turn_announced:
            self.app.sound("your_turn")
        self.turn_announced = self.controller.human_to_act

    def _follow_handedness(self) -> None:
        """The layout follows the left-handed setting; the buttons take its places."""
        if self.layout.handed(self.app.settings.left_handed):
            for button, name in zip(self.buttons, ("menu", "last", "undo", "hint"), strict=True):
                button.rect = self.layout.side_button(name)
