"""Matches: the target, the deciding-deal rule, ties, rubicon, litige carry-over, saves."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from game.engine.actions import Pass, Take
from game.engine.deal_scoring import TrickFacts
from game.engine.match import (
    SAVE_VERSION,
    Carry,
    Match,
    NewDeal,
    _carry_recipient,
    deal_seed,
    games_lost,
    match_winner,
)
from game.engine.protocol import DealResult, SaveError
from game.engine.rules import BeloteRules, CoincheRules, Rubicon


def test_first_to_the_target_wins() -> None:
    assert match_winner((1010, 700), 1000, (5, 3)) == 0
    assert match_winner((990, 700), 1000, (5, 3)) is None


def test_a_side_that_took_no_trick_in_the_deciding_deal_does_not_win() -> None:
    assert match_winner((1010, 700), 1000, (0, 8)) is None


def test_both_cross_higher_total_wins_and_a_tie_plays_on() -> None:
    assert match_winner((1010, 1050), 1000, (4, 4)) == 1
    assert match_winner((1050, 1050), 1000, (4, 4)) is None


@pytest.mark.parametrize(("rubicon", "totals", "expected"), [
    (Rubicon.OFF, (1000, 100), 1),
    (Rubicon.SIMPLE, (1000, 499), 2),
    (Rubicon.SIMPLE, (1000, 500), 1),
    (Rubicon.FLOTTANT, (1300, 640), 2),  # less than half of 1300
    (Rubicon.FLOTTANT, (1300, 650), 1),
])
def test_rubicon(rubicon: Rubicon, totals: tuple[int, int], expected: int) -> None:
    assert games_lost(rubicon, 1000, totals, winner=0) == expected


def result(scores: tuple[int, ...], winner: int | None) -> DealResult:
    facts = TrickFacts(taker=0, made=winner == 0, winner_side=winner, outcome="",
                       tricks_won=(4, 4), capot_side=None)
    return DealResult(("a", "b"), scores, (), "", facts)


def test_litige_points_go_to_the_next_deals_winner_or_wait() -> None:
    carry = Carry(81, None)
    assert _carry_recipient(carry, result((100, 62), 0)) == 0
    assert _carry_recipient(carry, result((0, 81), None)) is None  # another litige


def test_three_player_tie_carry_goes_to_whichever_scores_more() -> None:
    carry = Carry(40, (1, 2))
    three = DealResult(("a", "b", "c"), (90, 30, 50), (), "")
    assert _carry_recipient(carry, three) == 2
    tied = DealResult(("a", "b", "c"), (90, 50, 50), (), "")
    assert _carry_recipient(carry, tied) is None


def test_deal_seeds_are_stable_and_distinct() -> None:
    assert (deal_seed(42, 1), deal_seed(42, 2)) == (542093482, 624388236)  # written down once
    assert len({deal_seed(42, n) for n in range(50)}) == 50


def test_two_player_dealer_is_the_deals_winner() -> None:
    match, _ = Match.new(BeloteRules(players=2, target=2000), seed=3)
    first_dealer = match.dealer
    while match.number == 1:
        actions = match.legal_actions()
        take = Take() if Take() in actions else actions[0]
        match, _ = match.apply(take)
    last = match.history[-1].result
    assert match.dealer == last.facts.winner_side or last.facts.winner_side is None
    assert first_dealer in (0, 1)


def test_void_deal_passes_the_deal_and_records_nothing() -> None:
    match, _ = Match.new(CoincheRules(), seed=1)
    dealer = match.dealer
    for _ in range(4):
        match, _ = match.apply(Pass())
    assert match.number == 2 and match.dealer == (dealer + 1) % 4
    assert match.history == () and match.totals == (0, 0)


# --- saves ----------------------------------------------------------------------------

def saved_match() -> dict[str, Any]:
    match, _ = Match.new(CoincheRules(), seed=9)
    for _ in range(6):
        match, _ = match.apply(match.legal_actions()[0])
    return json.loads(json.dumps(match.to_json()))  # type: ignore[no-any-return]


def test_save_format() -> None:
    data = saved_match()
    assert set(data) == {"version", "rules", "seed", "actions"}
    assert data["version"] == SAVE_VERSION and data["rules"]["game"] == "coinche"


@pytest.mark.parametrize(("mutate", "message"), [
    (lambda d: d.update(version=SAVE_VERSION + 1), "newer"),
    (lambda d: d.update(version="1"), "version"),
    (lambda d: d.pop("seed"), "seed"),
    (lambda d: d.update(rules={"game": "poker"}), "which game"),
    (lambda d: d["rules"].update(fail_base=170), "rules"),
    (lambda d: d["rules"].update(packets="4-4"), "rules"),
    (lambda d: d["rules"].update(colour="red"), "rules"),
    (lambda d: d["actions"].append({"type": "Teleport"}), "unknown action"),
    (lambda d: d["actions"].append({"type": "PlayCard", "card": "ZZ"}), "card"),
    (lambda d: d["actions"].insert(0, {"type": "Surcoinche"}), "cannot be replayed"),
    (lambda d: d.update(actions="all of them"), "actions"),
])
def test_bad_saves_raise_save_error(mutate: Any, message: str) -> None:
    data = saved_match()
    mutate(data)
    with pytest.raises(SaveError, match=message):
        Match.from_json(data)


@pytest.mark.parametrize("garbage", [None, 3, "match", [], {"version": 1}])
def test_garbage_is_refused(garbage: object) -> None:
    with pytest.raises(SaveError):
        Match.from_json(garbage)


def test_deal_numbers_are_short_and_replay_the_same_deal() -> None:
    match, _ = Match.new(CoincheRules(), 42)
    number = match.deal_number()
    assert 0 < number < 1_000_000_000
    again, _ = Match.new(CoincheRules(), 7, first_deal=number)
    assert again.deal.hands == match.deal.hands and again.dealer == match.dealer
    assert again.deal_number() == number


def test_a_chosen_deal_number_is_saved_and_checked() -> None:
    match, _ = Match.new(BeloteRules(), 3, first_deal=123_456_789)
    match, _ = match.apply(match.legal_actions()[0])
    data = match.to_json()
    assert data["first_deal"] == 123_456_789
    assert Match.from_json(data).deal.hands == match.deal.hands
    with pytest.raises(SaveError):
        Match.from_json({**data, "first_deal": 0})
    with pytest.raises(ValueError):
        Match.new(BeloteRules(), 3, first_deal=10**9)


@pytest.mark.parametrize("rules", [CoincheRules(), BeloteRules(players=3),
                                   BeloteRules(players=2)], ids=lambda r: f"{r.game}{r.players}")
def test_any_deal_of_a_match_is_dealt_again_identically_from_its_number(
    rules: CoincheRules | BeloteRules,
) -> None:
    """Same number, same dealer, so each seat gets the same hand ("play this deal again")."""
    rng = random.Random(8)
    match, events = Match.new(rules, 21)
    starts = []
    while not match.is_over and len(starts) < 6:
        if any(isinstance(e, NewDeal) for e in events):
            starts.append((match.deal_number(), match.dealer, match.deal.hands))
        match, events = match.apply(rng.choice(match.legal_actions()))
    assert len(starts) >= 3
    for number, dealer, hands in starts:
        again, _ = Match.new(rules, 99, first_deal=number)
        assert (again.dealer, again.deal.hands) == (dealer, hands)
    assert {record.seed for record in match.history} <= {number for number, _, _ in starts}
