"""The whole app under a seeded monkey: thousands of real pygame events through
``App.step`` (clicks anywhere and on buttons and cards, motion, wheel, keys, window
resizes down to 1×1, focus changes, quit requests) while the computers play on.

Nothing may raise; every scene is visited; the autosave always loads and holds the match
being played; QUIT closes the app with its saves flushed, and the monkey starts it again
from the same data folder.  ``ATOUT_MONKEY_EVENTS`` and ``ATOUT_MONKEY_SEEDS`` size the
slow sweep.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import logging
import random
import string
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.ai import Level
from game.engine.match import AnyRules
from game.engine.rules import BeloteRules, CoincheRules, TarotRules
from game.storage import Storage
from game.ui.app.app import App
from game.ui.kit.layout import LOGICAL
from game.ui.kit.widgets import Button, KeyboardFocus
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.scoresheet import MatchEnd, ScoreSheet
from game.ui.scenes.setup import SetupScene
from game.ui.stage import routes
from game.ui.stage.scene import Scene
from game.ui.table.controller import GameConfig, SeatConfig
from game.ui.table.scene import TableScene
from tests.table_driver import animate_at
from tests.words import tr

DT = 1 / 30
FAST = 0.02  # animation speed of the tables the monkey plays at (as the smoke run)
CHECK_EVERY = 150  # events between two checks of the autosave
TOUR_EVENTS = 2000
TOUR_SCENES = ("MenuScene", "SettingsScene", "RulesScene", "SetupScene", "table:coinche",
               "ScoreSheet", "ReplayScene", "table:belote", "table:tarot")
# Buttons that abandon the match under way ("yes": the confirmation of doing so).
NEW_MATCH = ("setup.start", "sheet.play_again", "yes")
KEYS = (pygame.K_SPACE, pygame.K_l, pygame.K_z, pygame.K_RETURN,
        pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB,
        pygame.K_BACKSPACE, pygame.K_F1, pygame.K_F11, pygame.K_a, pygame.K_q, pygame.K_0)
SIZES = ((1, 1), (2, 3), (40, 30), (320, 200), (640, 360), (700, 1000), (1280, 720),
         (1920, 1080), (2560, 1440))
ROOMY = ((1280, 720), (1024, 768), (1600, 900))
FOCUS = (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED, pygame.WINDOWMINIMIZED,
         pygame.WINDOWRESTORED, pygame.WINDOWLEAVE, pygame.WINDOWENTER, pygame.VIDEOEXPOSE)

Event = pygame.event.Event


def scene_name(scene: Scene | None) -> str:
    if isinstance(scene, TableScene):
        return f"table:{scene.config.rules.game}"
    return type(scene).__name__


def buttons_in(value: object, depth: int = 0) -> list[Button]:
    """The buttons held by an attribute: a button, or lists and tuples of them."""
    if isinstance(value, Button):
        return [value]
    if isinstance(value, list | tuple) and depth < 3:
        return [b for item in value for b in buttons_in(item, depth + 1)]
    return []


def scene_buttons(scene: Scene) -> list[Button]:
    """Every button a scene shows (found in its attributes, whatever their names)."""
    found = [b for value in vars(scene).values() for b in buttons_in(value)]
    if isinstance(scene, TableScene):
        found += scene.bid_panel.buttons + scene.play_buttons()
    return found


def by_label(buttons: list[Button], key: str) -> Button | None:
    return next((b for b in buttons if b.enabled and b.label() == tr(key)), None)


def play_targets(table: TableScene) -> list[tuple[int, int]]:
    """Where the player may usefully click now: legal cards (on their visible strip),
    bid and play buttons."""
    legal = table.controller.legal_cards()
    points = [(rect.x + 10, rect.y + 20) for c, rect in table.hand_layout() if c in legal]
    buttons = table.bid_panel.buttons + table.play_buttons()
    return points + [b.rect.center for b in buttons if b.enabled]


class Monkey:
    """One seeded monkey and the app it drives (restarted after each quit)."""

    def __init__(self, data: Path, seed: int, wanted: tuple[str, ...] = (),
                 keep_match: bool = False) -> None:
        """``wanted``: the scenes to steer to; ``keep_match``: never press Start in the
        setup (the match under way goes on to its end)."""
        self.data = data
        self.keep_match = keep_match
        self.steering = 0.6 if keep_match else 0.4
        self.rng = random.Random(seed)
        self.wanted = list(wanted)
        self.visited: dict[str, int] = {}
        self.events = 0
        self.quits = 0
        self.checks = 0
        self.next_check = CHECK_EVERY
        self.table: TableScene | None = None  # the last table seen: the session's match
        self.expected: tuple[Any, ...] | None = None  # the actions the autosave must hold
        self.app = self.start_app()
        self.seen()

    # --- the app's life --------------------------------------------------------------------

    def start_app(self) -> App:
        app = App(storage=Storage(self.data), window_size=LOGICAL)
        app.push(MenuScene(app))
        app.step(DT, [])
        return app

    def restart(self) -> None:
        """What the real loop does after QUIT (close: settings kept, saves flushed), then
        the player opens the game again."""
        self.quits += 1
        self.app.close()
        self.check_autosave()
        self.dispose_tables()
        self.table = None
        self.app = self.start_app()

    def dispose_tables(self) -> None:
        kept = [self.app.kept(routes.TABLE), *self.app.scenes]
        for scene in kept:
            if isinstance(scene, TableScene):
                scene.dispose()

    def seen(self) -> None:
        """Count the scene on top, as the player now sees it."""
        name = scene_name(self.app.top)
        self.visited[name] = self.visited.get(name, 0) + 1
        if name in self.wanted:
            self.wanted.remove(name)

    def follow_table(self) -> None:
        """The newest table on the stack is the match the session saves (a lesson's
        table is not: the match in progress stays as it was)."""
        tables = [s for s in self.app.scenes if isinstance(s, TableScene)]
        if tables:
            newest = tables[-1]
            if newest is not self.table:
                animate_at(self.app, FAST)  # tables play fast once the monkey reaches one
            if newest.lesson is None:
                self.table = newest

    # --- checks ------------------------------------------------------------------------------

    def check_autosave(self) -> None:
        """The save on disk loads without a problem and holds the match being played."""
        session = self.app.session
        assert session is not None
        assert session.flush(10.0), "the autosave did not finish"
        storage = Storage(self.data)
        saved = storage.load_match()
        assert storage.take_problems() == []
        if self.table is not None:
            match = self.table.controller.match
            self.expected = None if match.is_over else match.actions
        if self.expected is None:
            assert saved is None or not saved.match.is_over
        else:
            assert saved is not None, "the match in progress has no save"
            assert saved.match.actions == self.expected
        self.checks += 1

    # --- one frame -----------------------------------------------------------------------

    def tick(self) -> None:
        if self.reading():
            events: list[Event] = []
        else:
            events = self.steered() if self.rng.random() < self.steering else self.noise()
        self.events += len(events)
        self.app.step(DT, events)
        self.follow_table()
        if not self.app.running:
            assert self.app.scenes, "the app closed by itself: every scene was popped"
            self.restart()
        elif self.events >= self.next_check:
            self.next_check += CHECK_EVERY
            self.check_autosave()
        self.seen()

    def run(self, events: int, until: Callable[[Monkey], bool] = lambda m: False) -> None:
        while self.events < events and not until(self):
            self.tick()

    # --- what the monkey does ---------------------------------------------------------------

    def reading(self) -> bool:
        """Mostly quiet while new choices settle (a click then is swallowed and makes
        them wait again): a player who never stops clicking never chooses."""
        top = self.app.top
        if isinstance(top, TableScene):
            unsettled = top.controller.human_to_act and not top.accepts_choice
        else:
            grace = getattr(top, "grace", None)
            unsettled = grace is not None and not grace.ready
        return unsettled and self.rng.random() < 0.95

    def noise(self) -> list[Event]:
        kinds: list[Callable[[], list[Event]]] = [
            self.button_click, self.click_anywhere, self.motion, self.wheel, self.key,
            self.resize, self.focus, self.quit, self.double]
        weights = (25, 20, 18, 6, 20, 4, 4, 0.4, 4)
        events: list[Event] = []
        for _ in range(self.rng.randint(1, 3)):
            events += self.rng.choices(kinds, weights)[0]()
        return events

    def steered(self) -> list[Event]:
        """A click toward the next scene not seen yet, else a useful move at the table."""
        top = self.app.top
        assert top is not None
        target = self.goal(top, self.wanted[0] if self.wanted else "ScoreSheet")
        return self.click(target) if target is not None else self.button_click()

    def goal(self, top: Scene, want: str) -> tuple[int, int] | None:
        """Where to click to get nearer to the scene ``want``."""
        if isinstance(top, TableScene):
            if want == "ScoreSheet" or want.endswith("ReplayScene") or want == scene_name(top):
                passing = by_label(top.bid_panel.buttons, "bid.pass")
                if self.keep_match and passing is not None and self.rng.random() < 0.8:
                    # the computers take: a monkey's failed contracts can tie the
                    # defenders at the top of a tarot match, which then goes on
                    return passing.rect.center
                targets = play_targets(top)
                return self.rng.choice(targets) if targets else (640, 330)
            return top.menu_button.rect.center
        button = self.goal_button(top, want, scene_buttons(top))
        return button.rect.center if button is not None else None

    def goal_button(self, top: Scene, want: str, buttons: list[Button]) -> Button | None:
        if isinstance(top, MenuScene):
            keys = {"SettingsScene": "menu.settings", "RulesScene": "menu.rules"}
            if want in keys:
                return by_label(buttons, keys[want])
            if top.can_continue and (not want.startswith("table:")
                                     or want == scene_name(self.app.kept(routes.TABLE))):
                return top.continue_button
            return by_label(buttons, "menu.new_game")
        if isinstance(top, SetupScene) and want.startswith("table:"):
            game = want.split(":")[1]
            return by_label(buttons, "setup.start" if top.rules.game == game else f"game.{game}")
        if isinstance(top, SetupScene) and not self.app.host.can_continue:
            return by_label(buttons, "setup.start")  # no match left to go back to
        if isinstance(top, ScoreSheet):
            return by_label(buttons, "sheet.review" if want == "ReplayScene" else "sheet.next")
        if isinstance(top, MatchEnd):
            return self.rng.choice(buttons)
        return by_label(buttons, "back")

    def window_point(self, logical: tuple[int, int]) -> tuple[int, int]:
        view = self.app.viewport()
        return (view.x + logical[0] * view.width // LOGICAL[0],
                view.y + logical[1] * view.height // LOGICAL[1])

    def click(self, logical: tuple[int, int], button: int = 1) -> list[Event]:
        pos = self.window_point(logical)
        return [Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]

    def button_click(self) -> list[Event]:
        top = self.app.top
        buttons = scene_buttons(top) if top is not None else []
        if self.keep_match:
            buttons = [b for b in buttons if b.label() not in map(tr, NEW_MATCH)]
        if isinstance(top, TableScene) and self.rng.random() < 0.9:
            # leaving the table and undoing: rare, or no deal would ever end
            buttons = [b for b in buttons if b not in (top.menu_button, top.undo_button)]
        if not buttons:
            return self.click_anywhere()
        return self.click(self.rng.choice(buttons).rect.center)

    def click_anywhere(self) -> list[Event]:
        width, height = self.app.window.get_size()
        pos = (self.rng.randint(-20, width + 20), self.rng.randint(-20, height + 20))
        button = self.rng.choice((1, 1, 1, 2, 3, 4, 5))
        return [Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]

    def motion(self) -> list[Event]:
        width, height = self.app.window.get_size()
        pos = (self.rng.randint(0, width), self.rng.randint(0, height))
        rel = (self.rng.randint(-300, 300), self.rng.randint(-300, 300))
        return [Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(0, 0, 0))]

    def wheel(self) -> list[Event]:
        return [Event(pygame.MOUSEWHEEL, x=0, y=self.rng.choice((-3, -1, 1, 3)), flipped=False,
                      precise_x=0.0, precise_y=1.0, which=0)]

    def key(self) -> list[Event]:
        ctrl = self.rng.random() < 0.03  # Ctrl+Z: undo (rare, or no deal would end)
        leave = self.rng.random() < 0.02  # Escape leaves most scenes: rare too
        key = pygame.K_z if ctrl else pygame.K_ESCAPE if leave else self.rng.choice(KEYS)
        if key in (pygame.K_RETURN, pygame.K_SPACE) and self.ringed_new_match():
            key = pygame.K_TAB  # as its clicks: the match under way is kept
        pygame.key.set_mods(pygame.KMOD_LCTRL if ctrl else pygame.KMOD_NONE)
        mod = pygame.KMOD_LCTRL if ctrl else 0
        letter = self.rng.choice(string.ascii_letters)
        return [Event(pygame.KEYDOWN, key=key, mod=mod, unicode=letter, scancode=0),
                Event(pygame.KEYUP, key=key, mod=mod, unicode=letter, scancode=0),
                Event(pygame.TEXTINPUT, text=letter)]

    def ringed_new_match(self) -> bool:
        """The keyboard's ring is on a button that abandons the match under way (Deal!,
        Play this deal again, Yes), and the monkey keeps its match."""
        focus = getattr(self.app.top, "focus", None)
        if not self.keep_match or not isinstance(focus, KeyboardFocus) or focus.index is None:
            return False
        return focus.buttons[focus.index].label() in map(tr, NEW_MATCH)

    def resize(self) -> list[Event]:
        """The window changes size (as the window manager would: the display first)."""
        if self.rng.random() < 0.5:
            size = self.rng.choice(ROOMY)
        elif self.rng.random() < 0.7:
            size = self.rng.choice(SIZES)
        else:
            size = (self.rng.randint(1, 2560), self.rng.randint(1, 1440))
        if self.rng.random() < 0.9:  # else a stale event: the display did not change
            pygame.display.set_mode(size, pygame.RESIZABLE)
        width, height = size
        return [Event(pygame.VIDEORESIZE, size=size, w=width, h=height),
                Event(pygame.WINDOWRESIZED, x=width, y=height),
                Event(pygame.WINDOWSIZECHANGED, x=width, y=height)]

    def focus(self) -> list[Event]:
        kind = self.rng.choice(FOCUS)
        return [Event(kind), Event(pygame.ACTIVEEVENT, gain=self.rng.randint(0, 1),
                                   state=self.rng.choice((1, 2, 4)))]

    def double(self) -> list[Event]:
        """The same click or key twice in one frame (a fast double click, key repeat)."""
        return (self.button_click() if self.rng.random() < 0.5 else self.key()) * 2

    def quit(self) -> list[Event]:
        return [Event(pygame.QUIT)]


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    yield
    pygame.key.set_mods(pygame.KMOD_NONE)


def errors_logged(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [record.getMessage() for record in caplog.records if record.levelno >= logging.ERROR]


def tour(data: Path, seed: int, events: int) -> Monkey:
    """At least ``events`` events, until every scene was visited (a table of each game, a
    score sheet...), within four times as many (the computers think in a thread, so the
    frames, hence the draws, depend on the machine's load)."""
    monkey = Monkey(data, seed, TOUR_SCENES)
    try:
        monkey.run(4 * events, until=lambda m: not m.wanted and m.events >= events)
        monkey.check_autosave()
    finally:
        monkey.dispose_tables()
        monkey.app.close()
    return monkey


def to_the_end(data: Path, seed: int, rules: AnyRules, events: int) -> Monkey:
    """A match with computers in every seat, started at the menu, under the monkey: it
    ends (after a quit, the resumed match has the monkey in seat 0)."""
    monkey = Monkey(data, seed, keep_match=True)
    menu = monkey.app.top
    assert isinstance(menu, MenuScene)
    seats = tuple(SeatConfig(human=False, level=Level.DEBUTANT) for _ in range(rules.players))
    routes.start_match(monkey.app, GameConfig(rules, seats, seed))
    try:
        monkey.run(events, until=lambda m: "MatchEnd" in m.visited)
        monkey.check_autosave()
    finally:
        monkey.dispose_tables()
        monkey.app.close()
    return monkey


def test_the_monkey_visits_every_scene_without_an_error(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    monkey = tour(tmp_path, seed=1, events=TOUR_EVENTS)
    assert not monkey.wanted, f"never reached: {monkey.wanted} ({monkey.visited})"
    assert monkey.checks >= 5
    assert errors_logged(caplog) == []


def test_quit_closes_with_the_save_flushed_and_the_match_continues(tmp_path: Path) -> None:
    monkey = Monkey(tmp_path, seed=2)
    menu = monkey.app.top
    assert isinstance(menu, MenuScene)
    seats = tuple(SeatConfig(human=False) for _ in range(4))
    routes.start_match(monkey.app, GameConfig(CoincheRules(), seats, 5))
    monkey.run(10_000, until=lambda m: m.table is not None
               and len(m.table.controller.match.actions) >= 6)
    assert monkey.table is not None
    played = monkey.table.controller.match.actions
    monkey.app.step(DT, [Event(pygame.QUIT), Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1),
                                                   button=1)])
    assert not monkey.app.running
    monkey.restart()  # checks that the flushed save holds every action played
    assert monkey.expected == played
    resumed = monkey.app.top
    assert isinstance(resumed, MenuScene) and resumed.can_continue
    monkey.app.step(DT, monkey.click(resumed.continue_button.rect.center))
    monkey.app.step(DT, [])
    table = monkey.app.top
    assert isinstance(table, TableScene)
    assert table.controller.match.actions == played
    monkey.dispose_tables()
    monkey.app.close()


