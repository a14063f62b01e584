"""The worlds the Expert's card play weighs: deals of the hidden cards that fit the view
(``sampler``: hand sizes, voids, known holdings), drawn in proportion to how well
they explain the other seats' calls.

At coinche every call counts, bids and passes, judged as the bidding simulation judges
them (``calls.seat_misfit_of`` on each seat's hand as dealt: its cards now and those it
played); at belote classique the suit a seat took or named (``sampler.bid_likelihood``;
the five cards a seat held when it passed are unknown).  Deals that fit a strong bid are
rare among random ones, so the worlds come from the bidding simulation's Metropolis walk
(``metropolis``) started from one random fitting world: a swap that breaks a hard fact
(a card a seat cannot hold) is never kept.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence

from game.ai.calls import seat_misfit_of
from game.ai.metropolis import Walk, walk_deals
from game.ai.sampler import (
    Knowledge,
    bid_likelihood,
    fits,
    hands_of,
    sample_placement,
    sample_world,
)
from game.engine.cards import Card
from game.engine.rules import CoincheRules, TrickGameRules
from game.engine.trick_view import TrickView

# Walk: as the bidding simulation's span (10 points out of keeping: 10 times less
# likely), shorter steps between worlds (a card play needs dozens, and fast).
WALK = Walk(burn_in=60, thinning=4, span=10.0)

Misfit = Callable[[dict[int, list[Card]]], float]  # hidden cards by holder -> misfit


def card_worlds(view: TrickView, rules: TrickGameRules, know: Knowledge, rng: random.Random,
                count: int) -> Iterator[list[tuple[Card, ...]]]:
    """``count`` worlds (every seat's hand), the calls weighed when there are any."""
    misfit = calls_misfit_of(view, rules, know)
    start = sample_placement(know, rng)
    holders = sorted(h for h, cards in start.items() if cards)
    if misfit is None or len(holders) < 2:
        yield hands_of(know, start)
        for _ in range(count - 1):
            yield sample_world(know, rng)
        return

    def deal_misfit(places: list[list[Card]]) -> float:
        if not all(fits(know, h, cards) for h, cards in zip(holders, places, strict=True)):
            return math.inf
        return misfit(dict(zip(holders, places, strict=True)))

    places = [start[h] for h in holders]
    for deal in walk_deals(places, range(len(places)), deal_misfit, rng, count, WALK):
        yield hands_of(know, dict(zip(holders, map(list, deal), strict=True)))


def calls_misfit_of(view: TrickView, rules: TrickGameRules, know: Knowledge) -> Misfit | None:
    """How far a placement of the hidden cards is from explaining the other seats' calls
    (None: no call to explain)."""
    others = {seat for seat, _ in view.bids if seat != view.seat}
    if not others:
        return None
    if isinstance(rules, CoincheRules):
        return _coinche_misfit(view, know, others)
    return _belote_misfit(view, know)


def _played_by(view: TrickView) -> dict[int, list[Card]]:
    played: dict[int, list[Card]] = {}
    for seat, c in [p for t in view.tricks for p in t.plays] + list(view.trick):
        played.setdefault(seat, []).append(c)
    return played


def _coinche_misfit(view: TrickView, know: Knowledge, callers: set[int]) -> Misfit:
    fixed = _played_by(view)
    for seat in callers:
        fixed[seat] = fixed.get(seat, []) + list(know.known[seat])
    misfits = {seat: seat_misfit_of(view, seat) for seat in callers}
    memo: dict[tuple[int, frozenset[Card]], float] = {}

    def seat_part(seat: int, hidden: Sequence[Card]) -> float:
        key = (seat, frozenset(hidden))
        if key not in memo:
            memo[key] = misfits[seat]([*hidden, *fixed.get(seat, [])])
        return memo[key]

    return lambda placed: sum(seat_part(s, placed.get(s, [])) for s in callers)


def _belote_misfit(view: TrickView, know: Knowledge) -> Misfit:
    def misfit(placed: dict[int, list[Card]]) -> float:
        likelihood = bid_likelihood(view, hands_of(know, placed))
        return -WALK.span * math.log10(likelihood)  # the walk keeps it in that proportion

    return misfit
