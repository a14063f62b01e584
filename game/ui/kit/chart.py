"""The match's running totals as a line chart (the end of the match): a line per side
or seat, deal by deal from 0, the target as a dashed line, a legend."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.ui.kit.widgets import CREAM, MIN_TEXT, blit_text

COLOURS = ((236, 190, 84), (120, 190, 250), (240, 120, 110), (150, 220, 140), (210, 160, 240))
AXIS = (170, 170, 160)


def chart_points(totals: Sequence[Sequence[float]], rect: pygame.Rect, low: float,
                 high: float, from_zero: bool = True) -> list[list[tuple[int, int]]]:
    """Each side's line in ``rect``: deal 0 (every total 0, unless not ``from_zero``) to
    the last deal, the values from ``low`` (bottom) to ``high`` (top)."""
    span = max(1, high - low)
    sides = len(totals[0]) if totals else 0
    lines = []
    for side in range(sides):
        values = [*([0.0] if from_zero else []), *(row[side] for row in totals)]
        steps = max(1, len(values) - 1)
        lines.append([(rect.x + round(index * rect.width / steps),
                       rect.bottom - round((value - low) * rect.height / span))
                      for index, value in enumerate(values)])
    return lines


def draw_chart(surface: pygame.Surface, rect: pygame.Rect, totals: Sequence[Sequence[float]],
               target: int | None, names: Sequence[str],
               from_zero: bool = True) -> tuple[float, float]:
    """``totals``: the running totals after each deal, per side; ``target``: the score
    that ends the match (None for a match of so many deals); ``from_zero``: the lines
    start at 0 before the first deal.  Returns the values at the bottom and the top."""
    values = [v for row in totals for v in row]
    low = min(0, *values) if values else 0
    high = max([*values, target or 0, 1])
    first = 1 if from_zero else 0
    pygame.draw.line(surface, AXIS, rect.bottomleft, rect.topleft, 2)
    zero_y = rect.bottom - round(-low * rect.height / max(1, high - low))
    pygame.draw.line(surface, AXIS, (rect.x, zero_y), (rect.right, zero_y), 1)
    if target is not None:
        y = rect.bottom - round((target - low) * rect.height / max(1, high - low))
        for x in range(rect.x, rect.right, 14):
            pygame.draw.line(surface, CREAM, (x, y), (min(x + 7, rect.right), y), 1)
        blit_text(surface, str(target), MIN_TEXT, CREAM, bottomleft=(rect.x + 6, y - 2))
    for side, points in enumerate(chart_points(totals, rect, low, high, from_zero)):
        colour = COLOURS[side % len(COLOURS)]
        if len(points) > 1:
            pygame.draw.lines(surface, colour, False, points, 3)
        for point in points[first:]:
            pygame.draw.circle(surface, colour, point, 4)
    x = rect.x
    for side, name in enumerate(names):
        colour = COLOURS[side % len(COLOURS)]
        pygame.draw.rect(surface, colour, (x, rect.bottom + 12, 14, 14))
        label = blit_text(surface, name, MIN_TEXT, CREAM, midleft=(x + 20, rect.bottom + 19))
        x = label.right + 16
    return low, high
