"""The frame budget, in one run: p99 frame time while cards move and while the Expert
thinks (its search runs in a worker thread while the frames go on), while a player
thinks and the Expert seats ponder (prepare on his time) against the same match without
pondering, in the deal's review while its analysis (and its hindsight) and a par are
computed against the same review idle, and the launch of ``main.py`` to its first frame
drawn.  Ends with one JSON line of the figures.

    SDL_VIDEODRIVER=dummy .venv/bin/python bench/frames.py [FRAMES] [LAUNCHES] [--ponder-frames N]
    SDL_VIDEODRIVER=dummy .venv/bin/python bench/frames.py --only-review [--review-frames N]

The per-game table of mean / p95 / p99 / worst is ``bench/frame_time.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.analysed_deals import played_deal
from bench.frame_time import DT, Frame, measure_frames, percentile
from game.advice import Advisor
from game.ai import Level, decide
from game.applog import FIRST_FRAME
from game.engine.match import AnyRules
from game.engine.protocol import Phase
from game.engine.rules import BeloteRules, CoincheRules, TarotRules
from game.par import ParWorker
from game.storage import ENV_DIR, log_path
from game.ui.app.app import App
from game.ui.app.smoke import dismiss
from game.ui.scenes.replay import ReplayScene
from game.ui.stage.scene import Scene
from game.ui.table.controller import GameConfig, SeatConfig
from game.ui.table.scene import TableScene

ROOT = Path(__file__).resolve().parent.parent
WINDOW = (1280, 720)
GAMES: tuple[AnyRules, ...] = (CoincheRules(), BeloteRules(), TarotRules(players=5))
PONDER_GAMES: tuple[AnyRules, ...] = (CoincheRules(), BeloteRules(), TarotRules(players=5))
PLAYER_THINKS = 180  # frames (3 s) the scripted player takes over each of his decisions
REVIEW_GAMES: tuple[AnyRules, ...] = (CoincheRules(), TarotRules(players=5))
STRETCH = 300  # frames (5 s) of the review with the work running, then as many without
LAUNCH_PATTERN = re.compile(rf"{FIRST_FRAME} ([0-9.]+) s after launch")


def launch_seconds(timeout_s: float = 30) -> float:
    """``python main.py`` headless with an empty data folder: seconds from the process
    start to its first frame, as the app logs it; the app is stopped then."""
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, ENV_DIR: data}
        log = log_path(Path(data))
        app = subprocess.Popen([sys.executable, str(ROOT / "main.py")], cwd=ROOT, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + timeout_s
            while app.poll() is None and time.monotonic() < deadline:
                found = LAUNCH_PATTERN.search(log.read_text("utf-8") if log.exists() else "")
                if found:
                    return float(found.group(1))
                time.sleep(0.02)
        finally:
            app.terminate()
            app.wait()
    raise RuntimeError(f"main.py logged no first frame (exit {app.returncode})")


def p99(frames: list[Frame]) -> float:
    return p(frames, 0.99)


def p(frames: list[Frame] | list[float], fraction: float) -> float:
    times = [f.ms if isinstance(f, Frame) else f for f in frames]
    return round(percentile(times, fraction), 2) if times else 0.0


def player_frames(rules: AnyRules, count: int) -> tuple[list[Frame], list[Frame]]:
    """``count`` frames paced at 60 a second (as the app's clock does) of a match where
    seat 0 is a player who takes ``PLAYER_THINKS`` frames over each decision (then the
    Confirmé's choice) and the others are Experts.  The Experts ponder on every other
    of his decisions, so that both kinds of frames share the machine's load of the
    moment: the frames while he thinks over a card (``thinking``) and while the
    computers play (``animating``), with pondering and without."""
    app = App(window_size=WINDOW)
    app.push(Scene(app))
    experts = [SeatConfig(level=Level.EXPERT) for _ in range(rules.players - 1)]
    table = TableScene(app, GameConfig(rules, (SeatConfig(human=True), *experts), 5))
    app.push(table)
    controller = table.controller
    ponder = controller.computers.ponder
    runs: tuple[list[Frame], list[Frame]] = ([], [])
    waited = decisions = 0
    for _ in range(count):
        top = app.top
        events = dismiss(app, top) if top is not None else []
        to_act = controller.human_to_act
        player = to_act and controller.human_view().deal.phase is Phase.PLAY
        waited = waited + 1 if to_act else 0
        if waited > PLAYER_THINKS:
            controller.act(decide(controller.human_view(), Level.CONFIRME,
                                  random.Random(0)).action)
            decisions += 1
            controller.computers.ponder = ponder if decisions % 2 == 0 else None
        start = time.perf_counter()
        app.step(DT, events)
        spent = time.perf_counter() - start
        runs[controller.computers.ponder is None].append(Frame(spent * 1000, not to_act, player))
        time.sleep(max(0.0, DT - spent))
    table.dispose()
    return runs[0][10:], runs[1]


def pondering_figures(count: int) -> dict[str, float]:
    """p99 while the player thinks and while the computers play, pondering and not."""
    runs: tuple[list[Frame], list[Frame]] = ([], [])
    for rules in PONDER_GAMES:
        for ponder, frames in enumerate(player_frames(rules, count)):
            runs[ponder].extend(frames)
            player = [f for f in frames if f.thinking]
            print(f"{rules.game} {rules.players}p, player's seat, pondering "
                  f"{'off' if ponder else 'on'}: p99 {p99(frames)} ms over {len(frames)} "
                  f"frames; while the player thinks p50 {p(player, 0.5)} / p95 "
                  f"{p(player, 0.95)} / p99 {p99(player)} ms ({len(player)} frames)")
    figures: dict[str, float] = {}
    for name, frames in zip(("ponder", "no_ponder"), runs, strict=True):
        figures[f"p99_player_thinking_{name}_ms"] = p99([f for f in frames if f.thinking])
        figures[f"p95_player_thinking_{name}_ms"] = p([f for f in frames if f.thinking], 0.95)
        figures[f"p99_computers_playing_{name}_ms"] = p99([f for f in frames if f.animating])
        figures[f"player_thinking_frames_{name}"] = sum(f.thinking for f in frames)
    return figures


def review_frames(rules: AnyRules, count: int) -> dict[str, list[float]]:
    """Frame times (ms, wall) of a deal's review paced at 60 a second, by stretches of
    ``STRETCH`` frames in turn: while its analysis and its hindsight run in the coach's
    thread (from an empty memory each time) and a par is computed in its process (the
    computer seats at the default level), the coach paced by the frames (``working``,
    the product) or not (``unpaced``: the coach before it waited for the frames), and
    while nothing runs (``idle``, after the work of the stretch before ended); so all
    share the machine's load of the moment."""
    deals = [played_deal(rules, seed) for seed in (1, 2, 3)]
    worker = ParWorker()
    app = App(window_size=WINDOW)
    app.push(Scene(app))
    paced = app.coach.frame_began
    runs: dict[str, list[float]] = {"working": [], "idle": [], "unpaced": []}
    seats = ("", *("confirme" for _ in range(rules.players - 1)))  # seat 0: the player
    kinds = ("working", "idle", "unpaced", "idle")
    for stretch in range(-(-count // STRETCH)):
        kind = kinds[stretch % len(kinds)]
        match = deals[stretch // 2 % len(deals)]
        review = ReplayScene.of_deal(app, match, 0)
        assert review is not None
        app.push(review)
        if kind == "idle":
            worker.wait_idle(60)
        else:
            app.coach._cache.clear()  # weighed anew: nothing kept from the last stretch
            app.coach.advisor = Advisor()
            app.coach.frame_began = paced if kind == "working" else (  # type: ignore[method-assign]
                lambda: None)
            review.toggle_analysis()
            review.hindsight.toggle()
            worker.ask((0, stretch), match, 0, seats)  # (the deal, a key of its own)
        for index in range(STRETCH):
            start = time.perf_counter()
            app.step(DT, [])
            spent = time.perf_counter() - start
            running = worker.working or not app.coach.wait_idle(0)
            if index >= 10 and (kind != "idle") == running:  # the work not yet ended
                runs[kind].append(spent * 1000)
            time.sleep(max(0.0, DT - spent))
        app.pop()
        app.coach.pause()
        app.coach.wait_idle(60)
    worker.close()
    app.close()
    return runs


def reviewing_figures(count: int) -> dict[str, float]:
    runs: dict[str, list[float]] = {"working": [], "idle": [], "unpaced": []}
    for rules in REVIEW_GAMES:
        game = review_frames(rules, count)
        for kind, frames in game.items():
            runs[kind] += frames
        print(f"{rules.game} {rules.players}p review, p99 / p95 ms (frames): "
              + "; ".join(f"{kind} {p(frames, 0.99)} / {p(frames, 0.95)} ({len(frames)})"
                          for kind, frames in game.items()), flush=True)
    figures: dict[str, float] = {}
    for kind, frames in runs.items():
        figures[f"p99_review_{kind}_ms"] = p(frames, 0.99)
        figures[f"p95_review_{kind}_ms"] = p(frames, 0.95)
        figures[f"review_{kind}_frames"] = len(frames)
    return figures


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("frames", type=int, nargs="?", default=1200, help="frames per case")
    parser.add_argument("launches", type=int, nargs="?", default=5,
                        help="launches of main.py timed to their first frame")
    parser.add_argument("--ponder-frames", type=int, default=3600,
                        help="frames (paced at 60 a second) per game with a player")
    parser.add_argument("--only-ponder", action="store_true",
                        help="only the pondering comparison (no other case, no launch)")
    parser.add_argument("--review-frames", type=int, default=2400,
                        help="frames (paced at 60 a second) per game in the review")
    parser.add_argument("--only-review", action="store_true",
                        help="only the review with its analysis and a par (no other case)")
    args = parser.parse_args(argv)
    count, launches = args.frames, args.launches
    if args.only_ponder:
        print(json.dumps(pondering_figures(args.ponder_frames)))
        return 0
    if args.only_review:
        print(json.dumps({**reviewing_figures(args.review_frames),
                          "load": round(os.getloadavg()[0], 1)}))
        return 0
    animating: list[Frame] = []
    thinking: list[Frame] = []
    for rules in GAMES:
        for level in (Level.CONFIRME, Level.EXPERT):
            frames = measure_frames(rules, WINDOW, level, count)
            moving = [f for f in frames if f.animating]
            expert = [f for f in frames if f.thinking] if level is Level.EXPERT else []
            animating += moving
            thinking += expert
            print(f"{rules.game} {rules.players}p {level.value}: p99 {p99(frames)} ms over "
                  f"{len(frames)} frames; animating p99 {p99(moving)} ms ({len(moving)}); "
                  f"expert thinking p99 {p99(expert)} ms ({len(expert)})")
    pondering = pondering_figures(args.ponder_frames)
    pondering.update(reviewing_figures(args.review_frames))
    starts = sorted(launch_seconds() for _ in range(launches))
    figures = {**pondering,
        "p99_animating_ms": p99(animating), "animating_frames": len(animating),
        "p99_expert_thinking_ms": p99(thinking), "expert_thinking_frames": len(thinking),
        "launch_to_first_frame_s": round(statistics.median(starts), 3),
        "launch_worst_s": round(starts[-1], 3), "launches": launches,
    }
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
