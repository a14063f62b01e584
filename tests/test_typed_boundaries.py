"""What crosses from the engine to the players (the AI, the UI) is typed: no ``Any`` in
the fields of views, events, actions, results and facts, nor in the signatures of the
deal states' protocol and of ``decide``/``appraise`` (mypy --strict then checks every
use of them)."""

from __future__ import annotations

import ast
import dataclasses
import inspect
import types
import typing
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import game.ai
from game.engine import (
    actions,
    deal,
    deal_scoring,
    protocol,
    tarot_actions,
    tarot_scoring,
    tarot_tricks,
    trick_view,
    views,
)

BOUNDARY_MODULES = (actions, tarot_actions, protocol, views, trick_view, tarot_tricks,
                    deal_scoring, tarot_scoring)


def parts(hint: object) -> Iterator[object]:
    """A type hint and every type it is made of (a callable's parameters too)."""
    if isinstance(hint, list):  # Callable[[parameters], result]
        for arg in hint:
            yield from parts(arg)
        return
    yield hint
    for arg in typing.get_args(hint):
        yield from parts(arg)


def boundary_dataclasses() -> list[type]:
    found: dict[str, type] = {}
    for module in BOUNDARY_MODULES:
        for name, value in vars(module).items():
            if (inspect.isclass(value) and dataclasses.is_dataclass(value)
                    and value.__module__ == module.__name__):
                found[f"{module.__name__}.{name}"] = value
    return [found[key] for key in sorted(found)]


@pytest.mark.parametrize("cls", boundary_dataclasses(), ids=lambda c: c.__qualname__)
def test_no_field_of_a_view_event_action_or_result_is_any(cls: type) -> None:
    for name, hint in typing.get_type_hints(cls).items():
        if typing.get_origin(hint) is typing.ClassVar:
            continue
        assert Any not in set(parts(hint)), f"{cls.__qualname__}.{name}: {hint}"


SIGNATURES: list[Callable[..., object]] = [
    game.ai.decide, game.ai.appraise, deal.Deal.view, deal.Deal.apply,
    deal.Deal.legal_actions, deal.Deal.is_legal, deal.Deal.result,
    protocol.DealState.view, protocol.DealState.apply, protocol.DealState.legal_actions,
]


@pytest.mark.parametrize("function", SIGNATURES, ids=lambda f: f.__qualname__)
def test_the_players_entry_points_take_and_return_no_any(function: Callable[..., object]) -> None:
    hints = typing.get_type_hints(function, localns=vars(views))
    assert hints, "the function is annotated"
    for name, hint in hints.items():
        assert Any not in set(parts(hint)), f"{function.__qualname__} {name}: {hint}"
        assert not isinstance(hint, types.NoneType)


# --- the AI's inside and the table's model: no ``Any`` written in an annotation ------------

GAME = Path(__file__).resolve().parent.parent / "game"
TYPED_SOURCES = [*sorted((GAME / "ai").rglob("*.py")), GAME / "ui" / "table" / "model.py"]


def any_annotations(tree: ast.AST) -> list[int]:
    """The lines where ``Any`` is written in a type: an annotation, a type alias, a
    ``Callable[...]`` or a container's parameters."""
    lines = []
    for node in ast.walk(tree):
        annotations: list[ast.expr | None] = []
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            arguments = node.args
            every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                     arguments.vararg, arguments.kwarg]
            annotations += [a.annotation for a in every if a is not None]
            annotations.append(node.returns)
        elif isinstance(node, ast.AnnAssign):
            annotations.append(node.annotation)
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Subscript):
            annotations.append(node.value)  # a type alias: Name = tuple[...]
        for annotation in annotations:
            if annotation is not None and any(
                    isinstance(n, ast.Name) and n.id == "Any" for n in ast.walk(annotation)):
                lines.append(annotation.lineno)
    return lines


@pytest.mark.parametrize("path", TYPED_SOURCES, ids=lambda p: p.relative_to(GAME).as_posix())
def test_no_any_in_the_ais_signatures_nor_the_tables_model(path: Path) -> None:
    assert not any_annotations(ast.parse(path.read_text(encoding="utf-8")))


def test_the_scan_finds_any_where_it_is_written() -> None:
    source = ("def f(view: Any, n: int) -> None: ...\n"
              "Refiner = Callable[[Any, int], int]\n"
              "x: list[Any] = []\n"
              "def g(*cards: int, **kw: Any) -> dict[str, Any]: ...\n")
    assert any_annotations(ast.parse(source)) == [1, 2, 3, 4, 4]
