"""The determinized (perfect-information Monte Carlo) card player once tried as the
Expert level, kept for the benches (``bench/solver_speed.py``).

Worlds are sampled from the view (``game.ai.sampler``); in each, every legal card gets
its double-dummy value (``solver``), turned into what it is worth on the score sheet
(``utility``); the card with the best sum over the worlds is played.

The search deepens by horizon, anytime: first every world searched to the end of the
trick in progress and estimated beyond (``solver.HorizonEstimate``), then one more
trick, and so on up to the end of the deal.  The deepest horizon searched in at least
half of the worlds decides; the deadline (and a node cap per search) stops the
deepening, so the first, cheap pass is always there to answer.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from game.ai.sampler import NoWorld, bid_likelihood, default_rules, knowledge, sample_world
from game.dds.position import Position, index_of
from game.dds.solver import EXACT, SearchAborted, Solver
from game.dds.utility import Utility, deal_utility, identity
from game.engine.actions import PlayCard
from game.engine.cards import Card
from game.engine.protocol import Action
from game.engine.rules import TrickGameRules
from game.engine.trick_view import TrickView

DEFAULT_DEADLINE_S = 0.3
DEFAULT_WORLDS = 16
DEFAULT_NODE_CAP = 400_000  # per search: a bound for the slowest positions
_BID_TRIES = 8
_EXACT_FROM = 5  # tricks left
_SAFETY = 0.85  # share of the deadline the search may use (the rest: sampling, answer)


def choose_card(
    view: TrickView,
    rng: random.Random,
    deadline_s: float = DEFAULT_DEADLINE_S,
    max_worlds: int = DEFAULT_WORLDS,
    rules: TrickGameRules | None = None,
    node_cap: int = DEFAULT_NODE_CAP,
    score_aware: bool = False,
) -> Action:
    """The card to play (a ``PlayCard`` of ``view.legal``, saying belote when it may).

    ``rules`` are the table's options (public); by default the game's default rules.
    Deterministic for a given ``rng`` state when the deadline is not reached.
    ``score_aware`` weighs exact values by the deal score (``utility``) instead of the
    trick points: sound in principle, not better so far in the duplicate benchmark
    (``bench/RESULTS.md``, "Double-dummy solver"), hence off by default.  Declaring
    announcements (and the belote arrêt) is left to the caller: only cards are chosen."""
    plays = [a for a in view.legal if isinstance(a, PlayCard)]
    if not plays:
        raise ValueError("no card to play in this view")
    cards = sorted({a.card for a in plays})
    if len(cards) > 1:
        start = time.perf_counter()
        chosen = _best_card(view, rules or default_rules(view), cards, rng,
                            start + deadline_s * _SAFETY, max_worlds, node_cap, score_aware)
    else:
        chosen = cards[0]
    return next((a for a in plays if a.card == chosen and a.belote),
                next(a for a in plays if a.card == chosen))


def _best_card(
    view: TrickView, rules: TrickGameRules, cards: Sequence[Card], rng: random.Random,
    deadline: float, max_worlds: int, node_cap: int, score_aware: bool,
) -> Card:
    assert view.trump is not None
    trump = view.trump
    positions = [Position.build(rules, trump, world, view.trick, view.seat)
                 for world in sample_worlds(view, rules, rng, max_worlds)]
    utility = deal_utility(view, rules, positions[0].points_left()) if score_aware else identity
    totals = card_values(positions, view.seat, deadline, node_cap, utility)
    values = {c: totals.get(index_of(c, trump), (0, 0)) for c in cards}
    best = max(values.values())
    return next(c for c in cards if values[c] == best)


def sample_worlds(
    view: TrickView, rules: TrickGameRules, rng: random.Random, count: int
) -> list[list[tuple[Card, ...]]]:
    """``count`` worlds fitting the view, drawn in proportion to how well they explain
    the bidding (rejection sampling on ``bid_likelihood``, at most ``_BID_TRIES`` draws
    a world).  If the plays cannot be explained under ``rules`` (the wrong options
    given), the worlds only respect the public cards."""
    know = knowledge(view, rules)
    try:
        sample_world(know, random.Random(0))
    except NoWorld:
        know = knowledge(view, None)
    worlds = []
    for _ in range(count):
        for _ in range(_BID_TRIES):
            world = sample_world(know, rng)
            if rng.random() < bid_likelihood(view, world):
                break
        worlds.append(world)
    return worlds


def card_values(
    positions: Sequence[Position], seat: int, deadline: float, node_cap: int,
    utility: Utility = identity,
) -> dict[int, tuple[int, int]]:
    """Each legal card's (worth, points) summed over ``positions``, at the deepest
    horizon searched in at least half of them (the first horizon is always searched in
    full).  The worth is ``utility`` of the value once the search reaches the end of the
    deal; short of it, the estimated points themselves (a score step applied to an
    estimate would only add noise).  The points break ties between equal worths (a
    contract surely made or failed in every world)."""
    best: dict[int, tuple[int, int]] = {}
    for step, horizon in enumerate(_horizons(positions[0].tricks_left)):
        exact = horizon == EXACT
        totals, searched = _sum_over_worlds(
            positions, seat, horizon, deadline if step else None, node_cap,
            utility if exact else identity,
        )
        if 2 * searched >= len(positions) or not best:
            best = totals
        if searched < len(positions) or exact:
            break
    return best


def _horizons(tricks_left: int) -> list[int]:
    """The horizons to deepen through: the trick in progress first (cheap, always
    searched in full), then one trick more at a time; from ``_EXACT_FROM`` tricks left,
    straight to the end of the deal (it costs about what the horizons between would)."""
    if tricks_left <= 1:
        return [EXACT]
    if tricks_left <= _EXACT_FROM:
        return [0, EXACT]
    return [*range(tricks_left - 1), EXACT]


def _sum_over_worlds(
    positions: Sequence[Position], seat: int, horizon: int, deadline: float | None,
    node_cap: int, utility: Utility,
) -> tuple[dict[int, tuple[int, int]], int]:
    totals: dict[int, tuple[int, int]] = {}
    searched = 0
    for position in positions:
        try:
            values = Solver(position, seat, node_cap, deadline, horizon).values()
        except SearchAborted:
            break
        for index, value in values.items():
            worth, points = totals.get(index, (0, 0))
            totals[index] = (worth + utility(value), points + value)
        searched += 1
    return totals, searched
