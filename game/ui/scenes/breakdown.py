"""A deal's score breakdown in words and figures, as the score sheet and the score pad
lay it out: one row per term of the engine's arithmetic (``ScoreLine``), a cell per side.

No pygame here: the rows are plain data, tested headless.  The figures are the engine's;
this module only writes them the way a player checks them with a pencil: the first
figure of a column plain, then "+ 20", "− 80", "× 2", "= 290".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from game.engine.coinche import trump_of
from game.engine.deal_scoring import TrickFacts
from game.engine.match import DealRecord
from game.engine.protocol import DealFacts, Op, ScoreLine
from game.engine.tarot_cards import TOTAL_POINTS
from game.engine.tarot_scoring import POINTS_NEEDED, TarotFacts, format_half_points
from game.i18n import Texts
from game.par import Par, ParStatus
from game.ui.table.model import contract_key, trump_key
from game.ui.table.words import say_text

MINUS = "−"


class Style(Enum):
    NOTE = "note"  # a fact the sum does not use (points made)
    TERM = "term"
    SUBTOTAL = "subtotal"
    SCORE = "score"  # the deal's score
    TOTALS = "totals"  # the match's running totals


@dataclass(frozen=True)
class Row:
    label: str
    cells: tuple[str, ...]
    style: Style
    key: str = ""  # the engine's term (``ScoreLine.key``), "carried" or "totals"


def deal_words(texts: Texts, record: DealRecord, side_name: Callable[[int], str],
               with_result: bool = True) -> str:
    """Who took, the contract, and how it ended: "Ouest · 110 cœur, coinché · Contrat
    réussi" (``side_name`` names a side or seat)."""
    result = record.result
    facts = result.facts
    words = [side_name(facts.taker)] if facts is not None else []
    if isinstance(facts, TarotFacts):
        words.append(texts.tr(contract_key(facts.contract)))
    elif isinstance(facts, TrickFacts) and facts.bid is not None:
        bid = facts.bid
        value = texts.tr("bid.capot_short") if bid.is_capot else str(bid.value)
        contract_words = f"{value} {say_text(texts, trump_key(trump_of(bid)))}"
        level = facts.coinche_level
        if level:
            coinched = texts.tr("table.coinched" if level == 1 else "table.surcoinched")
            contract_words += f", {coinched.lower()}"
        words.append(contract_words)
    elif isinstance(facts, TrickFacts) and facts.trump is not None:  # belote classique
        words.append(say_text(texts, trump_key(facts.trump)))
    if with_result:
        summary = f"outcome.{result.summary}"
        words.append(texts.tr(summary) if texts.has_key(summary) else result.summary)
    return " · ".join(words)


def breakdown_rows(texts: Texts, lines: Sequence[ScoreLine], carried: Sequence[int] = (),
                   totals: Sequence[int] = (),
                   seat_name: Callable[[int], str] = str) -> list[Row]:
    """The rows of ``lines``, then the points carried from an earlier deal (when any)
    and the match's totals (when given); ``seat_name`` names who declared an
    announcement."""
    sides = len(lines[0].values) if lines else len(totals)
    started = [False] * sides
    rows = []
    for line in lines:
        label = term_label(texts, line, seat_name)
        cells = tuple(_cell(line, side, started) for side in range(sides))
        rows.append(Row(label, cells, _style(line), line.key))
    if any(carried):
        rows.append(Row(texts.tr("score.carried"), tuple(_signed(v) for v in carried), Style.TERM,
                        "carried"))
    if totals:
        rows.append(Row(texts.tr("score.totals"), tuple(_number(v) for v in totals), Style.TOTALS,
                        "totals"))
    return rows


def tarot_why(texts: Texts, facts: DealFacts | None) -> str:
    """Why a tarot contract passed or fell, in a lesson's last words: the points are in
    the cards, not the trumps' tricks; what the taker made, needed, and the defence kept
    ("" for another game)."""
    if not isinstance(facts, TarotFacts):
        return ""
    kept = TOTAL_POINTS - facts.points
    needed = POINTS_NEEDED[facts.bouts]
    key = "lesson.why_made" if facts.made else "lesson.why_fell"
    return texts.tr_n(key, facts.bouts, points=_half(texts, facts.points), needed=needed,
                      kept=_half(texts, kept),
                      diff=_half(texts, abs(facts.points - 2 * needed)))


def _half(texts: Texts, half_points: int) -> str:
    text = format_half_points(half_points)
    return text.replace(".", ",") if texts.language == "fr" else text


def term_label(texts: Texts, line: ScoreLine, seat_name: Callable[[int], str] = str) -> str:
    """The term's words with its arguments: half points written the player's way
    ("43,5" in French), plurals by the count of bouts, an announcement's kind and
    declarer in words."""
    args = {name: _localized(texts, value) for name, value in line.args}
    if "kind" in args:
        args["kind"] = texts.tr(f"kind.{args['kind']}")
    if "top" in args:  # an announcement's top card ("to the king"), a carré's rank
        args["top"] = texts.tr(f"announce_top.{args['top']}")
    seat = args.get("seat")
    if isinstance(seat, int):
        args["seat"] = seat_name(seat)
    bouts = args.get("bouts")
    if isinstance(bouts, int):
        return texts.tr_n(f"term.{line.key}", bouts, **args)
    return texts.tr(f"term.{line.key}", **args)


def _localized(texts: Texts, value: object) -> object:
    if isinstance(value, str) and texts.language == "fr":
        return value.replace(".", ",")
    return value


def _style(line: ScoreLine) -> Style:
    if line.op is Op.NOTE:
        return Style.NOTE
    if line.op is Op.TOTAL:
        return Style.SCORE if line.key == "deal_score" else Style.SUBTOTAL
    return Style.TERM


def _cell(line: ScoreLine, side: int, started: list[bool]) -> str:
    value = line.values[side]
    if value is None:
        return ""
    if line.op is Op.NOTE:
        return _number(value)
    if line.op is Op.TOTAL:
        return f"= {_number(value)}"
    if line.op is Op.TIMES:
        return f"× {_number(value)}"
    first = not started[side]
    started[side] = True
    return _number(value) if first else _signed(value)


def _number(value: int) -> str:
    return f"{MINUS}{-value}" if value < 0 else str(value)


def _signed(value: int) -> str:
    return f"{MINUS} {-value}" if value < 0 else f"+ {value}"


def signed_points(texts: Texts, value: float) -> str:
    """A margin as the score sheet writes it: "+80", "−82", "0", "+26.5" ("+26,5")."""
    magnitude = f"{abs(value):.1f}".removesuffix(".0")
    if texts.language == "fr":
        magnitude = magnitude.replace(".", ",")
    if magnitude == "0":
        return "0"
    return f"{'+' if value > 0 else MINUS}{magnitude}"


def par_words(texts: Texts, par: Par | ParStatus | None) -> str:
    """The deal's par in a sentence: "You +80 · the Expert in your seat +120", or that
    it is being computed, or that it failed; "" when there is none."""
    if isinstance(par, Par):
        return texts.tr("sheet.par", you=signed_points(texts, par.player),
                        expert=signed_points(texts, par.expert))
    if par is ParStatus.COMPUTING:
        return texts.tr("sheet.par_computing")
    if par is ParStatus.FAILED:
        return texts.tr("sheet.par_failed")
    return ""


def par_cell(texts: Texts, par: Par | ParStatus | None) -> str:
    """The par in a score pad line: the player's margin less the Expert's, "…" while
    it is computed, "—" without one."""
    if isinstance(par, Par):
        return signed_points(texts, par.difference)
    return "…" if par is ParStatus.COMPUTING else "—"
