"""One verdict per position: the hint, the review's analysis and the benchmarks ask the
same evaluation of a position and get the same answer, with its confidence, its numbers
and its reasons.

A position is what a seat knows when it decides: the rules, the deal (its number and the
match's totals when it began), the deal's actions so far and the seat (``Position``).
Its evaluation draws its worlds from generators seeded by the position alone (a hash of
it): never the clock, never a fresh generator, so the hint asked twice, the hint and the
review, the review today and tomorrow, on any machine at any load, say the same.  An
``Advisor`` keeps the evaluations (a memory on the match's host that the hint and the
coach share; pondering may fill it): the review reads what the hint weighed.

At the card play the candidates race on the same worlds (paired), by the Expert's own
rollouts (``play_inference.InferenceSearch`` at the 32-card games,
``tarot_search.TarotWorldSearch`` at tarot), in batches of ``BATCH`` worlds, each batch
from its own generator seeded by the position and the batch's number.  After each batch
the leader (the best mean of the cards still in the race: they share every world) is
compared with each other card world by world (``paired``): a card significantly worse (a
one-sided paired t-test at ``LEVEL``) leaves the race and is not rolled out again; the
evaluation stops once every card left is as good as the leader (the upper bound of their
difference below ``SAME_POINTS``), after ``MAX_BATCHES``, or when the budget is spent:
the rollouts may play ``BUDGET`` cards in all (``TAROT_BUDGET`` at tarot; a rollout plays
the cards left in every hand), about the table's default thinking time of CPU, so that
the hint answers within it.  A batch is cut to what the budget affords (the first has
``MIN_WORLDS`` at least).  The budget counts rollouts, never seconds: the number of
worlds depends on the position only.  A card out of the race keeps its worlds, and every
comparison of two cards is made on the worlds both were rolled out in (``Sample``).
Cards in the race still not told apart from the best are named as equal.

The review asks what the player's choice cost against the verdict's best
(``Evaluation.review``): for a card not as good as the best it looks closer, rolling out
those two cards in more worlds (``CLOSER_BATCHES`` at most, seeded by the position too)
until the loss's standard error is ``CLOSER_ERROR`` or less (the analysis has seconds a
decision; the hint the thinking time): the same verdict, its reasons read from those
worlds too.  A decision is marked
(``Difference.marks``) only when its loss is above the player's threshold *and*
significantly so: the one-sided paired t-test of ``loss - threshold > 0`` over the
worlds at ``LEVEL``.  The best card costs nothing and the cards named as good as it are
not looked at again, so a card the hint suggested is never marked.  Decisions not
weighed world by world (the calls: the bidding searches keep only their means) carry
their values but no mark.

No pygame here.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import threading
from collections import Counter, OrderedDict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from game.ai import Appraisal, Decision, appraise
from game.ai.appraisal import side_unit
from game.ai.deal_value import belote_scorer, finished_tally, seat_value, side_of, table_result
from game.ai.lead_gate import SEARCH_REASON
from game.ai.memory import Memory
from game.ai.play import card_args, play_action, play_phase
from game.ai.play_inference import InferenceSearch
from game.ai.resumable import ResumableSearch
from game.ai.tarot_search import (
    TarotWorldSearch,
    World,
    defenders_pay,
    seat_marks,
    solve,
    solved,
)
from game.ai.tarot_search import play_rollout as play_tarot_rollout
from game.engine.actions import PlayCard
from game.engine.cards import Card
from game.engine.match import Match, MatchView
from game.engine.protocol import Action, Phase, action_to_json
from game.engine.tarot_actions import TarotPlayCard
from game.engine.tarot_cards import EXCUSE, TarotCard
from game.engine.tarot_tricks import TarotView
from game.engine.trick_view import TrickView
from game.engine.tricks import winning_play

BATCH = 24  # worlds a batch at the 32-card games
TAROT_BATCH = 10  # at tarot (a world costs about three times more)
MAX_BATCHES = 6
MIN_WORLDS = 4  # a batch has this many worlds at least
# The cards all the rollouts of a verdict may play (a rollout plays the cards left in
# every hand): about the table's thinking time (0.3 s) of CPU, so that the hint answers
# within it; a number of rollouts, never a deadline.
BUDGET = 11_000  # at the 32-card games (about 25 µs a card played)
TAROT_BUDGET = 6_500  # at tarot (about 40 µs a card played)
# The review looks closer at a card the player chose that is not as good as the best:
# more batches of those two cards only, until the loss's standard error is this small.
CLOSER_ERROR = 2.5
CLOSER_BATCHES = 8
LEVEL = 0.95  # one-sided: the chance a mark (or a separation) is not noise
SAME_POINTS = 2.0  # two cards this close (upper bound) are as good as each other
MEMORY = 4096  # positions an advisor keeps

Say = tuple[str, tuple[tuple[str, str], ...]]  # an i18n key and its arguments
Between = Callable[[], None] | None  # called between two steps of an evaluation


# --- the position ------------------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """A seat's decision: ``key`` names it, ``view`` is what the seat knows."""

    key: str
    view: MatchView

    @property
    def seed(self) -> int:
        return int(self.key[:16], 16)

    def rng(self, batch: int) -> random.Random:
        """The generator of the evaluation's batch ``batch``: the position's only."""
        return random.Random(self.seed * 1_000 + batch)


