"""Worlds the Expert sees per decision with and without pondering, in the same deadline.

Deals of coinche (or ``--game``) are played by the Confirmé at every seat; at each card
of seat 0 (the player) where the next seat has a card search to run, that seat decides
as an Expert twice from the same generator state: once as is, once after pondering for
``--ponder-seconds`` of work (``game.ai.ponder``: every card seat 0 may play, his
Confirmé card first, as the controller prepares them while he thinks); he then plays
his Confirmé card, or with ``--player-card last`` the card whose situation is prepared
last.  Prints the
worlds seen (mean, and the share of decisions that saw the cap), the decision times,
how often the two decisions differ, and one JSON line.

    nice -n 19 .venv/bin/python -m bench.ponder_worlds [--deals 4] [--think 0.3]
    nice -n 19 .venv/bin/python -m bench.ponder_worlds --game tarot5
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import Level, decide
from game.ai.ponder import Ponder, card_search, likely_first
from game.engine.match import AnyRules, Match
from game.engine.protocol import Phase
from game.engine.rules import BeloteRules, CoincheRules, TarotRules

PLAYER = 0
GAMES: dict[str, AnyRules] = {
    "coinche": CoincheRules(), "belote": BeloteRules(),
    **{f"tarot{n}": TarotRules(players=n) for n in (3, 4, 5)}}


def positions(rules: AnyRules, seed: int) -> list[Match]:
    """Seat 0's card decisions in one deal played by the Confirmé."""
    match, _ = Match.new(rules, seed)
    found = []
    while match.current_player is not None and not match.history:
        view = match.view(match.current_player)
        if match.current_player == PLAYER and view.deal.phase is Phase.PLAY:
            found.append(match)
        match, _ = match.apply(decide(view, Level.CONFIRME, random.Random(0)).action)
    return found


def timed(ponder: Ponder, after: Match, rng: random.Random, think: float) -> tuple[int, int,
                                                                                    float, object]:
    seat = after.current_player
    assert seat is not None
    start = time.perf_counter()
    decision = ponder.decide(after.view(seat), Level.EXPERT, rng, think)
    return ponder.last_seen, ponder.last_reused, time.perf_counter() - start, decision


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--game", choices=sorted(GAMES), default="coinche")
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--think", type=float, default=0.3)
    parser.add_argument("--ponder-seconds", type=float, default=1.0,
                        help="work the pondering may do while the player thinks")
    parser.add_argument("--player-card", choices=("confirme", "last"), default="confirme",
                        help="the card seat 0 plays: his Confirmé card (prepared first) or "
                             "the one prepared last")
    args = parser.parse_args(argv)
    alone: list[int] = []
    pondered: list[int] = []
    reused: list[int] = []
    times: dict[str, list[float]] = {"alone": [], "pondered": []}
    differ = differ_at_equal = 0  # decisions that differ (when both saw as many worlds)
    for deal in range(args.deals):
        for match in positions(GAMES[args.game], args.seed * 1000 + deal):
            order = likely_first(match.view(PLAYER))
            choice = order[0] if args.player_card == "confirme" else order[-1]
            after, _ = match.apply(choice)
            seat = after.current_player
            if seat is None or seat == PLAYER:
                continue
            seed_rng = random.Random(args.seed * 7919 + len(alone))
            if card_search(after.view(seat), seed_rng, args.think) is None:
                continue
            nexts = [match.apply(a)[0] for a in likely_first(match.view(PLAYER))]
            ponder = Ponder()
            ponder.prepare([(m.view(m.current_player), seed_rng) for m in nexts
                            if m.current_player not in (None, PLAYER)], args.think)
            start = time.perf_counter()
            while time.perf_counter() - start < args.ponder_seconds and ponder.work(0.01):
                pass
            rng_a, rng_b = random.Random(), random.Random()
            rng_a.setstate(seed_rng.getstate())
            rng_b.setstate(seed_rng.getstate())
            seen_a, _, time_a, decision_a = timed(Ponder(), after, rng_a, args.think)
            seen_b, reuse_b, time_b, decision_b = timed(ponder, after, rng_b, args.think)
            alone.append(seen_a)
            pondered.append(seen_b)
            reused.append(reuse_b)
            times["alone"].append(time_a)
            times["pondered"].append(time_b)
            differ += decision_a != decision_b
            differ_at_equal += decision_a != decision_b and seen_a == seen_b
    count = len(alone)
    cap = max(pondered + alone)

    def p95(values: list[float]) -> float:
        return round(sorted(values)[int(0.95 * (len(values) - 1))] * 1000, 1)

    figures = {
        "decisions": count, "think_s": args.think, "ponder_seconds": args.ponder_seconds,
        "worlds_mean_alone": round(statistics.mean(alone), 2),
        "worlds_mean_pondered": round(statistics.mean(pondered), 2),
        "reused_mean": round(statistics.mean(reused), 2),
        "at_cap_alone": round(sum(s == cap for s in alone) / count, 3),
        "at_cap_pondered": round(sum(s == cap for s in pondered) / count, 3),
        "fewer_with_pondering": sum(b < a for a, b in zip(alone, pondered, strict=True)),
        "p95_ms_alone": p95(times["alone"]), "p95_ms_pondered": p95(times["pondered"]),
        "decisions_differ": differ, "differ_with_as_many_worlds": differ_at_equal,
        "player_card": args.player_card, "game": args.game,
    }
    print(f"{count} decisions ({args.game}, seat 0's cards, {args.deals} deals, seed {args.seed}), "
          f"think {args.think} s, {args.ponder_seconds} s of pondering")
    print(f"worlds seen: alone {figures['worlds_mean_alone']} (at the cap "
          f"{figures['at_cap_alone']:.0%}), pondered {figures['worlds_mean_pondered']} "
          f"(at the cap {figures['at_cap_pondered']:.0%}; {figures['reused_mean']} prepared)")
    print(f"decision time p95: alone {figures['p95_ms_alone']} ms, pondered "
          f"{figures['p95_ms_pondered']} ms; decisions that differ: {differ} (of which "
          f"with as many worlds seen: {differ_at_equal})")
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
