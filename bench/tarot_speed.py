"""Random-legal tarot deals per second at 3, 4 and 5 players (deal, bidding until a
contract, king call, écart, declarations, the card play, scoring).  Prints the figures,
then one JSON line of them.

    .venv/bin/python bench/tarot_speed.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine.rules import TarotRules
from game.engine.tarot import TarotDeal


def play_random_deal(rules: TarotRules, seed: int, rng: random.Random) -> None:
    """One deal with uniformly random legal actions, redealt until someone takes."""
    while True:
        deal, _ = TarotDeal.new(rules, seed, seed % rules.players)
        while not deal.is_over:
            deal, _ = deal.apply(rng.choice(deal.legal_actions()))
        if not deal.void:
            return
        seed += 1_000_000


def deals_per_second(rules: TarotRules, seconds: float) -> float:
    """Deals per second of CPU time (process time: other processes skew it less)."""
    rng = random.Random(0)
    count = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        play_random_deal(rules, count, rng)
        count += 1
    return count / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per player count")
    args = parser.parse_args()
    figures: dict[str, float] = {}
    for players in (3, 4, 5):
        key = f"tarot{players}_deals_per_s"
        figures[key] = round(deals_per_second(TarotRules(players=players), args.seconds), 1)
        print(f"tarot {players}p {figures[key]:10.1f} deals/s")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
