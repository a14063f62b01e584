"""The par's process imports nothing of the program that started it: an entry point
without the ``if __name__ == "__main__"`` guard (a script, a tool) is not run again in
it, so no second window opens there, and the par is still computed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine.rules import CoincheRules
from game.par_process import PAR_FLAG, par_command
from tests.test_par import LEVELS_4, played

ROOT = Path(__file__).resolve().parent.parent

UNGUARDED = """\
import sys
sys.path.insert(0, {root!r})
with open({mark!r}, "a", encoding="utf-8") as mark:
    mark.write("run\\n")  # each time this file is run, as a program or an import
from game.engine.rules import CoincheRules
from game.par import ParProcess
from tests.test_par import LEVELS_4, played

process = ParProcess()
print(process.margin(played(CoincheRules(), seed=4), 0, 0, LEVELS_4))
process.close()
"""


def test_an_entry_point_without_the_main_guard_runs_once_and_gets_its_par(
        tmp_path: Path) -> None:
    mark = tmp_path / "runs.txt"
    script = tmp_path / "unguarded.py"
    script.write_text(UNGUARDED.format(root=str(ROOT), mark=str(mark)), encoding="utf-8")
    run = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True,
                         text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stderr
    assert mark.read_text(encoding="utf-8") == "run\n"  # not again in the par's process
    float(run.stdout.strip().splitlines()[-1])  # the margin came back


def test_the_packaged_app_started_with_the_flag_is_the_par_s_process(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Frozen, the app is started as itself with ``PAR_FLAG``; ``main.py`` hands that to
    the par's process before anything else (here a replay that fails: a clear answer)."""
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert par_command() == [sys.executable, PAR_FLAG]
    match = played(CoincheRules(), seed=4)
    request = json.dumps([match.to_json(), 3, 0, list(LEVELS_4)])  # one deal scored
    run = subprocess.run([sys.executable, str(ROOT / "main.py"), PAR_FLAG], cwd=ROOT,
                         input=request + "\n", capture_output=True, text=True, timeout=120,
                         check=False)
    assert run.returncode == 0, run.stderr
    answer = json.loads(run.stdout)
    assert isinstance(answer, str) and answer.startswith("IndexError")
    assert "pygame" not in run.stdout + run.stderr  # no window was opened
