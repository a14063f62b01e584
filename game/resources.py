"""Where the game's data files (sprites/, sounds/) are, from source and in a frozen build.

From source they sit at the repository root, next to the ``game`` package. A PyInstaller
build unpacks them under ``sys._MEIPASS`` (build.spec copies them there with the same
relative paths), so one relative path works in both cases.  ``$ATOUT_RESOURCE_DIR``
points the game at another folder (tests of damaged files, trying new art).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ENV_RESOURCE_DIR = "ATOUT_RESOURCE_DIR"


def resource_root() -> Path:
    """The folder that holds sprites/ and sounds/."""
    override = os.environ.get(ENV_RESOURCE_DIR)
    if override:
        return Path(override)
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    return Path(__file__).resolve().parent.parent


def resource_path(relative: str) -> Path:
    """The absolute path of a data file given relative to the root, e.g. 'sprites/felt.png'."""
    return resource_root() / relative
