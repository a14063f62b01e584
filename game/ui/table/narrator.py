"""The lesson's narrator at the table: a panel that says what happens and what to do
next, placed where it covers nothing (the cards it talks about stay in view), and a
glow round the cards and buttons the lesson's move needs.  The words and the move are
the lesson's (``game.lessons``); this only draws them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.i18n import Speaks, Texts
from game.lessons.run import LessonRun
from game.lessons.script import ECART_CONFIRM, token
from game.ui.kit.layout import SCREEN
from game.ui.kit.widgets import CREAM, GLOW, GOLD, MIN_TEXT, Button, blit_text, panel, wrap
from game.ui.table.bidding import BidPanel
from game.ui.table.controller import Controller
from game.ui.table.ecart import EcartChooser
from game.ui.table.play_buttons import PlayButtons

WIDTH = 300
TEXT = MIN_TEXT  # 15 pixels at 960×540
TITLE = 26
PADDING = 12
STEP = 8  # the search for a free place, in logical pixels
WIDE = 640
# Where the panel goes, the first of them free: the left of the table under the scores,
# its right under the contract, else wide along the top between the hands and the middle.
# Narrower, taller, when only a column is free beside a panel (the bidding, the écart).
NARROW = 270
PREFERRED = ((10, 150, WIDTH), (SCREEN.right - 10 - WIDTH, 150, WIDTH),
             (SCREEN.centerx - WIDE // 2, 124, WIDE),
             (10, 150, NARROW), (SCREEN.right - 10 - NARROW, 150, NARROW))

NARRATOR = (22, 34, 52)  # the narrator's panel: night blue, apart from the table's
Region = tuple[str, pygame.Rect]


class Narrator(Speaks):
    """Draws the lesson's words and highlights for the table's controller."""

    def __init__(self, texts: Texts, controller: Controller, run: LessonRun,
                 avoid: Callable[[], list[pygame.Rect]],
                 cards: Callable[[], list[tuple[Any, pygame.Rect]]],
                 buttons: Callable[[], Sequence[tuple[str, Button]]],
                 spare: Callable[[], list[pygame.Rect]] = lambda: []) -> None:
        self.texts = texts
        self.controller = controller
        self.run = run
        self.avoid = avoid  # what the panel must leave visible
        self.spare = spare  # what it may cover when nothing else leaves it room
        self.cards = cards  # the viewer's hand as drawn
        self.buttons = buttons  # the panels' buttons with their actions' tokens
        # the place found and what it was found among (searched again when that changes)
        self._placed: tuple[object, tuple[pygame.Rect, int]] = (None, (pygame.Rect(0, 0, 0, 0),
                                                                       TEXT))

    def lines(self, width: int | None = None, size: int | None = None) -> list[str]:
        """The words in lines as wide as the panel, in text of ``size`` (the panel's
        placed now when not given)."""
        if width is None or size is None:
            rect, size = self.placed()
            width = rect.width
        inside = width - 2 * PADDING
        lines = wrap(self.tr(self.run.words(self.controller.match)), size, inside)
        if self.controller.message is not None and self.run.expected(self.controller.match):
            lines += wrap(self.tr("lesson.retry"), size, inside)
        return lines

    def rect(self) -> pygame.Rect:
        return self.placed()[0]

    def placed(self) -> tuple[pygame.Rect, int]:
        """The panel and its text size: the first place of ``PREFERRED`` (or the
        nearest free one to it) where it covers nothing, its text at ``TEXT`` (never
        smaller: it is read in the smallest window too); where it covers only what is ``spare``
        when nothing is free (the opponents' card backs at the écart); the first place
        when none is."""
        avoid, spare = self.avoid(), self.spare()
        lenient = [rect for rect in avoid if rect not in spare]
        wanted = [(pygame.Rect(x, y, width, self._height(width, size)), size)
                  for size in (TEXT,) for x, y, width in PREFERRED]
        key = (tuple((tuple(r), size) for r, size in wanted), tuple(tuple(r) for r in avoid),
               tuple(tuple(r) for r in spare))
        if key != self._placed[0]:
            found = ((nearest_free(rect, room), size) for room in (avoid, lenient)
                     for rect, size in wanted)
            fallback = (wanted[-1][0].clamp(SCREEN), TEXT)
            self._placed = (key, next(((rect, size) for rect, size in found
                                       if rect is not None), fallback))
        return self._placed[1]

    def _height(self, width: int, size: int) -> int:
        return 2 * PADDING + TITLE + line_height(size) * len(self.lines(width, size))

    def regions(self) -> list[Region]:
        return [("narrator", self.rect())]

    def lit(self) -> list[pygame.Rect]:
        """The rectangles of the cards and buttons the lesson's move needs."""
        wanted = self.run.highlight(self.controller.match)
        if not wanted or not self.controller.human_to_act:
            return []
        rects = [rect for card, rect in self.cards() if card.code in wanted]
        buttons = self.buttons()
        exact = [button.rect for word, button in buttons if word in wanted]
        # a coinche bid's value button ("Bid 140") glows until its suit buttons show
        first = [button.rect for word, button in buttons
                 if any(w.startswith(word + " ") for w in wanted)]
        return rects + (exact or first)

    def glows(self) -> list[pygame.Rect]:
        """The glow drawn round each lit card's visible strip (the hand is fanned: a
        glow round the whole card would take in the next ones) and each lit button."""
        lefts = sorted(rect.x for _, rect in self.cards())
        cards = {(rect.x, rect.y) for _, rect in self.cards()}
        glows = []
        for rect in self.lit():
            if (rect.x, rect.y) in cards:
                right = min((x for x in lefts if x > rect.x), default=rect.right)
                rect = pygame.Rect(rect.x, rect.y, right - rect.x, rect.height)
            glows.append(rect.inflate(6, 6))
        return glows

    def draw(self, surface: pygame.Surface) -> None:
        for rect in self.glows():
            pygame.draw.rect(surface, GLOW, rect, width=4, border_radius=8)
        rect, size = self.placed()
        panel(surface, rect, NARRATOR, border=GOLD, name="narrator")
        blit_text(surface, self.tr(self.run.lesson.title_key), 22, GOLD,
                  topleft=(rect.x + PADDING, rect.y + PADDING - 2))
        y = rect.y + PADDING + TITLE
        retry_from = len(wrap(self.tr(self.run.words(self.controller.match)), size,
                              rect.width - 2 * PADDING))
        for index, line in enumerate(self.lines(rect.width, size)):
            colour = GLOW if index >= retry_from else CREAM
            blit_text(surface, line, size, colour, topleft=(rect.x + PADDING, y))
            y += line_height(size)


def line_height(size: int) -> int:
    return size + 3 + size // 10


def nearest_free(rect: pygame.Rect, avoid: list[pygame.Rect]) -> pygame.Rect | None:
    """``rect`` moved the least (in steps of ``STEP``) to cover none of ``avoid`` on the
    screen; None when it fits nowhere."""
    free = [moved for x in range(0, SCREEN.width - rect.width + 1, STEP)
            for y in range(0, SCREEN.height - rect.height + 1, STEP)
            if (moved := pygame.Rect(x, y, rect.width, rect.height)).collidelist(avoid) < 0]
    return min(free, key=lambda r: abs(r.x - rect.x) + abs(r.y - rect.y), default=None)


def panel_buttons(bids: BidPanel, play: PlayButtons, ecart: EcartChooser
                  ) -> list[tuple[str, Button]]:
    """The table's buttons with the tokens of their actions: the bid panel's, the play
    buttons' and the écart's confirmation (``ECART_CONFIRM``)."""
    pairs = list(zip(bids.tokens, bids.buttons, strict=False))
    actions = [action for action, _ in play.actions()]
    pairs += [(token(action), button)
              for action, button in zip(actions, play.buttons(), strict=False)]
    if ecart.active and ecart.confirm.enabled:
        pairs.append((ECART_CONFIRM, ecart.confirm))
    return pairs
