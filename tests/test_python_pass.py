"""The Python path's pass of `make test` leaves out no test whose run depends on the core:
it runs the ``kernel`` tests of the Makefile's PYTHON_PATH_TESTS, and the guard in
tests/conftest.py fails a test of those files that is handed a compiled kernel without
the mark."""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

from game.core import FORCE_PYTHON, kernels
from tests import conftest
from tests.conftest import (
    KERNEL,
    KERNEL_WATCH,
    PYTHON_PATH_FILES,
    KernelWatch,
    install_kernel_watch,
    unmarked_kernel_test,
)

ROOT = Path(__file__).resolve().parent.parent


def makefile_variable(name: str) -> str:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    found = re.search(rf"^{name} := (.*)$", text, re.MULTILINE)
    assert found is not None, f"no {name} in the Makefile"
    return found.group(1)


def test_the_makefile_runs_the_kernel_tests_of_the_guarded_files_on_the_python_path() -> None:
    assert makefile_variable("PYTHON_PATH_TESTS").split() == [
        f"tests/{pattern}" for pattern in PYTHON_PATH_FILES]
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    second = text[text.index("ATOUT_CORE=python"):].split("\n\t$(PY)", 1)[0]
    assert f"-m {KERNEL} $(PYTHON_PATH_TESTS)" in second


def test_the_conftest_the_guard_reads_is_the_one_pytest_loaded(
        request: pytest.FixtureRequest) -> None:
    loaded = request.config.pluginmanager.get_plugin(str(Path(conftest.__file__)))
    assert loaded is conftest


@dataclass
class FakeItem:
    """What the guard reads of a test: its file and its marks."""

    path: Path
    marked: bool

    @property
    def nodeid(self) -> str:
        return f"{self.path.name}::test"

    def get_closest_marker(self, name: str) -> object | None:
        return object() if self.marked and name == KERNEL else None


def test_the_guard_fails_only_an_unmarked_test_of_the_pass_handed_a_kernel() -> None:
    in_pass, elsewhere = Path("tests/test_ai_legal.py"), Path("tests/test_ui.py")
    problem = unmarked_kernel_test(FakeItem(in_pass, marked=False), handed=True)  # type: ignore[arg-type]
    assert problem is not None and "test_ai_legal.py::test" in problem
    for item, handed in ((FakeItem(in_pass, marked=True), True),
                         (FakeItem(in_pass, marked=False), False),
                         (FakeItem(elsewhere, marked=False), True)):
        assert unmarked_kernel_test(item, handed) is None  # type: ignore[arg-type]


def test_the_watch_counts_the_tests_threads_not_an_earlier_ones() -> None:
    watch, kernel = KernelWatch(), ModuleType("kernel")
    go, done = threading.Event(), threading.Event()

    def earlier_thread() -> None:
        go.wait(10)
        watch.saw(kernel)
        done.set()

    earlier = threading.Thread(target=earlier_thread)
    earlier.start()
    watch.start()
    go.set()
    assert done.wait(10)
    earlier.join()
    watch.saw(None)  # the Python path: no kernel
    assert not watch.handed
    started = threading.Thread(target=watch.saw, args=(kernel,))
    started.start()
    started.join()
    assert watch.handed
    watch.start()
    assert not watch.handed
    watch.saw(kernel)
    assert watch.handed


def test_every_kernel_look_up_goes_through_the_watch(monkeypatch: pytest.MonkeyPatch) -> None:
    """The three kernels are handed out by ``kernels._module``, which the watch wraps:
    with a built module each is seen, on the Python path none."""
    built = ModuleType("built")
    monkeypatch.setattr(kernels, "_built", lambda name: built)
    monkeypatch.setattr(kernels, "_trick32", lambda module: module)
    monkeypatch.setattr(kernels, "_tarot", lambda module: module)
    monkeypatch.setattr(kernels, "_double_dummy", lambda module: module)
    install_kernel_watch()
    for look_up in (kernels.trick32, kernels.tarot, kernels.double_dummy):
        monkeypatch.delenv(FORCE_PYTHON, raising=False)
        KERNEL_WATCH.start()
        assert look_up() is built and KERNEL_WATCH.handed
        monkeypatch.setenv(FORCE_PYTHON, "python")
        KERNEL_WATCH.start()
        assert look_up() is None and not KERNEL_WATCH.handed
    KERNEL_WATCH.start()  # this file's tests are not the pass's: nothing is left handed
