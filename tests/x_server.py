"""A private X server for the real-window tests (Xvfb on a free display number)."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator

import pytest

DISPLAY = {"name": ""}  # the display Xvfb picked


@pytest.fixture
def xvfb() -> Iterator[str]:
    """A private X server on a free display number (Xvfb writes it to a pipe)."""
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1600x900x24",
                               "-nolisten", "tcp"], pass_fds=(write,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as pipe:
        DISPLAY["name"] = f":{pipe.readline().strip()}"
    yield DISPLAY["name"]
    server.terminate()
    server.wait(timeout=10)
