"""The felt and a title behind the menu's screens (setup, settings, statistics, review)."""

from __future__ import annotations

import pygame

from game.ui.kit.assets import Assets
from game.ui.kit.layout import LOGICAL
from game.ui.kit.widgets import GLOW, blit_text


def draw_backdrop(assets: Assets, surface: pygame.Surface, title: str) -> None:
    felt = assets.felt()
    width, height = felt.get_size()
    for x in range(0, LOGICAL[0], width):
        for y in range(0, LOGICAL[1], height):
            surface.blit(felt, (x, y))
    blit_text(surface, title, 72, GLOW, midtop=(640, 40))
