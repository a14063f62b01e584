"""The review's list of calls: every call of the deal in order (the last rows when
long); a click on another seat's call says what the computers read from it, for the
position at that call (what the player could see then), as the table's bid history
does ("what does this call show?"): the row lit under the mouse, a "?" on each call
that reads."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.engine.match import Match
from game.i18n import Speaks, Texts
from game.ui.kit.widgets import CREAM, GLOW, GOLD, ask_chip, blit_text, panel
from game.ui.table.boxes import ROW_CHIP, ROW_LIT
from game.ui.table.call_words import Name, call_shown, readable
from game.ui.table.model import Say
from game.ui.table.words import say_text

ROWS = 8
ROW = 22
TOP = 34  # the first row under the title
BOTTOM = 650
LEFT, WIDTH = 10, 250


class ReviewCalls(Speaks):
    """The deal's calls, bottom left, and the call asked read in ``note``."""

    def __init__(self, texts: Texts, bids: Sequence[tuple[int, Say]], at_call: Sequence[Match],
                 viewer: int, seed: int, name: Name) -> None:
        self.texts = texts
        self.bids, self.at_call = bids, at_call  # the match just after each call
        self.viewer, self.seed, self.name = viewer, seed, name
        self.hover: int | None = None  # the call under the mouse that a click reads
        self.asked: int | None = None
        self.note: str | None = None  # what the computers read from the call asked

    def first(self) -> int:
        """The first call shown (the last ``ROWS`` are)."""
        return max(0, len(self.bids) - ROWS)

    def rect(self) -> pygame.Rect:
        shown = len(self.bids) - self.first()
        rect = pygame.Rect(LEFT, 0, WIDTH, 40 + ROW * max(1, shown))
        rect.bottom = BOTTOM
        return rect

    def row_top(self, index: int) -> int:
        return self.rect().y + TOP + (index - self.first()) * ROW

    def spot(self, index: int) -> tuple[int, int]:
        """The middle of call ``index``'s row (where a click reads it)."""
        return self.rect().centerx, self.row_top(index) + ROW // 2 - 2

    def readable(self, index: int) -> bool:
        seat, say = self.bids[index]
        return seat != self.viewer and readable(say) and index < len(self.at_call)

    def call_at(self, pos: tuple[int, int]) -> int | None:
        """The call, one a click reads, whose row is at ``pos``."""
        rect = self.rect()
        if not rect.collidepoint(pos) or pos[1] < rect.y + TOP - 2:
            return None
        index = self.first() + (pos[1] - rect.y - TOP + 2) // ROW
        return index if index < len(self.bids) and self.readable(index) else None

    def point(self, pos: tuple[int, int]) -> bool:
        """The mouse at ``pos``: the call there lit; whether a click would read one."""
        self.hover = self.call_at(pos)
        return self.hover is not None

    def click(self, pos: tuple[int, int]) -> bool:
        """A click at ``pos``: the call there read (elsewhere: the note closed)."""
        self.asked = self.call_at(pos)
        self.note = None if self.asked is None else self.read(self.asked)
        return self.asked is not None

    def read(self, index: int) -> str | None:
        """What call ``index`` shows, read from the player's view just after it."""
        view = self.at_call[index].view(self.viewer).deal
        return call_shown(self.texts, view, index, self.seed, self.name)

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.rect()
        panel(surface, rect)
        blit_text(surface, self.tr("table.bid_history"), 20, GOLD, topleft=(22, rect.y + 8))
        for index in range(self.first(), len(self.bids)):
            seat, say = self.bids[index]
            y = self.row_top(index)
            if index in (self.hover, self.asked):
                pygame.draw.rect(surface, ROW_LIT, (rect.x + 4, y - 2, rect.width - 8, ROW),
                                 border_radius=4)
            blit_text(surface, self.name(seat), 20, CREAM, topleft=(22, y))
            said = blit_text(surface, say_text(self.texts, say), 20, GLOW,
                             topright=(rect.right - 30, y))
            if self.readable(index):
                ask_chip(surface, (rect.right - 15, said.centery), ROW_CHIP)
