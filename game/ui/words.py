"""The words of the table: what a seat says, card and seat names, all through ``tr``."""

from __future__ import annotations

from game.engine.cards import Suit
from game.i18n import tr
from game.ui.model import Say


def say_text(say: Say) -> str:
    """Translate a model ``Say``; suits and trump modes inside it are translated too."""
    key, args = say
    words: dict[str, object] = {}
    for name, value in args:
        if isinstance(value, Suit):
            words[name] = tr(f"suit.{value.letter}")
        elif isinstance(value, str) and value.startswith("trump."):
            words[name] = tr(value)
        elif name == "card":
            words[name] = card_name(str(value))
        elif name == "kinds":
            words[name] = ", ".join(tr(f"kind.{kind}") for kind in str(value).split(","))
        else:
            words[name] = value
    return tr(key, **words)


def card_name(code: str) -> str:
    """A tarot card by its code in words: 'RH' -> 'king of hearts'."""
    return tr("tarot.card", rank=tr(f"tarot.rank.{code[0]}"), suit=tr(f"suit.{code[1]}"))


def seat_name(seat: int, viewer: int, compass: str) -> str:
    return tr("seat.you") if seat == viewer else tr(f"seat.{compass}")
