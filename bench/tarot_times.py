"""Decision time of the tarot Expert at a thinking time, by kind of decision: its calls
(bidding by simulation), its écart (by simulation) and its cards (the card search).

Deals are played by the Confirmé at every seat; along the way the Expert is asked the
same decisions (its answer not played): every call, every card of the écart, and one card
in ``--card-every`` of the play (the card search costs the same all along).  Ends with
one JSON line; for the cards, also the worlds each search reached (median, p10).

    python -m bench.tarot_times --players 4 --deals 10 --think 0.3
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Iterator
from typing import Any

from bench.arena import time_stats
from game.ai import DEFAULT_THINK, Level, appraise, decide
from game.ai.tarot import tarot_decision
from game.ai.tarot_search import TarotWorldSearch
from game.engine.match import new_deal_state
from game.engine.protocol import Phase
from game.engine.rules import TarotRules
from game.engine.tarot import TarotDeal
from game.engine.tarot_actions import TarotDiscard
from game.engine.tarot_tricks import TarotView


def tarot_deals(rules: TarotRules, seed: int, count: int) -> Iterator[TarotDeal]:
    """``count`` deals dealt from ``seed``, the dealer turning: the same for every bench."""
    for index in range(count):
        state, _ = new_deal_state(rules, seed * 10_000 + index, index % rules.players)
        assert isinstance(state, TarotDeal)
        yield state


def kind_of(view: TarotView) -> str | None:
    """The decision's kind, or None for one the Expert leaves to the Confirmé."""
    if view.phase is Phase.BIDDING:
        return "bid"
    if any(isinstance(a, TarotDiscard) for a in view.legal):
        return "ecart"
    if view.phase is Phase.PLAY:
        return "card"
    return None


def card_worlds(view: TarotView, rng: random.Random, think: float | None) -> int | None:
    """The worlds the Expert's card search evaluated deciding ``view`` as ``decide``
    does within ``think`` (None: no deadline); None when it weighed nothing (the
    Confirmé's card)."""
    made: list[TarotWorldSearch] = []

    def source(*args: Any) -> TarotWorldSearch:
        made.append(TarotWorldSearch(*args))
        return made[-1]

    appraise(view, rng, think, tarot_source=source)
    return len(made[0].values) if made and made[0].weighs else None


def percentile_10(counts: list[int]) -> int:
    """The tenth percentile of ``counts`` (the lower one), 0 for none."""
    ordered = sorted(counts)
    return ordered[(len(ordered) - 1) // 10] if ordered else 0


def main(argv: list[str] | None = None) -> dict[str, object]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", type=float, default=DEFAULT_THINK)
    parser.add_argument("--card-every", type=int, default=6)
    args = parser.parse_args(argv)
    rules = TarotRules(players=args.players)
    times: dict[str, list[float]] = {"bid": [], "ecart": [], "card": []}
    rng = random.Random(args.seed)
    cards = 0
    worlds: list[int] = []  # reached by each card search
    for state in tarot_deals(rules, args.seed, args.deals):
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            kind = kind_of(view)
            if kind == "card":
                cards += 1
            if kind is not None and len(view.legal) > 1 and (
                    kind != "card" or cards % args.card_every == 0):
                started = time.perf_counter()
                if kind == "card":
                    reached = card_worlds(view, rng, args.think)
                    worlds += [] if reached is None else [reached]
                else:
                    decide(view, Level.EXPERT, rng, think=args.think)
                times[kind].append(time.perf_counter() - started)
            state, _ = state.apply(tarot_decision(view).action)
    stats = {kind: time_stats(spent) for kind, spent in times.items()}
    print(f"tarot {args.players}p, {args.deals} deals, seed {args.seed}, think {args.think} s")
    for kind, s in stats.items():
        print(f"  {kind}: median {s['median_ms']:.0f} ms, p95 {s['p95_ms']:.0f} ms, "
              f"max {s['max_ms']:.0f} ms ({len(times[kind])} decisions)")
    reach = {"median": statistics.median(worlds) if worlds else 0,
             "p10": percentile_10(worlds), "searches": len(worlds)}
    print(f"  card worlds reached: median {reach['median']}, p10 {reach['p10']} "
          f"({reach['searches']} searches)")
    data: dict[str, object] = {"players": args.players, "deals": args.deals,
                               "seed": args.seed, "think": args.think, "times": stats,
                               "worlds": reach}
    print(json.dumps(data, sort_keys=True))
    return data


if __name__ == "__main__":
    main(sys.argv[1:])
