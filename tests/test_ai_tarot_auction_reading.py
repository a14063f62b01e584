"""What the auction tells the tarot Expert's card search: the strength each call shows,
the hands dealt in a world, and worlds drawn toward those that fit the calls."""

from __future__ import annotations

import dataclasses
import random
import statistics

import pytest

from game.ai.tarot import threshold
from game.ai.tarot_auction_reading import (
    auction_fit,
    call_bounds,
    dealt_hand,
    read_draw,
    shown_strengths,
)
from game.ai.tarot_bid_search import call_misfit
from game.ai.tarot_search import TarotWorldSearch, World, sample_world
from game.engine.tarot import TarotDeal, TarotView
from game.engine.tarot_actions import TarotBid, TarotPass
from game.engine.tarot_cards import TarotCard
from game.engine.tarot_scoring import Contract
from tests.tarot_positions import advance, to_play


def first_card_position(players: int, seed: int, plays: int = 0) -> tuple[TarotDeal, TarotDeal]:
    """The deal as dealt, and as it stands ``plays`` cards into its play."""
    start, actions = to_play(players, seed)
    deal, _ = advance(start, actions, plays, random.Random(seed))
    return start, deal


def parts(world: World) -> tuple[tuple[tuple[TarotCard, ...], ...], tuple[TarotCard, ...]]:
    return world.holdings, world.pile


def test_each_call_shows_a_range_of_strength() -> None:
    _, deal = first_card_position(4, 3)
    bids = ((0, TarotPass()), (1, TarotBid(Contract.PRISE)), (2, TarotBid(Contract.GARDE)),
            (3, TarotPass()), (1, TarotPass()))
    view = dataclasses.replace(deal.view(0), bids=bids)
    shown = shown_strengths(view)
    prise, garde, sans = (threshold(c, 4) for c in
                          (Contract.PRISE, Contract.GARDE, Contract.GARDE_SANS))
    assert shown[0] == (None, prise)  # too weak for a Prise
    assert shown[2] == (garde, sans)  # a Garde, not a Garde Sans
    assert shown[3] == (None, sans)  # passed over a Garde: maybe a Prise hand
    assert shown[1] == (None, sans)  # its pass over the Garde is its last word


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("plays", [0, 7])
def test_the_dealt_hands_are_rebuilt_from_a_world(players: int, plays: int) -> None:
    for seed in range(4):
        start, deal = first_card_position(players, seed, plays)
        assert deal.taker is not None and deal.contract is not None
        pile = deal.set_aside
        for viewer in range(players):
            view = deal.view(viewer)
            for seat in range(players):
                rebuilt = dealt_hand(view, seat, deal.hands[seat], pile)
                assert sorted(rebuilt) == sorted(start.hands[seat]), (seed, viewer, seat)


def test_the_true_deal_fits_better_than_with_the_taker_and_a_passer_swapped() -> None:
    """Four players, the Confirmé's bids: the taker's cards in a passer's place (and the
    passer's in the taker's) contradict both calls."""
    compared, better = 0, 0
    for seed in range(12):
        _, deal = first_card_position(4, seed)
        assert deal.taker is not None
        viewer = (deal.taker + 1) % 4
        passer = (deal.taker + 2) % 4
        view = deal.view(viewer)
        pile = view.ecart or deal.ecart or deal.chien
        hands = list(deal.hands)
        hands[deal.taker], hands[passer] = hands[passer], hands[deal.taker]
        compared += 1
        better += auction_fit(view, deal.hands, pile) > 4 * auction_fit(view, hands, pile)
    assert better >= compared - 1


@pytest.mark.kernel
def test_worlds_drawn_lean_toward_the_taker_the_auction_shows() -> None:
    """At a defender's first card (or the second) the takers hold more trumps in the
    worlds the search keeps than in uniform draws, nearer what they hold."""
    kept, uniform, true = [], [], []
    for seed in range(12):
        _, deal = first_card_position(4, seed)
        if deal.current_player == deal.taker:
            _, deal = first_card_position(4, seed, plays=1)
        assert deal.taker is not None and deal.current_player is not None
        view = deal.view(deal.current_player)
        rng = random.Random(seed)
        search = TarotWorldSearch(view, rng, 12)
        kept += [_trumps(w.holdings[deal.taker]) for w in search.world_stream()]
        uniform += [_trumps(sample_world(view, rng).holdings[deal.taker]) for _ in range(12)]
        true.append(_trumps(deal.hands[deal.taker]))
    assert statistics.mean(kept) >= statistics.mean(uniform) + 0.6
    assert statistics.mean(kept) < statistics.mean(true) + 0.5


def test_a_seat_alone_with_its_own_call_draws_once() -> None:
    _, deal = first_card_position(4, 5)
    assert deal.taker is not None
    view: TarotView = dataclasses.replace(deal.view(deal.taker),
                                          bids=((deal.taker, TarotBid(Contract.GARDE)),))
    draws: list[World] = []

    def draw() -> World:
        draws.append(sample_world(view, random.Random(len(draws))))
        return draws[-1]

    assert read_draw(view, random.Random(1), draw, parts) is draws[0]
    assert len(draws) == 1


def _trumps(cards: tuple[TarotCard, ...]) -> int:
    return sum(c.is_trump for c in cards)


def test_the_call_reading_and_the_card_play_read_a_call_from_the_same_bounds() -> None:
    """``call_bounds`` is the one model of what a call shows: the call reading's misfit
    (``tarot_bid_search.call_misfit``) is nil exactly within it, a contract's ceiling
    apart (read as a floor there)."""
    bids = [(0, TarotBid(Contract.PRISE)), (1, TarotPass()), (2, TarotBid(Contract.GARDE)),
            (3, TarotPass()), (4, TarotBid(Contract.GARDE_CONTRE)), (0, TarotPass())]
    for index, (_, call) in enumerate(bids):
        least, below = call_bounds(bids, index, 5)
        for strength in range(0, 200):
            in_keeping = (least is None or strength >= least) and (
                below is None or strength <= below or isinstance(call, TarotBid))
            assert (call_misfit(bids, index, strength, 5) == 0) == in_keeping, (index, strength)
    assert call_bounds(bids, 3, 5)[1] is not None and call_bounds(bids, 5, 5) == (None, None)
