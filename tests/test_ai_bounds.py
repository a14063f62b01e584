"""The bounds an alpha-beta search keeps on a position's value."""

from game.ai.bounds import narrowed


def test_a_value_at_or_under_alpha_only_caps_the_position() -> None:
    assert narrowed(-100, 100, 10, 10, 50) == (-100, 10)
    assert narrowed(-100, 5, 10, 10, 50) == (-100, 5)


def test_a_value_at_or_over_beta_only_floors_it() -> None:
    assert narrowed(-100, 100, 50, 10, 50) == (50, 100)
    assert narrowed(60, 100, 50, 10, 50) == (60, 100)


def test_a_value_inside_the_window_is_exact() -> None:
    assert narrowed(-100, 100, 30, 10, 50) == (30, 30)
