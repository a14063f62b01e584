"""Tarot's house-rule options (``docs/rules.md``, Tarot): each value with a worked
example computed by hand, the misère as an engine action, the 5-player call, and the
options through saves and random play."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.match import Match
from game.engine.protocol import IllegalAction, evaluate
from game.engine.rules import (
    KingCall,
    PetitAuBoutValue,
    PoigneeSizes,
    RulesError,
    TarotRules,
)
from game.engine.tarot import (
    CallKing,
    DeclareMisere,
    DeclineChelem,
    MisereDeclared,
    ShowPoignee,
    TarotBid,
    TarotDeal,
    TarotDiscard,
    TarotPass,
    TarotPlayCard,
    callable_cards,
    poignee_choices,
)
from game.engine.tarot_cards import tarot_card, tarot_cards
from game.engine.tarot_scoring import (
    Camp,
    Contract,
    DealOutcome,
    MisereKind,
    PoigneeKind,
    deal_marks,
    marks,
    poignee_kind,
    score_deal,
    score_lines,
)
from tests.tarot_hands import full_hands

C = tarot_cards
A, D = Camp.ATTACK, Camp.DEFENCE
PASS = TarotPass()
FFT = TarotRules()
FIXED_PETIT = TarotRules(petit_au_bout=PetitAuBoutValue.FIXED)


def four_player_marks(outcome: DealOutcome, rules: TarotRules = FFT) -> tuple[int, ...]:
    """Seat 0 takes alone; the marks of the four seats."""
    return marks(4, 0, None, score_deal(outcome, rules).per_defender)


# --- petit au bout: 10 × the multiplier (FFT) or a fixed 10 ---------------------------------


def test_petit_au_bout_multiplied_is_the_seed_example_e1() -> None:
    # Garde, 49 points with 2 bouts: (25 + 8) × 2 = 66; poignée 20; petit 10 × 2 = 20.
    outcome = DealOutcome(4, Contract.GARDE, 98, 2, ((PoigneeKind.SIMPLE, A),), A)
    assert score_deal(outcome).per_defender == 106
    assert four_player_marks(outcome) == (318, -106, -106, -106)


def test_petit_au_bout_fixed_is_ten_whatever_the_contract() -> None:
    # The same deal: 66 + 20 + 10 = 96.
    outcome = DealOutcome(4, Contract.GARDE, 98, 2, ((PoigneeKind.SIMPLE, A),), A)
    assert score_deal(outcome, FIXED_PETIT).per_defender == 96
    assert four_player_marks(outcome, FIXED_PETIT) == (288, -96, -96, -96)
    # Seed example E5, Garde Contre lost by 12 with the defence's poignée and petit:
    # 37 × 6 = 222, + 20, + 10 (FFT: + 60, 302).
    e5 = DealOutcome(4, Contract.GARDE_CONTRE, 58, 2, ((PoigneeKind.SIMPLE, D),), D)
    assert score_deal(e5).per_defender == -302
    assert score_deal(e5, FIXED_PETIT).per_defender == -252


def test_the_breakdown_writes_the_petit_multiplier_the_table_uses() -> None:
    outcome = DealOutcome(4, Contract.GARDE_SANS, 90, 2, (), D)
    for rules, multiplier, value in ((TarotRules(), 4, -40), (FIXED_PETIT, 1, -10)):
        lines = score_lines(score_deal(outcome, rules), outcome, 0, None, rules)
        petit = next(line for line in lines if line.key == "petit_au_bout_defence")
        assert petit.values[0] == value
        assert dict(petit.args) == {"value": 10, "multiplier": multiplier}


# --- chelem: unannounced and defence bonuses ---------------------------------------------------


def test_unannounced_chelem_bonus_200_or_nothing() -> None:
    # Garde, all 91 points and 3 bouts: (25 + 55) × 2 = 160, + 200 unannounced.
    outcome = DealOutcome(4, Contract.GARDE, 182, 3, chelem=A)
    assert four_player_marks(outcome) == (1080, -360, -360, -360)
    assert four_player_marks(outcome, TarotRules(unannounced_chelem=0)) == (480, -160, -160,
                                                                            -160)
    unpaid = TarotRules(unannounced_chelem=0)
    lines = score_lines(score_deal(outcome, unpaid), outcome, 0, None, unpaid)
    assert [line.values[0] for line in lines if line.key == "chelem_made"] == [0]
    # Announced: 400 whatever the option.
    announced = dataclasses.replace(outcome, chelem_announced=True)
    assert score_deal(announced, TarotRules(unannounced_chelem=0)).per_defender == 560


def test_defence_chelem_bonus_200_or_nothing() -> None:
    # Prise, no point and no bout: lost by 56, 25 + 56 = 81, + 200 to the defence.
    outcome = DealOutcome(4, Contract.PRISE, 0, 0, chelem=D)
    assert four_player_marks(outcome) == (-843, 281, 281, 281)
    assert four_player_marks(outcome, TarotRules(defence_chelem=0)) == (-243, 81, 81, 81)


def test_chelem_bonuses_accept_only_200_or_0() -> None:
    with pytest.raises(RulesError):
        TarotRules(defence_chelem=100)
    with pytest.raises(RulesError):
        TarotRules.from_json({"unannounced_chelem": 400})


# --- poignée sizes -------------------------------------------------------------------------


@pytest.mark.parametrize("players, shown, fft, four_player", [
    (3, 10, None, PoigneeKind.SIMPLE), (3, 13, PoigneeKind.SIMPLE, PoigneeKind.DOUBLE),
    (3, 15, PoigneeKind.DOUBLE, PoigneeKind.TRIPLE), (4, 13, PoigneeKind.DOUBLE,
                                                     PoigneeKind.DOUBLE),
    (5, 8, PoigneeKind.SIMPLE, None), (5, 10, PoigneeKind.DOUBLE, PoigneeKind.SIMPLE),
    (5, 13, PoigneeKind.TRIPLE, PoigneeKind.DOUBLE),
])
def test_poignee_sizes_by_players_or_ten_thirteen_fifteen(
    players: int, shown: int, fft: PoigneeKind | None, four_player: PoigneeKind | None
) -> None:
    assert poignee_kind(players, shown, PoigneeSizes.FFT) == fft
    assert poignee_kind(players, shown, PoigneeSizes.FOUR_PLAYER) == four_player


def test_a_ten_trump_poignee_at_five_is_double_or_simple() -> None:
    # Garde at five, 50.5 points with 1 bout: lost by 1, (25 + 1) × 2 = 52; the taker's
    # poignée of 10 is a double (30) by the FFT, a simple (20) with 10-13-15.
    for sizes, x in ((PoigneeSizes.FFT, -82), (PoigneeSizes.FOUR_PLAYER, -72)):
        kind = poignee_kind(5, 10, sizes)
        assert kind is not None
        outcome = DealOutcome(5, Contract.GARDE, 101, 1, ((kind, A),))
        assert score_deal(outcome).per_defender == x


def test_the_engine_offers_the_poignee_sizes_of_the_table() -> None:
    hand = C("A01 A02 A03 A04 A05 A06 A07 A08 A09 A10 A11 1S 2S")
    assert poignee_choices(hand, 3) == []
    assert poignee_choices(hand, 3, PoigneeSizes.FOUR_PLAYER) == [hand[:10]]
    trumps = "A02 A03 A04 A05 A06 A07 A08 A09 A10 A11"
    for sizes, expected in ((PoigneeSizes.FFT, 0), (PoigneeSizes.FOUR_PLAYER, 1)):
        deal = taken(TarotRules(players=3, poignee_sizes=sizes), {0: trumps})
        shows = [a for a in deal.legal_actions() if isinstance(a, ShowPoignee)]
        assert len(shows) == expected
    deal = taken(TarotRules(players=3), {0: trumps})
    with pytest.raises(IllegalAction, match="13, 15, 18"):
        deal.apply(ShowPoignee(C(trumps)))


# --- the 5-player call -----------------------------------------------------------------------


def test_callable_cards_by_option() -> None:
    kings = "RS RH RD RC"
    assert codes(callable_cards(C("RS 1H"), KingCall.FFT)) == {"RS", "RH", "RD", "RC"}
    assert codes(callable_cards(C("RS 1H"), KingCall.NO_SELF)) == {"RH", "RD", "RC"}
    assert codes(callable_cards(C(kings), KingCall.FFT)) == {"DS", "DH", "DD", "DC"}
    assert codes(callable_cards(C(kings + " DS"), KingCall.NO_SELF)) == {"DH", "DD", "DC"}
    assert codes(callable_cards(C(kings), KingCall.FOUR_KINGS_ALONE)) == {"RS", "RH", "RD",
                                                                         "RC"}


def test_holding_four_kings_the_taker_plays_alone_under_four_kings_alone() -> None:
    rules = TarotRules(players=5, king_call=KingCall.FOUR_KINGS_ALONE)
    hands, chien = full_hands(5, {0: "RS RH RD RC"})
    deal = TarotDeal.from_hands(rules, hands, chien, dealer=4)
    for action in (TarotBid(Contract.GARDE_SANS), PASS, PASS, PASS, PASS):
        deal, _ = deal.apply(action)
    assert codes([a.card for a in deal.legal_actions() if isinstance(a, CallKing)]) == {
        "RS", "RH", "RD", "RC"}
    deal, _ = deal.apply(CallKing(tarot_card("RS")))
    assert deal.partner is None
    with pytest.raises(IllegalAction):  # the FFT's queen is no longer callable
        TarotDeal.from_hands(rules, hands, chien, dealer=4).apply(
            TarotBid(Contract.GARDE_SANS))[0].apply(PASS)[0].apply(PASS)[0].apply(
            PASS)[0].apply(PASS)[0].apply(CallKing(tarot_card("DS")))


# --- misère ----------------------------------------------------------------------------------

NO_TRUMP = "1H 2H 3H 4H 5H 6H 7H 8H 9H TH VH CH DH RH 1S 2S 3S 4S"  # heads, no trump
NO_HEAD = "1C 2C 3C 4C 5C 6C 7C 8C 9C TC A02 A03 A04 A05 A06 5S 6S 7S"  # trumps, no head
TAKER = "A10 A11 A12 A13 A14 A15 A16 A17 A18 A19 A20 A21 EXC A01 RS DS CS VS"
MISERE_HANDS = {0: TAKER, 1: NO_TRUMP, 2: NO_HEAD, 3: "A07 A08 A09"}


def test_a_misere_is_ten_from_each_other_player_on_top_of_the_contract() -> None:
    # Seed example E1 (taker +318, defenders -106), seat 2 declaring a trump misère:
    # +30 for seat 2, -10 for everyone else.
    outcome = DealOutcome(4, Contract.GARDE, 98, 2, ((PoigneeKind.SIMPLE, A),), A,
                          miseres=((2, MisereKind.TRUMP),))
    score = score_deal(outcome)
    assert deal_marks(score, outcome, 0, None) == (308, -116, -76, -116)
    lines = score_lines(score, outcome, 0, None)
    misere = next(line for line in lines if line.key == "misere_trump")
    assert misere.values == (-10, -10, 30, -10)
    assert evaluate(lines, 4) == (308, -116, -76, -116)
    # At five, the taker's partner pays the misère too: 10 × 4 = 40 to the declarer.
    five = DealOutcome(5, Contract.PRISE, 82, 2, miseres=((4, MisereKind.HEADS),))
    assert deal_marks(score_deal(five), five, 0, 1) == (40, 15, -35, -35, 15)


def test_misere_is_declared_before_the_first_card_and_scored() -> None:
    with_misere = play_misere_deal(TarotRules(misere=True), declare=True)
    without = play_misere_deal(TarotRules(), declare=False)
    assert with_misere.outcome is not None and without.outcome is not None
    difference = tuple(a - b for a, b in zip(with_misere.outcome.scores,
                                             without.outcome.scores, strict=True))
    # Seat 1 (no trump) +30, seat 2 (no head) +30, each paying the other's 10.
    assert difference == (-20, 20, 20, -20)
    assert with_misere.view(3).miseres == ((1, MisereKind.TRUMP), (2, MisereKind.HEADS))
    keys = [line.key for line in with_misere.outcome.lines]
    assert "misere_trump" in keys and "misere_heads" in keys
    assert "misere_trump" not in [line.key for line in without.outcome.lines]


def test_misere_is_refused_when_off_false_twice_or_late() -> None:
    off = play_misere_deal(TarotRules(), declare=False, cards=1)
    assert not any(isinstance(a, DeclareMisere) for a in off.legal_actions())
    with pytest.raises(IllegalAction, match=r"^illegal.misere\b"):
        off.apply(DeclareMisere(MisereKind.TRUMP))
    on = play_misere_deal(TarotRules(misere=True), declare=False, cards=1)
    assert [a for a in on.legal_actions() if isinstance(a, DeclareMisere)] == [
        DeclareMisere(MisereKind.TRUMP)]  # seat 1 holds heads: no heads misère
    with pytest.raises(IllegalAction):
        on.apply(DeclareMisere(MisereKind.HEADS))
    declared, events = on.apply(DeclareMisere(MisereKind.TRUMP))
    assert events == [MisereDeclared(1, MisereKind.TRUMP)]
    with pytest.raises(IllegalAction):
        declared.apply(DeclareMisere(MisereKind.TRUMP))
    after_card = play_misere_deal(TarotRules(misere=True), declare=False, cards=2)
    assert after_card.turn == 2
    played_1 = after_card.evolve(turn=1)  # seat 1 has played: too late for him
    assert not any(isinstance(a, DeclareMisere) for a in played_1.legal_actions())


def test_the_takers_misere_counts_his_hand_as_dealt() -> None:
    # No trump dealt, the chien's trumps taken: a trump misère all the same; the queen he
    # discards was dealt to him: no heads misère.
    rules = TarotRules(misere=True)
    given = {0: "1H 2H 3H 4H 5H 6H 7H 8H 9H TH DH 1S 2S 3S 4S 5S 6S 7S"}
    hands, chien = full_hands(4, given, chien="A02 A03 A04 A05 A06 A07")
    deal = TarotDeal.from_hands(rules, hands, chien, dealer=3)
    for action in (TarotBid(Contract.GARDE), PASS, PASS, PASS):
        deal, _ = deal.apply(action)
    for code in ("DH", "1S", "2S", "3S", "4S", "5S"):
        deal, _ = deal.apply(TarotDiscard(tarot_card(code)))
    deal, _ = deal.apply(DeclineChelem())
    assert any(c.is_trump for c in deal.hands[0])
    assert [a for a in deal.legal_actions() if isinstance(a, DeclareMisere)] == [
        DeclareMisere(MisereKind.TRUMP)]


def play_misere_deal(rules: TarotRules, declare: bool, cards: int = 72) -> TarotDeal:
    """Seat 0 takes a Garde Sans; seats 1 (no trump) and 2 (no head) declare their misère
    when ``declare``; the first legal card each time, ``cards`` cards in all."""
    hands, chien = full_hands(4, MISERE_HANDS)
    deal = TarotDeal.from_hands(rules, hands, chien, dealer=3)
    for action in (TarotBid(Contract.GARDE_SANS), PASS, PASS, PASS, DeclineChelem()):
        deal, _ = deal.apply(action)
    played = 0
    while not deal.is_over and played < cards:
        legal = deal.legal_actions()
        misere = [a for a in legal if isinstance(a, DeclareMisere)]
        if declare and misere:
            deal, _ = deal.apply(misere[0])
            continue
        deal, _ = deal.apply(next(a for a in legal if isinstance(a, TarotPlayCard)))
        played += 1
    return deal


# --- saves, random play, fuzzing ----------------------------------------------------------------

ALL_OPTIONS = TarotRules(players=5, deals=None, target=600, misere=True,
                         poignee_sizes=PoigneeSizes.FOUR_PLAYER,
                         petit_au_bout=PetitAuBoutValue.FIXED, unannounced_chelem=0,
                         defence_chelem=0, king_call=KingCall.NO_SELF)


def test_every_option_goes_through_a_save() -> None:
    data = json.loads(json.dumps(ALL_OPTIONS.to_json()))
    assert data["poignee_sizes"] == "10-13-15" and data["king_call"] == "no_self"
    assert TarotRules.from_json(data) == ALL_OPTIONS
    old = {"game": "tarot", "players": 4, "deals": 8, "target": 1000, "direction": "ccw"}
    assert TarotRules.from_json(old) == TarotRules()  # a save from before the options


@st.composite
def tarot_rule_sets(draw: st.DrawFn) -> TarotRules:
    return TarotRules(
        players=draw(st.sampled_from([3, 4, 5])), misere=draw(st.booleans()),
        poignee_sizes=draw(st.sampled_from(list(PoigneeSizes))),
        petit_au_bout=draw(st.sampled_from(list(PetitAuBoutValue))),
        unannounced_chelem=draw(st.sampled_from([200, 0])),
        defence_chelem=draw(st.sampled_from([200, 0])),
        king_call=draw(st.sampled_from(list(KingCall))))


@settings(max_examples=25, deadline=None)
@given(rules=tarot_rule_sets(), seed=st.integers(0, 10_000))
def test_any_options_play_zero_sum_deals_that_replay_from_the_save(
    rules: TarotRules, seed: int
) -> None:
    rng = random.Random(seed)
    match, _ = Match.new(rules, seed)
    scored = 0
    while scored < 2 and not match.is_over:
        before = len(match.history)
        match, _ = match.apply(rng.choice(match.legal_actions()))
        if len(match.history) > before:
            result = match.history[-1].result
            assert sum(result.scores) == 0
            assert evaluate(result.lines, rules.players) == result.scores
            scored += 1
    replayed = Match.from_json(json.loads(json.dumps(match.to_json())))
    assert replayed.totals == match.totals and replayed.rules == rules


def test_random_deals_under_misere_declare_some() -> None:
    """Random play over fixed seeds: misères turn up, are scored and replay."""
    rules = TarotRules(players=5, misere=True)
    declared = 0
    for seed in range(12):
        rng = random.Random(seed)
        match, _ = Match.new(rules, seed)
        for _ in range(400):
            if match.is_over:
                break
            legal = match.legal_actions()
            misere = [a for a in legal if isinstance(a, DeclareMisere)]
            action: Any = misere[0] if misere else rng.choice(legal)
            match, events = match.apply(action)
            declared += sum(isinstance(e, MisereDeclared) for e in events)
        replayed = Match.from_json(json.loads(json.dumps(match.to_json())))
        assert replayed.totals == match.totals and replayed.history == match.history
    assert declared >= 3


def taken(rules: TarotRules, given: dict[int, str]) -> TarotDeal:
    """Seat 0 takes a Garde Sans over the given hands; the play about to start."""
    hands, chien = full_hands(rules.players, given)
    deal = TarotDeal.from_hands(rules, hands, chien, dealer=rules.players - 1)
    for action in (TarotBid(Contract.GARDE_SANS), *[PASS] * (rules.players - 1)):
        deal, _ = deal.apply(action)
    if rules.players == 5:
        deal, _ = deal.apply(deal.legal_actions()[0])
    deal, _ = deal.apply(DeclineChelem())
    return deal


def codes(cards: Any) -> set[str]:
    return {c.code for c in cards}
