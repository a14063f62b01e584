"""The ``game.ui`` modules and what each imports, read from the source (shared by the
UI's layering and rooms tests).  Every import counts: at the top, inside a function,
under ``if TYPE_CHECKING``."""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parent.parent / "game" / "ui"


def ui_modules(root: Path = UI) -> dict[str, ast.Module]:
    """Each module by its dotted name under ``game.ui`` ("table.scene"), and each room
    by its own ("table": its ``__init__``)."""
    modules = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if parts:
            modules[".".join(parts)] = ast.parse(path.read_text(encoding="utf-8"))
    return modules


def ui_imports(tree: ast.Module, modules: set[str]) -> set[str]:
    """The ``game.ui`` modules and rooms ``tree`` imports ("stage" and "stage.routes"
    for ``from game.ui.stage import routes``)."""
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
            if parts[:2] != ["game", "ui"] or len(parts) < 3:
                continue
            for end in range(len(parts), 2, -1):
                if ".".join(parts[2:end]) in modules:
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


def import_graph(modules: dict[str, ast.Module]) -> dict[str, set[str]]:
    return {name: ui_imports(tree, set(modules)) - {name} for name, tree in modules.items()}


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import one another, directly or round a circle
    (strongly connected components of two or more, Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in graph.get(node, set()) & set(graph):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = [stack.pop()]
            while group[-1] != node:
                group.append(stack.pop())
            if len(group) > 1:
                cycles.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return cycles
