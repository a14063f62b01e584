"""The score pad ("feuille de marque"): every deal of the match in one line (its number,
the player's margin less the Expert's in his seat (the par, ``game/par.py``), the taker
and the contract, made or not, each side's score and the running totals); a click on a
line shows that deal's whole breakdown and its par, with "review" and "play again".

Reached from the table (the button, key S) and from the score sheet (key S); Escape or
Back closes it.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.engine.match import DealRecord
from game.engine.rules import TarotRules
from game.par import Par, ParStatus
from game.ui.kit.widgets import CREAM, GLOW, GOLD, MIN_TEXT, Button, blit_text, panel, shade
from game.ui.scenes.breakdown import Style, breakdown_rows, deal_words, par_cell, par_words
from game.ui.stage import routes
from game.ui.stage.routes import MatchScreen
from game.ui.stage.scene import Scene, Stage

PAD_RECT = pygame.Rect(90, 30, 1100, 660)
LIST_TOP = PAD_RECT.y + 110
LINE_HEIGHT = 30
VISIBLE_LINES = 15
DETAIL_ROW = 24
PAR_RIGHT = PAD_RECT.x + 178  # the right edge of the par's column


class ScorePad(Scene):
    opaque = False
    route = routes.SCORE_PAD

    def __init__(self, app: Stage, table: MatchScreen,
                 review: Callable[[int], None], play_again: Callable[[DealRecord], None]) -> None:
        super().__init__(app)
        self.table = table
        self.review, self.play_again = review, play_again
        self.history = table.controller.match.history
        self.first = max(0, len(self.history) - VISIBLE_LINES)  # the newest deals shown
        self.chosen: int | None = None
        bottom = PAD_RECT.bottom - 70
        self.back = Button(pygame.Rect(PAD_RECT.right - 220, bottom, 200, 50),
                           lambda: self.tr("back"), self.back_to_list)
        self.review_button = Button(pygame.Rect(PAD_RECT.x + 20, bottom, 220, 50),
                                    lambda: self.tr("sheet.review"), self._review, size=24)
        self.again_button = Button(pygame.Rect(PAD_RECT.x + 260, bottom, 260, 50),
                                   lambda: self.tr("sheet.play_again"), self._again, size=24)

    # --- input ---------------------------------------------------------------------------

    def back_to_list(self) -> None:
        """Back: from a deal's detail to the list, from the list out of the pad."""
        if self.chosen is not None:
            self.chosen = None
            return
        self.app.pop()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_s):
            self.app.pop()  # the key leaves the pad, from a deal's detail too
            return
        if event.type == pygame.MOUSEWHEEL and self.chosen is None:
            self.scroll(-event.y)
            return
        for button in self.buttons():
            if button.handle(event):
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.chosen is None:
            index = self.line_at(event.pos)
            if index is not None:
                self.chosen = index

    def scroll(self, lines: int) -> None:
        last = max(0, len(self.history) - VISIBLE_LINES)
        self.first = min(last, max(0, self.first + lines))

    def line_at(self, pos: tuple[int, int]) -> int | None:
        for index, rect in self.line_rects():
            if rect.collidepoint(pos):
                return index
        return None

    def line_rects(self) -> list[tuple[int, pygame.Rect]]:
        shown = range(self.first, min(len(self.history), self.first + VISIBLE_LINES))
        return [(index, pygame.Rect(PAD_RECT.x + 16, LIST_TOP + row * LINE_HEIGHT,
                                    PAD_RECT.width - 32, LINE_HEIGHT - 2))
                for row, index in enumerate(shown)]

    def buttons(self) -> list[Button]:
        if self.chosen is None:
            return [self.back]
        return [self.review_button, self.again_button, self.back]

    def _review(self) -> None:
        if self.chosen is not None:
            self.review(self.chosen)

    def _again(self) -> None:
        if self.chosen is not None:
            self.play_again(self.history[self.chosen])

    # --- drawing -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(shade(surface.get_size(), 150), (0, 0))
        panel(surface, PAD_RECT)
        blit_text(surface, self.tr("pad.title"), 34, GOLD,
                  midtop=(PAD_RECT.centerx, PAD_RECT.y + 14))
        if self.chosen is None:
            self.draw_list(surface)
        else:
            self.draw_deal(surface, self.history[self.chosen])
            self.draw_par(surface, self.chosen)
        for button in self.buttons():
            button.draw(surface)

    def columns(self) -> list[int]:
        sides = len(self.table.model.totals)
        step = min(130, 560 // sides)
        return [PAD_RECT.right - 30 - (sides - 1 - i) * step for i in range(sides)]

    def par(self, index: int) -> Par | ParStatus | None:
        return self.app.host.par(self.table.controller.match, index)

    def draw_list(self, surface: pygame.Surface) -> None:
        if not self.history:
            blit_text(surface, self.tr("pad.empty"), 26, CREAM, center=PAD_RECT.center)
            return
        columns = self.columns()
        heading_y = LIST_TOP - 36
        blit_text(surface, self.tr("pad.deal"), 22, GOLD, topleft=(PAD_RECT.x + 24, heading_y))
        blit_text(surface, self.tr("pad.par"), MIN_TEXT, GOLD, topright=(PAR_RIGHT, heading_y + 3))
        blit_text(surface, self.tr("pad.contract"), 22, GOLD, topleft=(PAD_RECT.x + 190, heading_y))
        size = 20 if len(columns) >= 4 else 22
        for side, x in enumerate(columns):
            blit_text(surface, self.table.side_name(side), size, GOLD, topright=(x, heading_y))
        for index, rect in self.line_rects():
            record = self.history[index]
            if index % 2:
                pygame.draw.rect(surface, (36, 58, 46), rect, border_radius=6)
            blit_text(surface, self.tr("pad.line_number", number=record.number), 22, CREAM,
                      topleft=(rect.x + 8, rect.y + 3))
            blit_text(surface, par_cell(self.texts, self.par(index)), 20, CREAM,
                      topright=(PAR_RIGHT, rect.y + 4))
            blit_text(surface, deal_words(self.texts, record, self.table.side_name), 20, CREAM,
                      topleft=(PAD_RECT.x + 190, rect.y + 4))
            for score, total, x in zip(record.result.scores, record.totals, columns,
                                       strict=True):
                blit_text(surface, f"{score:+d}", MIN_TEXT, CREAM, topright=(x - 58, rect.y + 5))
                blit_text(surface, str(total), 22, GLOW, topright=(x, rect.y + 3))
        if len(self.history) > VISIBLE_LINES:
            blit_text(surface, self.tr("pad.scroll"), MIN_TEXT, CREAM,
                      midbottom=(PAD_RECT.centerx, PAD_RECT.bottom - 76))

    def draw_deal(self, surface: pygame.Surface, record: DealRecord) -> None:
        blit_text(surface, self.tr("sheet.title", number=record.number, seed=record.seed), 26,
                  GLOW, midtop=(PAD_RECT.centerx, PAD_RECT.y + 58))
        blit_text(surface, deal_words(self.texts, record, self.table.side_name), 22, CREAM,
                  midtop=(PAD_RECT.centerx, PAD_RECT.y + 90))
        columns = self.columns()
        y = PAD_RECT.y + 130
        for side, x in enumerate(columns):
            blit_text(surface, self.table.side_name(side), 20, GOLD, topright=(x, y))
        y += 30
        for row in breakdown_rows(self.texts, record.result.lines, record.carried, record.totals,
                                  self.table.seat_name):
            colour = (200, 200, 190) if row.style is Style.NOTE else CREAM
            blit_text(surface, row.label, MIN_TEXT, colour,
                      topleft=(PAD_RECT.x + 30, y))
            for cell, x in zip(row.cells, columns, strict=True):
                blit_text(surface, cell, 20, colour, topright=(x, y))
            y += DETAIL_ROW

    def draw_par(self, surface: pygame.Surface, index: int) -> None:
        """Under a deal's breakdown: its par in a sentence, and what the figures are."""
        words = par_words(self.texts, self.par(index))
        if not words:
            return
        bottom = PAD_RECT.bottom - 86
        tarot = isinstance(self.table.config.rules, TarotRules)
        note = self.tr("sheet.par_note_tarot" if tarot else "sheet.par_note")
        blit_text(surface, note, 20, (200, 200, 190), midbottom=(PAD_RECT.centerx, bottom))
        blit_text(surface, words, 22, GLOW, midbottom=(PAD_RECT.centerx, bottom - 24))
