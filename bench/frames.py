"""The frame budget, in one run: p99 frame time while cards move and while the Expert
thinks (its search runs in a worker thread while the frames go on), and the launch of
``main.py`` to its first frame drawn.  Ends with one JSON line of the figures.

    SDL_VIDEODRIVER=dummy .venv/bin/python bench/frames.py [FRAMES] [LAUNCHES]

The per-game table of mean / p95 / p99 / worst is ``bench/frame_time.py``.
"""

from __future__ import annotations

import argparse
import json
import os
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

from bench.frame_time import Frame, measure_frames, percentile
from game.ai import Level
from game.applog import FIRST_FRAME
from game.engine.match import AnyRules
from game.engine.rules import BeloteRules, CoincheRules, TarotRules
from game.storage import ENV_DIR, log_path

ROOT = Path(__file__).resolve().parent.parent
WINDOW = (1280, 720)
GAMES: tuple[AnyRules, ...] = (CoincheRules(), BeloteRules(), TarotRules(players=5))
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
    return round(percentile([frame.ms for frame in frames], 0.99), 2) if frames else 0.0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("frames", type=int, nargs="?", default=1200, help="frames per case")
    parser.add_argument("launches", type=int, nargs="?", default=5,
                        help="launches of main.py timed to their first frame")
    args = parser.parse_args(argv)
    count, launches = args.frames, args.launches
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
    starts = sorted(launch_seconds() for _ in range(launches))
    figures = {
        "p99_animating_ms": p99(animating), "animating_frames": len(animating),
        "p99_expert_thinking_ms": p99(thinking), "expert_thinking_frames": len(thinking),
        "launch_to_first_frame_s": round(statistics.median(starts), 3),
        "launch_worst_s": round(starts[-1], 3), "launches": launches,
    }
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