@pytest.mark.parametrize("opener", ["menu.settings", "menu.rules", "menu.new_game"])
@pytest.mark.parametrize("twice", ["escape", "back"])
def test_leaving_twice_in_one_frame_goes_back_one_scene(
        tmp_path: Path, opener: str, twice: str) -> None:
    """Found by the monkey: two Escapes (or clicks on Back) in one frame popped the menu
    too, and the app closed."""
    monkey = Monkey(tmp_path, seed=0)
    app, menu = monkey.app, monkey.app.top
    assert isinstance(menu, MenuScene)
    button = by_label(menu.buttons, opener)
    assert button is not None
    app.step(DT, monkey.click(button.rect.center))
    app.step(DT, [])
    scene = app.top
    assert scene is not menu and scene is not None
    back = by_label(scene_buttons(scene), "back")
    assert back is not None
    escape = Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    app.step(DT, [escape, escape] if twice == "escape" else monkey.click(back.rect.center) * 2)
    app.step(DT, [])
    assert app.running and app.top is menu
    app.close()


@pytest.mark.parametrize("rules", [CoincheRules(target=10),
                                   TarotRules(players=3, deals=None, target=10)],
                         ids=["coinche", "tarot3"])
def test_under_the_monkey_the_match_reaches_its_end(
        tmp_path: Path, rules: AnyRules, caplog: pytest.LogCaptureFixture) -> None:
    # A tarot deal between computers is some 5,000 frames at normal speed, more when the
    # machine is loaded (their thinking runs in a thread) or the monkey opens the score pad.
    monkey = to_the_end(tmp_path, seed=3, rules=rules, events=40_000)
    assert "MatchEnd" in monkey.visited, f"no end after {monkey.events} events"
    storage = Storage(tmp_path)
    assert not storage.has_match()  # a finished match leaves no save behind
    assert storage.stats.of(rules.game, rules.players).matches_played == 1
    assert errors_logged(caplog) == []


