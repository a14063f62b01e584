"""Tarot, the Expert's last tricks: solved exactly in each world, or rolled out.

Two measures at four players (``--players``):

- a duel in the arena, duplicate deals: every seat plays the Confirmé until the cards
  left are few enough to be solved (``tarot_endgame.affordable``), then the Expert, A
  solving each sampled world exactly, B finishing it with Confirmé rollouts as it does
  earlier in the deal; the difference is what the exact endgame is worth;
- the time of the Expert's endgame decisions (default thinking time) on positions from
  real deals, at three, four and five players.

    python -m bench.tarot_endgame --deals 400 --jobs 2
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from bench.arena import Setup, Variant, report, run, time_stats
from game.ai import Level, decide
from game.ai.tarot_endgame import affordable
from game.ai.tarot_search import tarot_expert_decision
from game.engine.protocol import Action, Phase
from game.engine.rules import TarotRules
from game.engine.tarot import TarotDeal
from game.engine.tarot_tricks import TarotView


def _late_expert(exact: bool, state: Any, seat: int, rng: random.Random) -> Action:
    view = state.view(seat)
    if view.phase is Phase.PLAY and affordable(view.hand_sizes):
        return tarot_expert_decision(view, rng, exact_endgame=exact).action
    return decide(view, Level.CONFIRME, rng).action


EXACT = Variant("exact-endgame", functools.partial(_late_expert, True))
ROLLED = Variant("rollout-endgame", functools.partial(_late_expert, False))


def endgame_positions(players: int, count: int, seed: int) -> list[TarotDeal]:
    """Deals bid and played by the Confirmé up to the first position the Expert solves."""
    return confirme_positions(players, count, seed,
                              lambda v: v.phase is Phase.PLAY and affordable(v.hand_sizes))


def confirme_positions(players: int, count: int, seed: int,
                       wanted: Callable[[TarotView], bool]) -> list[TarotDeal]:
    """Deals bid and played by the Confirmé up to the first position whose current
    player's view is ``wanted``, ``count`` of them."""
    rng = random.Random(seed)
    found: list[TarotDeal] = []
    while len(found) < count:
        deal, _ = TarotDeal.new(TarotRules(players=players), rng.getrandbits(62),
                                rng.randrange(players))
        while not deal.is_over:
            seat = deal.current_player
            assert seat is not None
            view = deal.view(seat)
            if wanted(view):
                found.append(deal)
                break
            deal, _ = deal.apply(decide(view, Level.CONFIRME, rng).action)
    return found


def decision_times(players: int, count: int, seed: int) -> dict[str, float]:
    seconds = []
    for k, deal in enumerate(endgame_positions(players, count, seed)):
        view = deal.view(deal.current_player or 0)
        start = time.perf_counter()
        tarot_expert_decision(view, random.Random(k))
        seconds.append(time.perf_counter() - start)
    return time_stats(seconds)


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--positions", type=int, default=60, help="for the timing, per count")
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    setup = Setup(TarotRules(players=args.players), EXACT, ROLLED, args.seed)
    start = time.perf_counter()
    duel = report(setup, run(setup, args.deals, 0, args.jobs), time.perf_counter() - start)
    low, high = duel["ci95"]
    print(f"exact - rollout endgame, {args.players} players, {duel['deals']} deals: "
          f"{duel['mean_a_minus_b']:+.2f} marks a deal ({low:+.2f} .. {high:+.2f})")
    timing = {}
    for players in (3, 4, 5):
        timing[str(players)] = stats = decision_times(players, args.positions, args.seed)
        print(f"endgame decision, {players} players: median {stats['median_ms']:.0f} ms, "
              f"p95 {stats['p95_ms']:.0f} ms, max {stats['max_ms']:.0f} ms")
    figures = {"players": args.players, "deals": duel["deals"],
               "exact_minus_rollout": duel["mean_a_minus_b"], "ci95": duel["ci95"],
               "void_plays": duel["void_plays"], "endgame_decision_ms": timing}
    print(json.dumps(figures, sort_keys=True))
    return figures


if __name__ == "__main__":
    main()
