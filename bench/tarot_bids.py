"""Tarot bidding by level, in duplicate, and the Expert's calibration.

Every deal is played once per level with that level at South (seat 0) and the Confirmé
at the other seats, the same cards, dealer and seat generators each time.  For each level:
how often it takes, each contract, how often it makes it, its mean marks when it takes
and when it passes, and its mean marks a deal; for each pair of levels, the deals where
one took and the other passed, with both's marks there.

The calibration: at South's first call of each deal, the Expert's simulation
(``tarot_bid_search.weigh_tarot_calls``, its default worlds, no deadline) predicts South's
marks for passing and for each contract; the deal is then played again once per call,
South forced to it (Confirmé otherwise), and the marks realised are set against the
prediction: per call, and for the gain of taking (the best contract predicted, less
passing) by bands of the predicted gain.

Card play is the Confirmé's at every seat by default (``--play confirme``): the levels
then differ only in what they bid, and the realised marks are those of the play the
simulation assumes; ``--play own`` lets each level play its cards (slower).

    python -m bench.tarot_bids --players 4 --deals 200 --levels confirme,expert --seed 1
    python -m bench.tarot_bids --levels confirme,expert@77181da,expert   # before / after

The Expert decides within its default thinking time, so a loaded machine cuts its calls
short; ``--think none`` gives it its default worlds with no deadline: the same calls in
every run, and two Experts that differ only after the auction (the king call, the écart)
bid alike.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bench.arena import Player, Variant, mean_ci, parse_player, time_stats
from game.ai import DEFAULT_THINK, Level, decide
from game.ai.tarot_bid_search import weigh_tarot_calls
from game.engine.match import new_deal_state
from game.engine.protocol import Action, Phase
from game.engine.rules import TarotRules
from game.engine.tarot import TarotDeal
from game.engine.tarot_actions import TarotBid, TarotPass
from game.engine.tarot_scoring import Contract, TarotFacts

SOUTH = 0
GAIN_BANDS = (-80, -40, -20, 0, 20, 40, 80)  # edges of the predicted gain of taking


@dataclass(frozen=True)
class Played:
    """One deal as South's level played it."""

    first_call: Action  # South's first call
    taker: int | None
    contract: Contract | None
    made: bool | None
    marks: int  # South's (0 when everyone passed)

    @property
    def took(self) -> bool:
        return self.taker == SOUTH


@dataclass
class Calibration:
    """Predicted against realised marks for South's first call, per call and deal."""

    predicted: list[dict[str, float]] = field(default_factory=list)
    realised: list[dict[str, float]] = field(default_factory=list)


def call_name(action: Action) -> str:
    return action.contract.label if isinstance(action, TarotBid) else "Pass"


def deal_state(rules: TarotRules, seed: int, index: int) -> TarotDeal:
    deal_seed = random.Random(f"{seed}-deal-{index}").getrandbits(62)
    state, _ = new_deal_state(rules, deal_seed, index % rules.players)
    assert isinstance(state, TarotDeal)
    return state


def seat_rngs(seed: int, index: int, players: int) -> list[random.Random]:
    return [random.Random(f"{seed}-{index}-{seat}") for seat in range(players)]


def play(state: TarotDeal, south: Player, own_cards: bool, rngs: Sequence[random.Random],
         forced: Action | None = None, times: list[float] | None = None,
         think: float | None = DEFAULT_THINK) -> Played:
    """The deal to its end, ``south`` at seat 0 (its first call ``forced`` if given), the
    Confirmé elsewhere; South's card play its own when ``own_cards``."""
    first: Action | None = None
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        level = south if seat == SOUTH else Level.CONFIRME
        if view.phase is Phase.PLAY and not own_cards:
            level = Level.CONFIRME
        started = time.perf_counter()
        if seat == SOUTH and first is None and view.phase is Phase.BIDDING \
                and forced is not None:
            action = forced
        elif isinstance(level, Variant):
            action = level.choose(state, seat, rngs[seat])
        elif level is None:
            action = rngs[seat].choice(state.legal_actions())
        else:
            action = decide(view, level, rngs[seat], think=think).action
        if seat == SOUTH and view.phase is Phase.BIDDING and times is not None:
            times.append(time.perf_counter() - started)
        if seat == SOUTH and first is None and view.phase is Phase.BIDDING:
            first = action
        state, _ = state.apply(action)
    result = state.result()
    facts = result.facts if result is not None else None
    assert first is not None
    if not isinstance(facts, TarotFacts) or result is None:
        return Played(first, None, None, None, 0)
    return Played(first, facts.taker, facts.contract, facts.made, result.scores[SOUTH])


