"""Build, zip and smoke-test the double-click app (used by `make dist`, CI and the tests).

    python tools/release.py build          # PyInstaller with build.spec into dist/
    python tools/release.py zip            # dist/Atout-<version>-<platform>.zip
    python tools/release.py smoke [N]      # the frozen app plays N deals per game headless
                                           # (and must load the compiled core built here)
    python tools/release.py launch [RUNS]  # frozen launch to first frame, over RUNS runs
    python tools/release.py launch RUNS window  # the same in a real window ($DISPLAY)
    python tools/release.py size           # the bundle's size in MB
"""

from __future__ import annotations

import contextlib
import importlib.machinery
import os
import platform
import re
import stat
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game import __version__  # noqa: E402
from game.applog import FIRST_FRAME  # noqa: E402
from game.storage import ENV_DIR as DATA_DIR_VARIABLE  # noqa: E402
from game.storage import log_path  # noqa: E402

APP_NAME = "Atout"
SPEC = ROOT / "build.spec"
DIST = ROOT / "dist"
WORK = ROOT / "build"
HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
SMOKE_TIMEOUT_S = 300
CORE = ROOT / "game" / "core"
FROZEN_MARK = "frozen=True"
ASSET_PROBLEM = "asset problem"


def platform_tag() -> str:
    """windows-x86_64, macos-arm64, linux-x86_64, ...: the zip's platform part."""
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)
    machine = platform.machine().lower().replace("amd64", "x86_64")
    return f"{system}-{machine}"


def app_path(dist: Path = DIST) -> Path:
    """The bundle PyInstaller made: Atout.app on macOS, the Atout folder elsewhere."""
    return dist / (f"{APP_NAME}.app" if sys.platform == "darwin" else APP_NAME)


def executable(dist: Path = DIST) -> Path:
    """The program a player double-clicks (inside the .app on macOS)."""
    if sys.platform == "darwin":
        return app_path(dist) / "Contents" / "MacOS" / APP_NAME
    suffix = ".exe" if sys.platform == "win32" else ""
    return app_path(dist) / f"{APP_NAME}{suffix}"


def core_modules(folder: Path = CORE) -> list[str]:
    """The compiled core's modules built in ``folder`` for this Python (``_dds32`` for
    game/core/_dds32.cpython-311-x86_64-linux-gnu.so or _dds32.cp311-win_amd64.pyd):
    what build.spec bundles and the frozen smoke run must load."""
    names = set()
    for path in folder.glob("_*"):
        stem = path.name.split(".")[0]
        if path.name[len(stem):] in importlib.machinery.EXTENSION_SUFFIXES:
            names.add(stem[1:])
    return sorted(names)


def build(dist: Path = DIST, work: Path = WORK) -> Path:
    """Build the app with build.spec; returns the bundle's path."""
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN"]
    command += ["--distpath", str(dist), "--workpath", str(work), str(SPEC)]
    subprocess.run(command, cwd=ROOT, check=True)
    return app_path(dist)


def bundle_size(path: Path) -> int:
    """Bytes on disk of every regular file under path (symlinks not followed)."""
    files = (p for p in path.rglob("*") if p.is_file() and not p.is_symlink())
    return sum(p.stat().st_size for p in files)


