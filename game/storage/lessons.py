"""The lessons' progress: for each lesson, the player's steps made (to resume it) and
whether it was finished once, as versioned JSON.  Reading is tolerant entry by entry: a
wrong entry is dropped, the others are kept."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar


@dataclass(frozen=True)
class LessonMark:
    steps: int = 0  # the player's steps made in the lesson under way (0: from the start)
    done: bool = False  # finished once


@dataclass(frozen=True)
class LessonProgress:
    VERSION: ClassVar[int] = 1

    marks: Mapping[str, LessonMark] = field(default_factory=dict)

    def of(self, lesson_id: str) -> LessonMark:
        return self.marks.get(lesson_id, LessonMark())

    def with_mark(self, lesson_id: str, mark: LessonMark) -> LessonProgress:
        return LessonProgress({**self.marks, lesson_id: mark})

    def at_step(self, lesson_id: str, steps: int) -> LessonProgress:
        return self.with_mark(lesson_id, replace(self.of(lesson_id), steps=steps))

    def finished(self, lesson_id: str) -> LessonProgress:
        return self.with_mark(lesson_id, LessonMark(steps=0, done=True))

    def to_json(self) -> dict[str, Any]:
        return {"version": self.VERSION,
                "lessons": {name: {"steps": mark.steps, "done": mark.done}
                            for name, mark in sorted(self.marks.items())}}


def progress_from_json(data: Mapping[str, Any]) -> LessonProgress:
    raw = data.get("lessons")
    marks: dict[str, LessonMark] = {}
    for name, entry in (raw.items() if isinstance(raw, dict) else ()):
        steps = entry.get("steps") if isinstance(entry, dict) else None
        done = entry.get("done") if isinstance(entry, dict) else None
        if isinstance(steps, int) and not isinstance(steps, bool) and steps >= 0 \
                and isinstance(done, bool):
            marks[str(name)] = LessonMark(steps, done)
    return LessonProgress(marks)
