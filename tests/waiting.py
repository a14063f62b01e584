"""Waiting in tests for something another thread or process does."""

from __future__ import annotations

import time
from collections.abc import Callable


def soon(condition: Callable[[], bool], timeout: float, poll: float = 0.01) -> bool:
    """Whether ``condition`` holds within ``timeout`` seconds, asked every ``poll``
    seconds (a ceiling for a slow machine, never a measure: a test asks only that it
    happens)."""
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            return False
        time.sleep(poll)
    return True
