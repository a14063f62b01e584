"""The soak's fast version: six short computer-only matches through the table's controller
(headless, fake clock, session saving every action, one on a full disk); nothing fails
and the traced memory does not grow over the last three (the first three warm the caches)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from game.engine.rules import BeloteRules, CoincheRules, TarotRules

ROOT = Path(__file__).resolve().parent.parent
SHORT_GAMES = (BeloteRules(players=2, target=300), TarotRules(players=3, deals=4),
               CoincheRules(target=500))
# Bytes over three matches: measured about 3 KB; a controller kept alive by mistake (its
# match, table model and thread) adds 30 to 60 KB a match.
GROWTH_BOUND = 64 * 1024


def load_soak() -> ModuleType:
    spec = importlib.util.spec_from_file_location("soak", ROOT / "bench" / "soak.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["soak"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def soak_in_a_fresh_interpreter(data: Path) -> dict[str, object]:
    """The six matches measured in an interpreter of their own: what other tests left in
    this process (its caches, half filled) must not count as the soak's growth."""
    code = (
        "import json, sys, tracemalloc\n"
        "from pathlib import Path\n"
        "from tests.test_soak import SHORT_GAMES, load_soak\n"
        "soak = load_soak()\n"
        "tracemalloc.start()\n"
        "result = soak.soak(6, 5, 6, Path(sys.argv[1]), games=SHORT_GAMES, check_every=1,\n"
        "                   progress=lambda line: None)\n"
        "tracemalloc.stop()\n"
        "print(json.dumps({'failures': [str(f) for f in result.failures],\n"
        "                  'games': [p.game for p in result.played],\n"
        "                  'busy': all(p.actions > 50 and p.events > p.actions\n"
        "                              for p in result.played),\n"
        "                  'faults': result.faults,\n"
        "                  'memory': [[m.matches, m.traced, m.threads] for m in result.memory]}))\n"
    )
    done = subprocess.run([sys.executable, "-c", code, str(data)], cwd=ROOT, check=True,
                          capture_output=True, text=True, timeout=600)
    figures: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def test_three_matches_through_the_controller_leak_nothing(tmp_path: Path) -> None:
    result = soak_in_a_fresh_interpreter(tmp_path)
    assert result["failures"] == []
    assert result["games"] == ["belote", "tarot", "coinche"] * 2
    assert result["busy"]
    assert result["faults"] == 1
    memory = result["memory"]
    assert isinstance(memory, list)
    # the first three matches warm each game's caches; the next three are measured
    (_, warm_traced, warm_threads), (matches, end_traced, end_threads) = memory[3], memory[-1]
    assert matches == 6
    assert end_traced - warm_traced < GROWTH_BOUND
    # the session's own threads (its writer, the par's worker) start with the first match;
    # a thread per match (a controller's computer seats never closed) would show here
    assert end_threads == warm_threads
