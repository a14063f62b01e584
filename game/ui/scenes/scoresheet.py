"""After each deal, the score sheet (the breakdown and the running totals, the deal's
number, "review the deal" and "play this deal again"); at the end of the match, the
winner with "play again" and "menu"."""

from __future__ import annotations

import pygame

from game.engine.match import DealRecord
from game.engine.rules import TarotRules
from game.ui.kit.chart import draw_chart
from game.ui.kit.widgets import (
    CREAM,
    GLOW,
    GOLD,
    MIN_TEXT,
    Button,
    Grace,
    KeyboardFocus,
    blit_text,
    panel,
    shade,
    wrap,
)
from game.ui.scenes.breakdown import Style, breakdown_rows, deal_words, par_words, tarot_why
from game.ui.stage import routes
from game.ui.stage.routes import MatchScreen
from game.ui.stage.scene import Scene, Stage

SHEET_RECT = pygame.Rect(190, 40, 900, 640)
LESSON_END = pygame.Rect(SHEET_RECT.x + 20, 0, SHEET_RECT.width - 40, 0)
CHART_RECT = pygame.Rect(SHEET_RECT.x + 400, SHEET_RECT.y + 200, 460, 300)
LABEL_WIDTH = 420  # the widest term's words, left of the figures
ROW_HEIGHT = 29
PAR_Y = SHEET_RECT.bottom - 122  # the par's line, above the buttons
DIM_TEXT = (200, 200, 190)
END_TEXT, END_LINE = 20, 24  # the lesson's last words: 15 pixels at 960×540
LESSON_LIT = (120, 170, 235)  # the lines the lesson talks about: its narrator's blue, lit


def review_last_deal(app: Stage, table: MatchScreen) -> None:
    routes.review_deal(app, table.controller.match, -1, table.controller.viewer)


