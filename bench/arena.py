"""AI arena: one AI configuration against another, in duplicate.

Every deal is played once per seating with the same cards and the same dealer: at four
players twice (A on seats 0 and 2, then on 1 and 3); each for himself (belote à 2 / 3)
once per seat for A, B holding the other seats.  The luck of the cards cancels out, so
the difference per deal measures the players.  Matches (``--matches``) are played the
same way: the same match seed once per seating.  Tarot counts as each for himself: A
holds one seat in turn, B the others (the camps change with every contract).

Reports the mean points per deal of A minus B with a 95% confidence interval, the share
of deals and of matches A won, and the time per decision (median, p95, max) of each
side; the figures end with one JSON line.  Seeded and reproducible, whatever ``--jobs``.

    python -m bench.arena --game coinche --a confirme --b debutant --deals 500 --seed 1
    python -m bench.arena --a expert --b expert@ed8d699 --bidding confirme --seed 7
    python -m bench.arena --a expert --b expert@ed8d699 --think none   # load-proof
    python -m bench.arena --a expert --b expert@ed8d699 --common-rngs  # less noise
    python -m bench.arena --a expert --b expert@ed8d699 --progress 10  # running figures

``--progress K`` (one process) prints the mean and 95% CI of the deals so far every K
deals: a long run stopped at a deadline keeps its figures.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from bench.revision import decide_at
from game.ai import DEFAULT_THINK, Level, decide
from game.engine.actions import Coinche, Surcoinche
from game.engine.games import GAMES, rules_class
from game.engine.match import Match, new_deal_state
from game.engine.protocol import Action, Phase
from game.engine.rules import TarotRules, TrickGameRules


@dataclass
class Tally:
    """What a batch of duplicate deals or matches gave (merged across processes)."""

    deal_diffs: list[float] = field(default_factory=list)  # one per duplicate deal
    deal_wins: list[float] = field(default_factory=list)  # per played seating: 1, 0.5, 0
    void_plays: int = 0
    match_wins: list[float] = field(default_factory=list)
    times: dict[str, list[float]] = field(default_factory=lambda: {"a": [], "b": []})
    # coinche: by side and call ("a_coinche", "b_surcoinche"...), [calls, right calls]
    # (a coinched contract failed, a surcoinched one made)
    doublings: dict[str, list[int]] = field(default_factory=dict)

    def merge(self, other: Tally) -> None:
        self.deal_diffs += other.deal_diffs
        for key, (calls, right) in other.doublings.items():
            mine = self.doublings.setdefault(key, [0, 0])
            mine[0] += calls
            mine[1] += right
        self.deal_wins += other.deal_wins
        self.void_plays += other.void_plays
        self.match_wins += other.match_wins
        for key, values in other.times.items():
            self.times[key] += values


@dataclass(frozen=True)
class Variant:
    """A player for experiments (``bench/expert_limits.py``): ``choose(state, seat, rng)``
    returns the action, a module-level function so that it crosses to worker processes."""

    name: str
    choose: Callable[[Any, int, random.Random], Action]


Player = Level | Variant | None  # None: uniformly random legal actions, the baseline


# Players a bench module adds by name (``bench/play_inference.py``), made for a deadline.
Extra = Mapping[str, Callable[[float | None], Variant]]


def parse_player(text: str, think: float | None = DEFAULT_THINK, extra: Extra | None = None,
                 ) -> Player:
    """A level name, "random" for uniformly random legal play, ``level@rev``: the
    level as the code of git revision ``rev`` plays it (``bench/revision.py``), thinking
    ``think`` seconds at most a decision (None: no deadline, its default deals), a tarot
    Expert tuned as ``bench/tarot_card_play.py`` reads ``expert:tail=K,…``, or one of
    the ``extra`` players' names."""
    if extra and text in extra:
        return extra[text](think)
    if text.startswith("expert:"):
        from bench.tarot_card_play import tuned

        return tuned(text, think)
    if "@" in text:
        level, rev = text.split("@", 1)
        Level(level)  # a clear error for an unknown level, before any checkout
        return Variant(text, functools.partial(_at_revision, rev, level, think))
    return None if text == "random" else Level(text)


