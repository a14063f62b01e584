"""The compiled core is built wherever a C compiler is: `make test` builds it first, so a
core test that would skip for want of a module fails here instead (no silent skip).

Without a compiler the game and every other test run the Python path."""

from __future__ import annotations

import shutil
import sysconfig
from pathlib import Path

import pytest

from game.core import compiled, native

CORE_SOURCES = sorted((Path(__file__).parent.parent / "game" / "core").glob("_*.c"))


def compiler() -> str | None:
    """The C compiler setuptools would call, if this machine has one."""
    configured = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(configured) or shutil.which("cc") or shutil.which("gcc")


def test_the_core_has_sources() -> None:
    assert CORE_SOURCES, "game/core holds the compiled core's C files"


@pytest.mark.parametrize("source", CORE_SOURCES, ids=lambda p: p.stem)
def test_each_core_module_is_built_where_a_compiler_exists(source: Path) -> None:
    name = source.stem.removeprefix("_")
    if compiler() is None:  # the Python path: the game asks for the module and gets None
        assert native(name) is compiled(name)
        return
    assert compiled(name) is not None, (
        f"{source.name} is not built although a C compiler exists: run `make core`")


def test_the_python_path_is_asked_for_by_the_environment(
        monkeypatch: pytest.MonkeyPatch) -> None:
    name = CORE_SOURCES[0].stem.removeprefix("_")
    monkeypatch.setenv("ATOUT_CORE", "python")
    assert native(name) is None
    monkeypatch.delenv("ATOUT_CORE")
    assert native(name) is compiled(name)
