"""The Expert level's card play: Monte-Carlo sampling of the hidden cards.

For each of a few deals drawn among those consistent with the seat's view
(``sampler``: hand sizes, cards each play rules out, known holdings), in
proportion to how well they explain the other seats' calls (``card_worlds``), every legal
card is played and the deal finished by all four players with the Confirmé
play, each seeing every hand of that sampled deal.  The card with the best mean
outcome is played (at the deal's first card only if it clearly beats the Confirmé's,
``lead_gate``): each finished rollout is scored by the engine's own scoring of the
contract under the table's rules (``deal_value``: coinche level, failure base, belote,
capot, announcements shown).  The rollouts play by the table's trick rules too; the
candidates themselves are always ``view.legal``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from statistics import fmean

from game.ai.budget import within
from game.ai.card_worlds import card_worlds
from game.ai.deal_value import (
    Scorer,
    belote_scorer,
    finished_tally,
    seat_value,
    table_scorer,
)
from game.ai.decouverte import Reveal, face_down_worlds, pile_rollout
from game.ai.lead_gate import SEARCH_REASON, Gate, gated_lead, is_opening_lead, lead_gate
from game.ai.memory import VOID, Memory
from game.ai.play import choose_card
from game.ai.resumable import ResumableSearch
from game.ai.sampler import NoWorld, default_rules, knowledge
from game.ai.seat import PlaySeat
from game.core import kernels
from game.engine.cards import Card, Suit
from game.engine.rules import TrickGameRules
from game.engine.trick_view import DIX_DE_DER, TrickView
from game.engine.tricks import Play, Trump, legal_cards, trick_points, winning_play

WORLDS = 36  # at the default thinking time (12: 11 points a deal less, bench/RESULTS.md)
# The same with the compiled core playing the rollouts (``game/core/_trick32.c``): they
# cost next to nothing there, and the time goes to drawing the worlds and weighing them
# by the calls and the play (``card_worlds``, ``play_inference``), about 1 ms of CPU a
# world kept.  ``play_worlds`` chooses.
CORE_WORLDS = 108
# The share of the deadline the search plans to use: the rest absorbs a last rollout
# slowed by a busy machine (under load the p95 went past the deadline without it).
DEADLINE_SHARE = 0.85
# The share of the deadline the worlds' draw may take: past it, the worlds drawn so far
# are weighed and rolled out (a machine busy elsewhere draws fewer, in time).
DRAW_SHARE = 0.3


def play_worlds(view: TrickView) -> int:
    """The cap on worlds at the default thinking time: ``CORE_WORLDS`` when the compiled
    core plays this table's rollouts, else ``WORLDS`` (the Python path's budget, whose
    decisions the core's match at the same cap).  At the découverte the rollouts turn
    cards over, in Python: ``WORLDS``."""
    return WORLDS if kernels.trick32() is None or view.table_piles else CORE_WORLDS


@dataclass(frozen=True)
class SimView:
    """The few view fields the Confirmé play reads, for a seat in a rollout."""

    seat: int
    players: int
    taker: int | None
    trick: tuple[Play, ...]


def search_card(view: TrickView, mem: Memory, cards: list[Card], fallback: tuple[Card, str],
                rng: random.Random, worlds: int = WORLDS,
                deadline: float | None = None) -> tuple[Card, str]:
    """At most ``worlds`` sampled deals, fewer if ``deadline`` (seconds) comes first."""
    return weigh_cards(view, mem, cards, fallback, rng, worlds, deadline)[0]


def weigh_cards(view: TrickView, mem: Memory, cards: list[Card], fallback: tuple[Card, str],
                rng: random.Random, worlds: int = WORLDS, deadline: float | None = None,
                source: SearchSource | None = None,
                ) -> tuple[tuple[Card, str], dict[Card, float]]:
    """The card to play and each card's mean rollout (none when nothing was weighed).
    ``source`` gives the search to run (``ponder``: one prepared ahead for exactly this
    view and generator state, resumed here); by default a new one."""
    if len(cards) == 1:
        return fallback, {}
    start = time.perf_counter()
    search = (source or WorldSearch)(view, mem, cards, rng, worlds)
    search.draw_all(None if deadline is None else start + deadline * DRAW_SHARE)
    search.settle(rng)
    if search.failed:  # a view from house rules the sampler's defaults contradict
        return fallback, {}
    if deadline is not None:  # what is left once the worlds are drawn, with a margin
        deadline = max(0.0, deadline * DEADLINE_SHARE - (time.perf_counter() - start))
    for _ in within(deadline, search.left):
        search.roll_next()
    gate = search.gate()
    if gate is not None:
        values = {c: [world[c] for world in search.values] for c in cards}
        means = {c: fmean(v) for c, v in values.items() if v}
        return gated_lead(values, fallback, gate) if means else fallback, means
    totals, count = search.totals()
    means = {c: total / count for c, total in totals.items()} if count else {}
    return best_card(totals, cards, fallback), means


class WorldSearch(ResumableSearch[TrickView, list[tuple[Card, ...]], Card]):
    """One 32-card decision's search (``resumable``): the worlds ``card_worlds`` draws
    from ``rng`` and each world's rollouts."""

    def __init__(self, view: TrickView, mem: Memory, cards: list[Card], rng: random.Random,
                 worlds: int) -> None:
        super().__init__(view, cards, rng, worlds)
        self.mem = mem
        self.rules = default_rules(view)
        self.failed = False  # no world fits the view
        self.candidates = worlds  # the worlds the walk draws (a subclass may draw more)
        self._score = table_scorer(view, self.rules)
        self._batch: tuple[list[tuple[Card, ...]], dict[Card, Finished]] | None = None

    def matches(self, view: TrickView, cards: list[Card], rng: random.Random, worlds: int) -> bool:
        """Prepared for exactly this decision: the same view, candidates, cap and
        generator state."""
        return (worlds == self.cap and cards == self.cards and view == self.view
                and rng.getstate() == self.start_state)

    def gate(self) -> Gate | None:
        """What the best card must clear to replace the Confirmé's (``lead_gate``): at
        the deal's first card only; None: the best mean is played."""
        return lead_gate(self.view, self.mem) if is_opening_lead(self.view) else None

    def world_stream(self) -> Iterator[list[tuple[Card, ...]]]:
        """The calls' walk (``card_worlds``), ``candidates`` worlds; at the découverte,
        deals of the face-down cards (``decouverte``)."""
        if self.view.table_piles:
            return face_down_worlds(self.view, self.rng, self.candidates)
        return card_worlds(self.view, self.rules, knowledge(self.view, self.rules), self.rng,
                           self.candidates)

    def draw_next(self) -> None:
        try:
            super().draw_next()
        except NoWorld:
            self._drawn, self.failed = True, True
            self.worlds.clear()

    def value(self, world: list[tuple[Card, ...]], card: Card) -> float:
        finished, owned = self.played_out(world, card)
        return outcome(self.view, self.rules, self._score, self.mem.trump, owned,
                       finished.points, finished.tricks)

    def played_out(self, world: list[tuple[Card, ...]], card: Card
                   ) -> tuple[Finished, Sequence[Sequence[Card]]]:
        """``card``'s rollout in ``world``, and every seat's cards in that world (at the
        découverte a world holds the face-down cards: the piles are played out, in Python:
        the compiled core does not turn cards over)."""
        if not self.view.table_piles:
            return self.rollout(world, card), world
        tops, reveal, owned = pile_rollout(self.view, world)
        return python_play_rollout(self.view, self.mem, self.rules, tops, card, reveal), owned

    def rollout(self, world: list[tuple[Card, ...]], card: Card) -> Finished:
        """``card``'s play-out in ``world`` by the kernel (``trick32_kernel``): every
        candidate's in this world at the first card asked (one call)."""
        if self._batch is not None and self._batch[0] is world and card in self._batch[1]:
            return self._batch[1][card]
        cards = self.cards if card in self.cards else [card]
        batch = trick32_kernel().rollouts(self.view, self.mem.trump, self.rules, [world], cards)
        self._batch = (world, {c: Finished(*r) for c, r in zip(cards, batch[0], strict=True)})
        return self._batch[1][card]


