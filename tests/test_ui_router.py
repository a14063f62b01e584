"""The router: scenes shown by name, popped back to by name, and nothing shown when a
name has nothing to show; every name builds the scene that answers to it."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from game.engine.match import Match
from game.engine.rules import CoincheRules
from game.ui.app.app import App
from game.ui.app.scenes import SCENES
from game.ui.stage import routes
from game.ui.table.host import ABANDON
from tests.table_driver import DT, start_table

PLAIN = (routes.MENU, routes.SETTINGS, routes.RULES, routes.SETUP, routes.STATS)


@pytest.mark.parametrize("name", PLAIN)
def test_a_name_shows_the_scene_that_answers_to_it(app: App, name: str) -> None:
    assert app.go(name)
    app.step(DT, [])
    assert app.top is not None and app.top.route == name
    assert app.showing(name)


def test_every_route_is_registered_and_built_by_its_name(app: App) -> None:
    table = start_table(app, CoincheRules())
    data = {
        routes.TABLE: {},  # the match in progress: the table just made
        routes.SCORE_SHEET: {"table": table}, routes.MATCH_END: {"table": table},
        routes.SCORE_PAD: {"table": table, "review": print, "play_again": print},
        routes.REPLAY: {"match": _one_deal()},
        routes.CONFIRM: {"question": ABANDON, "on_yes": print},
    }
    for name in SCENES:
        scene = SCENES[name](app, **data.get(name, {}))
        assert scene is not None and scene.route == name, name
    assert SCENES[routes.TABLE](app) is table


def _one_deal() -> Match:
    """A coinche match with one deal scored (random legal moves)."""
    rng = random.Random(7)
    match, _ = Match.new(CoincheRules(), 5)
    while not match.history:
        match, _ = match.apply(rng.choice(match.legal_actions()))
    return match


def test_nothing_to_show_pushes_nothing(app: App) -> None:
    fresh, _ = Match.new(CoincheRules(), 5)
    before = list(app.scenes)
    assert not routes.review_deal(app, fresh)  # no scored deal to replay
    app.step(DT, [])
    assert app.scenes == before
    assert not app.go(routes.TABLE)  # no match in progress to continue


def test_pop_to_a_name_stops_at_it(app: App) -> None:
    app.go(routes.MENU)
    app.step(DT, [])
    menu = app.top
    app.go(routes.SETTINGS)
    app.step(DT, [])
    app.go(routes.CONFIRM, question=ABANDON, on_yes=print)
    app.step(DT, [])
    assert app.top is not None and app.top.route == routes.CONFIRM
    app.pop_to(routes.MENU)
    app.step(DT, [])
    assert app.top is menu and len(app.scenes) == 2  # the empty first scene stays
