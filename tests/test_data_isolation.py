"""The tests never touch the player's own data folder or log: the session, and every
program it starts, use a temporary folder (tests/conftest.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import platformdirs

from game import applog, storage
from tests.conftest import TEST_DATA_DIR

ROOT = Path(__file__).resolve().parent.parent


def test_the_session_keeps_its_files_in_a_temporary_folder() -> None:
    real = Path(platformdirs.user_data_dir("Atout", appauthor=False))
    assert storage.data_dir() == Path(TEST_DATA_DIR) != real
    assert applog.log_file() == Path(TEST_DATA_DIR) / "logs" / "atout.log"
    assert storage.Storage().base == Path(TEST_DATA_DIR)


def test_a_program_the_tests_start_uses_the_same_folder() -> None:
    code = "from game.applog import log_file; print(log_file())"
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=60, check=True)
    assert Path(run.stdout.strip()) == Path(TEST_DATA_DIR) / "logs" / "atout.log"
