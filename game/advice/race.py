"""The race at the card play: the candidates rolled out on the same worlds in batches,
a card significantly worse than the leader dropped, within a budget of rollout cards;
and the review's closer look at two of them (see the package's docstring)."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import Any

from game.advice.budget import EQUAL_WORLDS, MIN_WORLDS, Budget
from game.advice.position import Position
from game.advice.sample import Outcome, Sample, aimed, family_level
from game.advice.verdict import Figures, Verdict, args_of
from game.ai import Decision
from game.ai.lead_gate import SEARCH_REASON
from game.ai.resumable import ResumableSearch
from game.engine.protocol import Action

# The review looks closer at a card the player chose that is not as good as the best:
# more batches of those two cards only, until the loss's standard error is this small.
CLOSER_ERROR = 2.5
CLOSER_BATCHES = 8
SAME_POINTS = 2.0  # the race ends once every card left is this close to the leader

Between = Callable[[], None] | None  # called between two steps of an evaluation


class CardPlay:
    """The batches of a card decision's search (a race: see the package's docstring), and
    the verdict they give.  ``plays``: the cards a rollout plays (its cost); ``budget``:
    the work the verdict may do (its worlds' draws and rollouts)."""

    def __init__(self, position: Position, new_search: NewSearch, budget: Budget,
                 rule: Decision, actions: dict[Action, Hashable], view: Any,
                 taking: bool | None, plays: int) -> None:
        self.position, self.new_search, self.budget = position, new_search, budget
        self.rule, self.actions, self.view, self.taking = rule, actions, view, taking
        self.plays = max(plays, 1)
        self.sample = Sample()
        self.racing = list(dict.fromkeys(actions.values()))  # the cards still rolled out
        self.spent = 0  # the work done so far: rollout cards (a draw counts for some)
        self.batches = 0
        self.search: AnySearch | None = None
        self.failed = False

    def step(self) -> bool:
        if self.search is None:
            worlds = self._next_batch()
            if not worlds:
                return False
            self.search = self.new_search(self.position.rng(self.batches), worlds,
                                          list(self.racing))
            self.spent += worlds * self.budget.world_cost(len(self.racing), self.plays)
            self.batches += 1
        if self.search.step():
            return True
        self.collect(self.search)
        self.search = None
        return True

    def _next_batch(self) -> int:
        """The worlds of the next batch: the budget's batch or what is left of it affords
        (the first batch its own size, ``least`` at least); 0 once the race is over."""
        budget = self.budget
        if self.failed or self.batches == budget.batches:
            return 0
        if self.batches:
            self.racing = self._survivors()
            if self._separated():
                return 0
        affordable = (budget.cards - self.spent) // budget.world_cost(len(self.racing),
                                                                      self.plays)
        if not self.batches:
            return min(budget.first, max(affordable, budget.least))
        return min(budget.batch, affordable) if affordable >= MIN_WORLDS else 0

    def closer(self, best: Hashable, mine: Hashable, between: Between = None) -> Sample:
        """The verdict's worlds and more of ``best`` and ``mine`` (``CLOSER_BATCHES``
        at most), drawn until the standard error of ``best - mine`` over the worlds both
        were rolled out in is ``CLOSER_ERROR`` or less."""
        sample = self.sample.copy()
        for extra in range(CLOSER_BATCHES):
            if sample.difference(best, mine).error <= CLOSER_ERROR:
                break
            search = self.new_search(self.position.rng(self.budget.batches + extra),
                                     self.budget.batch, [best, mine])
            while search.step():
                if between is not None:
                    between()
            collect(search, sample)
        return sample

    def collect(self, search: AnySearch) -> None:
        if not collect(search, self.sample):
            self.failed = not self.sample.weights

    def _leader(self) -> Hashable:
        """The card still in the race with the best mean (they share every world)."""
        return max(self.racing, key=lambda c: self.sample.mean(c, lambda o: o.value))

    def _drop_level(self) -> float:
        """The level at which a card is significantly worse than the leader and leaves
        the race: every card of the race compared with the leader after every batch the
        budget allows, the true best dropped by chance at ``LEVEL``'s odds in all."""
        return family_level((len(self.racing) - 1) * self.budget.batches)

    def _claim_level(self) -> float:
        """The level of the verdict's claims that cards are as good as the leader: each
        card left compared with it once, all of them true together at ``LEVEL``."""
        return family_level(len(self.racing) - 1)

    def _survivors(self) -> list[Hashable]:
        """The cards in the race not significantly worse than its leader (paired test
        over the worlds: ``Difference.above`` at ``_drop_level``)."""
        leader, level = self._leader(), self._drop_level()
        return [c for c in self.racing
                if c == leader or not self.sample.difference(leader, c).above(0.0, level)]

    def _ranked(self) -> list[Hashable]:
        """The leader first, then every card by its loss against it, world by world."""
        leader = self._leader()
        losses = {c: self.sample.difference(leader, c).mean for c in self.sample.outcomes}
        return sorted(self.sample.outcomes, key=lambda c: (c != leader, losses[c]))

    def _separated(self) -> bool:
        """Every card in the race told from its leader (significantly worse, or as
        good), and the leader's worlds worth the budget's ``settled`` likely deals at
        least (worlds weighed by the auction may count for few)."""
        leader, drop, claim = self._leader(), self._drop_level(), self._claim_level()
        if self.sample.likely_deals(leader) < self.budget.settled:
            return False
        for card in self.racing:
            difference = self.sample.difference(leader, card)
            if card != leader and not (difference.above(0.0, drop)
                                       or difference.upper(claim) < SAME_POINTS):
                return False
        return True

    def verdict(self) -> Verdict:
        """The best mean's card, unless the rule's card is as good as it (``_equal``);
        the cards as good as the one suggested, and the bound that makes them so."""
        if not self.sample.weights:
            return Verdict(self.rule, budget=self.budget.name)
        ranked = self._ranked()
        rule_key = self.actions.get(self.rule.action)
        top = ranked[0]
        best = rule_key if rule_key is not None and self._equal(top, rule_key) else top
        order = [best] + [c for c in ranked if c != best]
        equal = [c for c in order if c != best and self._equal(best, c)]
        by_key = {k: a for a, k in self.actions.items()}
        decision = self.rule if best == rule_key else Decision(
            by_key[best], SEARCH_REASON, args_of(by_key[best]))
        figures = tuple(Figures(by_key[c], self.sample.mean(c, lambda o: o.value),
                                self.sample.mean(c, lambda o: o.points),
                                self.sample.share(c, lambda o: bool(o.aim))
                                if aimed(self.sample, c) else None,
                                self.sample.likely_deals(c))
                        for c in order)
        level = self._claim_level()
        within = max((self.sample.difference(best, c).reach(level) for c in equal),
                     default=None)
        return Verdict(decision, figures,
                       tuple(by_key[c] for c in [best, *equal]) if equal else (),
                       self.sample.likely_deals(), self.taking, self.sample, self.actions,
                       self.view, within=within, budget=self.budget.name)

    def _equal(self, best: Hashable, card: Hashable) -> bool:
        """``card`` is as good as ``best``: both still in the race, and the paired test
        bounds their difference within the budget's ``within`` points over
        ``EQUAL_WORLDS`` shared worlds at least."""
        if card == best:
            return True
        if card not in self.racing or best not in self.racing:
            return False
        difference = self.sample.difference(best, card)
        return difference.worlds >= EQUAL_WORLDS \
            and difference.reach(self._claim_level()) <= self.budget.within


AnySearch = ResumableSearch[Any, Any, Any]
NewSearch = Callable[[random.Random, int, list[Any] | None], AnySearch]


def collect(search: AnySearch, sample: Sample) -> bool:
    """Add ``search``'s worlds to ``sample``; False when it found none."""
    details: dict[tuple[int, Hashable], Outcome] = getattr(search, "details", {})
    draws: list[float] = getattr(search, "draws", [])  # the worlds' weights (none: even)
    if getattr(search, "failed", False) or not search.values:
        return False
    for index in range(len(search.values)):
        weight = float(draws[index]) if draws else 1.0
        sample.add(weight, {c: details[(index, c)] for c in search.cards})
    return True
