"""bench/match_cost.py compares the hint at a long match's last deal with the same deal
played as a match's first: the pairs it times are the same decisions."""

from __future__ import annotations

from bench.match_cost import card_positions, played
from game.engine.rules import CoincheRules


def test_the_decisions_compared_are_the_same_deal_s_at_the_end_and_alone() -> None:
    match, per_action = played(CoincheRules(target=400))
    assert len(per_action) == len(match.history) >= 2
    both, alone = card_positions(match, len(match.history) - 1, 3)
    late, early = both[:len(both) // 2], both[len(both) // 2:]
    assert len(late) == len(early) == 3
    assert alone.history[0].result == match.history[-1].result  # the same deal, replayed
    for at_end, first in zip(late, early, strict=True):
        assert len(first.history) == 0 and len(at_end.history) == len(match.history) - 1
        assert at_end.view(0).deal == first.view(0).deal
