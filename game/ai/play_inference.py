"""Inference from the play in the Expert's card search: a sampled world of the hidden
cards is as likely as the cards the other seats played are under a soft model of their
play (policy-based inference: Rebstock, Solinas, Buro & Sturtevant, "Policy Based
Inference in Trick-Taking Card Games", 2019).  Measured in the arena against the same
search without it: +6.2 points a coinche deal over 1,000 deals (``bench/RESULTS.md``,
"Inference from the play, with common random numbers").

The model: a seat plays the Confirmé's card (``play.choose_card``) with probability
``P_CONFIRME``, any other legal card with an equal share of the rest.  To score a past
card in a world, that seat's situation then is rebuilt: its hand then (its cards in the
world and those it played from then on), the trick so far, and what it had seen (a
``Memory`` built by ``build_memory`` from the public cards of the deal up to that moment
and that hand, never from the world's other hands).  A card the seat had no choice about
says nothing.

``InferenceSearch`` (a ``search.WorldSearch``, the Expert's card search) draws
``OVERSAMPLE`` times more candidate worlds than it rolls out once another seat has
played, and rolls out at most its cap of distinct worlds drawn among them in proportion
to their likelihood (systematic resampling); a world drawn k times is rolled out once and
counts k times in the totals.  The weighing is part of the draw: the decision's deadline
counts it, and pondering prepares it.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from game.ai.memory import Memory, build_memory
from game.ai.play import choose_card
from game.ai.search import SimView, WorldSearch
from game.engine.cards import Card
from game.engine.rules import TrickGameRules
from game.engine.trick_view import Trick, TrickView
from game.engine.tricks import Play, Trump, legal_cards

P_CONFIRME = 0.6  # how often a seat is taken to play the Confirmé's card
OVERSAMPLE = 3  # candidate worlds drawn per world rolled out
RESAMPLING = 8  # at most this many draws per world rolled out

World = Sequence[Sequence[Card]]
W = TypeVar("W", bound=World)


@dataclass(frozen=True)
class _PastView:
    """What ``build_memory`` reads of a view, for a seat at an earlier moment."""

    seat: int
    players: int
    trump: Trump
    hand: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    trick: tuple[Play, ...]
    retourne: Card | None
    bergere: Card | None
    table_piles: tuple[tuple[tuple[Card | None, bool], ...], ...] = ()  # not at the découverte


@dataclass(frozen=True)
class Moment:
    """One card another seat played: what it saw then, apart from its own hand."""

    seat: int
    card: Card
    situation: SimView
    seen: Memory  # built with an empty hand: its hand's cards are still in ``unseen``
    later: tuple[Card, ...]  # what the seat played from then on, this card included


def past_moments(view: TrickView) -> list[Moment]:
    """Every card the other seats played in this deal, with what each seat had seen."""
    tricks: tuple[Trick, ...] = tuple(view.tricks)
    sequences = [(k, t.plays) for k, t in enumerate(tricks)] + [(len(tricks), view.trick)]
    plays_in_order = [p for _, plays in sequences for p in plays]
    moments = []
    index = 0
    for k, plays in sequences:
        for i, (seat, c) in enumerate(plays):
            index += 1
            if seat == view.seat:
                continue
            prefix = tuple(plays[:i])
            assert view.trump is not None
            past = _PastView(seat, view.players, view.trump, (), tricks[:k], prefix,
                             getattr(view, "retourne", None), getattr(view, "bergere", None))
            later = tuple(p for s, p in plays_in_order[index - 1:] if s == seat)
            moments.append(Moment(seat, c, SimView(seat, view.players, view.taker, prefix),
                                  build_memory(past), later))
    return moments


def play_likelihood(view: TrickView, rules: TrickGameRules,
                    p_confirme: float = P_CONFIRME) -> Callable[[World], float]:
    """A world's likelihood of the other seats' cards played so far, memoised per
    moment and hand then."""
    moments = past_moments(view)
    memo: dict[tuple[int, frozenset[Card]], float] = {}

    def likelihood(world: World) -> float:
        total = 1.0
        for k, moment in enumerate(moments):
            hand = frozenset(world[moment.seat]) | frozenset(moment.later)
            key = (k, hand)
            if key not in memo:
                memo[key] = card_likelihood(moment, hand, rules, p_confirme)
            total *= memo[key]
        return total

    return likelihood


def card_likelihood(moment: Moment, hand: frozenset[Card], rules: TrickGameRules,
                    p_confirme: float = P_CONFIRME) -> float:
    """How likely ``moment``'s card was from ``hand`` under the soft Confirmé model."""
    seen = moment.seen
    partner = seen.partner(moment.seat)
    cards = legal_cards(sorted(hand), moment.situation.trick, seen.trump, rules, partner)
    if len(cards) <= 1:
        return 1.0
    if moment.card not in cards:  # the hard facts rule it out: never for a sampled world
        return 1e-9
    mem = dataclasses.replace(seen, hand=tuple(sorted(hand)), unseen=seen.unseen - hand)
    chosen = choose_card(moment.situation, mem, cards)[0]
    return p_confirme if chosen == moment.card else (1 - p_confirme) / (len(cards) - 1)


