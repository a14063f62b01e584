"""House rules of belote classique and coinche (issue 15): each option's worked example,
computed by hand (``docs/rules.md``), in each position; saves under the options."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from game.engine.actions import CAPOT_BID, Bid, ChooseMode, ChooseTrump, ContractSet, Pass
from game.engine.announcements import Announcement, Kind
from game.engine.belote import BeloteDeal, score_belote_each, score_belote_teams
from game.engine.cards import Suit, TrumpMode, parse_cards
from game.engine.coinche import score_coinche
from game.engine.match import Match
from game.engine.protocol import IllegalAction, Op, Phase, evaluate
from game.engine.rules import (
    AnnounceTie,
    BeloteRules,
    CoincheRules,
    Litige,
    MultiplierBase,
    RulesError,
)
from game.engine.trickgame import SideTally
from game.engine.tricks import ALL_TRUMP, NO_TRUMP, Trump, trick_points
from tests.test_fuzz_saves import saved_match


def teams(cards: tuple[int, int], announcements: tuple[int, int] = (0, 0),
          belote: tuple[int, int] = (0, 0), capot_side: int | None = None) -> SideTally:
    tricks = (8, 0) if capot_side == 0 else (0, 8) if capot_side == 1 else (5, 3)
    return SideTally(cards, announcements, belote, tricks, capot_side)


# --- belote classique: the belote in the made / dedans comparison ------------------------------

# (rules, tally with the takers as side 0, scores (takers, defence), outcome)
COMPARISON = [
    # takers 75 + belote 20 = 95 against 87: made when the belote counts ...
    (BeloteRules(), teams((75, 87), belote=(20, 0)), (95, 87), "passe"),
    # ... dedans without it (75 < 87): the takers keep their belote, the defence 162.
    (BeloteRules(belote_counts_for_contract=False), teams((75, 87), belote=(20, 0)),
     (20, 162), "dedans"),
    # takers 85 against 77 + belote 20 = 97: dedans when it counts (162 + 20) ...
    (BeloteRules(), teams((85, 77), belote=(0, 20)), (0, 182), "dedans"),
    # ... made without it (85 > 77): each side scores its total.
    (BeloteRules(belote_counts_for_contract=False), teams((85, 77), belote=(0, 20)),
     (85, 97), "passe"),
]


@pytest.mark.parametrize(("rules", "t", "expected", "outcome"), COMPARISON)
def test_belote_in_the_contract_comparison(rules: BeloteRules, t: SideTally,
                                           expected: tuple[int, int], outcome: str) -> None:
    result = score_belote_teams(rules, 0, t)
    assert result.scores == expected
    assert result.facts.outcome == outcome


def test_the_compared_totals_are_noted_on_the_sheet_when_the_belote_is_left_out() -> None:
    result = score_belote_teams(BeloteRules(belote_counts_for_contract=False), 0,
                                teams((75, 87), belote=(20, 0)))
    # A dedans: the compared totals are noted with the reason, the belote set aside.
    note = next(line for line in result.lines if line.key == "dedans_why_no_belote")
    assert note.op is Op.NOTE and note.values == (None, None)
    assert dict(note.args) == {"taker": 75, "beater": 87}
    assert evaluate(result.lines, 2) == (20, 162)


def test_belote_left_out_of_the_comparison_at_three_players() -> None:
    # A 45 + belote 20 = 65, B 50, C 40: A beats each opponent only with the belote.
    each = SideTally((45, 50, 40), (0, 0, 0), (20, 0, 0), (3, 4, 2), None)
    assert score_belote_each(BeloteRules(players=3), 0, each).scores == (65, 50, 40)
    off = BeloteRules(players=3, belote_counts_for_contract=False)
    # Dedans: A keeps his belote (20), B takes A's 45 (50 + 45 = 95).
    assert score_belote_each(off, 0, each).scores == (20, 95, 40)


# --- belote classique: a litige's belote -----------------------------------------------------


def test_litige_holds_the_takers_belote_with_their_points_or_pays_it_at_once() -> None:
    t = teams((61, 81), belote=(20, 0))  # 61 + 20 = 81 against 81
    held = score_belote_teams(BeloteRules(), 0, t)
    assert held.scores == (0, 81) and held.facts.frozen == 81
    paid = score_belote_teams(BeloteRules(litige_belote_paid=True), 0, t)
    assert paid.scores == (20, 81) and paid.facts.frozen == 61
    assert evaluate(paid.lines, 2) == (20, 81)


def test_litige_belote_paid_at_three_players() -> None:
    # A 50 + belote 20 = 70 ties B's 70; C 42.
    each = SideTally((50, 70, 42), (0, 0, 0), (20, 0, 0), (3, 4, 2), None)
    held = score_belote_each(BeloteRules(players=3), 0, each)
    assert held.scores == (0, 70, 42) and held.facts.frozen == 70
    paid = score_belote_each(BeloteRules(players=3, litige_belote_paid=True), 0, each)
    assert paid.scores == (20, 70, 42) and paid.facts.frozen == 50


def test_belote_paid_at_once_changes_nothing_when_a_tie_is_dedans() -> None:
    t = teams((61, 81), belote=(20, 0))
    rules = BeloteRules(litige=Litige.DEDANS, litige_belote_paid=True)
    assert score_belote_teams(rules, 0, t).scores == (20, 162)


# --- announcement ties ---------------------------------------------------------------------------


def _tierce(text: str) -> Announcement:
    return Announcement(Kind.TIERCE, parse_cards(text), 20)


def _tied_deal(tie: AnnounceTie, taker: int) -> BeloteDeal:
    """Dealer 0, so seat 1 leads; seats 1 and 2 (opponents) declare equal tierces to the
    jack in plain suits (trump ♣)."""
    deal, _ = BeloteDeal.new(BeloteRules(announce_tie=tie), seed=1, dealer=0)
    declared = ((1, (_tierce("♠9 ♠10 ♠J"),)), (2, (_tierce("♥9 ♥10 ♥J"),)))
    return deal.evolve(trump=Trump.of_suit(Suit.CLUBS), taker=taker, declared=declared,
                       phase=Phase.PLAY)


@pytest.mark.parametrize(("tie", "taker", "scoring"), [
    (AnnounceTie.CANCEL, 2, ()),
    (AnnounceTie.FIRST_IN_TURN, 2, (1,)),  # seat 1 leads trick 1: he was first
    (AnnounceTie.FIRST_IN_TURN, 0, (1,)),
    (AnnounceTie.FIRST_FROM_TAKER, 2, (2,)),  # from the taker: 2, 3, 0, 1
    (AnnounceTie.FIRST_FROM_TAKER, 3, (1,)),  # from the taker: 3, 0, 1, 2
    (AnnounceTie.FIRST_FROM_TAKER, 0, (1,)),  # 0, 1, ...
])
def test_equal_best_announcements(tie: AnnounceTie, taker: int,
                                  scoring: tuple[int, ...]) -> None:
    assert _tied_deal(tie, taker)._compare_announcements()[0] == scoring


# --- belote classique: sans-atout and tout-atout in the second round ---------------------------


def _second_round(rules: BeloteRules, seed: int = 5) -> BeloteDeal:
    deal, _ = BeloteDeal.new(rules, seed=seed, dealer=0)
    for _ in range(rules.players):
        deal, _ = deal.apply(Pass())
    assert deal.round == 2
    return deal


def test_sans_atout_and_tout_atout_are_offered_in_round_two_only_with_the_option() -> None:
    modes = {ChooseMode(TrumpMode.NO_TRUMP), ChooseMode(TrumpMode.ALL_TRUMP)}
    plain = _second_round(BeloteRules())
    assert not modes & set(plain.legal_actions())
    with pytest.raises(IllegalAction, match=r"^illegal.modes_not_played\b"):
        plain.apply(ChooseMode(TrumpMode.NO_TRUMP))
    rules = BeloteRules(sans_atout_tout_atout=True)
    first, _ = BeloteDeal.new(rules, seed=5, dealer=0)
    assert not modes & set(first.legal_actions())
    with pytest.raises(IllegalAction, match=r"^illegal.modes_second_round\b"):
        first.apply(ChooseMode(TrumpMode.ALL_TRUMP))
    assert modes <= set(_second_round(rules).legal_actions())


@pytest.mark.parametrize(("mode", "trump", "words"), [
    (TrumpMode.NO_TRUMP, NO_TRUMP, "sans-atout"), (TrumpMode.ALL_TRUMP, ALL_TRUMP, "tout-atout"),
])
@pytest.mark.parametrize("players", [4, 3, 2])
def test_a_sans_atout_or_tout_atout_deal_plays_out_to_162(
        mode: TrumpMode, trump: Any, words: str, players: int) -> None:
    deal = _second_round(BeloteRules(players=players, sans_atout_tout_atout=True))
    taker = deal.turn
    deal, events = deal.apply(ChooseMode(mode))
    assert deal.trump is trump and deal.taker == taker and deal.phase is Phase.PLAY
    assert any(isinstance(e, ContractSet) and e.trump is trump for e in events)
    assert trump.describe() == words
    assert deal.belote_holder is None  # no trump suit: no belote
    rng = random.Random(players)
    while not deal.is_over:
        deal, _ = deal.apply(rng.choice(deal.legal_actions()))
    tally = deal.tally()
    if players == 4:
        assert sum(tally.trick_points) in (162, 252)
    assert tally.belote == (0,) * len(tally.belote)


def test_sans_atout_and_tout_atout_card_values() -> None:
    # Sans-atout: A 19 + 10 10 + K 4 + Q 3 = 36; the ace wins.
    spades = parse_cards("♠A ♠10 ♠K ♠Q")
    assert trick_points(spades, NO_TRUMP) == 36
    # Tout-atout: J 14 + 9 9 + A 6 + 10 5 = 34; the jack wins.
    assert trick_points(parse_cards("♠J ♠9 ♠A ♠10"), ALL_TRUMP) == 34


def test_tout_atout_makes_every_follower_go_over() -> None:
    deal = _second_round(BeloteRules(sans_atout_tout_atout=True), seed=11)
    deal, _ = deal.apply(ChooseMode(TrumpMode.ALL_TRUMP))
    lead = deal.hands[deal.turn][0]  # type: ignore[index]
    deal, _ = deal.apply(next(a for a in deal.legal_actions()
                              if getattr(a, "card", None) == lead))
    seat = deal.turn
    assert seat is not None
    hand = deal.hands[seat]
    follow = [c for c in hand if c.suit == lead.suit]
    higher = [c for c in follow if ALL_TRUMP.strength[c] > ALL_TRUMP.strength[lead]]
    cards = {a.card for a in deal.legal_actions() if hasattr(a, "card")}
    assert cards == set(higher or follow or hand)


# --- coinche ------------------------------------------------------------------------------------

H, S = Suit.HEARTS, Suit.SPADES


def coinche(rules: CoincheRules, bid: Bid, level: int, t: SideTally) -> tuple[int, ...]:
    result = score_coinche(rules, bid, level, 0, t)
    assert evaluate(result.lines, 2) == result.scores or rules.round_to_10
    return result.scores


@pytest.mark.parametrize(("rules", "expected"), [
    (CoincheRules(), (600, 0)),  # (160 + 20 + 120) × 2
    (CoincheRules(made_base=162), (604, 0)),  # (162 + 20 + 120) × 2
])
def test_made_base(rules: CoincheRules, expected: tuple[int, int]) -> None:
    # K9: 120♠ coinched and made; takers 130 + belote, defence 32.
    assert coinche(rules, Bid(120, S), 1, teams((130, 32), belote=(20, 0))) == expected


@pytest.mark.parametrize(("rules", "expected"), [
    (CoincheRules(), (700, 0)),  # (250 + 100) × 2
    (CoincheRules(made_base=162), (704, 0)),  # (252 + 100) × 2
])
def test_made_base_on_a_capot(rules: CoincheRules, expected: tuple[int, int]) -> None:
    assert coinche(rules, Bid(100, S), 1, teams((252, 0), capot_side=0)) == expected


def test_made_base_leaves_a_contract_not_coinched_alone() -> None:
    rules = CoincheRules(made_base=162)
    assert coinche(rules, Bid(100, H), 0, teams((110, 52))) == (210, 52)


@pytest.mark.parametrize(("rules", "expected"), [
    (CoincheRules(), (500, 0)),  # K11: 250 + 250
    (CoincheRules(bid_capot_base=252), (502, 0)),  # 252 + 250
])
def test_bid_capot_base(rules: CoincheRules, expected: tuple[int, int]) -> None:
    assert coinche(rules, Bid(CAPOT_BID, S), 0, teams((252, 0), capot_side=0)) == expected


def test_bid_capot_base_does_not_change_a_failed_capot() -> None:
    # K12: 160 + 250 = 410 whatever the base of a capot made.
    rules = CoincheRules(bid_capot_base=252)
    assert coinche(rules, Bid(CAPOT_BID, S), 0, teams((150, 12))) == (0, 410)


@pytest.mark.parametrize(("rules", "level", "expected"), [
    (CoincheRules(), 1, (520, 20)),  # (160 + 100) × 2; the defence keeps its belote
    (CoincheRules(defence_belote_to_coinched_takers=True), 1, (560, 0)),  # (160+20+100) × 2
    (CoincheRules(defence_belote_to_coinched_takers=True), 2, (1120, 0)),  # (280) × 4
    (CoincheRules(defence_belote_to_coinched_takers=True,
                  multiplier_base=MultiplierBase.BID_ONLY), 1, (380, 0)),  # 160 + 20 + 100 × 2
    (CoincheRules(defence_belote_to_coinched_takers=True), 0, (210, 72)),  # not coinched
])
def test_defence_belote_to_the_takers_of_a_coinched_contract_made(
        rules: CoincheRules, level: int, expected: tuple[int, int]) -> None:
    # 100♥ made: takers 110, defence 52 + belote 20.
    t = teams((110, 52), belote=(0, 20))
    assert coinche(rules, Bid(100, H), level, t) == expected


def test_defence_belote_stays_with_the_defence_of_a_coinched_contract_failed() -> None:
    # 100♥ coinched and failed (70 against 72 + belote 20): (160 + 20 + 100) × 2.
    rules = CoincheRules(defence_belote_to_coinched_takers=True)
    assert coinche(rules, Bid(100, H), 1, teams((70, 72), belote=(0, 20))) == (0, 560)


def test_the_moved_belote_is_a_line_of_the_sheet() -> None:
    rules = CoincheRules(defence_belote_to_coinched_takers=True)
    result = score_coinche(rules, Bid(100, H), 1, 0, teams((110, 52), belote=(0, 20)))
    moved = next(line for line in result.lines if line.key == "defence_belote_to_takers")
    assert moved.values == (20, -20)


@pytest.mark.parametrize(("options", "message"), [
    ({"made_base": 161}, "made_base"), ({"bid_capot_base": 260}, "bid_capot_base"),
])
def test_bad_values_are_refused(options: dict[str, int], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        CoincheRules(**options)  # type: ignore[arg-type]


# --- saves ----------------------------------------------------------------------------------------

NEW_BELOTE = {"sans_atout_tout_atout": True, "belote_counts_for_contract": False,
              "litige_belote_paid": True, "announce_tie": "first_from_taker"}
NEW_COINCHE = {"made_base": 162, "bid_capot_base": 252,
               "defence_belote_to_coinched_takers": True, "announce_tie": "first_from_taker"}


@pytest.mark.parametrize(("rules_class", "new"), [(BeloteRules, NEW_BELOTE),
                                                  (CoincheRules, NEW_COINCHE)])
def test_options_round_trip_and_old_rules_load_with_the_defaults(
        rules_class: Any, new: dict[str, Any]) -> None:
    rules = rules_class.from_json({**rules_class().to_json(), **new})
    assert {k: v for k, v in rules.to_json().items() if k in new} == new
    old = {k: v for k, v in rules_class().to_json().items() if k not in new}
    assert rules_class.from_json(old) == rules_class()


@pytest.mark.parametrize("rules", [BeloteRules(), CoincheRules()])
def test_a_save_from_before_the_options_loads_and_replays(rules: Any) -> None:
    data = saved_match(rules, 3, 80)
    for key in (*NEW_BELOTE, *NEW_COINCHE):
        if key != "announce_tie":
            data["rules"].pop(key, None)
    loaded = Match.from_json(data)
    assert loaded.rules == rules
    assert loaded.to_json() == saved_match(rules, 3, 80)


@pytest.mark.parametrize("rules", [
    BeloteRules.from_json({"game": "belote", **NEW_BELOTE}),
    BeloteRules.from_json({"game": "belote", "players": 3, **NEW_BELOTE}),
    CoincheRules.from_json({"game": "coinche", **NEW_COINCHE}),
])
def test_a_save_under_the_options_replays_identically(rules: Any) -> None:
    data = saved_match(rules, 8, 150)
    loaded = Match.from_json(data)
    assert loaded.to_json() == data
    assert loaded.totals == Match.from_json(json.loads(json.dumps(data))).totals


def test_a_sans_atout_choice_is_saved_and_replayed() -> None:
    rules = BeloteRules(sans_atout_tout_atout=True)
    match, _ = Match.new(rules, seed=5)
    for _ in range(4):
        match, _ = match.apply(Pass())
    match, _ = match.apply(ChooseMode(TrumpMode.NO_TRUMP))
    data = json.loads(json.dumps(match.to_json()))
    assert data["actions"][-1] == {"type": "ChooseMode", "mode": "no_trump"}
    assert Match.from_json(data).to_json() == data
    assert ChooseTrump(Suit.SPADES) != ChooseMode(TrumpMode.NO_TRUMP)
