"""Decision time of the coinche Expert's bidding at a thinking time: every call of
Confirmé auctions asked of the Expert, apart where it may coinche or surcoinche (the
calls the simulated doubling adds work to).

    python -m bench.bid_times --deals 40 --think 0.3 --simulated-doubling on

``--simulated-doubling on``: the Expert coinching by ``bench/simulated_doubling.py``.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Sequence

from bench.arena import time_stats
from bench.simulated_doubling import doubling_decision
from game.ai import DEFAULT_THINK, Level, decide
from game.ai.bidding import coinche_bidding
from game.engine.actions import Coinche, Surcoinche
from game.engine.coinche import CoincheDeal
from game.engine.protocol import Phase
from game.engine.rules import CoincheRules


def main(argv: Sequence[str] | None = None) -> dict[str, object]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--think", type=float, default=DEFAULT_THINK)
    parser.add_argument("--simulated-doubling", choices=("on", "off"), default="off",
                        help="on: the Expert coinching by bench/simulated_doubling.py")
    args = parser.parse_args(argv)
    simulated = args.simulated_doubling == "on"
    rules = CoincheRules()
    times: dict[str, list[float]] = {"doubling": [], "other": []}
    for seed in range(args.deals):
        deal, _ = CoincheDeal.new(rules, seed, seed % 4)
        rng = random.Random(seed)
        while deal.phase is Phase.BIDDING and not deal.is_over:
            seat = deal.current_player
            assert seat is not None
            view = deal.view(seat)
            start = time.perf_counter()
            if simulated:
                doubling_decision(view, rng, args.think)
            else:
                decide(view, Level.EXPERT, rng, args.think)
            spent = time.perf_counter() - start
            doubling = any(isinstance(a, Coinche | Surcoinche) for a in view.legal)
            times["doubling" if doubling else "other"].append(spent)
            deal, _ = deal.apply(coinche_bidding(view).action)
    figures: dict[str, object] = {"think": args.think, "deals": args.deals,
                                  "simulated_doubling": simulated,
                                  "all": time_stats(times["doubling"] + times["other"]),
                                  **{k: time_stats(v) for k, v in times.items()}}
    for key, value in figures.items():
        print(f"{key:>10}: {value}")
    print(json.dumps(figures))
    return figures


if __name__ == "__main__":
    main()
