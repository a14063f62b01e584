"""The determinized double-dummy player (``bench/dds``) answers a legal card within its
budget, deepens to exact values, and draws its worlds in keeping with the bidding."""

from __future__ import annotations

import random
import time

import pytest

from bench.dds import player
from bench.dds.player import card_values, choose_card
from game.ai.sampler import Knowledge, NoWorld, bid_likelihood, knowledge, sample_world
from game.dds.position import bits, position_of
from game.dds.solver import Solver
from game.engine.actions import PlayCard
from game.engine.cards import DECK32, Card, Rank, Suit, card
from game.engine.rules import BeloteRules, CoincheRules, TrickGameRules
from tests.play_fixtures import check_world, coinche_play, play_cards, play_started


@pytest.mark.kernel
@pytest.mark.parametrize("rules", [CoincheRules(), BeloteRules(), BeloteRules(players=3),
                                   BeloteRules(players=2)], ids=lambda r: f"{r.game}{r.players}")
def test_the_player_plays_legal_cards_within_budget(rules: TrickGameRules) -> None:
    state = play_started(rules, 11)
    while not state.is_over:
        assert state.turn is not None
        view = state.view(state.turn)
        start = time.process_time()  # CPU time: other jobs on the machine don't count
        action = choose_card(view, random.Random(3), deadline_s=0.05, max_worlds=6, rules=rules)
        assert time.process_time() - start < 0.5
        assert action in view.legal
        state, _ = state.apply(action)


@pytest.mark.kernel
def test_the_player_is_deterministic() -> None:
    rules = CoincheRules()
    state = play_cards(play_started(rules, 5), 17, random.Random(5))
    view = state.view(state.turn or 0)
    first = choose_card(view, random.Random(1), deadline_s=30, max_worlds=4, rules=rules)
    again = choose_card(view, random.Random(1), deadline_s=30, max_worlds=4, rules=rules)
    assert first == again


@pytest.mark.kernel
def test_the_player_says_belote_with_the_first_of_k_and_q() -> None:
    said = 0
    rules = CoincheRules()
    for seed in range(40):
        state = play_started(rules, seed)
        rng = random.Random(seed)
        while not state.is_over:
            view = state.view(state.turn or 0)
            belote = {a.card for a in view.legal if isinstance(a, PlayCard) and a.belote}
            if not belote:
                state = play_cards(state, 1, rng)
                continue
            action = choose_card(view, rng, deadline_s=0.02, max_worlds=2, rules=rules)
            assert isinstance(action, PlayCard)
            assert action.belote == (action.card in belote)
            said += action.belote
            state, _ = state.apply(action)
    assert said >= 3


@pytest.mark.kernel
def test_the_deepening_ends_exact_when_time_allows() -> None:
    """Given time, the values are exact, and then weighed by the utility."""
    for seed in range(10):
        state = play_cards(play_started(CoincheRules(), seed), 16 + seed % 4, random.Random(seed))
        pos = position_of(state)
        exact = Solver(pos, pos.turn).values()
        values = card_values([pos], pos.turn, time.perf_counter() + 60, 10**7,
                             utility=lambda v: v // 10)
        assert values == {i: (v // 10, v) for i, v in exact.items()}


@pytest.mark.kernel
def test_a_past_deadline_still_values_every_card_at_the_first_horizon() -> None:
    state = play_started(CoincheRules(), 2)
    pos = position_of(state)
    values = card_values([pos, pos], pos.turn, deadline=0.0, node_cap=10**6,
                         utility=lambda v: -v)  # not applied to estimates
    first = Solver(pos, pos.turn, horizon=0).values()
    assert values == {i: (2 * v, 2 * v) for i, v in first.items()}
    assert set(values) == set(bits(pos.legal()))


def test_plays_the_rules_cannot_explain_fall_back_to_the_public_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No world fits the inferences (a view from other options): the worlds then only
    respect the public cards and the sizes, and the player still answers."""
    rules = CoincheRules()
    state = play_cards(play_started(rules, 4), 13, random.Random(4))
    view = state.view(state.turn or 0)
    inferred = knowledge(view, rules)
    assert inferred.holders != knowledge(view, None).holders  # the plays told something
    original = sample_world

    def refuse_inferred(know: Knowledge, rng: random.Random) -> list[tuple[Card, ...]]:
        if know.holders == inferred.holders:
            raise NoWorld("test")
        return original(know, rng)

    monkeypatch.setattr(player, "sample_world", refuse_inferred)
    worlds = player.sample_worlds(view, rules, random.Random(0), 5)
    assert len(worlds) == 5
    for world in worlds:
        check_world(view, state, None, world)
    assert choose_card(view, random.Random(0), deadline_s=0.05, rules=rules) in view.legal


def test_worlds_follow_the_bidding() -> None:
    """The seat that bid the trump suit gets more of it than in unweighted worlds, and a
    world where it holds none explains the bid worse than one where it holds J and 9."""
    rules = CoincheRules()
    rng = random.Random(0)
    deck = list(DECK32)
    rng.shuffle(deck)
    trump, taker, seat = Suit.HEARTS, 1, 2
    state = coinche_play([deck[i::4] for i in range(4)], trump)  # seat 1 bids 80 hearts
    view = state.view(seat)
    assert view.taker == taker
    know = knowledge(view, rules)

    jack = card(trump, Rank.JACK)

    def trumps(worlds: list[list[tuple[Card, ...]]]) -> float:
        return sum(sum(c.suit == trump for c in w[taker]) for w in worlds) / len(worlds)

    def jacks(worlds: list[list[tuple[Card, ...]]]) -> float:
        return sum(jack in w[taker] for w in worlds) / len(worlds)

    plain = [sample_world(know, rng) for _ in range(400)]
    weighted = player.sample_worlds(view, rules, rng, 400)
    assert trumps(weighted) > trumps(plain) + 0.15
    assert jacks(weighted) > jacks(plain) + 0.15
    strong = min(plain, key=lambda w: -sum(c.suit == trump for c in w[taker]))
    weak = min(plain, key=lambda w: sum(c.suit == trump for c in w[taker]))
    assert bid_likelihood(view, weak) < bid_likelihood(view, strong)


@pytest.mark.kernel
def test_the_score_aware_player_plays_legal_cards() -> None:
    rules = CoincheRules()
    state = play_cards(play_started(rules, 8), 16, random.Random(8))
    while not state.is_over:
        view = state.view(state.turn or 0)
        action = choose_card(view, random.Random(0), deadline_s=0.05, max_worlds=4,
                             rules=rules, score_aware=True)
        assert action in view.legal
        state, _ = state.apply(action)


