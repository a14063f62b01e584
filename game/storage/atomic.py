"""Atomic JSON files: a kill at any moment leaves the old file or the new one, never half.

``write_json_atomic`` writes a temporary file in the same directory, flushes and fsyncs it,
renames it over the target with ``os.replace`` (atomic on POSIX and Windows) and fsyncs the
directory where the platform allows it, so the rename itself survives a power cut.

``read_json`` never raises: a file that cannot be used is renamed aside with a timestamp
(``match.json.corrupt-20261123-101500``) so nothing is lost, and a ``Problem`` (an i18n key
and its arguments) says what happened.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

TEMP_SUFFIX = ".tmp"
REPLACE_RETRIES = (0.01, 0.05, 0.1)  # seconds to wait before each new try of a refused rename


class Problem(NamedTuple):
    """A message for the player: an i18n key and its ``str.format`` arguments."""

    key: str
    args: Mapping[str, str]


def write_json_atomic(path: Path, data: Any) -> None:
    """Replace ``path`` with ``data`` as JSON, atomically.  Raises OSError (read-only or
    full disk...), in which case the old file is untouched and no temporary file remains."""
    payload = json.dumps(data, ensure_ascii=False).encode("utf-8")
    temp = path.with_name(f".{path.name}.{secrets.token_hex(4)}{TEMP_SUFFIX}")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o644)
    try:
        try:
            _write_all(fd, payload)
            os.fsync(fd)
        finally:
            os.close(fd)
        _replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _fsync_directory(path.parent)


def _replace(temp: Path, path: Path) -> None:
    """``os.replace``, tried again briefly when refused: on Windows a virus scanner or an
    indexer holding the target open for a moment makes the rename fail."""
    for delay in REPLACE_RETRIES:
        try:
            os.replace(temp, path)
            return
        except PermissionError:
            time.sleep(delay)
    os.replace(temp, path)


def _write_all(fd: int, payload: bytes) -> None:
    view = memoryview(payload)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _fsync_directory(directory: Path) -> None:
    """Make the rename durable; Windows cannot open a directory, and some file systems
    refuse to fsync one: the rename is still atomic there, only maybe not yet on disk."""
    if os.name == "nt":
        return
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def remove_stale_temps(directory: Path) -> None:
    """Delete temporary files left by a write that was killed half-way."""
    with contextlib.suppress(OSError):
        for temp in directory.glob(f".*{TEMP_SUFFIX}"):
            with contextlib.suppress(OSError):
                temp.unlink()


def read_json(path: Path) -> tuple[Any, Problem | None]:
    """The JSON in ``path``, or ``(None, problem)``.  A missing file is no problem (first
    run): ``(None, None)``.  A file that is not JSON is put aside."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None, None
    except IsADirectoryError:
        return None, put_aside(path, "corrupt")
    except PermissionError as error:
        if path.is_dir():  # Windows says "permission denied" for a directory
            return None, put_aside(path, "corrupt")
        return None, Problem("storage.unreadable", {"file": path.name, "error": _why(error)})
    except OSError as error:
        return None, Problem("storage.unreadable", {"file": path.name, "error": _why(error)})
    try:
        return json.loads(raw.decode("utf-8")), None
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        return None, put_aside(path, "corrupt")


def read_versioned(path: Path, version: int) -> tuple[dict[str, Any] | None, Problem | None]:
    """A JSON object with ``"version": version`` (an older version is accepted: the
    caller's reader upgrades it).  Anything else is put aside with a problem."""
    data, problem = read_json(path)
    if data is None:
        return None, problem
    found = data.get("version") if isinstance(data, dict) else None
    if not isinstance(data, dict) or not isinstance(found, int) or isinstance(found, bool):
        return None, put_aside(path, "corrupt")
    if found > version:
        return None, put_aside(path, "newer")
    if found < 1:
        return None, put_aside(path, "corrupt")
    return data, None


def put_aside(path: Path, reason: str) -> Problem:
    """Rename an unusable file (or directory) out of the way, keeping it for the player.
    The problem names the backup, or says the file could not be moved either."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    backup = path.with_name(f"{path.name}.{reason}-{stamp}")
    count = 1
    while backup.exists():
        count += 1
        backup = path.with_name(f"{path.name}.{reason}-{stamp}-{count}")
    try:
        os.replace(path, backup)
    except OSError as error:
        return Problem("storage.unusable", {"file": path.name, "error": _why(error)})
    return Problem(f"storage.{reason}", {"file": path.name, "backup": backup.name})


def write_problem(path: Path, error: OSError) -> Problem:
    return Problem("storage.write_failed", {"file": path.name, "error": _why(error)})


def _why(error: OSError) -> str:
    return error.strerror or str(error)