# The search a decision runs: (view, memory, candidates, generator, cap) -> a search.
SearchSource = Callable[[TrickView, Memory, list[Card], random.Random, int], WorldSearch]


def best_card(totals: dict[Card, float], cards: list[Card],
              fallback: tuple[Card, str]) -> tuple[Card, str]:
    """The best total, the Confirmé card (and its reason) when tied."""
    totals = dict(totals)
    totals[fallback[0]] += 0.5
    best = max(cards, key=lambda c: totals[c])
    return (best, fallback[1]) if best == fallback[0] else (best, SEARCH_REASON)


# --- rollouts ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Finished:
    """A deal a rollout finished: each seat's points and tricks over the whole deal, and
    the trick that was under way as it ended (its cards from its leader on, its winner)."""

    points: list[int]
    tricks: list[int]
    current: tuple[Play, ...]
    current_winner: int

    def as_rollout(self) -> kernels.Rollout:
        """As the kernels give a play-out."""
        return self.points, self.tricks, self.current, self.current_winner


def trick32_kernel() -> kernels.Trick32:
    """The 32-card play-outs: the compiled core's when it is in use (``kernels.trick32``),
    else their Python twin (``PYTHON_TRICK32``), the reference it matches.  The one place
    the searches choose."""
    return kernels.trick32() or PYTHON_TRICK32


