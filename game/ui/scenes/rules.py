"""The rules summary: a page for each game and the glossary."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.kit.backdrop import draw_backdrop
from game.ui.kit.widgets import CREAM, Button, blit_text, panel, translated, wrap
from game.ui.stage import routes
from game.ui.stage.scene import Scene, Stage


class RulesScene(Scene):
    """A short summary of each game."""

    route = routes.RULES

    def __init__(self, app: Stage) -> None:
        super().__init__(app)
        self.page = 0
        self.pages = ["rules.belote", "rules.coinche", "rules.tarot", "rules.glossary"]
        self.tabs = [Button(pygame.Rect(185 + i * 230, 130, 220, 48),
                            translated(self.texts, f"{key}_title"), self._show(i))
                     for i, key in enumerate(self.pages)]
        self.back = Button(pygame.Rect(540, 640, 200, 56), translated(self.texts, "back"), app.pop)

    def _show(self, index: int) -> Callable[[], None]:
        def show() -> None:
            self.page = index

        return show

    def page_text(self) -> str:
        from game.ui.table.glossary import glossary_text

        key = self.pages[self.page]
        return glossary_text(self.texts) if key == "rules.glossary" else self.tr(key)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
        for button in [*self.tabs, self.back]:
            if button.handle(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(self.app.assets, surface, self.tr("menu.rules"))
        for i, tab in enumerate(self.tabs):
            tab.selected = i == self.page
            tab.draw(surface)
        area = pygame.Rect(160, 196, 960, 424)
        panel(surface, area)
        y = area.y + 20
        size, line_height = (27, 30) if self.page < 3 else (21, 24)  # the glossary is long
        for line in wrap(self.page_text(), size, area.width - 60):
            blit_text(surface, line, size, CREAM, topleft=(area.x + 30, y))
            y += line_height
        self.back.draw(surface)
