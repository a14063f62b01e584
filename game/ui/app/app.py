"""The app: one window, one clock, a stack of scenes drawn at a logical 1280×720 and
scaled to the window with letterboxing (mouse positions are mapped back).

``step(dt, events)`` runs one frame without a real clock, for tests and the smoke run;
``run()`` is the interactive loop.  Scene changes requested during a frame (push, pop,
replace) take effect between frames.

Scenes open one another by name through the router (``go``, ``pop_to``, ``router.py``):
the names and the classes they build are registered by ``game/ui/app/scenes.py``, so no
scene module imports another, and a scene sees the app only as a ``Stage``
(``game/ui/stage/scene.py``), so none imports the app.  ``host`` keeps the match in
progress (``game/ui/table/host.py``); ``memory`` what the app remembers until it closes.
"""

from __future__ import annotations

import dataclasses
import logging
import sys
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import pygame

from game.i18n import LANGUAGES, Texts
from game.session import Session
from game.storage import Storage
from game.storage.settings import Settings
from game.ui.app.preload import Preloader
from game.ui.app.router import Router
from game.ui.app.window import (
    logical_event,
    open_window,
    present,
    to_logical,
    viewport,
    window_handle,
)
from game.ui.kit.assets import Assets, shut_pygame_down
from game.ui.kit.drawlog import active_log
from game.ui.kit.layout import LOGICAL
from game.ui.kit.presses import Presses
from game.ui.stage.memory import Memory
from game.ui.stage.scene import Route
from game.ui.table.host import MatchHost

if TYPE_CHECKING:  # the engine, the AI and the coach load after the first frame
    from game.coach import Analysis, CoachWorker
    from game.engine.match import Match

FPS = 60
MAX_DT = 0.1
MIN_SAVED_WINDOW = (640, 360)  # a smaller window still works, but opens at this size

log = logging.getLogger("atout.app")


