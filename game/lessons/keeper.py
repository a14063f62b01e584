"""A lesson's progress kept as it is played: the match's recorder (see
``game.match_in_play.Recorder``) for a lesson, which writes the player's steps made
after each change (undo included) and marks the lesson done once its deal is scored.
A lesson's match itself is never saved nor counted in the statistics."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.lessons.run import LessonRun
    from game.storage import Storage


class LessonKeeper:
    def __init__(self, run: LessonRun, storage: Storage | None) -> None:
        self.run = run
        self.storage = storage
        self._kept: tuple[int, bool] | None = None  # the last mark written

    @property
    def undo_allowed(self) -> bool:
        return True  # a lesson is for trying

    def on_action(self, match: Match) -> None:
        self._keep(match)

    def on_undo(self, match: Match) -> None:
        self._keep(match)

    def _keep(self, match: Match) -> None:
        mark = (self.run.steps_done(match), bool(match.history))
        if self.storage is None or mark == self._kept:
            return
        self._kept = mark
        lesson_id = self.run.lesson.id
        progress = self.storage.lessons
        self.storage.save_lessons(progress.finished(lesson_id) if mark[1]
                                  else progress.at_step(lesson_id, mark[0]))
