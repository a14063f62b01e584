"""Tarot scoring: the worked examples E1-E10 of tarot.md and each scoring rule."""

from __future__ import annotations

import pytest

from game.engine.protocol import evaluate
from game.engine.tarot_scoring import (
    Camp,
    Contract,
    DealOutcome,
    PoigneeKind,
    marks,
    poignee_kind,
    score_deal,
    score_lines,
    seat_factors,
)

A, D = Camp.ATTACK, Camp.DEFENCE
SIMPLE = PoigneeKind.SIMPLE

# (name, players, contract, taker's half points, bouts, poignées, petit au bout,
#  chelem announced, chelem camp, taker's marks, each defender's marks, partner's marks)
EXAMPLES = [
    ("E1", 4, Contract.GARDE, 98, 2, ((SIMPLE, A),), A, False, None, 318, -106, None),
    ("E2", 4, Contract.GARDE_SANS, 90, 2, (), D, False, None, 228, -76, None),
    ("E3", 4, Contract.PRISE, 88, 1, ((SIMPLE, A),), A, False, None, -126, 42, None),
    ("E4", 4, Contract.GARDE, 104, 2, ((SIMPLE, D),), None, False, None, 276, -92, None),
    ("E5", 4, Contract.GARDE_CONTRE, 58, 2, ((SIMPLE, D),), D, False, None, -906, 302, None),
    ("E6", 4, Contract.GARDE, 174, 2, ((SIMPLE, A),), A, True, A, 1746, -582, None),
    ("E7", 3, Contract.PRISE, 81, 2, (), None, False, None, -52, 26, None),
    ("E8", 3, Contract.PRISE, 83, 2, (), None, False, None, 52, -26, None),
    ("E9", 4, Contract.PRISE, 82, 2, (), None, False, None, 75, -25, None),
    ("E10", 5, Contract.GARDE, 101, 1, (), None, False, None, -104, 52, -52),
]


@pytest.mark.parametrize(
    ("name", "players", "contract", "points", "bouts", "poignees", "petit", "announced",
     "chelem", "taker", "defender", "partner"),
    EXAMPLES, ids=[e[0] for e in EXAMPLES],
)
def test_worked_examples(
    name: str, players: int, contract: Contract, points: int, bouts: int,
    poignees: tuple[tuple[PoigneeKind, Camp], ...], petit: Camp | None, announced: bool,
    chelem: Camp | None, taker: int, defender: int, partner: int | None,
) -> None:
    outcome = DealOutcome(players, contract, points, bouts, poignees, petit, announced, chelem)
    score = score_deal(outcome)
    partner_seat = 2 if partner is not None else None
    seats = marks(players, 0, partner_seat, score.per_defender)
    assert seats[0] == taker
    assert seats[1] == defender
    if partner_seat is not None:
        assert seats[partner_seat] == partner
    assert sum(seats) == 0


def test_juste_fait_is_won_and_half_point_goes_to_the_winner() -> None:
    assert score_deal(DealOutcome(4, Contract.PRISE, 82, 2)).diff == 0
    assert score_deal(DealOutcome(4, Contract.PRISE, 82, 2)).won
    assert score_deal(DealOutcome(3, Contract.PRISE, 81, 2)).diff == -1
    assert score_deal(DealOutcome(3, Contract.PRISE, 83, 2)).diff == 1


@pytest.mark.parametrize(("bouts", "needed"), [(0, 56), (1, 51), (2, 41), (3, 36)])
def test_points_needed_by_bouts(bouts: int, needed: int) -> None:
    assert score_deal(DealOutcome(4, Contract.PRISE, needed * 2, bouts)).diff == 0
    assert not score_deal(DealOutcome(4, Contract.PRISE, needed * 2 - 2, bouts)).won


@pytest.mark.parametrize(("contract", "multiplier"), [
    (Contract.PRISE, 1), (Contract.GARDE, 2), (Contract.GARDE_SANS, 4),
    (Contract.GARDE_CONTRE, 6)])