def position_at(match: Match, seat: int, deal_start: int) -> Position:
    """``seat``'s decision now in ``match``, whose current deal began at action
    ``deal_start``."""
    record = {
        "rules": match.to_json()["rules"], "deal": match.deal_number(),
        "totals": list(match.totals), "seat": seat,
        "actions": [action_to_json(a) for a in match.actions[deal_start:]],
    }
    key = hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()
    return Position(key, match.view(seat))


def deal_start(match: Match) -> int:
    """Where the current deal's actions begin in ``match.actions``."""
    replay, _ = Match.new(match.rules, match.seed, match.first_deal)
    start = 0
    for index, action in enumerate(match.actions):
        number = replay.number
        replay, _ = replay.apply(action)
        if replay.number != number:
            start = index + 1
    return start


def current_position(match: Match, seat: int) -> Position:
    return position_at(match, seat, deal_start(match))


# --- the statistics ------------------------------------------------------------------------


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

    def above(self, bound: float) -> bool:
        """Significantly above ``bound``: the one-sided paired t-test at ``LEVEL``."""
        if self.worlds < 2:
            return False
        return self.mean - bound > t_quantile(LEVEL, self.worlds - 1) * self.error

    @property
    def cost(self) -> float:
        """The points lost: the mean, when the worlds show a loss (significant), else 0."""
        return self.mean if self.above(0.0) else 0.0

    def marks(self, threshold: float) -> bool:
        """A mistake: the loss is above ``threshold``, significantly (``above``)."""
        return self.above(threshold)

    def upper(self) -> float:
        """The one-sided ``LEVEL`` upper bound of the difference."""
        if self.worlds < 2:
            return math.inf
        return self.mean + t_quantile(LEVEL, self.worlds - 1) * self.error


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


# --- what a world says of a card ---------------------------------------------------------------


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


# --- the verdict ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Figures:
    """A choice's numbers over the worlds."""

    action: Action
    value: float  # the search's mean, points for the side
    points: float | None  # the side's expected score for the deal (tarot: marks)
    aim: float | None  # the chance of the side's aim (making the contract, or setting it)
    worlds: int = 0  # the likely deals these numbers rest on (0: not weighed world by world)


