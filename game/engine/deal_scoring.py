"""The scoring of belote classique and coinche: pure functions of what each side took in
a deal (``SideTally``) and the rules.  No deal state: the engine, the tests, the score
sheet and the AI's searches call the same code; ``belote`` and ``coinche`` re-export it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.engine.actions import Bid
from game.engine.protocol import DealFacts, DealResult, Op, ScoreArg, ScoreLine, evaluate
from game.engine.rules import BeloteRules, CoincheRules, Litige, MultiplierBase, TrickGameRules
from game.engine.trick_view import BELOTE_POINTS, DIX_DE_DER
from game.engine.tricks import Trump

DECK_CARD_POINTS = 152  # every card's points, whatever the trump

TEAM_NAMES = ("team_0_2", "team_1_3")


@dataclass(frozen=True)
class SideTally:
    """What each side (team, or player when each plays for himself) took in a deal."""

    trick_points: tuple[int, ...]  # cards and dix de der (the capot bonus included)
    announcements: tuple[int, ...]  # validated announcements
    belote: tuple[int, ...]
    tricks_won: tuple[int, ...]
    capot_side: int | None  # the side that won every trick
    # Each validated announcement: (side, seat, kind, value), in the order declared.
    announced: tuple[tuple[int, int, str, int], ...] = ()
    unplayed: int = 0  # card points never played (belote at two or three: undealt cards)
    # Announcements declared that do not score: (side, seat, kind, top), and the best
    # one, which beat them (seat, kind, top; None: equal best on both sides cancelled).
    beaten: tuple[tuple[int, int, str, str], ...] = ()
    best: tuple[int, str, str] | None = None

    def total(self, side: int) -> int:
        return self.trick_points[side] + self.announcements[side] + self.belote[side]


def side_of_seat(rules: TrickGameRules, seat: int) -> int:
    """The side ``seat`` scores for: its team at four, else itself."""
    return seat % 2 if rules.has_teams else seat


def tally_of(
    rules: TrickGameRules,
    seat_points: Sequence[int],
    seat_tricks: Sequence[int],
    announced: Iterable[tuple[int, int]] = (),
    belote_seat: int | None = None,
    finished: bool = True,
    declared: Iterable[tuple[int, str, int]] = (),
    beaten: Iterable[tuple[int, str, str]] = (),
    best: tuple[int, str, str] | None = None,
) -> SideTally:
    """The tally of a deal from what each seat took: ``seat_points`` (card points of its
    tricks, dix de der included) and ``seat_tricks``; ``announced``, the value of each
    validated announcement by seat; ``belote_seat``, the seat whose belote scores;
    ``declared``, each validated announcement (seat, kind, value) for the score sheet;
    ``beaten``, each one declared that does not score (seat, kind, top) and ``best``,
    the announcement that beat them.

    A side that took every trick of a ``finished`` deal is capot: its trick points are
    the capot's value, less the card points that never played (belote à 2 and 3 leave
    cards undealt).  The deal, the Expert's rollouts and the bidding simulation all
    build their tally here."""
    sides = 2 if rules.has_teams else rules.players
    points, tricks = [0] * sides, [0] * sides
    for seat, (taken, won) in enumerate(zip(seat_points, seat_tricks, strict=True)):
        points[side_of_seat(rules, seat)] += taken
        tricks[side_of_seat(rules, seat)] += won
    played = sum(tricks)
    capot = None
    if finished and played:
        capot = next((side for side in range(sides) if tricks[side] == played), None)
    missing = DECK_CARD_POINTS - (sum(seat_points) - DIX_DE_DER) if finished else 0
    if capot is not None:
        points[capot] = rules.capot_points - missing
    announcements = [0] * sides
    for seat, value in announced:
        announcements[side_of_seat(rules, seat)] += value
    belote = [0] * sides
    if belote_seat is not None:
        belote[side_of_seat(rules, belote_seat)] = BELOTE_POINTS
    shown = tuple((side_of_seat(rules, seat), seat, kind, value)
                  for seat, kind, value in declared)
    not_scoring = tuple((side_of_seat(rules, seat), seat, kind, top)
                        for seat, kind, top in beaten)
    return SideTally(tuple(points), tuple(announcements), tuple(belote), tuple(tricks), capot,
                     shown, missing if played else 0, not_scoring, best)


@dataclass(frozen=True, kw_only=True)
class TrickFacts(DealFacts):
    """The facts of a belote or coinche deal."""

    outcome: str  # belote: "passe", "dedans", "litige" or "arret"; coinche: "made", "failed"
    tricks_won: tuple[int, ...]  # per side
    capot_side: int | None  # the side that won every trick
    coinche_level: int = 0  # coinche: 1 coinché, 2 surcoinché
    bid: Bid | None = None  # coinche: the contract, as a value (its trump and level)
    arret_winner: int | None = None  # belote's arrêt: the side that wins the match
    trump: Trump | None = None  # belote classique: the deal's trump (coinche: in ``bid``)


def round_to_10(points: int) -> int:
    """FFB rounding: 85 -> 90, 84 -> 80."""
    return (points + 5) // 10 * 10


# --- the breakdown: the terms whose arithmetic is the deal's score ---------------------------

Column = list[int | None]


def _line(key: str, values: Sequence[int | None], op: Op = Op.ADD,
          **args: ScoreArg) -> ScoreLine:
    return ScoreLine(key, tuple(values), op, tuple(args.items()))


def made_lines(tally: SideTally) -> list[ScoreLine]:
    """What each side took: its cards and dix de der (a capot named as such, the whole
    deck's value), its announcements, its belote."""
    sides = range(len(tally.trick_points))
    cards = [None if tally.capot_side == s else tally.trick_points[s] for s in sides]
    lines = [_line("cards", cards)]
    if tally.unplayed:  # why the cards do not add up to 162
        played = DECK_CARD_POINTS + DIX_DE_DER - tally.unplayed
        lines.append(_line("unplayed", [None] * len(cards), Op.NOTE,
                           points=tally.unplayed, played=played))
    if tally.capot_side is not None:
        capot: Column = [None] * len(cards)
        capot[tally.capot_side] = tally.trick_points[tally.capot_side]
        lines.append(_line("capot", capot))
    if any(tally.announcements):
        lines.append(_line("announcements", tally.announcements))
        lines += announcement_notes(tally.announced, len(cards))
    lines += beaten_notes(tally, len(cards))
    if any(tally.belote):
        lines.append(_line("belote", tally.belote))
    return lines


def announcement_notes(announced: Sequence[tuple[int, int, str, int]],
                       sides: int) -> list[ScoreLine]:
    """Under the announcements' term, each one: its kind and who declared it, its value
    in its side's column (notes: the term above already counts them)."""
    return [_moved("announcement", sides, {side: value}, Op.NOTE, kind=kind, seat=seat)
            for side, seat, kind, value in announced]


def beaten_notes(tally: SideTally, sides: int) -> list[ScoreLine]:
    """Why some announcements declared do not count: the best one, whose side alone
    scores (or equal best on both sides, cancelled), then each one beaten."""
    if not tally.beaten:
        return []
    none: Column = [None] * sides
    if tally.best is None:
        lines = [_line("announcements_cancelled", none, Op.NOTE)]
    else:
        seat, kind, top = tally.best
        lines = [_line("announcements_best", none, Op.NOTE, kind=kind, top=top, seat=seat)]
    return lines + [_line("announcement_beaten", none, Op.NOTE, kind=kind, top=top, seat=seat)
                    for _, seat, kind, top in tally.beaten]


def closing_lines(rules: BeloteRules | CoincheRules, sums: Sequence[int],
                  scores: Sequence[int]) -> list[ScoreLine]:
    """The rounding to the ten (when the rules round and it changes a sum), then the
    deal's score."""
    lines = []
    if rules.round_to_10 and any(s != r for s, r in zip(sums, scores, strict=True)):
        lines.append(_line("rounded", [r - s for s, r in zip(sums, scores, strict=True)]))
    lines.append(_line("deal_score", scores, Op.TOTAL))
    return lines


def _moved(key: str, sides: int, amounts: dict[int, int], op: Op = Op.ADD,
           **args: ScoreArg) -> ScoreLine:
    """A term for some sides only (points that change sides: negative where they leave,
    positive where they land)."""
    values: Column = [None] * sides
    for side, amount in amounts.items():
        values[side] = amount
    return _line(key, values, op, **args)


# --- belote classique ----------------------------------------------------------------------


def belote_score_lines(
    rules: BeloteRules, tally: SideTally, scores: Sequence[int],
    moves: Sequence[ScoreLine] = (),
) -> tuple[ScoreLine, ...]:
    """What each side took, the points that changed sides (``moves``), the rounding and
    the deal's score."""
    lines = [*made_lines(tally), *moves]
    sums = evaluate(lines, len(scores))
    return (*lines, *closing_lines(rules, sums, scores))


def contract_totals(rules: BeloteRules, tally: SideTally) -> list[int]:
    """The totals the made / dedans comparison reads: the belote left out of them when
    ``belote_counts_for_contract`` is off."""
    counted = rules.belote_counts_for_contract
    return [tally.total(s) - (0 if counted else tally.belote[s])
            for s in range(len(tally.trick_points))]


def _comparison_note(rules: BeloteRules, tally: SideTally) -> list[ScoreLine]:
    """The compared totals, shown when they differ from the sides' totals."""
    if rules.belote_counts_for_contract or not any(tally.belote):
        return []
    return [_line("contract_points", contract_totals(rules, tally), Op.NOTE)]


def _dedans_why(rules: BeloteRules, compared: Sequence[int], taker: int,
                beater: int) -> ScoreLine:
    """Why the takers are dedans: the totals compared (cards, announcements and, when it
    counts, the belote), the takers' no more than the best other side's."""
    key = "dedans_why" if rules.players == 4 else "dedans_why_one"
    if not rules.belote_counts_for_contract:
        key += "_no_belote"
    return _line(key, [None] * len(compared), Op.NOTE, taker=compared[taker],
                 beater=compared[beater])  # the figures in the words: the row is wide


def _held_for_litige(rules: BeloteRules, tally: SideTally, taker: int) -> int:
    """What a litige freezes of the takers' total: all of it, or all but their belote
    when ``litige_belote_paid`` scores the belote at once."""
    return tally.total(taker) - (tally.belote[taker] if rules.litige_belote_paid else 0)


def score_belote_teams(rules: BeloteRules, takers: int, tally: SideTally) -> DealResult:
    """Four players: passe, dedans or litige (``belote.md``, Scoring)."""
    defence = 1 - takers
    total = [tally.total(0), tally.total(1)]
    compared = contract_totals(rules, tally)
    belote = list(tally.belote)
    scores = [0, 0]
    frozen = 0
    tie = compared[takers] == compared[defence]
    moves: list[ScoreLine] = _comparison_note(rules, tally)
    if compared[takers] > compared[defence]:
        outcome, winner = "passe", takers
        scores = list(total)
        if tally.capot_side == takers and rules.capot_takes_defence_announcements:
            scores[takers] += tally.announcements[defence]
            scores[defence] -= tally.announcements[defence]
            if tally.announcements[defence]:
                moves.append(_moved("capot_announcements", 2, {
                    takers: tally.announcements[defence],
                    defence: -tally.announcements[defence]}))
    elif tie and rules.litige is Litige.HOLD:
        outcome, winner = "litige", None
        scores[defence] = total[defence]
        frozen = _held_for_litige(rules, tally, takers)
        scores[takers] = total[takers] - frozen
        moves.append(_moved("litige_held", 2, {takers: -frozen}))
    else:
        outcome, winner = "dedans", defence
        moves = [_dedans_why(rules, compared, takers, defence)]
        if rules.belote_prenable:
            belote[defence] += belote[takers]
            belote[takers] = 0
        cards = rules.capot_points if tally.capot_side == defence else 162
        scores[defence] = cards + sum(tally.announcements) + belote[defence]
        scores[takers] = belote[takers]
        moves.append(_moved("dedans", 2, {takers: scores[takers] - total[takers],
                                          defence: scores[defence] - total[defence]}))
    if rules.round_to_10:
        scores = [round_to_10(s) for s in scores]
    facts = TrickFacts(
        outcome=outcome, taker=takers, winner_side=winner, frozen=frozen,
        tricks_won=tally.tricks_won, capot_side=tally.capot_side, made=outcome == "passe",
    )
    lines = belote_score_lines(rules, tally, scores, moves)
    return DealResult(TEAM_NAMES, tuple(scores), lines, outcome, facts)


def score_belote_each(rules: BeloteRules, taker: int, tally: SideTally) -> DealResult:
    """Two or three players, each for himself (``belote.md``, seed 003)."""
    n = len(tally.trick_points)
    total = [tally.total(s) for s in range(n)]
    compared = contract_totals(rules, tally)
    opponents = [s for s in range(n) if s != taker]
    best = max(compared[s] for s in opponents)
    scores = list(total)
    frozen, frozen_for = 0, None
    taker_points = total[taker] - (0 if rules.belote_prenable else tally.belote[taker])
    moves: list[ScoreLine] = _comparison_note(rules, tally)
    if compared[taker] > best:
        outcome, winner = "passe", taker
    elif best > compared[taker]:
        outcome = "dedans"
        best_side = next(s for s in opponents if compared[s] == best)
        moves = [_dedans_why(rules, compared, taker, best_side)]
        scores[taker] = total[taker] - taker_points
        beaters = [s for s in opponents if compared[s] == best]
        if len(beaters) == 1:
            winner = beaters[0]
            scores[winner] += taker_points
            moves.append(_moved("dedans", n, {taker: -taker_points, winner: taker_points}))
        else:
            winner, frozen, frozen_for = None, taker_points, tuple(beaters)
            moves.append(_moved("dedans_held", n, {taker: -taker_points}))
    else:
        outcome, winner = "litige", None
        lost = total[taker]
        if rules.litige is Litige.HOLD:
            lost = frozen = _held_for_litige(rules, tally, taker)
        scores[taker] = total[taker] - lost
        key = "litige_held" if rules.litige is Litige.HOLD else "litige_lost"
        moves.append(_moved(key, n, {taker: -lost}))
    if rules.round_to_10:
        scores = [round_to_10(s) for s in scores]
    names = tuple(f"player_{s}" for s in range(n))
    facts = TrickFacts(
        outcome=outcome, taker=taker, winner_side=winner, frozen=frozen,
        frozen_for=frozen_for, tricks_won=tally.tricks_won, capot_side=tally.capot_side,
        made=outcome == "passe",
    )
    lines = belote_score_lines(rules, tally, scores, moves)
    return DealResult(names, tuple(scores), lines, outcome, facts)


# --- coinche -------------------------------------------------------------------------------


def score_coinche(
    rules: CoincheRules, contract: Bid, coinche_level: int, takers: int, tally: SideTally
) -> DealResult:
    """The deal's scores from what each side took (``coinche.md``, Scoring; at two
    players ``two-players.md``: the points in play stand for 160)."""
    defence = 1 - takers
    bid = contract.value
    two = rules.players == 2
    trick_points = list(tally.trick_points)
    if contract.is_capot and tally.capot_side == takers and not two:
        trick_points[takers] = rules.bid_capot_base
    total = [trick_points[s] + tally.announcements[s] + tally.belote[s] for s in (0, 1)]
    made = _made(rules, contract, tally, total, takers)
    multiplier = (1, 2, rules.surcoinche_multiplier)[coinche_level]
    all_announcements = sum(tally.announcements)
    belote = list(tally.belote)
    if not made and rules.belote_prenable:
        belote[defence] += belote[takers]
        belote[takers] = 0
    scores = [0, 0]
    lines = [_line("points_made", total, Op.NOTE, needed=bid)]
    in_play = sum(tally.trick_points)  # two players: the stake's base (capot included)
    if made and coinche_level == 0:
        scores[takers] = total[takers] + bid
        scores[defence] = total[defence]
        counted = dataclasses.replace(tally, trick_points=tuple(trick_points))
        lines += [*made_lines(counted), _moved("contract", 2, {takers: bid})]
    elif made:
        capot = tally.capot_side == takers
        base = (("in_play", in_play) if two
                else ("capot_base" if capot else "made_base",
                      rules.made_capot_base if capot else rules.made_base))
        moves = []
        if rules.defence_belote_to_coinched_takers and belote[defence]:
            moves.append(_moved("defence_belote_to_takers", 2, {
                takers: belote[defence], defence: -belote[defence]}))
            belote[takers] += belote[defence]
            belote[defence] = 0
        scores[takers] = _multiplied(rules, base[1] + all_announcements + belote[takers], bid,
                                     multiplier)
        scores[defence] = belote[defence]
        lines += _stake_lines(rules, takers, base, tally, tally.belote, bid, coinche_level,
                              moves)
    else:
        base = ("in_play", in_play) if two else ("fail_base", rules.fail_base)
        extra = base[1] + all_announcements + belote[defence]
        scores[defence] = (
            extra + bid if coinche_level == 0 else _multiplied(rules, extra, bid, multiplier)
        )
        scores[takers] = belote[takers]
        lines += _stake_lines(rules, defence, base, tally, belote, bid, coinche_level)
    if made and two and rules.two_player_winner_takes_all and scores[defence]:
        lines.append(_moved("winner_takes_all", 2, {defence: -scores[defence]}))
        scores[defence] = 0
    sums = evaluate(lines, 2)
    if rules.round_to_10:
        scores = [round_to_10(s) for s in scores]
    lines += closing_lines(rules, sums, scores)
    facts = TrickFacts(
        outcome="made" if made else "failed", made=made, taker=takers,
        tricks_won=tally.tricks_won, capot_side=tally.capot_side,
        coinche_level=coinche_level, bid=contract, winner_side=takers if made else defence,
    )
    names = ("player_0", "player_1") if two else TEAM_NAMES
    return DealResult(names, tuple(scores), tuple(lines), "made" if made else "failed",
                      facts)


def _stake_lines(rules: CoincheRules, winner: int, base: tuple[str, int], tally: SideTally,
                 belote: Sequence[int], bid: int, level: int,
                 belote_moves: Sequence[ScoreLine] = ()) -> list[ScoreLine]:
    """What the side that wins the stake scores in place of its cards (the takers of a
    coinched contract made, or the defence of a contract failed): the base (160, 250 on
    a capot, or the failure base; at two players the points in play), every announcement
    of ``tally`` (and why those declared that do not count), its belote (with the
    defence's when ``belote_moves`` gives it to the takers), the contract and the
    coinche's multiplier; the other side keeps its own belote."""
    lines = [_moved(base[0], 2, {winner: base[1]})]
    announcements = sum(tally.announcements)
    if announcements:
        lines.append(_moved("all_announcements", 2, {winner: announcements}))
        lines += announcement_notes(tally.announced, 2)
    lines += beaten_notes(tally, 2)
    if any(belote):
        lines.append(_line("belote", belote))
    lines += belote_moves
    if level == 0:
        return [*lines, _moved("contract", 2, {winner: bid})]
    multiplier = (1, 2, rules.surcoinche_multiplier)[level]
    name = "coinched" if level == 1 else "surcoinched"
    if rules.multiplier_base is MultiplierBase.BID_ONLY:
        return [*lines, _moved(f"contract_{name}", 2, {winner: bid * multiplier}, bid=bid,
                               multiplier=multiplier)]
    lines.append(_moved("contract", 2, {winner: bid}))
    lines.append(_moved("subtotal", 2, {winner: evaluate(lines, 2)[winner]}, Op.TOTAL))
    return [*lines, _moved(name, 2, {winner: multiplier}, Op.TIMES)]


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
