"""Tarot, Expert level: card play by determinization.

Worlds are drawn among the placements of the hidden cards that the seat's view allows
(hand sizes, voids and trump caps shown by the play, poignées, the écart's shown trumps,
the chien's cards with the taker or in his écart, that écart made of the taker's short
suits as takers make it: ``_shape_ecart``), and kept among several in proportion
to how well they fit the auction (``tarot_auction_reading``: the taker's hand strong
enough for his contract, the passers' too weak to bid).  In each world every legal card is
played and the deal finished with the Confirmé play, or in the last four or five tricks
solved exactly (``tarot_endgame``) when the world's solve fits ``WORLD_NODES``
(with the compiled core, ``kernels.tarot``: the same play-outs and solver, from further
back, ``CORE_ENDGAME_TRICKS`` within ``CORE_WORLD_NODES``); the
card with the best mean score for the seat (its marks for the deal) is played, the
Confirmé card when tied; in defence, for the taker at three and five and his partner at
five, the Confirmé card unless the best one gains over it clearly in the same worlds
(``LEAVING_RISK``).  The
rollouts' seats, seeing every hand, also hunt a Petit an opponent guards badly
(``petit_hunt_lead``), charge their richest card (or save the Petit) on a trick their
camp wins whatever the others play, and lead a card their camp then wins for sure
(``camp_wins_trick``, ``sure_lead``): what the Confirmé, blind to the hands, cannot
know.  The Confirmé level itself plays as before.  At five
the rollouts keep the partner secret until the called card falls, as the real play does
(``OpenTable``).

The rollouts use the pure trick rules and scoring (the Excuse's fate the engine's); two
rare details are simplified there (an Excuse owed for want of a trick, the Petit au bout
behind a chelem's Excuse): they only weigh the candidates, which are always ``view.legal``.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
import operator
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from game.ai.budget import DEFAULT_THINK, ends_at, past, seconds_left, within
from game.ai.decision import Decision
from game.ai.resumable import ResumableSearch
from game.ai.tarot import (
    RolloutView,
    TarotMemory,
    card_args,
    choose_tarot_card,
    discard_order,
    give_card,
    known_camps,
    play_memory,
    tarot_decision,
    tarot_memory,
)
from game.ai.tarot_auction_reading import read_draw
from game.ai.tarot_endgame import (
    CORE_ENDGAME_TRICKS,
    ENDGAME_TRICKS,
    DealFrame,
    OverBudget,
    Tally,
    Transpositions,
    affordable,
    solve_after,
    solve_from,
)
from game.core import kernels
from game.engine.tarot_actions import TarotPlayCard
from game.engine.tarot_cards import (
    DECK78,
    EXCUSE,
    KING,
    THE_PETIT,
    TarotCard,
    TarotSuit,
)
from game.engine.tarot_scoring import Camp, marks, poignee_kind
from game.engine.tarot_tricks import (
    TarotPlay,
    TarotTrick,
    TarotView,
    announcer_hand,
    card_power,
    first_lead_cards,
    led_suit,
    legal_cards,
    trick_winner,
)

# The cap of worlds of a card decision at the default thinking time, by table size
# (``table_worlds``; ``budget.worlds_for`` scales it with the thinking time): without
# deadline exactly so many, with one fewer when the clock runs out first.  24 at four and
# five gained nothing clear (``bench/RESULTS.md``, "24 worlds a card decision").
MAX_WORLDS: Mapping[int, int] = MappingProxyType({3: 16, 4: 16, 5: 16})
# The same with the compiled core (``kernels.tarot``), which weighs a world's cards in
# about 0.1 ms (drawing the world costs ten times more): the thinking time left spent on
# more worlds (``table_worlds``); at 48 a card decision takes a median of about 60 ms of
# CPU, 95 % within 95 ms (``bench/tarot_times.py``).  48 against 16 at four players,
# duplicate deals, ``--think none``: +5.9 (+1.1 .. +10.7) over 202 deals; at five, +0.4
# (−5.0 .. +5.8) over 133, nothing clear, so five players keep 16, as three (not measured).
CORE_MAX_WORLDS: Mapping[int, int] = MappingProxyType({3: 16, 4: 48, 5: 16})
# The positions one world's exact endgame may search, every card's solve together: about
# 20 ms, so that the cap of worlds fits the default thinking time; a world beyond it is
# rolled out (``bench/tarot_endgame.py``).
WORLD_NODES = 3_000
# The same with the compiled solver (``game/core/_tarot.c``, about 0.2 µs a position):
# about 12 ms a world at most (the deadline cuts a decision whose worlds all run that long),
# and enough for the deeper reach (``tarot_endgame.CORE_ENDGAME_TRICKS``) in most
# worlds (``bench/core_tarot.py --reach``).
CORE_WORLD_NODES = 60_000
# Before the exact endgame's reach, each play-out may be played by the Confirmé's rules
# (``rollout``) until a trick starts with at most so many cards a hand, by table size, and
# the rest solved exactly (``rollout_solved``), the world's play-outs sharing one table of
# at most so many positions (past it, that world's cards are all rolled out to the end).
# 0: the play-outs played to the end, as the Python path does (its budget unchanged).
TAIL_TRICKS: Mapping[int, int] = MappingProxyType({3: 0, 4: 0, 5: 0})
TAIL_NODES = 3_000
# The same with the compiled core (``bench/tarot_card_play.py``'s ``expert:tail=K``).
# Solved from four cards a hand (40,000 positions a world), against the play-outs played
# to the end, seat by seat on the same deals: no role gained clearly (four players,
# taker −3.0 over 19 seats, defence +0.1 over 57; five players, partner +6.6 over 64,
# defence −2.0 over 85, taker +14.2 over 188, −0.3 .. +28.7, positive on each of five
# seeds but not beyond the noise), and at five it raised the cards' p95 at 0.3 s from 66
# to 248 ms; so the play-outs play to the end.
CORE_TAIL_TRICKS: Mapping[int, int] = MappingProxyType({3: 0, 4: 0, 5: 0})
CORE_TAIL_NODES = 40_000
SAMPLING_TRIES = 60
# The standard errors by which a seat's best card must gain over the Confirmé's, paired
# over the same worlds, to be played instead, by role and table size; a seat not listed
# plays any gain.  The best of several noisy means is picked for its luck: a defender's
# card changes his marks little, and it lost as often as it gained; the taker's and his
# partner's worlds at five disagree on who is where, and a Petit or a contract swings a
# world's marks by a hundred (the best mean was often a high trump spent early); at three
# the taker's marks swing as much.  The taker at four is left ungated: the gate changed
# nothing measurable there (``bench/RESULTS.md``).
LEAVING_RISK: Mapping[tuple[str, int], float] = MappingProxyType({
    ("defence", 3): 1.0, ("defence", 4): 1.0, ("defence", 5): 1.0,
    ("taker", 3): 1.0, ("taker", 5): 1.0,
    ("partner", 5): 1.0,
})


_ALL_SUITS = frozenset(TarotSuit)
_TRUMP = TarotSuit.TRUMP  # looked up once: the rollouts' loops test it often
_SUIT_OF = operator.itemgetter(0)  # a card's suit (a card is a (suit, rank) tuple)


class NoWorld(Exception):
    """No placement of the hidden cards fits the view (found in the tries allowed)."""


@dataclass(frozen=True)
class World:
    holdings: tuple[tuple[TarotCard, ...], ...]
    pile: tuple[TarotCard, ...]  # the écart (Prise, Garde) or the chien (Garde Sans, Contre)


# --- sampling --------------------------------------------------------------------------------


def _pile_hidden(view: TarotView) -> bool:
    assert view.contract is not None, "the card play comes after the contract"
    return not (view.contract.chien_shown and view.seat == view.taker)


def _played(view: TarotView) -> set[TarotCard]:
    return {c for t in view.tricks for _, c in t.plays} | {c for _, c in view.trick}


def sample_world(view: TarotView, rng: random.Random) -> World:
    """One placement of the cards ``view`` does not locate, consistent with it; at
    five the called card with a seat other than the taker when some world allows it."""
    if partner_secret(view) and view.called not in view.hand:
        try:
            return _sample(view, rng, called_off_taker=True)
        except NoWorld:
            pass
    return _sample(view, rng, called_off_taker=False)


def _sample(view: TarotView, rng: random.Random, called_off_taker: bool) -> World:
    n, me = view.players, view.seat
    pile_place = n  # the places are the seats and the pile
    allowed, capacity = _placement(view, called_off_taker)
    for _ in range(SAMPLING_TRIES):
        placed = _try_placing(allowed, capacity, rng)
        if placed is not None:
            if _ecart_hidden(view):
                _shape_ecart(view, placed, allowed, rng)
            holdings = tuple(view.hand if s == me else tuple(placed[s]) for s in range(n))
            pile = tuple(placed[pile_place]) if _pile_hidden(view) else tuple(view.ecart)
            return World(holdings, pile)
    raise NoWorld(f"no world fits seat {me}'s view")


@functools.lru_cache(maxsize=8)
def _placement(view: TarotView, called_off_taker: bool,
               ) -> tuple[Mapping[TarotCard, list[int]], tuple[int, ...]]:
    """Where each hidden card may lie and how many cards each place takes (the seats,
    then the pile): the same for every world drawn for ``view``, so worked out once."""
    n, me = view.players, view.seat
    played = _played(view)
    mem = tarot_memory(view)
    hidden = sorted(c for c in DECK78 if c not in played and c not in view.hand
                    and c not in view.ecart)
    capacity = [0 if s == me else view.hand_sizes[s] for s in range(n)]
    capacity.append(len(hidden) - sum(capacity) if _pile_hidden(view) else 0)
    allowed = {c: _places(view, mem, c, n) for c in hidden}
    if called_off_taker and view.called in allowed:
        # one calls a card of one's own only when one must (or to play alone, rarely)
        others = [p for p in allowed[view.called] if p != view.taker]
        allowed[view.called] = others or allowed[view.called]
    return MappingProxyType(allowed), tuple(capacity)


def _places(view: TarotView, mem: TarotMemory, c: TarotCard, pile: int) -> list[int]:
    shown = [s for s, cards in view.poignees if c in cards]
    if shown:
        return shown
    if c in view.ecart_trumps:
        return [pile]
    seats = [s for s in range(view.players) if s != view.seat and mem.may_hold(s, c)]
    if c in view.chien:  # taken by the taker: in his hand or his écart
        seats = [s for s in seats if s == view.taker]
    places = seats + ([pile] if _may_lie_aside(view, c) else [])
    return places


def _ecart_hidden(view: TarotView) -> bool:
    """The pile is the taker's écart and the seat does not see it."""
    assert view.contract is not None
    return view.contract.chien_shown and _pile_hidden(view)


