"""The opening-lead gate replayed offline (``bench/lead_gate_replay.py``)."""

from __future__ import annotations

from typing import Any

from bench.lead_gate_replay import SET, replay, summary


def recorded(side: str) -> dict[str, Any]:
    """The Confirmé leads ♠A; the search's ♣K is better by 10 on average but swings by
    100 either way; the double-dummy worths say ♣K was the better lead by 30."""
    return {"deal": 0, "side": side, "confirme": "♠A",
            "values": {"♠A": [0.0] * (2 * SET), "♣K": [110.0, -90.0] * SET},
            "worths": {"♠A": 20.0, "♣K": 50.0}}


def test_the_gate_keeps_the_confirmes_lead_and_no_gate_leads_the_best_mean() -> None:
    lead = recorded("taker")
    assert replay(lead, 0, None) == "♣K"
    assert replay(lead, 0, 0.0) == "♣K"
    assert replay(lead, 0, 2.0) == "♠A"


def test_each_gate_is_scored_by_the_double_dummy_worth_on_each_set_of_worlds() -> None:
    rows = summary([recorded("taker"), recorded("defence")], [None, 2.0])
    assert rows["taker|confirme"]["loss"] == 30.0
    assert rows["defence|ungated|worlds 37-72"]["loss"] == 0.0
    assert rows["defence|ungated|worlds 37-72"]["minus_confirme"][0] == -30.0
    assert rows["taker|z=2|worlds 1-36"]["departures"] == 0
    assert rows["taker|ungated|worlds 1-36"]["departures"] == 1
    assert "taker|ungated|worlds 73-108" not in rows  # only two sets were recorded