class PythonTrick32:
    """``kernels.Trick32`` in Python: ``python_play_rollout`` and ``python_play_out``."""

    def rollouts(self, position: kernels.Position, trump: Trump, rules: TrickGameRules,
                 worlds: Sequence[Sequence[Sequence[Card]]],
                 firsts: Sequence[Card]) -> list[list[kernels.Rollout]]:
        mem = rollout_memory(position, trump)
        return [[python_play_rollout(position, mem, rules, world, first).as_rollout()
                 for first in firsts] for world in worlds]

    def play_out(self, dealt: Sequence[Sequence[Card]], trump: Trump, taker: int, leader: int,
                 rules: TrickGameRules) -> tuple[list[int], list[int]]:
        return python_play_out(dealt, trump, taker, leader, rules)


PYTHON_TRICK32 = PythonTrick32()


def rollout_memory(position: kernels.Position, trump: Trump) -> Memory:
    """What the play-outs read of the seat's memory (``perfect_memory``): the trump, the
    seats, the cards played so far (as ``memory.build_memory`` counts them)."""
    played = frozenset([c for t in position.tricks for _, c in t.plays]
                       + [c for _, c in position.trick])
    return Memory(seat=position.seat, players=position.players, trump=trump, hand=(),
                  played=played, unseen=frozenset(), caps=())


def python_play_rollout(view: kernels.Position, mem: Memory, rules: TrickGameRules,
                        sampled: Sequence[Sequence[Card]], first: Card,
                        reveal: Reveal | None = None) -> Finished:
    """The deal finished from ``view`` in the world ``sampled``: I play ``first``, every
    seat then plays the Confirmé's way, seeing every hand (``reveal``: the découverte's
    turn-over, ``decouverte``, which only this twin plays: the core does not turn cards
    over)."""
    hands = [list(h) for h in sampled]
    points, tricks = [0] * view.players, [0] * view.players
    for t in view.tricks:
        points[t.winner] += t.points
        tricks[t.winner] += 1

    def choose(seat: int, trick: tuple[Play, ...]) -> Card:
        return rollout_card(view, mem, hands, seat, trick, rules)

    leader = view.trick[0][0] if view.trick else view.seat
    current: tuple[Play, ...] = ()
    winner = current_winner = view.seat
    for winner, cards in finish_tricks(hands, list(view.trick), view.seat, mem.trump, choose,
                                       first, reveal):
        if not current:
            current = tuple(((leader + k) % view.players, c) for k, c in enumerate(cards))
            current_winner = winner
        points[winner] += trick_points(cards, mem.trump)
        tricks[winner] += 1
    points[winner] += DIX_DE_DER
    return Finished(points, tricks, current, current_winner)


