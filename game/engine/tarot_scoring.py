"""Tarot scoring (``tarot.md``, Scoring): a pure function of a deal's outcome.

The engine, the tests and the score sheet all call ``score_deal``.  Points are in half
points (``tarot_cards``): no float anywhere.  ``X`` is the amount each defender pays
(positive when the attack wins); ``marks`` spreads it over the seats, summing to zero.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum

from game.engine.protocol import DealFacts, Op, ScoreArg, ScoreLine
from game.engine.rules import PetitAuBoutValue, PoigneeSizes, TarotRules


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


class ExcuseFate(Enum):
    """What became of the Excuse once played."""

    SAME_CAMP = "same_camp"  # its own camp won the trick
    EXCHANGED = "exchanged"  # kept, a half-point card given
    OWED = "owed"  # kept, the half-point card given when its camp wins a trick
    CHANGED_CAMP = "changed_camp"  # played in the last trick: goes to the other camp (FFT)
    LAST_TRICK = "last_trick"  # played in the last trick: goes to the winner's camp (option)
    CHELEM = "chelem"  # last card of a chelem: wins the trick


class PoigneeKind(IntEnum):
    SIMPLE = 1
    DOUBLE = 2
    TRIPLE = 3

    @property
    def bonus(self) -> int:
        return (20, 30, 40)[self - 1]


class MisereKind(Enum):
    """A personal prime declared before one's first card (option ``misere``)."""

    TRUMP = "trump"  # misère d'atout: not one trump dealt (the Excuse is no trump here)
    HEADS = "heads"  # misère de têtes: no king, queen, knight or jack dealt


POIGNEE_SIZES: dict[int, tuple[int, int, int]] = {3: (13, 15, 18), 4: (10, 13, 15),
                                                  5: (8, 10, 13)}
POINTS_NEEDED = (56, 51, 41, 36)  # by the number of bouts in the attack's tricks
BASE = 25
PETIT_AU_BOUT = 10
CHELEM_ANNOUNCED_MADE = 400
CHELEM_FAILED = -200
MISERE = 10  # paid to the declarer by each other player
DEFAULT_RULES = TarotRules()


def poignee_size(players: int, kind: PoigneeKind,
                 sizes: PoigneeSizes = PoigneeSizes.FFT) -> int:
    table = POIGNEE_SIZES[4 if sizes is PoigneeSizes.FOUR_PLAYER else players]
    return table[kind - 1]


def poignee_kind(players: int, shown: int,
                 sizes: PoigneeSizes = PoigneeSizes.FFT) -> PoigneeKind | None:
    """The biggest poignée ``shown`` trumps make (None: too few)."""
    kinds = [k for k in PoigneeKind if shown >= poignee_size(players, k, sizes)]
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
    miseres: tuple[tuple[int, MisereKind], ...] = ()  # each declared, and by which seat
    # an Excuse played in the last trick: its fate (changed camp, to the trick's winner, a
    # chelem's) and the camp it went to; the score sheet says so
    excuse_last_trick: tuple[ExcuseFate, Camp] | None = None


@dataclass(frozen=True)
class TarotScore:
    won: bool
    diff: int  # points made - points needed, |diff| rounded up (half point to the winner)
    per_defender: int  # X: what each defender pays (negative: receives)
    parts: tuple[tuple[str, int], ...]  # contributions to X: contract, petit_au_bout, ...


@dataclass(frozen=True, kw_only=True)
class TarotFacts(DealFacts):
    """The facts of a tarot deal (sides are seats: ``taker`` and ``partner`` are seats)."""

    contract: Contract
    points: int  # half points the attack made
    bouts: int
    per_defender: int  # X: what each defender pays (negative: receives)
    chelem: Camp | None  # the camp that won every trick
    chelem_announced: bool
    petit_au_bout: Camp | None

    @classmethod
    def of(cls, outcome: DealOutcome, score: TarotScore, taker: int,
           partner: int | None) -> TarotFacts:
        return cls(
            taker=taker, partner=partner, made=score.won, contract=outcome.contract,
            points=outcome.points, bouts=outcome.bouts, per_defender=score.per_defender,
            chelem=outcome.chelem, chelem_announced=outcome.chelem_announced,
            petit_au_bout=outcome.petit_au_bout,
        )


