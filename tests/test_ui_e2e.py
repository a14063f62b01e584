"""End to end: the real window under Xvfb, driven with xdotool like a player's mouse.

The app is started as ``python main.py``; the test finds its window by the process id,
clicks "New game" then "Deal!", and sees the match saved in the data folder; then it
shrinks the window and, through the letterboxed buttons, turns the sound off in the
settings, which are saved."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(
    not (shutil.which("Xvfb") and shutil.which("xdotool")), reason="needs Xvfb and xdotool")


DISPLAY = {"name": ""}  # the display Xvfb picked


def xdotool(*args: str) -> str:
    run = subprocess.run(["xdotool", *args], capture_output=True, text=True, timeout=10,
                         env={**os.environ, "DISPLAY": DISPLAY["name"]}, check=False)
    return run.stdout.strip()


def wait_for(condition: Callable[[], bool], timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    raise AssertionError("timed out")


@pytest.fixture
def xvfb() -> Iterator[str]:
    """A private X server on a free display number (Xvfb writes it to a pipe)."""
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1600x900x24",
                               "-nolisten", "tcp"], pass_fds=(write,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as pipe:
        DISPLAY["name"] = f":{pipe.readline().strip()}"
    yield DISPLAY["name"]
    server.terminate()
    server.wait(timeout=10)


def click_logical(window: str, x: int, y: int) -> None:
    """A click at a point of the 1280×720 logical screen, wherever the window scales it."""
    geometry = dict(line.split("=") for line in
                    xdotool("getwindowgeometry", "--shell", window).splitlines())
    width, height = int(geometry["WIDTH"]), int(geometry["HEIGHT"])
    scale = min(width / 1280, height / 720)
    left, top = (width - 1280 * scale) / 2, (height - 720 * scale) / 2
    xdotool("mousemove", "--window", window, str(round(left + x * scale)),
            str(round(top + y * scale)))
    time.sleep(0.15)
    xdotool("click", "1")
    time.sleep(0.4)


def test_a_player_starts_a_game_in_the_real_window(xvfb: str, tmp_path: Path) -> None:
    env = {**os.environ, "DISPLAY": xvfb, "SDL_VIDEODRIVER": "x11",
           "SDL_AUDIODRIVER": "dummy", "ATOUT_DATA_DIR": str(tmp_path),
           "XDG_STATE_HOME": str(tmp_path)}
    app = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--lang", "en"], env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        windows: list[str] = []

        def found() -> bool:
            windows[:] = xdotool("search", "--pid", str(app.pid)).split()
            return bool(windows)

        wait_for(found)
        window = windows[-1]
        time.sleep(1.0)
        click_logical(window, 640, 207)  # New game
        click_logical(window, 1130, 668)  # Deal!
        wait_for(lambda: (tmp_path / "match.json").exists())
        xdotool("windowsize", window, "800", "600")
        time.sleep(0.8)
        click_logical(window, 72, 694)  # Menu, in the letterboxed window
        click_logical(window, 640, 463)  # Settings
        click_logical(window, 830, 388)  # Sound: on -> off
        click_logical(window, 640, 608)  # Back: the settings are saved
        settings = tmp_path / "settings.json"
        wait_for(lambda: settings.exists() and '"sound": false' in settings.read_text())
        assert app.poll() is None
        app.terminate()
        app.wait(timeout=10)
    finally:
        if app.poll() is None:
            app.kill()
