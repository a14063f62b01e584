"""The words of the table: what a seat says, card and seat names, all through ``tr``."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from game.engine.actions import CAPOT_BID, Announce, PlayCard
from game.engine.cards import Suit
from game.engine.protocol import Action
from game.engine.tarot_actions import TarotDiscard, TarotPlayCard
from game.i18n import Texts
from game.ui.table.model import Say, TableModel, contract_key, say_action, trump_key

if TYPE_CHECKING:  # the AI loads with the first match, after the menu's first frame
    from game.advice import Figures, Verdict
    from game.ai.decision import Decision


def say_text(texts: Texts, say: Say) -> str:
    """Translate a model ``Say``; suits and trump modes inside it are translated too."""
    key, args = say
    words: dict[str, object] = {}
    for name, value in args:
        if isinstance(value, Suit):
            words[name] = texts.tr(f"suit.{value.letter}")
        elif isinstance(value, str) and value.startswith("trump."):
            words[name] = texts.tr(value)
        elif name == "card":
            words[name] = card_name(texts, str(value))
        elif name == "kinds":
            words[name] = ", ".join(texts.tr(f"kind.{kind}") for kind in str(value).split(","))
        else:
            words[name] = value
    return texts.tr(key, **words)


SUIT_OF_SYMBOL = {suit.symbol: suit for suit in Suit}
TAROT_SUITS = "SHDC"


def card_name(texts: Texts, text: str) -> str:
    """A card in words, from a tarot code ('RH', 'A21', 'EXC') or a 32-card card as
    shown ('♥10', '♠J'): 'king of hearts', 'trump 21', 'ten of hearts'..."""
    if text[:1] in SUIT_OF_SYMBOL:
        suit, rank = SUIT_OF_SYMBOL[text[0]], text[1:]
        rank_words = texts.tr(f"rank.{rank}") if rank in "JQKA" else rank
        return texts.tr("card.name", rank=rank_words, suit=texts.tr(f"suit.{suit.letter}"))
    if text == "EXC":
        return texts.tr("card.excuse")
    if text.startswith("A") and text[1:].isdigit():
        return texts.tr("card.trump", rank=int(text[1:]))
    if len(text) == 2 and text[1] in TAROT_SUITS:
        return texts.tr("tarot.card", rank=texts.tr(f"tarot.rank.{text[0]}"),
                        suit=texts.tr(f"suit.{text[1]}"))
    return text


def trump_words(texts: Texts, value: str) -> str:
    """A suit symbol, 'no_trump' or 'all_trump' in words."""
    if value in SUIT_OF_SYMBOL:
        return texts.tr(f"suit.{SUIT_OF_SYMBOL[value].letter}")
    if value in ("no_trump", "all_trump"):
        return texts.tr(f"trump.{value}")
    return value


def sentence(words: str) -> str:
    """``words`` as a sentence: its first letter a capital."""
    return words[:1].upper() + words[1:]


def hint_text(texts: Texts, reason: str, args: tuple[tuple[str, str], ...]) -> str:
    """A computer's reason (``game/ai/README.md``: an i18n key and its arguments), as a
    sentence."""
    words: dict[str, object] = {}
    for name, value in args:
        if name in ("suit", "trump"):
            words[name] = trump_words(texts, value)
        elif name in ("card", "winner", "partner_card", "other"):
            words[name] = card_name(texts, value)
        elif name == "instead" and value == "pass":
            words[name] = texts.tr("hint.passing")
        elif name in ("contract", "instead"):
            words[name] = texts.tr(f"tarot.{value.lower().replace(' ', '_')}")
        elif name == "value" and value == "capot":
            words[name] = texts.tr("bid.capot_short")
        else:
            words[name] = value
    return sentence(texts.tr(reason, **words))


def action_words(texts: Texts, action: Action) -> str:
    """A decision in a few words: the card played, or the call."""
    if isinstance(action, PlayCard):
        return card_name(texts, str(action.card))  # the font has no suit symbols: in words
    if isinstance(action, TarotPlayCard | TarotDiscard):
        return card_name(texts, action.card.code)
    if isinstance(action, Announce):
        return texts.tr("coach.announce")
    return say_text(texts, say_action(action))


def advice_lines(texts: Texts, verdict: Verdict, played: Action | None = None,
                 figures: bool = True) -> list[str]:
    """The verdict in words: why the best (rather than ``played``, or the runner-up),
    the choices it cannot tell apart, and the numbers of the best and of ``played``
    (without them, ``figures`` False, only how many likely deals they rest on)."""
    lines = [hint_text(texts, *verdict.reason_against(played))]
    if verdict.equals:
        lines.append(equals_words(texts, verdict.equals, verdict.within))
    shown = [f for f in verdict.shown(played) if f.points is not None]
    counts = sorted({f.worlds for f in shown})
    if figures:
        lines += [figures_words(texts, f, verdict.taking, per_line=len(counts) > 1)
                  for f in shown]
    if len(counts) == 1 and counts[0]:  # the same likely deals behind each figure
        lines.append(texts.tr_n("advice.deals_behind", counts[0]))
    elif not figures and counts and counts[0]:
        lines.append(texts.tr("advice.deals_between", low=counts[0], high=counts[-1]))
    return lines


def equals_words(texts: Texts, equals: Sequence[Action], within: float | None = None,
                 listed: int = 3, named: int = 2) -> str:
    """The choices the verdict calls as good as each other: all of them when at most
    ``listed``, else the first ``named`` and how many others (the line stays short enough
    for the message box between the side seats); and the points their differences are
    within."""
    bound = "" if within is None else texts.tr_n("advice.within", max(1, math.ceil(within)))
    if len(equals) <= listed:
        names = [action_words(texts, a) for a in equals]
        return sentence(texts.tr("advice.equal", cards=texts.tr("advice.or").join(names),
                                 within=bound))
    names = [action_words(texts, a) for a in equals[:named]]
    return sentence(texts.tr_n("advice.equal_more", len(equals) - named,
                               cards=", ".join(names), within=bound))


def hint_words(texts: Texts, verdict: Verdict) -> str:
    """The hint: its reason, then its other lines (the message box draws them smaller)."""
    return "\n".join(advice_lines(texts, verdict))


def figures_words(texts: Texts, figures: Figures, taking: bool | None,
                  per_line: bool = True) -> str:
    """A choice's numbers: the points expected for the side, the chance of its aim, and
    (``per_line``) how many likely deals they rest on."""
    card = sentence(action_words(texts, figures.action))
    points = round(figures.points or 0)
    words = texts.tr_n("advice.points", abs(points), points=f"{points:+d}")
    if figures.aim is None:
        line = texts.tr("advice.figures", card=card, points=words)
    else:
        key = "advice.figures_made" if taking else "advice.figures_set"
        line = texts.tr(key, card=card, points=words, chance=round(100 * figures.aim))
    if not (per_line and figures.worlds):
        return line
    return line + texts.tr_n("advice.over_deals", figures.worlds)


def seat_name(texts: Texts, seat: int, viewer: int, compass: str, player: str = "") -> str:
    """The seat's name: the player's own (``player``, from the settings) or "You"."""
    if seat == viewer:
        return player.strip() or texts.tr("seat.you")
    return texts.tr(f"seat.{compass}")


def seat_after(texts: Texts, seat: int, viewer: int, compass: str, player: str = "") -> str:
    """The seat's name inside a sentence ("Pris par vous", "Won by you")."""
    if seat == viewer:
        return player.strip() or texts.tr("seat.you_in_sentence")
    return texts.tr(f"seat.{compass}")


