"""How long the Expert thinks: a deadline per decision (a setting) and a cap on the
deals it samples, which grows with the time allowed."""

from __future__ import annotations

import time
from collections.abc import Iterator

from game.choices import DEFAULT_THINK as DEFAULT_THINK  # seconds per decision at most
from game.choices import THINK_CHOICES as THINK_CHOICES  # the setting's values


def worlds_for(think: float, at_default: int) -> int:
    """The cap on sampled deals for ``think`` seconds, ``at_default`` at the default."""
    return max(2, round(at_default * think / DEFAULT_THINK))


def ends_at(deadline: float | None, started: float) -> float | None:
    """The ``time.perf_counter`` reading by which a decision begun at ``started`` must
    end, ``deadline`` seconds later; None: no deadline."""
    return None if deadline is None else started + deadline


def seconds_left(ends: float | None) -> float | None:
    """The seconds left until ``ends`` (``ends_at``), never below 0; None: no deadline."""
    return None if ends is None else max(0.0, ends - time.perf_counter())


def past(ends: float | None) -> bool:
    """Whether the clock has passed ``ends`` (``ends_at``); never without a deadline."""
    return ends is not None and time.perf_counter() > ends


def within(deadline: float | None, count: int) -> Iterator[int]:
    """0, 1, ... ``count - 1``, stopping before a step that would end past ``deadline``
    seconds after the first (judged by the mean step so far); None: every step."""
    start = time.perf_counter()
    for done in range(count):
        spent = time.perf_counter() - start
        if deadline is not None and done and spent + spent / done > deadline:
            return
        yield done