def parse_think(text: str) -> float | None:
    """Seconds, or "none": no deadline (the default number of deals, whatever the load)."""
    return None if text.lower() == "none" else float(text)


def _at_revision(rev: str, level: str, think: float | None, state: Any, seat: int,
                 rng: random.Random) -> Action:
    action: Action = decide_at(rev, level, state.view(seat), rng, think)
    return action


def player_name(player: Player) -> str:
    if isinstance(player, Variant):
        return player.name
    return "random" if player is None else player.value


@dataclass(frozen=True)
class Setup:
    rules: TrickGameRules | TarotRules
    a: Player
    b: Player
    seed: int
    bidder: Level | None = None  # bids (and everything before the cards) for every seat
    think: float | None = DEFAULT_THINK  # the Expert's deadline a decision; None: no deadline
    # Each seat's random generator the same in every seating of a deal (common random
    # numbers): identical players then score exactly 0, and A − B carries no noise of
    # the generators' own.  Off by default: the figures of bench/RESULTS.md were seeded so.
    common_rngs: bool = False
    progress: int = 0  # every so many deals, the running mean and CI printed (0: never)

    def seat_rngs(self, *key: object) -> list[random.Random]:
        """The seats' generators for one seating (``key`` ends with the seating)."""
        key = key[:-1] if self.common_rngs else key
        return [_rng(self.seed, *key, seat) for seat in range(self.rules.players)]

    @property
    def seatings(self) -> list[tuple[int, ...]]:
        """For each seating, the seats A holds."""
        n = self.rules.players
        if self.rules.has_teams:
            return [(0, 2), (1, 3)]
        return [(k,) for k in range(n)]


def _rng(*parts: object) -> random.Random:
    return random.Random("-".join(str(p) for p in parts))


def play_to_end(state: Any, a_seats: tuple[int, ...], setup: Setup,
                rngs: Sequence[random.Random], tally: Tally) -> Any:
    """Play ``state`` (a deal or a match) to its end; return the final state."""
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        side = "a" if seat in a_seats else "b"
        level = setup.a if side == "a" else setup.b
        view = state.view(seat)
        if setup.bidder is not None and view.phase is not Phase.PLAY:
            level = setup.bidder
        start = time.perf_counter()
        if level is None:
            action = rngs[seat].choice(state.legal_actions())
        elif isinstance(level, Variant):
            action = level.choose(state, seat, rngs[seat])
        else:
            action = decide(view, level, rngs[seat], setup.think).action
        tally.times[side].append(time.perf_counter() - start)
        state, _ = state.apply(action)
    return state


def _a_minus_b(scores: Sequence[int], a_seats: tuple[int, ...], teams: bool) -> float:
    if teams:
        a_side = a_seats[0] % 2
        return float(scores[a_side] - scores[1 - a_side])
    a = [scores[s] for s in a_seats]
    b = [scores[s] for s in range(len(scores)) if s not in a_seats]
    return statistics.fmean(a) - statistics.fmean(b)


def play_deals(setup: Setup, indices: Sequence[int],
               running: list[float] | None = None) -> Tally:
    """The duplicate deals ``indices``; ``running``: the deals' differences of the run
    so far, each new one added to it (and the figures printed: ``print_progress``)."""
    tally = Tally()
    rules = setup.rules
    for index in indices:
        deal_seed = _rng(setup.seed, "deal", index).getrandbits(62)
        dealer = index % rules.players
        diffs: list[float] = []
        for k, a_seats in enumerate(setup.seatings):
            rngs = setup.seat_rngs(index, k)
            state, _ = new_deal_state(rules, deal_seed, dealer)
            final = play_to_end(state, a_seats, setup, rngs, tally)
            result = final.result()
            if result is None:  # everyone passed
                tally.void_plays += 1
                diffs.append(0.0)
                continue
            _count_doublings(final, result, a_seats, tally)
            diff = _a_minus_b(result.scores, a_seats, rules.has_teams)
            diffs.append(diff)
            tally.deal_wins.append(1.0 if diff > 0 else 0.5 if diff == 0 else 0.0)
        tally.deal_diffs.append(statistics.fmean(diffs))
        if running is not None:
            running.append(tally.deal_diffs[-1])
            print_progress(running, setup.progress)
    return tally


