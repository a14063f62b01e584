"""The table's keyboard and mouse: the side buttons, the panels, the cards of the hand;
clicks and Enter reach a new choice only once it has been seen (``SETTLE``), and a click
that keeps a steady rhythm begun before the choice appeared never reaches it
(``Presses.blind``).  Enter after the hint (H) does what the hint says: the hint moves
the keyboard's choice to its card or its button.  Also what the hand shows of the
player's choices (``HandChoices``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.engine.protocol import Phase
from game.engine.tarot import AnnounceChelem, TarotDiscard
from game.i18n import Speaks, Texts
from game.ui.kit.layout import Point
from game.ui.kit.widgets import SETTLE, pointer
from game.ui.table.hint_choice import HintChoice
from game.ui.table.words import say_text

if TYPE_CHECKING:
    from game.ui.kit.presses import Presses
    from game.ui.kit.widgets import Button
    from game.ui.table.animator import Animator
    from game.ui.table.bidding import BidPanel
    from game.ui.table.boxes import BidHistory, LastTrick, ScoreBox
    from game.ui.table.controller import Controller
    from game.ui.table.ecart import EcartChooser
    from game.ui.table.parts import Hand
    from game.ui.table.play_buttons import PlayButtons
    from game.ui.table.poignee import CardAt, PoigneeChooser

ARROWS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB)
ENTER = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
CTRL = pygame.KMOD_CTRL | pygame.KMOD_META


def redo_keys(key: int, mods: int) -> bool:
    """Ctrl+Y, or Ctrl+Shift+Z (Cmd on a Mac)."""
    shift = bool(mods & pygame.KMOD_SHIFT)
    return bool(mods & CTRL) and (key == pygame.K_y or (key == pygame.K_z and shift))


@dataclass(frozen=True)
class ChoicePanels:
    """The panels that take the player's choices besides his cards: the bids, the
    poignée, the écart and the play buttons."""

    bid: BidPanel
    poignee: PoigneeChooser
    ecart: EcartChooser
    play: PlayButtons

    def handle(self, event: pygame.event.Event, card_at: CardAt) -> bool:
        """``event`` given to each panel in turn; True once one took it."""
        return self.bid.handle(event) or self.poignee.handle(event) \
            or self.ecart.handle(event, card_at) or self.play.handle(event)


@dataclass(frozen=True)
class ClickTargets:
    """What a click on the table reaches besides the hand and the panels: the side
    buttons, the score box (the score pad), a card of the last trick (why it was
    played) and a call of the bid history (what it shows)."""

    buttons: list[Button]
    score: ScoreBox
    last_trick: LastTrick
    bid_history: BidHistory


class InputTable(Protocol):
    """What the input reads and asks of the table (``TableScene`` satisfies it): the
    match, the hand, the choice panels, the click targets and the animations, whether
    the last trick is shown, and the table's own commands."""

    @property
    def controller(self) -> Controller: ...

    @property
    def hand(self) -> Hand: ...

    @property
    def panels(self) -> ChoicePanels: ...

    @property
    def targets(self) -> ClickTargets: ...

    @property
    def animator(self) -> Animator: ...  # what runs, the trick waiting for a click

    show_last: bool  # the last trick is shown over the table

    def collect_held(self) -> None: ...

    def toggle_last(self) -> None: ...

    def take_back(self, redo: bool = False) -> None: ...

    def show_hint(self) -> None: ...

    def show_score_pad(self) -> None: ...

    def to_menu(self) -> None: ...


