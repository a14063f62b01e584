"""Tarot, the Expert's last tricks: solved exactly in each world, or rolled out.

Three measures:

- the solver's cost (``--solver``, alone with ``--solver-only``): on positions from
  Confirmé deals, at three, four and five players and each count of tricks left, every
  distinct legal card of a sampled world solved with one table, as the Expert does: the
  positions searched and the milliseconds per world, and the share of worlds within the
  budget (``tarot_search.WORLD_NODES``); where it is quick enough, against the solver's
  first version (``plain_solve``) on the same worlds, the values checked equal;
- a duel in the arena, duplicate deals: every seat plays the Confirmé until the cards
  left are few enough to be solved (``tarot_endgame.affordable``), then the Expert, A
  solving each sampled world exactly (within its budget), B finishing it with Confirmé
  rollouts as it does earlier in the deal (``--b rollout``), or solving it only within
  the exact endgame's first reach, the last three tricks or so (``--b first``); the
  difference is what the exact endgame, or its deeper reach, is worth (``--think none``:
  the cap of worlds, whatever the load);
- the time of the Expert's endgame decisions (default thinking time) on positions from
  real deals, at three, four and five players.

    python -m bench.tarot_endgame --deals 400 --jobs 2
    python -m bench.tarot_endgame --deals 400 --b first --think none
    python -m bench.tarot_endgame --solver-only --positions 12
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import time
from collections.abc import Callable, Sequence
from math import factorial, prod
from typing import Any

from bench.arena import Setup, Variant, report, run, time_stats
from game.ai import DEFAULT_THINK, Level, decide
from game.ai.tarot_endgame import (
    DealFrame,
    OverBudget,
    Tally,
    Transpositions,
    affordable,
    solve_after,
)
from game.ai.tarot_search import (
    WORLD_NODES,
    TarotWorldSearch,
    World,
    deal_frame,
    solved,
    start_rollout,
    tally_of,
    tarot_expert_decision,
)
from game.engine.protocol import Action, Phase
from game.engine.rules import TarotRules
from game.engine.tarot import TarotDeal
from game.engine.tarot_cards import TarotCard
from game.engine.tarot_tricks import (
    TarotPlay,
    TarotTrick,
    TarotView,
    announcer_hand,
    legal_cards,
    trick_winner,
)

# The exact endgame's first reach: the hands' orderings (the product of their factorials)
# at most so many, about the last three tricks at any table.
FIRST_LINES = 8_000


def _late_expert(endgame: str, deadline: float | None, state: Any, seat: int,
                 rng: random.Random) -> Action:
    """The Confirmé, then from the first affordable position the Expert, its worlds
    solved (``exact``), rolled out (``rollout``), or solved only within the exact
    endgame's first reach (``first``: ``FIRST_LINES``), rolled out before."""
    view = state.view(seat)
    if view.phase is Phase.PLAY and affordable(view.hand_sizes):
        exact = endgame == "exact" or (
            endgame == "first" and prod(factorial(n) for n in view.hand_sizes) <= FIRST_LINES)
        return tarot_expert_decision(view, rng, deadline, exact_endgame=exact).action
    return decide(view, Level.CONFIRME, rng).action


def endgame_variant(endgame: str, deadline: float | None) -> Variant:
    return Variant(f"{endgame}-endgame", functools.partial(_late_expert, endgame, deadline))


def endgame_positions(players: int, count: int, seed: int) -> list[TarotDeal]:
    """Deals bid and played by the Confirmé up to the first position the Expert solves."""
    return confirme_positions(players, count, seed,
                              lambda v: v.phase is Phase.PLAY and affordable(v.hand_sizes))


def confirme_positions(players: int, count: int, seed: int,
                       wanted: Callable[[TarotView], bool]) -> list[TarotDeal]:
    """Deals bid and played by the Confirmé up to the first position whose current
    player's view is ``wanted``, ``count`` of them."""
    rng = random.Random(seed)
    found: list[TarotDeal] = []
    while len(found) < count:
        deal, _ = TarotDeal.new(TarotRules(players=players), rng.getrandbits(62),
                                rng.randrange(players))
        while not deal.is_over:
            seat = deal.current_player
            assert seat is not None
            view = deal.view(seat)
            if wanted(view):
                found.append(deal)
                break
            deal, _ = deal.apply(decide(view, Level.CONFIRME, rng).action)
    return found