def print_progress(diffs: Sequence[float], every: int) -> None:
    """The running mean and 95% CI of A - B, each ``every`` deals (a run may be stopped
    at a deadline with its figures so far)."""
    if every and len(diffs) % every == 0:
        mean, low, high = mean_ci(diffs)
        print(f"  after {len(diffs)} deals: {mean:+.2f} (95% CI {low:+.2f} .. {high:+.2f})",
              flush=True)


def _count_doublings(final: Any, result: Any, a_seats: tuple[int, ...],
                     tally: Tally) -> None:
    """The coinches and surcoinches of a coinche deal, by side, and whether they were
    right."""
    made = getattr(result.facts, "made", None)
    for seat, action in getattr(final, "bids", ()):
        if made is None or not isinstance(action, Coinche | Surcoinche):
            continue
        call = type(action).__name__.lower()
        counts = tally.doublings.setdefault(f"{'a' if seat in a_seats else 'b'}_{call}", [0, 0])
        counts[0] += 1
        counts[1] += made == (call == "surcoinche")


def play_matches(setup: Setup, indices: Sequence[int]) -> Tally:
    tally = Tally()
    for index in indices:
        match_seed = _rng(setup.seed, "match", index).getrandbits(62)
        for k, a_seats in enumerate(setup.seatings):
            rngs = setup.seat_rngs("m", index, k)
            match, _ = Match.new(setup.rules, match_seed)
            final = play_to_end(match, a_seats, setup, rngs, tally)
            a_side = a_seats[0] % 2 if setup.rules.has_teams else a_seats[0]
            tally.match_wins.append(1.0 if final.winner == a_side else 0.0)
    return tally


def _work(job: tuple[str, Setup, list[int]], running: list[float] | None = None) -> Tally:
    kind, setup, indices = job
    return (play_deals(setup, indices, running) if kind == "deals"
            else play_matches(setup, indices))


def run(setup: Setup, deals: int, matches: int, jobs: int) -> Tally:
    chunks: list[tuple[str, Setup, list[int]]] = []
    for kind, count in (("deals", deals), ("matches", matches)):
        size = max(1, math.ceil(count / (jobs * 4)))
        chunks += [(kind, setup, list(range(i, min(count, i + size))))
                   for i in range(0, count, size)]
    total = Tally()
    if jobs <= 1:
        running: list[float] = []  # one process: the figures so far can be printed
        results = [_work(chunk, running) for chunk in chunks]
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(_work, chunks))
    for result in results:  # in chunk order: the same figures for any --jobs
        total.merge(result)
    return total


# --- report ----------------------------------------------------------------------------------


def mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(values) if values else 0.0
    if len(values) < 2:
        return mean, mean, mean
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def time_stats(seconds: Sequence[float]) -> dict[str, float]:
    if not seconds:
        return {"median_ms": 0.0, "p95_ms": 0.0, "max_ms": 0.0}
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
    return {"median_ms": round(statistics.median(ordered) * 1000, 4),
            "p95_ms": round(p95 * 1000, 4), "max_ms": round(ordered[-1] * 1000, 4),
            "decisions": len(ordered)}


def report(setup: Setup, tally: Tally, wall: float) -> dict[str, Any]:
    mean, low, high = mean_ci(tally.deal_diffs)
    share = statistics.fmean(tally.deal_wins) if tally.deal_wins else 0.0
    matches = statistics.fmean(tally.match_wins) if tally.match_wins else None
    return {
        "game": setup.rules.game, "players": setup.rules.players,
        "a": player_name(setup.a), "b": player_name(setup.b), "seed": setup.seed,
        "bidding": setup.bidder.value if setup.bidder else "each side",
        "think": setup.think, "common_rngs": setup.common_rngs,
        "deals": len(tally.deal_diffs), "void_plays": tally.void_plays,
        "mean_a_minus_b": round(mean, 2), "ci95": [round(low, 2), round(high, 2)],
        "deals_won_by_a": round(share, 4),
        "matches": len(tally.match_wins), "matches_won_by_a": matches,
        "match_share_if_equal": 0.5 if setup.rules.has_teams else 1 / setup.rules.players,
        "time_a": time_stats(tally.times["a"]), "time_b": time_stats(tally.times["b"]),
        "doublings": {k: {"calls": c, "right": r} for k, (c, r) in sorted(tally.doublings.items())},
        "wall_s": round(wall, 1), "python": sys.version.split()[0],
    }


