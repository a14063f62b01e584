"""The paired sample and its statistics: each world's weight, each candidate's outcome
in the worlds it was rolled out in, and the one-sided paired t-test that compares two
cards world by world."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field

LEVEL = 0.95  # one-sided: the chance a mark (or a separation) is not noise


def family_level(comparisons: int, level: float = LEVEL) -> float:
    """The level each of ``comparisons`` tests must reach for all of them to hold
    together at ``level`` (Bonferroni: the chances of a false one add up)."""
    return 1.0 - (1.0 - level) / max(comparisons, 1)


def t_quantile(level: float, df: float) -> float:
    """Student's t quantile (Cornish-Fisher expansion around the normal's: within 1 % of
    the table from 3 degrees of freedom)."""
    from statistics import NormalDist

    z = NormalDist().inv_cdf(level)
    df = max(df, 1.0)
    return (z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2))


@dataclass(frozen=True)
class Difference:
    """The mean of a world-by-world difference, its standard error and the worlds'
    effective number (the inference's draws weigh the worlds)."""

    mean: float
    error: float
    worlds: float

    def above(self, bound: float, level: float = LEVEL) -> bool:
        """Significantly above ``bound``: the one-sided paired t-test at ``level``."""
        if self.worlds < 2:
            return False
        return self.mean - bound > self.margin(level)

    def margin(self, level: float = LEVEL) -> float:
        """The one-sided ``level`` margin of the mean (infinite below 2 worlds)."""
        if self.worlds < 2:
            return math.inf
        return t_quantile(level, self.worlds - 1) * self.error

    @property
    def cost(self) -> float:
        """The points lost: the mean, when the worlds show a loss (significant), else 0."""
        return self.mean if self.above(0.0) else 0.0

    def marks(self, threshold: float) -> bool:
        """A mistake: the loss is above ``threshold``, significantly (``above``)."""
        return self.above(threshold)

    def reach(self, level: float = LEVEL) -> float:
        """How far from 0 the difference may be: the size of its mean and the one-sided
        ``level`` margin (the paired test's bound, in points); infinite below 2 worlds."""
        return abs(self.mean) + self.margin(level)

    def upper(self, level: float = LEVEL) -> float:
        """The one-sided ``level`` upper bound of the difference."""
        return self.mean + self.margin(level)


def paired(a: Sequence[float], b: Sequence[float], weights: Sequence[float]) -> Difference:
    """``a - b`` world by world, weighted."""
    total = sum(weights)
    if total <= 0:
        return Difference(0.0, math.inf, 0.0)
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(w * d for w, d in zip(weights, diffs, strict=True)) / total
    n = len(diffs)
    spread = sum(w * w * (d - mean) ** 2 for w, d in zip(weights, diffs, strict=True))
    error = math.sqrt(spread * n / (n - 1)) / total if n > 1 else math.inf
    effective = total * total / sum(w * w for w in weights)
    return Difference(mean, error, effective)




@dataclass(frozen=True)
class Outcome:
    """A candidate finished in one world."""

    value: float  # the search's value, in points for the seat's side
    points: float  # the side's score for the deal (tarot: the seat's marks)
    aim: bool | None  # the side's aim reached: the contract made (takers), set (defence)
    trick_ours: bool | None  # the trick under way won by the seat's side (None: not known)
    trick_card: str = ""  # the card that wins it
    ruffed: bool = False  # won by an opponent's trump on a plain suit


@dataclass
class Sample:
    """Each world's weight, and each candidate's outcome in the worlds it was rolled out
    in (by world index: a card dropped from the race has fewer worlds than the best)."""

    weights: list[float] = field(default_factory=list)
    outcomes: dict[Hashable, dict[int, Outcome]] = field(default_factory=dict)

    def add(self, weight: float, world: dict[Hashable, Outcome]) -> None:
        index = len(self.weights)
        self.weights.append(weight)
        for card, outcome in world.items():
            self.outcomes.setdefault(card, {})[index] = outcome

    def mean(self, card: Hashable, read: Callable[[Outcome], float]) -> float:
        """``read``'s mean over ``card``'s worlds."""
        worlds = self.outcomes[card]
        total = sum(self.weights[i] for i in worlds)
        return sum(self.weights[i] * read(o) for i, o in worlds.items()) / total

    def likely_deals(self, card: Hashable | None = None) -> int:
        """The worlds ``card`` was rolled out in (None: all of them), counted by their
        weights: ``(sum w)^2 / sum w^2``, their number when they weigh the same."""
        weights = [self.weights[i] for i in (self.outcomes[card] if card is not None
                                             else range(len(self.weights)))]
        squares = sum(w * w for w in weights)
        return round(sum(weights) ** 2 / squares) if squares > 0 else 0

    def share(self, card: Hashable, holds: Callable[[Outcome], bool]) -> float:
        return self.mean(card, lambda o: 1.0 if holds(o) else 0.0)

    def shared(self, a: Hashable, b: Hashable) -> list[int]:
        """The worlds both ``a`` and ``b`` were rolled out in."""
        return [i for i in self.outcomes[a] if i in self.outcomes[b]]

    def difference(self, a: Hashable, b: Hashable) -> Difference:
        """``a - b`` world by world, over the worlds both were rolled out in (paired)."""
        worlds = self.shared(a, b)
        return paired([self.outcomes[a][i].value for i in worlds],
                      [self.outcomes[b][i].value for i in worlds],
                      [self.weights[i] for i in worlds])

    def pair(self, a: Hashable, b: Hashable) -> Sample:
        """A sample of ``a`` and ``b`` alone, over the worlds both were rolled out in."""
        pair = Sample()
        for i in self.shared(a, b):
            pair.add(self.weights[i], {a: self.outcomes[a][i], b: self.outcomes[b][i]})
        return pair

    def copy(self) -> Sample:
        return Sample(list(self.weights), {c: dict(o) for c, o in self.outcomes.items()})



def aimed(sample: Sample, card: Hashable) -> bool:
    """The worlds tell whether ``card`` reaches the side's aim (a contract at stake)."""
    return next(iter(sample.outcomes[card].values())).aim is not None