def _shape_ecart(view: TarotView, placed: list[list[TarotCard]],
                 allowed: Mapping[TarotCard, list[int]], rng: random.Random) -> None:
    """Share the cards drawn for the taker and for his hidden écart as takers discard:
    their shortest suits first, the highest cards of them first (``discard_order``, the
    Confirmé's écart), the suits counted over the cards he held when he discarded
    (those drawn, and those he has played since).  A uniform draw left the taker void in
    7 % of the plain suits at the first lead, where takers are void in 26 to 38 %
    (``bench/RESULTS.md``, "the taker's écart in the defenders' worlds").  Only the
    cards the view allows in either place move."""
    assert view.taker is not None
    taker, pile = view.taker, view.players
    kept: list[TarotCard] = []  # drawn for the taker, and only he may hold them
    aside: list[TarotCard] = []  # drawn for the écart, and only it may hold them
    both: list[TarotCard] = []  # the cards that may lie in either place
    for place, cards, fixed in ((taker, placed[taker], kept), (pile, placed[pile], aside)):
        other = pile if place == taker else taker
        for c in cards:
            (both if other in allowed[c] else fixed).append(c)
    if not both:
        return
    length = Counter(c.suit for c in placed[taker])
    length.update(c.suit for c in placed[pile])
    length.update(c.suit for t in view.tricks for s, c in t.plays if s == taker)
    length.update(c.suit for s, c in view.trick if s == taker)
    room = len(placed[pile]) - len(aside)
    order = discard_order(length)
    both.sort(key=lambda c: (*order(c), rng.random()))
    placed[taker] = kept + both[room:]
    placed[pile] = aside + both[:room]


