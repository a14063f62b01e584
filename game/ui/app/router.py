"""The app's stack of scenes and its router: scenes shown by name, changes applied
between frames (``App`` is one)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.ui.stage.scene import Route, Scene


def _is(scene: Scene, target: str | type[Scene]) -> bool:
    return scene.route == target if isinstance(target, str) else isinstance(scene, target)


class Router:
    """The scenes on screen, bottom first, and the scene each name builds.  Scene
    changes asked during a frame (push, pop, replace) take effect between frames."""

    def __init__(self, routes: Mapping[str, Route]) -> None:
        self.scenes: list[Scene] = []
        self._changes: list[Callable[[], None]] = []
        self._routes: dict[str, Route] = {}
        self._kept: dict[str, Scene] = {}
        self.running = True
        for name, factory in routes.items():
            self.register(name, factory)

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self._changes.append(lambda: self.scenes.append(scene))

    def pop(self) -> None:
        self._changes.append(self._pop_now)

    def replace(self, scene: Scene) -> None:
        def change() -> None:
            self._pop_now()
            self.scenes.append(scene)

        self._changes.append(change)

    def pop_to(self, target: str | type[Scene]) -> None:
        """Pop scenes until the one named ``target`` (or of that type) is on top."""
        def change() -> None:
            while self.scenes and not _is(self.scenes[-1], target):
                self._pop_now()

        self._changes.append(change)

    # --- the router: scenes by name --------------------------------------------------------

    def register(self, name: str, factory: Route) -> None:
        """``go(name, **data)`` shows ``factory(app, **data)``."""
        self._routes[name] = factory

    def go(self, name: str, replace: bool = False, **data: Any) -> bool:
        """Show the scene named ``name`` made from ``data``, over the top one (or in its
        place); False when there is nothing to show (a deal with nothing to replay)."""
        scene = self._routes[name](self, **data)
        if scene is None:
            return False
        if replace:
            self.replace(scene)
        else:
            self.push(scene)
        return True

    def keep(self, scene: Scene) -> None:
        """``scene`` is the one to come back to under its name (the table of the match
        in progress), until another is kept."""
        self._kept[scene.route] = scene

    def kept(self, name: str) -> Scene | None:
        return self._kept.get(name)

    def showing(self, name: str) -> bool:
        """A scene named ``name`` is on the stack (the changes asked are not applied)."""
        return any(scene.route == name for scene in self.scenes)

    def _pop_now(self) -> None:
        if self.scenes:
            self.scenes.pop().closed()

    def apply_changes(self) -> None:
        changes, self._changes = self._changes, []
        for change in changes:
            change()
        if not self.scenes:
            self.running = False
