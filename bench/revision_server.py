"""Serves ``decide`` from another checkout (``bench/revision.py``): run as
``python revision_server.py <tree> <level> <think>`` (seconds, or None); reads pickled
(view, random state) from stdin until it closes, answers pickled (action, random state),
or the exception.

The engine compares some cards by identity (``c is EXCUSE``, ``c is view.called``).  The
cards pickle as the deck's own objects now, but a revision from before that sends each
card as a new tuple, equal to the deck's but not it, and a view or an action made of such
cards is played otherwise (the Excuse not seen as the Excuse...).  Both ends of the pipe
load with ``load``: every card is the deck's own, whichever revision pickled it.
"""

from __future__ import annotations

import functools
import pickle
import random
import sys
from typing import IO, Any

# The card classes the engine compares by identity, and the deck each one's cards are from.
DECKS = {("game.engine.tarot_cards", "TarotCard"): "DECK78",
         ("game.engine.cards", "Card"): "DECK32"}


class _DeckUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        found = super().find_class(module, name)
        deck = DECKS.get((module, name))
        return found if deck is None else _deck_card(getattr(sys.modules[module], deck))


@functools.cache
def _deck_card(deck: tuple[tuple[Any, ...], ...]) -> type:
    """A stand-in for a card class when unpickling: "making" a card returns the deck's."""
    by_fields = {tuple(card): card for card in deck}

    class DeckCard:
        def __new__(cls, *fields: Any) -> Any:
            return by_fields[fields]

    return DeckCard


def load(source: IO[bytes]) -> Any:
    """``pickle.load``, each card the deck's own object."""
    return _DeckUnpickler(source).load()


def serve(tree: str, level_name: str, think_text: str) -> None:
    sys.path.insert(0, tree)
    from game.ai import Level, decide  # the revision's code, from its tree

    level = Level(level_name)
    think = None if think_text == "None" else float(think_text)
    rng = random.Random()
    source, sink = sys.stdin.buffer, sys.stdout.buffer
    while True:
        try:
            view, state = load(source)
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
