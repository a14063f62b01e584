"""Builds Atout's compiled core (game/core/_*.c) in place: `python setup.py build_ext --inplace`.

Each C file of game/core/ whose name starts with an underscore is one extension module
(game/core/_trick32.c -> game.core._trick32). The game runs without them: game/core/__init__.py
falls back to the Python twins when a module is missing (no compiler on the machine).
"""

from pathlib import Path

from setuptools import Extension, setup

CORE = Path(__file__).parent / "game" / "core"
FLAGS = ["-O2", "-std=c99"] if not __import__("sys").platform.startswith("win") else ["/O2"]

extensions = [
    Extension(f"game.core.{source.stem}", [str(source.relative_to(Path(__file__).parent))],
              extra_compile_args=FLAGS)
    for source in sorted(CORE.glob("_*.c"))
]

setup(name="atout-core", version="0", packages=[], py_modules=[], ext_modules=extensions)