@dataclass(frozen=True)
class Verdict:
    """The evaluation's answer: the decision, and when weighed world by world the
    candidates' numbers (best first), the ones as good as the best, and the worlds."""

    decision: Decision
    figures: tuple[Figures, ...] = ()
    equals: tuple[Action, ...] = ()  # the best and those it cannot be told from (2+)
    worlds: int = 0
    taking: bool | None = None  # the seat's side took the contract (None: no contract)
    sample: Sample | None = field(default=None, compare=False, repr=False)
    keys: dict[Action, Hashable] = field(default_factory=dict, compare=False, repr=False)
    view: Any = field(default=None, compare=False, repr=False)

    def figures_of(self, action: Action) -> Figures | None:
        key = self._key(action)
        return next((f for f in self.figures if self._key(f.action) == key), None)

    def loss(self, action: Action) -> Difference | None:
        """What ``action`` is expected to cost against the best, world by world (None:
        not weighed world by world)."""
        a, best = self._key(action), self._key(self.decision.action)
        if self.sample is None or a is None or best is None:
            return None
        return self.sample.difference(best, a)

    def shown(self, action: Action | None = None) -> list[Figures]:
        """The numbers to show: the best two or three, and ``action``'s."""
        shown = list(self.figures[:3 if len(self.equals) > 2 else 2])
        own = self.figures_of(action) if action is not None else None
        if own is not None and own not in shown:
            shown.append(own)
        return shown

    def reason_against(self, action: Action | None) -> Say:
        """Why the best rather than ``action`` (the runner-up when None), from what the
        worlds show; the rule's reason when the rule chose it; else the generic one."""
        other = action
        if other is None:  # the first card the best is better than
            other = next((f.action for f in self.figures[1:] if f.action not in self.equals),
                         None)
        if self.sample is not None and other is not None and other not in self.equals:
            concrete = _concrete(self, other)
            if concrete is not None:
                return concrete
        return self.decision.reason, self.decision.reason_args

    def _key(self, action: Action) -> Hashable | None:
        if action in self.keys:
            return self.keys[action]
        card = getattr(action, "card", None)
        return next((k for a, k in self.keys.items() if getattr(a, "card", None) == card
                     and card is not None), None)


def _card_code(card: object) -> str:
    return card.code if isinstance(card, TarotCard) else str(card)


def _concrete(verdict: Verdict, other: Action) -> Say | None:
    """A reason the worlds show for the best against ``other`` (in the worlds both were
    rolled out in), or None."""
    assert verdict.sample is not None
    best, worse = verdict._key(verdict.decision.action), verdict._key(other)
    if best is None or worse is None or best == worse:
        return None
    sample = verdict.sample.pair(best, worse)
    card_b = _card_code(getattr(verdict.decision.action, "card", ""))
    card_o = _card_code(getattr(other, "card", ""))
    known = [o.trick_ours is not None for o in sample.outcomes[worse].values()]
    if all(known):
        lost = sample.share(worse, lambda o: o.trick_ours is False)
        won = sample.share(best, lambda o: o.trick_ours is True)
        if lost >= 0.5 and won >= 1 - lost + 0.3:
            ruffed = sample.share(worse, lambda o: o.ruffed)
            if ruffed >= lost / 2:
                key = "advice.lets_ruff_take" if verdict.taking else "advice.lets_ruff"
                return key, (("card", card_o),)
            winners: Counter[str] = Counter()
            for index, outcome in sample.outcomes[worse].items():
                if outcome.trick_ours is False:
                    winners[outcome.trick_card] += round(sample.weights[index])
            top = winners.most_common(1)[0][0]
            return "advice.loses_trick", (("card", card_o), ("winner", top),
                                          ("count", str(round(10 * lost))))
        partner = _partner_master(verdict.view)
        if partner:
            keeps = sample.share(best, lambda o: o.trick_card == partner)
            spoils = sample.share(worse, lambda o: o.trick_card == partner)
            if keeps >= 0.7 and spoils <= keeps - 0.3:
                return "advice.keeps_partner", (("card", card_b), ("partner_card", partner))
    if verdict.decision.reason != SEARCH_REASON and verdict.decision.reason.startswith("hint."):
        return None  # the rule's own reason is the true one: said by the caller
    if _aimed(sample, best):
        aim_b = sample.share(best, lambda o: bool(o.aim))
        aim_o = sample.share(worse, lambda o: bool(o.aim))
        if aim_b - aim_o >= 0.15:
            key = "advice.aim_contract" if verdict.taking else "advice.aim_defence"
            return key, (("card", card_b), ("other", card_o), ("count", str(round(10 * aim_b))),
                         ("other_count", str(round(10 * aim_o))))
    return None


def _partner_master(view: Any) -> str:
    """The card of the seat's partner that wins the trick under way so far ('' if none)."""
    if not isinstance(view, TrickView) or view.players != 4 or not view.trick \
            or view.trump is None:
        return ""
    seat, card = winning_play(view.trick, view.trump)
    return str(card) if seat == (view.seat + 2) % 4 else ""


# --- the evaluations ---------------------------------------------------------------------------


