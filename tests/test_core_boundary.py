"""The compiled core has one door, read from the source: outside ``game/core`` no module of
the game imports a compiled module (``game.core._*``) or an adapter, nor asks
``game.core.native``/``compiled`` for one; the searches ask ``game.core.kernels`` for their
family's kernel.  Inside ``game/core`` only ``kernels.py`` asks for the modules.  The AI
never asks for the double-dummy solver, which sees every hand."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAME = Path(__file__).resolve().parent.parent / "game"
CORE = GAME / "core"
# What a module outside game/core may take from it: the one door.
DOOR = "game.core.kernels"
# The functions that return a compiled module.
FINDERS = {"native", "compiled"}


def trespasses(source: str) -> list[str]:
    """What ``source`` (a module outside game/core) does that only game/core may do."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [f"import {a.name}" for a in node.names
                      if a.name.startswith("game.core") and a.name != DOOR]
        elif isinstance(node, ast.ImportFrom) and node.module == "game.core":
            found += [f"from game.core import {a.name}" for a in node.names
                      if a.name != "kernels"]
        elif (isinstance(node, ast.ImportFrom) and node.module is not None
              and node.module.startswith("game.core.") and node.module != DOOR):
            found.append(f"from {node.module} import ...")
        elif isinstance(node, ast.ImportFrom) and node.module == "game":
            found += [f"from game import {a.name}" for a in node.names if a.name == "core"]
        elif isinstance(node, ast.Call) and called_name(node) in FINDERS:
            found.append(f"{called_name(node)}(...)")
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and node.value.startswith("game.core._")):
            found.append(f"the name {node.value!r}")
    return found


def called_name(call: ast.Call) -> str | None:
    """``f`` of ``f(...)`` or of ``x.f(...)``."""
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return None


def outside_the_core() -> list[Path]:
    return sorted(p for p in GAME.rglob("*.py") if CORE not in p.parents)


@pytest.mark.parametrize("path", outside_the_core(), ids=lambda p: str(p.relative_to(GAME)))
def test_no_module_outside_the_core_reaches_a_compiled_module(path: Path) -> None:
    assert trespasses(path.read_text(encoding="utf-8")) == [], (
        f"{path.relative_to(GAME)} reaches past {DOOR}: ask it for the kernel")


@pytest.mark.parametrize("source", [
    "from game.core import native",
    "from game import core\nx = core.native('tarot')",
    "from game.core import trick32",
    "from game.core.tarot import Rollouts",
    "import game.core._tarot",
    "import importlib\nm = importlib.import_module('game.core._dds32')",
    "from game.core import compiled",
])
def test_each_way_past_the_door_is_seen(source: str) -> None:
    assert trespasses(source)


def test_the_door_itself_is_allowed() -> None:
    assert trespasses("from game.core import kernels\n"
                      "from game.core.kernels import OverBudget\nk = kernels.tarot()") == []


def test_only_the_door_asks_for_the_compiled_modules() -> None:
    askers = {p.name for p in CORE.glob("*.py")
              if any(isinstance(n, ast.Call) and called_name(n) in FINDERS
                     for n in ast.walk(ast.parse(p.read_text(encoding="utf-8"))))}
    assert askers == {"__init__.py", "kernels.py"}  # __init__: native() calls compiled()


def test_the_ai_never_asks_for_the_double_dummy_solver() -> None:
    for path in sorted((GAME / "ai").rglob("*.py")):
        names = {n.attr for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                 if isinstance(n, ast.Attribute)}
        assert "double_dummy" not in names, path.name