def decision_times(players: int, count: int, seed: int) -> dict[str, float]:
    seconds = []
    for k, deal in enumerate(endgame_positions(players, count, seed)):
        view = deal.view(deal.current_player or 0)
        start = time.perf_counter()
        tarot_expert_decision(view, random.Random(k))
        seconds.append(time.perf_counter() - start)
    return time_stats(seconds)


# Tricks left measured at each table, and the cap on one world's solve here (to end);
# those where the first version is measured too.
SOLVER_TRICKS = {3: (3, 4, 5, 6), 4: (3, 4, 5), 5: (3, 4, 5)}
SOLVER_CAP = 60_000
PLAIN_TRICKS = {3: (3, 4, 5), 4: (3, 4), 5: (3, 4)}


def plain_solve(frame: DealFrame, holdings: list[list[TarotCard]], trick: list[TarotPlay],
                tally: Tally, announcer: int | None, alpha: int = -10**9,
                beta: int = 10**9, count: list[int] | None = None) -> int:
    """What each defender pays, ``tarot_endgame.solve_after``'s way but as its first
    version did: every legal card of every seat tried in hand order, plain alpha-beta
    (the reference the solver must equal); ``count``: its one item counts the positions."""
    if count is not None:
        count[0] += 1
    seat = trick[-1][0]
    if len(trick) == frame.players:
        done = TarotTrick(trick[0][0], tuple(trick), trick_winner(trick))
        last = not holdings[done.winner]
        tally = tally.after(done, frame.in_attack, last, frame.rules.excuse_last_trick)
        if last:
            return frame.per_defender(tally, done)
        seat, trick = done.winner, []
    else:
        seat = (seat + 1) % frame.players
    attacking = frame.in_attack(seat)
    best = -10**9 if attacking else 10**9
    for card in legal_cards(announcer_hand(holdings[seat], seat == announcer), trick):
        rest = [h if s != seat else [c for c in h if c != card] for s, h in enumerate(holdings)]
        value = plain_solve(frame, rest, [*trick, (seat, card)], tally, announcer,
                            alpha, beta, count)
        if attacking:
            best, alpha = max(best, value), max(alpha, value)
        else:
            best, beta = min(best, value), min(beta, value)
        if alpha >= beta:
            break
    return best


def solve_both(view: TarotView, world: World, cards: Sequence[TarotCard],
               ) -> tuple[int, float, int, float]:
    """Every card of ``cards`` in ``world`` solved by the solver (one table) and by
    ``plain_solve``, the values checked equal: each one's positions and CPU seconds."""
    table, count = Transpositions(), [0]
    new = old = 0.0
    for card in cards:
        game = start_rollout(view, world)
        frame = deal_frame(view, game.partner)
        game.holdings[view.seat].remove(card)
        trick = [*game.trick, (view.seat, card)]
        tally = tally_of(frame, world, game.tricks)
        plain_holdings = [list(h) for h in game.holdings]
        start = time.process_time()
        value = solve_after(frame, game.holdings, trick, tally, view.chelem_announcer, table)
        new += time.process_time() - start
        start = time.process_time()
        reference = plain_solve(frame, plain_holdings, trick, tally, view.chelem_announcer,
                                count=count)
        old += time.process_time() - start
        assert value == reference, (view, world, card)
    return table.nodes, new, count[0], old


def solver_costs(players: int, tricks_left: int, count: int, seed: int,
                 plain: bool) -> dict[str, float]:
    """Each sampled world's solve, every distinct legal card of the position with one
    table: positions searched and CPU milliseconds (median, p95), the share within
    ``WORLD_NODES``; a world beyond ``SOLVER_CAP`` counts at the cap.  ``plain``: the
    first version's too (``plain_solve``), on the same worlds."""
    positions = confirme_positions(players, count, seed, lambda v: v.phase is Phase.PLAY
                                   and len(v.hand) == tricks_left and len(v.legal) > 1)
    nodes, seconds, plain_nodes, plain_seconds = [], [], [], []
    for k, deal in enumerate(positions):
        view = deal.view(deal.current_player or 0)
        search = TarotWorldSearch(view, random.Random(k), 4)
        search.draw_all()
        for world in search.worlds:
            if plain:
                searched, spent, plain_searched, plain_spent = solve_both(view, world,
                                                                          search.cards)
                plain_nodes.append(plain_searched)
                plain_seconds.append(plain_spent)
            else:
                searched, spent = capped_solve(view, world, search.cards)
            nodes.append(searched)
            seconds.append(spent)
    costs = {"worlds": len(nodes), **_spread("nodes", nodes, seconds),
             "within_budget": sum(n <= WORLD_NODES for n in nodes) / len(nodes)}
    if plain:
        costs.update(_spread("plain_nodes", plain_nodes, plain_seconds))
    return costs