def _may_lie_aside(view: TarotView, c: TarotCard) -> bool:
    if not _pile_hidden(view):
        return False
    assert view.contract is not None
    if not view.contract.chien_shown:
        return c not in view.chien  # the unseen chien may hold anything
    # an écart: no king, no bout, and the trumps in it are shown
    return not (c.is_trump or c is EXCUSE or (c.suit.is_plain and c.rank == KING))


def _try_placing(allowed: Mapping[TarotCard, list[int]], capacity: Sequence[int],
                 rng: random.Random) -> list[list[TarotCard]] | None:
    left = list(capacity)
    placed: list[list[TarotCard]] = [[] for _ in capacity]
    random_ = rng.random
    order = sorted(allowed, key=lambda c: (len(allowed[c]), random_()))
    for c in order:
        options = [p for p in allowed[c] if left[p] > 0]
        if not options:
            return None
        draw = random_()  # ``rng.choices(options, weights=room left)``'s one draw, inlined
        if len(options) == 1:
            place = options[0]
        else:
            cumulative = list(itertools.accumulate([left[p] for p in options]))
            place = options[bisect.bisect(cumulative, draw * (cumulative[-1] + 0.0), 0,
                                          len(options) - 1)]
        left[place] -= 1
        placed[place].append(c)
    return placed


# --- the choice ------------------------------------------------------------------------------


def tarot_expert_decision(view: TarotView, rng: random.Random,
                          deadline: float | None = DEFAULT_THINK,
                          max_worlds: int | None = None, exact_endgame: bool = True) -> Decision:
    """Confirmé everywhere but the choice among several cards before the last trick.
    ``deadline`` None: exactly ``max_worlds`` worlds (None: the table's, ``table_worlds``),
    reproducible for a given ``rng``.
    In the last tricks (``tarot_endgame.affordable``) each world is solved exactly, not
    rolled out, unless ``exact_endgame`` is False (a bench comparison)."""
    return weigh_tarot_cards(view, rng, deadline, max_worlds, exact_endgame)[0]


def weigh_tarot_cards(view: TarotView, rng: random.Random, deadline: float | None = DEFAULT_THINK,
                      max_worlds: int | None = None, exact_endgame: bool = True,
                      source: TarotSource | None = None,
                      ) -> tuple[Decision, dict[TarotCard, float]]:
    """The decision, and the seat's mean marks for each legal card it weighed (every
    card of a set of equivalent ones gets their value; none when nothing was weighed).
    ``source`` gives the search to run (``ponder``: one prepared ahead); by default a
    new one; ``max_worlds`` None: the table's cap (``table_worlds``)."""
    start = time.perf_counter()
    cap = table_worlds(view.players) if max_worlds is None else max_worlds
    search = (source or TarotWorldSearch)(view, rng, cap, exact_endgame)
    if not search.weighs:
        return search.confirme, {}
    search.draw_all()
    search.settle(rng)
    ends = ends_at(deadline, start)
    for k in within(seconds_left(ends), search.left):  # the time left once drawn
        if not search.roll_world(ends if k else None):
            break  # past the deadline within a world: that world is left out
    return search.verdict()


def table_worlds(players: int) -> int:
    """The cap of worlds for a card decision at ``players`` at the default thinking time:
    ``CORE_MAX_WORLDS`` when the compiled core plays the worlds out, else ``MAX_WORLDS``."""
    caps = CORE_MAX_WORLDS if kernels.tarot() is not None else MAX_WORLDS
    return caps[players]


