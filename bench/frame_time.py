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
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import Level
from game.engine.match import AnyRules
from game.engine.rules import BeloteRules, CoincheRules, TarotRules
from game.ui.app.app import App
from game.ui.app.smoke import dismiss
from game.ui.stage.scene import Scene
from game.ui.table.controller import GameConfig, SeatConfig
from game.ui.table.scene import TableScene

FRAMES = 1500
DT = 1 / 60


@dataclass(frozen=True)
class Frame:
    ms: float  # update + draw + present
    animating: bool  # a card or a trick was moving
    thinking: bool  # a computer player was thinking in its thread


def measure_frames(
    rules: AnyRules, window: tuple[int, int], level: Level, frames: int = FRAMES
) -> list[Frame]:
    """Every frame of ``frames`` of a match of computers at ``level``, timed and tagged."""
    app = App(window_size=window)
    app.push(Scene(app))
    seats = tuple(SeatConfig(level=level) for _ in range(rules.players))
    table = TableScene(app, GameConfig(rules, seats, 5))
    app.push(table)
    measured: list[Frame] = []
    for _ in range(frames):
        top = app.top
        events = dismiss(app, top) if top is not None else []
        animating = table.tweens.busy
        thinking = table.controller.thinking_seat is not None
        start = time.perf_counter()
        app.step(DT, events)
        measured.append(Frame((time.perf_counter() - start) * 1000, animating, thinking))
    table.dispose()
    return measured[10:]  # the first frames fill the caches


def measure(rules: AnyRules, window: tuple[int, int], level: Level) -> list[float]:
    return [frame.ms for frame in measure_frames(rules, window, level)]


def percentile(times: list[float], fraction: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


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
        p95, p99 = percentile(times, 0.95), percentile(times, 0.99)
        print(f"{rules.game} {rules.players}p {window[0]}x{window[1]} {level.value}: "
              f"mean {statistics.mean(times):.2f} ms, p95 {p95:.2f} ms, p99 {p99:.2f} ms, "
              f"worst {times[-1]:.2f} ms over {len(times)} frames")


if __name__ == "__main__":
    main()
