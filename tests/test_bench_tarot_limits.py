"""``bench/tarot_limits.py``: the Expert's tarot search on the true deal, an upper bound."""

from __future__ import annotations

import functools
import random

import pytest

from bench.tarot_limits import (
    BlindFoes,
    KnownHolder,
    Oracle,
    blind_foes_rollout,
    main,
    true_world,
    variant,
)
from game.ai import tarot_search
from game.ai.tarot_search import rollout, sample_world, weigh_tarot_cards
from game.engine.tarot import TarotDeal, TarotPlayCard
from game.engine.tarot_cards import TarotCard
from tests.test_ai_tarot_expert import check_world, hidden_swap, positions


def test_the_true_world_fits_every_seats_view() -> None:
    for deal in positions(4, 6, seed=11):
        for seat in range(deal.players):
            check_world(deal.view(seat), true_world(deal))


def oracle_means(deal: TarotDeal, seat: int) -> dict[TarotCard, float]:
    source = functools.partial(Oracle, true_world(deal))
    return weigh_tarot_cards(deal.view(seat), random.Random(0), None, 1, source=source)[1]


def test_the_oracle_reads_the_hidden_cards() -> None:
    """Two hidden cards swapped between other hands: the seat's view is the same, the
    oracle's weighing is not (the Expert's never changes: test_ai_tarot_expert)."""
    rng = random.Random(7)
    pairs = [(deal, other, deal.current_player) for deal in positions(4, 10, seed=51)
             if (other := hidden_swap(deal, deal.current_player or 0, rng)) is not None]
    assert len(pairs) >= 6 and all(a.view(s) == b.view(s) for a, b, s in pairs)
    changed = sum(oracle_means(a, s or 0) != oracle_means(b, s or 0) for a, b, s in pairs)
    assert changed >= 3


def test_the_oracle_against_itself_differs_nowhere() -> None:
    data = main(["--players", "4", "--a", "oracle", "--b", "oracle", "--deals", "4",
                 "--seed", "3"])
    assert data["taker"]["a_minus_b"] == data["defence"]["a_minus_b"] == 0.0
    assert data["taker"]["seats"] > 0


def test_an_unknown_variant_is_refused() -> None:
    with pytest.raises(ValueError, match="oracle, worlds-N, holder-N or blind-N"):
        variant("worlds-many")


def test_the_holder_variant_puts_the_called_card_with_its_true_holder() -> None:
    checked = 0
    for deal in positions(5, 8, seed=31):
        seat = deal.current_player
        assert seat is not None
        holder = next((s for s, hand in enumerate(deal.hands) if deal.called in hand), None)
        if holder is None or holder == seat:
            continue
        search = KnownHolder(holder, deal.view(seat), random.Random(checked), 8)
        worlds = list(search.world_stream())
        assert worlds and all(deal.called in w.holdings[holder] for w in worlds)
        checked += 1
    assert checked >= 3


def test_blind_foes_play_out_otherwise_and_no_one_blind_is_the_open_table() -> None:
    """The play-outs with the seat's foes blind differ from the open ones in some worlds;
    a ``BlindFoes`` table with no one blind plays as ``OpenTable``."""
    differ = 0
    for k, deal in enumerate(positions(4, 8, seed=61)):
        view = deal.view(deal.current_player or 0)
        world = sample_world(view, random.Random(k))
        first = next(a.card for a in view.legal if isinstance(a, TarotPlayCard))
        assert view.taker is not None
        game = tarot_search.start_rollout(view, world)
        table = BlindFoes(view.taker, tarot_search.deal_frame(view, game.partner).attack,
                          view.called, game.holder, tarot_search.partner_secret(view))
        tarot_search.play_tricks(game.holdings, game.trick, game.tricks, view.seat, table, first)
        assert game.tricks == tarot_search.play_rollout(view, world, first).tricks
        differ += blind_foes_rollout(view, world, first) != rollout(view, world, first)
    assert differ >= 2
