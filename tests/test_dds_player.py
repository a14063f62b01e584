"""Worlds sampled from a view never contradict it, and the determinized player answers a
legal card within its budget."""

from __future__ import annotations

import random
import time

import pytest

from bench.dds import player
from bench.dds.player import card_values, choose_card
from bench.dds.position import bits, position_of
from bench.dds.solver import Solver
from game.ai.sampler import (
    STOCK,
    Knowledge,
    NoWorld,
    bid_likelihood,
    knowledge,
    sample_world,
)
from game.engine.actions import Pass, PlayCard, bid
from game.engine.cards import DECK32, Card, Rank, Suit, card
from game.engine.coinche import CoincheDeal
from game.engine.rules import BeloteRules, CoincheRules, TrickGameRules
from game.engine.trickgame import TrickDeal, TrickView
from game.engine.tricks import legal_cards
from tests.play_fixtures import play_cards, play_started, rule_sets

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


def replays_legally(view: TrickView, rules: TrickGameRules, hands: list[tuple[Card, ...]]) -> bool:
    """Could these hands have played the view's tricks?  (Each seat's hand at a trick is
    its hand now plus the cards it played from that trick on.)"""
    assert view.trump is not None
    tricks = [t.plays for t in view.tricks] + [view.trick]
    held = [set(h) for h in hands]
    for trick in reversed(tricks):
        for seat, c in trick:
            held[seat].add(c)
        for k, (seat, c) in enumerate(trick):
            if c not in legal_cards(tuple(held[seat]), trick[:k], view.trump, rules,
                                    view.partner_of(seat)):
                return False
            held[seat].discard(c)
        for seat, c in trick:
            held[seat].add(c)
    return True


def check_world(
    view: TrickView, state: TrickDeal, rules: TrickGameRules | None,
    world: list[tuple[Card, ...]],
) -> None:
    """The world fits the view (and, given ``rules``, every play of the view)."""
    played = {c for t in view.tricks for _, c in t.plays} | {c for _, c in view.trick}
    assert world[view.seat] == view.hand
    assert [len(h) for h in world] == [len(h) for h in state.hands]
    dealt = [c for h in world for c in h]
    assert len(dealt) == len(set(dealt)), "a card dealt twice"
    assert not set(dealt) & played
    if view.players < 4:
        assert view.retourne not in dealt and view.bergere not in dealt
    if rules is not None:
        assert replays_legally(view, rules, world)


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
    state = _coinche_play(hands, Suit.HEARTS)
    assert state.turn == 1  # dealer 0: seat 1 leads a spade, seat 2 cannot follow
    state, _ = state.apply(PlayCard(card(Suit.SPADES, Rank.ACE)))
    state, _ = state.apply(next(a for a in state.legal_actions() if isinstance(a, PlayCard)))
    view = state.view(3)
    know = knowledge(view, CoincheRules())
    for c in know.hidden:
        if c.suit is Suit.SPADES:
            assert 2 not in know.holders[c]


def _coinche_play(hands: list[list[Card]], trump: Suit) -> TrickDeal:
    state: TrickDeal = CoincheDeal.from_hands(CoincheRules(), hands)
    state, _ = state.apply(bid(80, trump))
    for _ in range(3):
        state, _ = state.apply(Pass())
    return state


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


def test_the_player_is_deterministic() -> None:
    rules = CoincheRules()
    state = play_cards(play_started(rules, 5), 17, random.Random(5))
    view = state.view(state.turn or 0)
    first = choose_card(view, random.Random(1), deadline_s=30, max_worlds=4, rules=rules)
    again = choose_card(view, random.Random(1), deadline_s=30, max_worlds=4, rules=rules)
    assert first == again


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


def test_the_deepening_ends_exact_when_time_allows() -> None:
    """Given time, the values are exact, and then weighed by the utility."""
    for seed in range(10):
        state = play_cards(play_started(CoincheRules(), seed), 16 + seed % 4, random.Random(seed))
        pos = position_of(state)
        exact = Solver(pos, pos.turn).values()
        values = card_values([pos], pos.turn, time.perf_counter() + 60, 10**7,
                             utility=lambda v: v // 10)
        assert values == {i: (v // 10, v) for i, v in exact.items()}


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
    state = _coinche_play([deck[i::4] for i in range(4)], trump)  # seat 1 bids 80 hearts
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


def test_the_score_aware_player_plays_legal_cards() -> None:
    rules = CoincheRules()
    state = play_cards(play_started(rules, 8), 16, random.Random(8))
    while not state.is_over:
        view = state.view(state.turn or 0)
        action = choose_card(view, random.Random(0), deadline_s=0.05, max_worlds=4,
                             rules=rules, score_aware=True)
        assert action in view.legal
        state, _ = state.apply(action)


def test_the_search_plays_by_the_tables_rules_from_the_view() -> None:
    from game.ai.sampler import default_rules
    from game.engine.match import new_deal_state
    from game.engine.rules import BeloteRules, PartnerRuff, Undertrump

    rules = BeloteRules(undertrump=Undertrump.OPTIONAL, partner_ruff=PartnerRuff.MUST_OVERTRUMP)
    deal, _ = new_deal_state(rules, 1, 0)
    assert default_rules(deal.view(0)) == rules
