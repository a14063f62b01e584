"""dt-based tweens: a value moves from ``start`` to ``end`` over ``duration`` seconds
after ``delay`` seconds, shaped by an easing function.  Values are floats or tuples of
floats (positions, angles).  A speed factor scales every duration at creation."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

Ease = Callable[[float], float]
Value = tuple[float, ...]


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_sine(t: float) -> float:
    return -(math.cos(math.pi * t) - 1) / 2


@dataclass
class Tween:
    start: Value
    end: Value
    duration: float
    ease: Ease = ease_out_cubic
    delay: float = 0.0
    elapsed: float = field(default=0.0, init=False)

    def update(self, dt: float) -> None:
        self.elapsed += dt

    @property
    def progress(self) -> float:
        """0 before the delay ends, 1 when done; eased."""
        if self.duration <= 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        t = (self.elapsed - self.delay) / self.duration
        return self.ease(min(1.0, max(0.0, t)))

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def remaining(self) -> float:
        return max(0.0, self.delay + self.duration - self.elapsed)

    @property
    def value(self) -> Value:
        p = self.progress
        return tuple(a + (b - a) * p for a, b in zip(self.start, self.end, strict=True))

    def finish(self) -> None:
        self.elapsed = self.delay + self.duration


class Tweens:
    """A set of running tweens updated together; ``skip`` ends them all at once."""

    def __init__(self) -> None:
        self.items: list[Tween] = []

    def add(self, tween: Tween) -> Tween:
        self.items.append(tween)
        return tween

    def update(self, dt: float) -> None:
        for tween in self.items:
            tween.update(dt)
        self.items = [t for t in self.items if not t.done]

    def skip(self) -> None:
        for tween in self.items:
            tween.finish()
        self.items.clear()

    @property
    def busy(self) -> bool:
        return bool(self.items)

    @property
    def remaining(self) -> float:
        return max((t.remaining for t in self.items), default=0.0)