def score_deal(outcome: DealOutcome, rules: TarotRules = DEFAULT_RULES) -> TarotScore:
    """What each defender pays under ``rules``' scoring options (the misères apart:
    they are personal, see ``misere_marks``)."""
    needed = POINTS_NEEDED[outcome.bouts] * 2
    half_diff = outcome.points - needed
    won = half_diff >= 0
    diff = (half_diff + 1) // 2 if won else -((-half_diff + 1) // 2)
    sign = 1 if won else -1
    multiplier = outcome.contract.multiplier
    parts = [("contract", sign * (BASE + abs(diff)) * multiplier)]
    if outcome.petit_au_bout is not None:
        petit_sign = 1 if outcome.petit_au_bout is Camp.ATTACK else -1
        parts.append(("petit_au_bout", petit_sign * PETIT_AU_BOUT
                      * petit_multiplier(rules, outcome.contract)))
    if outcome.poignees:
        parts.append(("poignee", sign * sum(kind.bonus for kind, _ in outcome.poignees)))
    chelem = _chelem_bonus(outcome, rules)
    if chelem or outcome.chelem is not None:  # a chelem the table pays 0 still says so
        parts.append(("chelem", chelem))
    x = sum(value for _, value in parts)
    return TarotScore(won, diff, x, tuple(parts))


def petit_multiplier(rules: TarotRules, contract: Contract) -> int:
    """The petit au bout is 10 × this: the contract's multiplier (FFT), or 1."""
    return contract.multiplier if rules.petit_au_bout is PetitAuBoutValue.MULTIPLIED else 1


def _chelem_bonus(outcome: DealOutcome, rules: TarotRules) -> int:
    if outcome.chelem is Camp.DEFENCE:
        return -rules.defence_chelem
    if outcome.chelem is Camp.ATTACK:
        return CHELEM_ANNOUNCED_MADE if outcome.chelem_announced else rules.unannounced_chelem
    return CHELEM_FAILED if outcome.chelem_announced else 0


def misere_marks(players: int, seat: int) -> tuple[int, ...]:
    """One misère: its declarer gets ``MISERE`` from each other player."""
    return tuple(MISERE * (players - 1) if s == seat else -MISERE for s in range(players))


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


def deal_marks(score: TarotScore, outcome: DealOutcome, taker: int,
               partner: int | None) -> tuple[int, ...]:
    """Each seat's marks for the deal: the contract's, and the misères'."""
    totals = list(marks(outcome.players, taker, partner, score.per_defender))
    for seat, _ in outcome.miseres:
        totals = [t + m for t, m in zip(totals, misere_marks(outcome.players, seat),
                                        strict=True)]
    return tuple(totals)


