"""The scoring of belote classique and coinche: pure functions of what each side took in
a deal (``SideTally``) and the rules.  No deal state: the engine, the tests, the score
sheet and the AI's searches call the same code; ``belote`` and ``coinche`` re-export it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.engine.actions import Bid
from game.engine.protocol import DealResult, ScoreLine
from game.engine.rules import BeloteRules, CoincheRules, Litige, MultiplierBase

TEAM_NAMES = ("team_0_2", "team_1_3")
CAPOT_TRICK_POINTS = 250  # what the tricks count when capot was bid (seed 001)


@dataclass(frozen=True)
class SideTally:
    """What each side (team, or player when each plays for himself) took in a deal."""

    trick_points: tuple[int, ...]  # cards and dix de der (the capot bonus included)
    announcements: tuple[int, ...]  # validated announcements
    belote: tuple[int, ...]
    tricks_won: tuple[int, ...]
    capot_side: int | None  # the side that won every trick

    def total(self, side: int) -> int:
        return self.trick_points[side] + self.announcements[side] + self.belote[side]


def round_to_10(points: int) -> int:
    """FFB rounding: 85 -> 90, 84 -> 80."""
    return (points + 5) // 10 * 10


# --- belote classique ----------------------------------------------------------------------


def belote_score_lines(tally: SideTally, scores: Sequence[int]) -> tuple[ScoreLine, ...]:
    return (
        ScoreLine("cards", tally.trick_points),
        ScoreLine("announcements", tally.announcements),
        ScoreLine("belote", tally.belote),
        ScoreLine("deal_score", tuple(scores)),
    )


def score_belote_teams(rules: BeloteRules, takers: int, tally: SideTally) -> DealResult:
    """Four players: passe, dedans or litige (``belote.md``, Scoring)."""
    defence = 1 - takers
    total = [tally.total(0), tally.total(1)]
    belote = list(tally.belote)
    scores = [0, 0]
    frozen = 0
    tie = total[takers] == total[defence]
    if total[takers] > total[defence]:
        outcome, winner = "passe", takers
        scores = list(total)
        if tally.capot_side == takers and rules.capot_takes_defence_announcements:
            scores[takers] += tally.announcements[defence]
            scores[defence] -= tally.announcements[defence]
    elif tie and rules.litige is Litige.HOLD:
        outcome, winner = "litige", None
        scores[defence] = total[defence]
        frozen = total[takers]
    else:
        outcome, winner = "dedans", defence
        if rules.belote_prenable:
            belote[defence] += belote[takers]
            belote[takers] = 0
        cards = rules.capot_points if tally.capot_side == defence else 162
        scores[defence] = cards + sum(tally.announcements) + belote[defence]
        scores[takers] = belote[takers]
    if rules.round_to_10:
        scores = [round_to_10(s) for s in scores]
    facts: tuple[tuple[str, Any], ...] = (
        ("outcome", outcome), ("takers", takers), ("winner_side", winner),
        ("frozen", frozen), ("frozen_for", None), ("tricks_won", tally.tricks_won),
        ("capot_side", tally.capot_side), ("made", outcome == "passe"),
    )
    return DealResult(TEAM_NAMES, tuple(scores), belote_score_lines(tally, scores), outcome, facts)


def score_belote_each(rules: BeloteRules, taker: int, tally: SideTally) -> DealResult:
    """Two or three players, each for himself (``belote.md``, seed 003)."""
    n = len(tally.trick_points)
    total = [tally.total(s) for s in range(n)]
    opponents = [s for s in range(n) if s != taker]
    best = max(total[s] for s in opponents)
    scores = list(total)
    frozen, frozen_for = 0, None
    taker_points = total[taker] - (0 if rules.belote_prenable else tally.belote[taker])
    if total[taker] > best:
        outcome, winner = "passe", taker
    elif best > total[taker]:
        outcome = "dedans"
        scores[taker] = total[taker] - taker_points
        beaters = [s for s in opponents if total[s] == best]
        if len(beaters) == 1:
            winner = beaters[0]
            scores[winner] += taker_points
        else:
            winner, frozen, frozen_for = None, taker_points, tuple(beaters)
    else:
        outcome, winner = "litige", None
        scores[taker] = 0
        if rules.litige is Litige.HOLD:
            frozen = total[taker]
    if rules.round_to_10:
        scores = [round_to_10(s) for s in scores]
    names = tuple(f"player_{s}" for s in range(n))
    facts: tuple[tuple[str, Any], ...] = (
        ("outcome", outcome), ("takers", taker), ("winner_side", winner),
        ("frozen", frozen), ("frozen_for", frozen_for), ("tricks_won", tally.tricks_won),
        ("capot_side", tally.capot_side), ("made", outcome == "passe"),
    )
    return DealResult(names, tuple(scores), belote_score_lines(tally, scores), outcome, facts)


# --- coinche -------------------------------------------------------------------------------


def score_coinche(
    rules: CoincheRules, contract: Bid, coinche_level: int, takers: int, tally: SideTally
) -> DealResult:
    """The deal's scores from what each side took (``coinche.md``, Scoring)."""
    defence = 1 - takers
    bid = contract.value
    trick_points = list(tally.trick_points)
    if contract.is_capot and tally.capot_side == takers:
        trick_points[takers] = CAPOT_TRICK_POINTS
    total = [trick_points[s] + tally.announcements[s] + tally.belote[s] for s in (0, 1)]
    made = _made(rules, contract, tally, total, takers)
    multiplier = (1, 2, rules.surcoinche_multiplier)[coinche_level]
    all_announcements = sum(tally.announcements)
    belote = list(tally.belote)
    if not made and rules.belote_prenable:
        belote[defence] += belote[takers]
        belote[takers] = 0
    scores = [0, 0]
    if made and coinche_level == 0:
        scores[takers] = total[takers] + bid
        scores[defence] = total[defence]
    elif made:
        base = CAPOT_TRICK_POINTS if tally.capot_side == takers else 160
        scores[takers] = _multiplied(rules, base + all_announcements + belote[takers], bid,
                                     multiplier)
        scores[defence] = belote[defence]
    else:
        extra = rules.fail_base + all_announcements + belote[defence]
        scores[defence] = (
            extra + bid if coinche_level == 0 else _multiplied(rules, extra, bid, multiplier)
        )
        scores[takers] = belote[takers]
    if rules.round_to_10:
        scores = [round_to_10(s) for s in scores]
    bid_line = [0, 0]
    bid_line[takers] = bid
    lines = (
        ScoreLine("cards", tuple(trick_points)),
        ScoreLine("announcements", tally.announcements),
        ScoreLine("belote", tuple(belote)),
        ScoreLine("bid", tuple(bid_line), contract.describe()),
        ScoreLine("multiplier", (multiplier, multiplier)),
        ScoreLine("deal_score", tuple(scores)),
    )
    facts: tuple[tuple[str, Any], ...] = (
        ("made", made),
        ("takers", takers),
        ("tricks_won", tally.tricks_won),
        ("capot_side", tally.capot_side),
        ("coinche_level", coinche_level),
        ("contract", contract.describe()),
        ("winner_side", takers if made else defence),
    )
    return DealResult(TEAM_NAMES, tuple(scores), lines, "made" if made else "failed", facts)


def _made(
    rules: CoincheRules, contract: Bid, tally: SideTally, total: list[int], takers: int
) -> bool:
    if contract.is_capot:
        return tally.capot_side == takers
    if total[takers] < contract.value:
        return False
    return total[takers] > total[1 - takers] or not rules.must_beat_defence


def _multiplied(rules: CoincheRules, base: int, bid: int, multiplier: int) -> int:
    if rules.multiplier_base is MultiplierBase.BID_ONLY:
        return base + bid * multiplier
    return (base + bid) * multiplier
