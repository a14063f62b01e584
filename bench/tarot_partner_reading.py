"""Tarot at five, the Expert's sampled worlds against the true deal: the called card's
holder, with and without reading it from the play (``tarot_partner_reading``).

Deals bid and played by the Confirmé up to a card, ``--after`` tricks in or more, that a
seat other than the called card's holder is to play, the called card still hidden (the
holder neither the taker nor in the chien).  For that view, the card search's worlds
(``TarotWorldSearch.world_stream``, the default cap) and the share of them that put the
called card with its true holder, and the time their drawing took, the reading off and
on (the same generator).  Ends with one JSON line.

    python -m bench.tarot_partner_reading --positions 60 --after 2
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

from bench.tarot_endgame import confirme_positions
from game.ai import tarot_search
from game.ai.tarot_partner_reading import reads_the_partner
from game.ai.tarot_search import MAX_WORLDS, TarotWorldSearch
from game.engine.protocol import Phase
from game.engine.tarot import TarotDeal
from game.engine.tarot_tricks import TarotView


def positions(count: int, seed: int, after: int) -> list[TarotDeal]:
    """``count`` five-player deals at a card as the module's docstring says."""
    def wanted(view: TarotView) -> bool:
        return (view.phase is Phase.PLAY and len(view.tricks) >= after
                and reads_the_partner(view))

    deals: list[TarotDeal] = []
    tries = 0
    while len(deals) < count:
        tries += 1
        for deal in confirme_positions(5, count - len(deals), seed * 1000 + tries, wanted):
            if deal.partner is not None and deal.partner != deal.taker:
                deals.append(deal)
    return deals


def holder_share(deal: TarotDeal, reading: bool, seed: int) -> tuple[float, float]:
    """The share of the search's worlds with the called card at its holder, and the
    seconds their drawing took."""
    seat = deal.current_player
    assert seat is not None and deal.partner is not None
    view = deal.view(seat)
    default, tarot_search.READ_THE_PARTNER = tarot_search.READ_THE_PARTNER, reading
    try:
        start = time.perf_counter()
        worlds = list(TarotWorldSearch(view, random.Random(seed), MAX_WORLDS).world_stream())
        seconds = time.perf_counter() - start
    finally:
        tarot_search.READ_THE_PARTNER = default
    return sum(view.called in w.holdings[deal.partner] for w in worlds) / len(worlds), seconds


def measure(count: int, seed: int, after: int) -> dict[str, Any]:
    row: dict[str, Any] = {"positions": count, "seed": seed, "after": after}
    deals = positions(count, seed, after)
    for name, reading in (("uniform", False), ("read", True)):
        shares, seconds = zip(*(holder_share(deal, reading, seed + k)
                                for k, deal in enumerate(deals)), strict=True)
        row[f"holder_share_{name}"] = round(statistics.fmean(shares), 3)
        row[f"draw_ms_{name}"] = round(1000 * statistics.fmean(seconds), 1)
    return row


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--after", type=int, default=2, help="tricks played at least")
    args = parser.parse_args(argv)
    row = measure(args.positions, args.seed, args.after)
    print(f"tarot 5p, {row['positions']} positions ({args.after}+ tricks in): the called "
          f"card with its holder in {100 * row['holder_share_uniform']:.1f}% of the worlds "
          f"drawn uniformly, {100 * row['holder_share_read']:.1f}% reading the play; "
          f"drawing {row['draw_ms_uniform']} / {row['draw_ms_read']} ms a decision")
    print(json.dumps(row))
    return row


if __name__ == "__main__":
    main()
