"""After each deal, the score sheet (the breakdown and the running totals); at the end
of the match, the winner with "play again" and "menu"."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import has_key, tr
from game.ui.app import App, Scene
from game.ui.widgets import CREAM, GLOW, GOLD, Button, blit_text, panel

if TYPE_CHECKING:
    from game.ui.table import TableScene

SHEET_RECT = pygame.Rect(290, 110, 700, 500)


def line_label(key: str) -> str:
    full = f"score.{key}"
    return tr(full) if has_key(full) else key


class ScoreSheet(Scene):
    opaque = False

    def __init__(self, app: App, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        over = table.controller.match.is_over
        label = "sheet.result" if over else "sheet.next"
        rect = pygame.Rect(0, 0, 240, 50)
        rect.midbottom = (SHEET_RECT.centerx, SHEET_RECT.bottom - 18)
        self.next_button = Button(rect, lambda: tr(label), self.app.pop)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE):
            self.app.pop()
            return
        self.next_button.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, (0, 0))
        panel(surface, SHEET_RECT, alpha=245)
        record = self.table.model.record
        x0, y = SHEET_RECT.x + 30, SHEET_RECT.y + 20
        number = record.number if record else self.table.model.deal_number
        blit_text(surface, tr("sheet.title", number=number), 34, GOLD,
                  midtop=(SHEET_RECT.centerx, y))
        if record is None:
            self.next_button.draw(surface)
            return
        result = record.result
        y += 48
        summary = f"outcome.{result.summary}"
        blit_text(surface, tr(summary) if has_key(summary) else result.summary, 28, GLOW,
                  midtop=(SHEET_RECT.centerx, y))
        y += 36
        contract = self.table.contract_text()
        if contract:
            blit_text(surface, contract, 24, CREAM, midtop=(SHEET_RECT.centerx, y))
        y += 32
        sides = len(result.scores)
        columns = [SHEET_RECT.right - 40 - (sides - 1 - i) * 130 for i in range(sides)]
        for side, x in enumerate(columns):
            blit_text(surface, self.table.side_name(side), 24, GOLD, topright=(x, y))
        y += 34
        rows = [(line_label(line.key), line.values) for line in result.lines]
        if any(record.carried):
            rows.append((tr("score.carried"), record.carried))
        rows.append((tr("score.totals"), record.totals))
        for label, values in rows:
            strong = label == tr("score.totals")
            if strong:
                pygame.draw.line(surface, GOLD, (x0, y - 4), (SHEET_RECT.right - 30, y - 4), 2)
            blit_text(surface, label, 26, CREAM, topleft=(x0, y))
            for value, x in zip(values, columns, strict=False):
                blit_text(surface, str(value), 28 if strong else 26, CREAM, topright=(x, y))
            y += 34
        self.next_button.draw(surface)


class MatchEnd(Scene):
    opaque = False

    def __init__(self, app: App, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        rect = SHEET_RECT
        self.buttons = [
            Button(pygame.Rect(rect.centerx - 250, rect.bottom - 80, 230, 52),
                   lambda: tr("end.play_again"), self.play_again),
            Button(pygame.Rect(rect.centerx + 20, rect.bottom - 80, 230, 52),
                   lambda: tr("end.menu"), self.menu),
        ]

    def play_again(self) -> None:
        from game.ui.table import TableScene

        config = self.table.config
        again = type(config)(config.rules, config.seats, config.seed + 1)
        self.app.pop()
        self.app.replace(TableScene(self.app, again))

    def menu(self) -> None:
        from game.ui.menu import MenuScene

        self.app.pop_to(MenuScene)

    def handle(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        panel(surface, SHEET_RECT, alpha=245)
        model = self.table.model
        winner = model.winner
        viewer_side = model.side_of(self.table.controller.viewer)
        title = tr("end.you_win") if winner == viewer_side else tr("end.you_lose")
        blit_text(surface, title, 48, GLOW, midtop=(SHEET_RECT.centerx, SHEET_RECT.y + 40))
        if winner is not None:
            blit_text(surface, tr("end.winner", name=self.table.side_name(winner)), 30, CREAM,
                      midtop=(SHEET_RECT.centerx, SHEET_RECT.y + 110))
        y = SHEET_RECT.y + 170
        for side, total in enumerate(model.totals):
            blit_text(surface, self.table.side_name(side), 28, GOLD,
                      topleft=(SHEET_RECT.x + 160, y))
            blit_text(surface, str(total), 30, CREAM, topright=(SHEET_RECT.right - 160, y))
            y += 40
        if model.games_lost == 2:
            blit_text(surface, tr("end.rubicon"), 26, CREAM,
                      midtop=(SHEET_RECT.centerx, y + 10))
        for button in self.buttons:
            button.draw(surface)