def python_play_out(dealt: Sequence[Sequence[Card]], trump: Trump, taker: int, leader: int,
                    rules: TrickGameRules) -> tuple[list[int], list[int]]:
    """The bidding's play-out (``bid_search.play_out``): the whole deal ``dealt`` played
    by the Confirmé's card, every hand seen, ``leader`` first; each seat's points (dix de
    der included) and tricks."""
    players = len(dealt)
    hands = [list(h) for h in dealt]
    points, tricks = [0] * players, [0] * players
    played: set[Card] = set()
    view = SimView(leader, players, taker, ())

    def choose(seat: int, trick: tuple[Play, ...]) -> Card:
        mem = Memory(seat=seat, players=players, trump=trump, hand=tuple(hands[seat]),
                     played=frozenset(played), unseen=frozenset(), caps=({},) * players)
        return rollout_card(view, mem, hands, seat, trick, rules)

    winner = leader
    for winner, cards in finish_tricks(hands, [], leader, trump, choose):
        played.update(cards)
        points[winner] += trick_points(cards, trump)
        tricks[winner] += 1
    points[winner] += DIX_DE_DER
    return points, tricks


def finish_tricks(hands: list[list[Card]], trick: list[Play], seat: int, trump: Trump,
                  choose: Callable[[int, tuple[Play, ...]], Card],
                  first: Card | None = None,
                  reveal: Reveal | None = None,
                  ) -> Iterator[tuple[int, list[Card]]]:
    """Play the deal to its end in place, ``seat`` next (playing ``first`` if given, then
    what ``choose(seat, trick)`` says); yields each finished trick's winner and cards.
    ``reveal(seat, hand, card)``: the découverte's turn-over after each card."""
    card = first if first is not None else choose(seat, tuple(trick))
    while True:
        hands[seat].remove(card)
        if reveal is not None:
            reveal(seat, hands[seat], card)
        trick.append((seat, card))
        if len(trick) < len(hands):
            seat = (seat + 1) % len(hands)
        else:
            seat = winning_play(trick, trump)[0]
            cards = [c for _, c in trick]
            trick.clear()
            yield seat, cards
            if not hands[seat]:
                return
        card = choose(seat, tuple(trick))


def rollout_card(view: PlaySeat, mem: Memory, hands: list[list[Card]], seat: int,
                 trick: tuple[Play, ...], rules: TrickGameRules) -> Card:
    """``seat``'s Confirmé card in a rollout, seeing every hand."""
    partner = (seat + 2) % 4 if view.players == 4 else None
    cards = legal_cards(hands[seat], trick, mem.trump, rules, partner)
    if len(cards) == 1:
        return cards[0]
    seen = perfect_memory(mem, hands, seat)
    return choose_card(SimView(seat, view.players, view.taker, trick), seen, cards)[0]


def perfect_memory(mem: Memory, hands: list[list[Card]], seat: int) -> Memory:
    """What ``seat`` would know if it saw every hand of the sampled deal."""
    strength = mem.trump.strength
    caps: list[dict[Suit, int]] = []
    for hand in hands:
        top = dict.fromkeys(Suit, VOID)
        for c in hand:
            top[c.suit] = max(top[c.suit], strength[c])
        caps.append(top)
    holders = {c: s for s, hand in enumerate(hands) if s != seat for c in hand}
    return Memory(seat=seat, players=mem.players, trump=mem.trump, hand=tuple(hands[seat]),
                  played=mem.played, unseen=frozenset(holders), caps=tuple(caps),
                  holders=holders)


def outcome(view: TrickView, rules: TrickGameRules, score: Scorer | None, trump: Trump,
            sampled: Sequence[Sequence[Card]], points: list[int], tricks: list[int]) -> float:
    """My side's score minus the others' mean, as the engine scores the deal finished
    with ``points`` and ``tricks`` per seat (the announcements shown, belote, capot,
    the contract, its coinche and the table's options)."""
    if score is None:  # no taker: the points themselves
        return seat_value(view, points)
    tally = finished_tally(view, rules, points, tricks, belote_scorer(view, trump, sampled))
    return seat_value(view, score(tally))
