"""A scene, and what a scene sees of the app (``Stage``).

A scene never imports the app: the app builds the scenes (through its registry,
``game/ui/app/scenes.py``), and a scene reaches back only through ``Stage``, the part of
the app it may use: the settings, the words of its language (``texts``), the assets and
sounds, the router, the match host and the player's data.  ``App`` satisfies it (mypy
checks it wherever a scene is made).  A scene speaks through ``self.tr`` (``Speaks``),
and hands ``self.texts`` to the parts it builds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from game.i18n import Speaks, Texts

if TYPE_CHECKING:
    import pygame

    from game.coach import CoachWorker
    from game.session import Session
    from game.storage import Storage
    from game.storage.settings import Settings
    from game.ui.kit.assets import Assets
    from game.ui.kit.presses import Presses
    from game.ui.stage.memory import Memory
    from game.ui.table.host import MatchHost


class Stage(Protocol):
    """What a scene sees of the app."""

    settings: Settings
    running: bool  # False ends the loop (the menu's Quit)

    @property
    def texts(self) -> Texts: ...  # the app's language, switched in place by the settings

    @property
    def assets(self) -> Assets: ...

    @property
    def host(self) -> MatchHost: ...

    @property
    def session(self) -> Session | None: ...

    @property
    def storage(self) -> Storage | None: ...

    @property
    def coach(self) -> CoachWorker: ...

    @property
    def memory(self) -> Memory: ...  # what the app remembers until it closes

    @property
    def presses(self) -> Presses: ...  # the mouse's presses and their rhythm

    def change_settings(self, **changes: object) -> None: ...

    def language_setting(self) -> str: ...  # the command line's for this run, or the stored

    def choose_language(self, setting: str) -> None: ...  # the player's, saved

    def save_settings(self) -> None: ...

    def apply_look(self) -> None: ...

    def toggle_fullscreen(self) -> None: ...

    def sound(self, name: str) -> None: ...

    def take_problems(self) -> list[tuple[str, dict[str, object]]]: ...

    def go(self, name: str, replace: bool = False, **data: Any) -> bool: ...

    def push(self, scene: Scene) -> None: ...

    def pop(self) -> None: ...

    def pop_to(self, target: str | type[Scene]) -> None: ...

    def showing(self, name: str) -> bool: ...

    def keep(self, scene: Scene) -> None: ...

    def kept(self, name: str) -> Scene | None: ...


class Scene(Speaks):
    """One screen.  ``opaque`` scenes hide the ones below; overlays (score sheet) don't.
    ``route`` is the name the router knows it by (``game/ui/stage/routes.py``)."""

    opaque = True
    route = ""

    def __init__(self, app: Stage) -> None:
        self.app = app
        self.texts = app.texts  # switched in place when the player picks a language

    def handle(self, event: pygame.event.Event) -> None:
        """One input event, mouse positions already in logical coordinates."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds (only the top scene updates)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw on the logical surface."""

    def closed(self) -> None:
        """Called once when the scene leaves the stack."""

    def presented(self) -> None:
        """The frame is on screen (called on the top scene): what is left of the
        frame's time is free until the next (the table lets its computers ponder)."""


Route = Callable[..., Scene | None]  # (app, **data): the scene a name shows, or None
