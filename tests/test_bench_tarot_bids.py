"""bench/tarot_bids.py: duplicate deals with a level at South, and the calibration's
replays of South's first call."""

from __future__ import annotations

import itertools
import time

import pytest

from bench.tarot_bids import call_name, level_figures, pair_figures, run
from game.engine.rules import TarotRules


def test_the_deals_are_the_same_for_every_level_and_every_run() -> None:
    rules = TarotRules(players=3)
    plays, _, _ = run(rules, ["confirme", "debutant"], 4, 5, own_cards=False,
                      calibration=False)
    again, _, _ = run(rules, ["debutant", "confirme"], 4, 5, own_cards=False,
                      calibration=False)
    assert again == plays
    assert pair_figures(plays["confirme"], again["confirme"])["a_minus_b"] == 0.0
    assert level_figures(plays["debutant"])["deals"] == 4


def test_a_replay_of_the_call_made_scores_what_the_play_scored() -> None:
    """The calibration replays each deal with South forced to each call: forced to the
    call the Confirmé made, it is the Confirmé's own play, mark for mark."""
    plays, cal, _ = run(TarotRules(players=4), ["confirme"], 3, 8, own_cards=False,
                        calibration=True)
    assert len(cal.realised) == 3
    for played, realised in zip(plays["confirme"], cal.realised, strict=True):
        assert realised[call_name(played.first_call)] == played.marks


def test_without_a_deadline_the_expert_calls_the_same_in_every_run(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``--think none``: the Expert's default worlds, whatever the machine's load (a
    clock that runs a minute a reading would cut a deadline short at once)."""
    rules = TarotRules(players=5)
    plays, _, _ = run(rules, ["expert"], 3, 6, own_cards=False, calibration=False, think=None)
    ticks = itertools.count()
    monkeypatch.setattr(time, "perf_counter", lambda: 60.0 * next(ticks))
    again, _, _ = run(rules, ["expert"], 3, 6, own_cards=False, calibration=False, think=None)
    assert again == plays