def print_report(data: dict[str, Any]) -> None:
    low, high = data["ci95"]
    print(f"{data['game']} {data['players']}p: A={data['a']} vs B={data['b']}, "
          f"{data['deals']} duplicate deals (void plays {data['void_plays']}), "
          f"seed {data['seed']}, bidding: {data['bidding']}, think: {data['think']}")
    print(f"  A - B per deal: {data['mean_a_minus_b']:+.1f} points "
          f"(95% CI {low:+.1f} .. {high:+.1f})")
    print(f"  deals won by A: {100 * data['deals_won_by_a']:.1f}%")
    if data["matches"]:
        print(f"  matches won by A: {100 * data['matches_won_by_a']:.1f}% of {data['matches']} "
              f"(equal players: {100 * data['match_share_if_equal']:.0f}%)")
    for side in ("a", "b"):
        t = data[f"time_{side}"]
        print(f"  decision time {side.upper()}: median {t['median_ms']:.3f} ms, "
              f"p95 {t['p95_ms']:.3f} ms, max {t['max_ms']:.3f} ms")
    for key, counts in data["doublings"].items():
        print(f"  {key.replace('_', ' ')}: {counts['calls']} (right {counts['right']})")
    print(f"  wall time {data['wall_s']} s")
    print(json.dumps(data, sort_keys=True))


def parse_rule(text: str) -> tuple[str, Any]:
    key, _, raw = text.partition("=")
    try:
        return key, json.loads(raw)
    except json.JSONDecodeError:
        return key, raw


def main(argv: Sequence[str] | None = None, extra: Extra | None = None) -> dict[str, Any]:
    """``extra``: players a bench module adds by name (``--a inference``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--game", choices=sorted(GAMES), default="coinche")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--a", default="confirme",
                        help="debutant, confirme, expert, random, or level@rev (e.g. "
                             "expert@ed8d699: that revision's code, through a worktree)")
    parser.add_argument("--b", default="debutant")
    parser.add_argument("--think", type=parse_think, default=DEFAULT_THINK,
                        help="the Expert's seconds a decision at most (both sides), or "
                             "none: no deadline, its default number of deals, the same "
                             "play whatever the machine's load")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--matches", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--common-rngs", action="store_true",
                        help="a seat's random generator the same in every seating: "
                             "identical players score exactly 0 (less noise in A - B)")
    parser.add_argument("--bidding", type=Level, default=None,
                        help="one level bids for every seat: the same contract in every "
                             "seating, so only the card play is compared")
    parser.add_argument("--rule", action="append", default=[], type=parse_rule,
                        help="a rule option, e.g. --rule arret=true (repeatable)")
    parser.add_argument("--progress", type=int, default=0, metavar="K",
                        help="print the running mean and CI every K deals (with --jobs 1)")
    args = parser.parse_args(argv)
    if args.progress and args.jobs > 1:
        parser.error("--progress needs --jobs 1 (the deals of several processes end "
                     "out of order)")
    options = {"players": args.players, **dict(args.rule)}
    rules = rules_class(args.game).from_json(options)
    a, b = (parse_player(text, args.think, extra) for text in (args.a, args.b))
    setup = Setup(rules, a, b, args.seed, args.bidding, args.think, args.common_rngs,
                  args.progress)
    start = time.perf_counter()
    tally = run(setup, args.deals, args.matches, args.jobs)
    data = report(setup, tally, time.perf_counter() - start)
    print_report(data)
    return data


if __name__ == "__main__":
    main()