class TarotWorldSearch(ResumableSearch[TarotView, World, TarotCard]):
    """One tarot card decision's search (``resumable``): the worlds drawn from ``rng``,
    then each world's evaluation of every distinct legal card (rolled out, or solved
    exactly in the last tricks)."""

    def __init__(self, view: TarotView, rng: random.Random, worlds: int,
                 exact_endgame: bool = True) -> None:
        legal = [a.card for a in view.legal if isinstance(a, TarotPlayCard)]
        # not the trick under way's cards: one between two of the hand's tells them apart
        located = {c for t in view.tricks for _, c in t.plays} | set(view.hand)
        super().__init__(view, distinct_cards(legal, located), rng, worlds)
        self.legal, self.located, self.exact_endgame = legal, located, exact_endgame
        self.confirme = tarot_decision(view)
        self.weighs = (isinstance(self.confirme.action, TarotPlayCard) and len(legal) > 1
                       and len(view.hand) > 1)  # else the Confirmé's card, nothing weighed
        self._drawn = not self.weighs
        self._kernel = tarot_kernel()
        # the compiled core plays (its budget, not the Python path's smaller one)
        self.core = self.weighs and not isinstance(self._kernel, PythonTarot)
        endgame = exact_endgame and affordable(view.hand_sizes, self.endgame_reach())
        self._evaluate = solved if endgame else rollout
        self.tail = 0 if endgame else self.tail_stop()
        # the world under way's, when solved
        self._table: kernels.SolveTable = Transpositions(WORLD_NODES)

    @functools.cached_property
    def playouts(self) -> kernels.TarotPlayOuts:
        """The view's play-outs and exact solves: the compiled core's, or its Python twin
        (``tarot_kernel``)."""
        return self._kernel.rollouts(self.view, partner_secret(self.view))

    def compiled_solves(self) -> bool:
        """The worlds are solved with the compiled core's budget and reach: it is there,
        and this search values them by ``TarotWorldSearch.value`` (a subclass valuing them
        its own way keeps the Python solver's reach)."""
        return self.core and type(self).value is TarotWorldSearch.value

    def tail_stop(self) -> int:
        """The cards a hand from which the play-outs end solved exactly (``tail_tricks``);
        0: played to the end."""
        if type(self).value is not TarotWorldSearch.value:
            return 0  # a subclass valuing the worlds its own way
        stop = self.tail_tricks()[self.view.players]
        return stop if len(self.view.hand) > stop else 0

    def tail_tricks(self) -> Mapping[int, int]:
        """``CORE_TAIL_TRICKS`` with the compiled core, else ``TAIL_TRICKS``, by table
        size (a bench variant may set its own)."""
        return CORE_TAIL_TRICKS if self.compiled_solves() else TAIL_TRICKS

    def endgame_reach(self) -> Mapping[int, int]:
        """The tricks left from which the worlds are solved exactly, by table size."""
        return CORE_ENDGAME_TRICKS if self.compiled_solves() else ENDGAME_TRICKS

    def matches(self, view: TarotView, rng: random.Random, worlds: int,
                exact_endgame: bool = True) -> bool:
        """Prepared for exactly this decision: the same view, cap and generator state."""
        return (worlds == self.cap and exact_endgame == self.exact_endgame
                and view == self.view and rng.getstate() == self.start_state)

    def world_stream(self) -> Iterator[World]:
        """Worlds drawn one by one, the cap of them, or until none fits the view; each
        kept among several by how well it fits the auction (``tarot_auction_reading``)."""
        for _ in range(self.cap):
            world = read_draw(self.view, self.rng, self._draw, _parts)
            if world is None:
                return
            yield world

    def _draw(self) -> World | None:
        try:
            return sample_world(self.view, self.rng)
        except NoWorld:
            return None

    def value(self, world: World, card: TarotCard) -> float:
        """``card``'s marks in ``world``: solved exactly when the world's solve, its
        cards' together (one table), stays within ``WORLD_NODES`` positions; else that
        world is rolled out, its cards already solved included."""
        if self._evaluate is rollout:
            return self._tail_solved(world, card) if self.tail else self.rolled(world, card)
        if self._evaluate is not solved:
            return self._evaluate(self.view, world, card)
        if self._table.world is not world:
            self._table = self._world_table(world)
        if self._table.spent:
            return self.rolled(world, card)
        try:
            return self._solved(world, card)
        except OverBudget:
            self.revalue(functools.partial(self.rolled, world))
            return self.rolled(world, card)

    def _tail_solved(self, world: World, card: TarotCard) -> float:
        """``rollout_solved``'s marks (in the core when it is there: the same), the
        world's play-outs sharing one table; past its budget, every card of that world
        rolled out to the end."""
        if self._table.world is not world:
            budget = CORE_TAIL_NODES if self.core else TAIL_NODES
            self._table = self.playouts.table(budget, world)
        if self._table.spent:
            return self.rolled(world, card)
        try:
            return self.playouts.tail(world, card, self.tail, self._table)
        except OverBudget:
            self.revalue(functools.partial(self.rolled, world))
            return self.rolled(world, card)

    def _world_table(self, world: World) -> kernels.SolveTable:
        """The table ``world``'s solves share, within the compiled solver's budget when
        it solves, else the Python solver's."""
        budget = CORE_WORLD_NODES if self.compiled_solves() else WORLD_NODES
        return self.playouts.table(budget, world)

    def _solved(self, world: World, card: TarotCard) -> float:
        """``solved``'s marks (by the compiled core when it is there: the same)."""
        return self.playouts.solved(world, card, self._table)

    def rolled(self, world: World, card: TarotCard) -> float:
        """``rollout``'s marks (by the compiled core when it is there: the same)."""
        return self.playouts.value(world, card)

    def roll_world(self, ends: float | None = None) -> bool:
        """Finish evaluating the next world (``roll_next``); False, the world left
        unfinished and out of the verdict, when the clock passes ``ends``
        (``budget.ends_at``) before one of its cards."""
        done = len(self.values)
        while len(self.values) == done:
            if past(ends):
                return False
            self.roll_card()
        return True

    def verdict(self) -> tuple[Decision, dict[TarotCard, float]]:
        """The card with the best mean over the worlds evaluated (the Confirmé's when
        tied, or when the best does not gain clearly enough: ``_worth_leaving``), and
        each legal card's mean."""
        totals, count = self.totals()
        means = ({c: totals[_class_of(c, self.cards, self.located)] / count for c in self.legal}
                 if count else {})
        assert isinstance(self.confirme.action, TarotPlayCard)
        its_class = _class_of(self.confirme.action.card, self.cards, self.located)
        totals[its_class] += 0.5  # ties keep the Confirmé card (and its reason)
        best = max(self.cards, key=lambda c: totals[c])
        if best == its_class or not self._worth_leaving(its_class, best):
            return self.confirme, means
        return Decision(TarotPlayCard(best), "hint.search_best", card_args(best)), means

    def _worth_leaving(self, usual: TarotCard, best: TarotCard) -> bool:
        """Whether the search's ``best`` card should replace the Confirmé's ``usual``
        one: in defence, for the taker at three and five and his partner at five, only
        when it gains over the same worlds by more than so many standard errors of the gain
        (``leaving_risk``, ``sure_margin``); else always."""
        risk = leaving_risk(self.view)
        if risk is None:
            return True
        gains = [value[best] - value[usual] for value in self.values]
        return sure_margin(gains, risk) > 0


