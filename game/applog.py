"""Logging for the app: a rotating file in the user's data directory, and stderr when there is one.

A windowed build (the Windows .exe built with console=False, the macOS .app) has no console:
sys.stderr is None there, so the file is the only record of a crash on a player's machine.
"""

from __future__ import annotations

import functools
import logging
import logging.handlers
import os
import platform
import sys
import threading
import time
from pathlib import Path
from types import TracebackType

from game import __version__
from game.resources import resource_root
from game.storage import log_path

MAX_BYTES = 512 * 1024
BACKUP_COUNT = 3
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
_HANDLER_NAME = "atout-applog"
FIRST_FRAME = "first frame"
_IMPORTED_AT = time.monotonic()

log = logging.getLogger("atout")


def log_file() -> Path:
    """The log file: logs/atout.log in the data directory (game.storage, $ATOUT_DATA_DIR)."""
    return log_path()


def is_frozen() -> bool:
    """True inside a PyInstaller build."""
    return bool(getattr(sys, "frozen", False))


def configure_logging(level: int = logging.INFO) -> Path | None:
    """Send the app's logs to the log file (and stderr when present); log uncaught exceptions.

    Safe to call more than once: the handlers are replaced, not added again. Returns the log
    file, or None when it could not be opened (the game still runs, logging to stderr only).
    """
    path = log_file()
    file_handler = _open_file_handler(path)
    handlers = [file_handler] if file_handler is not None else []
    if sys.stderr is not None:
        handlers.append(logging.StreamHandler(sys.stderr))
    _install(handlers, level)
    logging.captureWarnings(True)
    sys.excepthook = _log_uncaught
    threading.excepthook = _log_uncaught_in_thread
    log.info(
        "Atout %s starting: Python %s on %s, frozen=%s, resources=%s",
        __version__,
        platform.python_version(),
        platform.platform(),
        is_frozen(),
        resource_root(),
    )
    return path if file_handler is not None else None


def _open_file_handler(path: Path) -> logging.Handler | None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return logging.handlers.RotatingFileHandler(
            path, maxBytes=MAX_BYTES, backupCount=BACKUP_COUNT, encoding="utf-8"
        )
    except OSError as error:
        if sys.stderr is not None:
            print(f"Atout: cannot write the log file {path} ({error})", file=sys.stderr)
        return None


def _install(handlers: list[logging.Handler], level: int) -> None:
    """Put these handlers on the root logger in place of the ones a previous call added."""
    root = logging.getLogger()
    for old in [h for h in root.handlers if h.get_name() == _HANDLER_NAME]:
        root.removeHandler(old)
        old.close()
    root.setLevel(level)
    for handler in handlers:
        handler.set_name(_HANDLER_NAME)
        handler.setFormatter(logging.Formatter(FORMAT))
        root.addHandler(handler)


def _log_uncaught(
    kind: type[BaseException], error: BaseException, trace: TracebackType | None
) -> None:
    if issubclass(kind, KeyboardInterrupt):
        sys.__excepthook__(kind, error, trace)
        return
    log.critical("Uncaught exception", exc_info=(kind, error, trace))


def _log_uncaught_in_thread(args: threading.ExceptHookArgs) -> None:
    if args.exc_value is None or issubclass(args.exc_type, SystemExit):
        return
    thread = args.thread.name if args.thread is not None else "?"
    log.critical(
        "Uncaught exception in thread %s",
        thread,
        exc_info=(args.exc_type, args.exc_value, args.exc_traceback),
    )


def process_age() -> float:
    """Seconds since the system started this process.

    Linux reads it from /proc (10 ms steps), so the bootloader and the interpreter's own
    start-up count; elsewhere it is the time since this module was imported.
    """
    try:
        fields = Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()
        started = int(fields[19]) / os.sysconf("SC_CLK_TCK")  # field 22: starttime in ticks
        uptime = float(Path("/proc/uptime").read_text().split()[0])
    except (OSError, ValueError, IndexError, AttributeError):
        return time.monotonic() - _IMPORTED_AT
    return max(0.0, uptime - started)


@functools.cache
def first_frame_drawn() -> float:
    """Call after the first frame is on screen: logs the launch time once; returns it."""
    seconds = process_age()
    # The CPU time tells a slow start from a busy machine.
    log.info("%s %.3f s after launch (%.3f s CPU)", FIRST_FRAME, seconds, time.process_time())
    return seconds
