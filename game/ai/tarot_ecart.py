"""Tarot, Expert level: the écart chosen by simulation.

The Confirmé discards short suits first, their high cards first (``ecart_decision``).
The Expert builds a handful of sensible écarts instead (``candidate_ecarts``): the
Confirmé's, one voiding each plain suit it can, two suits at once, and one that puts
the most points aside (its unguarded heads), each made card by card within the
engine's rule (``discardable``: no king, no bout, trumps only when the plain cards run
short).  It then deals the cards it does not see (the other hands: the chien is in its
own, ``tarot_search.sample_world``) and plays each candidate out in the same worlds
with the Confirmé play, each seat seeing its own hand and the play (``play_from``, as
the bidding's play-outs).  The candidate with the best mean marks is kept, the
Confirmé's unless another beats it by ``MARGIN`` marks a deal and ``RISK`` standard
errors of that gain, world by world (the best of several noisy means among a handful
of worlds is otherwise a lucky écart as often as a good one).

The engine takes the écart one card at a time: each card is the next of the best
candidate among those holding the cards already set aside (the one the fewest other
candidates hold first, so that the next choice has fewer to compare).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from itertools import combinations

from game.ai.budget import DEFAULT_THINK, within
from game.ai.decision import Decision
from game.ai.tarot import card_args, ecart_decision
from game.ai.tarot_bid_search import play_from, sure_gain
from game.ai.tarot_search import NoWorld, World, sample_world
from game.engine.tarot_actions import TarotDiscard
from game.engine.tarot_cards import PLAIN_SUITS, TarotCard, TarotSuit
from game.engine.tarot_tricks import TarotView, discardable

WORLDS = 8  # at the default thinking time
MARGIN = 2.0  # marks a deal another écart must gain over the Confirmé's
RISK = 1.0  # and standard errors of that gain, paired world by world (``sure_gain``)
Ecart = tuple[TarotCard, ...]
Priority = Callable[[TarotCard, Sequence[TarotCard]], tuple[float, ...]]


def weigh_ecarts(view: TarotView, rng: random.Random, deadline: float | None = DEFAULT_THINK,
                 worlds: int = WORLDS) -> tuple[Decision, dict[Ecart, float]]:
    """The next card to discard, and the taker's mean marks for each candidate écart
    that holds the cards already discarded (none when there was nothing to compare).
    ``deadline`` None: exactly ``worlds`` worlds (reproducible for a given ``rng``)."""
    start = time.perf_counter()
    confirme = ecart_decision(view.hand, view.legal)
    full = (*view.hand, *view.ecart)
    candidates = [e for e in candidate_ecarts(full, len(view.chien)) if set(view.ecart) <= set(e)]
    if not candidates:  # not an écart this module began: the Confirmé completes it
        return confirme, {}
    if len(candidates) == 1:
        return _next_card(view, candidates[0], candidates, confirme), {}
    if deadline is not None:  # what is left once the candidates are made
        deadline = max(0.0, deadline - (time.perf_counter() - start))
    samples = ecart_marks(view, candidates, rng, deadline, worlds)
    if not samples[candidates[0]]:  # no world played
        return _next_card(view, candidates[0], candidates, confirme), {}
    means = {e: statistics.fmean(v) for e, v in samples.items()}
    default = candidates[0]
    best = max(candidates, key=lambda e: means[e])
    if means[best] < means[default] + MARGIN \
            or sure_gain(samples[best], samples[default], RISK) <= 0:
        best = default
    return _next_card(view, best, candidates, confirme), means


def _next_card(view: TarotView, ecart: Ecart, candidates: Sequence[Ecart],
               confirme: Decision) -> Decision:
    """The card of ``ecart`` to discard now: the one the fewest other candidates hold
    (the Confirmé's card, with its reason, when it is one of those)."""
    left = [c for c in ecart if c not in view.ecart and TarotDiscard(c) in view.legal]
    assert left, "a candidate écart is made within the engine's rule"

    def sharing(c: TarotCard) -> int:
        return sum(1 for e in candidates if c in e)

    fewest = min(sharing(c) for c in left)
    if isinstance(confirme.action, TarotDiscard) and confirme.action.card in left \
            and sharing(confirme.action.card) == fewest:
        return confirme
    card = min(c for c in left if sharing(c) == fewest)
    return Decision(TarotDiscard(card), "hint.ecart_simulated", card_args(card))


# --- the candidates --------------------------------------------------------------------------


def candidate_ecarts(hand: Sequence[TarotCard], size: int) -> list[Ecart]:
    """Distinct écarts of ``size`` cards from ``hand`` (the chien in it), the
    Confirmé's first: then each plain suit voided (with the Confirmé's order for the
    rest), each pair of suits voided, and the most points set aside.  Ties go by card,
    not by the hand's order, so that every card of the écart sees the same candidates."""
    plain = [s for s in PLAIN_SUITS if any(c.suit is s for c in hand)]
    priorities: list[Priority] = [_confirme_priority]
    priorities += [_voiding(frozenset({s})) for s in plain]
    priorities += [_voiding(frozenset(pair)) for pair in combinations(plain, 2)]
    priorities.append(_points_first)
    found: list[Ecart] = []
    for priority in priorities:
        ecart = greedy_ecart(hand, size, priority)
        if all(set(ecart) != set(e) for e in found):
            found.append(ecart)
    return found


def greedy_ecart(hand: Sequence[TarotCard], size: int, priority: Priority) -> Ecart:
    """The écart made one card at a time among the engine's ``discardable``, the card
    first in ``priority`` (given the hand left) each time."""
    left, ecart = list(hand), list[TarotCard]()
    while len(ecart) < size:
        card = min(discardable(left, size - len(ecart)),
                   key=lambda c: (*priority(c, left), c))
        left.remove(card)
        ecart.append(card)
    return tuple(ecart)


def _length(hand: Sequence[TarotCard], suit: TarotSuit) -> int:
    return sum(1 for c in hand if c.suit is suit)


def _confirme_priority(c: TarotCard, hand: Sequence[TarotCard]) -> tuple[float, ...]:
    """``ecart_decision``'s order: short suits first, their high cards first, trumps last."""
    return (c.is_trump, _length(hand, c.suit), -c.half_points)


def _voiding(suits: frozenset[TarotSuit]) -> Priority:
    """The cards of ``suits`` first (a void or two to trump in), then the Confirmé's order."""
    def priority(c: TarotCard, hand: Sequence[TarotCard]) -> tuple[float, ...]:
        return (c.suit not in suits, *_confirme_priority(c, hand))
    return priority


def _points_first(c: TarotCard, hand: Sequence[TarotCard]) -> tuple[float, ...]:
    """The most points aside, short suits first among equals."""
    return (c.is_trump, -c.half_points, _length(hand, c.suit))


# --- the simulation --------------------------------------------------------------------------


def ecart_marks(view: TarotView, candidates: Sequence[Ecart], rng: random.Random,
                deadline: float | None, worlds: int) -> dict[Ecart, list[float]]:
    """The taker's marks for each candidate in each world played, the same worlds for
    every candidate: drawn one at a time, each candidate played out in turn, within
    ``deadline`` (judged play-out by play-out; a world not played out for every
    candidate is left out)."""
    samples: dict[Ecart, list[float]] = {e: [] for e in candidates}
    world = None
    for step in within(deadline, worlds * len(candidates)):
        ecart = candidates[step % len(candidates)]
        if ecart == candidates[0]:
            try:
                world = sample_world(view, rng)
            except NoWorld:
                break
        assert world is not None
        samples[ecart].append(play_candidate(view, world, ecart))
    complete = min(len(v) for v in samples.values())
    return {e: v[:complete] for e, v in samples.items()}


def play_candidate(view: TarotView, world: World, ecart: Ecart) -> float:
    """The taker's marks in ``world`` when he discards ``ecart`` and the deal is played
    out the Confirmé's way."""
    assert view.taker is not None and view.contract is not None
    hands = [list(h) for h in world.holdings]
    hands[view.taker] = [c for c in (*view.hand, *view.ecart) if c not in ecart]
    leader = (view.dealer + 1) % view.players
    deal = play_from(hands, ecart, view.taker, leader, view.called, True, view.rules)
    return float(deal.marks(view.contract)[view.taker])
