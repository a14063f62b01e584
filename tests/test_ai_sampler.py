"""Worlds sampled from a view never contradict it, the plays rule cards out of the hands
that could not have made them, and the table's rules come from the view."""

from __future__ import annotations

import random

import pytest

from game.ai.sampler import STOCK, default_rules, knowledge, sample_world
from game.engine.actions import PlayCard
from game.engine.cards import Rank, Suit, card
from game.engine.match import new_deal_state
from game.engine.rules import BeloteRules, CoincheRules, PartnerRuff, TrickGameRules, Undertrump
from game.engine.trickgame import TrickDeal, TrickView
from tests.play_fixtures import check_world, coinche_play, play_cards, play_started, rule_sets

RULE_SETS = list(rule_sets())


def random_views(seeds: range) -> list[tuple[TrickGameRules, TrickDeal, TrickView]]:
    out = []
    for rules in RULE_SETS:
        for seed in seeds:
            rng = random.Random(seed)
            state = play_started(rules, seed)
            state = play_cards(state, rng.randrange(sum(map(len, state.hands))), rng)
            if not state.is_over:
                assert state.turn is not None
                out.append((rules, state, state.view(state.turn)))
    return out


def check_sampled_worlds(seeds: range) -> None:
    views = random_views(seeds)
    for i, (rules, state, view) in enumerate(views):
        know = knowledge(view, rules)
        rng = random.Random(i)
        for _ in range(3):
            check_world(view, state, rules, sample_world(know, rng))
    assert len(views) == len(seeds) * len(RULE_SETS)


def test_sampled_worlds_fit_the_view() -> None:
    check_sampled_worlds(range(4))


@pytest.mark.slow
def test_sampled_worlds_fit_the_view_long_sweep() -> None:
    check_sampled_worlds(range(4, 40))


def test_the_true_deal_is_one_of_the_possible_worlds() -> None:
    """Inference never rules out where a card really is."""
    for rules, state, view in random_views(range(4, 10)):
        know = knowledge(view, rules)
        for c in know.hidden:
            holder = next((s for s, h in enumerate(state.hands) if c in h), STOCK)
            assert holder in know.holders[c], (c, holder)
        for seat, cards in enumerate(know.known):
            assert set(cards) <= set(state.hands[seat])


def test_a_play_that_does_not_follow_reveals_a_void() -> None:
    clubs = [card(Suit.CLUBS, r) for r in Rank]
    hands = [
        [*clubs[:4], *(card(Suit.HEARTS, r) for r in list(Rank)[:4])],
        [*(card(Suit.SPADES, r) for r in Rank)],
        [*clubs[4:], *(card(Suit.HEARTS, r) for r in list(Rank)[4:])],
        [*(card(Suit.DIAMONDS, r) for r in Rank)],
    ]
    state = coinche_play(hands, Suit.HEARTS)
    assert state.turn == 1  # dealer 0: seat 1 leads a spade, seat 2 cannot follow
    state, _ = state.apply(PlayCard(card(Suit.SPADES, Rank.ACE)))
    state, _ = state.apply(next(a for a in state.legal_actions() if isinstance(a, PlayCard)))
    view = state.view(3)
    know = knowledge(view, CoincheRules())
    for c in know.hidden:
        if c.suit is Suit.SPADES:
            assert 2 not in know.holders[c]


def test_the_tables_rules_come_from_the_view() -> None:
    rules = BeloteRules(undertrump=Undertrump.OPTIONAL, partner_ruff=PartnerRuff.MUST_OVERTRUMP)
    deal, _ = new_deal_state(rules, 1, 0)
    assert default_rules(deal.view(0)) == rules
