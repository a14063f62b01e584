"""A level of the AI as it was at an earlier git revision, for the arena
(``--b expert@ed8d699``): progress measured against the code before it.

The revision is checked out once in a git worktree (``/tmp/atout-rev-<sha>``, detached),
and a server process (``bench/revision_server.py``) imports ``game`` from that tree.
Each decision sends the seat's view and the seat's random generator state (pickled) and
receives the action and the generator's new state, so a run stays seeded and
reproducible exactly as with a local player.  The views and actions cross by pickle,
loaded with the deck's own card objects (``revision_server.load``: the engine compares
some cards by identity):
both trees must define the engine's classes the same way (true between nearby revisions;
a changed class fails loudly when unpickled).  The first decision of a run includes the
server's start (its imports): B's maximum decision time is not the AI's.
"""

from __future__ import annotations

import atexit
import functools
import pickle
import subprocess
import sys
from pathlib import Path
from typing import IO, Any

from bench.revision_server import load
from game.choices import DEFAULT_THINK

ROOT = Path(__file__).resolve().parent.parent
SERVER = Path(__file__).resolve().parent / "revision_server.py"

_servers: dict[tuple[Path, str, float | None], subprocess.Popen[bytes]] = {}


@functools.cache
def checkout(rev: str) -> Path:
    """A worktree of ``rev`` (made on first use, reused afterwards)."""
    sha = subprocess.run(["git", "rev-parse", "--verify", f"{rev}^{{commit}}"], cwd=ROOT,
                         check=True, capture_output=True, text=True).stdout.strip()
    tree = Path("/tmp") / f"atout-rev-{sha[:12]}"
    if not (tree / "game").is_dir():
        subprocess.run(["git", "worktree", "add", "--detach", str(tree), sha], cwd=ROOT,
                       check=True, capture_output=True)
    build_core(tree)
    return tree


def build_core(tree: Path) -> None:
    """Build the revision's compiled core in its tree (the built modules are not in
    git): without it the revision would play its Python path, with that path's smaller
    budget, and be compared as what it is not.  A revision from before the core has no
    ``setup.py`` and nothing to build."""
    core = tree / "game" / "core"
    if not (tree / "setup.py").is_file() or [*core.glob("_*.so"), *core.glob("_*.pyd")]:
        return
    built = subprocess.run([sys.executable, "setup.py", "--quiet", "build_ext", "--inplace"],
                           cwd=tree, capture_output=True, text=True)
    if built.returncode != 0:
        raise RuntimeError(f"the compiled core of {tree.name} did not build:\n{built.stderr}")


def _server(tree: Path, level: str, think: float | None) -> subprocess.Popen[bytes]:
    key = (tree, level, think)
    if key not in _servers:
        process = subprocess.Popen([sys.executable, str(SERVER), str(tree), level, str(think)],
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        _servers[key] = process
        atexit.register(_stop, process)
    return _servers[key]


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.stdin is not None:
        process.stdin.close()
    process.wait(timeout=10)


def _exchange(process: subprocess.Popen[bytes], message: Any) -> Any:
    assert process.stdin is not None and process.stdout is not None
    send: IO[bytes] = process.stdin
    pickle.dump(message, send, protocol=pickle.HIGHEST_PROTOCOL)
    send.flush()
    try:
        return load(process.stdout)
    except EOFError:
        raise RuntimeError(f"the revision's server stopped (exit {process.wait()})") from None


def decide_at(rev: str, level: str, view: Any, rng: Any,
              think: float | None = DEFAULT_THINK) -> Any:
    """``decide(view, level, rng, think)`` as the code of ``rev`` answers it; ``rng``
    advances as it would have."""
    return decide_in(checkout(rev), level, view, rng, think)


def decide_in(tree: Path, level: str, view: Any, rng: Any,
              think: float | None = DEFAULT_THINK) -> Any:
    """``decide(view, level, rng, think)`` as the code in ``tree`` answers it."""
    reply = _exchange(_server(tree, level, think), (view, rng.getstate()))
    if isinstance(reply, BaseException):
        raise RuntimeError(f"{level} of {tree} failed on this view") from reply
    action, state = reply
    rng.setstate(state)
    return action
