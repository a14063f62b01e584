"""The review's list of calls: every call of the deal in order (the last rows when
long); a click on another seat's call says what the computers read from it, for the
position at that call (what the player could see then), as the table's bid history
does ("what does this call show?"): the row lit under the mouse, a "?" on each call
that reads."""

from __future__ import annotations

import functools
from collections.abc import Sequence

import pygame

from game.engine.match import Match
from game.i18n import Speaks, Texts
from game.ui.kit.widgets import CREAM, GLOW, GOLD, ask_chip, blit_text, panel, wrap
from game.ui.table.boxes import REASON_LINE, REASON_TEXT, ROW_CHIP, ROW_LIT
from game.ui.table.call_words import Name, call_shown, readable
from game.ui.table.layout import gap, nearest_free
from game.ui.table.model import Say
from game.ui.table.words import say_text

ROWS = 8
ROW = 22
TOP = 34  # the first row under the title
BOTTOM = 650
LEFT, WIDTH = 10, 250
NOTE_WIDTHS = (430, 330, 250)  # the call read: the widest that finds room by its row
Box = tuple[int, int, int, int]  # a rectangle, hashable


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

    def row_rect(self, index: int) -> pygame.Rect:
        """Call ``index``'s row (its lit band)."""
        rect = self.rect()
        return pygame.Rect(rect.x + 4, self.row_top(index) - 2, rect.width - 8, ROW)

    def note_place(self, in_sight: Sequence[pygame.Rect]
                   ) -> tuple[tuple[str, ...], pygame.Rect] | None:
        """The call read, in lines, and its box: the free place nearest to the row it
        explains, leaving ``in_sight`` visible (None: no call read)."""
        if self.note is None or self.asked is None:
            return None
        lines, box = _note_place(self.note, tuple(self.row_rect(self.asked)),
                                 tuple(tuple(rect) for rect in in_sight))
        return lines, pygame.Rect(box)

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


@functools.lru_cache(maxsize=8)  # the same place every frame while the note shows
def _note_place(words: str, row: Box, in_sight: tuple[Box, ...]
                ) -> tuple[tuple[str, ...], Box]:
    """The note's lines and box at the width whose free place is nearest to ``row``
    (the first width among equals); beside the row when nothing is free."""
    anchor, taken = pygame.Rect(row), [pygame.Rect(rect) for rect in in_sight]
    placed = []
    for width in NOTE_WIDTHS:
        lines = tuple(wrap(words, REASON_TEXT, width - 24))
        box = pygame.Rect(0, 0, width, 20 + REASON_LINE * len(lines))
        box.midleft = (anchor.right + 12, anchor.centery)
        place = nearest_free(box, anchor, taken)
        placed.append((lines, place or box, place is not None))
    lines, box, _ = min(placed, key=lambda entry: (not entry[2], gap(entry[1], anchor)))
    return lines, (box.x, box.y, box.width, box.height)
