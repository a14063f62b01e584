"""A yes / no question over the current screen."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.kit.layout import LOGICAL
from game.ui.kit.widgets import CREAM, Button, KeyboardFocus, blit_text, panel, shade
from game.ui.stage import routes
from game.ui.stage.scene import Scene, Stage


class ConfirmDialog(Scene):
    """A question over the scene below: Yes runs ``on_yes``; No runs ``on_no`` (by
    default nothing); Escape closes it.  ``yes_key`` and ``no_key`` name the buttons
    when "Yes" and "No" would be vague."""

    opaque = False
    route = routes.CONFIRM
    RECT = pygame.Rect(340, 250, 600, 220)

    def __init__(self, app: Stage, question_key: str, on_yes: Callable[[], None],
                 yes_key: str = "yes", no_key: str = "no",
                 on_no: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.question_key = question_key
        self.on_yes = on_yes
        self.on_no = on_no
        rect = self.RECT
        self.yes = Button(pygame.Rect(rect.x + 40, rect.bottom - 80, 250, 56),
                          lambda: self.tr(yes_key), self.confirm, size=26)
        self.no = Button(pygame.Rect(rect.right - 290, rect.bottom - 80, 250, 56),
                         lambda: self.tr(no_key), self.decline, size=26)
        self.focus = KeyboardFocus([self.yes, self.no])

    def confirm(self) -> None:
        self.app.pop()
        self.on_yes()  # after the pop: ``on_yes`` may change the stack further

    def decline(self) -> None:
        self.app.pop()
        if self.on_no is not None:
            self.on_no()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if self.focus.handle(event):
            return
        for button in (self.yes, self.no):
            if button.handle(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(shade(LOGICAL, 140), (0, 0))
        panel(surface, self.RECT)
        blit_text(surface, self.tr(self.question_key), 28, CREAM,
                  midtop=(self.RECT.centerx, self.RECT.y + 40))
        self.yes.draw(surface)
        self.no.draw(surface)
