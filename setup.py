"""Builds Atout's compiled core (game/core/_*.c) in place: `python setup.py build_ext --inplace`.

Each C file of game/core/ whose name starts with an underscore is one extension module
(game/core/_trick32.c -> game.core._trick32); the helpers they share are in game/core/bits.h.
The game runs without them: game/core/kernels.py falls back to the Python twins when a
module is missing (no compiler on the machine).
"""

from pathlib import Path

from setuptools import Extension, setup

ROOT = Path(__file__).parent
CORE = ROOT / "game" / "core"
# The headers the modules share (game/core/bits.h): a change to one rebuilds every module.
HEADERS = [str(header.relative_to(ROOT)) for header in sorted(CORE.glob("*.h"))]
FLAGS = ["-O2", "-std=c99"] if not __import__("sys").platform.startswith("win") else ["/O2"]

extensions = [
    Extension(f"game.core.{source.stem}", [str(source.relative_to(ROOT))],
              depends=HEADERS, extra_compile_args=FLAGS)
    for source in sorted(CORE.glob("_*.c"))
]

setup(name="atout-core", version="0", packages=[], py_modules=[], ext_modules=extensions)
