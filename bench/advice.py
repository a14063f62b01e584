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

    .venv/bin/python bench/advice.py [--deals N] [--seed S]

Ends with one JSON line of the figures.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.advice import Advisor, current_position
from game.ai import Level, decide
from game.coach import DEFAULT_THRESHOLD, Analysis, Remark, new_analysis
from game.engine.match import AnyRules, Match
from game.engine.rules import BeloteRules, CoincheRules, TarotRules

GAMES: dict[str, AnyRules] = {
    "coinche": CoincheRules(), "belote4": BeloteRules(), "tarot4": TarotRules(players=4),
}


def played_deal(rules: AnyRules, seed: int, hinted: bool) -> Match:
    """A match after its first scored deal: every seat played by the Confirmé, or seat 0
    by the hint (``hinted``)."""
    match, _ = Match.new(rules, seed)
    rng = random.Random(seed)
    while not match.history:
        seat = match.current_player
        assert seat is not None
        if hinted and seat == 0:
            action = Advisor().verdict(current_position(match, 0)).decision.action
        else:
            action = decide(match.view(seat), Level.CONFIRME, rng).action
        match, _ = match.apply(action)
    return match


def analyse(match: Match) -> tuple[Analysis, float, float | None]:
    """The analysis from a fresh memory, its CPU seconds, and the CPU seconds to its
    first mark."""
    analysis = new_analysis(match, 0, 0)
    start = time.process_time()
    first_mark: float | None = None
    while not analysis.done:
        remark = analysis.weigh_next()
        if first_mark is None and remark.marked(DEFAULT_THRESHOLD):
            first_mark = time.process_time() - start
    return analysis, time.process_time() - start, first_mark


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


def measure(name: str, rules: AnyRules, deals: int, seed: int) -> dict[str, float | int]:
    seconds, first_marks, hints = [], [], []
    agree, marks, confirms, hint_marks, weighed = [], 0, 0, 0, 0
    for k in range(deals):
        analysis, spent, first_mark = analyse(played_deal(rules, seed + k, hinted=False))
        seconds.append(spent)
        first_marks += [first_mark] if first_mark is not None else []
        weighed += sum(r.lost is not None for r in analysis.remarks)
        agreeing, hint_seconds = repeated(analysis)
        agree += agreeing
        hints += hint_seconds
        costly = analysis.marked(DEFAULT_THRESHOLD)
        marks += len(costly)
        confirms += sum(confirmed(r) for r in costly)
        hinted, _, _ = analyse(played_deal(rules, seed + k, hinted=True))
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
    }
    print(f"{name:8} {row}", flush=True)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    args = parser.parse_args()
    rows = {name: measure(name, GAMES[name], args.deals, args.seed) for name in args.games}
    marks = sum(int(r["marks"]) for r in rows.values())
    confirms = sum(float(r["marks_confirmed"]) * int(r["marks"]) for r in rows.values())
    decisions = sum(int(r["decisions"]) for r in rows.values())
    agreeing = sum(float(r["repeat_agreement"]) * int(r["decisions"]) for r in rows.values())
    summary = {
        "games": rows, "deals_per_game": args.deals,
        "repeat_agreement": round(agreeing / decisions, 4),
        "marks_on_hint_deals": sum(int(r["marks_on_hint_deals"]) for r in rows.values()),
        "marks": marks, "marks_confirmed": round(confirms / marks, 3) if marks else 1.0,
        "cpu_s_per_deal_max": max(float(r["cpu_s_per_deal_max"]) for r in rows.values()),
        "first_mark_s_max": max(float(r["first_mark_s_max"]) for r in rows.values()),
        "hint_cpu_s_p95_max": max(float(r["hint_cpu_s_p95"]) for r in rows.values()),
    }
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
