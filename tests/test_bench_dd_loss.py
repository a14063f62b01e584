"""bench/dd_loss.py: the decisions it measures, by kind, against the exact solver."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bench import dd_loss
from bench.dd_loss import Losses, contract_deal, measure
from game.ai import Level, decide
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


def test_think_none_reaches_every_card_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--think none``: the levels decide their cards with no deadline (the same play at
    any load), as the arena's option."""
    asked: list[float | None] = []

    def recording(view: Any, level: Level, rng: random.Random, think: Any = "unset") -> Any:
        if think != "unset":
            asked.append(think)
        return decide(view, level, rng)

    monkeypatch.setattr(dd_loss, "decide", recording)
    dd_loss.main(["--game", "belote", "--levels", "confirme", "--deals", "3", "--cards", "1",
                  "--think", "none", "--seed", "3", "--node-cap", "1"])
    assert asked and all(think is None for think in asked)
