"""Keeping the player's things safe: settings, the match in progress, statistics.

Files live in one directory: ``platformdirs.user_data_dir("Atout")``, or ``$ATOUT_DATA_DIR``,
or the directory given to ``Storage`` (tests).  Every write is atomic; nothing here raises
for a bad file or a full, read-only disk: ``storage.problems`` collects messages (i18n key
and arguments, see ``docs/storage.md``) for the UI to show, and play goes on in memory.

Usage from the UI::

    storage = Storage()
    settings = storage.settings                    # defaults when there was no file
    storage.save_settings(dataclasses.replace(settings, volume=0.4))
    for key, args in storage.take_problems():      # show each once
        show_message(tr(key, **args))

    saved = storage.load_match()                   # None: no match to continue
    if saved is not None:
        match, seat, levels = saved.match, saved.human_seat, saved.levels
    storage.save_match(SavedMatch(match, seat, levels, undo_used))   # after every action
    storage.record_deal("coinche", 4, result, seat)  # when a deal is scored
    storage.record_match("coinche", 4, match.totals, match.winner, seat, undo_used)
    storage.clear_match()                          # when the match is over
    storage.stats.of("coinche", 4).deals_won       # the statistics screen
    storage.record_deal("belote", 2, result, seat, Layout.DECOUVERTE)  # kept apart
    storage.reset_stats()                          # after the player confirmed
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

import platformdirs

from game.engine.protocol import DealResult, SaveError
from game.engine.rules import Layout
from game.storage.atomic import (
    Problem,
    put_aside,
    read_versioned,
    remove_stale_temps,
    write_json_atomic,
    write_problem,
)
from game.storage.lessons import LessonProgress, progress_from_json
from game.storage.saves import SavedMatch
from game.storage.settings import Settings, settings_from_json
from game.storage.stats import Statistics

log = logging.getLogger("atout.storage")

__all__ = ["Problem", "SavedMatch", "Settings", "Statistics", "Storage", "data_dir", "log_path"]

SETTINGS_FILE = "settings.json"
MATCH_FILE = "match.json"
STATS_FILE = "stats.json"
LESSONS_FILE = "lessons.json"
LOG_FILE = "atout.log"
ENV_DIR = "ATOUT_DATA_DIR"


def data_dir() -> Path:
    """Where Atout keeps its files: ``$ATOUT_DATA_DIR`` or the platform's user data dir."""
    override = os.environ.get(ENV_DIR)
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir("Atout", appauthor=False))


def log_path(base: Path | None = None) -> Path:
    """The rotating log file's path, in ``base`` (default: the data directory), under
    ``logs/``; the directory is not created here."""
    return (data_dir() if base is None else base) / "logs" / LOG_FILE