class Evaluation:
    """A position's evaluation, advanced in short steps (``step``) until its verdict is
    settled; thread-safe."""

    def __init__(self, position: Position) -> None:
        self.position = position
        self._lock = threading.Lock()
        self._verdict: Verdict | None = None
        self._cards: _CardPlay | None = None
        self._started = False
        self._reviews: dict[Action, tuple[Verdict, Difference | None]] = {}

    @property
    def settled(self) -> Verdict | None:
        return self._verdict

    def step(self) -> bool:
        """One short step (a world drawn, a card rolled out); False once settled."""
        with self._lock:
            if self._verdict is not None:
                return False
            if not self._started:
                self._started = True
                self._cards = _card_play(self.position)
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


class _CardPlay:
    """The batches of a card decision's search (a race: see the module's docstring), and
    the verdict they give.  ``plays``: the cards a rollout plays (its cost); ``budget``:
    the cards all the rollouts of the verdict may play."""

    def __init__(self, position: Position, new_search: NewSearch, batch: int,
                 rule: Decision, actions: dict[Action, Hashable], view: Any,
                 taking: bool | None, plays: int, budget: int) -> None:
        self.position, self.new_search, self.batch = position, new_search, batch
        self.rule, self.actions, self.view, self.taking = rule, actions, view, taking
        self.plays, self.budget = max(plays, 1), budget
        self.sample = Sample()
        self.racing = list(dict.fromkeys(actions.values()))  # the cards still rolled out
        self.spent = 0  # cards played by the rollouts so far
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
            self.spent += worlds * len(self.racing) * self.plays
            self.batches += 1
        if self.search.step():
            return True
        self._collect(self.search)
        self.search = None
        return True

    def _next_batch(self) -> int:
        """The worlds of the next batch: ``batch`` or what the budget left affords (the
        first batch ``MIN_WORLDS`` at least); 0 once the race is over."""
        if self.failed or self.batches == MAX_BATCHES:
            return 0
        if self.batches:
            self.racing = self._survivors()
            if self._separated():
                return 0
        affordable = (self.budget - self.spent) // (len(self.racing) * self.plays)
        if not self.batches:
            affordable = max(affordable, MIN_WORLDS)
        return min(self.batch, affordable) if affordable >= MIN_WORLDS else 0

    def closer(self, best: Hashable, mine: Hashable, between: Between = None) -> Sample:
        """The verdict's worlds and more of ``best`` and ``mine`` (``CLOSER_BATCHES``
        at most), drawn until the standard error of ``best - mine`` over the worlds both
        were rolled out in is ``CLOSER_ERROR`` or less."""
        sample = self.sample.copy()
        for extra in range(CLOSER_BATCHES):
            if sample.difference(best, mine).error <= CLOSER_ERROR:
                break
            search = self.new_search(self.position.rng(MAX_BATCHES + extra), self.batch,
                                     [best, mine])
            while search.step():
                if between is not None:
                    between()
            _collect(search, sample)
        return sample

    def _collect(self, search: AnySearch) -> None:
        if not _collect(search, self.sample):
            self.failed = not self.sample.weights

    def _leader(self) -> Hashable:
        """The card still in the race with the best mean (they share every world)."""
        return max(self.racing, key=lambda c: self.sample.mean(c, lambda o: o.value))

    def _survivors(self) -> list[Hashable]:
        """The cards in the race not significantly worse than its leader (paired test
        over the worlds: ``Difference.above``)."""
        leader = self._leader()
        return [c for c in self.racing
                if c == leader or not self.sample.difference(leader, c).above(0.0)]

    def _ranked(self) -> list[Hashable]:
        """The leader first, then every card by its loss against it, world by world."""
        leader = self._leader()
        losses = {c: self.sample.difference(leader, c).mean for c in self.sample.outcomes}
        return sorted(self.sample.outcomes, key=lambda c: (c != leader, losses[c]))

    def _separated(self) -> bool:
        """Every card in the race told from its leader: significantly worse, or as good."""
        leader = self._leader()
        for card in self.racing:
            difference = self.sample.difference(leader, card)
            if card != leader and not (difference.above(0.0)
                                       or difference.upper() < SAME_POINTS):
                return False
        return True

    def verdict(self) -> Verdict:
        if not self.sample.weights:
            return Verdict(self.rule)
        ranked = self._ranked()
        rule_key = self.actions.get(self.rule.action)
        top = ranked[0]
        # the cards dropped from the race were significantly worse than one in it
        equal = [c for c in self.racing if not self.sample.difference(top, c).above(0.0)]
        best = rule_key if rule_key in equal else top
        order = [best] + [c for c in ranked if c != best]
        equal = [c for c in order if c in self.racing
                 and (c == best or not self.sample.difference(best, c).above(0.0))]
        by_key = {k: a for a, k in self.actions.items()}
        decision = self.rule if best == rule_key else Decision(
            by_key[best], SEARCH_REASON, _args_of(by_key[best]))
        figures = tuple(Figures(by_key[c], self.sample.mean(c, lambda o: o.value),
                                self.sample.mean(c, lambda o: o.points),
                                self.sample.share(c, lambda o: bool(o.aim))
                                if _aimed(self.sample, c) else None,
                                len(self.sample.outcomes[c]))
                        for c in order)
        return Verdict(decision, figures, tuple(by_key[c] for c in equal) if len(equal) > 1
                       else (), len(self.sample.weights), self.taking, self.sample,
                       self.actions, self.view)


