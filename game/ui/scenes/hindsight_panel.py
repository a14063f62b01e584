"""The review's "all cards seen" view: the coach's panel, toggled, shows the best card of
the trick shown once every hand is seen (``game.hindsight``), labelled as hindsight, with
what the player's card cost by that yardstick.  It only reads ``Analysis.seen``: the
honest verdict, its marks and its rows are the coach panel's, never mixed with this.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.coach import Analysis, DecisionPoint
from game.engine.tarot_tricks import TarotView
from game.i18n import Texts
from game.ui.kit.widgets import CREAM, GLOW, GOLD, Button, blit_text, panel, wrap
from game.ui.scenes.coach_panel import LOSS, CoachPanel, draw_bar
from game.ui.table.words import action_words

if TYPE_CHECKING:
    from game.hindsight import Seen

NOTE = (200, 200, 180)
LINE = 20  # pixels between two lines of a paragraph
HINDSIGHT_BUTTON = pygame.Rect(1000, 12, 270, 40)  # top right, free at every table


class HindsightToggle:
    """The review's "All cards seen" (its button, or C) while the analysis shows: the
    analysis's panel shows the hindsight instead, which ``see`` has the coach's worker
    work out (after the analysis)."""

    def __init__(self, texts: Texts, see: Callable[[], object]) -> None:
        self._see = see
        self.button = Button(HINDSIGHT_BUTTON, lambda: texts.tr("hindsight.toggle"),
                             self.toggle, size=20)

        self.offered = False  # while the analysis shows

    @property
    def shown(self) -> bool:
        return self.button.selected

    def offer(self, buttons: list[Button]) -> None:
        """The analysis shows: the toggle joins the review's ``buttons``."""
        self.offered = True
        buttons.append(self.button)

    def withdraw(self, buttons: list[Button]) -> None:
        """The analysis is hidden: the toggle leaves ``buttons``, its view closed."""
        self.offered = self.button.selected = False
        buttons.remove(self.button)

    def toggle(self) -> None:
        if self.offered:
            self.button.selected = not self.button.selected
            if self.button.selected:
                self._see()

    def draw(self, surface: pygame.Surface, coach: CoachPanel | None, step: int) -> None:
        """The analysis's panel, if shown: the hindsight when toggled, else the
        analysis."""
        if coach is not None and self.shown:
            draw_hindsight(surface, coach.texts, coach.rect, coach.analysis, step)
        elif coach is not None:
            coach.draw(surface, step)


def draw_hindsight(surface: pygame.Surface, texts: Texts, rect: pygame.Rect,
                   analysis: Analysis, step: int) -> None:
    """The view in the panel ``rect``, at the review's ``step`` (the bar while the
    hands are being solved)."""
    panel(surface, rect)
    x, width = rect.x + 14, rect.width - 28
    blit_text(surface, texts.tr("hindsight.title"), 22, GOLD, topleft=(x, rect.y + 8))
    y = rect.y + 40
    if not analysis.hindsight_done:
        draw_bar(surface, pygame.Rect(x, y, width, 10),
                 len(analysis.seen) / max(1, len(analysis.points)))
        y += 16
    y = paragraph(surface, texts.tr("hindsight.note"), 16, NOTE, (x, y), width)
    solved = [s for s in analysis.seen if s is not None]
    total = texts.tr("hindsight.lost", points=round(sum(s.lost for s in solved)),
               solved=len(solved), cards=_card_decisions(analysis))
    y = paragraph(surface, total, 18, CREAM, (x, y + 6), width)
    for words, colour in step_lines(texts, analysis, step):
        y = paragraph(surface, words, 18, colour, (x, y + 6), width)


def step_lines(texts: Texts, analysis: Analysis,
               step: int) -> list[tuple[str, tuple[int, int, int]]]:
    """What the view says of the player's card at trick ``step`` (none at the bidding)."""
    if step == 0:
        return [(texts.tr("hindsight.pick_trick"), GLOW)]
    lines: list[tuple[str, tuple[int, int, int]]] = []
    for index, point in enumerate(analysis.points):
        if point.trick != step:
            continue
        if index >= len(analysis.seen):
            lines.append((texts.tr("hindsight.working", number=step), GLOW))
        else:
            lines += _seen_lines(texts, point, analysis.seen[index])
    return lines


def _seen_lines(texts: Texts, point: DecisionPoint,
                seen: Seen | None) -> list[tuple[str, tuple[int, int, int]]]:
    if seen is None:
        key = "hindsight.tarot_last" if isinstance(point.view.deal, TarotView) \
            else "hindsight.unsolved"
        return [(texts.tr(key, number=point.trick), GLOW)]
    best = ", ".join(action_words(texts, a) for a in seen.best)
    lines = [(texts.tr("hindsight.best", number=point.trick, best=best), GLOW)]
    played = action_words(texts, seen.played)
    if seen.lost > 0:
        lines.append((texts.tr("hindsight.cost", played=played, points=round(seen.lost)),
                      LOSS))
    else:
        lines.append((texts.tr("hindsight.as_good", played=played), CREAM))
    return lines


def _card_decisions(analysis: Analysis) -> int:
    return sum(p.trick > 0 for p in analysis.points)


def paragraph(surface: pygame.Surface, words: str, size: int, colour: tuple[int, int, int],
              topleft: tuple[int, int], width: int) -> int:
    """``words`` wrapped to ``width``; returns the y under them."""
    x, y = topleft
    for line in wrap(words, size, width):
        blit_text(surface, line, size, colour, topleft=(x, y))
        y += LINE if size < 20 else size + 4
    return y