def weighted_worlds(view: TrickView, rules: TrickGameRules, candidates: Sequence[W],
                    count: int, rng: random.Random,
                    p_confirme: float = P_CONFIRME) -> list[tuple[W, int]]:
    """At most ``count`` distinct worlds among ``candidates``, drawn in proportion to
    their likelihood of the play, each with the number of times it was drawn, in a
    random order (a deadline cutting the rollouts short leaves a fair part)."""
    likelihood = play_likelihood(view, rules, p_confirme)
    draws = _resample([likelihood(world) for world in candidates], count, rng)
    order = list(draws)
    rng.shuffle(order)
    return [(candidates[k], draws[k]) for k in order]


def _resample(weights: list[float], count: int, rng: random.Random) -> Counter[int]:
    """Systematic resampling: the most draws (``count`` to ``RESAMPLING * count``) that
    land on at most ``count`` distinct candidates, by candidate."""
    best: Counter[int] = Counter()
    draws = count
    while draws <= RESAMPLING * count:
        found = _systematic(weights, draws, rng.random())
        if best and len(found) > count:
            break
        best = found
        draws *= 2
    return best


def _systematic(weights: list[float], draws: int, offset: float) -> Counter[int]:
    total = sum(weights)
    if total <= 0 or math.isnan(total):
        return Counter(range(min(draws, len(weights))))
    step = total / draws
    found: Counter[int] = Counter()
    edge, k = weights[0], 0
    for n in range(draws):
        point = (offset + n) * step
        while point >= edge and k < len(weights) - 1:
            k += 1
            edge += weights[k]
        found[k] += 1
    return found


def others_played(view: TrickView) -> bool:
    """Whether another seat has played a card in this deal (something to infer from)."""
    plays = [p for t in view.tricks for p in t.plays] + list(view.trick)
    return any(seat != view.seat for seat, _ in plays)


class InferenceSearch(WorldSearch):
    """The card search with its worlds weighed by the other seats' cards played: once
    another seat has played, ``OVERSAMPLE`` times the cap drawn, at most the cap of them
    rolled out, each counted as often as the resampling drew it."""

    def __init__(self, view: TrickView, mem: Memory, cards: list[Card], rng: random.Random,
                 worlds: int, p_confirme: float = P_CONFIRME) -> None:
        super().__init__(view, mem, cards, rng, worlds)
        self.p_confirme = p_confirme
        self.inferring = others_played(view) and not view.table_piles  # (``decouverte``)
        if self.inferring:
            self.candidates = worlds * OVERSAMPLE
        self.draws: list[int] = []  # per world: how often the resampling drew it

    def end_draw(self) -> None:
        super().end_draw()
        if self.inferring and not self.failed:
            kept = weighted_worlds(self.view, self.rules, self.worlds, self.cap, self.rng,
                                   self.p_confirme)
            self.worlds = [world for world, _ in kept]
            self.draws = [draws for _, draws in kept]

    def totals(self) -> tuple[dict[Card, float], int]:
        if not self.draws:
            return super().totals()
        totals = dict.fromkeys(self.cards, 0.0)
        for value, draws in zip(self.values, self.draws, strict=False):
            for c in self.cards:
                totals[c] += draws * value[c]
        return totals, sum(self.draws[:len(self.values)])
