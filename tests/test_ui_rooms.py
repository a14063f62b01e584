"""The UI's rooms, read from the source: no module of ``game.ui`` imports itself round a
circle, no scene imports another scene or the app, the widget kit stands on nothing
above it."""

from __future__ import annotations

import pytest

from tests.ui_imports import import_cycles, import_graph, is_scene_module, ui_modules

MODULES = ui_modules()
GRAPH = import_graph(MODULES)
SCENES = {name for name, tree in MODULES.items() if is_scene_module(tree)}


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
