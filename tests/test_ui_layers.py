"""The UI's layering, read from the source: no scene module imports another scene module
(not even inside a function or under TYPE_CHECKING), scenes open one another by name
through the router, and the match host and the routes import no pygame."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.ui_imports import UI, is_scene_module, ui_imports, ui_modules

PACKAGE = "game.ui"
REGISTRY = "app.scenes"  # the one module that names the scene classes (it imports them all)
# Scenes that exist today: the detection below must find at least these.
KNOWN_SCENES = {"scenes.menu", "scenes.setup", "table.scene", "scenes.scoresheet",
                "scenes.scorepad", "scenes.stats", "scenes.replay", "scenes.dialog",
                "scenes.settings", "scenes.rules"}
PYGAME_FREE = ("table.host", "stage.routes")


MODULES = ui_modules()
IMPORTS = {name: ui_imports(tree, set(MODULES)) for name, tree in MODULES.items()}
SCENES = {name for name, tree in MODULES.items() if is_scene_module(tree)}


def test_the_scene_modules_are_found() -> None:
    assert KNOWN_SCENES <= SCENES
    assert REGISTRY not in SCENES and "app.app" not in SCENES


@pytest.mark.parametrize("scene", sorted(SCENES))
def test_no_scene_module_imports_another(scene: str) -> None:
    assert IMPORTS[scene] & SCENES <= {scene}, f"{scene} imports {IMPORTS[scene] & SCENES}"


def reached_from(start: str) -> set[str]:
    """Every ``game.ui`` module ``start`` imports, directly or through others (the
    registry, whose job is to import the scenes, is not followed)."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for name in IMPORTS[todo.pop()] - seen:
            seen.add(name)
            if name != REGISTRY:
                todo.append(name)
    return seen


@pytest.mark.parametrize("scene", sorted(SCENES))
def test_no_scene_reaches_another_through_a_helper(scene: str) -> None:
    """A helper module imported by a scene (routes, widgets, host, ...) does not open
    the back door: it imports no other scene either."""
    others = (reached_from(scene) & SCENES) - {scene}
    assert not others, f"{scene} reaches {others}"


def test_only_the_registry_and_the_drivers_name_the_scene_classes() -> None:
    """The navigation modules never import a scene: they go through names."""
    for name in ("app.app", "stage.routes", "table.host", "kit.backdrop"):
        assert not IMPORTS[name] & SCENES, name


@pytest.mark.parametrize("name", PYGAME_FREE)
def test_the_match_host_and_the_routes_import_no_pygame(name: str) -> None:
    code = (f"import sys, {PACKAGE}.{name}\n"
            "assert 'pygame' not in sys.modules, 'pygame was imported'\n")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=UI.parent.parent)
