"""Double-dummy loss per card decision: how much each level's cards cost by the exact
solver's yardstick, by kind of decision.

Coinche or belote deals (four players) with fixed contracts: the Confirmé bids for every
seat, then each level plays the deal alone at all four seats.  At each card decision
with a choice, every legal card is solved double-dummy on the true deal
(``game/dds/solver.py``: every hand seen, a bench's privilege) and turned into the
deal's score for the deciding side (``game/dds/utility.py``: the contract made or failed,
coinche level, belote...); the loss is the best card's worth minus the chosen one's
(0 when the chosen card is as good).  Kinds: the opening lead (the deal's first card),
other leads, following (2nd to 4th to play), each for the taker's side and the defence.
Decisions the solver cannot finish within ``--node-cap`` nodes are left out (counted).

Double-dummy is a yardstick, not the truth: a card that only works when every hand is
seen looks free.  Compare levels on the same deals.

    python -m bench.dd_loss --game coinche --levels confirme expert --deals 100 --seed 7
    python -m bench.dd_loss --levels expert expert@ed8d699 --cards 1   # opening leads only
    python -m bench.dd_loss --levels confirme expert --cards 1 --think none   # load-proof
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.arena import Player, mean_ci, parse_player, parse_think, player_name
from game.ai import DEFAULT_THINK, Level, decide
from game.engine.actions import PlayCard
from game.engine.games import COINCHE, game_of
from game.engine.match import new_deal_state
from game.engine.protocol import Action, Phase
from game.engine.rules import BeloteRules, CoincheRules, TrickGameRules
from game.engine.trickgame import TrickDeal
from game.hindsight import card_worths

NODE_CAP = 3_000_000
KINDS = ("opening lead", "other leads", "following")


@dataclass
class Losses:
    """Per (kind, side): the losses of the decisions measured; unsolved decisions."""

    by_kind: dict[tuple[str, str], list[float]] = field(default_factory=dict)
    unsolved: int = 0

    def add(self, kind: str, side: str, loss: float) -> None:
        self.by_kind.setdefault((kind, side), []).append(loss)


def contract_deal(rules: TrickGameRules, seed: int, index: int) -> TrickDeal | None:
    """Deal ``index`` bid by the Confirmé at every seat, the first card next (None if all
    passed)."""
    deal_seed = random.Random(f"{seed}-deal-{index}").getrandbits(62)
    state, _ = new_deal_state(rules, deal_seed, index % rules.players)
    while not state.is_over and state.phase is not Phase.PLAY:
        seat = state.current_player
        assert seat is not None
        state, _ = state.apply(decide(state.view(seat), Level.CONFIRME, random.Random(0)).action)
    assert isinstance(state, TrickDeal)
    return None if state.is_over else state


def kind_of(state: TrickDeal) -> tuple[str, str]:
    assert state.turn is not None and state.taker is not None
    if not state.trick:
        kind = "opening lead" if not state.tricks else "other leads"
    else:
        kind = "following"
    side = "taker" if state.turn % 2 == state.taker % 2 else "defence"
    return kind, side


def choose(player: Player, state: TrickDeal, seat: int, rng: random.Random,
           think: float | None = DEFAULT_THINK) -> Action:
    if isinstance(player, Level):
        return decide(state.view(seat), player, rng, think).action
    assert player is not None and not isinstance(player, Level)
    return player.choose(state, seat, rng)


def measure(player: Player, start: TrickDeal, index: int, seed: int, cards: int,
            node_cap: int, losses: Losses, cache: dict[Any, Any],
            think: float | None = DEFAULT_THINK) -> None:
    """Play ``start`` to its end (or ``cards`` cards) with ``player`` at every seat, the
    Expert thinking ``think`` seconds at most a decision (None: no deadline)."""
    state = start
    rngs = [random.Random(f"{seed}-{index}-{seat}") for seat in range(state.players)]
    played = 0
    while not state.is_over and played < cards:
        seat = state.current_player
        assert seat is not None
        action = choose(player, state, seat, rngs[seat], think)
        if isinstance(action, PlayCard):
            options = {a.card for a in state.legal_actions() if isinstance(a, PlayCard)}
            if len(options) > 1:
                key = (index, state.tricks, state.trick)
                if key not in cache:
                    cache[key] = card_worths(state, node_cap)
                worths = cache[key]
                if worths is None:
                    losses.unsolved += 1
                else:
                    losses.add(*kind_of(state), max(worths.values()) - worths[action.card])
            played += 1
        state, _ = state.apply(action)


def report(losses: dict[str, Losses], game: str, deals: int, seed: int,
           wall: float) -> dict[str, Any]:
    rows = {}
    for name, found in losses.items():
        for (kind, side), values in sorted(found.by_kind.items()):
            mean, low, high = mean_ci(values)
            rows[f"{name}|{kind}|{side}"] = {
                "decisions": len(values), "mean_loss": round(mean, 2),
                "ci95": [round(low, 2), round(high, 2)]}
    return {"game": game, "deals": deals, "seed": seed, "rows": rows,
            "unsolved": {name: found.unsolved for name, found in losses.items()},
            "wall_s": round(wall, 1), "python": sys.version.split()[0]}


def print_report(data: dict[str, Any]) -> None:
    print(f"{data['game']}: {data['deals']} deals with a contract, seed {data['seed']}, "
          f"think {data.get('think', DEFAULT_THINK)}; "
          "double-dummy loss per decision (deal points for the deciding side)")
    for key, row in data["rows"].items():
        name, kind, side = key.split("|")
        low, high = row["ci95"]
        print(f"  {name:>16} {kind:>13} {side:>8}: {row['mean_loss']:6.1f} "
              f"({low:.1f} .. {high:.1f}) over {row['decisions']} decisions")
    print(f"  unsolved (node cap): {data['unsolved']}; wall time {data['wall_s']} s")
    print(json.dumps(data, sort_keys=True))


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--game", choices=("coinche", "belote"), default="coinche")
    parser.add_argument("--levels", nargs="+", default=["confirme", "expert"],
                        help="levels (or level@rev, as in bench/arena.py)")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--cards", type=int, default=32,
                        help="measure the first N cards of each deal only (1: opening leads)")
    parser.add_argument("--node-cap", type=int, default=NODE_CAP)
    parser.add_argument("--think", type=parse_think, default=DEFAULT_THINK,
                        help="the Expert's seconds a decision, or none: no deadline, its "
                             "default number of deals (the same play at any load)")
    args = parser.parse_args(argv)
    levels = [parse_player(text, args.think) for text in args.levels]
    rules: TrickGameRules = CoincheRules() if game_of(args.game) is COINCHE \
        else BeloteRules()
    losses = {player_name(p): Losses() for p in levels}
    cache: dict[Any, Any] = {}
    begin = time.perf_counter()
    found = 0
    for index in range(args.deals):
        start = contract_deal(rules, args.seed, index)
        if start is None:
            continue
        found += 1
        for player in levels:
            measure(player, start, index, args.seed, args.cards, args.node_cap,
                    losses[player_name(player)], cache, args.think)
    data = report(losses, args.game, found, args.seed, time.perf_counter() - begin)
    data["think"] = args.think  # seconds a decision, None: no deadline
    print_report(data)
    return data


if __name__ == "__main__":
    main()