def leaving_risk(view: TarotView) -> float | None:
    """The standard errors by which a card must gain over the Confirmé's to be played
    instead (``LEAVING_RISK`` for the seat's role and table; None: any gain)."""
    return LEAVING_RISK.get((seat_role(view), view.players))


def seat_role(view: TarotView) -> str:
    """What the seat knows itself to be: "defence", "taker", or "partner" (the called
    card's holder at five)."""
    if defending(view):
        return "defence"
    return "taker" if view.seat == view.taker else "partner"


def defending(view: TarotView) -> bool:
    """The seat knows itself in the defence (``known_camps``): not the taker, nor the
    called card's holder at five."""
    assert view.taker is not None, "the card play comes after the contract"
    _, defence = known_camps(view.players, view.taker, view.seat, view.partner, view.alone,
                             view.called in view.hand)
    return view.seat in defence


def sure_margin(gains: Sequence[float], risk: float) -> float:
    """The mean of ``gains`` less ``risk`` standard errors (0 from fewer than two)."""
    if len(gains) < 2:
        return 0.0
    return statistics.fmean(gains) - risk * statistics.stdev(gains) / math.sqrt(len(gains))


def _parts(world: World) -> tuple[tuple[tuple[TarotCard, ...], ...], tuple[TarotCard, ...]]:
    return world.holdings, world.pile


TarotSource = Callable[[TarotView, random.Random, int, bool], TarotWorldSearch]


def _class_of(card: TarotCard, kept: list[TarotCard], located: set[TarotCard]) -> TarotCard:
    """The card of ``kept`` that stands for ``card`` (``distinct_cards``)."""
    return next(c for c in kept if same_value(c, card, located))


def same_value(a: TarotCard, b: TarotCard, located: set[TarotCard]) -> bool:
    """Playing ``a`` or ``b`` makes no difference: same suit and points, and every card
    ranked between them is in a finished trick or in the same hand (``located``)."""
    if a.suit is not b.suit or a.half_points != b.half_points or a.is_bout or b.is_bout:
        return a == b
    low, high = sorted((a.rank, b.rank))
    return all(c in located for c in DECK78 if c.suit is a.suit and low < c.rank < high)


def distinct_cards(cards: list[TarotCard], located: set[TarotCard]) -> list[TarotCard]:
    """One card of each set of equivalent ones (the lowest): their rollouts would tell
    the same."""
    kept: list[TarotCard] = []
    for c in sorted(cards):
        if not kept or not same_value(kept[-1], c, located):
            kept.append(c)
    return kept


# --- rollouts --------------------------------------------------------------------------------


@dataclass
class TarotRollout:
    """A deal being finished in one world."""

    view: TarotView
    holdings: list[list[TarotCard]]
    partner: int | None
    trick: list[TarotPlay]
    tricks: list[TarotTrick]
    holder: int | None  # of the called card in this world (None: in the pile, or none)


def start_rollout(view: TarotView, world: World) -> TarotRollout:
    """The deal as it stands in ``world``, ready to be finished."""
    holder = next((s for s, h in enumerate(world.holdings) if view.called in h), None)
    partner = view.partner if holder is None else holder
    if partner == view.taker:
        partner = None
    return TarotRollout(view, [list(h) for h in world.holdings], partner, list(view.trick),
                 list(view.tricks), holder)


def partner_secret(view: TarotView) -> bool:
    """Five players, the called card not yet seen: only its holder knows the camps."""
    return view.players == 5 and view.partner is None and not view.alone


def rollout(view: TarotView, world: World, first: TarotCard) -> float:
    """The seat's marks when it plays ``first`` and every seat then plays the Confirmé's
    way, seeing every hand; at five, the camps known as the real play would tell them
    (the partner secret, but to himself, until the called card falls in the rollout)."""
    game = play_rollout(view, world, first)
    return seat_marks(game, defenders_pay(game, world))


def play_rollout(view: TarotView, world: World, first: TarotCard) -> TarotRollout:
    """The deal finished as ``rollout`` plays it (its tricks in ``tricks``)."""
    return play_rollout_until(view, world, first)[0]


def play_rollout_until(view: TarotView, world: World, first: TarotCard,
                       stop: int = 0) -> tuple[TarotRollout, int | None]:
    """The deal played as ``rollout`` plays it, to its end or (``stop``) until a trick
    starts with at most ``stop`` cards a hand, and that trick's leader (None: ended)."""
    game = start_rollout(view, world)
    assert view.taker is not None
    table = OpenTable(view.taker, deal_frame(view, game.partner).attack, view.called,
                      game.holder, partner_secret(view), view.chelem_announcer)
    leader = play_tricks(game.holdings, game.trick, game.tricks, view.seat, table, first, stop)
    return game, leader


def rollout_solved(view: TarotView, world: World, first: TarotCard, stop: int,
                   table: Transpositions | None = None) -> float:
    """The seat's marks when it plays ``first``, every seat then plays as ``rollout``
    has them play until a trick starts with at most ``stop`` cards a hand, and the rest
    is played perfectly (``tarot_endgame.solve_from``; ``table``: the world's, shared by
    its cards' play-outs, ``OverBudget`` when its node budget is spent)."""
    game, leader = play_rollout_until(view, world, first, stop)
    if leader is None:
        return seat_marks(game, defenders_pay(game, world))
    frame = deal_frame(view, game.partner)
    pays = solve_from(frame, game.holdings, leader, tally_of(frame, world, game.tricks),
                      view.chelem_announcer, table)
    return seat_marks(game, pays)