SWEEP_SEEDS = int(os.environ.get("ATOUT_MONKEY_SEEDS", "1"))
SWEEP_EVENTS = int(os.environ.get("ATOUT_MONKEY_EVENTS", "4000"))
SWEEP_GAMES: tuple[AnyRules, ...] = (
    CoincheRules(target=300), BeloteRules(target=200), BeloteRules(players=2, target=200),
    # Tarot ends after a number of deals here: to a target, a tie at the top goes on, and
    # a monkey's failed takes tie the three defenders (a run went 13 deals without an end).
    BeloteRules(players=3, target=200), TarotRules(players=4, deals=4),
    TarotRules(players=5, deals=4))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 100 + SWEEP_SEEDS))
def test_monkey_sweep(tmp_path: Path, seed: int, caplog: pytest.LogCaptureFixture) -> None:
    """Long tours, then each game played to its end, under the monkey."""
    monkey = tour(tmp_path / "tour", seed, SWEEP_EVENTS)
    assert not monkey.wanted, f"never reached: {monkey.wanted}"
    rules = SWEEP_GAMES[seed % len(SWEEP_GAMES)]
    # The budget is generous: the monkey wanders (menu, statistics, score pad, quit and
    # resume) as much as it plays, and how far it gets depends on the computers' timing.
    # A CI run once needed more than 16,000 events for tarot to 100 (seed 100).
    end = to_the_end(tmp_path / "end", seed, rules, 10 * SWEEP_EVENTS)
    assert "MatchEnd" in end.visited, \
        f"{rules}: no end after {end.events} events; scenes visited: {end.visited}"
    assert errors_logged(caplog) == []
