"""Replay the opening-lead gate offline: which ``z`` loses least by the double-dummy
yardstick, on the taker's side and on defence.

For each deal with a contract (bid by the Confirmé, as ``bench/dd_loss.py``), the seat
to lead asks the Expert (no deadline) with ``--worlds`` sampled worlds instead of the
default 36; the search's rollouts of every legal lead, world by world, are recorded
instead of gated, with the Confirmé's lead and every lead's double-dummy worth on the
true deal.  The worlds are then cut into sets of 36 (the first set is what the Expert
at ``--think none`` sees) and each gate is replayed on each set: the loss of the lead
it picks, per side, in deal points.

    python -m bench.lead_gate_replay --game belote --deals 100 --seed 7
    python -m bench.lead_gate_replay --game belote --load runs/belote-7.json --z 0 1 2
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from statistics import fmean
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.arena import mean_ci
from bench.dd_loss import NODE_CAP, contract_deal, kind_of
from game.ai import appraise
from game.ai.lead_gate import Gate, gated_lead
from game.ai.memory import Memory
from game.ai.search import WorldSearch
from game.engine.actions import PlayCard
from game.engine.cards import Card, parse_cards
from game.engine.games import COINCHE, game_of
from game.engine.rules import BeloteRules, CoincheRules, TrickGameRules
from game.hindsight import card_worths

SET = 36  # the worlds the Expert rolls out with no deadline


class Recorder(WorldSearch):
    """The Expert's own search at its opening lead, with ``cap`` worlds whatever the
    decision's cap, keeping every rollout and never leaving the Confirmé's card; each
    search made is appended to ``made``."""

    def __init__(self, cap: int, made: list[Recorder], view: Any, mem: Memory,
                 cards: list[Card], rng: random.Random, worlds: int) -> None:
        super().__init__(view, mem, cards, rng, cap)
        made.append(self)

    def gate(self) -> Gate | None:
        return Gate(z=math.inf)


def record_lead(rules: TrickGameRules, seed: int, index: int,
                worlds: int) -> dict[str, Any] | None:
    """The opening lead of deal ``index``: side, the Confirmé's card, each legal lead's
    rollouts world by world and its double-dummy worth (None: no contract, no search at
    that lead, or unsolved)."""
    state = contract_deal(rules, seed, index)
    if state is None:
        return None
    seat = state.current_player
    assert seat is not None
    made: list[Recorder] = []
    rng = random.Random(f"{seed}-{index}-{seat}")
    source = functools.partial(Recorder, worlds, made)
    confirme = appraise(state.view(seat), rng, None, source=source).decision.action
    worths = card_worths(state, NODE_CAP)
    if not made or worths is None:
        return None
    search = made[0]
    assert isinstance(confirme, PlayCard)
    return {"deal": index, "side": kind_of(state)[1], "confirme": str(confirme.card),
            "values": {str(c): [world[c] for world in search.values] for c in search.cards},
            "worths": {str(c): w for c, w in worths.items()}}


def replay(lead: dict[str, Any], first: int, z: float | None) -> str:
    """The lead the gate ``z`` picks on worlds ``first`` .. ``first + SET`` (None: no
    gate, the best mean)."""
    values = {card(c): v[first:first + SET] for c, v in lead["values"].items()}
    fallback = (card(lead["confirme"]), "confirme")
    if z is None:
        chosen = max(values, key=lambda c: (fmean(values[c]), c == fallback[0]))
    else:
        chosen = gated_lead(values, fallback, Gate(z=z))[0]
    return str(chosen)


def loss(lead: dict[str, Any], chosen: str) -> float:
    worths = lead["worths"]
    return float(max(worths.values()) - worths[chosen])


def card(text: str) -> Card:
    return parse_cards(text)[0]


def summary(leads: list[dict[str, Any]], gates: Sequence[float | None]) -> dict[str, Any]:
    """Per side: the Confirmé's loss, and each gate's on each set of worlds."""
    sets = min(len(next(iter(lead["values"].values()))) for lead in leads) // SET
    rows: dict[str, Any] = {}
    for side in ("taker", "defence"):
        mine = [lead for lead in leads if lead["side"] == side]
        rows[f"{side}|confirme"] = _row(mine, [lead["confirme"] for lead in mine])
        for z in gates:
            name = "ungated" if z is None else f"z={z:g}"
            for k in range(sets):
                rows[f"{side}|{name}|worlds {k * SET + 1}-{(k + 1) * SET}"] = _row(
                    mine, [replay(lead, k * SET, z) for lead in mine])
    return rows


def _row(leads: list[dict[str, Any]], chosen: list[str]) -> dict[str, Any]:
    """The mean loss of the ``chosen`` leads, and its difference with the Confirmé's."""
    losses = [loss(lead, c) for lead, c in zip(leads, chosen, strict=True)]
    mean, low, high = mean_ci(losses)
    diff, dlow, dhigh = mean_ci([a - loss(lead, lead["confirme"])
                                 for a, lead in zip(losses, leads, strict=True)])
    return {"leads": len(losses), "loss": round(mean, 1), "ci95": [round(low, 1), round(high, 1)],
            "minus_confirme": [round(diff, 1), round(dlow, 1), round(dhigh, 1)],
            "departures": sum(c != lead["confirme"] for lead, c in zip(leads, chosen, strict=True))}


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--game", choices=("coinche", "belote"), default="belote")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--worlds", type=int, default=3 * SET)
    parser.add_argument("--z", type=float, nargs="+", default=[0.0, 1.0, 1.5, 2.0, 3.0])
    parser.add_argument("--save", type=Path, help="write the recorded leads (JSON)")
    parser.add_argument("--load", type=Path, help="replay recorded leads, no search")
    args = parser.parse_args(argv)
    if args.load:
        leads = json.loads(args.load.read_text())
    else:
        rules: TrickGameRules = CoincheRules() if game_of(args.game) is COINCHE \
            else BeloteRules()
        found = (record_lead(rules, args.seed, i, args.worlds) for i in range(args.deals))
        leads = [lead for lead in found if lead is not None]
        if args.save:
            args.save.write_text(json.dumps(leads))
    rows = summary(leads, [None, *args.z])
    for key, row in rows.items():
        d, lo, hi = row["minus_confirme"]
        print(f"{key:>36}: {row['loss']:6.1f} over {row['leads']}  - C {d:+.1f} "
              f"({lo:+.1f} .. {hi:+.1f}), {row['departures']} differ")
    data = {"game": args.game, "seed": args.seed, "deals": args.deals, "rows": rows}
    print(json.dumps(data, sort_keys=True))
    return data


if __name__ == "__main__":
    main()
