"""The par of a deal (``game/par.py``): what it costs, that it is reproducible, and the
frames while it is computed.

Cost: for each game, ``--deals`` deals (the first deal of match seeds 1, 2, ..., every
seat played by the Confirmé, the player's at seat 0), the par is computed in this
thread with the computer seats at the default level (Confirmé) and all Experts: CPU
seconds per deal (mean, max).  Each par is computed twice: the two must be equal.

Frames: a table at 60 frames a second, seat 0 a scripted player who takes
``PLAYER_THINKS`` frames over each decision (the others Experts at the default thinking
time, pondering on his time), while a ``ParWorker`` computes pars (the default
Confirmé seats, about a second each, so that a stretch without ends soon after it
starts; in its process, as in the game) in alternate stretches of ``STRETCH`` frames: the p99
frame (wall time) with and without a par being computed, while the player thinks and
while the computers play, and the p99 of the main thread's own CPU time per frame.

    SDL_VIDEODRIVER=dummy .venv/bin/python bench/par.py [--deals N] [--frames N]

Ends with one JSON line of the figures.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.analysed_deals import played_deal
from bench.frame_time import DT, percentile
from game.ai import Level, decide
from game.engine.match import AnyRules
from game.engine.protocol import Phase
from game.engine.rules import BeloteRules, CoincheRules, TarotRules
from game.par import ParWorker
from game.par_replay import expert_margin
from game.ui.app.app import App
from game.ui.app.smoke import dismiss
from game.ui.stage.scene import Scene
from game.ui.table.controller import GameConfig, SeatConfig
from game.ui.table.scene import TableScene

GAMES: dict[str, AnyRules] = {
    "coinche": CoincheRules(), "belote4": BeloteRules(), "tarot4": TarotRules(players=4),
    "tarot5": TarotRules(players=5),
}
FRAME_GAMES = ("coinche", "tarot5")
PLAYER_THINKS = 120  # frames (2 s) the scripted player takes over each decision
STRETCH = 300  # frames with pars computed, then as many without


def levels(players: int, level: str) -> tuple[str, ...]:
    return ("", *(level,) * (players - 1))


def cost(rules: AnyRules, deals: int, level: str) -> tuple[list[float], bool]:
    """CPU seconds of each deal's par, and whether computing it again gave the same."""
    seconds, same = [], True
    for seed in range(1, deals + 1):
        match = played_deal(rules, seed)
        start = time.process_time()
        margin = expert_margin(match, 0, 0, levels(rules.players, level))
        seconds.append(time.process_time() - start)
        same &= expert_margin(match, 0, 0, levels(rules.players, level)) == margin
    return seconds, same


Runs = tuple[list[float], list[float], list[float], list[float], list[float], list[float]]
RUN_NAMES = ("player_thinking_par", "player_thinking_no_par", "computers_playing_par",
             "computers_playing_no_par", "cpu_par", "cpu_no_par")


def frames(rules: AnyRules, count: int, in_thread: bool = False) -> Runs:
    """Frame times (ms, wall): player thinking with a par computed, without; computers
    playing with, without; and the main thread's own CPU time per frame, with and
    without (the frame's work, whatever it waited for: the machine's other processes,
    the other threads' turn at the interpreter)."""
    deals = [played_deal(rules, seed) for seed in (1, 2)]
    worker = ParWorker(compute=expert_margin if in_thread else None)
    keys = itertools.count()
    app = App(window_size=(1280, 720))
    app.push(Scene(app))
    experts = [SeatConfig(level=Level.EXPERT) for _ in range(rules.players - 1)]
    table = TableScene(app, GameConfig(rules, (SeatConfig(human=True), *experts), 5))
    app.push(table)
    controller = table.controller
    runs: Runs = ([], [], [], [], [], [])
    waited = 0
    for frame in range(count):
        computing = (frame // STRETCH) % 2 == 0
        if computing and not worker.working:
            match = deals[next(keys) % len(deals)]
            worker.ask((0, next(keys)), match, 0, levels(rules.players, "confirme"))
        top = app.top
        events = dismiss(app, top) if top is not None else []
        to_act = controller.human_to_act
        waited = waited + 1 if to_act else 0
        if waited > PLAYER_THINKS:
            controller.act(decide(controller.human_view(), Level.CONFIRME,
                                  random.Random(0)).action)
        thinking = to_act and controller.human_view().deal.phase is Phase.PLAY
        busy = worker.working
        start, cpu = time.perf_counter(), time.thread_time()
        app.step(DT, events)
        spent = time.perf_counter() - start
        if frame >= 10:
            runs[(0 if thinking else 2) + (0 if busy else 1)].append(spent * 1000)
            runs[4 + (0 if busy else 1)].append((time.thread_time() - cpu) * 1000)
        time.sleep(max(0.0, DT - spent))
    worker.close()
    table.dispose()
    return runs


def p99(times: list[float]) -> float:
    return round(percentile(times, 0.99), 2) if times else 0.0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--deals", type=int, default=5, help="deals per game for the cost")
    parser.add_argument("--frames", type=int, default=2400, help="frames per game (60 a s)")
    parser.add_argument("--only-frames", action="store_true", help="no cost, the frames only")
    parser.add_argument("--in-thread", action="store_true",
                        help="the pars computed in a thread of the game's process (the "
                             "design the process replaced), for comparison")
    args = parser.parse_args(argv)
    figures: dict[str, float | int | bool] = {"deals_per_game": args.deals,
                                              "in_thread": args.in_thread}
    reproducible = True
    for name, rules in {} if args.only_frames else GAMES.items():
        for level in ("confirme", "expert"):
            seconds, same = cost(rules, args.deals, level)
            reproducible &= same
            figures[f"cpu_s_{name}_{level}_mean"] = round(statistics.mean(seconds), 2)
            figures[f"cpu_s_{name}_{level}_max"] = round(max(seconds), 2)
            print(f"{name}, computer seats {level}: par CPU mean "
                  f"{statistics.mean(seconds):.2f} s, max {max(seconds):.2f} s over "
                  f"{len(seconds)} deals; computed twice, the same: {same}", flush=True)
    if not args.only_frames:
        figures["reproducible"] = reproducible
    pooled: Runs = ([], [], [], [], [], [])
    for name in FRAME_GAMES if args.frames > 0 else ():
        runs = frames(GAMES[name], args.frames, args.in_thread)
        for into, run in zip(pooled, runs, strict=True):
            into.extend(run)
        print(f"{name} frames, p99 ms (frames): " + "; ".join(
            f"{label} {p99(run)} ({len(run)})" for label, run in zip(RUN_NAMES, runs,
                                                                   strict=True)), flush=True)
    for label, run in zip(RUN_NAMES, pooled, strict=True):
        if run:  # --frames 0: no frame figures rather than zeros
            figures[f"p99_{label}_ms"] = p99(run)
            figures[f"frames_{label}"] = len(run)
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