def solved(view: TarotView, world: World, first: TarotCard,
           table: Transpositions | None = None) -> float:
    """The seat's marks when it plays ``first`` and the rest of the deal is played
    perfectly, every hand seen (``tarot_endgame``); ``table``: the world's, shared by
    its cards' solves (``OverBudget`` when its node budget is spent)."""
    game, pays = solve(view, world, first, table)
    return seat_marks(game, pays)


def solve(view: TarotView, world: World, first: TarotCard,
          table: Transpositions | None = None) -> tuple[TarotRollout, int]:
    """The deal in ``world`` (its tricks not played) and what each defender pays when
    the rest is played perfectly after ``first``."""
    game = start_rollout(view, world)
    frame = deal_frame(view, game.partner)
    game.holdings[view.seat].remove(first)
    return game, solve_after(frame, game.holdings, [*game.trick, (view.seat, first)],
                             tally_of(frame, world, game.tricks), view.chelem_announcer,
                             table)


def tarot_kernel() -> kernels.Tarot:
    """Tarot's play-outs and exact solves: the compiled core's when it is in use
    (``kernels.tarot``), else their Python twin (``PYTHON_TAROT``), the reference it
    matches.  The one place the searches choose."""
    return kernels.tarot() or PYTHON_TAROT


class PythonPlayOuts:
    """``kernels.TarotPlayOuts`` in Python for one view: ``rollout``, ``solved`` and
    ``rollout_solved``, world by world, the tables ``tarot_endgame.Transpositions``."""

    def __init__(self, view: TarotView) -> None:
        self.view = view

    def value(self, world: kernels.Dealt, first: TarotCard) -> float:
        return rollout(self.view, as_world(world), first)

    def values(self, worlds: Sequence[kernels.Dealt],
               firsts: Sequence[TarotCard]) -> list[list[float]]:
        return [[self.value(world, first) for first in firsts] for world in worlds]

    def traced(self, world: kernels.Dealt, firsts: Sequence[TarotCard],
               ) -> list[tuple[float, frozenset[int], TarotTrick]]:
        """Each play-out's marks, with the attack's seats in ``world`` and the trick
        under way as it finished it."""
        return [self._trace(as_world(world), first) for first in firsts]

    def _trace(self, world: World, first: TarotCard,
               ) -> tuple[float, frozenset[int], TarotTrick]:
        game = play_rollout(self.view, world, first)
        marks = seat_marks(game, defenders_pay(game, world))
        return marks, attack_of(self.view, game.partner), game.tricks[len(self.view.tricks)]

    def table(self, budget: int, world: object = None) -> Transpositions:
        return Transpositions(budget, world)

    def solved(self, world: kernels.Dealt, first: TarotCard,
               table: kernels.SolveTable) -> float:
        return solved(self.view, as_world(world), first, _python_table(table))

    def tail(self, world: kernels.Dealt, first: TarotCard, stop: int,
             table: kernels.SolveTable) -> float:
        return rollout_solved(self.view, as_world(world), first, stop, _python_table(table))


class PythonTarot:
    """``kernels.Tarot`` in Python: the Expert's play-outs (``PythonPlayOuts``) and the
    bidding's, each seat seeing its own hand (``ClosedTable``)."""

    def rollouts(self, view: TarotView, secret: bool) -> PythonPlayOuts:
        return PythonPlayOuts(view)  # ``secret`` is read from the view (``partner_secret``)

    def closed_play(self, hands: Sequence[Sequence[TarotCard]], aside: Sequence[TarotCard],
                    taker: int, leader: int, called: TarotCard | None, secret: bool,
                    ) -> list[TarotTrick]:
        holdings = [list(hand) for hand in hands]
        partner = next((s for s, hand in enumerate(holdings) if s != taker and called in hand),
                       None)
        attack = frozenset({taker} if partner is None else {taker, partner})
        table = ClosedTable(taker, attack, called, partner, secret, aside=tuple(aside))
        tricks: list[TarotTrick] = []
        play_tricks(holdings, [], tricks, leader, table)
        return tricks


PYTHON_TAROT = PythonTarot()


def as_world(dealt: kernels.Dealt) -> World:
    """``dealt`` as a ``World`` (itself when it is one)."""
    if isinstance(dealt, World):
        return dealt
    return World(tuple(tuple(hand) for hand in dealt.holdings), tuple(dealt.pile))


def _python_table(table: kernels.SolveTable) -> Transpositions:
    assert isinstance(table, Transpositions), "a table of the twin's own (PythonPlayOuts.table)"
    return table


def attack_of(view: TarotView, partner: int | None) -> frozenset[int]:
    """The attack's seats: the taker, and ``partner`` when he has one."""
    assert view.taker is not None
    return frozenset({view.taker} if partner is None else {view.taker, partner})