def score_lines(
    score: TarotScore, outcome: DealOutcome, taker: int, partner: int | None,
    rules: TarotRules = DEFAULT_RULES,
) -> tuple[ScoreLine, ...]:
    """The breakdown the score sheet shows, one column per seat: the points made against
    the target (a note), each part of what a defender pays (the same in every column),
    their sum, then each seat's factor (the taker pays or gets it once per defender),
    all seen from the defenders' side when they receive (a failed contract: + what each
    receives, the taker's share negative),
    each misère (paid to its declarer by every other seat) and the marks, which add up
    to zero."""
    seats = outcome.players
    lines = [_verdict(score, outcome, seats)]
    if outcome.alone:
        lines.append(ScoreLine("tarot_alone", (None,) * seats, Op.NOTE))
    if outcome.excuse_last_trick is not None:
        fate, camp = outcome.excuse_last_trick
        lines.append(ScoreLine(f"excuse_{fate.value}_{camp.value}", (None,) * seats, Op.NOTE))
    # written forward: when the defenders receive, every figure is seen from their side
    # (+ what each receives, the taker's share negative), never a negative amount x -1
    side = -1 if score.per_defender < 0 else 1
    for key, value, args in _parts(score, outcome, rules):
        lines.append(ScoreLine(key, (side * value,) * seats, Op.ADD, args))
    lines.append(_per_defender(score.per_defender, seats))
    factors = tuple(side * f for f in seat_factors(seats, taker, partner))
    lines.append(ScoreLine("seat_factor", factors, Op.TIMES))
    for seat, kind in outcome.miseres:
        lines.append(ScoreLine(f"misere_{kind.value}", misere_marks(seats, seat), Op.ADD,
                               (("value", MISERE), ("others", seats - 1))))
    lines.append(ScoreLine("deal_score", deal_marks(score, outcome, taker, partner),
                           Op.TOTAL))
    return tuple(lines)


def _verdict(score: TarotScore, outcome: DealOutcome, seats: int) -> ScoreLine:
    """The points made against the points needed (a note).  Half points (three or five
    players) are rounded to the winning camp's benefit: then the exact difference is
    given too ("fait de 15,5, soit 16")."""
    verdict = "tarot_won" if score.won else "tarot_lost"
    args: tuple[tuple[str, ScoreArg], ...] = (
        ("points", format_half_points(outcome.points)), ("bouts", outcome.bouts),
        ("needed", POINTS_NEEDED[outcome.bouts]), ("diff", abs(score.diff)))
    if outcome.points % 2:
        exact = abs(outcome.points - POINTS_NEEDED[outcome.bouts] * 2)
        verdict += "_rounded"
        args += (("exact", format_half_points(exact)),)
    return ScoreLine(verdict, (None,) * seats, Op.NOTE, args)


def _per_defender(per_defender: int, seats: int) -> ScoreLine:
    """What each defender pays, the same in every column; when X is negative, what
    each defender receives, written as the positive amount it is."""
    if per_defender >= 0:
        return ScoreLine("per_defender", (per_defender,) * seats, Op.TOTAL)
    return ScoreLine("per_defender_receives", (-per_defender,) * seats, Op.TOTAL)


Part = tuple[str, int, tuple[tuple[str, ScoreArg], ...]]


def _parts(score: TarotScore, outcome: DealOutcome, rules: TarotRules) -> list[Part]:
    """What a defender pays, part by part, with the arithmetic the sheet writes beside
    each: one line per poignée shown."""
    multiplier = outcome.contract.multiplier
    sign = 1 if score.won else -1
    parts: list[Part] = []
    for key, value in score.parts:
        if key == "contract":
            parts.append(("contract_tarot", value, (
                ("base", BASE), ("diff", abs(score.diff)), ("multiplier", multiplier))))
        elif key == "petit_au_bout":
            camp = outcome.petit_au_bout.value if outcome.petit_au_bout else ""
            parts.append((f"petit_au_bout_{camp}", value, (
                ("value", PETIT_AU_BOUT),
                ("multiplier", petit_multiplier(rules, outcome.contract)))))
        elif key == "poignee":
            parts += [(f"poignee_{kind.name.lower()}_{camp.value}", sign * kind.bonus, ())
                      for kind, camp in outcome.poignees]
        else:
            parts.append((_chelem_key(outcome), value, ()))
    return parts


def _chelem_key(outcome: DealOutcome) -> str:
    if outcome.chelem is Camp.DEFENCE:
        return "chelem_defence"
    announced = "announced_" if outcome.chelem_announced else ""
    return f"chelem_{announced}{'made' if outcome.chelem is Camp.ATTACK else 'failed'}"


def format_half_points(half: int) -> str:
    return f"{half // 2}.5" if half % 2 else str(half // 2)
