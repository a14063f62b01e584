"""The Expert valuing its worlds double-dummy (``bench/dd_expert.py``): the same worlds
as the product's Expert, and in each the exact score of perfect play, checked against
the engine's own scoring of every way the deal can end."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from bench.dd_expert import DoubleDummySearch, dd_player, finished_counts
from game.ai.memory import build_memory
from game.ai.play_inference import InferenceSearch
from game.engine.actions import PlayCard
from game.engine.cards import Card
from game.engine.rules import BeloteRules, CoincheRules, TrickGameRules
from game.engine.trickgame import TrickDeal
from tests.play_fixtures import play_cards, play_started


def deal_with_tricks_left(rules: TrickGameRules, seed: int, tricks: int) -> TrickDeal:
    """A deal (random bidding and cards) with ``tricks`` tricks left, a choice of cards
    for the seat to play."""
    for attempt in range(50):
        state = play_started(rules, seed * 100 + attempt)
        state = play_cards(state, 4 * (8 - tricks), random.Random(seed))
        if not state.is_over and len(card_choices(state)) > 1:
            return state
    raise AssertionError("no position with a choice of cards")


def card_choices(state: TrickDeal) -> list[Card]:
    return sorted({a.card for a in state.legal_actions() if isinstance(a, PlayCard)})


def perfect_play_score(state: TrickDeal, me: int) -> float:
    """My side's score less the other side's once the deal is played to its end, every
    seat seeing every hand and playing its best (mine maximising, theirs minimising),
    by the engine's moves and result; belote always said, as the computer players do."""
    if state.is_over:
        result = state.result()
        assert result is not None
        return float(result.scores[me % 2] - result.scores[1 - me % 2])
    seat = state.turn
    assert seat is not None
    moves = _said_belote(state.legal_actions())
    scores = [perfect_play_score(state.apply(a)[0], me) for a in moves]
    return max(scores) if seat % 2 == me % 2 else min(scores)


def _said_belote(actions: Sequence[object]) -> list[PlayCard]:
    plays = [a for a in actions if isinstance(a, PlayCard)]
    said = {a.card for a in plays if a.belote}
    return [a for a in plays if a.belote or a.card not in said]


@pytest.mark.parametrize("rules", [CoincheRules(), BeloteRules()], ids=["coinche", "belote"])
@pytest.mark.parametrize("seed", range(4))
def test_each_card_is_worth_the_score_of_perfect_play_in_its_world(
        rules: TrickGameRules, seed: int) -> None:
    state = deal_with_tricks_left(rules, seed, 3)
    seat = state.turn
    assert seat is not None
    view = state.view(seat)
    cards = card_choices(state)
    search = DoubleDummySearch(view, build_memory(view), cards, random.Random(0), 4)
    world = [tuple(hand) for hand in state.hands]
    for c in cards:
        after = next(a for a in _said_belote(state.legal_actions()) if a.card == c)
        assert search.value(world, c) == perfect_play_score(state.apply(after)[0], seat)


def test_a_contract_at_stake_weighs_its_score_not_its_trick_points() -> None:
    # Seeds where a card decides a coinche contract: the cards' values differ by more
    # than every trick point left (the failure costs the contract and the 160 base).
    gaps = []
    for seed in range(12):
        state = deal_with_tricks_left(CoincheRules(), seed, 3)
        view = state.view(state.turn or 0)
        cards = card_choices(state)
        search = DoubleDummySearch(view, build_memory(view), cards, random.Random(0), 4)
        world = [tuple(hand) for hand in state.hands]
        values = [search.value(world, c) for c in cards]
        gaps.append(max(values) - min(values))
    assert max(gaps) > 2 * 162


@pytest.mark.parametrize("tricks", [8, 5])
def test_the_worlds_are_the_product_experts(tricks: int) -> None:
    state = deal_with_tricks_left(CoincheRules(), 7, tricks)
    view = state.view(state.turn or 0)
    cards = card_choices(state)
    searches = [kind(view, build_memory(view), cards, random.Random(11), 36)
                for kind in (InferenceSearch, DoubleDummySearch)]
    for search in searches:
        search.draw_all()
    expert, double_dummy = searches
    assert double_dummy.worlds == expert.worlds
    assert double_dummy.draws == expert.draws
    assert len(expert.worlds) > 1


def test_the_counts_give_the_rest_to_the_seat_and_the_next_one() -> None:
    state = deal_with_tricks_left(CoincheRules(), 3, 3)
    view = state.view(state.turn or 0)
    so_far = [0] * 4
    for t in view.tricks:
        so_far[t.winner] += t.points
    me, other = view.seat, (view.seat + 1) % 4
    taken, won = finished_counts(view, 30, 50, 3)
    assert taken[me] - so_far[me] == 30 and taken[other] - so_far[other] == 20
    assert sum(won) == 8 and sum(taken) == sum(so_far) + 50
    _, all_mine = finished_counts(view, 50, 50, 3)
    _, none_mine = finished_counts(view, 0, 50, 3)
    assert all_mine[me] - won[me] == 1 and all_mine[other] - won[other] == -1
    assert none_mine[me] - won[me] == -2 and none_mine[other] - won[other] == 2


def test_the_arena_player_plays_a_legal_card() -> None:
    state = deal_with_tricks_left(BeloteRules(), 2, 4)
    seat = state.turn
    assert seat is not None
    action = dd_player(1, None, None).choose(state, seat, random.Random(1))
    assert action in state.legal_actions()
