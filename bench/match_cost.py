"""What a long match costs, at its last deal against its first: a 3,000-point coinche
match and a 16-deal tarot match (four players), every seat played by the Confirmé.

- **Memory**: the match in play (``MatchInPlay``: every state kept for undo and redo)
  traced by ``tracemalloc`` after each deal; the bytes per action at the end against
  after the first deal (linear: about the same; quadratic: growing with the match).
- **The hint's time**: ``Advisor().verdict(current_position(match, 0))``, the hint's
  own call (``game.advice``'s public API), at seat 0's card decisions of the match's
  last deal, and at the same decisions of the same deal played as a match's first deal
  (``first_deal``: the same cards, the same seats, only the match before it differs),
  so the difference is what the match's length costs.  Its part spent finding the
  position (``current_position``) is given apart.  Process CPU seconds (the machine's
  load does not count), a fresh advisor each time.
- **The review's opening**: ``coach.new_analysis`` of the last deal against the same deal
  as the first (the decisions listed, before any is weighed).

    .venv/bin/python bench/match_cost.py [--decisions 8]

Prints the figures, then one JSON line.
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.advice import Advisor, Verdict, current_position
from game.ai import Level, decide
from game.coach import new_analysis
from game.engine.match import AnyRules, Match, deal_bounds
from game.engine.protocol import Phase
from game.engine.rules import CoincheRules, TarotRules
from game.match_in_play import MatchInPlay

GAMES: dict[str, AnyRules] = {"coinche-3000": CoincheRules(target=3000),
                              "tarot4-16-deals": TarotRules(players=4, deals=16)}
SEED = 2026


def played(rules: AnyRules) -> tuple[Match, list[float]]:
    """The whole match, and the match in play's bytes per action after each deal."""
    rng = random.Random(SEED)
    tracemalloc.start()
    play = MatchInPlay.new(rules, SEED)
    per_action = []
    scored = 0
    while not play.match.is_over:
        seat = play.match.current_player
        assert seat is not None
        play.apply(decide(play.match.view(seat), Level.CONFIRME, rng).action)
        if len(play.match.history) > scored:
            scored = len(play.match.history)
            per_action.append(tracemalloc.get_traced_memory()[0] / len(play.match.actions))
    tracemalloc.stop()
    return play.match, per_action


def timed(work: Callable[[], object]) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def card_positions(match: Match, index: int, decisions: int) -> tuple[list[Match], Match]:
    """Seat 0's first ``decisions`` card decisions with a choice in scored deal
    ``index`` of ``match``, and the same deal played as a new match's first deal (the
    same decisions in it)."""
    start, end = deal_bounds(match)[index]
    actions = match.actions[start:end]
    at_end = Match.replay(match.rules, match.seed, match.actions[:start], match.first_deal)
    alone, _ = Match.new(match.rules, SEED + 1, at_end.deal_number())
    late: list[Match] = []
    early: list[Match] = []
    for action in actions:
        if at_end.current_player == 0 and at_end.phase is Phase.PLAY \
                and len(at_end.legal_actions()) > 1 and len(late) < decisions:
            late.append(at_end)
            early.append(alone)
        at_end, _ = at_end.apply(action)
        alone, _ = alone.apply(action)
    return late + early, alone


def hint_times(positions: list[Match]) -> tuple[float, float, float]:
    """The hint's mean CPU seconds over ``positions``, its part finding them, and its
    CPU seconds a likely deal weighed (the position's key seeds its worlds, and the
    match's totals are part of the key: the same cards late in a match draw other
    worlds, and the race may stop after more or fewer of them)."""
    finding = [timed(functools.partial(current_position, m, 0)) for m in positions]
    whole: list[float] = []
    worlds = 0
    for match in positions:
        verdicts: list[Verdict] = []
        whole.append(timed(lambda: verdicts.append(hint(match))))  # noqa: B023
        worlds += max(1, verdicts[0].worlds)
    return statistics.fmean(whole), statistics.fmean(finding), sum(whole) / worlds


def hint(match: Match) -> Verdict:
    """What H asks at the table: the verdict of seat 0's position, a fresh memory."""
    return Advisor().verdict(current_position(match, 0))


def measure(rules: AnyRules, decisions: int) -> dict[str, float]:
    match, per_action = played(rules)
    last = len(match.history) - 1
    both, alone = card_positions(match, last, decisions)
    late, early = both[:len(both) // 2], both[len(both) // 2:]
    late_hint, late_find, late_world = hint_times(late)
    early_hint, early_find, early_world = hint_times(early)
    review_late = timed(lambda: new_analysis(match, last, 0))
    review_early = timed(lambda: new_analysis(alone, 0, 0))
    return {
        "deals": len(match.history), "actions": len(match.actions),
        "bytes_per_action_first_deal": round(per_action[0]),
        "bytes_per_action_last_deal": round(per_action[-1]),
        "memory_mb_end": round(per_action[-1] * len(match.actions) / 1e6, 2),
        "decisions": len(late),
        "hint_s_first": round(early_hint, 3), "hint_s_last": round(late_hint, 3),
        "hint_last_over_first": round(late_hint / early_hint, 3),
        "hint_ms_a_world_first": round(early_world * 1e3, 3),
        "hint_ms_a_world_last": round(late_world * 1e3, 3),
        "hint_a_world_last_over_first": round(late_world / early_world, 3),
        "position_s_first": round(early_find, 4), "position_s_last": round(late_find, 4),
        "review_open_s_first": round(review_early, 4),
        "review_open_s_last": round(review_late, 4),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=8,
                        help="seat 0's card decisions timed in the deal, at most (default 8)")
    args = parser.parse_args()
    figures = {}
    for name, rules in GAMES.items():
        got = figures[name] = measure(rules, args.decisions)
        print(f"{name}: {got['deals']} deals, {got['actions']} actions; memory "
              f"{got['bytes_per_action_first_deal']} bytes an action after the first deal, "
              f"{got['bytes_per_action_last_deal']} at the end ({got['memory_mb_end']} MB)")
        print(f"  hint (CPU s, {got['decisions']} card decisions): first deal "
              f"{got['hint_s_first']}, last {got['hint_s_last']} "
              f"(x{got['hint_last_over_first']}); a likely deal weighed "
              f"{got['hint_ms_a_world_first']} -> {got['hint_ms_a_world_last']} ms "
              f"(x{got['hint_a_world_last_over_first']}); finding the position "
              f"{got['position_s_first']} -> {got['position_s_last']}")
        print(f"  review opened: {got['review_open_s_first']} -> "
              f"{got['review_open_s_last']} s")
    print(json.dumps({"bench": "match_cost", "games": figures}, sort_keys=True))


if __name__ == "__main__":
    main()
