"""Test-wide settings: hypothesis runs the same examples every time in CI, so a
submission cannot fail on a draw that passed locally; developers' runs explore.  And
the UI tests' ``app`` fixture; and a data folder of the tests' own.  And the guard of the
``kernel`` mark, which picks the tests ``make test`` runs again on the Python path."""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
from collections.abc import Iterator
from fnmatch import fnmatch
from pathlib import Path
from typing import TYPE_CHECKING, Any

# Before anything reads it: the whole test session, and every program it starts (the
# smoke runs, the frozen app, the real-window app), keeps its settings, saves,
# statistics and log in a folder of its own, never in the player's.
TEST_DATA_DIR = tempfile.mkdtemp(prefix="atout-tests-")
os.environ["ATOUT_DATA_DIR"] = TEST_DATA_DIR

import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

if TYPE_CHECKING:
    from types import ModuleType

    from game.ui.app.app import App

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    shutil.rmtree(TEST_DATA_DIR, ignore_errors=True)


@pytest.fixture
def app() -> Iterator[App]:
    """The UI tests' app, in English, on an empty first scene; tables it opened are
    disposed of afterwards.  Imports the UI lazily: engine tests never load pygame."""
    from game.storage.settings import Settings
    from game.ui.app.app import App
    from game.ui.stage.scene import Scene
    from game.ui.table.scene import TableScene

    application = App(Settings(language="en"))
    application.push(Scene(application))
    application.step(1 / 30, [])
    yield application
    for scene in application.scenes:
        if isinstance(scene, TableScene):
            scene.dispose()
    application.host.close()  # the match in progress, shown or not


@pytest.fixture
def texts_drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every string the widgets render during the test, in order (not a cache that
    earlier tests filled)."""
    from game.ui.kit import widgets

    lines: list[str] = []
    original = widgets.text

    def recording(message: str, size: int, colour: Any = widgets.CREAM) -> Any:
        lines.append(message)
        return original(message, size, colour)

    monkeypatch.setattr(widgets, "text", recording)
    return lines


@pytest.fixture
def python_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The advice's Python budget (``game.advice.budget``) whether the compiled core is
    built or not, for a test whose planted position and expected figures are that
    budget's (at the same budget the core's rollouts give the same verdicts)."""
    from game.advice import budget

    monkeypatch.setattr(budget, "TRICK_CORE", budget.TRICK_PYTHON)
    monkeypatch.setattr(budget, "TAROT_CORE", budget.TAROT_PYTHON)


# --- the Python path's pass -------------------------------------------------------------
# `make test` runs these files a second time with ATOUT_CORE=python (the Makefile's
# PYTHON_PATH_TESTS; tests/test_python_pass.py keeps the two lists equal), and of them only
# the tests marked ``kernel``: those that are handed a compiled kernel
# (game.core.kernels), the only tests whose run differs on the Python path.  With the
# core built, a test of these files handed a kernel without the mark fails: none is left
# out of the second pass.
PYTHON_PATH_FILES = ("test_ai_*.py", "test_advice*.py", "test_hindsight.py", "test_dds*.py")
KERNEL = "kernel"


def in_python_pass(path: Path) -> bool:
    """A test file that the Python path's pass runs (its ``kernel`` tests)."""
    return any(fnmatch(path.name, pattern) for pattern in PYTHON_PATH_FILES)


class KernelWatch:
    """Whether the running test was handed a compiled kernel, in its own thread or in one
    it started (a thread left over from an earlier test is not the test's)."""

    def __init__(self) -> None:
        self.handed = False
        self._earlier: frozenset[threading.Thread] = frozenset()

    def start(self) -> None:
        self.handed = False
        main = threading.main_thread()
        # The threads themselves, not their idents: a thread started later may be given
        # the ident of one that has ended.
        self._earlier = frozenset(t for t in threading.enumerate() if t is not main)

    def saw(self, kernel: ModuleType | None) -> None:
        if kernel is not None and threading.current_thread() not in self._earlier:
            self.handed = True


KERNEL_WATCH = KernelWatch()


def install_kernel_watch() -> None:
    """``kernels._module``, the one look-up of every kernel, tells the watch what it hands
    out (once a session)."""
    from game.core import kernels

    if getattr(kernels, "_watched", False):
        return
    look_up = kernels._module

    def handing(name: str) -> ModuleType | None:
        kernel = look_up(name)
        KERNEL_WATCH.saw(kernel)
        return kernel

    kernels._module = handing
    kernels._watched = True  # type: ignore[attr-defined]


def unmarked_kernel_test(item: pytest.Item, handed: bool) -> str | None:
    """Why ``item`` breaks the rule of the Python path's pass, or None."""
    if handed and in_python_pass(item.path) and item.get_closest_marker(KERNEL) is None:
        return (f"{item.nodeid} is handed a compiled kernel (game.core.kernels) but is not "
                f"marked {KERNEL!r}: `make test` would not run it on the Python path")
    return None


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    if in_python_pass(item.path):
        install_kernel_watch()
        KERNEL_WATCH.start()  # the fixtures' kernels count too
    return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    result = yield  # a test that failed is reported as it failed
    problem = unmarked_kernel_test(item, KERNEL_WATCH.handed)
    if problem is not None:
        pytest.fail(problem, pytrace=False)
    return result
