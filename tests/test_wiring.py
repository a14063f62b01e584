"""Wiring by construction, read from the source: no module of ``game/`` hands another
object a callback by assigning its attribute after the object is built (the host used to
patch the session's callbacks into the controller, the table its ``on_event``).  Callbacks
go to constructors."""

from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"
CALLBACK_ENDINGS = ("hook", "callback", "handler")
# Python's own hooks, installed once at start (the log of uncaught errors).
PYTHON_HOOKS = {"sys.excepthook", "threading.excepthook"}


def methods_defined(tree: ast.Module) -> set[str]:
    """The names of the functions and methods ``tree`` defines (properties are values)."""
    return {node.name for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and not any(isinstance(d, ast.Name) and d.id == "property"
                        for d in node.decorator_list)}


def is_own_attribute(target: ast.Attribute) -> bool:
    """``self.x = ...`` (or ``cls.x``): an object setting its own state."""
    return isinstance(target.value, ast.Name) and target.value.id in ("self", "cls")


def alternatives(value: ast.expr) -> list[ast.expr]:
    """What ``value`` may be: each branch of a conditional (``a if c else b``) or of an
    ``or``/``and``, else itself."""
    if isinstance(value, ast.IfExp):
        return alternatives(value.body) + alternatives(value.orelse)
    if isinstance(value, ast.BoolOp):
        return [branch for operand in value.values for branch in alternatives(operand)]
    return [value]


def looks_like_a_callback(name: str, value: ast.expr, methods: set[str]) -> bool:
    """A callback's name, or, in any branch of the value, a lambda, a partial, or one
    of the module's own functions or methods (``self.method``)."""
    if name.startswith("on_") or name.endswith(CALLBACK_ENDINGS):
        return True
    return any(is_a_callable(branch, methods) for branch in alternatives(value))


def is_a_callable(value: ast.expr, methods: set[str]) -> bool:
    if isinstance(value, ast.Lambda):
        return True
    if isinstance(value, ast.Call) and ast.unparse(value.func).endswith("partial"):
        return True
    return isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) \
        and value.value.id == "self" and value.attr in methods


def patches(tree: ast.Module) -> list[str]:
    """Each ``other.attribute = callback`` in ``tree``, as source text with its line."""
    methods = methods_defined(tree)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            if not isinstance(target, ast.Attribute) or is_own_attribute(target):
                continue
            text = ast.unparse(target)
            if text not in PYTHON_HOOKS and looks_like_a_callback(target.attr, node.value,
                                                                   methods):
                found.append(f"{node.lineno}: {text} = {ast.unparse(node.value)}")
    return found


def test_the_detector_finds_the_patches_that_were_there() -> None:
    """What the host, the table and the app did before callbacks went to constructors."""
    before = ast.parse(
        "class Host:\n"
        "    def start(self, controller):\n"
        "        controller.on_action = self.session.on_action\n"
        "        controller.undo_hook = self.session.undo\n"
        "        self.controller.on_event = self.on_event\n"
        "        coach.on_finished = self._deal_analysed\n"
        "        worker.done = lambda: None\n"
        "        self.button.enabled = self.can_continue\n"
        "        self.state = self.on_event\n"
        "        self.computers.advise = functools.partial(self.hint.ponder, 0) if p else None\n"
        "        seats.ask = (self.asked or self.on_event)\n"
        "        self.size = 3 if p else 4\n"
        "    def on_event(self, event): ...\n"
        "    def _deal_analysed(self): ...\n"
        "    @property\n"
        "    def can_continue(self): ...\n")
    found = patches(before)
    assert [line.split(":")[0] for line in found] == ["3", "4", "5", "6", "7", "10", "11"]


def test_no_module_of_the_game_patches_a_callback_into_another_object() -> None:
    trees = {path: ast.parse(path.read_text(encoding="utf-8"))
             for path in sorted(GAME.rglob("*.py"))}
    found = [f"{path.relative_to(GAME.parent)}:{line}"
             for path, tree in trees.items() for line in patches(tree)]
    assert len(trees) > 50  # the whole game is read
    assert found == []
