"""The compiled double-dummy search (``game/core/_dds32.c``) against the Python solver it
ports (``game/dds/solver.py``): on random positions of every game, player count, legality
option and trump mode, the same value of every legal card, the same value of the
position and the same nodes visited (so a node cap aborts both alike); the compiled
search lets other threads run; ``ATOUT_CORE=python`` keeps the Python search; the app's
bundle carries the core and its frozen smoke run checks that it loads.

The slow sweep's count: ``ATOUT_CORE_DDS_POSITIONS`` (``bench/core_dds.py`` runs larger
ones)."""

from __future__ import annotations

import dataclasses
import importlib.machinery
import logging
import os
import random
import time
from pathlib import Path

import pytest

import main
from bench.core_dds import Case, late_case, mismatches, outcome
from game.core import compiled
from game.dds.position import position_of
from game.dds.solver import SearchAborted, Solver
from game.engine.rules import BeloteRules, CoincheRules, TrickGameRules
from tests.gil import lets_other_threads_run
from tests.play_fixtures import play_cards, play_started
from tests.test_packaging import run_spec
from tools import release

SWEEP_POSITIONS = int(os.environ.get("ATOUT_CORE_DDS_POSITIONS", "10000"))

needs_core = pytest.mark.skipif(compiled("dds32") is None,
                                reason="the compiled core is not built (make core)")


@pytest.fixture(autouse=True)
def core_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever the run's environment, ``Solver`` may use the core here."""
    monkeypatch.delenv("ATOUT_CORE", raising=False)


@needs_core
def test_the_core_gives_the_python_values_and_nodes_on_random_positions() -> None:
    checked, differ = mismatches(1500, seed=11)
    assert checked == 1500
    assert differ == []


@needs_core
@pytest.mark.slow
def test_the_core_gives_the_python_values_and_nodes_long_sweep() -> None:
    checked, differ = mismatches(SWEEP_POSITIONS, seed=12)
    assert checked == SWEEP_POSITIONS
    assert differ[:5] == []


@needs_core
@pytest.mark.parametrize("rules", [CoincheRules(sans_atout_tout_atout=True), BeloteRules(),
                                   BeloteRules(players=3), BeloteRules(players=2)],
                         ids=lambda r: f"{r.game}{r.players}")
def test_the_core_solves_a_full_deal_exactly_as_python(rules: TrickGameRules) -> None:
    """Every first card of a whole deal, to the end: the Python search takes seconds."""
    position = position_of(play_started(rules, 2))
    case = Case(position, position.turn, None, None)
    python, core = outcome(case, use_core=False), outcome(case, use_core=True)
    assert core == python
    assert isinstance(core[0], dict) and len(core[0]) >= 2


@needs_core
def test_the_sweep_covers_every_trump_mode_player_count_and_a_trick_in_progress() -> None:
    """The random cases reach what the comparison must cover (not a vacuous sweep)."""
    rng = random.Random(11)
    seen = set()
    for _ in range(1500):
        case = late_case(rng)
        seen.add((case.position.players, case.position.trump.mode,
                  bool(case.position.trick), case.horizon is None))
    assert len(seen) == 3 * 3 * 2 * 2


@needs_core
def test_the_node_cap_stops_both_searches_at_the_same_node() -> None:
    position = position_of(play_started(CoincheRules(), 0))
    for use_core in (False, True):
        solver = Solver(position, position.turn, node_cap=5000, use_core=use_core)
        with pytest.raises(SearchAborted, match="node cap 5000"):
            solver.values()
        assert solver.nodes == 5120  # the first budget check past the cap (every 1,024)


@needs_core
def test_the_core_is_not_paced_by_between() -> None:
    """The pacing is the Python search's (``tests/test_dds.py``): the compiled one runs
    without the interpreter lock, so nothing waits on it."""
    position = position_of(play_started(CoincheRules(), 0))
    calls: list[None] = []
    solver = Solver(position, position.turn, node_cap=5000, between=lambda: calls.append(None))
    with pytest.raises(SearchAborted, match="node cap 5000"):
        solver.values()
    assert solver.compiled and solver.nodes == 5120 and calls == []


