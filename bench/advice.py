"""The advice's consistency: the hint asked twice, deals played with the hint's cards,
marks confirmed by an independent re-analysis, and the analysis's cost.

For each game (coinche, belote and tarot at four), ``--deals`` deals (match seeds
``seed``, ``seed + 1``...):

- played with every seat in the Confirmé's hands (a real player's kind of mistakes),
  then analysed as the review does (each decision's verdict, ``game.advice``) with the
  default threshold; CPU seconds per deal and to the first mark, in this thread.
  Each decision's hint is asked again from a fresh advisor (another memory: the verdict
  is recomputed): ``repeat_agreement`` is the share of decisions where both say the
  same action, and ``hint_cpu_s_*`` its CPU seconds (the hint with nothing pondered).
  Each mark is re-analysed on independent worlds (the position's key reversed: another
  seed); ``marks_confirmed`` is the share where the re-analysis also finds the choice
  worse than the best by more than the threshold (and significantly worse).
- played with seat 0 taking the hint's card at every decision (from a fresh advisor at
  each), then analysed from another fresh advisor: ``marks_on_hint_deals`` counts the
  marks (the verdicts are recomputed, not read back).
- the first ``--reference N`` card decisions of each deal weighed world by world, asked
  again of a reference: the same evaluation given ``REFERENCE`` times the table's budget
  (``Budget.scaled``) on independent worlds (the key reversed).  ``best_or_equal``: the
  share of hints whose card is the reference's best mean, or as good as it by the
  reference's paired bound (``Difference.reach`` within the budget's ``within``);
  ``best_or_not_worse`` the laxer share the reference does not find significantly worse
  than its best (the sense "as good as" had before the bound);
  ``wrong_equals``: the share of hints whose "as good as each other" list holds a card
  the reference puts ``MISS`` points (tarot: marks) or more below its best mean;
  ``hint_worlds_median`` the likely deals behind a hint (tarot's opening leads apart:
  ``lead_worlds_median``).  The yardstick is the same whatever rule the hint follows.
  ``budget``: the budget the hints ran (``core`` with the compiled core, else ``python``).
- with ``--second-reference``, each of those positions asked of a second reference on
  other independent worlds (the key turned by a quarter), judged against the first by
  the same yardstick: ``reference_agreement`` (its card the first's best or as good as
  it) and ``reference_wrong_equals`` bound what a hint can reach, the reference being
  a sample too.

    .venv/bin/python bench/advice.py [--deals N] [--seed S] [--reference N]
                                     [--second-reference] [--games G ...]

Ends with one JSON line of the figures.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import json
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.analysed_deals import measured_games, played_deal, timed_analysis
from game.advice import Advisor, Position, Verdict, table_budget
from game.coach import DEFAULT_THRESHOLD, Analysis, Remark
from game.engine.games import TAROT, game_of
from game.engine.match import AnyRules
from game.engine.rules import BeloteRules, CoincheRules, TarotRules

GAMES: dict[str, AnyRules] = {
    "coinche": CoincheRules(), "belote4": BeloteRules(), "tarot4": TarotRules(players=4),
}
REFERENCE = 10  # the reference's budget: this many times the table's
MISS = {"coinche": 10.0, "belote4": 10.0, "tarot4": 5.0}  # a wrong equal is this far below


def confirmed(remark: Remark) -> bool:
    """Another seed's analysis of the decision (other worlds, the same view) also finds
    the player's choice worse than the best by more than the threshold, significantly
    worse (at the coach's level)."""
    at = remark.point.at
    other = dataclasses.replace(at, key=at.key[::-1])
    loss = Advisor().loss(other, remark.action)
    return loss is not None and loss.mean > DEFAULT_THRESHOLD and loss.above(0.0)


def repeated(analysis: Analysis) -> tuple[list[bool], list[float]]:
    """Per decision: a fresh advisor's verdict (the hint asked again) chooses what the
    analysis's did; and its CPU seconds (the hint's, with nothing in memory)."""
    agree, seconds = [], []
    for remark in analysis.remarks:
        start = time.process_time()
        verdict = Advisor().verdict(remark.point.at)
        seconds.append(time.process_time() - start)
        agree.append(verdict.decision.action == remark.suggestion.action)
    return agree, seconds


def reference_verdict(position: Position, second: bool = False) -> Verdict:
    """The position's verdict on independent worlds (the key reversed; ``second``: the
    key turned by a quarter, other worlds again) at ``REFERENCE`` times the table's
    budget."""
    key = position.key
    other = dataclasses.replace(position, key=key[16:] + key[:16] if second else key[::-1])
    advisor = Advisor(budget_of=lambda tarot: table_budget(tarot).scaled(REFERENCE))
    return advisor.verdict(other)


@dataclass
class Judgement:
    """Verdicts set against a reference: whether each one's card is the reference's best
    or as good as it, whether its equals hold a card the reference finds far worse."""

    good: list[bool] = field(default_factory=list)
    not_worse: list[bool] = field(default_factory=list)
    wrong: list[bool] = field(default_factory=list)

    def judge(self, verdict: Verdict, reference: Verdict, within: float, miss: float) -> None:
        top = max(reference.figures, key=lambda f: f.value)
        chosen = reference.difference(top.action, verdict.decision.action)
        assert chosen is not None
        self.good.append(chosen.reach() <= within)
        self.not_worse.append(not chosen.above(0.0))
        gaps = [top.value - f.value for f in map(reference.figures_of, verdict.equals)
                if f is not None]
        self.wrong.append(any(gap >= miss for gap in gaps))

    def shares(self) -> tuple[float, float, float]:
        """The shares of good cards, of cards not significantly worse, of wrong equals."""
        count = len(self.good)
        if not count:
            return 1.0, 1.0, 0.0
        return (round(sum(self.good) / count, 3), round(sum(self.not_worse) / count, 3),
                round(sum(self.wrong) / count, 3))


@dataclass
class Judged:
    """Hints set against the reference (``Judgement``), the likely deals behind them
    (tarot's opening leads apart), and with ``second`` a second reference set against
    the first."""

    second: bool = False
    hints: Judgement = field(default_factory=Judgement)
    references: Judgement = field(default_factory=Judgement)
    worlds: list[int] = field(default_factory=list)
    leads: list[int] = field(default_factory=list)

    def judge(self, hint: Verdict, position: Position, miss: float) -> None:
        reference = reference_verdict(position)
        within = table_budget(_tarot(position)).within
        self.hints.judge(hint, reference, within, miss)
        if self.second:
            self.references.judge(reference_verdict(position, second=True), reference,
                                  within, miss)
        self.worlds.append(hint.worlds)
        deal = position.view.deal
        if _tarot(position) and not deal.tricks and not deal.trick:
            self.leads.append(hint.worlds)

    def row(self) -> dict[str, float | int]:
        good, not_worse, wrong = self.hints.shares()
        row: dict[str, float | int] = {
            "referenced": len(self.hints.good), "best_or_equal": good,
            "best_or_not_worse": not_worse, "wrong_equals": wrong,
            "hint_worlds_median": statistics.median(self.worlds) if self.worlds else 0,
            "lead_worlds_median": statistics.median(self.leads) if self.leads else 0,
        }
        if self.second:
            agreement, _, reference_wrong = self.references.shares()
            row |= {"reference_agreement": agreement,
                    "reference_wrong_equals": reference_wrong}
        return row


def _tarot(position: Position) -> bool:
    return game_of(position.view.deal.game) is TAROT


def measure(name: str, rules: AnyRules, deals: int, seed: int,
            references: int, second: bool = False) -> dict[str, float | int]:
    seconds, first_marks, hints = [], [], []
    agree, marks, confirms, hint_marks, weighed = [], 0, 0, 0, 0
    judged = Judged(second)
    for k in range(deals):
        timed = timed_analysis(played_deal(rules, seed + k))
        analysis = timed.analysis
        for remark in [r for r in analysis.remarks if r.verdict.sample is not None][
                :references]:
            judged.judge(remark.verdict, remark.point.at, MISS[name])
        seconds.append(timed.seconds)
        first_marks += [timed.first_marked] if timed.first_marked is not None else []
        weighed += sum(r.lost is not None for r in analysis.remarks)
        agreeing, hint_seconds = repeated(analysis)
        agree += agreeing
        hints += hint_seconds
        costly = analysis.marked(DEFAULT_THRESHOLD)
        marks += len(costly)
        confirms += sum(confirmed(r) for r in costly)
        hinted = timed_analysis(played_deal(rules, seed + k, hinted=True)).analysis
        hint_marks += len(hinted.marked(DEFAULT_THRESHOLD))
    row: dict[str, float | int] = {
        "deals": deals, "decisions": len(agree), "weighed": weighed,
        "repeat_agreement": round(sum(agree) / len(agree), 4),
        "marks": marks, "marks_confirmed": round(confirms / marks, 3) if marks else 1.0,
        "marks_on_hint_deals": hint_marks,
        "cpu_s_per_deal_mean": round(statistics.mean(seconds), 2),
        "cpu_s_per_deal_max": round(max(seconds), 2),
        "first_mark_s_median": round(statistics.median(first_marks), 2) if first_marks else 0.0,
        "first_mark_s_max": round(max(first_marks, default=0.0), 2),
        "hint_cpu_s_median": round(statistics.median(hints), 3),
        "hint_cpu_s_p95": round(sorted(hints)[int(0.95 * len(hints))], 3),
        "hint_cpu_s_max": round(max(hints), 3),
    } | judged.row()
    print(f"{name:8} {row}", flush=True)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--reference", type=int, default=3,
                        help="card decisions of each deal set against the reference")
    parser.add_argument("--second-reference", action="store_true",
                        help="set a second reference against the first")
    known, rest = parser.parse_known_args()
    rows, deals = measured_games(
        GAMES, functools.partial(measure, references=known.reference,
                                 second=known.second_reference),
        5, __doc__.splitlines()[0], rest)
    marks = sum(int(r["marks"]) for r in rows.values())
    confirms = sum(float(r["marks_confirmed"]) * int(r["marks"]) for r in rows.values())
    decisions = sum(int(r["decisions"]) for r in rows.values())
    agreeing = sum(float(r["repeat_agreement"]) * int(r["decisions"]) for r in rows.values())
    summary = {
        "games": rows, "deals_per_game": deals,
        "repeat_agreement": round(agreeing / decisions, 4),
        "marks_on_hint_deals": sum(int(r["marks_on_hint_deals"]) for r in rows.values()),
        "marks": marks, "marks_confirmed": round(confirms / marks, 3) if marks else 1.0,
        "cpu_s_per_deal_max": max(float(r["cpu_s_per_deal_max"]) for r in rows.values()),
        "first_mark_s_max": max(float(r["first_mark_s_max"]) for r in rows.values()),
        "hint_cpu_s_p95_max": max(float(r["hint_cpu_s_p95"]) for r in rows.values()),
        "best_or_equal_min": min(float(r["best_or_equal"]) for r in rows.values()),
        "wrong_equals_max": max(float(r["wrong_equals"]) for r in rows.values()),
        "budget": {"trick": table_budget(False).name, "tarot": table_budget(True).name},
    }
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
