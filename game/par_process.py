"""The par's process: a Python of its own that replays deals for their par.

The game starts it as ``python -m game.par_process`` (the packaged app as itself with
``PAR_FLAG``, which ``main.py`` hands here before anything else), so it runs this module
and imports only what the replay needs (the engine, the AI): never the program that
started it, whose entry point may lack the ``if __name__ == "__main__"`` guard and would
open a second window (multiprocessing's spawn imports the parent's main module again).

One request a line on its standard input, ``[match's JSON, deal index, seat, levels]``,
one answer a line on its standard output, the Expert's margin or the replay's error in
words; it stops when its input closes (the game closed it, or ended).  It runs at a
lower priority.  No pygame here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import IO

PAR_FLAG = "--par-process"  # the packaged app's argument that makes it the par's process
PAR_NICENESS = 19  # the par's process runs when the machine has nothing else to do (POSIX)


def par_command() -> list[str]:
    """How to start the par's process: the packaged app with ``PAR_FLAG``, else this
    module run by the same Python."""
    if getattr(sys, "frozen", False):
        return [sys.executable, PAR_FLAG]
    return [sys.executable, "-m", "game.par_process"]


def start() -> subprocess.Popen[str]:
    """The par's process, started, its pipes open (text, one message a line)."""
    root = str(Path(__file__).resolve().parent.parent)  # where ``game`` is imported from
    paths = [root, *filter(None, [os.environ.get("PYTHONPATH")])]
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    return subprocess.Popen(
        par_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        encoding="utf-8", env=environment, cwd=root,
        creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0))  # no console: Windows


def serve(requests: IO[str], answers: IO[str]) -> None:
    """Answer each request line with a line: the margin, or the replay's error."""
    from game.engine.match import Match
    from game.par_replay import expert_margin

    for line in requests:
        match_json, index, seat, levels = json.loads(line)
        try:
            margin: float | str = expert_margin(Match.from_json(match_json), index, seat,
                                                levels)
        except Exception as error:
            margin = f"{type(error).__name__}: {error}"
        answers.write(json.dumps(margin) + "\n")
        answers.flush()


def main() -> int:
    if hasattr(os, "nice"):
        os.nice(PAR_NICENESS)
    answers = sys.stdout
    # A stray print goes to the log's stream (none in a windowed app), never the answers.
    with open(os.devnull, "w", encoding="utf-8") as nowhere:
        sys.stdout = sys.stderr if sys.stderr is not None else nowhere
        serve(sys.stdin, answers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
