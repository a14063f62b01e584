"""Serves ``decide`` from another checkout (``bench/revision.py``): run as
``python revision_server.py <tree> <level> <think>`` (seconds, or None); reads pickled
(view, random state) from stdin until it closes, answers pickled (action, random state),
or the exception."""

from __future__ import annotations

import pickle
import random
import sys


def serve(tree: str, level_name: str, think_text: str) -> None:
    sys.path.insert(0, tree)
    from game.ai import Level, decide  # the revision's code, from its tree

    level = Level(level_name)
    think = None if think_text == "None" else float(think_text)
    rng = random.Random()
    source, sink = sys.stdin.buffer, sys.stdout.buffer
    while True:
        try:
            view, state = pickle.load(source)
        except EOFError:
            return
        rng.setstate(state)
        reply: object
        try:
            reply = (decide(view, level, rng, think).action, rng.getstate())
        except Exception as error:  # sent back: the arena stops with it
            reply = error
        pickle.dump(reply, sink, protocol=pickle.HIGHEST_PROTOCOL)
        sink.flush()


if __name__ == "__main__":
    serve(sys.argv[1], sys.argv[2], sys.argv[3])