@needs_core
def test_the_core_checks_the_deadline_on_its_own_clock() -> None:
    position = position_of(play_started(CoincheRules(), 0))
    solver = Solver(position, position.turn, deadline=time.perf_counter() + 0.02)
    assert solver.compiled
    with pytest.raises(SearchAborted, match="deadline"):
        solver.values()
    assert 0 < solver.nodes < 1_000_000  # the whole search visits 1,331,854 nodes


@needs_core
def test_the_compiled_search_lets_other_threads_run() -> None:
    """The interpreter lock is released while it searches: the main thread runs in the
    middle of the search (1.6 million nodes; holding the lock, it would not run once)."""
    position = position_of(play_started(CoincheRules(), 36))
    solver = Solver(position, position.turn)
    assert solver.compiled
    assert any(lets_other_threads_run(solver.values) for _ in range(3))
    assert solver.nodes > 1_000_000


@needs_core
def test_the_core_refuses_what_is_not_a_position_of_the_play() -> None:
    """Hands that no play can leave (a card held twice, a hand too long or short, a
    trick played out of turn) are refused, never searched."""
    position = position_of(play_cards(play_started(CoincheRules(), 3), 5, random.Random(3)))
    assert len(position.trick) == 1
    first, second = position.masks[0], position.masks[1]
    spoiled = [
        (first | (second & -second), *position.masks[1:]),  # a card twice
        (first & (first - 1), *position.masks[1:]),  # a hand one card short
        (*position.masks[:-1], position.masks[-1] | 1 << position.trick[0][1]),  # and played
    ]
    Solver(position, 0)  # the position itself is fine
    for masks in spoiled:
        with pytest.raises(ValueError, match="not a position of the play"):
            Solver(dataclasses.replace(position, masks=masks), 0)
    with pytest.raises(ValueError, match="not a position of the play"):
        Solver(dataclasses.replace(position, turn=(position.turn + 1) % 4), 0)


def test_atout_core_python_keeps_the_python_search(monkeypatch: pytest.MonkeyPatch) -> None:
    position = position_of(play_started(CoincheRules(), 0))
    monkeypatch.setenv("ATOUT_CORE", "python")
    assert not Solver(position, position.turn).compiled
    assert not Solver(position, position.turn, use_core=True).compiled


@needs_core
def test_the_core_is_used_where_it_was_built() -> None:
    position = position_of(play_started(CoincheRules(), 0))
    assert Solver(position, position.turn).compiled
    assert not Solver(position, position.turn, use_core=False).compiled


# --- shipping: the bundle carries the core, and its smoke run proves it loads -------------


@needs_core
def test_release_finds_the_built_core_and_build_spec_bundles_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert "dds32" in release.core_modules()
    hidden = run_spec("linux", monkeypatch)["Analysis"]["hiddenimports"]
    assert "game.core._dds32" in hidden


def test_release_counts_only_modules_built_for_this_python(tmp_path: Path) -> None:
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    for name in (f"_dds32{suffix}", "_trick32.cpython-39-other.so", "_dds32.c", "__init__.py"):
        (tmp_path / name).write_text("")
    assert release.core_modules(tmp_path) == ["dds32"]


@needs_core
def test_the_smoke_mode_fails_when_a_named_core_module_does_not_load(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.INFO, logger="atout.core"):
        assert main.core_loads(["dds32"])
        assert not main.core_loads(["dds32", "no_such_module"])
    assert "compiled core 'dds32' loaded" in caplog.text
    assert "compiled core missing: no_such_module" in caplog.text
    assert main.parse_args(["--smoke", "1", "--core", "dds32,trick32"]).core == [
        "dds32", "trick32"]
