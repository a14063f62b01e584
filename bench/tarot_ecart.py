"""The Expert's écart by simulation against the Confirmé's, in duplicate.

Each deal is bid the Confirmé's way at every seat; when the taker takes the chien
(Prise, Garde) the deal is played twice from there: once with the Confirmé's écart,
once with the Expert's (``tarot_ecart``, its own generator, ``--think``), every other
decision the same level's (``--play``: the Confirmé's, or the Expert's with no deadline,
the seats' generators the same in both plays), so that a deal where both écarts are the
same scores exactly 0.  Printed: the taker's marks a deal, Expert écart − Confirmé
écart (95 % CI) over the deals with an écart, how often the écarts differ, how often the
Expert's leaves a void the Confirmé's does not, and the Expert écart's decision times.
The Expert's écart before this module was the Confirmé's: this is Expert against the
Expert before it, the écart alone.  Ends with one JSON line.

    python -m bench.tarot_ecart --players 4 --deals 200 --seed 3
    python -m bench.tarot_ecart --players 4 --deals 30 --play expert
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from bench.arena import mean_ci, time_stats
from game.ai import Level, decide
from game.ai.tarot import tarot_decision
from game.ai.tarot_ecart import weigh_ecarts
from game.engine.match import new_deal_state
from game.engine.protocol import Phase
from game.engine.rules import TarotRules
from game.engine.tarot import TarotDeal
from game.engine.tarot_actions import TarotDiscard
from game.engine.tarot_cards import PLAIN_SUITS, TarotCard


def at_ecart(rules: TarotRules, seed: int, index: int) -> TarotDeal | None:
    """The deal bid the Confirmé's way up to the taker's first discard (None: no écart)."""
    deal_seed = random.Random(f"{seed}-deal-{index}").getrandbits(62)
    state, _ = new_deal_state(rules, deal_seed, index % rules.players)
    assert isinstance(state, TarotDeal)
    while not state.is_over and state.phase is not Phase.PLAY:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        if any(isinstance(a, TarotDiscard) for a in view.legal):
            return state
        state, _ = state.apply(tarot_decision(view).action)
    return None


def discard(state: TarotDeal, expert: bool, rng: random.Random, think: float | None,
            times: list[float]) -> TarotDeal:
    """The taker's écart made, the Expert's (``rng``, ``think``) or the Confirmé's."""
    taker = state.current_player
    assert taker is not None
    while state.current_player == taker and state.phase is Phase.EXCHANGE:
        view = state.view(taker)
        if expert:
            started = time.perf_counter()
            action = weigh_ecarts(view, rng, think)[0].action
            times.append(time.perf_counter() - started)
        else:
            action = tarot_decision(view).action
        state, _ = state.apply(action)
    return state


def play_on(state: TarotDeal, play: Level, seed: int, index: int) -> int:
    """The deal after the écart to its end at ``play``'s level; the taker's marks."""
    taker = state.taker
    assert taker is not None
    rngs = [random.Random(f"{seed}-{index}-{s}") for s in range(state.rules.players)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state, _ = state.apply(decide(state.view(seat), play, rngs[seat], think=None).action)
    result = state.result()
    assert result is not None
    return result.scores[taker]


def voids(hand: tuple[TarotCard, ...], ecart: tuple[TarotCard, ...]) -> int:
    """Plain suits the taker holds none of after ``ecart``."""
    return sum(1 for s in PLAIN_SUITS if not any(c.suit is s and c not in ecart for c in hand))


def main(argv: list[str] | None = None) -> dict[str, object]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=100,
                        help="deals dealt (not all have an écart)")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--play", choices=["confirme", "expert"], default="confirme")
    parser.add_argument("--think", default="none",
                        help="the Expert écart's seconds a decision, or none: its default worlds")
    args = parser.parse_args(argv)
    think = None if args.think == "none" else float(args.think)
    play = Level.EXPERT if args.play == "expert" else Level.CONFIRME
    rules = TarotRules(players=args.players)
    diffs: list[float] = []
    differ = more_voids = 0
    times: list[float] = []
    started = time.perf_counter()
    for index in range(args.deals):
        state = at_ecart(rules, args.seed, index)
        if state is None:
            continue
        taker = state.current_player
        assert taker is not None
        full = state.hands[taker]  # the chien in it
        base = discard(state, False, random.Random(), think, [])
        mine = discard(state, True, random.Random(f"{args.seed}-{index}-ecart"), think, times)
        if set(mine.ecart) == set(base.ecart):
            diffs.append(0.0)  # the same play follows: the same marks
            continue
        differ += 1
        more_voids += voids(full, mine.ecart) > voids(full, base.ecart)
        diffs.append(play_on(mine, play, args.seed, index) - play_on(base, play, args.seed, index))
    mean, low, high = mean_ci(diffs)
    data: dict[str, object] = {
        "players": args.players, "deals": args.deals, "with_ecart": len(diffs),
        "seed": args.seed, "play": args.play, "think": args.think,
        "mean_expert_minus_confirme": round(mean, 2), "ci95": [round(low, 2), round(high, 2)],
        "ecarts_differ": differ, "more_voids": more_voids,
        "ecart_time": time_stats(times), "wall_s": round(time.perf_counter() - started, 1)}
    print(f"tarot {args.players}p, {len(diffs)} deals with an écart of {args.deals} dealt, "
          f"seed {args.seed}, play: {args.play}, écart think: {args.think}")
    print(f"  taker's marks, Expert écart - Confirmé écart: {mean:+.1f} "
          f"(95% CI {low:+.1f} .. {high:+.1f})")
    print(f"  écarts differ on {differ} deals, the Expert's with more voids on {more_voids}")
    stats = time_stats(times)
    print(f"  Expert écart decision: median {stats['median_ms']:.0f} ms, "
          f"p95 {stats['p95_ms']:.0f} ms, max {stats['max_ms']:.0f} ms "
          f"({len(times)} decisions)")
    print(json.dumps(data, sort_keys=True))
    return data


if __name__ == "__main__":
    main(sys.argv[1:])
