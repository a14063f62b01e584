"""The hint's answer time at the table: from H to the advice on screen, after the player
has thought 0, 1 or 3 seconds over his move (the hint ponders his move on his time,
``game.ui.table.hint``).

Through the app headless (1280×720, frames paced at 60 a second as the app's clock does,
the fast speed), seat 0 the player, the computers Experts (their pondering shares the
worker's slices with the hint's).  At each of the player's decisions with a choice (the
calls, the écart, the cards), three times from an empty memory (a new advisor, the
position pondered anew): the player thinks 0, 1 or 3 seconds (``THINKS``), presses H,
and the frames go on until the advice is there.  Measured: the wall time from H to that
frame, and the worker's CPU seconds spent on the hint's job after H (what pondering had
not done yet; the wall time also waits for the processor, which the machine's other
jobs share: the load is printed).  He then plays the hint's move.  0 s is the cold hint:
what the hint cost before it pondered, on the same positions.  Also the Expert seats'
decision times at the table (wall, the default thinking time, in the worker the hint
shares: ``decision_ms``).  ``--no-advice-ponder``: the hint does not ponder (the code
before it did), for the decision times against the same games.

    SDL_VIDEODRIVER=dummy nice -n 10 .venv/bin/python bench/hint_time.py [--decisions N]

Ends with one JSON line of the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.frame_time import DT, percentile
from game.advice import Advisor, Verdict
from game.ai import Decision, Level
from game.engine.match import AnyRules, Match
from game.engine.rules import BeloteRules, CoincheRules, TarotRules
from game.storage.settings import SPEEDS, Settings
from game.ui.app.app import App
from game.ui.app.smoke import dismiss
from game.ui.stage.scene import Scene
from game.ui.table.controller import Controller, GameConfig, SeatConfig
from game.ui.table.scene import TableScene

WINDOW = (1280, 720)
GAMES: dict[str, AnyRules] = {
    "coinche": CoincheRules(), "belote4": BeloteRules(), "tarot3": TarotRules(players=3),
    "tarot4": TarotRules(players=4), "tarot5": TarotRules(players=5)}
THINKS = (0.0, 1.0, 3.0)  # seconds the player thinks before H, in turn
ANSWER_LIMIT = 30.0  # seconds: a hint not there by then is a failure of the bench


def frame(app: App) -> None:
    """One frame paced at 60 a second."""
    top = app.top
    events = dismiss(app, top) if top is not None else []
    start = time.perf_counter()
    app.step(DT, events)
    time.sleep(max(0.0, DT - (time.perf_counter() - start)))


def answer_times(rules: AnyRules, count: int, seed: int, decisions: list[float],
                 advice_ponder: bool = True) -> dict[float, tuple[list[float], list[float]]]:
    """Wall seconds from H to the advice and the worker's CPU seconds on it, by the
    seconds the player thought first, over ``count`` of the player's decisions; the
    Expert seats' decision times (wall seconds) added to ``decisions``."""
    app = App(window_size=WINDOW, settings=Settings(animation_speed=max(SPEEDS.values())))
    app.push(Scene(app))
    experts = [SeatConfig(level=Level.EXPERT) for _ in range(rules.players - 1)]
    table = TableScene(app, GameConfig(rules, (SeatConfig(human=True), *experts), seed))
    app.push(table)
    controller = table.controller
    if not advice_ponder:
        controller.computers.advise = None
    hint = controller._hint
    cpu: list[float] = []
    weigh = hint._verdict

    def timed(match: Match, viewer: int) -> Verdict:
        start = time.thread_time()
        verdict = weigh(match, viewer)
        cpu.append(time.thread_time() - start)
        return verdict

    hint._verdict = timed  # type: ignore[method-assign]
    ponder = controller.computers.ponder
    assert ponder is not None
    decide = ponder.decide

    def decided(*args: Any) -> Decision:
        start = time.perf_counter()
        decision = decide(*args)
        decisions.append(time.perf_counter() - start)
        return decision

    ponder.decide = decided  # type: ignore[method-assign,assignment]
    times: dict[float, tuple[list[float], list[float]]] = {t: ([], []) for t in THINKS}
    done = 0
    while done < count and not controller.is_over:
        frame(app)
        if len(controller.human_legal()) < 2:
            if controller.human_legal():
                controller.act(controller.human_legal()[0])
            continue
        for think in THINKS:
            forget(controller)
            thought = time.perf_counter()
            while time.perf_counter() - thought < think:
                frame(app)
            asked = time.perf_counter()
            table.show_hint()
            while controller.hint() is None:
                if time.perf_counter() - asked > ANSWER_LIMIT:
                    raise RuntimeError(f"no hint {ANSWER_LIMIT} s after H")
                frame(app)
            times[think][0].append(time.perf_counter() - asked)
            times[think][1].append(cpu[-1])
        verdict = controller.hint()
        assert verdict is not None
        controller.act(verdict.decision.action)
        done += 1
    table.dispose()
    return times


def forget(controller: Controller) -> None:
    """The player's position as if just reached: an empty memory, nothing asked, nothing
    pondered (the Expert seats prepare anew too, as for a new position)."""
    controller.computers.wait(ANSWER_LIMIT)  # the slice under way ends first
    hint = controller._hint
    hint.advice, hint._asked, hint._answer, hint._pondered = Advisor(), None, None, None
    controller.computers._pondered = None


def summary(wall: list[float], cpu: list[float]) -> dict[str, float | int]:
    return {"n": len(wall), "p50_s": round(percentile(wall, 0.5), 3),
            "p95_s": round(percentile(wall, 0.95), 3), "max_s": round(max(wall), 3),
            "cpu_p50_s": round(percentile(cpu, 0.5), 3),
            "cpu_p95_s": round(percentile(cpu, 0.95), 3)}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--decisions", type=int, default=12, help="player's decisions a game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    parser.add_argument("--no-advice-ponder", action="store_true",
                        help="the hint does not ponder (the code before)")
    args = parser.parse_args(argv)
    figures: dict[str, dict[str, dict[str, float | int]]] = {}
    for name in args.games:
        load = os.getloadavg()[0]
        decisions: list[float] = []
        times = answer_times(GAMES[name], args.decisions, args.seed, decisions,
                             not args.no_advice_ponder)
        figures[name] = {f"thought_{think:g}s": summary(*seconds)
                         for think, seconds in times.items() if seconds[0]}
        figures[name]["decision_ms"] = {
            "n": len(decisions), "p50": round(1000 * percentile(decisions, 0.5), 1),
            "p95": round(1000 * percentile(decisions, 0.95), 1),
            "max": round(1000 * max(decisions), 1)}
        for think, row in figures[name].items():
            print(f"{name:8} {think:11} {row}  (load {load:.1f})", flush=True)
    print(json.dumps({"games": figures, "decisions_per_game": args.decisions,
                      "load": round(os.getloadavg()[0], 1)}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
