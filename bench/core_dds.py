"""The compiled double-dummy search (``game/core/_dds32.c``) against the Python solver
(``game/dds/solver.py``), on the same positions in one run.

1. Differential sweep: random late positions of every game, player count, legality option
   and trump mode (1 to 4 tricks left, a trick in progress or not, exact or horizon
   searches, some under a node cap), and full deals at their first card searched at a
   horizon or under a node cap.  Each position is searched by both: each legal card's
   value, then the position's value on the same table, and the nodes visited, must be
   identical (so a node cap stops both at the same node).
2. Speed: the value of every first card of full coinche deals (``Solver.values``), the
   core on ``--speed-deals`` deals, the Python search on the first ``--python-deals`` of
   them; CPU time.

Prints the figures, then one JSON line.

    python -m bench.core_dds --positions 100000 --speed-deals 100 --python-deals 3
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.solver_speed import stats_ms
from game.core import compiled
from game.dds.position import Position, bits, position_of
from game.dds.solver import SearchAborted, Solver
from game.engine.cards import DECK32, Suit
from game.engine.rules import CoincheRules, TrickGameRules
from game.engine.tricks import ALL_TRUMP, NO_TRUMP, Trump
from tests.play_fixtures import play_started, rule_sets

RULE_SETS: tuple[TrickGameRules, ...] = tuple(rule_sets())
TRUMPS: tuple[Trump, ...] = (NO_TRUMP, ALL_TRUMP, *(Trump.of_suit(s) for s in Suit))


@dataclass(frozen=True)
class Case:
    """A position and how it is searched."""

    position: Position
    seat: int
    horizon: int | None
    node_cap: int | None


def late_case(rng: random.Random) -> Case:
    """A random position with 1 to 4 tricks left: any rule set, any trump mode, random
    hands, a random number of legal cards of the trick in progress already played."""
    rules = rng.choice(RULE_SETS)
    players = rules.players
    tricks_left = rng.choice((1, 2, 2, 3, 3, 3, 4, 4))
    cards = rng.sample(DECK32, tricks_left * players)
    hands = [cards[seat::players] for seat in range(players)]
    position = Position.build(rules, rng.choice(TRUMPS), hands, (), rng.randrange(players))
    for _ in range(rng.randrange(players)):
        position = position.play(rng.choice(bits(position.legal())))
    horizon = rng.choice((None, None, None, None, 0, 1))
    node_cap = rng.choice((None,) * 9 + (rng.randrange(1, 4000),))
    return Case(position, rng.randrange(players), horizon, node_cap)


def full_deal_case(rng: random.Random) -> Case:
    """A real deal at its first card (random legal bidding), searched one trick deep (0)
    or exactly under a small node cap: the Python search stays fast."""
    rules = rng.choice(RULE_SETS)
    position = position_of(play_started(rules, rng.randrange(1_000_000)))
    seat = rng.randrange(rules.players)
    if rng.random() < 0.5:
        return Case(position, seat, 0, None)
    return Case(position, seat, None, rng.randrange(1000, 20_000))


def cases(count: int, seed: int, full_every: int = 50) -> Iterator[Case]:
    """``count`` cases, one in ``full_every`` a full deal."""
    rng = random.Random(seed)
    for k in range(count):
        yield full_deal_case(rng) if k % full_every == full_every - 1 else late_case(rng)


Outcome = tuple[object, object, int]  # values (or "aborted"), value (or "aborted"), nodes


def outcome(case: Case, use_core: bool) -> Outcome:
    """Each legal card's value, then the position's value on the same table, and the
    nodes visited: what both searches must give alike."""
    solver = Solver(case.position, case.seat, node_cap=case.node_cap, horizon=case.horizon,
                    use_core=use_core)
    if use_core and not solver.compiled:
        raise RuntimeError("the compiled core is not built (make core)")
    results: list[object] = []
    for search in (solver.values, solver.value):
        try:
            results.append(search())
        except SearchAborted:
            results.append("aborted")
    return results[0], results[1], solver.nodes


def mismatches(count: int, seed: int) -> tuple[int, list[str]]:
    """The cases checked and a description of each that differs."""
    differ: list[str] = []
    checked = 0
    for case in cases(count, seed):
        python, core = outcome(case, use_core=False), outcome(case, use_core=True)
        checked += 1
        if python != core:
            differ.append(f"{case}: python {python}, core {core}")
    return checked, differ


def first_card_values(deals: int, use_core: bool) -> tuple[list[float], list[Any]]:
    """CPU seconds of each legal first card's value on coinche deals 0.., and the values."""
    times: list[float] = []
    found: list[Any] = []
    for seed in range(deals):
        position = position_of(play_started(CoincheRules(), seed))
        solver = Solver(position, position.turn, use_core=use_core)
        start = time.process_time()
        found.append(solver.values())
        times.append(time.process_time() - start)
    return times, found


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--positions", type=int, default=5000, help="positions to compare")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--speed-deals", type=int, default=50,
                        help="full coinche deals solved by the core")
    parser.add_argument("--python-deals", type=int, default=2,
                        help="of those, solved by the Python search too")
    args = parser.parse_args(argv)
    if compiled("dds32") is None:
        raise SystemExit("the compiled core is not built: make core")
    data: dict[str, Any] = {"python": sys.version.split()[0]}
    if args.positions:
        start = time.perf_counter()
        checked, differ = mismatches(args.positions, args.seed)
        for line in differ[:10]:
            print("MISMATCH", line)
        data["differential"] = {"checked": checked, "mismatches": len(differ),
                                "seconds": round(time.perf_counter() - start, 1)}
        print(f"differential: {checked} positions compared, {len(differ)} mismatches")
    if args.speed_deals:
        core_times, core_values = first_card_values(args.speed_deals, use_core=True)
        python_times, python_values = first_card_values(args.python_deals, use_core=False)
        both = len(python_times)
        same = python_values == core_values[:both]
        speedup = sum(python_times) / max(1e-9, sum(core_times[:both])) if both else None
        core, python = stats_ms(core_times), stats_ms(python_times) if both else {}
        data["first_card_values"] = {"core": core, "python": python, "same_values": same,
                                     "speedup_same_deals": speedup and round(speedup, 1)}
        for name, t in (("core", core), ("python", python)):
            if t:
                print(f"every first card of a coinche deal, {name}: median {t['median_ms']} "
                      f"ms, p95 {t['p95_ms']} ms, max {t['max_ms']} ms over {t['count']} deals")
        if both:
            print(f"on the {both} deals both solved: the same values {same}, "
                  f"the core {speedup:.1f} times faster")
    print(json.dumps(data, sort_keys=True))
    return data


if __name__ == "__main__":
    main()
