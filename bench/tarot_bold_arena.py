"""Tarot: the Expert with another ``Boldness`` against the table's, in duplicate, cheaply.

The arena's measure (``bench/arena.py``, tarot: A at one seat in turn, B at the others,
A's marks less the mean of B's, no deadline, common seat generators), for two Experts
that differ only in their bidding's ``Boldness`` (A: ``--boldness``, B: the table's,
``tarot_bid_search.BOLDNESS``).  Each seating's auction is played first, A's every call
asked of B too (on a copy of the seat's generator): where A calls as B would in every
seating, the deal plays the same whoever sits where, and A − B is 0 exactly (the same
code, the generators advancing alike), so the deal is not played out.  The other deals
are played out in full, once with B everywhere and once per seating where A called
otherwise.

    python -m bench.tarot_bold_arena --players 3 --deals 200 --seed 5 \\
        --boldness '{"taker_edge": 25, "margin": 8, "risk": 1.5}'
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from bench.arena import mean_ci
from game.ai import Level, decide
from game.ai import tarot_bid_search as search
from game.engine.match import new_deal_state
from game.engine.protocol import Action, Phase
from game.engine.rules import TarotRules
from game.engine.tarot import TarotDeal


class Table:
    """The deals of a run and the two Experts' boldness."""

    def __init__(self, players: int, seed: int, a: search.Boldness, b: search.Boldness):
        self.rules = TarotRules(players=players)
        self.seed = seed
        self.a, self.b = a, b

    def deal(self, index: int) -> tuple[TarotDeal, list[random.Random]]:
        deal_seed = random.Random(f"{self.seed}-deal-{index}").getrandbits(62)
        state, _ = new_deal_state(self.rules, deal_seed, index % self.rules.players)
        assert isinstance(state, TarotDeal)
        rngs = [random.Random(f"{self.seed}-{index}-{s}") for s in range(self.rules.players)]
        return state, rngs

    def act(self, state: TarotDeal, seat: int, bold: search.Boldness,
            rng: random.Random) -> Action:
        """The Expert's action, its bidding as bold as ``bold`` (the table's put back)."""
        players = self.rules.players
        table_bold = search.BOLDNESS[players]
        search.BOLDNESS[players] = bold
        try:
            return decide(state.view(seat), Level.EXPERT, rng, None).action
        finally:
            search.BOLDNESS[players] = table_bold

    def auction_differs(self, index: int, a_seat: int) -> bool:
        """Whether A at ``a_seat`` calls otherwise than B would, in this deal's auction."""
        state, rngs = self.deal(index)
        differs = False
        while not state.is_over and state.phase is Phase.BIDDING:
            seat = state.current_player
            assert seat is not None
            if seat == a_seat:  # B asked with the generator as A found it
                b_rng = copy.deepcopy(rngs[seat])
                action = self.act(state, seat, self.a, rngs[seat])
                differs |= action != self.act(state, seat, self.b, b_rng)
            else:
                action = self.act(state, seat, self.b, rngs[seat])
            state, _ = state.apply(action)
        return differs

    def scores(self, index: int, a_seat: int | None) -> tuple[int, ...]:
        """The deal played out, A at ``a_seat`` (None: B everywhere)."""
        state, rngs = self.deal(index)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            bold = self.a if seat == a_seat else self.b
            state, _ = state.apply(self.act(state, seat, bold, rngs[seat]))
        result = state.result()
        return tuple(result.scores) if result is not None else (0,) * self.rules.players

    def a_minus_b(self, index: int) -> tuple[float, list[int]]:
        """The deal's A − B, and the seatings where A called otherwise."""
        n = self.rules.players
        changed = [k for k in range(n) if self.auction_differs(index, k)]
        if not changed:
            return 0.0, changed
        common = self.scores(index, None)
        diffs = []
        for k in range(n):
            s = self.scores(index, k) if k in changed else common
            diffs.append(s[k] - statistics.fmean(s[j] for j in range(n) if j != k))
        return statistics.fmean(diffs), changed


def run(table: Table, deals: int) -> dict[str, Any]:
    diffs: list[float] = []
    changed = 0
    for index in range(deals):
        diff, seats = table.a_minus_b(index)
        diffs.append(diff)
        changed += bool(seats)
        if not seats:
            print(f"  deal {index}: the same calls", flush=True)  # the deals reached, if stopped
        else:
            mean, low, high = mean_ci(diffs)
            print(f"  deal {index}: A called otherwise at seats {seats}, A - B {diff:+.1f};"
                  f" after {len(diffs)} deals {mean:+.2f} ({low:+.2f} .. {high:+.2f})",
                  flush=True)
    mean, low, high = mean_ci(diffs)
    return {"deals": deals, "changed_deals": changed, "a_minus_b": round(mean, 2),
            "ci95": [round(low, 2), round(high, 2)]}


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--boldness", default="{}",
                        help="A's Boldness fields as JSON, over the defaults of Boldness()")
    parser.add_argument("--b-boldness", default=None,
                        help="B's, the same way (default: the table's BOLDNESS)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    a = search.Boldness(**json.loads(args.boldness))
    b = (search.BOLDNESS[args.players] if args.b_boldness is None
         else search.Boldness(**json.loads(args.b_boldness)))
    data: dict[str, Any] = {"bench": "tarot_bold_arena", "players": args.players,
                            "seed": args.seed, "a": vars(a), "b": vars(b)}
    data.update(run(Table(args.players, args.seed, a, b), args.deals))
    data["wall_s"] = round(time.perf_counter() - started, 1)
    data["python"] = sys.version.split()[0]
    print(f"tarot {args.players}p, {args.deals} deals, seed {args.seed}, no deadline: A {a} "
          f"- B {b}: {data['a_minus_b']:+.2f} a deal ({data['ci95'][0]:+.2f} .. "
          f"{data['ci95'][1]:+.2f}), A called otherwise in {data['changed_deals']} deals")
    print(json.dumps(data, sort_keys=True))
    return data


if __name__ == "__main__":
    main()
