"""``bench/tarot_search_speed.py`` and the worlds ``bench/tarot_times.py`` reports."""

from __future__ import annotations

import json
import random
from pathlib import Path

from bench.tarot_search_speed import card_positions, compare, searched
from bench.tarot_times import card_worlds, percentile_10
from game.ai.tarot_search import table_worlds


def test_a_search_without_deadline_reaches_every_world_and_is_reproducible() -> None:
    view = next(card_positions(4, 3, 3, 3))
    first, again = searched(view, 7), searched(view, 7)
    assert first["worlds"] == table_worlds(4)
    assert (first["card"], first["means"]) == (again["card"], again["means"])
    assert 0 <= first["draw"] <= first["cpu"]
    assert card_worlds(view, random.Random(7), None) == table_worlds(4)


def test_compare_counts_the_decisions_that_differ(tmp_path: Path) -> None:
    rows = [{"card": "RH", "reason": "r", "means": {"RH": "1.0"}, "worlds": 16, "cpu": 1.0}]
    other = [{**rows[0], "means": {"RH": "2.0"}, "cpu": 3.0}]
    paths = [tmp_path / "a.json", tmp_path / "b.json", tmp_path / "c.json"]
    for path, data in zip(paths, (rows, [{**rows[0], "cpu": 5.0}], other), strict=True):
        path.write_text(json.dumps(data))
    assert compare(str(paths[0]), str(paths[1])) == 0  # the time is not a decision
    assert compare(str(paths[0]), str(paths[2])) == 1


def test_the_tenth_percentile_is_the_lower_one() -> None:
    assert percentile_10([]) == 0
    assert percentile_10([16] * 9 + [3]) == 3
    assert percentile_10(list(range(20, 0, -1))) == 2
