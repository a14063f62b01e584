"""The UI's layering, read from the source: no scene module imports another scene module
(not even inside a function or under TYPE_CHECKING), scenes open one another by name
through the router, and the match host and the routes import no pygame."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

UI = Path(__file__).resolve().parent.parent / "game" / "ui"
PACKAGE = "game.ui"
REGISTRY = "app.scenes"  # the one module that names the scene classes (it imports them all)
# Scenes that exist today: the detection below must find at least these.
KNOWN_SCENES = {"scenes.menu", "scenes.setup", "table.scene", "scenes.scoresheet",
                "scenes.scorepad", "scenes.stats", "scenes.replay", "scenes.dialog",
                "scenes.settings", "scenes.rules"}
PYGAME_FREE = ("table.host", "stage.routes")


def ui_modules() -> dict[str, ast.Module]:
    """Each module by its dotted name under ``game.ui`` ("table.scene")."""
    return {".".join(path.relative_to(UI).with_suffix("").parts):
            ast.parse(path.read_text(encoding="utf-8"))
            for path in sorted(UI.rglob("*.py")) if path.stem != "__init__"}


def ui_imports(tree: ast.Module, modules: set[str]) -> set[str]:
    """The ``game.ui`` modules ``tree`` imports, anywhere in it: at the top, inside
    functions, under ``if TYPE_CHECKING``."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            # "from game.ui.scenes import menu" names the module in the alias
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        else:
            continue
        for name in names:
            parts = name.split(".")
            for end in range(len(parts), 2, -1):
                if parts[:2] == ["game", "ui"] and ".".join(parts[2:end]) in modules:
                    found.add(".".join(parts[2:end]))
                    break
    return found


def is_scene_module(tree: ast.Module) -> bool:
    """The module defines a subclass of ``Scene``."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for base in node.bases:
                name = base.id if isinstance(base, ast.Name) else getattr(base, "attr", "")
                if name == "Scene":
                    return True
    return False


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
