"""The AI under the house rules of belote classique and coinche (issue 15): it bids
sans-atout / tout-atout in belote's second round only when the table plays them and
the hand fits, plays legally under them, and its rollouts score with the table's rules."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.ai import Level, decide
from game.ai.deal_value import table_scorer
from game.ai.memory import build_memory
from game.ai.search import outcome
from game.engine.actions import ChooseMode, ChooseTrump, Pass, Take
from game.engine.belote import BeloteDeal
from game.engine.cards import DECK32, Card, TrumpMode, parse_cards
from game.engine.match import new_deal_state
from game.engine.protocol import Phase
from game.engine.rules import BeloteRules
from game.engine.tricks import NO_TRUMP

SA_HAND = "♠A ♠10 ♥A ♥10 ♦A"  # aces and their tens: sans-atout
TA_HAND = "♠J ♠9 ♥J ♥9 ♦J"  # jacks and nines: tout-atout
RETOURNE = "♣7"


def deck_giving_seat1(hand: str) -> list[Card]:
    """Dealer 0: seat 1 gets deck[0:3] and deck[12:14]; the retourne is deck[20]."""
    mine = list(parse_cards(hand))
    retourne = parse_cards(RETOURNE)[0]
    rest = [c for c in DECK32 if c not in mine and c != retourne]
    deck = mine[:3] + rest[:9] + mine[3:] + rest[9:15] + [retourne] + rest[15:]
    assert len(deck) == 32
    return deck


def round_two_view(rules: BeloteRules, hand: str) -> tuple[BeloteDeal, object]:
    deal, _ = BeloteDeal.from_deck(rules, deck_giving_seat1(hand), dealer=0)
    for _ in range(4):  # everybody passes round 1, whatever he would have done
        deal, _ = deal.apply(Pass())
    assert deal.round == 2 and deal.turn == 1
    assert sorted(deal.hands[1]) == sorted(parse_cards(hand))
    return deal, deal.view(1)


@pytest.mark.parametrize("level", [Level.CONFIRME, Level.EXPERT])
@pytest.mark.parametrize(("hand", "mode"), [(SA_HAND, TrumpMode.NO_TRUMP),
                                            (TA_HAND, TrumpMode.ALL_TRUMP)])
def test_a_hand_made_for_sans_atout_or_tout_atout_bids_it_when_the_table_plays_it(
        hand: str, mode: TrumpMode, level: Level) -> None:
    _, view = round_two_view(BeloteRules(sans_atout_tout_atout=True), hand)
    decision = decide(view, level, random.Random(1), think=None)
    assert decision.action == ChooseMode(mode)
    assert decision.reason == "hint.choose_mode"


@pytest.mark.parametrize("level", [Level.CONFIRME, Level.EXPERT])
def test_without_the_option_the_same_hands_never_bid_it(level: Level) -> None:
    # The aces make a suit contract (♠ with ♠A ♠10 and two side aces); the jacks and
    # nines without aces are not enough for any suit: pass.
    _, view = round_two_view(BeloteRules(), SA_HAND)
    assert isinstance(decide(view, level, random.Random(1), think=None).action, ChooseTrump)
    _, view = round_two_view(BeloteRules(), TA_HAND)
    assert decide(view, level, random.Random(1), think=None).action == Pass()


def test_a_plain_suit_hand_keeps_its_suit_with_the_option_on() -> None:
    # Long hearts with the J and 9: a suit hand, not a sans-atout one.
    _, view = round_two_view(BeloteRules(sans_atout_tout_atout=True), "♥J ♥9 ♥A ♥8 ♠7")
    assert decide(view, Level.CONFIRME, random.Random(1)).action == ChooseTrump(
        parse_cards("♥J")[0].suit)


def test_the_confirme_bids_sans_atout_or_tout_atout_in_real_deals_only_with_the_option() -> None:
    """Over the same fixed deals, the Confirmé table with the option on takes at least
    one sans-atout or tout-atout; with it off, never (and every decision is legal)."""
    def modes_taken(rules: BeloteRules) -> int:
        taken = 0
        for number in range(150):
            state, _ = new_deal_state(rules, 500 + number, number % 4)
            while state.phase is Phase.BIDDING:
                seat = state.current_player
                assert seat is not None
                action = decide(state.view(seat), Level.CONFIRME, random.Random(0)).action
                assert action in state.legal_actions()
                taken += isinstance(action, ChooseMode)
                state, _ = state.apply(action)
        return taken

    assert modes_taken(BeloteRules(sans_atout_tout_atout=True)) > 0
    assert modes_taken(BeloteRules()) == 0


@pytest.mark.kernel
@pytest.mark.parametrize("players", [4, 3])
def test_every_level_plays_legally_through_sans_atout_and_tout_atout_deals(players: int) -> None:
    rules = BeloteRules(players=players, sans_atout_tout_atout=True)
    rng = random.Random(4)
    played = set()
    for number, mode in enumerate([TrumpMode.NO_TRUMP, TrumpMode.ALL_TRUMP] * 2):
        state, _ = new_deal_state(rules, 70 + number, 0)
        while state.phase is Phase.BIDDING and state.round == 1:  # type: ignore[attr-defined]
            state, _ = state.apply(Pass())
        state, _ = state.apply(ChooseMode(mode))
        played.add(state.trump)
        index = 0
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            level = (Level.EXPERT, Level.CONFIRME, Level.DEBUTANT)[index % 3]
            decision = decide(state.view(seat), level, rng, think=None)
            assert decision.action in state.legal_actions()
            state, _ = state.apply(decision.action)
            index += 1
    assert NO_TRUMP in played


def test_the_rollouts_score_with_the_tables_belote_option() -> None:
    """The same rollout points are a made contract when the belote counts and dedans
    when it does not: the Expert's outcome follows the table."""
    rules_on = BeloteRules()
    rules_off = BeloteRules(belote_counts_for_contract=False)
    deal, _ = BeloteDeal.new(rules_on, seed=3, dealer=0)
    deal, _ = deal.apply(Take())
    view = dataclasses.replace(deal.view(1), belote_seat=1)
    mem = build_memory(view)
    # Seats 1 and 3 (the takers, seat 1 took) 75 + belote 20 = 95; seats 0 and 2 87.
    points, won = [40, 40, 47, 35], [2, 2, 2, 2]
    hands: list[list[Card]] = [[], [], [], []]  # the belote is said: no hand is read

    def value(rules: BeloteRules) -> float:
        return outcome(view, rules, table_scorer(view, rules), mem.trump, hands, points, won)

    # Belote counted: passe, 95 - 87 = 8 for my side.
    assert value(rules_on) == 8
    # Left out: 75 < 87, dedans: 20 - 162 = -142.
    assert value(rules_off) == -142
