"""The soak's fast version: six short computer-only matches through the table's controller
(headless, fake clock, session saving every action, one on a full disk); nothing fails
and the traced memory does not grow over the last three (the first three warm the caches)."""

from __future__ import annotations

import importlib.util
import sys
import tracemalloc
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


def test_three_matches_through_the_controller_leak_nothing(tmp_path: Path) -> None:
    soak = load_soak()
    tracemalloc.start()
    try:
        # the first three matches warm each game's caches; the next three are measured
        result = soak.soak(6, 5, 6, tmp_path, games=SHORT_GAMES, check_every=1,
                           progress=lambda line: None)
    finally:
        tracemalloc.stop()
    assert result.failures == []
    assert [p.game for p in result.played] == ["belote", "tarot", "coinche"] * 2
    assert all(p.actions > 50 and p.events > p.actions for p in result.played)
    assert result.faults == 1
    warm, end = result.memory[3], result.memory[-1]
    assert end.matches == 6
    assert end.traced - warm.traced < GROWTH_BOUND
    # the session's own threads (its writer, the par's worker) start with the first match;
    # a thread per match (a controller's computer seats never closed) would show here
    assert end.threads == warm.threads