@dataclass(frozen=True)
class OpenTable:
    """Every seat plays the Confirmé's way, seeing every hand; it knows the camps unless
    ``secret``: then, until the called card leaves its ``holder``'s hand, each seat knows
    only what the real play would tell it (``known_camps``)."""

    taker: int
    attack: frozenset[int]
    called: TarotCard | None = None  # five players: the first lead may not be its suit
    holder: int | None = None  # of the called card (None: in the pile, or no call)
    secret: bool = False  # the partner unrevealed when the rollout starts
    announcer: int | None = None  # the seat that announced a chelem

    def camps(self, holdings: Sequence[Sequence[TarotCard]],
              seat: int) -> tuple[frozenset[int], frozenset[int]]:
        """The attack and the defence as ``seat`` knows them now."""
        players = len(holdings)
        if self.secret and (self.holder is None or self.called in holdings[self.holder]):
            return known_camps(players, self.taker, seat, None, False, seat == self.holder)
        return self.attack, frozenset(range(players)) - self.attack

    def card(self, holdings: list[list[TarotCard]], seat: int, trick: list[TarotPlay],
             tricks: list[TarotTrick]) -> TarotCard:
        hand = announcer_hand(holdings[seat], seat == self.announcer)
        if not tricks and not trick and self.called is not None:
            cards = first_lead_cards(hand, self.called)
        else:
            cards = legal_cards(hand, trick)
        if len(cards) == 1:
            return cards[0]
        hunt = self.petit_hunt(holdings, seat, trick, cards)
        if hunt is not None:
            return hunt
        sure = self.sure_trick_card(holdings, seat, trick, cards)
        if sure is not None:
            return sure
        seen = RolloutView(seat, tuple(holdings[seat]), self.taker, tuple(trick), tuple(tricks))
        memory = self.memory(holdings, seat, trick, tricks)
        return choose_tarot_card(seen, memory, cards)[0]

    def petit_hunt(self, holdings: Sequence[Sequence[TarotCard]], seat: int,
                   trick: Sequence[TarotPlay], cards: Sequence[TarotCard]) -> TarotCard | None:
        """A seat on lead, seeing an opponent it knows keep the Petit with few trumps to
        guard it, leads trumps to make it fall: the top one when it beats all of his,
        else the lowest (``petit_hunt_lead``)."""
        if trick:
            return None
        holder = next((s for s, h in enumerate(holdings) if THE_PETIT in h), None)
        attack, defence = self.camps(holdings, seat)
        opponents = defence if seat in attack else attack if seat in defence else frozenset()
        if holder not in opponents:
            return None
        return petit_hunt_lead(cards, holdings[holder])

    def memory(self, holdings: list[list[TarotCard]], seat: int, trick: list[TarotPlay],
               tricks: list[TarotTrick]) -> TarotMemory:
        attack, defence = self.camps(holdings, seat)
        return open_memory(holdings, seat, attack, defence, self.announcer)

    def sure_trick_card(self, holdings: Sequence[Sequence[TarotCard]], seat: int,
                        trick: Sequence[TarotPlay], cards: list[TarotCard]) -> TarotCard | None:
        """Every hand seen, with a partner known: following a trick its camp wins
        whatever the others play (``camp_wins_trick``), a seat gives its richest card
        or saves its Petit (``give_card``; the Confirmé, blind to the hands, charges
        only a card it is sure no one may beat); on lead, the richest card its camp
        then wins for sure (``sure_lead``).  None: the Confirmé's card."""
        if seat == self.announcer:
            return None
        attack, defence = self.camps(holdings, seat)
        mine = attack if seat in attack else defence
        if len(mine) < 2:
            return None
        if not trick:
            return sure_lead(holdings, seat, cards, mine)
        if not camp_wins_trick(holdings, seat, trick, mine):
            return None
        return give_card(cards)[0]


@dataclass(frozen=True)
class ClosedTable(OpenTable):
    """Every seat plays the Confirmé's way as at the real table: seeing its own hand
    and the play only (the taker also his écart, ``aside``)."""

    aside: tuple[TarotCard, ...] = ()

    def petit_hunt(self, holdings: Sequence[Sequence[TarotCard]], seat: int,
                   trick: Sequence[TarotPlay], cards: Sequence[TarotCard]) -> TarotCard | None:
        return None  # no seat sees where the Petit is

    def sure_trick_card(self, holdings: Sequence[Sequence[TarotCard]], seat: int,
                        trick: Sequence[TarotPlay], cards: list[TarotCard]) -> TarotCard | None:
        return None  # no seat sees the hands that make a trick sure

    def memory(self, holdings: list[list[TarotCard]], seat: int, trick: list[TarotPlay],
               tricks: list[TarotTrick]) -> TarotMemory:
        attack, defence = self.camps(holdings, seat)
        known = self.aside if seat == self.taker else ()
        return play_memory(seat, len(holdings), holdings[seat], known, tricks, trick,
                           attack, defence, announcer=self.announcer)


def camp_wins_trick(holdings: Sequence[Sequence[TarotCard]], seat: int,
                    trick: Sequence[TarotPlay], mine: frozenset[int],
                    card: TarotCard | None = None) -> bool:
    """Whether ``seat``'s camp ``mine`` wins ``trick`` whatever the seats after ``seat``
    play, every hand seen, ``seat`` playing ``card`` (None: whatever it plays, a
    partner then wins it): the best card my camp has played or may play in it ranks
    above the best the others have played or may play."""
    plays = [*trick, (seat, card)] if card is not None else list(trick)
    led = led_suit(plays)
    if led is None:  # the Excuse led: the suit is not set yet
        return False
    ours, theirs = later_powers(holdings, seat, len(trick), led, mine)
    for s, c in plays:
        power = card_power(c, led)
        if s in mine:
            ours = power if power > ours else ours
        else:
            theirs = power if power > theirs else theirs
    return ours > theirs


def later_powers(holdings: Sequence[Sequence[TarotCard]], seat: int, played: int,
                 led: TarotSuit, mine: frozenset[int]) -> tuple[int, int]:
    """The best ``card_power`` my camp ``mine`` and the others may play after ``seat``
    (its trick ``played`` cards before it) in a trick led in ``led``, every hand seen
    (-1 for none)."""
    ours = theirs = -1
    players = len(holdings)
    for k in range(1, players - played):
        later = (seat + k) % players
        power = best_power(holdings[later], led)
        if later in mine:
            ours = power if power > ours else ours
        else:
            theirs = power if power > theirs else theirs
    return ours, theirs


def best_power(hand: Sequence[TarotCard], led: TarotSuit) -> int:
    """The highest ``card_power`` among the cards ``hand`` may play (``legal_cards``) on
    a trick led in ``led``, worked out without listing them: the top card of the led
    suit when it holds some (but at a trump led), else its top trump (overtrumping or
    not, it is among the legal cards), else -1 (a card of another suit, the Excuse)."""
    if led is not _TRUMP:
        follow = [c for c in hand if c.suit is led]
        if follow:
            return card_power(max(follow), led)  # one suit: the highest rank
    trumps = [c for c in hand if c.suit is _TRUMP]
    return card_power(max(trumps), led) if trumps else -1


