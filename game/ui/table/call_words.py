"""A coinche call read by the computers, in words ("what does this call show?"): what
``game.ai.call_reading`` found in the hands that fit the call, worded as what the
computers read, with how often, never as a promise.  No pygame here."""

from __future__ import annotations

from collections.abc import Callable

from game.ai.call_reading import DRAWS, CallReading, read_call
from game.engine.actions import Pass
from game.engine.trick_view import TrickView
from game.i18n import Texts
from game.ui.table.model import say_action
from game.ui.table.words import say_text


def percent(share: float) -> int:
    return round(100 * share)


def call_words(texts: Texts, reading: CallReading, name: str) -> str:
    """E.g. "North, 100 spades: the computers read about 4 trumps, the jack in 80% and
    the nine in 65% of the hands that fit the call, and 1 outside ace."""
    call = say_text(texts, say_action(reading.call))
    if reading.fitted == 0:
        return texts.tr("call.read_nothing", name=name, call=call, draws=DRAWS)
    aces = round(reading.aces)
    if isinstance(reading.call, Pass):
        return texts.tr("call.read_pass", name=name, both=percent(reading.jack_and_nine),
                        aces=aces, fitted=reading.fitted, draws=DRAWS)
    return texts.tr("call.read_bid", name=name, call=call, trumps=reading.trumps,
                    jack=percent(reading.jack), nine=percent(reading.nine), aces=aces,
                    fitted=reading.fitted, draws=DRAWS)


def call_shown(texts: Texts, view: object, index: int, seed: int,
               name: Callable[[int], str]) -> str | None:
    """What call ``index`` of the deal shows, read from ``view`` (the player's): a
    coinche suit bid or pass by another seat; None for any other call."""
    if not isinstance(view, TrickView) or not 0 <= index < len(view.bids):
        return None
    reading = read_call(view, index, seed)
    return None if reading is None else call_words(texts, reading, name(reading.seat))
