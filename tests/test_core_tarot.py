"""The compiled tarot core (``game/core/_tarot.c``) gives what its Python twin gives.

Random positions at three, four and five players, with random table options: the same
legal cards, trick winners and points, the same play-out marks for every legal first
card (``tarot_search.rollout``), the same deals played by ``tarot_bid_search.play_from``,
and the Expert's same card decision and means with and without the core, at a budget
counted in worlds.
"""

from __future__ import annotations

import random

import pytest

from bench.core_tarot import (
    HAND,
    PLAYERS,
    compiled_rollouts,
    playout_differences,
    random_deals,
    random_rules,
    random_view,
    rule_differences,
)
from game.ai import tarot_kernel
from game.ai.tarot_bid_search import play_from
from game.ai.tarot_search import partner_secret, rollout, weigh_tarot_cards
from game.core import FORCE_PYTHON, compiled
from game.engine.tarot_cards import DECK78, KING, PLAIN_SUITS, TarotCard, suited
from tests.test_ai_tarot_expert import positions

built = pytest.mark.skipif(compiled("tarot") is None,
                           reason="the compiled core is not built (make core)")


@built
@pytest.mark.parametrize("players", PLAYERS)
def test_legal_cards_winners_and_points_are_pythons(players: int) -> None:
    rng = random.Random(players)
    assert sum(rule_differences(rng, players) for _ in range(3000)) == 0


def check_playouts(players: int, count: int, seed: int) -> None:
    rng = random.Random(seed)
    compared = wrong = 0
    for _ in range(count):
        played, differ = playout_differences(rng, players)
        compared, wrong = compared + played, wrong + differ
    assert compared >= count
    assert wrong == 0


@built
@pytest.mark.parametrize("players", PLAYERS)
def test_playouts_give_pythons_marks(players: int) -> None:
    check_playouts(players, 25, seed=players)


@built
@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYERS)
def test_playouts_give_pythons_marks_long_sweep(players: int) -> None:
    check_playouts(players, 400, seed=100 + players)


@built
def test_the_random_positions_reach_the_rare_play_out_rules() -> None:
    """The sweeps above meet a chelem's announcer, the secret partner at five, the
    first lead at five, a trick under way and every Excuse option."""
    rng = random.Random(5)
    views = [random_view(rng, 5)[0] for _ in range(60)]
    assert any(v.chelem_announcer is not None for v in views)
    assert any(partner_secret(v) for v in views)
    assert any(not v.tricks and not v.trick for v in views)
    assert any(v.trick for v in views)
    assert {v.rules.excuse_last_trick for v in views} == {
        r.excuse_last_trick for r in (random_rules(random.Random(k), 5) for k in range(20))}


@built
def test_the_batch_entry_gives_each_single_play_out() -> None:
    rng = random.Random(9)
    for players in PLAYERS:
        view, world, firsts = random_view(rng, players)
        kernel = compiled_rollouts(view)
        assert kernel.values([world, world], firsts) == [[rollout(view, world, c)
                                                          for c in firsts]] * 2


Start = tuple[list[list[TarotCard]], tuple[TarotCard, ...], int, int, TarotCard | None, bool]


def random_start(rng: random.Random, players: int) -> Start:
    """Hands dealt at random, what lies aside, the taker, the leader, the called king
    (five players) and whether the taker knows what lies aside."""
    deck = list(DECK78)
    rng.shuffle(deck)
    size = HAND[players]
    hands = [deck[s * size:(s + 1) * size] for s in range(players)]
    called = suited(rng.choice(PLAIN_SUITS), KING) if players == 5 else None
    return (hands, tuple(deck[players * size:]), rng.randrange(players),
            rng.randrange(players), called, rng.random() < 0.5)


@built
@pytest.mark.parametrize("players", PLAYERS)
def test_play_from_plays_the_same_deal(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bidding's and the écart's play-outs (each seat sees its own hand)."""
    rng = random.Random(20 + players)
    for _ in range(15):
        hands, aside, taker, leader, called, exchange = random_start(rng, players)
        rules = random_rules(rng, players)
        fast = play_from([list(h) for h in hands], aside, taker, leader, called, exchange, rules)
        monkeypatch.setenv(FORCE_PYTHON, "python")
        reference = play_from([list(h) for h in hands], aside, taker, leader, called, exchange,
                              rules)
        monkeypatch.delenv(FORCE_PYTHON)
        assert fast == reference


def test_without_the_core_the_searches_roll_out_in_python(monkeypatch: pytest.MonkeyPatch,
                                                          ) -> None:
    monkeypatch.setenv(FORCE_PYTHON, "python")
    view, _, _ = random_view(random.Random(1), 4)
    assert tarot_kernel.rollouts(view, False) is None
    hands, aside, taker, leader, called, _ = random_start(random.Random(2), 4)
    assert tarot_kernel.closed_play(hands, aside, taker, leader, called, False) is None


@built
@pytest.mark.parametrize("players", PLAYERS)
def test_the_experts_decision_is_the_same_with_and_without_the_core(
        players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Four worlds a decision, no deadline: the same card and the same means."""
    for deal in positions(players, 8, seed=40 + players):
        seat = deal.current_player
        assert seat is not None
        view = deal.view(seat)
        fast = weigh_tarot_cards(view, random.Random(seat), None, 4)
        monkeypatch.setenv(FORCE_PYTHON, "python")
        reference = weigh_tarot_cards(view, random.Random(seat), None, 4)
        monkeypatch.delenv(FORCE_PYTHON)
        assert fast == reference


@built
def test_the_random_legal_deals_draw_as_the_python_twin() -> None:
    module = compiled("tarot")
    assert module is not None
    for players in PLAYERS:
        assert module.random_deals(players, 30, 77) == random_deals(players, 30, 77)


@built
def test_a_malformed_position_is_refused() -> None:
    module = compiled("tarot")
    assert module is not None
    with pytest.raises(ValueError):
        module.rollout(bytes([9] * 18), b"", 0)
    view, world, _ = random_view(random.Random(3), 4)
    start = tarot_kernel.view_position(view, False)
    absent = next(c for c in DECK78 if c not in world.holdings[view.seat])
    with pytest.raises(ValueError):
        module.rollout(start, tarot_kernel.world_bytes(world.holdings, world.pile),
                       tarot_kernel.CARD_ID[absent])
