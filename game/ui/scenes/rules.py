"""The rules summary: a page for each game, the glossary and the keys (F1 at the table
opens that one)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.kit.assets import default_font
from game.ui.kit.backdrop import draw_backdrop
from game.ui.kit.widgets import CREAM, GOLD, Button, blit_text, panel, translated, wrap
from game.ui.stage import routes
from game.ui.stage.scene import Scene, Stage


class RulesScene(Scene):
    """A short summary of each game, the glossary and the keys; ← and → (or Tab) go
from page to page."""

    route = routes.RULES

    def __init__(self, app: Stage, page: str = "rules.belote") -> None:
        super().__init__(app)
        self.pages = ["rules.belote", "rules.coinche", "rules.tarot", "rules.glossary",
                      "rules.keys"]
        self.page = self.pages.index(page)
        self.tabs = [Button(pygame.Rect(165 + i * 192, 130, 182, 48),
                            translated(self.texts, f"{key}_title"), self._show(i), size=26)
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
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN,
                                                           pygame.K_KP_ENTER):
            self.app.pop()
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT,
                                                           pygame.K_TAB):
            back = event.key == pygame.K_LEFT or bool(
                getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
            self.page = (self.page + (-1 if back else 1)) % len(self.pages)
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
        if self.pages[self.page] == "rules.keys":  # a line per key, the key first
            self._draw_keys(surface, area)
            self.back.draw(surface)
            return
        for line in wrap(self.page_text(), size, area.width - 60):
            blit_text(surface, line, size, CREAM, topleft=(area.x + 30, y))
            y += line_height
        self.back.draw(surface)

    def _draw_keys(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The keys page: each line "keys: what they do", the keys in gold."""
        y = area.y + 18
        for line in self.tr("rules.keys").split("\n"):
            keys, _, does = line.partition(": ")  # French writes "H puis Entrée : ..."
            keys = keys.rstrip()
            blit_text(surface, keys, 22, GOLD, topleft=(area.x + 30, y - _accent_drop(keys)))
            for row in wrap(does, 22, area.width - KEYS_COLUMN - 50):
                blit_text(surface, row, 22, CREAM,
                          topleft=(area.x + KEYS_COLUMN, y - _accent_drop(row)))
                y += KEYS_LINE
            y += 4


KEYS_COLUMN = 290  # where the keys page's explanations begin, right of the keys
KEYS_LINE = 25  # the keys page's line height


def _accent_drop(words: str) -> int:
    """How far a capital's accent (the É of "Échap") lowers the line as the font renders
    it: raised by as much, it stays on the baseline of its neighbours."""
    font = default_font(22)
    return max(0, font.size(words)[1] - font.get_height())
