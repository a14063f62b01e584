"""Tarot scoring (``tarot.md``, Scoring): a pure function of a deal's outcome.

The engine, the tests and the score sheet all call ``score_deal``.  Points are in half
points (``tarot_cards``): no float anywhere.  ``X`` is the amount each defender pays
(positive when the attack wins); ``marks`` spreads it over the seats, summing to zero.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum

from game.engine.protocol import ScoreLine


class Contract(IntEnum):
    PRISE = 1
    GARDE = 2
    GARDE_SANS = 3
    GARDE_CONTRE = 4

    @property
    def multiplier(self) -> int:
        return (1, 2, 4, 6)[self - 1]

    @property
    def chien_shown(self) -> bool:
        """Prise and Garde: the chien is shown, taken, and an écart made."""
        return self <= Contract.GARDE

    @property
    def chien_to_attack(self) -> bool:
        return self is not Contract.GARDE_CONTRE

    @property
    def label(self) -> str:
        return ("Prise", "Garde", "Garde Sans", "Garde Contre")[self - 1]


class Camp(Enum):
    ATTACK = "attack"
    DEFENCE = "defence"


class PoigneeKind(IntEnum):
    SIMPLE = 1
    DOUBLE = 2
    TRIPLE = 3

    @property
    def bonus(self) -> int:
        return (20, 30, 40)[self - 1]


POIGNEE_SIZES: dict[int, tuple[int, int, int]] = {3: (13, 15, 18), 4: (10, 13, 15),
                                                  5: (8, 10, 13)}
POINTS_NEEDED = (56, 51, 41, 36)  # by the number of bouts in the attack's tricks
BASE = 25
PETIT_AU_BOUT = 10
CHELEM_ANNOUNCED_MADE = 400
CHELEM_MADE = 200
CHELEM_FAILED = -200
CHELEM_DEFENCE = 200


def poignee_size(players: int, kind: PoigneeKind) -> int:
    return POIGNEE_SIZES[players][kind - 1]


def poignee_kind(players: int, shown: int) -> PoigneeKind | None:
    """The biggest poignée ``shown`` trumps make (None: too few)."""
    kinds = [k for k in PoigneeKind if shown >= poignee_size(players, k)]
    return kinds[-1] if kinds else None


@dataclass(frozen=True)
class DealOutcome:
    """What the scoring needs to know of a finished deal."""

    players: int
    contract: Contract
    points: int  # half points in the attack's tricks (the chien included when it counts)
    bouts: int  # bouts in the attack's tricks
    poignees: tuple[tuple[PoigneeKind, Camp], ...] = ()  # each shown, and by which camp
    petit_au_bout: Camp | None = None
    chelem_announced: bool = False
    chelem: Camp | None = None  # the camp that won every trick
    alone: bool = False  # five players: the taker plays alone


@dataclass(frozen=True)
class TarotScore:
    won: bool
    diff: int  # points made - points needed, |diff| rounded up (half point to the winner)
    per_defender: int  # X: what each defender pays (negative: receives)
    parts: tuple[tuple[str, int], ...]  # contributions to X: contract, petit_au_bout, ...


def score_deal(outcome: DealOutcome) -> TarotScore:
    needed = POINTS_NEEDED[outcome.bouts] * 2
    half_diff = outcome.points - needed
    won = half_diff >= 0
    diff = (half_diff + 1) // 2 if won else -((-half_diff + 1) // 2)
    sign = 1 if won else -1
    multiplier = outcome.contract.multiplier
    parts = [("contract", sign * (BASE + abs(diff)) * multiplier)]
    if outcome.petit_au_bout is not None:
        petit_sign = 1 if outcome.petit_au_bout is Camp.ATTACK else -1
        parts.append(("petit_au_bout", petit_sign * PETIT_AU_BOUT * multiplier))
    if outcome.poignees:
        parts.append(("poignee", sign * sum(kind.bonus for kind, _ in outcome.poignees)))
    chelem = _chelem_bonus(outcome)
    if chelem:
        parts.append(("chelem", chelem))
    x = sum(value for _, value in parts)
    return TarotScore(won, diff, x, tuple(parts))


def _chelem_bonus(outcome: DealOutcome) -> int:
    if outcome.chelem is Camp.DEFENCE:
        return -CHELEM_DEFENCE
    if outcome.chelem is Camp.ATTACK:
        return CHELEM_ANNOUNCED_MADE if outcome.chelem_announced else CHELEM_MADE
    return CHELEM_FAILED if outcome.chelem_announced else 0


def seat_factors(players: int, taker: int, partner: int | None) -> tuple[int, ...]:
    """How many X each seat gets: defenders -1, the taker (and partner) the rest."""
    factors = [-1] * players
    if partner is not None and partner != taker:
        factors[partner] = 1
    factors[taker] = 0
    factors[taker] = -sum(factors)
    return tuple(factors)


def marks(players: int, taker: int, partner: int | None, per_defender: int) -> tuple[int, ...]:
    return tuple(f * per_defender for f in seat_factors(players, taker, partner))


def score_lines(
    score: TarotScore, outcome: DealOutcome, taker: int, partner: int | None
) -> tuple[ScoreLine, ...]:
    """The per-seat breakdown the score sheet shows: one line per part, then the total."""
    factors = seat_factors(outcome.players, taker, partner)
    lines = [
        ScoreLine(key, tuple(f * value for f in factors), _detail(key, score, outcome))
        for key, value in score.parts
    ]
    lines.append(ScoreLine("deal_score", tuple(f * score.per_defender for f in factors)))
    return tuple(lines)


def format_half_points(half: int) -> str:
    return f"{half // 2}.5" if half % 2 else str(half // 2)


def _detail(key: str, score: TarotScore, outcome: DealOutcome) -> str:
    if key == "contract":
        needed = POINTS_NEEDED[outcome.bouts]
        verdict = "won" if score.won else "lost"
        return (f"{outcome.contract.label}: {format_half_points(outcome.points)} points, "
                f"{outcome.bouts} bouts, {needed} needed, {verdict} by {abs(score.diff)}")
    if key == "petit_au_bout":
        return f"petit au bout: {outcome.petit_au_bout.value if outcome.petit_au_bout else ''}"
    if key == "poignee":
        return ", ".join(f"{kind.name.lower()} ({camp.value})" for kind, camp in outcome.poignees)
    if key == "chelem":
        announced = "announced, " if outcome.chelem_announced else ""
        return announced + (f"made by the {outcome.chelem.value}" if outcome.chelem else "failed")
    return ""