def capped_solve(view: TarotView, world: World, cards: Sequence[TarotCard]) -> tuple[int, float]:
    """Every card of ``cards`` solved in ``world`` with one table, up to ``SOLVER_CAP``
    positions: the positions and the CPU seconds."""
    table = Transpositions(SOLVER_CAP)
    start = time.process_time()
    try:
        for card in cards:
            solved(view, world, card, table)
    except OverBudget:
        pass
    return min(table.nodes, SOLVER_CAP), time.process_time() - start


def _spread(name: str, nodes: Sequence[int], seconds: Sequence[float]) -> dict[str, float]:
    ranked, timed = sorted(nodes), sorted(seconds)

    def p95(values: Sequence[float]) -> float:
        return values[int(0.95 * (len(values) - 1))]
    return {f"{name}_median": ranked[len(ranked) // 2], f"{name}_p95": p95(ranked),
            f"{name}_cpu_ms_median": round(1000 * timed[len(timed) // 2], 2),
            f"{name}_cpu_ms_p95": round(1000 * p95(timed), 2)}


def solver_table(count: int, seed: int) -> dict[str, dict[str, float]]:
    table = {}
    for players, depths in SOLVER_TRICKS.items():
        for tricks_left in depths:
            plain = tricks_left in PLAIN_TRICKS[players]
            table[f"{players}p{tricks_left}"] = c = solver_costs(players, tricks_left, count,
                                                                 seed, plain)
            line = (f"solver, {players} players, {tricks_left} tricks left, {c['worlds']} "
                    f"worlds: nodes median {c['nodes_median']}, p95 {c['nodes_p95']}; CPU ms "
                    f"median {c['nodes_cpu_ms_median']:.1f}, p95 {c['nodes_cpu_ms_p95']:.1f}; "
                    f"within {WORLD_NODES} nodes {100 * c['within_budget']:.0f} %")
            if plain:
                line += (f" | first version: nodes median {c['plain_nodes_median']}, p95 "
                         f"{c['plain_nodes_p95']}; CPU ms median "
                         f"{c['plain_nodes_cpu_ms_median']:.1f}, p95 "
                         f"{c['plain_nodes_cpu_ms_p95']:.1f}")
            print(line, flush=True)
    return table


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--positions", type=int, default=60, help="for the timing, per count")
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--b", choices=("rollout", "first"), default="rollout",
                        help="B's endgame: rolled out, or solved within its first reach")
    parser.add_argument("--think", default=str(DEFAULT_THINK),
                        help="seconds per decision, or none: the cap of worlds, no deadline")
    parser.add_argument("--solver", action="store_true", help="also the solver's cost")
    parser.add_argument("--solver-only", action="store_true", help="only the solver's cost")
    args = parser.parse_args(argv)
    figures: dict[str, Any] = {}
    if args.solver or args.solver_only:
        figures["solver"] = solver_table(args.positions, args.seed)
    if args.solver_only:
        print(json.dumps(figures, sort_keys=True))
        return figures
    deadline = None if args.think == "none" else float(args.think)
    setup = Setup(TarotRules(players=args.players), endgame_variant("exact", deadline),
                  endgame_variant(args.b, deadline), args.seed)
    start = time.perf_counter()
    duel = report(setup, run(setup, args.deals, 0, args.jobs), time.perf_counter() - start)
    low, high = duel["ci95"]
    print(f"exact - {args.b} endgame, {args.players} players, {duel['deals']} deals: "
          f"{duel['mean_a_minus_b']:+.2f} marks a deal ({low:+.2f} .. {high:+.2f})")
    timing = {}
    for players in (3, 4, 5):
        timing[str(players)] = stats = decision_times(players, args.positions, args.seed)
        print(f"endgame decision, {players} players: median {stats['median_ms']:.0f} ms, "
              f"p95 {stats['p95_ms']:.0f} ms, max {stats['max_ms']:.0f} ms")
    figures.update({"players": args.players, "deals": duel["deals"],
                    "b": args.b, "think": args.think,
                    "exact_minus_b": duel["mean_a_minus_b"], "ci95": duel["ci95"],
                    "void_plays": duel["void_plays"], "endgame_decision_ms": timing})
    print(json.dumps(figures, sort_keys=True))
    return figures


if __name__ == "__main__":
    main()
