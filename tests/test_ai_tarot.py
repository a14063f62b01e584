"""The tarot AI: legal everywhere, blind to hidden cards, and sensible in clear spots."""

from __future__ import annotations

import functools
import os
import random

import pytest

from game.ai import THINK_CHOICES, Decision, Level, decide
from game.engine.protocol import Action, IllegalAction, Phase
from game.engine.rules import TarotRules
from game.engine.tarot import (
    TarotBid,
    TarotDeal,
    TarotDiscard,
    TarotPass,
    TarotPlayCard,
    TarotTrick,
    TarotView,
)
from game.engine.tarot_cards import EXCUSE, THE_PETIT, TarotCard, tarot_card, tarot_cards
from game.engine.tarot_scoring import Contract
from tests.hint_keys import DOCUMENTED
from tests.tarot_hands import full_hands, play_state


def confirme(view: TarotView) -> Decision:
    return decide(view, Level.CONFIRME, random.Random(0))


# Deals a table in the every-level sweep, and the Expert's thinking time there: each
# decision costs it up to that time.  CI's sweep asks every position of six deals at the
# quick setting (a third of the default's likely deals); a long run:
# ATOUT_TAROT_LEVEL_DEALS=12 ATOUT_TAROT_LEVEL_THINK=0.3 (the default setting's).
LEVEL_SWEEP_DEALS = int(os.environ.get("ATOUT_TAROT_LEVEL_DEALS", "6"))
LEVEL_SWEEP_THINK = float(os.environ.get("ATOUT_TAROT_LEVEL_THINK", str(min(THINK_CHOICES))))


@pytest.mark.kernel
@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_level_returns_a_legal_documented_action(players: int) -> None:
    rules = TarotRules(players=players)
    rng = random.Random(players)  # the levels' own draws: the Expert's depend on its clock
    pick = random.Random(players)  # the deal's course, the same whatever the machine's load
    phases = set()
    for seed in range(LEVEL_SWEEP_DEALS):
        state, _ = TarotDeal.new(rules, seed, seed % players)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            phases.add(state.phase)
            for level in Level:
                decision = decide(state.view(seat), level, rng, LEVEL_SWEEP_THINK)
                state.apply(decision.action)  # raises IllegalAction if not legal
                assert {n for n, _ in decision.reason_args} == DOCUMENTED[decision.reason]
            action = pick.choice(state.legal_actions()) if pick.random() < 0.3 else \
                decide(state.view(seat), Level.CONFIRME, pick).action
            state, _ = state.apply(action)
    assert {Phase.BIDDING, Phase.EXCHANGE, Phase.PLAY} <= phases


def _swapped(cards: tuple[TarotCard, ...], x: TarotCard, y: TarotCard) -> tuple[TarotCard, ...]:
    return tuple(y if c == x else x if c == y else c for c in cards)


def _deal_from(rules: TarotRules, size: int, order: tuple[TarotCard, ...]) -> TarotDeal:
    """The hands of ``size`` cards then the chien, in ``order``."""
    n = rules.players
    hands = [order[i * size:(i + 1) * size] for i in range(n)]
    return TarotDeal.from_hands(rules, hands, order[n * size:], 0)


@pytest.mark.kernel
@pytest.mark.parametrize("players", [4, 5])
def test_shuffling_the_hidden_cards_changes_no_decision(players: int) -> None:
    """Two other seats' cards (or the unseen chien's) swapped, the same actions
    replayed: where the seat's view is unchanged, so is every decision."""
    rules = TarotRules(players=players)
    rng = random.Random(9)
    compared = 0
    for seed in range(6):
        first, _ = TarotDeal.new(rules, seed, 0)
        cards = (*(c for hand in first.hands for c in hand), *first.chien)
        build = functools.partial(_deal_from, rules, len(first.hands[0]))
        state, actions = build(cards), list[Action]()
        for _ in range(20 + 7 * seed):
            if state.is_over:
                break
            seat = state.current_player
            assert seat is not None
            action = confirme(state.view(seat)).action
            actions.append(action)
            state, _ = state.apply(action)
        if state.is_over or state.current_player is None:
            continue
        seat = state.current_player
        others = [c for s, hand in enumerate(state.hands) if s != seat for c in hand]
        for _ in range(8):
            x, y = rng.sample(others + list(state.chien), 2)
            other = build(_swapped(cards, x, y))
            try:
                for action in actions:
                    other, _ = other.apply(action)
            except IllegalAction:
                continue
            if other.view(seat) != state.view(seat):
                continue
            assert other.hands != state.hands or other.chien != state.chien
            for level in Level:
                assert decide(other.view(seat), level, random.Random(1), None) == \
                    decide(state.view(seat), level, random.Random(1), None)
            compared += 1
    assert compared >= 10


def bidding_view(hand: str) -> TarotView:
    hands, chien = full_hands(4, {1: hand})
    return TarotDeal.from_hands(TarotRules(players=4), hands, chien, 0).view(1)