class App(Router):
    """The game's window and loop: the router's stack of scenes drawn each frame, the
    settings, the assets and sounds, the match host and the player's data."""

    def __init__(
        self,
        settings: Settings | None = None,
        window_size: tuple[int, int] = LOGICAL,
        assets: Assets | None = None,
        storage: Storage | None = None,
        routes: Mapping[str, Route] | None = None,
        language_override: str | None = None,
    ) -> None:
        """``storage`` (the player's data folder) keeps the settings, the match in
        progress (saved after every action) and the statistics; without it nothing is
        written (tests, the smoke run).  The review's coach is started when first
        needed; it shares the hint's verdicts (``MatchHost.advisor``).  ``routes``: the
        scene each name builds (by default every scene of the game,
        ``game.ui.app.scenes.SCENES``).  ``language_override`` (``--lang``) wins over the
        stored language for this run, and is not saved: the stored one is changed only
        when the player picks a language in the settings."""
        pygame.init()
        # The AI thinks in a worker thread: a short GIL switch interval keeps a long
        # search from holding the render loop for the default 5 ms at each switch.
        sys.setswitchinterval(0.001)
        self.storage = storage
        self.session = Session(storage) if storage is not None else None
        self.host = MatchHost(self.session)
        self.memory = Memory()
        if settings is None and storage is not None:
            settings = storage.settings
        self.settings: Settings = settings or Settings()
        self.language_override = language_override
        shown = language_override or self.settings.resolved_language()
        # The app's words, handed to its scenes and their parts; switched in place when
        # the player picks another language.
        self.texts = Texts(shown if shown in LANGUAGES else "en")
        self.windowed_size = window_size  # what leaving fullscreen comes back to
        self._windowed_position: tuple[int, int] | None = None  # and where
        self.window = open_window(window_size, self.settings.fullscreen)
        pygame.display.set_caption("Atout")
        self.assets = assets or Assets()
        self.assets.language = self.texts.language
        self.apply_look()
        self._assets_reported = 0  # how many of assets.problems were handed to a scene
        pygame.display.set_icon(self.assets.icon())
        self.screen = pygame.Surface(LOGICAL).convert()
        self.clock = pygame.time.Clock()
        if routes is None:
            from game.ui.app.scenes import SCENES

            routes = SCENES
        super().__init__(routes)
        self.frames = 0
        self.presses = Presses()  # the mouse's presses on the frames' clock: their rhythm
        self._preloader = Preloader(self.assets)
        self._coach: CoachWorker | None = None

    @property
    def coach(self) -> CoachWorker:
        """The review's coach, started the first time a deal is analysed."""
        if self._coach is None:
            from game.coach import CoachWorker  # the AI with it: after the first frame

            self._coach = CoachWorker(self._deal_analysed, self.host.advisor())
        return self._coach

    def _deal_analysed(self, match: Match, analysis: Analysis) -> None:
        if self.session is not None:
            self.session.on_deal_analysed(match.rules, analysis.points_lost())

    # --- the window and the look -------------------------------------------------------

    def toggle_fullscreen(self) -> None:
        """F11 or the setting: the window fills the screen, or comes back at the size it
        had (and stays so).  The mode is set again rather than toggled: under X11 SDL
        re-creates the window either way, and a toggled one came back screen-sized."""
        if not self.settings.fullscreen:
            self.windowed_size = self.window.get_size()
            self._windowed_position = window_handle().position
        self.settings = dataclasses.replace(self.settings, fullscreen=not self.settings.fullscreen)
        try:
            self.window = open_window(self.windowed_size, self.settings.fullscreen)
        except pygame.error as error:  # a driver that cannot: stay as the window was
            log.warning("fullscreen %s refused: %s", self.settings.fullscreen, error)
            self.settings = dataclasses.replace(self.settings,
                                                fullscreen=not self.settings.fullscreen)
            self.window = open_window(self.windowed_size, self.settings.fullscreen)
        if not self.settings.fullscreen and self._windowed_position is not None:
            # Re-created, the window would be placed anew by the window manager, each
            # time a title bar lower: it goes back exactly where it was.
            window_handle().position = self._windowed_position
        self.save_settings()

    def change_settings(self, **changes: object) -> None:
        """The settings with ``changes`` (field names and values), in effect at once;
        they are written when the settings screen closes."""
        self.settings = dataclasses.replace(self.settings, **changes)  # type: ignore[arg-type]

    def language_setting(self) -> str:
        """The language setting in effect this run: the command line's, or the stored
        one ("auto" or a language)."""
        return self.language_override or self.settings.language

    def choose_language(self, setting: str) -> None:
        """The player's choice in the settings: it ends the command line's for this
        run and is saved with the other settings."""
        self.language_override = None
        self.change_settings(language=setting)
        self.texts.language = self.settings.resolved_language()
        self.assets.language = self.texts.language

    def apply_look(self) -> None:
        """The felt's colour and the four-colour deck, from the settings (at once)."""
        self.assets.table_colour = self.settings.table_colour
        self.assets.four_colour = self.settings.four_colour

    # --- the player's data ---------------------------------------------------------------

    def save_settings(self) -> None:
        if self.storage is not None:
            # In fullscreen the window is the screen: keep the last windowed size.
            width, height = self.windowed_size if self.settings.fullscreen \
                else self.window.get_size()
            window = (max(MIN_SAVED_WINDOW[0], width), max(MIN_SAVED_WINDOW[1], height))
            self.settings = dataclasses.replace(self.settings, window_size=window)
            self.storage.save_settings(self.settings)

    def take_problems(self) -> list[tuple[str, dict[str, object]]]:
        """Storage and asset problems to show the player once (i18n key, arguments)."""
        fresh = self.assets.problem_keys[self._assets_reported:]
        self._assets_reported += len(fresh)
        problems: list[tuple[str, dict[str, object]]] = [
            (key, {"file": relative}) for key, relative in fresh]
        if self.session is not None:
            problems += [(p.key, dict(p.args)) for p in self.session.take_problems()]
        return problems

    def preload_assets(self) -> None:
        """Load every sprite and sound now, so that a missing or damaged file is reported
        on the menu at start rather than found in the middle of a deal."""
        self._preloader.all_now()

    def start_preloading(self) -> None:
        """Load every sprite and sound a few per frame from now on, then import the
        table: the menu is drawn at once, and a missing file still reaches it within the
        first second."""
        self._preloader.start()

    @property
    def preloading(self) -> bool:
        return self._preloader.running

    def close(self) -> None:
        """Keep the settings (the window's size too) and wait for the last save."""
        self.save_settings()
        self.host.close()
        if self._coach is not None:
            self._coach.close()
        if self.session is not None:
            self.session.close()

    # --- sound ----------------------------------------------------------------------------

    def sound(self, name: str) -> None:
        if self.settings.sound:
            self.assets.play(name, self.settings.volume)

    # --- frames ---------------------------------------------------------------------------

    def viewport(self) -> pygame.Rect:
        """Where the logical screen sits in the window (scaled, letterboxed)."""
        return viewport(self.window)

    def to_logical(self, pos: tuple[int, int]) -> tuple[int, int]:
        return to_logical(self.window, pos)

    def step(self, dt: float, events: Sequence[pygame.event.Event], *,
             draw: bool = True) -> None:
        """One frame: input to the top scene, update it, draw the stack, present (the
        review's coach, in its thread, waits while the frame is made).  ``draw=False``
        leaves the screen as the last drawn frame left it and does the rest: the tests
        skip ahead through frames nothing looks at, then ``draw`` what they check."""
        coach = self._coach
        if coach is not None:
            coach.frame_began()
        self.apply_changes()
        for event in events:
            if event.type == pygame.QUIT:
                self.running = False
                return
            if event.type in (pygame.VIDEORESIZE, pygame.WINDOWRESIZED):
                self.window = pygame.display.get_surface() or self.window
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
                continue
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                self.presses.record()
            top = self.top
            # Once a scene asked for a change, the rest of the frame's input is dropped:
            # a double Escape or click on "back" would otherwise pop the scene below too.
            if top is not None and not self._changes:
                top.handle(logical_event(self.window, event))
        top = self.top
        if top is not None:
            top.update(dt)
        if draw:
            self.draw()
        if top is not None and top is self.top:
            top.presented()
        if coach is not None:
            coach.frame_presented()
        self.apply_changes()
        self.presses.tick(dt)
        self.frames += 1
        self._preloader.some()

    def draw(self) -> None:
        first = 0
        for index, scene in enumerate(self.scenes):
            if scene.opaque:
                first = index
        log = active_log()
        if log is not None:
            log.clear()
        for scene in self.scenes[first:]:
            if log is not None:
                log.start_layer(type(scene).__name__)
            scene.draw(self.screen)
        self.present()

    def present(self) -> None:
        present(self.window, self.screen)

    def run(self) -> None:
        """The loop until the player quits; however it ends (a quit, a crash inside a
        frame), the saves asked for are written before it returns or raises."""
        from game.applog import first_frame_drawn

        try:
            while self.running:
                dt = min(self.clock.tick(FPS) / 1000, MAX_DT)
                self.step(dt, pygame.event.get())
                if self.frames == 1:
                    first_frame_drawn()
        finally:
            self.close()
            shut_pygame_down()
