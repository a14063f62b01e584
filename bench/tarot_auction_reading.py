"""Tarot, the Expert's sampled worlds against the true deal: the taker's trumps.

Deals bid and played by the Confirmé; at the first card a defender plays, the taker's
trumps in the deal, in uniform draws among the placements the play allows
(``tarot_search.sample_world``) and in the worlds the card search keeps (weighed by the
auction, ``tarot_auction_reading``).

    python -m bench.tarot_auction_reading --positions 60
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from collections.abc import Sequence
from typing import Any

from bench.tarot_endgame import confirme_positions
from game.ai.tarot_search import TarotWorldSearch, sample_world
from game.engine.protocol import Phase
from game.engine.tarot_cards import TarotCard
from game.engine.tarot_tricks import TarotView

WORLDS = 16


def _trumps(cards: Sequence[TarotCard]) -> int:
    return sum(c.is_trump for c in cards)


def defender_views(players: int, count: int, seed: int) -> list[tuple[TarotView, int]]:
    """``count`` first views of a defender to play in a deal (someone took), each with
    the taker's true trumps then."""
    deals = confirme_positions(players, count, seed, lambda v: v.phase is Phase.PLAY
                               and v.taker is not None and v.seat != v.taker)
    found = []
    for deal in deals:
        assert deal.current_player is not None and deal.taker is not None
        found.append((deal.view(deal.current_player), _trumps(deal.hands[deal.taker])))
    return found


def measure(players: int, positions: int, seed: int) -> dict[str, Any]:
    true, uniform, kept = [], [], []
    rng = random.Random(seed + 1)
    for view, trumps in defender_views(players, positions, seed):
        assert view.taker is not None
        true.append(trumps)
        uniform.append(statistics.fmean(
            _trumps(sample_world(view, rng).holdings[view.taker]) for _ in range(WORLDS)))
        worlds = list(TarotWorldSearch(view, rng, WORLDS).world_stream())
        kept.append(statistics.fmean(_trumps(w.holdings[view.taker]) for w in worlds))
    return {"players": players, "positions": len(true),
            "taker_trumps_true": round(statistics.fmean(true), 2),
            "uniform": round(statistics.fmean(uniform), 2),
            "kept": round(statistics.fmean(kept), 2)}


def main(argv: Sequence[str] | None = None) -> list[dict[str, Any]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--positions", type=int, default=60, help="per table")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args(argv)
    rows = []
    for players in (3, 4, 5):
        row = measure(players, args.positions, args.seed)
        print(f"tarot {players}p, {row['positions']} positions: the taker's trumps "
              f"{row['taker_trumps_true']}, uniform draws {row['uniform']}, "
              f"kept worlds {row['kept']}")
        rows.append(row)
    print(json.dumps({"positions": args.positions, "seed": args.seed, "rows": rows}))
    return rows


if __name__ == "__main__":
    main()
