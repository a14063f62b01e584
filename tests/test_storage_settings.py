"""The stored settings against the code they name."""

from __future__ import annotations


def test_the_stored_level_names_are_the_ais_levels() -> None:
    """The settings name the levels without importing the AI (the menu's first frame
    comes before it): the two lists must not drift apart."""
    from game.ai import Level
    from game.storage.settings import LEVELS

    assert tuple(level.value for level in Level) == LEVELS
