"""How long the review's hindsight (``game.hindsight.seen``) takes: every card decision
of seat 0 in deals the Confirmé plays at every seat, solved as the review solves them.

Reports the seconds per decision (median, p95, max), per deal (the whole hindsight of
the deal, what the player waits for), and the decisions left unsolved at the node cap;
by the compiled search where it was built (``ATOUT_CORE=python``: the Python one).
``--node-cap N``: the same decisions solved by ``hindsight.card_worths`` at N nodes
instead of the review's ``NODE_CAP`` (what a higher cap would cost).
Prints the figures, then one JSON line.

    python -m bench.hindsight_time --game coinche --deals 4 --seed 1
    python -m bench.hindsight_time --game coinche --deals 4 --seed 1 --node-cap 4000000
    ATOUT_CORE=python python -m bench.hindsight_time --game coinche --deals 4 --seed 1
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.solver_speed import stats_ms
from game.ai import Level, decide
from game.core import kernels
from game.engine.games import rules_class
from game.engine.match import Match
from game.engine.protocol import Phase
from game.engine.trickgame import TrickDeal
from game.hindsight import NODE_CAP, card_worths, seen

SEAT = 0


def deal_hindsight(game: str, players: int, seed: int,
                   node_cap: int | None = None) -> tuple[list[float], int]:
    """Seat 0's card decisions of one Confirmé deal (a match's first deal that was
    played, not passed out): the seconds each one's hindsight took, and how many were
    left unsolved."""
    rules = rules_class(game).from_json({"players": players})
    state, _ = Match.new(rules, seed)
    rng = random.Random(seed)
    times: list[float] = []
    unsolved = 0
    number, played = state.number, False
    while not state.is_over and not (played and state.number != number):
        played = played or state.deal.phase is Phase.PLAY
        number = number if played else state.number
        seat = state.current_player
        assert seat is not None
        action = decide(state.view(seat), Level.CONFIRME, rng).action
        if seat == SEAT and state.deal.phase is Phase.PLAY and len(state.legal_actions()) > 1:
            start = time.perf_counter()
            solved = (seen(state, SEAT, action) if node_cap is None
                      else card_worths(_trick_deal(state), node_cap))
            if _card_choice(state):
                times.append(time.perf_counter() - start)
                unsolved += solved is None
        state, _ = state.apply(action)
    return times, unsolved


def _trick_deal(state: Match) -> TrickDeal:
    assert isinstance(state.deal, TrickDeal), "the 32-card games only"
    return state.deal


def _card_choice(state: Match) -> bool:
    return len({getattr(a, "card", None) for a in state.legal_actions()}) > 1


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--game", default="coinche")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--node-cap", type=int, default=None,
                        help="nodes a decision (default: the review's NODE_CAP)")
    args = parser.parse_args(argv)
    per_decision: list[float] = []
    per_deal: list[float] = []
    unsolved = 0
    for k in range(args.deals):
        times, missed = deal_hindsight(args.game, args.players, args.seed + k,
                                        args.node_cap)
        per_decision += times
        per_deal.append(sum(times))
        unsolved += missed
    data = {"game": args.game, "players": args.players, "deals": args.deals,
            "seed": args.seed, "node_cap": args.node_cap or NODE_CAP,
            "compiled": kernels.double_dummy() is not None,
            "decision": stats_ms(per_decision), "deal": stats_ms(per_deal),
            "unsolved": unsolved, "python": sys.version.split()[0]}
    print(f"{args.game} {args.players}p hindsight, {args.deals} deals "
          f"({'compiled' if data['compiled'] else 'Python'} search): decision median "
          f"{data['decision']['median_ms']} ms, p95 {data['decision']['p95_ms']} ms, max "
          f"{data['decision']['max_ms']} ms; whole deal median {data['deal']['median_ms']} "
          f"ms, max {data['deal']['max_ms']} ms; {unsolved} of "
          f"{len(per_decision)} decisions unsolved at the node cap")
    print(json.dumps(data, sort_keys=True))
    return data


if __name__ == "__main__":
    main()
