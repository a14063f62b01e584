"""The tarot Expert's card search at a fixed number of worlds (``--think none``): its CPU
time per world, and its decisions, to compare two revisions' speed on the same positions
and prove they decide the same.

Deals are played by the Confirmé at every seat; one card decision in ``--card-every``
(with a choice to weigh) is searched, its generator seeded from the seed and the
decision's index, the table's cap of worlds (``MAX_WORLDS``).  Prints the CPU time per
world and, with ``--out``, writes each decision's card, per-candidate means and world
count (JSON) for ``--compare`` against another revision's file.

    python -m bench.tarot_search_speed --players 5 --deals 4 --seed 3 --out /tmp/a.json
    python -m bench.tarot_search_speed --compare /tmp/a.json /tmp/b.json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Iterator
from typing import Any

from bench.tarot_times import tarot_deals
from game.ai.tarot import tarot_decision
from game.ai.tarot_search import TarotWorldSearch, weigh_tarot_cards
from game.engine.protocol import Phase
from game.engine.rules import TarotRules
from game.engine.tarot_actions import TarotPlayCard
from game.engine.tarot_tricks import TarotView


def card_positions(players: int, seed: int, deals: int, every: int) -> Iterator[TarotView]:
    """One card decision in ``every`` with a choice among several cards, the deals played
    by the Confirmé."""
    count = 0
    for state in tarot_deals(TarotRules(players=players), seed, deals):
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            plays = [a for a in view.legal if isinstance(a, TarotPlayCard)]
            if (view.phase is Phase.PLAY and len(plays) == len(view.legal) > 1
                    and len(view.hand) > 1):
                count += 1
                if count % every == 0:
                    yield view
            state, _ = state.apply(tarot_decision(view).action)


class TimedSearch(TarotWorldSearch):
    """The search, the CPU time of its draw (``draw_all``) kept."""

    drawing = 0.0

    def draw_all(self, ends: float | None = None) -> None:
        started = time.process_time()
        super().draw_all(ends)
        self.drawing = time.process_time() - started


def searched(view: TarotView, seed: int) -> dict[str, Any]:
    """The decision at ``--think none`` from ``seed``: card, means, worlds, CPU seconds
    (all, and the draw's)."""
    made: list[TimedSearch] = []

    def source(*args: Any) -> TarotWorldSearch:
        made.append(TimedSearch(*args))
        return made[-1]

    started = time.process_time()
    decision, means = weigh_tarot_cards(view, random.Random(seed), None, source=source)
    spent = time.process_time() - started
    assert isinstance(decision.action, TarotPlayCard)
    return {"card": decision.action.card.code, "reason": decision.reason,
            "means": {c.code: repr(v) for c, v in sorted(means.items())},
            "worlds": len(made[0].values) if made else 0, "cpu": spent,
            "draw": made[0].drawing if made else 0.0}


def run(args: argparse.Namespace) -> dict[str, object]:
    rows = [searched(view, args.seed * 1000 + index) for index, view in
            enumerate(card_positions(args.players, args.seed, args.deals, args.card_every))]
    cpu = sum(float(r["cpu"]) for r in rows)
    worlds = sum(int(r["worlds"]) for r in rows)
    drawing = sum(float(r["draw"]) for r in rows)
    per = 1000 / max(1, worlds)
    print(f"tarot {args.players}p seed {args.seed}: {len(rows)} decisions, {worlds} worlds, "
          f"{cpu:.2f} s CPU, {per * cpu:.2f} ms per world ({per * drawing:.2f} drawing it, "
          f"{per * (cpu - drawing):.2f} weighing its cards)")
    if args.out:
        with open(args.out, "w") as f:
            json.dump(rows, f)
    return {"decisions": len(rows), "worlds": worlds, "cpu": cpu, "draw": drawing}


def compare(a: str, b: str) -> int:
    """Decisions that differ (card, reason, means or worlds) between two ``--out`` files."""
    with open(a) as fa, open(b) as fb:
        left, right = json.load(fa), json.load(fb)
    assert len(left) == len(right), f"{len(left)} decisions against {len(right)}"
    keys = ("card", "reason", "means", "worlds")
    differ = [i for i, (x, y) in enumerate(zip(left, right, strict=True))
              if any(x[k] != y[k] for k in keys)]
    print(f"{len(left)} decisions, {len(differ)} differ: {differ[:10]}")
    return len(differ)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--card-every", type=int, default=3)
    parser.add_argument("--out")
    parser.add_argument("--compare", nargs=2, metavar=("A", "B"))
    args = parser.parse_args(argv)
    if args.compare:
        return 1 if compare(*args.compare) else 0
    run(args)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
