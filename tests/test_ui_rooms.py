"""The UI's rooms, read from the source: no module of ``game.ui`` imports itself round a
circle, no scene imports another scene or the app, the widget kit stands on nothing
above it, and no class outgrows the house's size."""

from __future__ import annotations

import ast

import pytest

from tests.ui_imports import import_cycles, import_graph, is_scene_module, ui_modules

MODULES = ui_modules()
GRAPH = import_graph(MODULES)
SCENES = {name for name, tree in MODULES.items() if is_scene_module(tree)}
MAX_LINES = 250
MAX_METHODS = 30


def room(module: str) -> str:
    return module.split(".")[0]


def test_no_import_circle() -> None:
    assert import_cycles(GRAPH) == []


def test_a_planted_circle_is_found() -> None:
    """The detection itself: a circle of three and a pair, among modules that import
    nothing else."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"e"}, "e": {"d", "a"}, "f": set()}
    assert sorted(import_cycles(graph)) == [["a", "b", "c"], ["d", "e"]]


def test_the_rooms_and_scenes_are_found() -> None:
    assert {room(name) for name in MODULES} >= {"app", "stage", "table", "scenes", "kit"}
    assert {"table.scene", "scenes.menu", "scenes.dialog"} <= SCENES


@pytest.mark.parametrize("scene", sorted(SCENES))
def test_a_scene_imports_no_other_scene_and_not_the_app(scene: str) -> None:
    imported = GRAPH[scene]
    assert not (imported & SCENES), f"{scene} imports the scenes {imported & SCENES}"
    assert not {name for name in imported if room(name) == "app"}, \
        f"{scene} imports the app: it sees it through game.ui.stage.scene.Stage"


@pytest.mark.parametrize("module", sorted(n for n in MODULES if room(n) == "kit"))
def test_the_kit_stands_on_nothing_above_it(module: str) -> None:
    above = {name for name in GRAPH[module] if room(name) != "kit"}
    assert not above, f"{module} imports {above}"


@pytest.mark.parametrize("module", sorted(n for n in MODULES if room(n) == "stage"))
def test_the_stage_knows_no_scene_and_not_the_app(module: str) -> None:
    wrong = {name for name in GRAPH[module] if name in SCENES or room(name) in ("app", "scenes")}
    assert not wrong, f"{module} imports {wrong}"


def classes() -> list[tuple[str, str, int, int]]:
    """(module, class, lines, methods) of every class in ``game.ui``."""
    found = []
    for module, tree in MODULES.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                methods = sum(isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
                              for child in node.body)
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                found.append((module, node.name, lines, methods))
    return found


SIZES = {f"{module}.{name}": (lines, methods) for module, name, lines, methods in classes()}


@pytest.mark.parametrize("name", sorted(SIZES))
def test_no_class_outgrows_the_house(name: str) -> None:
    lines, methods = SIZES[name]
    assert lines <= MAX_LINES and methods <= MAX_METHODS, \
        f"{name}: {lines} lines, {methods} methods"


def test_the_size_count_reads_the_classes() -> None:
    lines, methods = SIZES["table.controller.Controller"]
    assert lines > 100 and methods > 10


MAX_INPUT_TABLE = 12  # members of the table the input may reach


def protocol_members(module: str, name: str) -> set[str]:
    tree = MODULES[module]
    protocol = next(node for node in ast.walk(tree)
                    if isinstance(node, ast.ClassDef) and node.name == name)
    return {child.target.id if isinstance(child, ast.AnnAssign)
            and isinstance(child.target, ast.Name) else getattr(child, "name", "")
            for child in protocol.body
            if isinstance(child, ast.AnnAssign | ast.FunctionDef)}


def test_the_input_speaks_to_the_table_through_a_narrow_interface() -> None:
    """``TableInput`` reaches the table through ``InputTable`` only: a few grouped
    parts (the choice panels, the click targets) and the table's commands, and every
    member of the table it reads (``table.x``) is one the protocol lists."""
    members = protocol_members("table.input", "InputTable")
    assert 5 <= len(members) <= MAX_INPUT_TABLE, sorted(members)
    tree = MODULES["table.input"]
    table_input = next(node for node in ast.walk(tree)
                       if isinstance(node, ast.ClassDef) and node.name == "TableInput")
    reached = {node.attr for node in ast.walk(table_input)
               if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
               and node.value.id == "table"}
    reached |= {node.attr for node in ast.walk(table_input)
                if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute)
                and node.value.attr == "table"}
    assert reached, "the scan finds the input's reads of the table"
    assert reached <= members, f"read but not in InputTable: {sorted(reached - members)}"
