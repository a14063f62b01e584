"""What the coach's benches (``advice.py``, ``coach.py``) share: a deal played by the
Confirmé (seat 0 by the hint when asked), its analysis timed in this thread, and the
command line that runs a measure over the games."""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from game.advice import Advisor, current_position
from game.ai import Level, decide
from game.coach import DEFAULT_THRESHOLD, Analysis, new_analysis
from game.engine.match import AnyRules, Match

Row = dict[str, float | int]
Measure = Callable[[str, AnyRules, int, int], Row]  # (name, rules, deals, seed)


def played_deal(rules: AnyRules, seed: int, hinted: bool = False) -> Match:
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


@dataclass(frozen=True)
class TimedAnalysis:
    """The analysis of seat 0's deal from a fresh memory, its CPU seconds, and the CPU
    seconds to its first weighed and first marked decision (None: none)."""

    analysis: Analysis
    seconds: float
    first_weighed: float | None
    first_marked: float | None


def timed_analysis(match: Match) -> TimedAnalysis:
    analysis = new_analysis(match, 0, 0)
    start = time.process_time()
    first: float | None = None
    first_marked: float | None = None
    while not analysis.done:
        remark = analysis.weigh_next()
        spent = time.process_time() - start
        first = spent if first is None else first
        if first_marked is None and remark.marked(DEFAULT_THRESHOLD):
            first_marked = spent
    return TimedAnalysis(analysis, time.process_time() - start, first, first_marked)


def measured_games(games: Mapping[str, AnyRules], measure: Measure, deals: int,
                   description: str, argv: Sequence[str] | None = None,
                   ) -> tuple[dict[str, Row], int]:
    """``measure`` of each game the command line (``argv``, the process's by default)
    asks for (``--games``, all by default), on ``--deals`` deals from match seed
    ``--seed``; and the deals per game."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--deals", type=int, default=deals)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", nargs="*", default=list(games))
    args = parser.parse_args(argv)
    rows = {name: measure(name, games[name], args.deals, args.seed) for name in args.games}
    return rows, args.deals