def test_a_strong_hand_guards_and_a_weak_one_passes() -> None:
    strong = confirme(bidding_view("A21 A20 A19 A18 A17 A16 A15 A14 A13 EXC RH DH RD RC")).action
    assert isinstance(strong, TarotBid) and strong.contract >= Contract.GARDE
    weak = "1S 2S 3S 4S 5H 6H 7H 8D 9D 1C 2C 3C 4C 5C 6D 7D A02 A03"
    assert confirme(bidding_view(weak)).action == TarotPass()


def test_the_ecart_empties_a_short_suit() -> None:
    hands, chien = full_hands(4, {1: "A21 A20 A19 A18 A17 A16 A15 A14 EXC RH DH CH VH 9H "
                                       "8H RC 2D"}, "3S 4S 5S 6S 7S 8S")
    state = TarotDeal.from_hands(TarotRules(players=4), hands, chien, 0)
    for action in (TarotBid(Contract.GARDE), TarotPass(), TarotPass(), TarotPass()):
        state, _ = state.apply(action)
    assert state.phase is Phase.EXCHANGE
    decision = confirme(state.view(1))
    assert decision.action == TarotDiscard(tarot_card("2D"))  # the lone diamond: a void


def test_the_petit_is_saved_under_a_partner_s_21() -> None:
    state = play_state(4, {1: "5S 6S", 2: "A01 A05 RS", 3: "7S 8S", 0: "A02 9S"}, taker=0,
                       turn=2, trick=((1, tarot_card("A21")),))
    decision = confirme(state.view(2))
    assert decision.action == TarotPlayCard(THE_PETIT)
    assert decision.reason == "hint.save_petit"


def test_a_king_goes_to_a_partner_who_surely_wins() -> None:
    state = play_state(4, {1: "5S 6S", 2: "RS 2S 3C", 0: "7S 8S", 3: "A02 9S"}, taker=3,
                       turn=2, trick=((1, tarot_card("A21")),))
    decision = confirme(state.view(2))
    assert decision.action == TarotPlayCard(tarot_card("RS"))
    assert decision.reason == "hint.partner_master"


def test_the_excuse_is_not_kept_for_the_last_trick() -> None:
    state = play_state(4, {1: "EXC 5S", 2: "6S 7S", 3: "8S 9S", 0: "A02 TS"}, taker=0,
                       turn=1)
    assert confirme(state.view(1)).action == TarotPlayCard(EXCUSE)


def test_the_excuse_goes_before_the_last_trick_even_when_a_partner_wins_this_one() -> None:
    # seat 2 (defence) with the Excuse and a king, two cards left, seat 1's 21 master:
    # the king would be given, but the Excuse kept to the last trick would change camp
    won = TarotTrick(0, ((0, tarot_card("RC")), (1, tarot_card("1C")), (2, tarot_card("2C")),
                         (3, tarot_card("3C"))), 0)
    state = play_state(4, {1: "5S", 2: "EXC RS", 3: "7S 8S", 0: "A02 9S"}, taker=0,
                       turn=2, trick=((1, tarot_card("A21")),), tricks=(won,))
    decision = confirme(state.view(2))
    assert decision.action == TarotPlayCard(EXCUSE)
    assert decision.reason == "hint.excuse_before_last"


def test_the_excuse_is_kept_for_the_last_trick_of_a_chelem() -> None:
    # the taker has won every trick: led last, his Excuse will win the trick
    won = TarotTrick(0, ((0, tarot_card("RC")), (1, tarot_card("1C")), (2, tarot_card("2C")),
                         (3, tarot_card("3C"))), 0)
    state = play_state(4, {0: "EXC A21", 1: "5S 6S", 2: "7S 8S", 3: "9S TS"}, taker=0,
                       turn=0, tricks=(won,))
    assert confirme(state.view(0)).action == TarotPlayCard(tarot_card("A21"))


def test_a_taker_long_in_trumps_leads_them() -> None:
    hand = "A20 A18 A16 A12 A10 A08 A06 RS 5H"
    state = play_state(4, {0: hand, 1: "A21 1S 2S 3S 4S 5S 6S 7S 8S",
                           2: "A02 A03 1H 2H 3H 4H 6H 7H 8H", 3: "1C 2C 3C 4C 5C 6C 7C 8C 9C"},
                       taker=0, turn=0)
    action = confirme(state.view(0)).action
    assert isinstance(action, TarotPlayCard) and action.card.is_trump
    assert tarot_cards(hand)  # the hand parses: the position is what it says


def test_a_defender_leads_the_suit_his_partner_trumps() -> None:
    """Seat 2 showed a void in ♥ (he discarded on a ♥ trick); seat 1, his partner
    against the taker (seat 0), leads a small ♥ for him to trump."""
    first = (0, tarot_card("RH")), (1, tarot_card("2H")), (2, tarot_card("A05")), \
        (3, tarot_card("3H"))
    state = play_state(4, {1: "4H 9C DC 5S", 2: "A07 A08 6S 7S", 3: "A02 8S 2C 3C",
                           0: "A21 RS 4C 5C"}, taker=0, turn=1,
                       tricks=(TarotTrick(0, first, 2),))
    decision = confirme(state.view(1))
    assert decision.action == TarotPlayCard(tarot_card("4H"))
    assert decision.reason == "hint.partner_ruff"
