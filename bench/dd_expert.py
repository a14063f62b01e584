"""The Expert with a double-dummy value in each world (the classic PIMC of bridge
programs) in the arena, against the product's Expert (issue 42, item 4).

Player ``dd-expert``: the product's Expert in everything but the value of a card in a
sampled world.  The same worlds (``InferenceSearch``: the calls' walk of
``card_worlds``, weighed by the inference from the play, the same cap of 36 at the
default thinking time), the same opening-lead gate (``lead_gate``), the same
announcements and belote (``play_phase``); but where the Expert finishes the deal with
the Confirmé's play for every seat (a rollout), this player takes the exact
double-dummy value of the world (``game.dds.solver.Solver``, the compiled core where it
was built): the trick points the seat's side takes from now on with every seat playing
perfectly, seeing every hand of that world.

That value is turned into the deal's score by the engine's own scoring of the contract,
exactly as a rollout is (``search.outcome``: the coinche level, the failure base, the
world's belote, the announcements shown).  The score rises with the points the side
takes, and the minimax of a rising function of the points is that function of the
minimax points, so the score of the double-dummy points is the double-dummy score:
exact, not an approximation, apart from the capot, which counts tricks, not points (a
side left without a point from now on, and without a trick so far, is taken to be
capot; a trick of four cards worth nothing makes that wrong, rarely).  Ties between
cards of equal total go to the Confirmé's card, as the Expert's do.

``dd-expert-x2``: the same with twice the cap of worlds (the solver is cheap late in
the deal).

    python -m bench.dd_expert --a dd-expert --b expert --game coinche --bidding confirme \\
        --deals 100 --seed 42 --think none --common-rngs

Any ``bench.arena`` option.  ``--node-cap N``: the solver's node cap per world (the
world's cards valued by a horizon search when it is passed, see ``world_values``).

``--cpu-times N``: instead of an arena, the CPU seconds of one decision's full search
(the cap of worlds, no deadline) by the Expert's rollouts and by the double-dummy
values, at every card choice of N deals (coinche, Confirmé bidding and play), by trick.

    python -m bench.dd_expert --cpu-times 3 --seed 1
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import arena
from bench.solver_speed import bid_by_confirme
from game.ai import Level, appraise, decide
from game.ai.memory import Memory, build_memory
from game.ai.play_inference import InferenceSearch
from game.ai.search import WORLDS, SearchSource, outcome
from game.dds.position import Position, index_of
from game.dds.solver import SearchAborted, Solver
from game.engine.actions import PlayCard
from game.engine.cards import Card
from game.engine.protocol import Action
from game.engine.rules import CoincheRules, TrickGameRules
from game.engine.trick_view import TrickView

World = Sequence[Sequence[Card]]
DEFAULT_NODE_CAP: int | None = None  # exact in every world


def world_values(view: TrickView, rules: TrickGameRules, world: World, cards: Sequence[Card],
                 node_cap: int | None = DEFAULT_NODE_CAP) -> tuple[dict[Card, int], int]:
    """Each of ``cards``' (the seat's legal cards) double-dummy trick points for the
    seat's side in ``world`` (from now on, the trick in progress and the dix de der
    included), and the points left to play.  Past ``node_cap`` nodes, the values of a
    search to the end of the trick in progress, the rest estimated
    (``solver.HorizonEstimate``)."""
    assert view.trump is not None
    position = Position.build(rules, view.trump, world, view.trick, view.seat)
    try:
        values = Solver(position, view.seat, node_cap).values()
    except SearchAborted:
        values = Solver(position, view.seat, horizon=0).values()
    return {c: values[index_of(c, view.trump)] for c in cards}, position.points_left()


def finished_counts(view: TrickView, points: int, left: int, tricks_left: int,
                    ) -> tuple[list[int], list[int]]:
    """Points and tricks per seat over the whole deal when the seat's side takes
    ``points`` of the ``left`` still to play: the tricks so far as played, the rest
    given to the seat and to the next seat (an opponent at four players).  The tricks
    only matter for the capot: a side taking no point from now on takes no trick."""
    taken, won = [0] * view.players, [0] * view.players
    for t in view.tricks:
        taken[t.winner] += t.points
        won[t.winner] += 1
    other = (view.seat + 1) % view.players
    taken[view.seat] += points
    taken[other] += left - points
    mine = tricks_left if points == left else 0 if points == 0 else tricks_left - 1
    won[view.seat] += mine
    won[other] += tricks_left - mine
    return taken, won


class DoubleDummySearch(InferenceSearch):
    """The Expert's card search (its worlds, its weighing by the play) with each world's
    cards valued by the double-dummy score instead of a rollout: one solve a world, all
    its cards at once (they share the solver's table)."""

    def __init__(self, view: TrickView, mem: Memory, cards: list[Card], rng: random.Random,
                 worlds: int, node_cap: int | None = DEFAULT_NODE_CAP) -> None:
        super().__init__(view, mem, cards, rng, worlds)
        self.node_cap = node_cap
        self._solved: tuple[World, dict[Card, float]] | None = None

    def value(self, world: list[tuple[Card, ...]], card: Card) -> float:
        if self._solved is None or self._solved[0] is not world:
            self._solved = (world, self._scores(world))
        return self._solved[1][card]

    def _scores(self, world: World) -> dict[Card, float]:
        points, left = world_values(self.view, self.rules, world, self.cards,
                                    self.node_cap)
        tricks_left = len(world[self.view.seat])
        scores = {}
        for c in self.cards:
            taken, won = finished_counts(self.view, points[c], left, tricks_left)
            scores[c] = outcome(self.view, self.rules, self._score, self.mem.trump, world,
                                taken, won)
        return scores


def _choose(think: float | None, worlds_factor: int, node_cap: int | None, state: Any,
            seat: int, rng: random.Random) -> Action:
    return appraise(state.view(seat), rng, think,
                    source=functools.partial(_source, worlds_factor, node_cap)).decision.action


def _source(worlds_factor: int, node_cap: int | None, view: TrickView, mem: Memory,
            cards: list[Card], rng: random.Random, worlds: int) -> DoubleDummySearch:
    return DoubleDummySearch(view, mem, cards, rng, worlds * worlds_factor, node_cap)


def dd_player(worlds_factor: int, node_cap: int | None, think: float | None) -> arena.Variant:
    """The Expert valuing its worlds double-dummy, ``worlds_factor`` times its worlds."""
    name = "dd-expert" if worlds_factor == 1 else f"dd-expert-x{worlds_factor}"
    return arena.Variant(name, functools.partial(_choose, think, worlds_factor, node_cap))


def search_cpu(view: TrickView, kind: SearchSource, worlds: int = WORLDS) -> float:
    """The CPU seconds of ``kind``'s full search of ``view`` (every world evaluated)."""
    cards = sorted({a.card for a in view.legal if isinstance(a, PlayCard)})
    start = time.process_time()
    search = kind(view, build_memory(view), cards, random.Random(0), worlds)
    search.draw_all()
    for _ in range(search.left):
        search.roll_next()
    return time.process_time() - start


def cpu_times(deals: int, seed: int) -> dict[str, Any]:
    """``search_cpu`` of both searches at every card choice of ``deals`` coinche deals
    the Confirmé plays, by trick: the median and the maximum (ms)."""
    by_trick: dict[str, dict[int, list[float]]] = {"expert": {}, "dd": {}}
    rules = CoincheRules()
    for k in range(deals):
        state = bid_by_confirme(rules, seed + k)
        while state is not None and not state.is_over:
            view = state.view(state.turn or 0)
            if len({a.card for a in view.legal if isinstance(a, PlayCard)}) > 1:
                for name, kind in (("expert", InferenceSearch), ("dd", DoubleDummySearch)):
                    by_trick[name].setdefault(len(view.tricks) + 1, []).append(
                        search_cpu(view, kind))
            state, _ = state.apply(decide(view, Level.CONFIRME, random.Random(k)).action)
    return {name: {trick: {"median_ms": round(1000 * statistics.median(times), 1),
                           "max_ms": round(1000 * max(times), 1), "count": len(times)}
                   for trick, times in sorted(tricks.items())}
            for name, tricks in by_trick.items()}


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--node-cap", type=int, default=DEFAULT_NODE_CAP,
                        help="the solver's nodes per world (default: no cap, exact)")
    parser.add_argument("--cpu-times", type=int, default=0,
                        help="deals whose decisions' CPU time to measure (no arena)")
    parser.add_argument("--seed", type=int, default=1)
    args, rest = parser.parse_known_args(argv)
    if args.cpu_times:
        data = cpu_times(args.cpu_times, args.seed)
        for trick in data["dd"]:
            expert, dd = data["expert"][trick], data["dd"][trick]
            print(f"trick {trick}: Expert median {expert['median_ms']} ms (max "
                  f"{expert['max_ms']}), double-dummy median {dd['median_ms']} ms (max "
                  f"{dd['max_ms']}), {dd['count']} decisions")
        print(json.dumps(data, sort_keys=True))
        return data
    players = {"dd-expert": functools.partial(dd_player, 1, args.node_cap),
               "dd-expert-x2": functools.partial(dd_player, 2, args.node_cap)}
    return arena.main([*rest, "--seed", str(args.seed)], players)


if __name__ == "__main__":
    main()
