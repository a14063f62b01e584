"""What limits the Expert's card play: sample count and inference, measured in the arena.

Coinche, a fixed contract (the Confirmé bids for every seat), duplicate deals; each
variant of the Expert's card play against the Confirmé:

- ``worlds-N``: the Expert sampling N deals of the hidden cards (the default is 12);
- ``oracle``: the same rollouts on the one true deal.  The oracle reads the hidden
  cards: an experiment's upper bound for perfect inference, never a player of the game.

The gap between ``worlds-12`` and ``oracle`` is what better inference could gain at
most with this evaluator; the slope over N what more samples would.

    python -m bench.expert_limits --deals 300 --jobs 2
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import time
from collections.abc import Iterator, Sequence
from typing import Any

from bench.arena import Setup, Variant, report, run
from game.ai import Level
from game.ai.lead_gate import Gate
from game.ai.memory import Memory
from game.ai.play import play_phase
from game.ai.search import WorldSearch, search_card, weigh_cards
from game.engine.cards import Card
from game.engine.protocol import Action
from game.engine.rules import CoincheRules


def _with_worlds(worlds: int, state: Any, seat: int, rng: random.Random) -> Action:
    refine = functools.partial(search_card, rng=rng, worlds=worlds)
    return play_phase(state.view(seat), None, refine).action


class Oracle(WorldSearch):
    """The search's rollouts on the one true deal, ungated (``truth``: the experiment's
    one peek at the hidden cards)."""

    def __init__(self, truth: list[tuple[Card, ...]], view: Any, mem: Memory,
                 cards: list[Card], rng: random.Random, worlds: int) -> None:
        super().__init__(view, mem, cards, rng, 1)
        self.truth = truth

    def world_stream(self) -> Iterator[list[tuple[Card, ...]]]:
        return iter([self.truth])

    def gate(self) -> Gate | None:
        return None


def _oracle(state: Any, seat: int, rng: random.Random) -> Action:
    truth = [tuple(hand) for hand in state.hands]
    source = functools.partial(Oracle, truth)

    def refine(view: Any, mem: Memory, cards: list[Card],
               fallback: tuple[Card, str]) -> tuple[Card, str]:
        return weigh_cards(view, mem, cards, fallback, rng, 1, None, source)[0]

    return play_phase(state.view(seat), None, refine).action


def variants(world_counts: Sequence[int]) -> list[Variant]:
    found = [Variant(f"worlds-{n}", functools.partial(_with_worlds, n)) for n in world_counts]
    return [*found, Variant("oracle", _oracle)]


def main(argv: Sequence[str] | None = None) -> list[dict[str, Any]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--worlds", type=int, nargs="+", default=[3, 12, 36])
    args = parser.parse_args(argv)
    results = []
    for variant in variants(args.worlds):
        setup = Setup(CoincheRules(), variant, Level.CONFIRME, args.seed, Level.CONFIRME)
        start = time.perf_counter()
        data = report(setup, run(setup, args.deals, 0, args.jobs), time.perf_counter() - start)
        low, high = data["ci95"]
        print(f"{variant.name:>10}: {data['mean_a_minus_b']:+6.1f} points a deal "
              f"({low:+.1f} .. {high:+.1f}), decision p95 {data['time_a']['p95_ms']:.0f} ms")
        results.append(data)
    print(json.dumps([{k: r[k] for k in ("a", "deals", "mean_a_minus_b", "ci95", "time_a")}
                      for r in results], sort_keys=True))
    return results


if __name__ == "__main__":
    main()
