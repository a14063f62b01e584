"""Undo and redo at the table late in a match: the time of ``Controller.undo`` and
``Controller.redo`` (the owner moves to a kept state, the table model is rebuilt from the
current deal), beside the time of one replay of the whole match (what each undo cost
three times over before the states were kept: the seat's last turn found by a replay,
the earlier match replayed, then replayed again for the table's events), and the memory
the kept states take.

    .venv/bin/python bench/undo.py [--matches 5]

Each match is played by the Débutant to its end; the position measured is the last one
before the end where seat 0 is to act (with a move of its own to take back).  Prints the
figures, then one JSON line.
"""

from __future__ import annotations

import argparse
import functools
import json
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine.match import AnyRules, Match
from game.engine.rules import CoincheRules, TarotRules
from game.match_in_play import MatchInPlay
from game.ui.table.controller import Controller, SeatConfig
from tests.kill_driver import next_action

GAMES: tuple[AnyRules, ...] = (CoincheRules(), TarotRules(players=5))


def late_position(rules: AnyRules, seed: int) -> Match:
    """The last state of a Débutant match before its end where seat 0 is to act."""
    match, _ = Match.new(rules, seed)
    states = [match]
    while not match.is_over:
        match, _ = match.apply(next_action(match))
        states.append(match)
    return next(s for s in reversed(states[:-1]) if s.current_player == 0 and s.history)


def ms(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return (time.perf_counter() - start) * 1000


def measure(rules: AnyRules, matches: int) -> dict[str, float]:
    undo, redo, replay, actions, megabytes = [], [], [], [], []
    seats = [SeatConfig(human=True), *(SeatConfig() for _ in range(rules.players - 1))]
    for seed in range(1, matches + 1):
        match = late_position(rules, seed)
        tracemalloc.start()
        play = MatchInPlay.resume(match)
        megabytes.append(tracemalloc.get_traced_memory()[0] / 1e6)
        tracemalloc.stop()
        controller = Controller(play, seats, ponder=False)
        undo.append(ms(controller.undo))
        redo.append(ms(controller.redo))
        assert controller.match is match, "the redo came back to the state undone"
        replay.append(ms(functools.partial(Match.replay, rules, match.seed, match.actions)))
        actions.append(len(match.actions))
        controller.close()
    return {"undo_ms": statistics.median(undo), "redo_ms": statistics.median(redo),
            "replay_ms": statistics.median(replay), "kept_mb": statistics.median(megabytes),
            "actions": statistics.median(actions), "matches": matches}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=5)
    args = parser.parse_args()
    figures = {}
    for rules in GAMES:
        name = f"{rules.game}{rules.players}"
        got = figures[name] = measure(rules, args.matches)
        print(f"{name}: {got['matches']} matches, median {got['actions']:.0f} actions: "
              f"undo {got['undo_ms']:.2f} ms, redo {got['redo_ms']:.2f} ms, one replay "
              f"of the match {got['replay_ms']:.1f} ms; kept states {got['kept_mb']:.2f} MB")
    print(json.dumps({"bench": "undo", "games": figures}, sort_keys=True))


if __name__ == "__main__":
    main()
