"""The review's analysis: the coach's progress, the points the player's decisions lost,
the costly ones (biggest first: a click goes to its trick), the Expert's word on the
one of the trick shown, and the review's timeline with its marks.

A part of the review scene, not a scene: it reads an ``Analysis`` that the coach's
worker fills in the background and draws what is there at each frame.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.coach import Analysis, Remark
from game.i18n import Speaks, Texts
from game.ui.kit.widgets import CREAM, GLOW, GOLD, blit_text, panel, text, wrap
from game.ui.table.words import action_words, advice_lines, short_figures

LOSS = (240, 110, 90)  # 4.5:1 at least on the panel
TRACK = (70, 90, 80)
ROWS = 3  # costly decisions listed
ROW_HEIGHT = 40  # two lines: the decision and its loss, then its numbers
ROW_SIZES = (21, 19, 17)  # a row's text, smaller when a long card name needs it
NUMBER_SIZES = (19, 17, 16)
ADVICE_SIZES = ((20, 22), (18, 20), (17, 19))  # the advice's text and line, largest first


class CoachPanel(Speaks):
    def __init__(self, texts: Texts, analysis: Analysis, threshold: float, rect: pygame.Rect,
                 go_to: Callable[[int], None]) -> None:
        self.texts = texts
        self.analysis = analysis
        self.threshold = threshold
        self.rect = rect
        self.go_to = go_to  # shows a step of the review (a trick, 0 for the bidding)

    def marked(self) -> list[Remark]:
        return self.analysis.marked(self.threshold)

    def marked_tricks(self) -> set[int]:
        return {r.trick for r in self.marked()}

    def row_rects(self) -> list[pygame.Rect]:
        top = self.rect.y + 88
        return [pygame.Rect(self.rect.x + 10, top + i * ROW_HEIGHT, self.rect.width - 20,
                            ROW_HEIGHT - 2) for i in range(min(ROWS, len(self.marked())))]

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        for remark, rect in zip(self.marked(), self.row_rects(), strict=False):
            if rect.collidepoint(event.pos):
                self.go_to(remark.trick)
                return True
        return False

    def draw(self, surface: pygame.Surface, step: int) -> None:
        rect = self.rect
        panel(surface, rect)
        x = rect.x + 14
        blit_text(surface, self.tr("coach.title"), 22, GOLD, topleft=(x, rect.y + 8))
        if self.analysis.failed:
            blit_text(surface, self.tr("coach.failed"), 18, LOSS, topleft=(x, rect.y + 34))
        elif not self.analysis.done:
            self.draw_progress(surface, pygame.Rect(x, rect.y + 38, rect.width - 28, 10))
        lost = round(self.analysis.points_lost())
        key = "coach.lost" if self.analysis.done else "coach.lost_so_far"
        blit_text(surface, self.tr(key, points=lost), 20, CREAM, topleft=(x, rect.y + 56))
        marked = self.marked()
        if not marked and self.analysis.done:
            none = self.tr("coach.none", points=round(self.threshold))
            for number, line in enumerate(wrap(none, 20, rect.width - 28)):
                blit_text(surface, line, 20, GLOW, topleft=(x, rect.y + 88 + number * 24))
        for remark, row in zip(marked, self.row_rects(), strict=False):
            self.draw_row(surface, remark, row, remark.trick == step)
        here = next((r for r in marked if r.trick == step), None) or self.equal_at(step)
        if here is not None:
            self.draw_advice(surface, here)

    def equal_at(self, step: int) -> Remark | None:
        """The player's decision of ``step`` that the verdict names as good as the best
        (the review says so), if any."""
        return next((r for r in self.analysis.remarks if r.trick == step
                     and r.action in r.verdict.equals), None)

    def draw_progress(self, surface: pygame.Surface, bar: pygame.Rect) -> None:
        draw_bar(surface, bar, self.analysis.progress)

    def draw_row(self, surface: pygame.Surface, remark: Remark, row: pygame.Rect,
                 shown: bool) -> None:
        if shown:
            pygame.draw.rect(surface, GLOW, row, width=2, border_radius=5)
        where = self.tr("coach.trick",
                        number=remark.trick) if remark.trick else self.tr("coach.bidding")
        words = self.tr("coach.row", where=where, played=action_words(self.texts, remark.action),
                        better=action_words(self.texts, remark.suggestion.action))
        room = row.width - 60  # the loss stands on the right
        top = pygame.Rect(row.x, row.y, row.width, ROW_HEIGHT // 2)
        fitted(surface, words, ROW_SIZES, room, CREAM, (row.x + 6, top.centery))
        blit_text(surface, f"−{round(remark.lost or 0)}", 20, LOSS,
                  midright=(row.right - 6, top.centery))
        numbers = self.numbers(remark)
        if numbers:
            fitted(surface, numbers, NUMBER_SIZES, row.width - 12, GLOW,
                   (row.x + 6, top.bottom + ROW_HEIGHT // 4 - 2))

    def numbers(self, remark: Remark) -> str:
        """The player's choice's numbers, then the best's."""
        verdict = remark.verdict
        shown = [verdict.figures_of(a) for a in (remark.action, remark.suggestion.action)]
        words = [short_figures(self.texts, f, verdict.taking) for f in shown if f is not None]
        return self.tr("coach.numbers", played=words[0], better=words[1]) if len(words) == 2 else ""

    def draw_advice(self, surface: pygame.Surface, remark: Remark) -> None:
        """Why the best choice rather than the player's, at the step shown, and the
        choices as good as each other there: under the rows, at the largest size whose
        lines all fit there (as many as fit at the smallest)."""
        said = advice_lines(self.texts, remark.verdict, remark.action, figures=False)
        rows = self.row_rects()
        room = self.rect.bottom - 10 - ((rows[-1].bottom if rows else self.rect.y + 88) + 4)
        for size, step in ADVICE_SIZES:
            lines = [line for words in said for line in wrap(words, size, self.rect.width - 28)]
            if len(lines) * step <= room:
                break
        bottom = self.rect.bottom - 10
        for line in reversed(lines[:max(0, room // step)]):
            blit_text(surface, line, size, GLOW, bottomleft=(self.rect.x + 14, bottom))
            bottom -= step


def draw_bar(surface: pygame.Surface, bar: pygame.Rect, done: float) -> None:
    """A progress bar, ``done`` of it filled (0 to 1)."""
    pygame.draw.rect(surface, TRACK, bar, border_radius=5)
    filled = bar.copy()
    filled.width = max(4, round(bar.width * done))
    pygame.draw.rect(surface, GLOW, filled, border_radius=5)


def fitted(surface: pygame.Surface, words: str, sizes: tuple[int, ...], room: int,
           colour: tuple[int, int, int], midleft: tuple[int, int]) -> None:
    """``words`` at the largest of ``sizes`` that fits ``room`` pixels."""
    size = next((s for s in sizes if text(words, s).get_width() <= room), sizes[-1])
    blit_text(surface, words, size, colour, midleft=midleft)


def draw_timeline(surface: pygame.Surface, rect: pygame.Rect, steps: int, current: int,
                  marked: set[int]) -> list[pygame.Rect]:
    """A cell per step of the review (0: the bidding, then each trick), the current one
    filled, the costly ones marked; returns the cells (a click goes to one)."""
    width = rect.width // (steps + 1)
    cells = []
    for step in range(steps + 1):
        cell = pygame.Rect(rect.x + step * width + 1, rect.y, width - 2, rect.height)
        colour = GLOW if step == current else TRACK
        pygame.draw.rect(surface, colour, cell, border_radius=3)
        if step in marked:
            pygame.draw.circle(surface, LOSS, (cell.centerx, cell.y - 6), 5)
        cells.append(cell)
    return cells
