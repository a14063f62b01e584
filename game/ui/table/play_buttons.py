"""The buttons beside the hand during the play: announce (saying what), arrêt, one per
poignée size (which hands over to the poignée chooser's own two buttons), the misères,
and the tarot taker's chelem when no écart came before (garde sans or contre)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.engine.actions import Announce, Stop
from game.engine.announcements import find_announcements
from game.engine.protocol import Action
from game.engine.tarot import AnnounceChelem, DeclareMisere, DeclineChelem, ShowPoignee
from game.i18n import Speaks, Texts
from game.ui.kit.widgets import Button
from game.ui.table.layout import TableLayout
from game.ui.table.poignee import PoigneeChooser
from game.ui.table.seat_controls import SeatControls

Label = Callable[[], str]


class PlayButtons(Speaks):
    def __init__(self, texts: Texts, controls: SeatControls, layout: TableLayout,
                 poignee: PoigneeChooser,
                 hand: Callable[[], Sequence[Any]]) -> None:
        self.texts = texts
        self.controls = controls
        self.layout = layout
        self.poignee = poignee
        self.hand = hand  # the viewer's hand as shown
        self.focus: int | None = None  # the button chosen with ↑, ↓ or Tab
        self._built: tuple[tuple[Action, ...], bool, list[Button]] = ((), False, [])

    def actions(self) -> list[tuple[Action, Label]]:
        """The extra choices beside the play: announce, arrêt, poignées, misères, and the
        tarot taker's chelem when no écart came before (garde sans or contre, a resumed
        deal)."""
        actions: list[tuple[Action, Label]] = []
        for action in self.controls.human_legal():
            if isinstance(action, Announce):
                actions.append((action, self.announce_label()))
            elif isinstance(action, Stop):
                actions.append((action, _label(self.texts, "table.stop")))
            elif isinstance(action, ShowPoignee):
                actions.append((action, _label(self.texts, "table.poignee_size",
                                               count=len(action.cards))))
            elif isinstance(action, AnnounceChelem):
                actions.append((action, _label(self.texts, "tarot.announce_chelem")))
            elif isinstance(action, DeclineChelem):
                actions.append((action, _label(self.texts, "tarot.no_chelem")))
            elif isinstance(action, DeclareMisere):
                actions.append((action, _label(self.texts, f"table.misere_{action.kind.value}")))
        return actions

    def announce_label(self) -> Label:
        """The Announce button says what it declares, found from the viewer's own hand
        as the engine finds it (the most valuable combination)."""
        reuse = bool(getattr(self.controls.rules, "card_reuse_in_announcements", False))
        kinds = [a.kind.value for a in find_announcements(list(self.hand()), reuse)]
        if not kinds:
            return _label(self.texts, "table.announce")
        return lambda: self.tr("table.announce_kinds",
                               kinds=", ".join(self.tr(f"kind.{kind}") for kind in kinds))

    def buttons(self) -> list[Button]:
        """The buttons of ``actions`` (the poignée's own while it is chosen), rebuilt only
        when those change (a button keeps its hover state between frames)."""
        if self.poignee.active:
            return self.poignee.buttons()
        actions = self.actions()
        key = tuple(action for action, _ in actions)
        if key != self._built[0] or self.layout.left_handed != self._built[1]:
            buttons = [Button(self.layout.play_button(index), label, self._press(action),
                              size=26)
                       for index, (action, label) in enumerate(actions)]
            self._built = (key, self.layout.left_handed, buttons)
            self.focus = None
        return self._built[2]

    def _press(self, action: Action) -> Callable[[], None]:
        """A play button: a poignée first lets the player choose its trumps."""
        if isinstance(action, ShowPoignee):
            return self.poignee.starter(action)

        def press() -> None:
            self.controls.act(action)

        return press

    def move_focus(self, step: int) -> None:
        """↑, ↓ and Tab go through the play buttons."""
        count = len(self.buttons())
        if not count:
            return
        current = (-1 if step > 0 else 0) if self.focus is None else self.focus
        self.focus = (current + step) % count

    def focus_on(self, action: Action) -> bool:
        """The keyboard's ring on the button of ``action`` (a poignée: the button of its
        size); False when none does it."""
        for index, (shown, _) in enumerate(self.actions()):
            if shown == action or (isinstance(shown, ShowPoignee) and isinstance(
                    action, ShowPoignee) and len(shown.cards) == len(action.cards)):
                self.buttons()
                self.focus = index
                return True
        return False

    def press_focused(self) -> bool:
        """Enter on the focused button (True if there was one).  A poignée's size starts
        its chooser, whose "Show" button is then focused: Enter again shows it."""
        buttons = self.buttons()
        if self.focus is None or self.focus >= len(buttons):
            return False
        choosing = self.poignee.active
        buttons[self.focus].on_click()
        self.focus = 0 if self.poignee.active and not choosing else None
        return True

    def handle(self, event: Any) -> bool:
        return any(button.handle(event) for button in self.buttons())

    def regions(self) -> list[tuple[str, Any]]:
        return [(f"play button {i}", b.rect) for i, b in enumerate(self.buttons())]


def _label(texts: Texts, key: str, **kwargs: object) -> Label:
    return lambda: texts.tr(key, **kwargs)
