"""Hidden cards placed in proportion to how well they explain the calls: a Metropolis
walk over card swaps, shared by the Expert's bidding simulations.

Deals that fit a strong bid are rare among random ones (often under 2 %), so drawing
random deals and weighting them leaves mostly misfits.  The walk swaps two cards
between two places the seat does not see, keeping the swap with probability
``MISFIT ** (worse / span)``: a deal ``span`` further from the calls is ``MISFIT``
times as likely.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

MISFIT = 0.1

Card = TypeVar("Card")


@dataclass(frozen=True)
class Walk:
    """How long to walk: ``burn_in`` steps before the first deal kept, then one kept
    every ``thinning`` steps; ``span``: the misfit that makes a deal 10 times less likely."""

    burn_in: int
    thinning: int
    span: float


def walk_deals(places: list[list[Card]], movable: Sequence[int],
               misfit: Callable[[list[list[Card]]], float] | None, rng: random.Random,
               count: int, walk: Walk) -> list[list[tuple[Card, ...]]]:
    """``count`` snapshots of ``places`` (lists of cards, changed in place), the cards
    of the ``movable`` places redistributed.  ``misfit`` None (nothing to explain):
    independent shuffles instead of a walk."""
    if misfit is None:
        return [_shuffled(places, movable, rng) for _ in range(count)]
    current = misfit(places)
    deals = []
    for step in range(walk.burn_in + count * walk.thinning):
        a, b = rng.sample(list(movable), 2)
        i, j = rng.randrange(len(places[a])), rng.randrange(len(places[b]))
        places[a][i], places[b][j] = places[b][j], places[a][i]
        proposed = misfit(places)
        if proposed <= current or rng.random() < MISFIT ** ((proposed - current) / walk.span):
            current = proposed
        else:  # undo
            places[a][i], places[b][j] = places[b][j], places[a][i]
        if step >= walk.burn_in and (step - walk.burn_in) % walk.thinning == walk.thinning - 1:
            deals.append([tuple(p) for p in places])
    return deals


def _shuffled(places: list[list[Card]], movable: Sequence[int],
              rng: random.Random) -> list[tuple[Card, ...]]:
    rest = [c for p in movable for c in places[p]]
    rng.shuffle(rest)
    for p in movable:
        size = len(places[p])
        places[p], rest = rest[:size], rest[size:]
    return [tuple(p) for p in places]
