"""The house's size for a class holds in the whole game, not only its UI
(``tests/test_ui_rooms.py``): none is longer or has more methods than one can read at
once.  A class over it is split by what it does."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.test_ui_rooms import MAX_LINES, MAX_METHODS

GAME = Path(__file__).resolve().parent.parent / "game"


def sizes() -> dict[str, tuple[int, int]]:
    """``module:class`` -> (lines, methods) of every class under ``game/``."""
    found = {}
    for path in sorted(GAME.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                methods = sum(isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
                              for child in node.body)
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                found[f"{path.relative_to(GAME).as_posix()}:{node.name}"] = (lines, methods)
    return found


SIZES = sizes()


def outgrows(name: str) -> bool:
    lines, methods = SIZES[name]
    return lines > MAX_LINES or methods > MAX_METHODS


@pytest.mark.parametrize("name", sorted(SIZES))
def test_no_class_of_the_game_outgrows_the_house(name: str) -> None:
    lines, methods = SIZES[name]
    assert not outgrows(name), f"{name}: {lines} lines, {methods} methods"


def test_the_count_reads_every_part_of_the_game() -> None:
    parts = {name.split(":")[0].split("/")[0] for name in SIZES}
    assert {"engine", "ai", "ui", "storage", "dds", "session.py", "coach.py"} <= parts
    assert SIZES["engine/tarot.py:TarotDeal"][1] >= 10
