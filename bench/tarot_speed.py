"""Random-legal tarot deals per second at 3, 4 and 5 players (deal, bidding until a
contract, king call, écart, declarations, the card play, scoring).  Prints the figures,
then one JSON line of them.

    .venv/bin/python bench/tarot_speed.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.engine_speed import deals_per_second
from game.engine.rules import TarotRules


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
