"""Thinking on the player's time: while the human thinks, the Expert prepares the card
searches of the situations a computer seat may face next, and the real decision resumes
the one prepared for exactly its situation.

A card search (``search.WorldSearch``, at tarot ``tarot_search.TarotWorldSearch``) is a
function of the seat's view, its generator's state and the cap on worlds, whenever and in
how many steps it is computed.  A search is prepared on a copy of the seat's generator;
the decision takes it only when its view, candidates, cap and generator state are exactly
those it was prepared for, draws what is left, leaves the seat's generator as its own
draw would have, and rolls out worlds from where the preparation stopped until its
deadline.  So the Expert decides exactly as without pondering for the worlds it sees
(with no deadline: the same decision, the same generator state after it); pondering only
lets it see more of them in the same deadline.

The host knows the whole deal: it lists the situations (each a view of the seat that
will play next, after one of the human's possible actions) and drives the work in short
slices (``work``) while the human thinks.  Not thread-safe: one thread uses a ``Ponder``
(the controller's AI worker), so a decision never meets a search being advanced.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from typing import TypeVar

from game.ai import appraise, decide
from game.ai.budget import DEFAULT_THINK, worlds_for
from game.ai.decision import Decision, Level
from game.ai.memory import Memory
from game.ai.play import play_phase
from game.ai.play_inference import InferenceSearch
from game.ai.resumable import DecisionCancelled
from game.ai.search import WorldSearch, play_worlds
from game.ai.tarot_search import TarotWorldSearch, table_worlds
from game.engine.cards import Card
from game.engine.protocol import Action, Phase
from game.engine.tarot_tricks import TarotView
from game.engine.trick_view import TrickView
from game.engine.views import AnyView, MatchView

Situation = tuple[AnyView | MatchView, random.Random]  # a seat's view and its generator
Prepared = WorldSearch | TarotWorldSearch  # a card search, at a 32-card game or at tarot
SearchT = TypeVar("SearchT", WorldSearch, TarotWorldSearch)


class Ponder:
    """The searches prepared for the situations a computer seat may face next."""

    def __init__(self) -> None:
        self._searches: list[Prepared] = []
        self._last: Prepared | None = None  # the last decision's card search
        self.last_seen = 0  # worlds it rolled out
        self.last_reused = 0  # of which prepared ahead

    @property
    def prepared(self) -> tuple[Prepared, ...]:
        return tuple(self._searches)

    def prepare(self, situations: Iterable[Situation], think: float | None) -> None:
        """Replace what is prepared by the searches of ``situations``, the likeliest
        first (only the Expert's card play is prepared: other situations are skipped).
        Each situation's generator is copied now: it is never advanced here."""
        self._searches = []
        for view, rng in situations:
            copy = random.Random()
            copy.setstate(rng.getstate())
            search = card_search(view, copy, think)
            if search is not None and not any(_same_decision(s, search)
                                              for s in self._searches):
                self._searches.append(search)

    def work(self, seconds: float, interrupted: Callable[[], bool] = lambda: False) -> bool:
        """Advance the prepared searches, the first unfinished one first, by short steps
        (a world drawn, a card rolled out) for about ``seconds``, or until
        ``interrupted()`` says the host needs the processor back; False once every
        search is finished."""
        start = time.perf_counter()
        for search in list(self._searches):
            try:
                while search.step():
                    if time.perf_counter() - start >= seconds or interrupted():
                        return True
            except DecisionCancelled:  # resumed by a decision an undo cancelled since
                self._searches.remove(search)
        return False

    def clear(self) -> None:
        self._searches = []

    def decide(self, view: AnyView | MatchView, level: Level, rng: random.Random,
               think: float | None = DEFAULT_THINK) -> Decision:
        """``game.ai.decide``, resuming the search prepared for exactly this situation
        if there is one; everything prepared is then dropped (its moment has passed)."""
        self._last, self.last_reused = None, 0
        try:
            if level is not Level.EXPERT:
                decision = decide(view, level, rng, think)
            else:
                decision = appraise(view, rng, think, source=self._search_for,
                                    tarot_source=self._tarot_search_for).decision
        finally:  # cancelled or not, what was prepared has had its moment
            self.clear()
        self.last_seen = len(self._last.values) if self._last is not None else 0
        return decision

    def _search_for(self, view: TrickView, mem: Memory, cards: list[Card], rng: random.Random,
                    worlds: int) -> WorldSearch:
        search = next((s for s in self._searches if isinstance(s, WorldSearch)
                       and s.matches(view, cards, rng, worlds)), None)
        if search is None:
            search = InferenceSearch(view, mem, cards, rng, worlds)
        return self._resumed(search, rng)

    def _tarot_search_for(self, view: TarotView, rng: random.Random, worlds: int,
                          exact_endgame: bool) -> TarotWorldSearch:
        search = next((s for s in self._searches if isinstance(s, TarotWorldSearch)
                       and s.matches(view, rng, worlds, exact_endgame)), None)
        if search is None:
            search = TarotWorldSearch(view, rng, worlds, exact_endgame)
        return self._resumed(search, rng)

    def _resumed(self, search: SearchT, rng: random.Random) -> SearchT:
        """``search`` is the decision's (drawing from ``rng``): count what was prepared
        of it."""
        search.decision_rng = rng  # a cancelled decision stops its prepared search too
        self.last_reused = len(search.values) if search in self._searches else 0
        self._last = search
        return search


def _same_decision(a: Prepared, b: Prepared) -> bool:
    """Two preparations of the same search (the same view, cap and generator state)."""
    return (type(a) is type(b) and a.cap == b.cap and a.start_state == b.start_state
            and a.view == b.view)


def likely_first(view: AnyView | MatchView) -> list[Action]:
    """``view``'s legal actions, the one the Confirmé would choose first: the order in
    which to prepare for what a player may do."""
    likely = decide(view, Level.CONFIRME, random.Random(0)).action
    legal = (view.deal if isinstance(view, MatchView) else view).legal
    return sorted(legal, key=lambda a: a != likely)


def card_search(view: AnyView | MatchView, rng: random.Random,
                think: float | None) -> Prepared | None:
    """The card search the Expert would run in ``view`` with ``rng`` (None: it runs
    none there: not the card play, or a single sensible card)."""
    target = view.target if isinstance(view, MatchView | TrickView) else None
    deal = view.deal if isinstance(view, MatchView) else view
    if deal.phase is not Phase.PLAY or len(deal.legal) < 2:
        return None
    seconds = DEFAULT_THINK if think is None else think
    if isinstance(deal, TarotView):
        tarot = TarotWorldSearch(deal, rng, worlds_for(seconds, table_worlds(deal.players)))
        return tarot if tarot.weighs else None
    found: list[WorldSearch] = []
    cap = worlds_for(seconds, play_worlds(deal))

    def capture(v: TrickView, mem: Memory, cards: list[Card],
                fallback: tuple[Card, str]) -> tuple[Card, str]:
        if len(cards) > 1:
            found.append(InferenceSearch(v, mem, cards, rng, cap))
        return fallback

    play_phase(deal, target, capture)
    return found[0] if found else None
