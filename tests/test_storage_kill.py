"""Kill test: a process writing big saves in a loop is killed (SIGKILL) at random moments;
the file must always hold one whole version, the old or the new, never a mix or a stub."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.storage.atomic import TEMP_SUFFIX, remove_stale_temps

ROOT = Path(__file__).resolve().parent.parent
WRITER = """
import sys
from pathlib import Path
from game.storage.atomic import write_json_atomic

path, start = Path(sys.argv[1]), int(sys.argv[2])
for n in range(start, start + 10_000):
    write_json_atomic(path, {"version": 1, "n": n, "payload": [n] * 100_000})
    if n == start:
        print("ready", flush=True)
"""
KILLS = 6


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX only")
def test_a_killed_writer_leaves_a_whole_old_or_new_file(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    chooser = random.Random(2026)
    last = 0
    interrupted = 0  # kills that caught a write half-way (a temporary file left)
    for _ in range(KILLS):
        writer = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path), str(last + 1)],
            cwd=ROOT, stdout=subprocess.PIPE, text=True,
        )
        assert writer.stdout is not None and writer.stdout.readline() == "ready\n"
        time.sleep(chooser.uniform(0.0, 0.25))
        os.kill(writer.pid, signal.SIGKILL)
        writer.wait()
        writer.stdout.close()
        interrupted += any(tmp_path.glob(f"*{TEMP_SUFFIX}"))
        data = json.loads(path.read_text(encoding="utf-8"))
        n = data["n"]
        assert data["payload"] == [n] * 100_000  # one whole version
        assert n > last  # at least this writer's first save is there
        last = n
    print(f"{interrupted} of {KILLS} kills interrupted a write; last version {last}")
    remove_stale_temps(tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == ["match.json"]
    assert not list(tmp_path.glob(f"*{TEMP_SUFFIX}"))
