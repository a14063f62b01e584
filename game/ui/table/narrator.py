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
from game.ui.kit.widgets import CREAM, GLOW, GOLD, Button, blit_text, panel, wrap
from game.ui.table.bidding import BidPanel
from game.ui.table.controller import Controller
from game.ui.table.ecart import EcartChooser
from game.ui.table.layout import free_place
from game.ui.table.play_buttons import PlayButtons

WIDTH = 292
TEXT = 18
LINE = 22
TITLE = 26
PADDING = 12
PREFERRED = pygame.Rect(10, 150, WIDTH, 0)  # the left of the table, under the scores

NARRATOR = (22, 34, 52)  # the narrator's panel: night blue, apart from the table's
Region = tuple[str, pygame.Rect]


class Narrator(Speaks):
    """Draws the lesson's words and highlights for the table's controller."""

    def __init__(self, texts: Texts, controller: Controller, run: LessonRun,
                 avoid: Callable[[], list[pygame.Rect]],
                 cards: Callable[[], list[tuple[Any, pygame.Rect]]],
                 buttons: Callable[[], Sequence[tuple[str, Button]]]) -> None:
        self.texts = texts
        self.controller = controller
        self.run = run
        self.avoid = avoid  # what the panel must leave visible
        self.cards = cards  # the viewer's hand as drawn
        self.buttons = buttons  # the panels' buttons with their actions' tokens

    def lines(self) -> list[str]:
        words = self.tr(self.run.words(self.controller.match))
        lines = wrap(words, TEXT, WIDTH - 2 * PADDING)
        if self.controller.message is not None and self.run.expected(self.controller.match):
            lines += wrap(self.tr("lesson.retry"), TEXT, WIDTH - 2 * PADDING)
        return lines

    def rect(self) -> pygame.Rect:
        height = 2 * PADDING + TITLE + LINE * len(self.lines())
        wanted = pygame.Rect(PREFERRED.x, PREFERRED.y, WIDTH, height)
        return free_place(wanted, self.avoid()).clamp(SCREEN)

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
        rect = self.rect()
        panel(surface, rect, NARRATOR, border=GOLD)
        blit_text(surface, self.tr(self.run.lesson.title_key), 20, GOLD,
                  topleft=(rect.x + PADDING, rect.y + PADDING - 2))
        y = rect.y + PADDING + TITLE
        retry_from = len(wrap(self.tr(self.run.words(self.controller.match)), TEXT,
                              WIDTH - 2 * PADDING))
        for index, line in enumerate(self.lines()):
            colour = GLOW if index >= retry_from else CREAM
            blit_text(surface, line, TEXT, colour, topleft=(rect.x + PADDING, y))
            y += LINE


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