def _aimed(sample: Sample, card: Hashable) -> bool:
    """The worlds tell whether ``card`` reaches the side's aim (a contract at stake)."""
    return next(iter(sample.outcomes[card].values())).aim is not None


AnySearch = ResumableSearch[Any, Any, Any]
NewSearch = Callable[[random.Random, int, list[Any] | None], AnySearch]


def _collect(search: AnySearch, sample: Sample) -> bool:
    """Add ``search``'s worlds to ``sample``; False when it found none."""
    details: dict[tuple[int, Hashable], Outcome] = getattr(search, "details", {})
    draws: list[int] = getattr(search, "draws", [])
    if getattr(search, "failed", False) or not search.values:
        return False
    for index in range(len(search.values)):
        weight = float(draws[index]) if draws else 1.0
        sample.add(weight, {c: details[(index, c)] for c in search.cards})
    return True


def _plays(view: TrickView | TarotView) -> int:
    """The cards a rollout from ``view`` plays: about those left in every hand."""
    return len(view.hand) * view.players


def _args_of(action: Action) -> tuple[tuple[str, str], ...]:
    return (("card", _card_code(getattr(action, "card", ""))),)


def _card_play(position: Position) -> _CardPlay | None:
    """The card decision's search, or None when the decision is not a choice of cards
    the Expert weighs by worlds."""
    view = position.view
    deal = view.deal
    if deal.phase is not Phase.PLAY or len(deal.legal) < 2:
        return None
    if isinstance(deal, TarotView):
        return _tarot_play(position, deal)
    assert isinstance(deal, TrickView)
    return _trick_play(position, deal, view.target)


def _trick_play(position: Position, view: TrickView, target: int | None) -> _CardPlay | None:
    found: list[tuple[Memory, list[Card], tuple[Card, str]]] = []

    def capture(v: Any, mem: Memory, cards: list[Card],
                fallback: tuple[Card, str]) -> tuple[Card, str]:
        if len(cards) > 1:
            found.append((mem, cards, fallback))
        return fallback

    rule = play_phase(view, target, capture)
    if not found:
        return None
    mem, cards, _ = found[0]
    plays = [a for a in view.legal if isinstance(a, PlayCard)]
    actions: dict[Action, Hashable] = {play_action(plays, c): c for c in cards}
    if not isinstance(rule.action, PlayCard):
        return None
    rule = Decision(play_action(plays, rule.action.card), rule.reason, card_args(rule.action.card))

    def new_search(rng: random.Random, worlds: int,
                   only: list[Any] | None) -> AnySearch:
        return _TrickSearch(view, mem, only or cards, rng, worlds)

    taking = None if view.taker is None else \
        side_of(view.players, view.taker) == side_of(view.players, view.seat)
    return _CardPlay(position, new_search, BATCH, rule, actions, view, taking,
                     _plays(view), BUDGET)


