"""The compiled core: the AI's hot loop in C, with the Python code as its identical twin.

Each compiled module (``game/core/_*.c``, built by ``setup.py``) computes exactly what a
Python function of ``game/ai`` or ``game/dds`` computes.  ``native(name)`` gives it, or
None when it is missing (no compiler where the game was installed) or when
``ATOUT_CORE=python`` asks for the reference path (the differential tests and CI run
both); the fallback is said once in the log.  Only ``kernels.py``, the searches' one
door, asks: the searches ask it for their kernel and run their Python twin without one.
"""

from __future__ import annotations

import importlib
import logging
import os
from types import ModuleType

log = logging.getLogger("atout.core")

FORCE_PYTHON = "ATOUT_CORE"  # set to "python" to run the reference path
_said_missing: set[str] = set()


def python_forced() -> bool:
    """True when the environment asks for the Python path."""
    return os.environ.get(FORCE_PYTHON, "").lower() == "python"


def compiled(name: str) -> ModuleType | None:
    """The compiled module ``game.core._<name>``, or None when it was not built."""
    try:
        return importlib.import_module(f"game.core._{name}")
    except ImportError:
        return None


def native(name: str) -> ModuleType | None:
    """The compiled module the game should use, or None for the Python twin.

    None when ``ATOUT_CORE=python`` or when the module was not built; the latter is
    logged once per module, so a player without a compiler finds why the computers think
    with a smaller budget."""
    if python_forced():
        return None
    module = compiled(name)
    if module is None and name not in _said_missing:
        _said_missing.add(name)
        log.info("compiled core %r not built: the Python path is used (see README)", name)
    return module
