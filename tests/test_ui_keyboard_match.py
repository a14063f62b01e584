"""A keyboard-only player finishes a match of every game: from the title menu he opens
New game, picks the game, the number of players, the shortest end of the match, the
computers' level and the two-player layout with the arrows, Tab and Enter, deals, plays
every decision from the keyboard (→ then Enter for a card, H then Enter for a bid, a
king, an announcement, the belote, the écart), goes through every score sheet with Enter
or Space and reaches the match's end; its winner is named, Menu is pressed from the
keyboard and the statistics of the test's data folder count the match.  Headless, the
real App, a fixed dt; no mouse event is ever posted."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pygame
import pytest

import game.ui.scenes.setup as setup_scene
from game.ai import Level
from game.engine.rules import Layout, TarotRules
from game.storage import Storage
from game.ui.app.app import App
from game.ui.kit.layout import LOGICAL
from game.ui.kit.widgets import Button, KeyboardFocus
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.scoresheet import MatchEnd, ScoreSheet
from game.ui.scenes.setup import SetupScene, end_label
from game.ui.stage import routes
from game.ui.table.scene import TableScene
from tests.keyboard_driver import key, keyboard_turn, press
from tests.table_driver import DT, FAST, animate_at, run_until_human, see_the_sheet

KEYS_ONLY = (pygame.KEYDOWN,)  # the only events the player posts
SHORTEST_TARGET = 500  # the least target the new-game screen offers (belote, coinche)
FEWEST_DEALS = 4  # the fewest deals a tarot match can be set to
SLOW_FRAMES = 0.25  # a slow machine's frames while the computers play: fewer frames drawn


@dataclass(frozen=True)
class Table:
    """A game as the new-game screen sets it: its name, the players, the layout; the
    first deal's number the player types, and the draw of the match's later deals."""

    game: str
    players: int
    layout: Layout = Layout.HAND
    deal: int = 1
    draw: int = 1

    @property
    def id(self) -> str:
        decouverte = "-decouverte" if self.layout is Layout.DECOUVERTE else ""
        return f"{self.game}{self.players}{decouverte}"


# Every table of the games' registry (``game.engine.games``), the découverte included; the
# first goes through the most of the new-game screen (its option tabs too) in a few deals,
# and the first three are one of each game.
TABLES = (
    Table("coinche", 2, Layout.DECOUVERTE), Table("tarot", 4), Table("belote", 4),
    Table("belote", 3), Table("belote", 2), Table("belote", 2, Layout.DECOUVERTE),
    Table("coinche", 4), Table("coinche", 2), Table("tarot", 3), Table("tarot", 5),
)
# A match is some 5 to 25 s: CI plays one table of each game, ATOUT_KEYBOARD_MATCHES=10 all.
MATCHES = int(os.environ.get("ATOUT_KEYBOARD_MATCHES", "3"))


@pytest.fixture
def keyboard_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                 table: Table) -> Iterator[tuple[App, list[pygame.event.Event]]]:
    """The real App on the test's data folder at the title menu, the hint quick and the
    animations at the tests' pace; and every event it is given, in order."""
    monkeypatch.setattr(setup_scene, "random", random.Random(table.draw))  # the match's seed
    app = App(storage=Storage(tmp_path), window_size=LOGICAL)
    app.choose_language("en")
    app.change_settings(expert_think=0.1)
    animate_at(app, FAST)
    app.push(MenuScene(app))
    app.step(DT, [])
    posted: list[pygame.event.Event] = []
    step = app.step

    def keys_only(dt: float, events: list[pygame.event.Event], *, draw: bool = True) -> None:
        posted.extend(events)
        step(dt, events, draw=draw)

    monkeypatch.setattr(app, "step", keys_only)
    yield app, posted
    for scene in [app.kept(routes.TABLE), *app.scenes]:
        if isinstance(scene, TableScene):
            scene.dispose()
    app.close()  # again after the test's own: nothing left to write


def ring_to(app: App, focus: Callable[[], KeyboardFocus], wanted: Callable[[Button], bool],
            ) -> None:
    """Tab until the keyboard's ring is on the button ``wanted`` (the player reads the
    ring), then no further."""
    for _ in range(60):
        ring = focus()
        if ring.index is not None and wanted(ring.buttons[ring.index]):
            assert ring.buttons[ring.index].focused  # drawn with the ring
            return
        press(app, pygame.K_TAB)
    raise AssertionError("Tab never reached the button")


def press_until(app: App, button: Callable[[], Button], label: str) -> None:
    """Enter on the ringed button until it reads ``label`` (a choice that turns)."""
    for _ in range(12):
        if button().label() == label:
            return
        press(app, pygame.K_RETURN)
    raise AssertionError(f"never read {label!r}")


def focused(focus: Callable[[], KeyboardFocus]) -> Callable[[], Button]:
    def ringed() -> Button:
        ring = focus()
        assert ring.index is not None
        return ring.buttons[ring.index]

    return ringed