def calibrate(state: TarotDeal, seed: int, index: int, cal: Calibration) -> None:
    """The Expert's prediction at South's first call, and each call played out."""
    rules = state.rules
    rngs = seat_rngs(seed, index, rules.players)
    while state.current_player != SOUTH:
        seat = state.current_player
        assert seat is not None
        state, _ = state.apply(decide(state.view(seat), Level.CONFIRME, rngs[seat]).action)
    _, options = weigh_tarot_calls(state.view(SOUTH), random.Random(f"{seed}-cal-{index}"),
                                   deadline=None)
    if not options:
        return
    cal.predicted.append({call_name(a): v for a, v in options.items()})
    realised = {}
    for action in options:
        played = play(state, Level.CONFIRME, False, seat_rngs(seed, index, rules.players),
                      forced=action)
        realised[call_name(action)] = float(played.marks)
    cal.realised.append(realised)


def run(rules: TarotRules, levels: Sequence[str], deals: int, seed: int, own_cards: bool,
        calibration: bool, think: float | None = DEFAULT_THINK,
        ) -> tuple[dict[str, list[Played]], Calibration, dict[str, list[float]]]:
    plays: dict[str, list[Played]] = {name: [] for name in levels}
    times: dict[str, list[float]] = {name: [] for name in levels}
    cal = Calibration()
    players = {name: parse_player(name, think) for name in levels}
    for index in range(deals):
        for name in levels:
            south = players[name]
            state = deal_state(rules, seed, index)
            plays[name].append(play(state, south, own_cards,
                                    seat_rngs(seed, index, rules.players), times=times[name],
                                    think=think))
        if calibration:
            calibrate(deal_state(rules, seed, index), seed, index, cal)
    return plays, cal, times


# --- report ----------------------------------------------------------------------------------


def level_figures(played: Sequence[Played]) -> dict[str, Any]:
    took = [p for p in played if p.took]
    passed = [p for p in played if isinstance(p.first_call, TarotPass)]
    mean, low, high = mean_ci([float(p.marks) for p in played])
    return {
        "deals": len(played), "takes": len(took),
        "take_rate": round(len(took) / len(played), 4) if played else 0.0,
        "by_contract": {c.label: sum(1 for p in took if p.contract is c) for c in Contract},
        "made": sum(1 for p in took if p.made),
        "mean_when_taking": round(statistics.fmean([p.marks for p in took]), 1) if took else None,
        "mean_when_passing": round(statistics.fmean([p.marks for p in passed]), 1)
        if passed else None,
        "mean_per_deal": round(mean, 2), "ci95": [round(low, 2), round(high, 2)],
    }


def pair_figures(a: Sequence[Played], b: Sequence[Played]) -> dict[str, Any]:
    """Where A took and B passed its first call: both's mean marks there; and A − B."""
    only_a = [(x, y) for x, y in zip(a, b, strict=True)
              if x.took and isinstance(y.first_call, TarotPass)]
    diff, low, high = mean_ci([float(x.marks - y.marks) for x, y in zip(a, b, strict=True)])
    return {
        "a_took_b_passed": len(only_a),
        "a_marks_there": round(statistics.fmean([x.marks for x, _ in only_a]), 1)
        if only_a else None,
        "b_marks_there": round(statistics.fmean([y.marks for _, y in only_a]), 1)
        if only_a else None,
        "a_minus_b": round(diff, 2), "ci95": [round(low, 2), round(high, 2)],
    }


def calibration_figures(cal: Calibration) -> dict[str, Any]:
    per_call: dict[str, Any] = {}
    calls = sorted({k for p in cal.predicted for k in p})
    for call in calls:
        pairs = [(p[call], r[call]) for p, r in zip(cal.predicted, cal.realised, strict=True)
                 if call in p]
        bias, low, high = mean_ci([r - p for p, r in pairs])
        per_call[call] = {"n": len(pairs),
                          "predicted": round(statistics.fmean(p for p, _ in pairs), 1),
                          "realised": round(statistics.fmean(r for _, r in pairs), 1),
                          "bias": round(bias, 1), "ci95": [round(low, 1), round(high, 1)]}
    bands: dict[str, list[tuple[float, float]]] = {}
    for p, r in zip(cal.predicted, cal.realised, strict=True):
        bids = [k for k in p if k != "Pass"]
        if not bids or "Pass" not in p:
            continue
        best = max(bids, key=lambda k: p[k])
        gain, real = p[best] - p["Pass"], r[best] - r["Pass"]
        bands.setdefault(band_of(gain), []).append((gain, real))
    by_band = {}
    for name in [band_name(i) for i in range(len(GAIN_BANDS) + 1)]:
        pairs = bands.get(name, [])
        if pairs:
            real, low, high = mean_ci([r for _, r in pairs])
            by_band[name] = {"n": len(pairs),
                             "predicted_gain": round(statistics.fmean(g for g, _ in pairs), 1),
                             "realised_gain": round(real, 1),
                             "ci95": [round(low, 1), round(high, 1)]}
    return {"per_call": per_call, "gain_of_taking": by_band}


