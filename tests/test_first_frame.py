"""The menu's first frame comes before the engine, the AI and the table are imported
(issue 17: the first frame within 0.25 s of CPU, ``bench/first_frame.py``); they are
imported after it, while the sprites load, so the first match opens without a pause."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# What main.py does up to its loop, frame by frame: which heavy modules are loaded at the
# first frame, and once the preloading is over.
LAUNCH = """
import json, sys
import main
from game.applog import configure_logging
from game.storage import Storage
from game.ui.app.app import App
from game.ui.scenes.menu import MenuScene

HEAVY = ("game.engine.match", "game.ai", "game.coach", "game.par_replay", "game.ui.table.scene",
         "game.ui.table.controller")

def heavy():
    return sorted(m for m in sys.modules if m in HEAVY)

configure_logging()
storage = Storage()
app = App(storage=storage, window_size=storage.settings.window_size)
app.push(MenuScene(app))
app.start_preloading()
app.step(1 / 60, [])
first = heavy()
while app.preloading:
    app.step(1 / 60, [])
print(json.dumps({"first_frame": first, "preloaded": heavy()}))
"""


def launch(data: Path) -> dict[str, list[str]]:
    env = {**os.environ, "ATOUT_DATA_DIR": str(data), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-c", LAUNCH], cwd=ROOT, env=env, check=True,
                          capture_output=True, text=True, timeout=120)
    loaded: dict[str, list[str]] = json.loads(done.stdout.strip().splitlines()[-1])
    return loaded


def test_the_menu_is_drawn_before_the_engine_and_the_ai_are_imported(tmp_path: Path) -> None:
    loaded = launch(tmp_path)
    assert loaded["first_frame"] == []
    # the coach comes with the review only
    assert loaded["preloaded"] == ["game.ai", "game.engine.match", "game.par_replay",
                                   "game.ui.table.controller", "game.ui.table.scene"]
