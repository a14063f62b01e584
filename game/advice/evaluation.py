"""A position's evaluation, advanced in short steps until its verdict is settled, and the
advisor that keeps the evaluations (the memory the hint and the coach share)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import replace

from game.advice.budget import BudgetOf, table_budget
from game.advice.position import Position
from game.advice.race import (
    Between,
    CardPlay,
)
from game.advice.sample import Difference
from game.advice.searches import card_play
from game.advice.verdict import Figures, Verdict
from game.ai import Appraisal, appraise
from game.engine.protocol import Action

MEMORY = 4096  # positions an advisor keeps


class Evaluation:
    """A position's evaluation, advanced in short steps (``step``) until its verdict is
    settled; thread-safe."""

    def __init__(self, position: Position, budget_of: BudgetOf = table_budget) -> None:
        """``budget_of``: the race's budget (the table's: by the compiled core)."""
        self.position, self._budget_of = position, budget_of
        self._lock = threading.Lock()
        self._verdict: Verdict | None = None
        self._cards: CardPlay | None = None
        self._started = False
        self._error: Exception | None = None  # what broke it: raised again if stepped
        self._reviews: dict[Action, tuple[Verdict, Difference | None]] = {}

    @property
    def settled(self) -> Verdict | None:
        return self._verdict

    @property
    def broken(self) -> bool:
        """A step raised: the evaluation is left as it was (the advisor drops it)."""
        return self._error is not None

    def step(self) -> bool:
        """One short step (a world drawn, a card rolled out); False once settled.  An
        error is raised as it came, and again if the evaluation is stepped after it."""
        with self._lock:
            if self._error is not None:
                raise self._error
            try:
                return self._advance()
            except Exception as error:
                self._error = error
                raise

    def _advance(self) -> bool:
        if self._verdict is not None:
            return False
        if not self._started:
            self._cards = card_play(self.position, self._budget_of)
            self._started = True
            if self._cards is None:
                self._verdict = _appraised(self.position)
                return False
        assert self._cards is not None
        if self._cards.step():
            return True
        self._verdict = self._cards.verdict()
        return False

    def run(self, between: Between = None) -> Verdict:
        """The verdict, its steps run now; ``between`` is called between two of them
        (the review's worker waits there while a frame is being made)."""
        while self.step():
            if between is not None:
                between()
        assert self._verdict is not None
        return self._verdict

    def loss(self, action: Action, between: Between = None) -> Difference | None:
        """What ``action`` costs against the verdict's best, looked at more closely than
        the verdict itself when it is not as good (the review's question: more worlds of
        those two cards, seeded by the position too); None: not weighed world by world."""
        return self.review(action, between)[1]

    def review(self, action: Action,
               between: Between = None) -> tuple[Verdict, Difference | None]:
        """The verdict as the review reads it for ``action`` (the same decision, numbers
        and equals; its worlds with those of the closer look, for the reasons) and what
        ``action`` costs (``loss``)."""
        verdict = self.run(between)
        with self._lock:
            if action not in self._reviews:
                self._reviews[action] = self._closer(verdict, action, between)
            return self._reviews[action]

    def _closer(self, verdict: Verdict, action: Action,
                between: Between) -> tuple[Verdict, Difference | None]:
        difference = verdict.loss(action)
        if difference is None or action in verdict.equals or self._cards is None \
                or difference.mean <= 0:
            return verdict, difference
        best, mine = verdict._key(verdict.decision.action), verdict._key(action)
        assert best is not None and mine is not None
        sample = self._cards.closer(best, mine, between)
        return replace(verdict, sample=sample), sample.difference(best, mine)


def _appraised(position: Position) -> Verdict:
    """A decision not weighed world by world: the Expert's appraisal, seeded by the
    position, without deadline; its means, no mark."""
    appraisal: Appraisal = appraise(position.view, position.rng(0), None)
    ranked = sorted(appraisal.values.items(), key=lambda item: -item[1])
    figures = tuple(Figures(a, v * appraisal.unit, None, None) for a, v in ranked)
    return Verdict(appraisal.decision, figures)





class Advisor:
    """The evaluations asked for, by position (the most recent ``MEMORY`` of them)."""

    def __init__(self, capacity: int = MEMORY, budget_of: BudgetOf = table_budget) -> None:
        """``budget_of``: the card races' budget (the table's by default; the benchmarks'
        reference asks more)."""
        self._budget_of = budget_of
        self._evaluations: OrderedDict[str, Evaluation] = OrderedDict()
        self._capacity = capacity
        self._lock = threading.Lock()

    def evaluation(self, position: Position) -> Evaluation:
        with self._lock:
            evaluation = self._evaluations.get(position.key)
            if evaluation is None or evaluation.broken:  # a broken one is dropped
                evaluation = self._evaluations[position.key] = Evaluation(
                    position, self._budget_of)
                while len(self._evaluations) > self._capacity:
                    self._evaluations.popitem(last=False)
            self._evaluations.move_to_end(position.key)
            return evaluation

    def verdict(self, position: Position, between: Between = None) -> Verdict:
        """The position's verdict, evaluated now unless it was before (``between``:
        see ``Evaluation.run``)."""
        return self.evaluation(position).run(between)

    def loss(self, position: Position, action: Action,
             between: Between = None) -> Difference | None:
        """What ``action`` costs at ``position`` against its verdict's best, the review's
        closer look (``Evaluation.loss``)."""
        return self.evaluation(position).loss(action, between)

    def review(self, position: Position, action: Action,
               between: Between = None) -> tuple[Verdict, Difference | None]:
        """The verdict the review reads for ``action`` at ``position`` and what it costs
        (``Evaluation.review``)."""
        return self.evaluation(position).review(action, between)

    def known(self, position: Position) -> Verdict | None:
        """The position's verdict if it is settled already."""
        with self._lock:
            evaluation = self._evaluations.get(position.key)
        return evaluation.settled if evaluation is not None else None