def band_of(gain: float) -> str:
    return band_name(sum(1 for edge in GAIN_BANDS if gain >= edge))


def band_name(index: int) -> str:
    if index == 0:
        return f"< {GAIN_BANDS[0]}"
    if index == len(GAIN_BANDS):
        return f">= {GAIN_BANDS[-1]}"
    return f"{GAIN_BANDS[index - 1]} .. {GAIN_BANDS[index]}"


def print_report(data: dict[str, Any]) -> None:
    print(f"tarot {data['players']}p, {data['deals']} deals, seed {data['seed']}, "
          f"card play: {data['play']}; South = each level, the others Confirmé")
    for name, f in data["levels"].items():
        contracts = ", ".join(f"{k} {v}" for k, v in f["by_contract"].items() if v)
        print(f"  {name:>9}: takes {f['takes']} ({100 * f['take_rate']:.1f} %: {contracts or '-'}),"
              f" made {f['made']}; marks when taking {f['mean_when_taking']}, when passing "
              f"{f['mean_when_passing']}; a deal {f['mean_per_deal']:+.1f} "
              f"({f['ci95'][0]:+.1f} .. {f['ci95'][1]:+.1f})")
        t = data["bid_times"][name]
        print(f"             South's calls: median {t['median_ms']:.0f} ms, p95 "
              f"{t['p95_ms']:.0f} ms, max {t['max_ms']:.0f} ms")
    for pair, f in data["pairs"].items():
        print(f"  {pair}: A took, B passed on {f['a_took_b_passed']} deals (A {f['a_marks_there']}"
              f", B {f['b_marks_there']}); A - B a deal {f['a_minus_b']:+.1f} "
              f"({f['ci95'][0]:+.1f} .. {f['ci95'][1]:+.1f})")
    cal = data.get("calibration")
    if cal:
        print("  calibration, South's first call (predicted by the Expert's simulation, "
              "realised by playing the deal with that call):")
        for call, f in cal["per_call"].items():
            print(f"    {call:>12}: n {f['n']:3}, predicted {f['predicted']:+7.1f}, realised "
                  f"{f['realised']:+7.1f}, bias {f['bias']:+6.1f} "
                  f"({f['ci95'][0]:+.1f} .. {f['ci95'][1]:+.1f})")
        print("    gain of taking (best contract - pass), by predicted band:")
        for band, f in cal["gain_of_taking"].items():
            print(f"    {band:>12}: n {f['n']:3}, predicted {f['predicted_gain']:+7.1f}, "
                  f"realised {f['realised_gain']:+7.1f} ({f['ci95'][0]:+.1f} .. "
                  f"{f['ci95'][1]:+.1f})")
    print(f"  wall time {data['wall_s']} s")
    print(json.dumps(data, sort_keys=True))


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="confirme,expert",
                        help="comma-separated players for South: debutant, confirme, "
                             "expert, or level@rev (that git revision's code)")
    parser.add_argument("--play", choices=("confirme", "own"), default="confirme",
                        help="card play: the Confirmé's at every seat, or each level its own")
    parser.add_argument("--no-calibration", action="store_true")
    parser.add_argument("--think", default=str(DEFAULT_THINK),
                        help="the Expert's seconds a decision at most, or none: its default "
                             "worlds with no deadline (the same calls whatever the load)")
    args = parser.parse_args(argv)
    rules = TarotRules(players=args.players)
    levels = [name.strip() for name in args.levels.split(",")]
    start = time.perf_counter()
    think = None if args.think == "none" else float(args.think)
    plays, cal, times = run(rules, levels, args.deals, args.seed, args.play == "own",
                            not args.no_calibration, think)
    data: dict[str, Any] = {
        "bench": "tarot_bids", "players": args.players, "deals": args.deals,
        "seed": args.seed, "play": args.play, "think": think,
        "levels": {name: level_figures(plays[name]) for name in levels},
        "pairs": {f"{a} - {b}": pair_figures(plays[a], plays[b])
                  for i, a in enumerate(levels) for b in levels[i + 1:]},
        "bid_times": {name: time_stats(times[name]) for name in levels},
        "python": sys.version.split()[0],
    }
    if cal.predicted:
        data["calibration"] = calibration_figures(cal)
    data["wall_s"] = round(time.perf_counter() - start, 1)
    print_report(data)
    return data


if __name__ == "__main__":
    main()