class _TrickSearch(InferenceSearch):
    """The Expert's 32-card search, keeping each rollout's outcome."""

    def __init__(self, view: Any, mem: Memory, cards: list[Card], rng: random.Random,
                 worlds: int) -> None:
        super().__init__(view, mem, cards, rng, worlds)
        self.details: dict[tuple[int, Hashable], Outcome] = {}
        self._result = table_result(view, self.rules)
        self._unit = side_unit(view.players)
        self._side = side_of(view.players, view.seat)

    def value(self, world: list[tuple[Card, ...]], card: Card) -> float:
        view = self.view
        finished, owned = self.played_out(world, card)
        aim: bool | None = None
        if self._result is None:
            value, points = seat_value(view, finished.points), 0.0
        else:
            tally = finished_tally(view, self.rules, finished.points, finished.tricks,
                                   belote_scorer(view, self.mem.trump, owned))
            result = self._result(tally)
            value, points = seat_value(view, result.scores), float(result.scores[self._side])
            if result.facts is not None:
                taking = result.facts.taker == self._side
                aim = result.facts.made == taking
        winner = finished.current_winner
        won = dict(finished.current)[winner]
        led = finished.current[0][1].suit
        trump = self.mem.trump.suit
        ours = side_of(view.players, winner) == self._side
        ruffed = not ours and trump is not None and won.suit == trump and led != trump
        self.details[(len(self.values), card)] = Outcome(
            value * self._unit, points, aim, ours, str(won), ruffed)
        return value


def _tarot_play(position: Position, view: TarotView) -> _CardPlay | None:
    probe = TarotWorldSearch(view, random.Random(0), 1)
    if not probe.weighs:
        return None
    actions: dict[Action, Hashable] = {
        a: next(c for c in probe.cards if _same_class(probe, a.card, c))
        for a in view.legal if isinstance(a, TarotPlayCard)}

    def new_search(rng: random.Random, worlds: int,
                   only: list[Any] | None) -> AnySearch:
        search = _TarotSearch(view, rng, worlds)
        search.cards = only or search.cards
        return search

    rule = probe.confirme
    assert isinstance(rule.action, TarotPlayCard)
    taking = view.seat == view.taker or view.called in view.hand
    return _CardPlay(position, new_search, TAROT_BATCH, rule, actions, view, taking,
                     _plays(view), TAROT_BUDGET)


def _same_class(search: TarotWorldSearch, card: TarotCard, kept: TarotCard) -> bool:
    from game.ai.tarot_search import same_value

    return same_value(card, kept, search.located)


class _TarotSearch(TarotWorldSearch):
    """The Expert's tarot search, keeping each world's outcome."""

    def __init__(self, view: TarotView, rng: random.Random, worlds: int) -> None:
        super().__init__(view, rng, worlds)
        self.details: dict[tuple[int, Hashable], Outcome] = {}

    def value(self, world: World, card: TarotCard) -> float:
        view = self.view
        if self._evaluate is solved:
            game, pays = solve(view, world, card)
            ours: bool | None = None
            won, ruffed = "", False
        else:
            game = play_tarot_rollout(view, world, card)
            pays = defenders_pay(game, world)
            trick = game.tricks[len(view.tricks)]
            attack = {view.taker, game.partner}
            ours = (trick.winner in attack) == (view.seat in attack)
            won = dict(trick.plays)[trick.winner].code
            led = next((c for _, c in trick.plays if c is not EXCUSE), None)
            winning = dict(trick.plays)[trick.winner]
            ruffed = not ours and winning.is_trump and led is not None and not led.is_trump
        marks = seat_marks(game, pays)
        attacking = view.seat == view.taker or view.seat == game.partner
        self.details[(len(self.values), card)] = Outcome(
            marks, marks, (pays > 0) == attacking, ours, won, ruffed)
        return marks


# --- the memory ---------------------------------------------------------------------------


class Advisor:
    """The evaluations asked for, by position (the most recent ``MEMORY`` of them)."""

    def __init__(self, capacity: int = MEMORY) -> None:
        self._evaluations: OrderedDict[str, Evaluation] = OrderedDict()
        self._capacity = capacity
        self._lock = threading.Lock()

    def evaluation(self, position: Position) -> Evaluation:
        with self._lock:
            evaluation = self._evaluations.get(position.key)
            if evaluation is None:
                evaluation = self._evaluations[position.key] = Evaluation(position)
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