def tarot_contract_words(texts: Texts, model: TableModel) -> str:
    """A tarot contract, with the called king at five: "Garde · king of hearts"."""
    assert model.tarot_contract is not None
    words = texts.tr(contract_key(model.tarot_contract))
    if model.called is not None:
        words = f"{words} · {card_name(texts, model.called.code)}"
    return words


def alone_words(texts: Texts, model: TableModel, name_of: Callable[[int], str]) -> str:
    """At five, why the taker plays alone, said to the taker or to the others ("" when
    he does not, or nobody knows it yet)."""
    if model.alone is None or model.taker is None:
        return ""
    if model.taker == model.viewer:
        return texts.tr(f"tarot.alone_{model.alone}")
    return texts.tr("tarot.alone_other", name=name_of(model.taker))


def contract_text(texts: Texts, model: TableModel, name_of: Callable[[int], str]) -> str:
    """The contract in words: "Taken by West: 100 hearts, coinched" ("" before one)."""
    if model.taker is None:
        return ""
    who = name_of(model.taker)
    if model.tarot_contract is not None:
        return texts.tr("sheet.contract", name=who, contract=tarot_contract_words(texts, model))
    if model.trump is None:
        return ""
    words = [say_text(texts, trump_key(model.trump))]
    if model.contract_value is not None:
        value = texts.tr("bid.capot_short") if model.contract_value >= CAPOT_BID \
            else str(model.contract_value)
        words.insert(0, value)
    if model.coinche_level:
        words.append(texts.tr("table.coinched" if model.coinche_level == 1
                              else "table.surcoinched").lower())
    return texts.tr("sheet.contract", name=who, contract=" ".join(words))


def short_figures(texts: Texts, figures: Figures, taking: bool | None) -> str:
    """A choice's numbers in a few words (a review's row)."""
    points = f"{figures.points or 0:+.0f}"
    if figures.aim is None:
        return texts.tr("advice.short", points=points)
    key = "advice.short_made" if taking else "advice.short_set"
    return texts.tr(key, points=points, chance=round(100 * figures.aim))


def card_reason(texts: Texts, reasons: Mapping[tuple[int, object], Decision], deal: int,
                card: object) -> str | None:
    """Why a computer played ``card`` in deal ``deal``, in words ("why that card?");
    None for a card it did not choose (the player's)."""
    decision = reasons.get((deal, card))
    if decision is None:
        return None
    reason = hint_text(texts, decision.reason, decision.reason_args)
    return texts.tr("table.why_card", reason=reason)
