"""The Expert's opening lead: the Confirmé's card unless the search's gain is clear.

The search plays every card to the end of each sampled deal open-handed, so at the
deal's first card, when nothing is known but the bidding, it overrates leads that only
work when every seat sees every hand, and 36 worlds leave the best mean partly luck: a
third of its opening leads on defence departed from the Confirmé's, for a double-dummy
loss twice as high (``bench/HISTORY.md``, "The opening lead gated").  So the search's
best lead replaces the Confirmé's only when, on the same worlds, its gain over the
Confirmé's card is positive by ``z`` standard errors: a test of the best of some eight
candidates, hence a high ``z``, and a higher one on defence, where the open-handed
partner is the most wrong.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import fmean, stdev

from game.ai.memory import Memory
from game.engine.cards import Card
from game.engine.games import BELOTE, game_of
from game.engine.trick_view import TrickView

SEARCH_REASON = "hint.search_best"  # the search's card, rather than the Confirmé's


@dataclass(frozen=True)
class Gate:
    """How clear the gain must be: ``z`` standard errors, and at least ``margin`` deal
    points a deal."""

    z: float
    margin: float = 0.0


TAKERS_GATE = Gate(z=2.0)
DEFENCE_GATE = Gate(z=3.0)
# At belote classique the taker's side led better by the search's best mean, gate or
# not, in every set of worlds tried (two seeds, four players: bench/HISTORY.md, "The
# opening lead at belote"): no margin is asked of it there.
BELOTE_TAKERS_GATE = Gate(z=0.0)


def is_opening_lead(view: TrickView) -> bool:
    """The deal's first card."""
    return not view.tricks and not view.trick


def lead_gate(view: TrickView, mem: Memory) -> Gate:
    """The gate for the seat to lead: its side's, in its game."""
    takers = view.taker is not None and mem.same_side(view.taker, view.seat)
    if not takers:
        return DEFENCE_GATE
    belote_at_four = game_of(view.game) is BELOTE and view.players == 4
    return BELOTE_TAKERS_GATE if belote_at_four else TAKERS_GATE


def paired_gain(card: Sequence[float], base: Sequence[float]) -> tuple[float, float]:
    """The mean of ``card``'s value minus ``base``'s world by world, and its standard
    error (infinite with a single world: nothing is clear)."""
    gains = [a - b for a, b in zip(card, base, strict=True)]
    if len(gains) < 2:
        return fmean(gains) if gains else 0.0, math.inf
    return fmean(gains), stdev(gains) / math.sqrt(len(gains))


def gated_lead(values: dict[Card, list[float]], fallback: tuple[Card, str],
               gate: Gate) -> tuple[Card, str]:
    """The card with the best mean if it clears ``gate`` against the Confirmé's card
    (``fallback``), else the Confirmé's; ``values``: each card's rollouts, world by world
    (the same worlds for every card)."""
    base = fallback[0]
    best = max(values, key=lambda c: (fmean(values[c]), c == base))
    if best == base:
        return fallback
    gain, error = paired_gain(values[best], values[base])
    if gain > gate.z * error and gain > gate.margin:
        return best, SEARCH_REASON
    return fallback
