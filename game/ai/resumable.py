"""A card search that can stop and resume anywhere: the base of the Expert's card
searches (``search.WorldSearch`` at the 32-card games, ``tarot_search.TarotWorldSearch``).

The worlds are drawn first, from the seat's generator (or a copy of it when prepared
ahead, ``ponder``), then each world's value of every candidate card, card by card.
Everything is a function of the view, the generator's state and the cap on worlds,
whenever and in how many steps it is computed, so a search prepared while the player
thinks and resumed by the decision holds what the decision would have computed itself.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable, Iterator
from typing import Generic, TypeVar


class DecisionCancelled(Exception):
    """Raised inside a decision whose generator was cancelled: nobody waits for it."""


class CancellableRandom(random.Random):
    """A decision's generator: the same draws as ``random.Random`` from the same state,
    until ``cancel``; then its next draw raises ``DecisionCancelled``, and so does a
    card search working for it at its next step (``ResumableSearch.roll_card``), so a
    decision nobody waits for (an undo dropped it) stops within a short step."""

    cancelled = False

    def cancel(self) -> None:
        self.cancelled = True

    def random(self) -> float:
        if self.cancelled:
            raise DecisionCancelled
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        if self.cancelled:
            raise DecisionCancelled
        return super().getrandbits(k)


ViewT = TypeVar("ViewT")
WorldT = TypeVar("WorldT")
CardT = TypeVar("CardT", bound=Hashable)


class ResumableSearch(Generic[ViewT, WorldT, CardT]):
    """The worlds of ``world_stream`` and each one's ``value`` of every card, in steps."""

    def __init__(self, view: ViewT, cards: list[CardT], rng: random.Random,
                 worlds: int) -> None:
        self.view, self.cards, self.rng, self.cap = view, cards, rng, worlds
        self.start_state = rng.getstate()
        # The generator of the decision this search works for (its own, or the
        # decision's that resumed it when prepared ahead): cancelled, the search stops.
        self.decision_rng = rng
        self.worlds: list[WorldT] = []
        self.values: list[dict[CardT, float]] = []  # per world evaluated: each card's
        self._rolling: dict[CardT, float] = {}  # the next world's, while it is evaluated
        self._pending: Iterator[WorldT] | None = None
        self._drawn = False

    def world_stream(self) -> Iterator[WorldT]:
        """The worlds to draw, in order, the cap of them at most."""
        raise NotImplementedError

    def value(self, world: WorldT, card: CardT) -> float:
        """``card``'s worth for the seat in ``world``."""
        raise NotImplementedError

    @property
    def left(self) -> int:
        """The worlds drawn and not evaluated yet."""
        return len(self.worlds) - len(self.values)

    @property
    def finished(self) -> bool:
        return self._drawn and not self.left

    def step(self) -> bool:
        """Draw one world, or once all are drawn evaluate one card in the next world (a
        short step); False when finished."""
        if not self._drawn:
            self.draw_next()
            return True
        if self.left:
            self.roll_card()
            return True
        return False

    def draw_next(self) -> None:
        """One more world, until the stream ends."""
        if self._pending is None:
            self._pending = self.world_stream()
        try:
            self.worlds.append(next(self._pending))
        except StopIteration:
            self.end_draw()

    def end_draw(self) -> None:
        """The worlds drawn so far are all there will be (the stream ended, or the time
        to draw them did)."""
        self._drawn = True

    def draw_all(self, ends: float | None = None) -> None:
        """Every world of the stream; with ``ends`` (a ``time.perf_counter`` reading),
        none begun after it once one is drawn (a busy machine draws fewer)."""
        while not self._drawn:
            if ends is not None and self.worlds and time.perf_counter() > ends:
                self.end_draw()
            else:
                self.draw_next()

    def settle(self, rng: random.Random) -> None:
        """Leave ``rng`` as the draw left the generator it drew from (a copy when
        prepared ahead): as if ``rng`` had drawn the worlds itself."""
        if rng is not self.rng:
            rng.setstate(self.rng.getstate())

    def roll_next(self) -> None:
        """Finish evaluating the next world."""
        done = len(self.values)
        while len(self.values) == done:
            self.roll_card()

    def roll_card(self) -> None:
        """One card's value in the next world (done once every card has its own)."""
        if getattr(self.decision_rng, "cancelled", False):
            raise DecisionCancelled
        world = self.worlds[len(self.values)]
        c = self.cards[len(self._rolling)]
        self._rolling[c] = self.value(world, c)
        if len(self._rolling) == len(self.cards):
            self.values.append(self._rolling)
            self._rolling = {}

    def revalue(self, value: Callable[[CardT], float]) -> None:
        """Value again, by ``value``, the cards of the world under way valued so far
        (its evaluation changed method halfway)."""
        self._rolling = {c: value(c) for c in self._rolling}

    def totals(self) -> tuple[dict[CardT, float], int]:
        """Each card's values summed over the worlds evaluated, and their number."""
        totals = dict.fromkeys(self.cards, 0.0)
        for value in self.values:
            for c in self.cards:
                totals[c] += value[c]
        return totals, len(self.values)
