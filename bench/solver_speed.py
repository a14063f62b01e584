"""Expert search speed and strength: the double-dummy solver and the determinized player.

1. Full deals solved double-dummy from the first card (coinche, contracts from random
   legal bidding): time (median, p95, max) and nodes per second, by the compiled search
   where it was built (``ATOUT_CORE=python``: the Python one; ``bench/core_dds.py``
   compares both on the same deals).
2. Decision time of ``choose_card`` over whole deals of coinche and belote 4 / 3 / 2.
3. (``--duplicate N``) ``choose_card`` against the Confirmé heuristic on fixed contracts:
   coinche deals bid once by the Confirmé AI, then played twice with the same cards, the
   search on seats 0 and 2 then on 1 and 3.  Reports the mean score difference per deal.

Prints the figures, then one JSON line.

    python -m bench.solver_speed --positions 10 --deals 2 --duplicate 20
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from bench.dds.player import DEFAULT_WORLDS, choose_card
from game.ai import Level, decide
from game.core import kernels
from game.dds.position import position_of
from game.dds.solver import Solver
from game.engine.actions import Announce
from game.engine.match import new_deal_state
from game.engine.protocol import Phase
from game.engine.rules import BeloteRules, CoincheRules, TrickGameRules
from game.engine.trickgame import TrickDeal
from tests.play_fixtures import play_started


def stats_ms(seconds: Sequence[float]) -> dict[str, float]:
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
    return {"median_ms": round(statistics.median(ordered) * 1000, 1),
            "p95_ms": round(p95 * 1000, 1), "max_ms": round(ordered[-1] * 1000, 1),
            "count": len(ordered)}


def full_deal_solves(positions: int) -> dict[str, Any]:
    times: list[float] = []
    nodes = 0
    for seed in range(positions):
        pos = position_of(play_started(CoincheRules(), seed))
        solver = Solver(pos, pos.turn)
        start = time.process_time()
        solver.value()
        times.append(time.process_time() - start)
        nodes += solver.nodes
    return {**stats_ms(times), "nodes_per_s": round(nodes / sum(times)),
            "compiled": kernels.double_dummy() is not None}


def decision_times(
    rules: TrickGameRules, deals: int, deadline_s: float, worlds: int
) -> dict[str, float]:
    times: list[float] = []
    for seed in range(deals):
        state = play_started(rules, 1000 + seed)
        rng = random.Random(seed)
        while not state.is_over:
            view = state.view(state.turn or 0)
            start = time.perf_counter()
            action = choose_card(view, rng, deadline_s=deadline_s, max_worlds=worlds,
                                 rules=rules)
            times.append(time.perf_counter() - start)
            state, _ = state.apply(action)
    return stats_ms(times)


def bid_by_confirme(rules: CoincheRules, seed: int) -> TrickDeal | None:
    """A deal whose bidding the Confirmé AI did, at its first card (None: all passed)."""
    state, _ = new_deal_state(rules, seed, seed % 4)
    rng = random.Random(seed)
    while state.phase is not Phase.PLAY:
        if state.is_over:
            return None
        state, _ = state.apply(decide(state.view(state.turn or 0), Level.CONFIRME, rng).action)
    return state


def play_out(state: TrickDeal, search_seats: tuple[int, ...], seed: int,
             deadline_s: float, worlds: int, score_aware: bool) -> TrickDeal:
    rngs = [random.Random(seed * 10 + seat) for seat in range(4)]
    while not state.is_over:
        seat = state.turn or 0
        view = state.view(seat)
        if seat not in search_seats:
            action = decide(view, Level.CONFIRME, rngs[seat]).action
        elif any(isinstance(a, Announce) for a in view.legal):
            action = Announce()  # announcing only adds points (the heuristic does too)
        else:
            action = choose_card(view, rngs[seat], deadline_s=deadline_s, max_worlds=worlds,
                                 rules=state.rules, score_aware=score_aware)
        state, _ = state.apply(action)
    return state


def duplicate(deals: int, deadline_s: float, worlds: int, score_aware: bool) -> dict[str, Any]:
    rules = CoincheRules()
    diffs: list[float] = []
    seed = 0
    while len(diffs) < deals:
        seed += 1
        start = bid_by_confirme(rules, 5000 + seed)
        if start is None:
            continue
        per_seating = []
        for seats in ((0, 2), (1, 3)):
            result = play_out(start, seats, seed, deadline_s, worlds, score_aware).result()
            assert result is not None
            side = seats[0] % 2
            per_seating.append(result.scores[side] - result.scores[1 - side])
        diffs.append(statistics.fmean(per_seating))
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    return {"deals": len(diffs), "mean_search_minus_confirme": round(mean, 1),
            "ci95": [round(mean - half, 1), round(mean + half, 1)],
            "deals_won": sum(d > 0 for d in diffs), "deals_lost": sum(d < 0 for d in diffs)}


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--positions", type=int, default=10, help="full deals to solve")
    parser.add_argument("--deals", type=int, default=2, help="deals per game for timing")
    parser.add_argument("--deadline", type=float, default=0.3, help="seconds per decision")
    parser.add_argument("--worlds", type=int, default=DEFAULT_WORLDS, help="worlds per card")
    parser.add_argument("--duplicate", type=int, default=0, help="duplicate deals to play")
    parser.add_argument("--score-aware", action="store_true",
                        help="weigh exact values by the deal score (choose_card option)")
    args = parser.parse_args(argv)
    data: dict[str, Any] = {"python": sys.version.split()[0], "deadline_s": args.deadline,
                            "worlds": args.worlds, "score_aware": args.score_aware}
    if args.positions:
        data["full_deal_solve"] = solve = full_deal_solves(args.positions)
        print(f"full deal, double dummy from the first card ({solve['count']} coinche deals, "
              f"CPU): median {solve['median_ms']} ms, p95 {solve['p95_ms']} ms, "
              f"max {solve['max_ms']} ms; {solve['nodes_per_s']} nodes/s "
              f"({'compiled' if solve['compiled'] else 'Python'} search)")
    games = [CoincheRules(), BeloteRules(), BeloteRules(players=3), BeloteRules(players=2)]
    decisions: dict[str, Any] = {}
    for rules in games if args.deals else []:
        name = f"{rules.game}{rules.players}"
        decisions[name] = t = decision_times(rules, args.deals, args.deadline, args.worlds)
        print(f"choose_card {name}: median {t['median_ms']} ms, p95 {t['p95_ms']} ms, "
              f"max {t['max_ms']} ms over {t['count']} decisions")
    if decisions:
        data["choose_card"] = decisions
    if args.duplicate:
        data["duplicate"] = dup = duplicate(args.duplicate, args.deadline, args.worlds,
                                            args.score_aware)
        print(f"duplicate coinche, search vs Confirmé: {dup['mean_search_minus_confirme']:+} "
              f"points per deal (95% CI {dup['ci95'][0]} .. {dup['ci95'][1]}), "
              f"{dup['deals_won']} won, {dup['deals_lost']} lost of {dup['deals']}")
    print(json.dumps(data, sort_keys=True))
    return data


if __name__ == "__main__":
    main()
