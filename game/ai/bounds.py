"""The bounds an alpha-beta search learns about a position's value."""

from __future__ import annotations


def narrowed(low: int, high: int, value: int, alpha: int, beta: int) -> tuple[int, int]:
    """The bounds ``(low, high)`` known on a position's value, narrowed by a search
    within the window ``(alpha, beta)`` that returned ``value``: at or under ``alpha`` it
    is only an upper bound, at or over ``beta`` only a lower one, inside it exact."""
    if value <= alpha:
        return low, min(high, value)
    if value >= beta:
        return max(low, value), high
    return value, value
