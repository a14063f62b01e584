"""The CPU time from launch to the menu's first frame: ``python main.py`` started headless
with an empty data folder (and, with ``--saved``, a match in progress on disk, which the
menu checks before it draws), stopped once it has drawn its first frame.  The figure is
the one the app logs at its first frame (``game.applog.first_frame_drawn``):
``time.process_time()``, the CPU of every thread of the process since it started, the
interpreter's own start-up included; the wall time from the process start is printed too.

Several source trees may be compared in one run (``--tree``, e.g. a ``git worktree`` of an
earlier commit); their launches alternate, so the machine's load falls on each alike.
Median of ``--runs`` launches per tree.  Ends with one JSON line.

    nice -n 19 .venv/bin/python bench/first_frame.py --runs 15 --tree . --tree /tmp/base
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TARGET_CPU_S = 0.25  # issue 17: the menu drawn within a quarter second of CPU
LINE = re.compile(r"first frame ([0-9.]+) s after launch \(([0-9.]+) s CPU\)")


def launch(tree: Path, data: Path, cached: bool = True,
           timeout_s: float = 60) -> tuple[float, float]:
    """(CPU seconds, wall seconds) from the start of ``tree``'s ``main.py`` to its
    first frame, as the app logs them; the app is stopped then.  ``cached``: Python
    keeps its compiled modules (``__pycache__``), as on a player's machine; otherwise
    every module is compiled from its source at each launch."""
    env = {**os.environ, "ATOUT_DATA_DIR": str(data), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if not cached:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env["PYTHONPYCACHEPREFIX"] = str(data / "no-cache")  # an empty cache, never kept
    log = data / "logs" / "atout.log"
    app = subprocess.Popen([sys.executable, str(tree / "main.py"), "--lang", "fr"], cwd=tree,
                           env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + timeout_s
        while app.poll() is None and time.monotonic() < deadline:
            found = LINE.search(log.read_text("utf-8") if log.exists() else "")
            if found:
                return float(found.group(2)), float(found.group(1))
            time.sleep(0.02)
    finally:
        app.terminate()
        app.wait()
    raise RuntimeError(f"{tree}/main.py logged no first frame (exit {app.returncode})")


def saved_match(folder: Path) -> Path:
    """A coinche match a few actions in, saved as the app saves it: ``match.json``."""
    from game.engine.match import Match
    from game.engine.rules import CoincheRules
    from game.storage import SavedMatch, Storage

    match = Match.new(CoincheRules(), 7)[0]
    for _ in range(6):
        match = match.apply(match.legal_actions()[0])[0]
    levels = ("", "confirme", "confirme", "confirme")
    assert Storage(folder).save_match(SavedMatch(match, 0, levels))
    return folder / "match.json"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--runs", type=int, default=15, help="launches per tree")
    parser.add_argument("--tree", type=Path, action="append",
                        help="a source tree holding main.py (default: this one); repeatable")
    parser.add_argument("--saved", action="store_true",
                        help="a match in progress in the data folder (Continue is checked)")
    parser.add_argument("--no-cache", action="store_true",
                        help="compile every module from source at each launch (no .pyc)")
    args = parser.parse_args(argv)
    trees = [tree.resolve() for tree in (args.tree or [ROOT])]
    cpu: dict[str, list[float]] = {str(tree): [] for tree in trees}
    wall: dict[str, list[float]] = {str(tree): [] for tree in trees}
    with tempfile.TemporaryDirectory() as scratch:
        save = saved_match(Path(scratch) / "template") if args.saved else None
        for index, tree in enumerate(trees):  # not counted: writes a fresh tree's .pyc
            warm = Path(scratch) / f"warm-{index}"
            warm.mkdir()
            launch(tree, warm)
        for run in range(args.runs):
            for tree in trees:
                data = Path(scratch) / f"run-{run}-{trees.index(tree)}"
                data.mkdir()
                if save is not None:
                    shutil.copy(save, data / "match.json")
                seconds, elapsed = launch(tree, data, cached=not args.no_cache)
                cpu[str(tree)].append(seconds)
                wall[str(tree)].append(elapsed)
                print(f"{tree}: {seconds:.3f} s CPU, {elapsed:.3f} s wall", flush=True)
    figures = {}
    for tree in trees:
        name = str(tree)
        figures[name] = {
            "cpu_median_s": round(statistics.median(cpu[name]), 3),
            "cpu_best_s": round(min(cpu[name]), 3),
            "cpu_worst_s": round(max(cpu[name]), 3),
            "wall_median_s": round(statistics.median(wall[name]), 3),
            "runs": len(cpu[name]),
        }
        print(f"{name}: CPU median {figures[name]['cpu_median_s']} s "
              f"(best {figures[name]['cpu_best_s']}, worst {figures[name]['cpu_worst_s']}), "
              f"wall median {figures[name]['wall_median_s']} s, target {TARGET_CPU_S} s CPU")
    print(json.dumps({"saved_match": args.saved, "bytecode_cache": not args.no_cache,
                      "target_cpu_s": TARGET_CPU_S,
                      "trees": figures}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