class Storage:
    def __init__(self, base: Path | str | None = None) -> None:
        self.base = data_dir() if base is None else Path(base)
        self.problems: list[Problem] = []
        self._failing: set[str] = set()  # files whose last write failed (reported once)
        self._match_usable: bool | None = None  # known once the save was read or written
        self.settings = Settings()
        self.stats = Statistics()
        self.lessons = LessonProgress()
        if self._ensure_directory():
            self.settings = self._load_settings()
            self.stats = self._load_stats()
            self.lessons = self._load_lessons()

    # --- the three files -------------------------------------------------------------------

    def save_settings(self, settings: Settings) -> bool:
        """Keep ``settings`` (in memory in any case); False when the file was not written."""
        self.settings = settings.choices()
        return self._write(SETTINGS_FILE, settings.to_json())

    def load_match(self) -> SavedMatch | None:
        """The match to continue, or None (no match, or an unusable save: put aside with a
        problem)."""
        path = self.base / MATCH_FILE
        data, problem = read_versioned(path, SavedMatch.VERSION)
        if data is not None:
            try:
                saved = SavedMatch.from_json(data)
            except SaveError:
                problem = put_aside(path, "invalid")
            else:
                self._match_usable = True
                return saved
        self._match_usable = False
        self._report(_about_the_match(problem))
        return None

    def save_match(self, saved: SavedMatch) -> bool:
        written = self._write(MATCH_FILE, saved.to_json())
        if written:
            self._match_usable = True
        return written

    def clear_match(self) -> bool:
        """Forget the match in progress (it is over); False when the file stays."""
        try:
            (self.base / MATCH_FILE).unlink(missing_ok=True)
        except OSError as error:
            self._report(write_problem(self.base / MATCH_FILE, error))
            return False
        self._match_usable = False
        return True

    def has_match(self) -> bool:
        """A match to continue.  The save is read the first time it is asked (a damaged
        one is put aside then, with its message), and known after that until it is
        written or cleared."""
        if self._match_usable is None:
            self.load_match()
        return bool(self._match_usable)

    def save_lessons(self, progress: LessonProgress) -> bool:
        """Keep the lessons' ``progress`` (in memory in any case)."""
        self.lessons = progress
        return self._write(LESSONS_FILE, progress.to_json())

    def _load_lessons(self) -> LessonProgress:
        """The lessons' progress (none when there is no file, or an unusable one: put
        aside with a problem)."""
        data, problem = read_versioned(self.base / LESSONS_FILE, LessonProgress.VERSION)
        self._report(problem)
        return LessonProgress() if data is None else progress_from_json(data)

    def record_deal(self, game: str, players: int, result: DealResult, seat: int,
                    layout: Layout = Layout.HAND) -> bool:
        self.stats.record_deal(game, players, result, seat, layout)
        return self._write(STATS_FILE, self.stats.to_json())

    def record_match(
        self,
        game: str,
        players: int,
        totals: tuple[int, ...],
        winner: int | None,
        seat: int,
        undo_used: bool = False,
        layout: Layout = Layout.HAND,
    ) -> bool:
        self.stats.record_match(game, players, totals, winner, seat, undo_used, layout)
        return self._write(STATS_FILE, self.stats.to_json())

    def record_abandoned(self, game: str, players: int, layout: Layout = Layout.HAND) -> bool:
        self.stats.record_abandoned(game, players, layout)
        return self._write(STATS_FILE, self.stats.to_json())

    def record_analysis(self, game: str, players: int, points_lost: float,
                        layout: Layout = Layout.HAND) -> bool:
        self.stats.record_analysis(game, players, points_lost, layout)
        return self._write(STATS_FILE, self.stats.to_json())

    def record_par(self, game: str, players: int, difference: float,
                   layout: Layout = Layout.HAND) -> bool:
        self.stats.record_par(game, players, difference, layout)
        return self._write(STATS_FILE, self.stats.to_json())

    def record_undo(self, game: str, players: int, layout: Layout = Layout.HAND) -> bool:
        self.stats.record_undo(game, players, layout)
        return self._write(STATS_FILE, self.stats.to_json())

    def reset_stats(self) -> bool:
        self.stats.reset()
        return self._write(STATS_FILE, self.stats.to_json())

    def log_path(self) -> Path:
        return log_path(self.base)

    def take_problems(self) -> list[Problem]:
        """The messages not shown yet (and forget them)."""
        problems, self.problems = self.problems, []
        return problems

    # --- loading -----------------------------------------------------------------------------

    def _ensure_directory(self) -> bool:
        try:
            self.base.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            self._report(Problem("storage.no_directory", {"dir": str(self.base),
                                                          "error": error.strerror or ""}))
            return False
        remove_stale_temps(self.base)
        return True

    def _load_settings(self) -> Settings:
        data, problem = read_versioned(self.base / SETTINGS_FILE, Settings.VERSION)
        self._report(problem)
        if data is None:
            return Settings()
        settings, problems = settings_from_json(data)
        self.problems.extend(problems)
        return settings

    def _load_stats(self) -> Statistics:
        data, problem = read_versioned(self.base / STATS_FILE, Statistics.VERSION)
        self._report(problem)
        if data is None:
            return Statistics()
        stats, bad = Statistics.from_json(data)
        self.problems.extend(Problem("storage.stats_dropped", {"record": key}) for key in bad)
        return stats

    # --- writing -----------------------------------------------------------------------------

    def _write(self, name: str, data: Any) -> bool:
        """Write one file; a failure is reported once until that file is written again."""
        path = self.base / name
        try:
            write_json_atomic(path, data)
        except OSError as error:
            if name not in self._failing:
                self._failing.add(name)
                self._report(write_problem(path, error))
            return False
        self._failing.discard(name)
        return True

    def _report(self, problem: Problem | None) -> None:
        if problem is not None:
            log.warning("%s %s", problem.key, dict(problem.args))
            self.problems.append(problem)


def _about_the_match(problem: Problem | None) -> Problem | None:
    """The saved match's own words for a damaged file (the generic ones speak of
    defaults, which a match has none of)."""
    if problem is not None and problem.key in ("storage.corrupt", "storage.unreadable"):
        return Problem(problem.key.replace("storage.", "storage.match_"), problem.args)
    return problem