def test_multiplier_applies_to_base_and_petit_not_poignee(
    contract: Contract, multiplier: int
) -> None:
    plain = score_deal(DealOutcome(4, contract, 100, 2))  # won by 9
    assert plain.per_defender == 34 * multiplier
    petit = score_deal(DealOutcome(4, contract, 100, 2, petit_au_bout=D))
    assert petit.per_defender == 34 * multiplier - 10 * multiplier
    poignee = score_deal(DealOutcome(4, contract, 100, 2, ((PoigneeKind.TRIPLE, D),)))
    assert poignee.per_defender == 34 * multiplier + 40


def test_poignees_go_to_the_winning_camp_whoever_showed_them() -> None:
    lost = score_deal(DealOutcome(4, Contract.PRISE, 60, 2, ((PoigneeKind.DOUBLE, A),)))
    assert lost.per_defender == -(25 + 11) - 30
    both = ((PoigneeKind.SIMPLE, A), (PoigneeKind.DOUBLE, D))
    assert score_deal(DealOutcome(4, Contract.PRISE, 82, 2, both)).per_defender == 25 + 50


@pytest.mark.parametrize(("announced", "camp", "bonus"), [
    (True, A, 400), (False, A, 200), (True, None, -200), (False, D, -200), (False, None, 0)])
def test_chelem(announced: bool, camp: Camp | None, bonus: int) -> None:
    points = {A: 182, D: 0, None: 100}[camp]
    base = score_deal(DealOutcome(4, Contract.PRISE, points, 3 if camp is A else 0))
    score = score_deal(DealOutcome(4, Contract.PRISE, points, 3 if camp is A else 0,
                                   chelem_announced=announced, chelem=camp))
    assert score.per_defender - base.per_defender == bonus


@pytest.mark.parametrize(("players", "partner", "factors"), [
    (3, None, (2, -1, -1)),
    (4, None, (3, -1, -1, -1)),
    (5, 3, (2, -1, -1, 1, -1)),
    (5, None, (4, -1, -1, -1, -1)),
    (5, 0, (4, -1, -1, -1, -1)),  # the taker called his own card: alone
])
def test_marks_by_player_count(
    players: int, partner: int | None, factors: tuple[int, ...]
) -> None:
    assert seat_factors(players, 0, partner) == factors
    assert sum(marks(players, 0, partner, 37)) == 0


def test_score_lines_add_up_to_the_deal_score() -> None:
    outcome = DealOutcome(5, Contract.GARDE, 120, 2, ((SIMPLE, A),), D)
    score = score_deal(outcome)
    lines = score_lines(score, outcome, 1, 4)
    total = lines[-1]
    assert total.key == "deal_score"
    # 60 points, 2 bouts: 41 needed, won by 19; (25 + 19) × 2 = 88, the defence's petit
    # au bout -10 × 2, the attack's poignée +20: 88 a defender; the taker twice, the
    # partner once.
    assert total.values == (-88, 176, -88, -88, 88)
    assert evaluate(lines, 5) == total.values
    assert dict(lines[0].args)["points"] == "60"


@pytest.mark.parametrize(("players", "shown", "kind"), [
    (4, 9, None), (4, 10, PoigneeKind.SIMPLE), (4, 13, PoigneeKind.DOUBLE),
    (4, 15, PoigneeKind.TRIPLE), (3, 12, None), (3, 13, PoigneeKind.SIMPLE),
    (3, 18, PoigneeKind.TRIPLE), (5, 8, PoigneeKind.SIMPLE), (5, 10, PoigneeKind.DOUBLE),
    (5, 13, PoigneeKind.TRIPLE)])
def test_poignee_sizes(players: int, shown: int, kind: PoigneeKind | None) -> None:
    assert poignee_kind(players, shown) == kind
