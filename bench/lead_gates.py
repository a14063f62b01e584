"""The Expert with the opening lead's gate at every lead: an arena player.

The Expert's search replaces the Confirmé's card by its own best only at the deal's
first card when the gain is clear (``game/ai/lead_gate.py``); later leads play the best
mean.  The double-dummy yardstick hinted that later leads on defence cost the Expert
more than the Confirmé's too (``bench/HISTORY.md``, "Expert II, first steps"): these
players gate them as well, so the arena can tell.

    python -m bench.lead_gates --game coinche --a gated-leads --b expert \\
        --bidding confirme --deals 200 --seed 7 --think none --common-rngs
"""

from __future__ import annotations

import functools
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import arena
from game.ai import appraise
from game.ai.lead_gate import DEFENCE_GATE, Gate, lead_gate
from game.ai.search import WorldSearch
from game.engine.protocol import Action


class EveryLeadGated(WorldSearch):
    """The gate at every lead of the deal, not only its first."""

    def gate(self) -> Gate | None:
        return None if self.view.trick else lead_gate(self.view, self.mem)


class DefenceLeadsGated(WorldSearch):
    """The gate at the opening lead, and at every lead of the defence."""

    def gate(self) -> Gate | None:
        opening = super().gate()
        if opening is not None or self.view.trick:
            return opening
        taker = self.view.taker
        takers = taker is not None and self.mem.same_side(taker, self.view.seat)
        return None if takers else DEFENCE_GATE


SOURCES = {"gated-leads": EveryLeadGated, "gated-defence-leads": DefenceLeadsGated}


def _choose(name: str, think: float | None, state: Any, seat: int,
            rng: random.Random) -> Action:
    return appraise(state.view(seat), rng, think, source=SOURCES[name]).decision.action


def gated_player(name: str, think: float | None) -> arena.Variant:
    return arena.Variant(name, functools.partial(_choose, name, think))


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    return arena.main(argv, {name: functools.partial(gated_player, name) for name in SOURCES})


if __name__ == "__main__":
    main()