def sure_lead(holdings: Sequence[Sequence[TarotCard]], seat: int, cards: Sequence[TarotCard],
              mine: frozenset[int]) -> TarotCard | None:
    """The richest plain card ``seat`` may lead for a trick its camp then wins whatever
    the others play (``camp_wins_trick``), every hand seen; None when there is none.
    The others' best answers are worked out once a suit (``later_powers``)."""
    answers: dict[TarotSuit, tuple[int, int]] = {}
    sure = []
    for c in cards:
        if not c.suit.is_plain:
            continue
        if c.suit not in answers:
            answers[c.suit] = later_powers(holdings, seat, 0, c.suit, mine)
        ours, theirs = answers[c.suit]
        power = card_power(c, c.suit)
        if seat in mine:
            ours = max(ours, power)
        else:
            theirs = max(theirs, power)
        if ours > theirs:
            sure.append(c)
    return max(sure, key=lambda c: (c.half_points, -c.rank), default=None)


PETIT_GUARDS = 3  # a Petit guarded by at most so many trumps is hunted


def petit_hunt_lead(cards: Sequence[TarotCard], holder: Sequence[TarotCard],
                    ) -> TarotCard | None:
    """The trump a seat leads (``cards``, its legal ones) to hunt the Petit in an
    opponent's hand (``holder``), or None when it is not worth it: the Petit guarded by
    more than ``PETIT_GUARDS`` other trumps, or the leader holding no more trumps than
    those guards."""
    if THE_PETIT not in holder:
        return None
    guards = [c.rank for c in holder if c.is_trump and c is not THE_PETIT]
    mine = sorted((c for c in cards if c.is_trump), key=lambda c: c.rank)
    if len(guards) > PETIT_GUARDS or len(mine) <= len(guards):
        return None
    return mine[-1] if mine[-1].rank > max(guards, default=0) else mine[0]


def play_tricks(holdings: list[list[TarotCard]], trick: list[TarotPlay],
                tricks: list[TarotTrick], seat: int, table: OpenTable,
                first: TarotCard | None = None, stop: int = 0) -> int | None:
    """Play the deal to its end in place, ``seat`` next (playing ``first`` if given):
    the cards leave ``holdings``, the finished tricks are added to ``tricks``.  With
    ``stop``, only until a trick starts with at most ``stop`` cards a hand: its leader is
    returned (None: the deal played to its end)."""
    card = first if first is not None else table.card(holdings, seat, trick, tricks)
    while True:
        holdings[seat].remove(card)
        trick.append((seat, card))
        if len(trick) < len(holdings):
            seat = (seat + 1) % len(holdings)
        else:
            seat = trick_winner(trick)
            tricks.append(TarotTrick(trick[0][0], tuple(trick), seat))
            trick.clear()
            if not holdings[seat]:
                return None
            if len(holdings[seat]) <= stop:
                return seat
        card = table.card(holdings, seat, trick, tricks)


def open_memory(hands: Sequence[Sequence[TarotCard]], seat: int, attack: frozenset[int],
                defence: frozenset[int] | None = None,
                announcer: int | None = None) -> TarotMemory:
    """What ``seat`` would know seeing every hand, the camps ``attack`` and ``defence``
    (by default every other seat), and who announced a chelem."""
    others = frozenset([c for s, h in enumerate(hands) if s != seat for c in h])
    voids, caps = [], []
    for hand in hands:  # the rollouts' hottest loop: the cards unpacked, no property read
        voids.append(_ALL_SUITS.difference(map(_SUIT_OF, hand)))
        caps.append(max([rank for suit, rank in hand if suit is _TRUMP] or (0,)))
    return TarotMemory(
        seat=seat, players=len(hands), hand=tuple(hands[seat]), unseen=others,
        voids=tuple(voids), trump_caps=tuple(caps), attack=attack,
        defence=frozenset(range(len(hands))) - attack if defence is None else defence,
        announcer=announcer)


def deal_frame(view: TarotView, partner: int | None) -> DealFrame:
    assert view.contract is not None
    attack = attack_of(view, partner)
    poignees = []
    for seat, cards in view.poignees:
        kind = poignee_kind(view.players, len(cards), view.rules.poignee_sizes)
        if kind is not None:
            poignees.append((kind, Camp.ATTACK if seat in attack else Camp.DEFENCE))
    return DealFrame(view.players, view.contract, attack, tuple(poignees),
                     view.chelem_announcer is not None, view.rules)


def tally_of(frame: DealFrame, world: World, tricks: Sequence[TarotTrick],
           through_last: bool = False) -> Tally:
    """What ``tricks`` gave the attack (with the pile when it counts for the attack);
    ``through_last``: the last of them ended the deal."""
    tally = Tally().with_cards(world.pile if frame.contract.chien_to_attack else ())
    for index, trick in enumerate(tricks):
        last = through_last and index == len(tricks) - 1
        tally = tally.after(trick, frame.in_attack, last, frame.rules.excuse_last_trick)
    return tally


def defenders_pay(game: TarotRollout, world: World) -> int:
    """What each defender pays for the deal ``game`` finished (negative: receives)."""
    frame = deal_frame(game.view, game.partner)
    tally = tally_of(frame, world, game.tricks, through_last=True)
    return frame.per_defender(tally, game.tricks[-1])


def seat_marks(game: TarotRollout, per_defender: int) -> float:
    """The seat's marks when each defender pays ``per_defender``."""
    view = game.view
    assert view.taker is not None
    return float(marks(view.players, view.taker, game.partner, per_defender)[view.seat])


def world_cards(world: World) -> Sequence[TarotCard]:
    return [c for h in world.holdings for c in h] + list(world.pile)
