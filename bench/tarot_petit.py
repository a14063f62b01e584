"""Where the Petit goes when the Confirmé plays every seat: kept or lost by its holder's
camp (the taker's or the defence's), in the last trick or before, led or not.

A lost Petit is the largest swing of tarot's card play (a bout: 4.5 points and 5 points of
target, or the Petit au bout for the other camp); these counts show where the Confirmé
play, which is also the Expert's rollout policy, gives it away.  Ends with one JSON line.

    python -m bench.tarot_petit --players 4 --deals 1500
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence

from bench.tarot_times import tarot_deals
from game.ai.tarot import tarot_decision
from game.engine.rules import TarotRules
from game.engine.tarot_cards import THE_PETIT
from game.engine.tarot_tricks import TarotTrick


def petit_fate(tricks: Sequence[TarotTrick], taker: int) -> str | None:
    """How the Petit left play: "taker kept", "defence lost, last trick, led"..."""
    for index, trick in enumerate(tricks):
        for order, (seat, card) in enumerate(trick.plays):
            if card is THE_PETIT:
                holder_attacks = seat == taker
                kept = holder_attacks == (trick.winner == taker)
                words = ["taker" if holder_attacks else "defence", "kept" if kept else "lost"]
                words += ["last trick"] if index == len(tricks) - 1 else []
                words += ["led"] if order == 0 else []
                return ", ".join(words)
    return None  # in the écart or the chien


def main(argv: Sequence[str] | None = None) -> dict[str, object]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4, choices=(3, 4))
    parser.add_argument("--deals", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=50)
    args = parser.parse_args(argv)
    rules = TarotRules(players=args.players)
    fates: Counter[str] = Counter()
    contracts = 0
    for state in tarot_deals(rules, args.seed, args.deals):
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            state, _ = state.apply(tarot_decision(state.view(seat)).action)
        if state.taker is None or not state.tricks:
            continue
        contracts += 1
        fate = petit_fate(state.tricks, state.taker)
        fates[fate or "aside"] += 1
    print(f"tarot {args.players}p, {args.deals} Confirmé deals, seed {args.seed}: "
          f"{contracts} played")
    for fate, count in sorted(fates.items()):
        print(f"  {fate}: {count} ({100 * count / contracts:.1f} % of the contracts)")
    data: dict[str, object] = {"players": args.players, "deals": args.deals,
                               "seed": args.seed, "contracts": contracts,
                               "fates": dict(sorted(fates.items()))}
    print(json.dumps(data, sort_keys=True))
    return data


if __name__ == "__main__":
    main(sys.argv[1:])
