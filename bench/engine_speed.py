"""Random-legal deals per second for each 32-card game (deal, bidding until a contract,
the card play, scoring).  Prints the figures, then one JSON line of them.

    .venv/bin/python bench/engine_speed.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine.match import AnyRules, new_deal_state
from game.engine.rules import BeloteRules, CoincheRules, TrickGameRules

GAMES: dict[str, TrickGameRules] = {
    "coinche": CoincheRules(),
    "belote4": BeloteRules(),
    "belote3": BeloteRules(players=3),
    "belote2": BeloteRules(players=2),
}


def play_random_deal(rules: AnyRules, seed: int, rng: random.Random) -> None:
    """One deal with uniformly random legal actions, redealt until a contract is made
    (any game: ``bench/tarot_speed.py`` uses it too)."""
    while True:
        deal, _ = new_deal_state(rules, seed, seed % rules.players)
        while not deal.is_over:
            deal, _ = deal.apply(rng.choice(deal.legal_actions()))
        if not deal.void:
            return
        seed += 1_000_000


def deals_per_second(rules: AnyRules, seconds: float) -> float:
    """Deals per second of CPU time (process time, so that other processes sharing the
    machine do not skew the figure much)."""
    rng = random.Random(0)
    count = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        play_random_deal(rules, count, rng)
        count += 1
    return count / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game")
    args = parser.parse_args()
    figures: dict[str, float] = {}
    for name, rules in GAMES.items():
        figures[f"{name}_deals_per_s"] = round(deals_per_second(rules, args.seconds), 1)
        print(f"{name:10s} {figures[f'{name}_deals_per_s']:10.1f} deals/s")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
