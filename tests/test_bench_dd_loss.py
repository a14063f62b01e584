"""bench/dd_loss.py: the decisions it measures, by kind, against the exact solver."""

from __future__ import annotations

from bench.dd_loss import Losses, contract_deal, measure
from game.ai import Level
from game.engine.rules import BeloteRules


def test_the_first_trick_gives_one_opening_lead_and_the_follows_with_a_choice() -> None:
    start = next(s for i in range(20) if (s := contract_deal(BeloteRules(), 3, i)) is not None)
    losses = Losses()
    measure(Level.CONFIRME, start, 0, 3, 4, 3_000_000, losses, {})
    kinds = {kind for kind, _ in losses.by_kind}
    assert ("opening lead" in kinds) and kinds <= {"opening lead", "following"}
    assert sum(len(v) for (k, _), v in losses.by_kind.items() if k == "opening lead") == 1
    assert all(loss >= 0 for values in losses.by_kind.values() for loss in values)
    assert losses.unsolved == 0


def test_a_position_the_solver_cannot_finish_is_counted_not_scored() -> None:
    start = next(s for i in range(20) if (s := contract_deal(BeloteRules(), 3, i)) is not None)
    losses = Losses()
    measure(Level.CONFIRME, start, 0, 3, 1, 1, losses, {})
    assert losses.unsolved == 1 and not losses.by_kind
