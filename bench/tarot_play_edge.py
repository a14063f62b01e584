"""Tarot: what the Expert's own play adds to each call, over the Confirmé play-outs.

The Expert's bidding simulation (``tarot_bid_search``) plays its worlds out with the
Confirmé's écart and card play at every seat, the bidder's included.  Here each deal is
bid the Confirmé's way up to South's first call; then, for each call South could make
(pass, Prise, Garde), the deal is played twice, the same cards and seat generators:
South's later decisions (écart, poignée, chelem, cards) the Confirmé's, then the
Expert's (no deadline: its world cap, reproducible under load); the other seats play
``--others`` (the Confirmé by default).  The edge of a call is South's marks with the
Expert's play less those with the Confirmé's: per call, and for taking (a contract's
edge less passing's, deal by deal), all deals and where the Confirmé passes.

    python -m bench.tarot_play_edge --players 4 --deals 60 --seed 3
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from bench.arena import mean_ci
from bench.tarot_bids import SOUTH, call_name, deal_state, seat_rngs
from game.ai import Level, decide
from game.ai.tarot import tarot_decision
from game.engine.protocol import Action, Phase
from game.engine.rules import TarotRules
from game.engine.tarot import TarotDeal
from game.engine.tarot_actions import TarotBid, TarotPass
from game.engine.tarot_scoring import Contract

CALLS = (None, Contract.PRISE, Contract.GARDE)  # None: pass


def to_south_call(state: TarotDeal, rngs: Sequence[random.Random]) -> TarotDeal:
    """The deal once the seats before South have bid the Confirmé's way."""
    while state.current_player != SOUTH:
        seat = state.current_player
        assert seat is not None
        state, _ = state.apply(decide(state.view(seat), Level.CONFIRME, rngs[seat]).action)
    return state


def finish(state: TarotDeal, call: Action, south: Level, others: Level,
           rngs: Sequence[random.Random]) -> int:
    """South's marks once it has made ``call`` and the deal is played out, South's
    later decisions by ``south`` (its bids after the first the Confirmé's), the other
    seats by ``others``; no deadline."""
    state, _ = state.apply(call)
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        level = south if seat == SOUTH else others
        if view.phase is Phase.BIDDING:
            level = Level.CONFIRME
        state, _ = state.apply(decide(view, level, rngs[seat], None).action)
    result = state.result()
    return 0 if result is None else result.scores[SOUTH]


def run(rules: TarotRules, deals: int, seed: int, others: Level) -> list[dict[str, Any]]:
    rows = []
    for index in range(deals):
        start = to_south_call(deal_state(rules, seed, index),
                              seat_rngs(seed, index, rules.players))
        view = start.view(SOUTH)
        legal = set(view.legal)
        confirme = tarot_decision(view).action
        row: dict[str, Any] = {"confirme": call_name(confirme), "calls": {}}
        for contract in CALLS:
            call: Action = TarotPass() if contract is None else TarotBid(contract)
            if call not in legal:
                continue
            marks = {level.name: finish(start, call, level, others,
                                        seat_rngs(seed, index, rules.players))
                     for level in (Level.CONFIRME, Level.EXPERT)}
            row["calls"][call_name(call)] = marks
        rows.append(row)
        print(f"  deal {index}: {json.dumps(row)}", flush=True)
    return rows


def figures(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for call in [call_name(TarotPass() if c is None else TarotBid(c)) for c in CALLS]:
        played = [r["calls"][call] for r in rows if call in r["calls"]]
        if not played:
            continue
        edge, low, high = mean_ci([p["EXPERT"] - p["CONFIRME"] for p in played])
        out[call] = {"n": len(played),
                     "confirme_play": round(mean_ci([p["CONFIRME"] for p in played])[0], 1),
                     "expert_play": round(mean_ci([p["EXPERT"] for p in played])[0], 1),
                     "edge": round(edge, 1), "ci95": [round(low, 1), round(high, 1)]}
    for scope, chosen in (("all", rows), ("confirme_passes",
                                          [r for r in rows if r["confirme"] == "Pass"])):
        for call in ("Prise", "Garde"):
            pairs = [r["calls"] for r in chosen if call in r["calls"] and "Pass" in r["calls"]]
            if not pairs:
                continue
            gain, low, high = mean_ci([(p[call]["EXPERT"] - p[call]["CONFIRME"])
                                       - (p["Pass"]["EXPERT"] - p["Pass"]["CONFIRME"])
                                       for p in pairs])
            out[f"taking_edge_{call}_{scope}"] = {
                "n": len(pairs), "edge": round(gain, 1), "ci95": [round(low, 1), round(high, 1)],
                "confirme_play_gain": round(mean_ci([p[call]["CONFIRME"] - p["Pass"]["CONFIRME"]
                                                     for p in pairs])[0], 1),
                "expert_play_gain": round(mean_ci([p[call]["EXPERT"] - p["Pass"]["EXPERT"]
                                                   for p in pairs])[0], 1)}
    return out


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--others", choices=("confirme", "expert"), default="confirme")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    others = Level.EXPERT if args.others == "expert" else Level.CONFIRME
    rows = run(TarotRules(players=args.players), args.deals, args.seed, others)
    data = {"bench": "tarot_play_edge", "players": args.players, "deals": args.deals,
            "seed": args.seed, "others": args.others, "calls": figures(rows),
            "wall_s": round(time.perf_counter() - started, 1), "python": sys.version.split()[0]}
    print(f"tarot {args.players}p, {args.deals} deals, seed {args.seed}, others "
          f"{args.others}: South's marks, Confirmé play -> Expert play (edge, 95 % CI)")
    for name, f in data["calls"].items():
        if "confirme_play" in f:
            print(f"  {name:>6}: n {f['n']:3}, {f['confirme_play']:+7.1f} -> "
                  f"{f['expert_play']:+7.1f}, edge {f['edge']:+6.1f} "
                  f"({f['ci95'][0]:+.1f} .. {f['ci95'][1]:+.1f})")
        else:
            print(f"  {name}: n {f['n']:3}, gain of taking {f['confirme_play_gain']:+.1f} -> "
                  f"{f['expert_play_gain']:+.1f}, edge {f['edge']:+.1f} "
                  f"({f['ci95'][0]:+.1f} .. {f['ci95'][1]:+.1f})")
    print(f"  wall time {data['wall_s']} s")
    print(json.dumps(data, sort_keys=True))
    return data


if __name__ == "__main__":
    main()
