"""Tarot card play alone, by role: a level's cards at one seat against the Confirmé's.

Each deal is played by the Confirmé at every seat (its bidding, écart and declarations
everywhere), then once per seat and per level with that level choosing the seat's cards
only: the same contract, so the seat's marks less the all-Confirmé deal's measure its
card play, as the taker, as the called king's holder (five players) or in defence.  Two
levels (``--a``, ``--b``: a level, or ``level@rev``, that revision's code) play the same
deals with the same seat generators, so A − B is paired seat by seat.  Cheaper than
``bench/arena.py`` (one seat of the level a play, the Confirmé quick at the others).
Ends with one JSON line.

    python -m bench.tarot_card_play --players 4 --a expert --b expert@d9d8f7c --deals 60

``expert:tail=K,worlds=N,reach=R,nodes=M`` (``tuned``): the Expert of this tree, its
compiled-core card search with the play-outs solved from K cards a hand (0: played to the
end), N worlds, the worlds solved exactly from R tricks left within M positions a world,
for the code before a change and after it in one process (the core loaded in both).
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from bench.arena import Player, Variant, mean_ci, parse_player, parse_think, player_name
from bench.tarot_times import tarot_deals
from game.ai import appraise, decide
from game.ai.tarot import tarot_decision
from game.ai.tarot_search import TarotWorldSearch, World
from game.core.kernels import SolveTable
from game.engine.protocol import Action, Phase
from game.engine.rules import TarotRules
from game.engine.tarot import TarotDeal
from game.engine.tarot_tricks import TarotView


class TunedSearch(TarotWorldSearch):
    """The Expert's card search with its compiled-core parameters set by a bench
    variant (``tuned``): the play-outs' solved tail (``tarot_search.CORE_TAIL_TRICKS``),
    the cap of worlds, the exact endgame's reach (``tarot_endgame.CORE_ENDGAME_TRICKS``)
    and its positions a world (``tarot_search.CORE_WORLD_NODES``)."""

    stop: int | None = None  # the tail's cards a hand at every table size (None: the code's)
    cap_worlds: int | None = None  # the cap of worlds (None: the decision's)
    reach: int | None = None  # the endgame's tricks left at every table size (None: the code's)
    world_nodes: int | None = None  # a world's solve's positions (None: the code's)

    def __init__(self, view: TarotView, rng: random.Random, worlds: int,
                 exact_endgame: bool = True) -> None:
        super().__init__(view, rng, self.cap_worlds or worlds, exact_endgame)

    def tail_tricks(self) -> Mapping[int, int]:
        if self.stop is None:
            return super().tail_tricks()
        return dict.fromkeys((3, 4, 5), self.stop)

    def endgame_reach(self) -> Mapping[int, int]:
        if self.reach is None:
            return super().endgame_reach()
        return dict.fromkeys((3, 4, 5), self.reach)

    def _world_table(self, world: World) -> SolveTable:
        if self.world_nodes is None or not self.compiled_solves():
            return super()._world_table(world)
        return self.playouts.table(self.world_nodes, world)


TUNED_SETTINGS = {"tail": "stop", "worlds": "cap_worlds", "reach": "reach",
                  "nodes": "world_nodes"}  # a variant's setting: ``TunedSearch``'s attribute


def tuned(name: str, think: float | None) -> Variant:
    """``expert:tail=K,worlds=N,reach=R,nodes=M`` (any of them): the Expert, its card
    search with the play-outs solved from K cards a hand (0: played to the end), N worlds,
    the worlds solved exactly from R tricks left, within M positions a world."""
    settings = dict(part.split("=", 1) for part in name.partition(":")[2].split(",") if part)
    unknown = set(settings) - set(TUNED_SETTINGS)
    if unknown:
        raise ValueError(f"unknown setting(s) {sorted(unknown)} in {name!r}: "
                         f"{', '.join(TUNED_SETTINGS)}")
    source = type("Tuned", (TunedSearch,), {
        TUNED_SETTINGS[key]: int(value) for key, value in settings.items()})
    return Variant(name, functools.partial(_tuned_action, source, think))


def _tuned_action(source: type[TunedSearch], think: float | None, state: TarotDeal, seat: int,
                  rng: random.Random) -> Action:
    return appraise(state.view(seat), rng, think, tarot_source=source).decision.action


def player_of(name: str, think: float | None) -> Player:
    """A tuned Expert (``tuned``), or a player as ``bench/arena.py`` reads it."""
    if name.startswith("expert:"):
        return tuned(name, think)
    return parse_player(name, think)


def card_player_action(player: Player, state: TarotDeal, seat: int, rng: random.Random,
                       think: float | None) -> Action:
    if isinstance(player, Variant):
        return player.choose(state, seat, rng)
    if player is None:  # "random"
        action: Action = rng.choice(state.legal_actions())
        return action
    return decide(state.view(seat), player, rng, think).action


def finish(state: TarotDeal, seat: int | None, player: Player, rng: random.Random,
           think: float | None) -> TarotDeal:
    """The deal ``state`` starts played to its end, the Confirmé deciding everything but
    ``seat``'s cards (``player``'s)."""
    while not state.is_over:
        current = state.current_player
        assert current is not None
        view = state.view(current)
        if current == seat and view.phase is Phase.PLAY:
            action = card_player_action(player, state, current, rng, think)
        else:
            action = tarot_decision(view).action
        state, _ = state.apply(action)
    return state


def marks(state: TarotDeal) -> tuple[int, ...]:
    """Every seat's marks for the finished deal ``state`` (none when everyone passed)."""
    result = state.result()
    return tuple(result.scores) if result is not None else ()


