"""The Learn screen: the lessons, each shown done, under way (resumed where the player
left it) or new; a click plays it at the table."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ai import Level
from game.lessons.catalogue import LESSONS
from game.lessons.run import VIEWER, LessonRun, lesson_rules
from game.lessons.script import Lesson
from game.storage.lessons import LessonProgress
from game.ui.kit.backdrop import draw_backdrop
from game.ui.kit.widgets import (
    CREAM,
    GLOW,
    Button,
    KeyboardFocus,
    blit_text,
    panel,
    translated,
    wrap,
)
from game.ui.stage import routes
from game.ui.stage.scene import Scene, Stage
from game.ui.table.controller import GameConfig, SeatConfig

TOP = 196
ROOM = 432  # the lessons' rows share it, between the intro and the back button
ROW = min(70, ROOM // len(LESSONS))
BUTTON = ROW - 10  # a lesson's button, in its row


def lesson_config(lesson: Lesson) -> GameConfig:
    """The lesson's table: the player at seat 0, Confirmé computers (for the free play
    after the script), the lesson's deal first."""
    rules = lesson_rules(lesson)
    seats = tuple(SeatConfig(human=seat == VIEWER, level=Level.CONFIRME)
                  for seat in range(rules.players))
    return GameConfig(rules, seats, lesson.deal, lesson.deal)


def lesson_rect(index: int) -> pygame.Rect:
    """The ``index``-th lesson's button."""
    return pygame.Rect(240, TOP + index * ROW, 440, BUTTON)


def open_lesson(app: Stage, lesson: Lesson, steps_done: int) -> None:
    """The lesson at the table, from the start or at the player's step ``steps_done``."""
    run = LessonRun(lesson)
    match = run.replayed(steps_done) if steps_done else None
    app.go(routes.TABLE, config=lesson_config(lesson), match=match, lesson=run)


class LessonsScene(Scene):
    route = routes.LESSONS

    def __init__(self, app: Stage) -> None:
        super().__init__(app)
        self.play_buttons = [
            Button(lesson_rect(i), translated(self.texts, lesson.title_key),
                   self._play(lesson, resume=True), size=24)
            for i, lesson in enumerate(LESSONS)]
        self.restart_buttons = [
            Button(pygame.Rect(950, TOP + i * ROW + 4, 170, BUTTON - 8),
                   translated(self.texts, "lesson.restart"),
                   self._play(lesson, resume=False), size=22)
            for i, lesson in enumerate(LESSONS)]
        self.back = Button(pygame.Rect(540, 640, 200, 56), translated(self.texts, "back"), app.pop)
        self.focus = KeyboardFocus(self.shown_buttons())  # the arrows or Tab, then Enter

    def shown_buttons(self) -> list[Button]:
        """The buttons shown, in reading order: each lesson, its "start again" when it is
        under way, then Back."""
        progress = self.progress()
        rows = [[play, *([restart] if progress.of(lesson.id).steps else [])]
                for lesson, play, restart in zip(LESSONS, self.play_buttons,
                                                 self.restart_buttons, strict=True)]
        return [*(button for row in rows for button in row), self.back]

    def progress(self) -> LessonProgress:
        storage = self.app.storage
        return storage.lessons if storage is not None else LessonProgress()

    def _play(self, lesson: Lesson, resume: bool) -> Callable[[], None]:
        def play() -> None:
            steps = self.progress().of(lesson.id).steps if resume else 0
            open_lesson(self.app, lesson, steps)

        return play

    def status(self, lesson: Lesson, progress: LessonProgress) -> str:
        mark = progress.of(lesson.id)
        if mark.steps:
            return self.tr("lesson.under_way", step=mark.steps + 1, steps=len(lesson.steps))
        return self.tr("lesson.done") if mark.done else self.tr("lesson.new")

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        shown = self.shown_buttons()
        if event.type == pygame.KEYDOWN:
            ringed = self.focus.buttons[self.focus.index] if self.focus.index is not None \
                else None
            self.focus.buttons = shown  # the ring stays on its button
            self.focus.index = shown.index(ringed) if ringed in shown else None
            self.focus.handle(event)
            return
        for button in shown:
            if button.handle(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(self.app.assets, surface, self.tr("menu.learn"))
        intro = wrap(self.tr("lesson.intro"), 22, 900)
        for i, line in enumerate(intro):
            blit_text(surface, line, 22, CREAM, midtop=(640, 128 + i * 26))
        progress = self.progress()
        panel(surface, pygame.Rect(160, TOP - 12, 980, ROW * len(LESSONS) + 14))
        for lesson, play, restart in zip(LESSONS, self.play_buttons, self.restart_buttons,
                                         strict=True):
            play.draw(surface)
            mark = progress.of(lesson.id)
            colour = GLOW if mark.done and not mark.steps else CREAM
            blit_text(surface, self.status(lesson, progress), 22, colour,
                      midleft=(play.rect.right + 20, play.rect.centery))
            if mark.steps:
                restart.draw(surface)
        self.back.draw(surface)
