"""The scenes' names, and the moves between scenes that more than one of them makes.

A scene opens another by its name (``app.go(SCORE_SHEET, table=self)``), never by
importing it: ``game/ui/app/scenes.py`` says which class each name builds.  The moves that
give a match up ask first (``MatchHost.before_new_match``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from game.engine.match import DealRecord, Match
    from game.ui.kit.widgets import Button
    from game.ui.stage.scene import Stage
    from game.ui.table.controller import Controller, GameConfig
    from game.ui.table.model import TableModel

MENU = "menu"
SETTINGS = "settings"
RULES = "rules"
SETUP = "setup"
STATS = "stats"
TABLE = "table"  # with config (and match): a new table; without: the match in progress
SCORE_SHEET = "score_sheet"
MATCH_END = "match_end"
SCORE_PAD = "score_pad"
REPLAY = "replay"
CONFIRM = "confirm"


class MatchScreen(Protocol):
    """What the score sheet, the match end and the score pad read of the table under
    them."""

    @property
    def controller(self) -> Controller: ...

    @property
    def model(self) -> TableModel: ...

    @property
    def config(self) -> GameConfig: ...

    @property
    def menu_button(self) -> Button: ...

    def side_name(self, side: int) -> str: ...

    def seat_name(self, seat: int) -> str: ...

    def to_menu(self) -> None: ...


def open_match(app: Stage, config: GameConfig, match: Match | None = None) -> None:
    """A table for a new match of ``config`` (or ``match`` resumed) over the menu; with
    no menu on the stack (the smoke run, the screenshots) it takes the old table's place."""
    if app.showing(MENU):
        app.pop_to(MENU)
        app.go(TABLE, config=config, match=match)
    else:
        app.pop_to(TABLE)
        app.go(TABLE, replace=True, config=config, match=match)


def start_match(app: Stage, config: GameConfig, back_to_match: bool = True) -> None:
    """A new match: a match in progress is given up only when the player says so
    (Abandon); Continue takes him back to it (``back_to_match``), or leaves him where he
    is.  The new table is made only then: a table follows its match in the save as soon
    as it exists."""
    question = app.host.before_new_match()
    if question is None:
        open_match(app, config)
        return

    def abandon() -> None:
        app.host.abandon()
        open_match(app, config)

    app.go(CONFIRM, question=question, on_yes=abandon,
           on_no=(lambda: resume(app)) if back_to_match else None)


def resume(app: Stage) -> None:
    """Back to the match in memory, or to the one saved on disk."""
    if app.host.in_progress and app.showing(MENU):
        app.pop_to(MENU)
        app.go(TABLE)
        return
    saved = app.host.saved_match()
    if saved is not None:
        open_match(app, *saved)


def play_again(app: Stage, record: DealRecord | None = None) -> None:
    """A new match with the same rules and seats, first dealing ``record``'s deal
    ("play this deal again") when given; asked first while this match goes on."""
    start_match(app, app.host.play_again(record), back_to_match=False)


def review_deal(app: Stage, match: Match, index: int = -1, viewer: int = 0) -> bool:
    """The replay of scored deal ``index`` of ``match``; False when it has none."""
    return app.go(REPLAY, match=match, index=index, viewer=viewer)


def open_score_pad(app: Stage, table: MatchScreen) -> None:
    """The match's score pad over the table (or the score sheet)."""
    controller = table.controller

    def review(index: int) -> None:
        review_deal(app, controller.match, index, controller.viewer)

    app.go(SCORE_PAD, table=table, review=review,
           play_again=lambda record: play_again(app, record))
