"""The hint (H) at the table, and what Enter does after it: the Expert's suggestion is
shown, and the keyboard's choice moves to it (its card selected in the hand, or its
button rung: a bid, a king, an announcement, a poignée, the chelem), so that Enter does
what the hint says.  During the écart the hint weighs the match with the cards already
set aside (``discarded``): each Enter sets its card aside and the next one is asked."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from game.engine.match import Match
from game.engine.protocol import Action
from game.ui.table.controller import CARD_ACTIONS, discarded
from game.ui.table.words import hint_words

if TYPE_CHECKING:
    from game.i18n import Texts
    from game.ui.table.bidding import BidPanel
    from game.ui.table.controller import Controller
    from game.ui.table.ecart import EcartChooser
    from game.ui.table.parts import Hand
    from game.ui.table.play_buttons import PlayButtons


class HintPanels(Protocol):
    """The panels whose buttons the hint rings, and the écart it follows."""

    @property
    def bid(self) -> BidPanel: ...

    @property
    def play(self) -> PlayButtons: ...

    @property
    def ecart(self) -> EcartChooser: ...


class HintTable(Protocol):
    """What the hint reads of the table (the input's ``InputTable`` is one)."""

    @property
    def controller(self) -> Controller: ...

    @property
    def hand(self) -> Hand: ...

    @property
    def panels(self) -> HintPanels: ...


class HintChoice:
    def __init__(self, texts: Texts, table: HintTable) -> None:
        self.texts = texts
        self.table = table
        # the words (in the language shown when drawn), the suggested card, the position
        self.shown: tuple[Callable[[], str], Any, Match] | None = None
        self.action: Action | None = None  # what Enter does after the hint
        self._trial: tuple[object, Match] | None = None  # the écart's position, kept

    def position(self) -> Match:
        """The position the hint weighs: the match, with the cards the player has set
        aside so far during his écart (given to the engine only at "Valider"); the same
        object for the same cards, so that the hint asked for it is found again."""
        match, ecart = self.table.controller.match, self.table.panels.ecart
        if not (ecart.active and ecart.chosen):
            return match
        key = (match, frozenset(ecart.chosen))
        if self._trial is None or self._trial[0] != key:
            self._trial = (key, discarded(match, ecart.chosen))
        return self._trial[1]

    def ask(self) -> None:
        """H: ask the Expert for the position's suggestion (none once the écart is
        complete: only "Valider" is left)."""
        ecart = self.table.panels.ecart
        if not (ecart.active and len(ecart.chosen) == ecart.size):
            self.table.controller.request_hint(self.position())

    def take(self) -> None:
        """Show the suggestion as soon as the Expert has thought, and move the keyboard's
        choice to it."""
        position = self.position()
        verdict = self.table.controller.hint(position)
        if verdict is None or self.current() is not None:
            return
        action = verdict.decision.action
        card = action.card if isinstance(action, CARD_ACTIONS) else None  # not a king called
        words = functools.partial(hint_words, self.texts, verdict)  # the reason, then the numbers
        self.shown, self.action = (words, card, position), action
        if card is not None:
            self.table.hand.selected = card  # Enter or Space plays the suggested card
        else:
            self._ring(action)

    def _ring(self, action: Action) -> None:
        """The keyboard's ring on the button that does ``action``, the hand's choice
        cleared."""
        panels = self.table.panels
        self.table.hand.selected = None
        if panels.bid.focus_on(action):
            panels.play.focus = None
        else:
            panels.play.focus_on(action)

    def current(self) -> tuple[str, Any] | None:
        """The hint asked for this move, in words, and its card (gone once anyone acts,
        or a card is set aside in the écart)."""
        if self.shown is None or self.shown[2] is not self.position():
            return None
        return self.shown[0](), self.shown[1]