class TableInput(Speaks):
    def __init__(self, texts: Texts, table: InputTable, presses: Presses,
                 show_keys: Callable[[], object]) -> None:
        self.texts = texts
        self.table = table
        # (the position, human to act): a move, an undo or a redo changes the position
        self._asked: tuple[object, bool] = (None, False)
        self.asked_for = 0.0  # seconds the current choices were shown (or since a press)
        self.appeared_for = 0.0  # seconds since the player's current choices appeared
        self.hints = HintChoice(texts, table)  # H, and what Enter does after it
        self.presses = presses  # the app's clicks and their rhythm
        self.show_keys = show_keys  # F1: the keys' page

    # --- the hint (H) --------------------------------------------------------------------

    def take_hint(self) -> None:
        self.hints.take()

    def current_hint(self) -> tuple[str, Any] | None:
        return self.hints.current()

    # --- what the hand shows (HandChoices) ----------------------------------------------

    def raised(self) -> set[Any]:
        poignee, ecart = self.table.panels.poignee, self.table.panels.ecart
        if poignee.active:
            return set(poignee.chosen)
        if ecart.active:
            return ecart.allowed()
        return self.table.controller.legal_cards()

    def takes(self) -> set[Any]:
        poignee, ecart = self.table.panels.poignee, self.table.panels.ecart
        if poignee.active:
            return poignee.candidates()
        if ecart.active:
            return ecart.allowed()
        return self.table.controller.legal_cards()

    def gaps(self) -> list[Any]:
        ecart = self.table.panels.ecart
        return list(ecart.chosen) if ecart.active else []

    def outlined(self) -> Any:
        hint = self.current_hint()
        return hint[1] if hint is not None else None

    def message(self) -> str:
        """What the table tells the player now (a refusal first)."""
        controller, panels, animator = self.table.controller, self.table.panels, \
            self.table.animator
        if controller.message is not None:
            return say_text(self.texts, controller.message)
        if animator.held is not None:
            return self.tr("table.collect")
        if panels.poignee.active:
            return panels.poignee.message()
        hint = self.current_hint()
        if hint is not None:
            return hint[0]
        if animator.void_message > 0:
            return self.tr("table.all_passed")
        if panels.ecart.active:
            left = panels.ecart.size - len(panels.ecart.chosen)
            return self.tr_n("table.ecart", left) if left else self.tr("table.ecart_complete")
        if AnnounceChelem() in controller.human_legal():
            return self.tr("tarot.chelem_choice")
        if controller.human_to_act and controller.match.phase is Phase.PLAY \
                and not panels.play.actions():
            return self.tr("table.your_turn")
        return ""

    # --- when a choice may be taken ----------------------------------------------------------

    @property
    def accepts_choice(self) -> bool:
        """Clicks and Enter reach the player's choices (panel, play buttons, cards) only
        once no animation runs and the choices have been on screen for ``SETTLE``
        seconds since they appeared or since the last click: a click meant for the
        animation never lands on a button that has just appeared under it."""
        table = self.table
        return not table.animator.tweens.busy and table.controller.idle \
            and self.asked_for >= SETTLE

    def time_the_choices(self, dt: float) -> None:
        """How long the player's current choices have been shown (from 0 each time the
        table asks him something new)."""
        controller = self.table.controller
        asked = (controller.match, controller.human_to_act)
        if asked[0] is not self._asked[0] or asked[1] != self._asked[1] \
                or self.table.animator.tweens.busy:
            self._asked, self.asked_for, self.appeared_for = asked, 0.0, 0.0
        else:
            self.asked_for += dt
            self.appeared_for += dt

    def blind_click(self) -> bool:
        """The latest click keeps a steady rhythm begun before the choices appeared."""
        return self.presses.blind(self.appeared_for)

    # --- events --------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        table = self.table
        if event.type == pygame.KEYDOWN:
            self.key(event.key, getattr(event, "mod", 0) | pygame.key.get_mods())
            return
        if any(button.handle(event) for button in table.targets.buttons):
            return
        click = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if click and table.targets.score.rect().collidepoint(event.pos):
            table.show_score_pad()  # the score box opens the score pad
            return
        if click and not table.show_last and table.targets.bid_history.click(event.pos):
            return  # a call or its bubble: what the computers read from it, at any time
        if click and (not self.accepts_choice or self.blind_click()):
            self.presses.idle()
            self.click_while_busy()
            return
        if table.panels.handle(event, table.hand.card_at):
            return
        if event.type == pygame.MOUSEMOTION:
            table.hand.hover = table.hand.card_at(event.pos)
            targets = table.targets
            pointer(targets.last_trick.point(event.pos) if table.show_last
                    else targets.bid_history.point(event.pos))
        elif click:
            self.click(event.pos)

    def key(self, key: int, mods: int = 0) -> None:
        table = self.table
        if key in ARROWS:
            self.arrow(key, bool(mods & pygame.KMOD_SHIFT))
        elif key == pygame.K_l:
            table.toggle_last()
        elif redo_keys(key, mods):
            table.take_back(redo=True)
        elif key == pygame.K_z and mods & CTRL:
            table.take_back()
        elif key == pygame.K_h:
            self.hints.ask()
        elif key == pygame.K_s:
            table.show_score_pad()
        elif key == pygame.K_c and table.panels.ecart.active:
            table.panels.ecart.toggle_chelem()
        elif key == pygame.K_ESCAPE:
            self.escape()
        elif key == pygame.K_F1:
            self.show_keys()
        elif key in ENTER:
            self.enter()

    def escape(self) -> None:
        """Esc closes what is open on top first (the last trick, a call's note, the
        poignée being chosen), and only then leaves for the menu."""
        table, panels, history = self.table, self.table.panels, self.table.targets.bid_history
        if table.show_last:
            table.toggle_last()
        elif history.note is not None or history.asked is not None:
            history.close()
        elif panels.poignee.active:
            panels.poignee.stop()
        else:
            table.to_menu()

    def arrow(self, key: int, shift: bool) -> None:
        """Arrows and Tab move between the bid panel's buttons when it is shown, Tab
        between the écart's two buttons during the écart; otherwise ← and → move the
        selection along the hand, ↑, ↓ and Tab through the play buttons."""
        table, panels = self.table, self.table.panels
        back = key in (pygame.K_LEFT, pygame.K_UP) or (key == pygame.K_TAB and shift)
        step = -1 if back else 1
        if panels.bid.visible:
            panels.bid.move_focus(step)
        elif key == pygame.K_TAB and panels.ecart.active:
            panels.ecart.move_focus(step)
            table.hand.selected = None
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            panels.play.focus = panels.ecart.focus = None
            table.hand.move_selection(step, table.controller.legal_cards())
        else:
            panels.play.move_focus(step)

    def enter(self) -> None:
        """Enter or Space: end the animation running; otherwise press the chosen button
        (chosen with the arrows or Tab, or by the hint), or play the chosen card; during
        the écart, set the chosen card aside (or take it back), then confirm."""
        table, panels = self.table, self.table.panels
        if not self.accepts_choice:
            self.click_while_busy()
        elif panels.bid.visible:
            panels.bid.press_focused()
        elif panels.ecart.active:
            self.enter_ecart()
        elif panels.play.press_focused():
            pass
        elif table.hand.selected in table.controller.legal_cards() \
                and not panels.poignee.active:
            table.controller.play_card(table.hand.selected)

    def enter_ecart(self) -> None:
        """Enter during the écart: the focused button; else the chosen card in or out
        (the hint's card goes in, and the hint is asked at once for the next); else,
        the écart complete, "Valider"."""
        table, ecart = self.table, self.table.panels.ecart
        selected = table.hand.selected
        if ecart.press_focused():
            return
        if selected in table.hand.model.hand:
            hinted = self.current_hint() is not None and isinstance(
                self.hints.action, TarotDiscard) and self.hints.action.card == selected
            ecart.toggle(selected)
            if hinted:
                table.hand.selected = None
                if len(ecart.chosen) < ecart.size:
                    self.hints.ask()  # the hint names the next card of its écart
        elif ecart.confirm.enabled:
            ecart.validate()

    def click_while_busy(self) -> None:
        """A click or Enter before the player's choices have settled: it only ends the
        animation running (or the last trick shown), or collects the trick waiting, and
        the choices wait ``SETTLE`` seconds more."""
        table, tweens = self.table, self.table.animator.tweens
        self.asked_for = 0.0
        if table.animator.held is not None:
            table.collect_held()
        elif table.show_last:
            table.show_last = False
        elif tweens.busy or not table.controller.idle:
            tweens.skip()
            table.controller.events.skip()

    def click(self, pos: Point) -> None:
        table, last_trick = self.table, self.table.targets.last_trick
        table.hand.selected = None  # the mouse takes over from the keyboard
        if table.show_last:  # a card of it: why it was played; elsewhere: closed
            last_trick.asked = last_trick.card_at(pos)
            table.show_last = last_trick.asked is not None
            return
        c = table.hand.card_at(pos)
        if c is not None:
            table.controller.play_card(c)