class ScoreSheet(Scene):
    opaque = False
    route = routes.SCORE_SHEET

    def __init__(self, app: Stage, table: MatchScreen) -> None:
        super().__init__(app)
        self.table = table
        over = table.controller.match.is_over
        label = "sheet.result" if over else "sheet.next"
        bottom = SHEET_RECT.bottom - 18
        self.next_button = Button(pygame.Rect(0, 0, 200, 50), lambda: self.tr(label), self.app.pop)
        if table.lesson is not None:  # the lesson's deal is over: back to the lessons
            self.next_button = Button(pygame.Rect(0, 0, 260, 50), lambda: self.tr("lesson.back"),
                                      lambda: app.pop_to(routes.LESSONS), size=24)
            self.next_button.rect.midbottom = (SHEET_RECT.centerx, bottom)
        self.next_button.rect.midbottom = (SHEET_RECT.centerx, bottom)
        self.review_button = Button(pygame.Rect(SHEET_RECT.x + 20, bottom - 50, 210, 50),
                                    lambda: self.tr("sheet.review"),
                                    lambda: review_last_deal(app, table), size=24)
        self.again_button = Button(pygame.Rect(SHEET_RECT.right - 230, bottom - 50, 210, 50),
                                   lambda: self.tr("sheet.play_again"), self.play_again, size=24)
        self.grace = Grace(app.presses)  # a steady clicker does not skip the sheet unread
        self.focus = KeyboardFocus(self.buttons)  # the arrows or Tab ring one, Enter presses it

    def update(self, dt: float) -> None:
        self.grace.tick(dt)

    @property
    def buttons(self) -> list[Button]:
        if self.table.model.record is None:
            return [self.next_button]
        if self.table.lesson is not None:
            return [self.review_button, self.next_button]
        return [self.review_button, self.next_button, self.again_button]

    def play_again(self) -> None:
        """Play this deal again (a new match): asked first while this match goes on."""
        record = self.table.model.record
        if record is None:
            return
        routes.play_again(self.app, record)  # asked first while this match goes on

    def handle(self, event: pygame.event.Event) -> None:
        """Enter or Space: the button the arrows or Tab ringed, else the next deal;
        Escape or the table's Menu button: the menu (the match waits there, "Continue"
        comes back to it)."""
        if self.table.menu_button.handle(event) or not self.grace.lets(event):
            return
        self.focus.buttons = self.buttons
        if self.focus.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE):
            self.next_button.on_click()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.table.to_menu()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_s:
            routes.open_score_pad(self.app, self.table)
            return
        for button in self.buttons:
            if button.handle(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(shade(surface.get_size(), 120), (0, 0))
        self.table.menu_button.draw(surface)
        panel(surface, SHEET_RECT)
        record = self.table.model.record
        y = SHEET_RECT.y + 20
        number = record.number if record else self.table.model.deal_number
        seed = record.seed if record else self.table.model.deal_seed
        blit_text(surface, self.tr("sheet.title", number=number, seed=seed), 34, GOLD,
                  midtop=(SHEET_RECT.centerx, y))
        if record is None:
            self.next_button.draw(surface)
            return
        result = record.result
        y += 48
        summary = f"outcome.{result.summary}"
        if not self.table.model.teams and self.texts.has_key(f"{summary}_one"):
            summary += "_one"  # one taker, each for himself
        said = self.tr(summary) if self.texts.has_key(summary) else result.summary
        blit_text(surface, said, 28, GLOW, midtop=(SHEET_RECT.centerx, y))
        y += 36
        contract = deal_words(self.texts, record, self.table.side_name, with_result=False)
        if contract:
            blit_text(surface, contract, 24, CREAM, midtop=(SHEET_RECT.centerx, y))
        y += 30
        self.draw_breakdown(surface, y + 34, record)
        self.draw_par(surface, record)
        for button in self.buttons:
            button.draw(surface)
        if self.table.lesson is not None:
            self.draw_lesson_end(surface, self.table.lesson.lesson.end_key)

    def draw_lesson_end(self, surface: pygame.Surface, key: str) -> None:
        """The narrator's last words, over the table's left under the sheet's title: the
        count and how to read the sheet."""
        record = self.table.model.record
        why = tarot_why(self.texts, record.result.facts) if record is not None else ""
        lines = wrap(f"{self.tr(key)} {why}".strip(), END_TEXT, LESSON_END.width - 24)
        rect = LESSON_END.inflate(0, 0)
        rect.height = 24 + END_LINE * len(lines)
        rect.bottom = SHEET_RECT.bottom - 80
        panel(surface, rect, (22, 34, 52))
        for index, line in enumerate(lines):
            blit_text(surface, line, END_TEXT, CREAM,
                      topleft=(rect.x + 12, rect.y + 12 + END_LINE * index))

    def draw_breakdown(self, surface: pygame.Surface, top: int, record: DealRecord) -> None:
        """The deal's arithmetic, a column per side (the taker and, at five, his partner
        named in the heading), then the match's totals."""
        result = record.result
        sides = len(result.scores)
        spacing = min(150, (SHEET_RECT.width - LABEL_WIDTH - 40) // sides)
        columns = [SHEET_RECT.right - 30 - (sides - 1 - i) * spacing for i in range(sides)]
        small = MIN_TEXT if sides >= 4 else 24
        for side, x in enumerate(columns):
            for index, word in enumerate(self.heading(side, record)):
                blit_text(surface, word, max(MIN_TEXT, small - 2 * index),
                          GOLD if index == 0 else CREAM,
                          midtop=(x - spacing // 2 + 8, top - 30 + 20 * index))
        y = top + 12
        x0 = SHEET_RECT.x + 24
        lit = self.lesson_lines()
        self.framed: list[tuple[str, pygame.Rect]] = []  # the lines lit, as drawn
        for row in breakdown_rows(self.texts, result.lines, record.carried, record.totals,
                                  self.table.seat_name):
            if row.key in lit:  # a line the lesson's last words talk about
                frame = pygame.Rect(x0 - 8, y - 2, SHEET_RECT.right - x0 - 4, ROW_HEIGHT)
                pygame.draw.rect(surface, LESSON_LIT, frame, width=2, border_radius=6)
                self.framed.append((row.key, frame))
            size = MIN_TEXT + 2 if len(row.label) > 44 else 24
            colour = DIM_TEXT if row.style is Style.NOTE else CREAM
            if row.style in (Style.SCORE, Style.TOTALS):
                pygame.draw.line(surface, GOLD, (x0, y - 3), (SHEET_RECT.right - 20, y - 3), 2)
            blit_text(surface, row.label, size, colour, topleft=(x0, y + 2))
            strong = row.style in (Style.SCORE, Style.TOTALS)
            for cell, x in zip(row.cells, columns, strict=True):
                blit_text(surface, cell, 26 if strong else 24, GLOW if strong else colour,
                          topright=(x, y))
            y += ROW_HEIGHT

    def lesson_lines(self) -> frozenset[str]:
        """The lines the lesson's end words talk about (none out of a lesson)."""
        lesson = self.table.lesson
        return frozenset() if lesson is None else frozenset(lesson.lesson.sheet_lines)

    def draw_par(self, surface: pygame.Surface, record: DealRecord) -> None:
        """The player's margin beside the Expert's in his seat (or that it is being
        computed), and what the figures are."""
        match = self.table.controller.match
        index = next((i for i, r in enumerate(match.history) if r is record), None)
        par = self.app.host.par(match, index) if index is not None else None
        words = par_words(self.texts, par)
        if not words:
            return
        blit_text(surface, words, 24, GLOW, midtop=(SHEET_RECT.centerx, PAR_Y))
        tarot = isinstance(self.table.config.rules, TarotRules)
        note = self.tr("sheet.par_note_tarot" if tarot else "sheet.par_note")
        blit_text(surface, note, 20, DIM_TEXT, midtop=(SHEET_RECT.centerx, PAR_Y + 30))

    def heading(self, side: int, record: DealRecord) -> list[str]:
        """A column's name, and under it its part in the deal (taker, partner)."""
        name = self.table.side_name(side)
        facts = record.result.facts
        if facts is None:
            return [name]
        if side == facts.taker:
            return [name, self.tr("sheet.takers" if self.table.model.teams else "sheet.taker")]
        if side == facts.partner:
            return [name, self.tr("sheet.partner")]
        return [name]


class MatchEnd(Scene):
    opaque = False
    route = routes.MATCH_END

    def __init__(self, app: Stage, table: MatchScreen) -> None:
        super().__init__(app)
        self.table = table
        rect = SHEET_RECT
        self.buttons = [
            Button(pygame.Rect(rect.x + 20, rect.bottom - 80, 210, 52),
                   lambda: self.tr("end.play_again"), self.play_again, size=26),
            Button(pygame.Rect(rect.centerx - 105, rect.bottom - 80, 210, 52),
                   lambda: self.tr("end.review"), lambda: review_last_deal(app, table), size=26),
            Button(pygame.Rect(rect.right - 230, rect.bottom - 80, 210, 52),
                   lambda: self.tr("end.menu"), self.menu, size=26),
        ]
        self.grace = Grace(app.presses)
        self.focus = KeyboardFocus(self.buttons)  # the arrows or Tab, then Enter or Space

    def update(self, dt: float) -> None:
        self.grace.tick(dt)

    def play_again(self) -> None:
        routes.play_again(self.app)

    def menu(self) -> None:
        self.table.to_menu()

    def draw_history(self, surface: pygame.Surface) -> None:
        """The running totals deal by deal, the target dashed."""
        history = self.table.controller.match.history
        rules = self.table.config.rules
        target = None if isinstance(rules, TarotRules) and rules.deals else rules.target
        names = [self.table.side_name(side) for side in range(len(self.table.model.totals))]
        blit_text(surface, self.tr("end.history"), 22, GOLD,
                  topleft=(CHART_RECT.x, CHART_RECT.y - 34))
        draw_chart(surface, CHART_RECT, [record.totals for record in history], target, names)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.menu()
            return
        if not self.grace.lets(event) or self.focus.handle(event):
            return
        for button in self.buttons:
            if button.handle(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(shade(surface.get_size(), 140), (0, 0))
        panel(surface, SHEET_RECT)
        model = self.table.model
        winner = model.winner
        viewer_side = model.side_of(self.table.controller.viewer)
        title = self.tr("end.you_win") if winner == viewer_side else self.tr("end.you_lose")
        blit_text(surface, title, 48, GLOW, midtop=(SHEET_RECT.centerx, SHEET_RECT.y + 40))
        if winner is not None:
            blit_text(surface, self.tr("end.winner", name=self.table.side_name(winner)), 30, CREAM,
                      midtop=(SHEET_RECT.centerx, SHEET_RECT.y + 110))
        y = SHEET_RECT.y + 180
        for side, total in enumerate(model.totals):
            blit_text(surface, self.table.side_name(side), 26, GOLD,
                      topleft=(SHEET_RECT.x + 40, y))
            blit_text(surface, str(total), 28, CREAM, topright=(SHEET_RECT.x + 340, y))
            y += 38
        if model.games_lost == 2:
            blit_text(surface, self.tr("end.rubicon"), 24, CREAM,
                      topleft=(SHEET_RECT.x + 40, y + 10))
        self.draw_history(surface)
        for button in self.buttons:
            button.draw(surface)
