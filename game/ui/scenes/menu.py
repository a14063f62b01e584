"""The title menu: new game, continue, review, statistics, settings, rules, the lessons."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.kit.backdrop import draw_backdrop
from game.ui.kit.widgets import CREAM, Button, KeyboardFocus, blit_text, translated
from game.ui.stage import routes
from game.ui.stage.scene import Scene, Stage


class MenuScene(Scene):
    route = routes.MENU

    def __init__(self, app: Stage) -> None:
        super().__init__(app)
        items: list[tuple[str, Callable[[], None]]] = [
            ("menu.new_game", _open(app, routes.SETUP)),
            ("menu.continue", self.resume),
            ("menu.review", self.review),
            ("menu.stats", _open(app, routes.STATS)),
            ("menu.settings", _open(app, routes.SETTINGS)),
            ("menu.rules", _open(app, routes.RULES)),
            ("menu.learn", _open(app, routes.LESSONS)),
            ("menu.quit", self.quit),
        ]
        self.buttons = [Button(item_rect(i), translated(self.texts, key), action, size=30)
                        for i, (key, action) in enumerate(items)]
        self.continue_button, self.review_button = self.buttons[1], self.buttons[2]
        self.focus = KeyboardFocus(self.buttons)
        self.icon = pygame.transform.smoothscale(app.assets.icon(), (110, 110))

        self.problems: list[str] = []
        self.continue_button.enabled = self.can_continue  # a damaged save is found out now

    @property
    def can_continue(self) -> bool:
        return self.app.host.can_continue

    @property
    def can_review(self) -> bool:
        return self.app.host.can_review

    def review(self) -> None:
        match = self.app.host.last_match()
        self.show_problems()
        if match is None or not routes.review_deal(self.app, match):
            self.problems.append(self.tr("menu.no_deal"))

    def resume(self) -> None:
        routes.resume(self.app)
        self.show_problems()

    def show_problems(self) -> None:
        self.problems += [self.tr(key, **args) for key, args in self.app.take_problems()]

    def quit(self) -> None:
        self.app.running = False

    def update(self, dt: float) -> None:
        self.show_problems()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.problems.clear()
        self.continue_button.enabled = self.can_continue
        self.review_button.enabled = self.can_review
        if self.focus.handle(event):
            return
        for button in self.buttons:
            if button.handle(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(self.app.assets, surface, self.tr("app.title"))
        surface.blit(self.icon, (1130, 24))
        blit_text(surface, self.tr("app.subtitle"), 30, CREAM, midtop=(640, 120))
        self.continue_button.enabled = self.can_continue
        self.review_button.enabled = self.can_review
        for button in self.buttons:
            button.draw(surface)
        y = 640
        for line in self.problems[-3:]:
            blit_text(surface, line, 22, CREAM, midtop=(640, y))
            y += 26


def item_rect(index: int) -> pygame.Rect:
    """Where the menu's ``index``-th button is (New game first, Quit last)."""
    return pygame.Rect(470, 166 + index * 58, 340, 50)


def _open(app: Stage, name: str) -> Callable[[], None]:
    def open_scene() -> None:
        app.go(name)

    return open_scene