def labelled(label: str) -> Callable[[Button], bool]:
    return lambda button: button.label() == label


def new_game_by_keys(app: App, table: Table) -> SetupScene:
    """From the menu, New game: the game, its players, the shortest match, the computers
    at the Beginner's level, the layout; then Deal!"""
    tr = app.texts.tr
    menu = app.top
    assert isinstance(menu, MenuScene)
    ring_to(app, lambda: menu.focus, labelled(tr("menu.new_game")))
    press(app, pygame.K_RETURN)
    setup = app.top
    assert isinstance(setup, SetupScene)
    ring = lambda: setup.focus  # noqa: E731 (a new ring after each choice)
    ring_to(app, ring, labelled(tr(f"game.{table.game}")))
    press(app, pygame.K_RETURN)
    ring_to(app, ring, lambda b: b in setup.buttons and b.label() == str(table.players))
    press(app, pygame.K_RETURN)
    shortest = tr("setup.end_deals", count=FEWEST_DEALS) if table.game == "tarot" \
        else tr("setup.end_target", target=SHORTEST_TARGET)
    ring_to(app, ring, lambda b: b.label() == end_label(app.texts, setup.rules))
    press_until(app, focused(ring), shortest)
    for _ in range(table.players - 1):  # the computers' levels: the buttons below
        press(app, pygame.K_DOWN)
        press_until(app, focused(ring), tr("level.debutant"))
    if table.layout is Layout.DECOUVERTE:
        ring_to(app, ring, labelled(tr("group.two_players")))
        press(app, pygame.K_RETURN)
        layout = next(row.button for row in setup.rows if row.name == "layout")
        ring_to(app, ring, lambda b: b is layout)
        press_until(app, focused(ring), tr("val.decouverte"))
    for digit in str(table.deal):  # the first deal's number, typed
        app.step(DT, [key(pygame.K_0 + int(digit), unicode=digit)])
    press(app, pygame.K_TAB)  # out of the field
    ring_to(app, ring, labelled(tr("setup.start")))
    return setup


def set_as_asked(setup: SetupScene, table: Table) -> None:
    rules = setup.rules
    assert (rules.game, rules.players) == (table.game, table.players)
    if isinstance(rules, TarotRules):
        assert rules.deals == FEWEST_DEALS
    else:
        assert rules.target == SHORTEST_TARGET and rules.layout is table.layout
    assert setup.deal_field.value() == (table.deal, None)
    assert setup.levels[1:table.players] == [Level.DEBUTANT] * (table.players - 1)


def play_match_by_keys(app: App, table: TableScene) -> tuple[Counter[str], int]:
    """Every turn from the keyboard, every score sheet left with Enter or Space (in
    turn), until the match's end: what the player did, and the sheets he went through."""
    done: Counter[str] = Counter()
    sheets = 0
    for _ in range(2000):
        run_until_human(app, table, dt=SLOW_FRAMES)
        top = app.top
        if isinstance(top, MatchEnd):
            return done, sheets
        if isinstance(top, ScoreSheet):
            see_the_sheet(app, top, SLOW_FRAMES)
            press(app, (pygame.K_RETURN, pygame.K_SPACE)[sheets % 2])
            sheets += 1
            app.step(DT, [])
            continue
        assert top is table, f"an unexpected screen: {top}"
        done.update(keyboard_turn(app, table, arrows=True))
    raise AssertionError("the match never ended")


@pytest.mark.slow
@pytest.mark.parametrize("table", TABLES[:MATCHES], ids=[t.id for t in TABLES[:MATCHES]])
def test_a_keyboard_player_finishes_a_match(
        keyboard_app: tuple[App, list[pygame.event.Event]], tmp_path: Path,
        table: Table) -> None:
    app, posted = keyboard_app
    tr = app.texts.tr
    setup = new_game_by_keys(app, table)
    set_as_asked(setup, table)
    press(app, pygame.K_RETURN)  # Deal!
    scene = app.top
    assert isinstance(scene, TableScene) and scene.config.rules == setup.rules
    assert scene.controller.match.first_deal == table.deal
    done, sheets = play_match_by_keys(app, scene)
    end = app.top
    assert isinstance(end, MatchEnd) and scene.controller.match.is_over
    assert sheets == len(scene.controller.match.history)  # every deal's sheet read
    assert done["arrows"] > 0 and set(done) - {"arrows"}  # cards by arrows, the rest by H
    winner = scene.model.winner
    assert winner is not None
    see_the_sheet(app, end)
    ring_to(app, lambda: end.focus, labelled(tr("end.menu")))
    press(app, pygame.K_RETURN)
    app.step(DT, [])
    assert isinstance(app.top, MenuScene)
    app.close()
    stats = Storage(tmp_path).stats.of(table.game, table.players, table.layout)
    assert stats.matches_played == 1
    assert {event.type for event in posted} == set(KEYS_ONLY)  # never a mouse event
