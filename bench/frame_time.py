"""Frame time of the table: coinche, belote and tarot deals played by computers at normal
animation speed in a headless window; prints the mean, 95th percentile and worst frame
(update + draw + present at 1280×720, and with a 1920×1080 window, scaled), with the
Confirmé AI and with the Expert one (which thinks for up to ~100 ms in its thread).

    SDL_VIDEODRIVER=dummy .venv/bin/python bench/frame_time.py
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import Level
from game.engine.match import AnyRules
from game.engine.rules import BeloteRules, CoincheRules, TarotRules
from game.ui.app import App, Scene
from game.ui.controller import GameConfig, SeatConfig
from game.ui.smoke import dismiss
from game.ui.table import TableScene

FRAMES = 1500
DT = 1 / 60


def measure(rules: AnyRules, window: tuple[int, int], level: Level) -> list[float]:
    app = App(window_size=window)
    app.push(Scene(app))
    seats = tuple(SeatConfig(level=level) for _ in range(rules.players))
    table = TableScene(app, GameConfig(rules, seats, 5))
    app.push(table)
    times: list[float] = []
    for _ in range(FRAMES):
        top = app.top
        events = dismiss(app, top) if top is not None else []
        start = time.perf_counter()
        app.step(DT, events)
        times.append((time.perf_counter() - start) * 1000)
    table.dispose()
    return times[10:]  # the first frames fill the caches


def main() -> None:
    cases: list[tuple[AnyRules, tuple[int, int], Level]] = [
        (CoincheRules(), (1280, 720), Level.CONFIRME),
        (CoincheRules(), (1280, 720), Level.EXPERT),
        (CoincheRules(), (1920, 1080), Level.CONFIRME),
        (BeloteRules(), (1280, 720), Level.EXPERT),
        (BeloteRules(players=3), (1280, 720), Level.CONFIRME),
        (TarotRules(players=5), (1280, 720), Level.CONFIRME),
    ]
    for rules, window, level in cases:
        times = sorted(measure(rules, window, level))
        p95, p99 = times[int(len(times) * 0.95)], times[int(len(times) * 0.99)]
        print(f"{rules.game} {rules.players}p {window[0]}x{window[1]} {level.value}: "
              f"mean {statistics.mean(times):.2f} ms, p95 {p95:.2f} ms, p99 {p99:.2f} ms, "
              f"worst {times[-1]:.2f} ms over {len(times)} frames")


if __name__ == "__main__":
    main()