ROLES = ("taker", "partner", "defence")


def seat_role(state: TarotDeal, seat: int) -> str:
    """``seat``'s camp in the finished deal ``state``: the taker, the called king's holder
    (five players, not the taker) or a defender."""
    if seat == state.taker:
        return "taker"
    return "partner" if seat == state.partner else "defence"


def play(players: int, seed: int, deals: int, a: Player, b: Player, think: float | None,
         roles: Sequence[str] = ROLES) -> dict[str, list[tuple[float, float]]]:
    """By role ("taker", "partner", "defence"): one (A's, B's) pair of the seat's marks
    less the all-Confirmé deal's, per deal and seat where someone took; only the seats
    whose role is in ``roles`` are played."""
    rules = TarotRules(players=players)
    by_role: dict[str, list[tuple[float, float]]] = {role: [] for role in ROLES}
    for index, state in enumerate(tarot_deals(rules, seed, deals)):
        confirme = finish(state, None, None, random.Random(0), think)
        base = marks(confirme)
        if not base:
            continue  # everyone passed
        for seat in range(players):
            role = seat_role(confirme, seat)
            if role not in roles:
                continue
            a_marks, b_marks = (
                marks(finish(state, seat, level, random.Random(f"{seed}-{index}-{seat}"),
                             think))[seat] - base[seat] for level in (a, b))
            by_role[role].append((a_marks, b_marks))
    return by_role


def summary(pairs: Sequence[tuple[float, float]]) -> dict[str, Any]:
    figures: dict[str, Any] = {"seats": len(pairs)}
    for name, values in (("a_minus_confirme", [a for a, _ in pairs]),
                         ("b_minus_confirme", [b for _, b in pairs]),
                         ("a_minus_b", [a - b for a, b in pairs])):
        mean, low, high = mean_ci(values)
        figures[name] = round(mean, 2)
        figures[f"{name}_ci95"] = [round(low, 2), round(high, 2)]
    return figures


def report(by_role: dict[str, list[tuple[float, float]]], data: dict[str, Any]) -> None:
    """Print each role played (A − Confirmé, B − Confirmé, A − B) and add its figures to
    ``data``."""
    for role in ROLES:
        if not by_role[role]:
            continue  # a role not played, or no partner (fewer than five players)
        figures = data[role] = summary(by_role[role])
        low, high = figures["a_minus_b_ci95"]
        print(f"  {role}: {figures['seats']} seats; A − Confirmé "
              f"{figures['a_minus_confirme']:+.1f}, B − Confirmé "
              f"{figures['b_minus_confirme']:+.1f}, A − B {figures['a_minus_b']:+.1f} "
              f"(95 % CI {low:+.1f} .. {high:+.1f})")


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    parser.add_argument("--a", default="expert")
    parser.add_argument("--b", default="confirme")
    parser.add_argument("--think", default="none", help="seconds, or none: no deadline")
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--roles", nargs="+", choices=ROLES, default=list(ROLES),
                        help="the roles whose seats are played (by default all)")
    args = parser.parse_args(argv)
    think = parse_think(args.think)
    a, b = player_of(args.a, think), player_of(args.b, think)
    by_role = play(args.players, args.seed, args.deals, a, b, think, args.roles)
    data: dict[str, Any] = {"players": args.players, "a": player_name(a), "b": player_name(b),
                            "think": think, "deals": args.deals, "seed": args.seed}
    print(f"tarot {args.players}p, {args.deals} deals (seed {args.seed}), "
          f"A={data['a']} B={data['b']}, think {args.think}: a seat's marks less the "
          "all-Confirmé deal's")
    report(by_role, data)
    print(json.dumps(data, sort_keys=True))
    return data


if __name__ == "__main__":
    main(sys.argv[1:])
