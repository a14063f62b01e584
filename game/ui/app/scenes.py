"""Every scene of the game under its name (``game/ui/stage/routes.py``): the one module that
knows the scene classes.  Each is imported when first shown, so the menu's first frame
does not wait for the table's modules."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.ui.stage import routes

if TYPE_CHECKING:
    from game.engine.match import DealRecord, Match
    from game.lessons.run import LessonRun
    from game.ui.stage.scene import Route, Scene, Stage
    from game.ui.table.controller import GameConfig
    from game.ui.table.host import Question


def _menu(app: Stage) -> Scene:
    from game.ui.scenes.menu import MenuScene

    return MenuScene(app)


def _settings(app: Stage) -> Scene:
    from game.ui.scenes.settings import SettingsScene

    return SettingsScene(app)


def _rules(app: Stage, page: str = "rules.belote") -> Scene:
    from game.ui.scenes.rules import RulesScene

    return RulesScene(app, page)


def _setup(app: Stage) -> Scene:
    from game.ui.scenes.setup import SetupScene

    return SetupScene(app)


def _stats(app: Stage) -> Scene:
    from game.ui.scenes.stats import StatsScene

    return StatsScene(app)


def _table(app: Stage, config: GameConfig | None = None,
           match: Match | None = None, lesson: LessonRun | None = None) -> Scene | None:
    """A new table (a lesson's with ``lesson``), or (no config) the one showing the
    match in progress."""
    from game.ui.table.scene import TableScene

    if config is not None:
        return TableScene(app, config, match=match, lesson=lesson)
    kept = app.kept(routes.TABLE)
    if isinstance(kept, TableScene) and kept.controller is app.host.controller:
        return kept
    return None


def _lessons(app: Stage) -> Scene:
    from game.ui.scenes.lessons import LessonsScene

    return LessonsScene(app)


def _score_sheet(app: Stage, table: routes.MatchScreen) -> Scene:
    from game.ui.scenes.scoresheet import ScoreSheet

    return ScoreSheet(app, table)


def _match_end(app: Stage, table: routes.MatchScreen) -> Scene:
    from game.ui.scenes.scoresheet import MatchEnd

    return MatchEnd(app, table)


def _score_pad(app: Stage, table: routes.MatchScreen, review: Callable[[int], None],
               play_again: Callable[[DealRecord], None]) -> Scene:
    from game.ui.scenes.scorepad import ScorePad

    return ScorePad(app, table, review, play_again)


def _replay(app: Stage, match: Match, index: int = -1, viewer: int = 0) -> Scene | None:
    from game.ui.scenes.replay import ReplayScene

    return ReplayScene.of_deal(app, match, index, viewer)


def _confirm(app: Stage, question: Question, on_yes: Callable[[], None],
             on_no: Callable[[], None] | None = None) -> Scene:
    from game.ui.scenes.dialog import ConfirmDialog

    return ConfirmDialog(app, question.question_key, on_yes, yes_key=question.yes_key,
                         no_key=question.no_key, on_no=on_no)


SCENES: dict[str, Route] = {
    routes.MENU: _menu, routes.SETTINGS: _settings, routes.RULES: _rules,
    routes.SETUP: _setup, routes.STATS: _stats, routes.TABLE: _table,
    routes.SCORE_SHEET: _score_sheet, routes.MATCH_END: _match_end,
    routes.SCORE_PAD: _score_pad, routes.REPLAY: _replay, routes.CONFIRM: _confirm,
    routes.LESSONS: _lessons,
}