def zip_app(dist: Path = DIST) -> Path:
    """Zip the bundle into dist/Atout-<version>-<platform>.zip, symlinks and modes kept."""
    bundle = app_path(dist)
    archive = dist / f"{APP_NAME}-{__version__}-{platform_tag()}.zip"
    archive.unlink(missing_ok=True)
    if sys.platform == "darwin":
        # ditto keeps what a signed and notarized .app needs (extended attributes).
        command = ["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(bundle)]
        subprocess.run([*command, str(archive)], check=True)
        return archive
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zipped:
        for path in sorted([bundle, *bundle.rglob("*")]):
            _add_to_zip(zipped, path, path.relative_to(dist).as_posix())
    return archive


def _add_to_zip(zipped: zipfile.ZipFile, path: Path, name: str) -> None:
    if path.is_symlink():
        # A .app bundle links Contents/Frameworks into Resources: store the link itself.
        info = zipfile.ZipInfo(name)
        info.create_system = 3
        info.external_attr = (stat.S_IFLNK | 0o777) << 16
        zipped.writestr(info, os.readlink(path))
    elif path.is_dir():
        zipped.write(path, name + "/")
    else:
        zipped.write(path, name)


@dataclass(frozen=True)
class SmokeRun:
    returncode: int
    seconds: float
    output: str
    log: str

    @property
    def ok(self) -> bool:
        """Exit 0, the frozen app logged its start, and every asset loaded."""
        return self.returncode == 0 and FROZEN_MARK in self.log and ASSET_PROBLEM not in self.log


@contextlib.contextmanager
def _sandbox(window: bool = False) -> Iterator[tuple[Path, dict[str, str], Path]]:
    """An empty working folder and data folder for one run of the built app (so a run
    never touches the player's settings, saves or log); yields (cwd, env, log file).
    Headless unless window: then the real display (on Linux X11 at $DISPLAY), no sound."""
    video = _window_video() if window else {"SDL_VIDEODRIVER": HEADLESS["SDL_VIDEODRIVER"]}
    base = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    with tempfile.TemporaryDirectory() as scratch:
        cwd, data = Path(scratch) / "cwd", Path(scratch) / "data"
        cwd.mkdir()
        env = {**base, **video, "SDL_AUDIODRIVER": HEADLESS["SDL_AUDIODRIVER"]}
        yield cwd, {**env, DATA_DIR_VARIABLE: str(data)}, log_path(data)


def _window_video() -> dict[str, str]:
    # Without a usable X server SDL would quietly fall back to drawing offscreen.
    return {"SDL_VIDEODRIVER": "x11"} if sys.platform == "linux" else {}


def _read(log: Path) -> str:
    return log.read_text(encoding="utf-8", errors="replace") if log.exists() else ""


def run_frozen(args: list[str], dist: Path = DIST) -> SmokeRun:
    """Run the built app headless (dummy video and audio) in a sandbox; wait for its exit."""
    with _sandbox() as (cwd, env, log):
        began = time.perf_counter()
        done = subprocess.run(
            [str(executable(dist)), *args],
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            timeout=SMOKE_TIMEOUT_S,
            check=False,
        )
        seconds = time.perf_counter() - began
        return SmokeRun(done.returncode, seconds, done.stdout + done.stderr, _read(log))


def smoke(deals: int, dist: Path = DIST) -> SmokeRun:
    """`Atout --smoke N` on the frozen app, which must load every compiled core module
    built here (build.spec bundled them)."""
    core = core_modules()
    return run_frozen(["--smoke", str(deals), *(["--core", ",".join(core)] if core else [])],
                      dist)


def launch_seconds(
    dist: Path = DIST, window: bool = False, timeout_s: float = 30
) -> tuple[float, float]:
    """Start the frozen app (headless unless window); (wall, CPU) seconds from process
    start to its first frame.

    The figures are the app's own (game.applog.first_frame_drawn, from the process start
    time); the app is stopped once it has logged them.
    """
    pattern = re.compile(rf"{FIRST_FRAME} ([0-9.]+) s after launch \(([0-9.]+) s CPU\)")
    with _sandbox(window) as (cwd, env, log):
        app = subprocess.Popen(
            [str(executable(dist))],
            cwd=cwd,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            deadline = time.monotonic() + timeout_s
            while True:
                found = pattern.search(_read(log))
                if found:
                    return float(found.group(1)), float(found.group(2))
                if app.poll() is not None or time.monotonic() > deadline:
                    break
                time.sleep(0.02)
        finally:
            app.terminate()
            app.wait()
    raise RuntimeError(f"the app logged no first frame (exit {app.returncode})")


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "build"
    count = int(argv[1]) if len(argv) > 1 else None
    if command == "build":
        print(f"built {build()}")
    elif command == "zip":
        print(f"zipped {zip_app()}")
    elif command == "size":
        print(f"{bundle_size(app_path()) / 1e6:.1f} MB in {app_path()}")
    elif command == "smoke":
        run = smoke(count if count is not None else 1)
        print(run.output, f"exit {run.returncode} in {run.seconds:.1f} s", sep="\n")
        print("log:", run.log, sep="\n")
        return 0 if run.ok else 1
    elif command == "launch":
        window = argv[2:] == ["window"]
        runs = [launch_seconds(window=window) for _ in range(count or 5)]
        for name, values in zip(("wall", "CPU"), zip(*runs, strict=True), strict=True):
            print(f"launch to first frame, {name}: median {statistics.median(values):.3f} s, "
                  f"best {min(values):.3f} s, worst {max(values):.3f} s ({len(runs)} runs)")
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
