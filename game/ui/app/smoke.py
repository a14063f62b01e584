"""The smoke run: computer players in every seat play deals THROUGH the real scenes and
the controller, in a headless window, animations very fast.  Any error propagates."""

from __future__ import annotations

import dataclasses
import logging
import time

import pygame

from game.ai import Level
from game.engine.match import AnyRules
from game.engine.rules import BeloteRules, CoincheRules, TarotRules
from game.storage.settings import Settings
from game.ui.app.app import App
from game.ui.kit.assets import shut_pygame_down
from game.ui.scenes.scoresheet import MatchEnd, ScoreSheet
from game.ui.stage.scene import Scene
from game.ui.table.controller import GameConfig, SeatConfig
from game.ui.table.scene import TableScene

log = logging.getLogger("atout.smoke")

SMOKE_SPEED = 0.02
SMOKE_DT = 1 / 30
STEP_LIMIT = 20_000
SMOKE_GAMES: tuple[AnyRules, ...] = (
    CoincheRules(), BeloteRules(), BeloteRules(players=3), BeloteRules(players=2),
    TarotRules(), TarotRules(players=3), TarotRules(players=5),
)


@dataclasses.dataclass(frozen=True)
class FixedSpeed(Settings):
    """Settings whose tables animate at ``factor`` whatever speed is chosen (the smoke
    run, the screenshots, the tests); what is saved is still the chosen speed (the
    factor is not a setting: ``Settings.to_json`` and ``choices`` leave it out)."""

    factor: float = SMOKE_SPEED

    @property
    def speed_factor(self) -> float:
        return self.factor


def fixed_speed(settings: Settings, factor: float) -> FixedSpeed:
    """``settings`` with every table animating at ``factor`` (1.0: as a player sees it)."""
    choices = settings.choices()
    return FixedSpeed(**{f.name: getattr(choices, f.name) for f in dataclasses.fields(choices)},
                      factor=factor)


def click(app: App, pos: tuple[int, int]) -> list[pygame.event.Event]:
    """A left click at a logical position, as the window would report it."""
    view = app.viewport()
    x = view.x + pos[0] * view.width // 1280
    y = view.y + pos[1] * view.height // 720
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1)]


def motion(app: App, pos: tuple[int, int]) -> pygame.event.Event:
    """The mouse moved to a logical position, as the window would report it."""
    view = app.viewport()
    at = (view.x + pos[0] * view.width // 1280, view.y + pos[1] * view.height // 720)
    return pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))


def dismiss(app: App, scene: Scene) -> list[pygame.event.Event]:
    """The clicks a player would make to leave a score sheet, once he has seen it."""
    if isinstance(scene, ScoreSheet) and scene.grace.ready:
        return click(app, scene.next_button.rect.center)
    return []


def play_deals(
    app: App, rules: AnyRules, deals: int, seed: int = 1
) -> tuple[TableScene, int]:
    """Play ``deals`` scored deals of ``rules`` with computers everywhere, animations at
    ``SMOKE_SPEED``: the table and the number of deals scored (score sheets shown)."""
    settings = app.settings
    app.settings = fixed_speed(settings, SMOKE_SPEED)
    seats = tuple(SeatConfig(human=False, level=Level.CONFIRME) for _ in range(rules.players))
    table = TableScene(app, GameConfig(rules, seats, seed))
    app.push(table)
    sheets: list[Scene] = []
    for _ in range(STEP_LIMIT):
        sheets += [s for s in app.scenes if type(s) is ScoreSheet and s not in sheets]
        top = app.top
        if (len(sheets) >= deals and top is table) or isinstance(top, MatchEnd):
            break
        table.controller.wait_for_computer(SMOKE_DT)
        app.step(SMOKE_DT, dismiss(app, top) if top is not None else [])
    else:
        raise RuntimeError(f"{rules.game} {rules.players}p: no progress after {STEP_LIMIT} frames")
    app.pop_to(TableScene)
    app.pop()
    app.step(SMOKE_DT, [])
    table.dispose()
    app.settings = settings
    return table, len(sheets)


def smoke(deals: int, language: str | None = None) -> int:
    """Play ``deals`` deals of each game (in ``language``, the settings' by default);
    0 when all went well."""
    app = App(language_override=language)
    app.push(Scene(app))  # a blank base, so the stack never empties between games
    for rules in SMOKE_GAMES:
        start = time.perf_counter()
        table, scored = play_deals(app, rules, deals)
        log.info("smoke %s %dp: %d deals, %d frames, %.1f s", rules.game, rules.players,
                 scored, app.frames, time.perf_counter() - start)
        print(f"smoke {rules.game} {rules.players}p: {scored} deals scored, "
              f"totals {table.model.totals}")
    shut_pygame_down()
    return 0
