"""A call read by the computers, in words ("what does this call show?"): what
``game.ai.call_reading`` (coinche, belote) or ``game.ai.tarot_call_reading`` found in
the hands that explain the call, worded as what the computers read, with how often,
never as a promise; and, where they read nothing from a call, that they do not.
No pygame here."""

from __future__ import annotations

from collections.abc import Callable

from game.ai.call_reading import (
    DRAWS,
    CallReading,
    TakeReading,
    is_open_call,
    is_unread_pass,
    read_call,
    read_take,
)
from game.ai.tarot_call_reading import TarotCallReading, called_off_taker, read_tarot_call
from game.engine.actions import ChooseTrump, Coinche, Pass, Surcoinche
from game.engine.cards import Card, Rank, Suit
from game.engine.tarot_actions import TarotPass
from game.engine.tarot_tricks import TarotView
from game.engine.trick_view import TrickView
from game.i18n import Texts
from game.ui.table.model import Say, say_action
from game.ui.table.words import card_name, say_text

Name = Callable[[int], str]


def percent(share: float) -> int:
    return round(100 * share)


def _aces(texts: Texts, key: str, aces: float) -> str:
    """The outside aces read, as a clause (none when fewer than half an ace)."""
    count = round(aces)
    return texts.tr_n(key, count) if count else ""


def _trumps(texts: Texts, count: int) -> str:
    return texts.tr_n("call.trumps", count) if count else texts.tr("call.no_trumps")


def call_words(texts: Texts, reading: CallReading, name: str) -> str:
    """E.g. "North, 100 spades: in the hands that fit the call (120 of 400 drawn), the
    computers read about 4 trumps; the jack of spades in 80%, not the 9 of spades (you
    see where it is), and about 1 outside ace."; at the contrée à deux, with what the
    cards aside change."""
    words = _call_read(texts, reading, name)
    if not reading.aside:
        return words
    return words + " " + texts.tr("call.aside", name=name, aside=reading.aside,
                                  unseen=reading.unseen)


def _call_read(texts: Texts, reading: CallReading, name: str) -> str:
    call = say_text(texts, say_action(reading.call))
    if reading.fitted == 0:
        return texts.tr("call.read_nothing", name=name, call=call, draws=DRAWS)
    if isinstance(reading.call, Pass):
        return texts.tr("call.read_pass", name=name, both=percent(reading.jack_and_nine),
                        aces=_aces(texts, "call.aces", reading.aces), fitted=reading.fitted,
                        draws=DRAWS)
    assert isinstance(reading.call.suit, Suit)
    return texts.tr("call.read_bid", name=name, call=call,
                    trumps=_trumps(texts, reading.trumps),
                    cards=_jack_and_nine(texts, reading.call.suit, reading.jack,
                                         reading.nine, reading.shown),
                    aces=_aces(texts, "call.outside_aces", reading.aces),
                    fitted=reading.fitted, draws=DRAWS)


def take_words(texts: Texts, reading: TakeReading, name: str) -> str:
    """E.g. "North takes hearts at the first round (the retourne's suit). In the hands
    the computers weigh for North (...): about 3 trumps; the jack of hearts in 70%, the
    9 of hearts in 60%."."""
    key = "call.named" if isinstance(reading.call, ChooseTrump) else "call.took"
    call = texts.tr(key, name=name, suit=texts.tr(f"suit.{reading.trump.letter}"))
    return texts.tr("call.read_take", call=call, name=name,
                    trumps=_trumps(texts, reading.trumps),
                    cards=_jack_and_nine(texts, reading.trump, reading.jack, reading.nine,
                                         reading.shown))


def _jack_and_nine(texts: Texts, trump: Suit, jack: float | None, nine: float | None,
                   shown: tuple[Card, ...]) -> str:
    return texts.tr("call.and",
                    first=_card_share(texts, Card(trump, Rank.JACK), jack, shown),
                    second=_card_share(texts, Card(trump, Rank.NINE), nine, shown))


def _card_share(texts: Texts, card: Card, share: float | None,
                shown: tuple[Card, ...]) -> str:
    """How often the taker holds ``card``, or that the player has seen it with the
    taker, or elsewhere."""
    words = card_name(texts, str(card))
    if card in shown:
        return texts.tr("call.card_shown", card=words)
    if share is not None:
        return texts.tr("call.card_share", card=words, share=percent(share))
    return texts.tr("call.card_seen", card=words)


def tarot_words(texts: Texts, reading: TarotCallReading, name: str) -> str:
    """E.g. "East, Garde. In the hands the computers weigh for East (...): about 9
    trumps; at least one bout in 85%, two or more in 40%."."""
    said = say_text(texts, say_action(reading.call))
    call = (texts.tr("call.passes", name=name) if isinstance(reading.call, TarotPass)
            else texts.tr("call.said", name=name, call=said))
    key = {0: "call.read_tarot_none", 1: "call.read_tarot_one"}.get(reading.bouts_unseen,
                                                                    "call.read_tarot")
    return texts.tr(key, call=call, name=name, trumps=_trumps(texts, reading.trumps),
                    one=percent(reading.one_bout), two=percent(reading.two_bouts))


def king_words(texts: Texts, view: TarotView, name: str) -> str | None:
    """The king called at five players, as the computers read it."""
    if view.called is None or view.taker is None or view.taker == view.seat:
        return None
    card = card_name(texts, view.called.code)
    if view.called in view.hand:
        return texts.tr("call.king_yours", name=name, card=card)
    if called_off_taker(view):
        return texts.tr("call.king_read", name=name, card=card)
    return None


def readable(say: Say) -> bool:
    """Whether a call said ``say`` is one the computers read (or say they do not, a
    belote pass): a pass, a take, a coinche suit bid, a tarot contract, a king called."""
    key, args = say
    if key == "bid.value":
        return any(isinstance(value, Suit) for _, value in args)
    return key in ("bid.pass", "bid.take", "bid.choose", "say.call") or key.startswith("tarot.")


def call_shown(texts: Texts, view: object, index: int, seed: int, name: Name) -> str | None:
    """What call ``index`` of the deal shows, read from ``view`` (the player's): a call
    by another seat at coinche, belote or tarot; None for the player's own."""
    if not isinstance(view, (TrickView, TarotView)) or not 0 <= index < len(view.bids):
        return None
    if isinstance(view, TarotView):
        tarot = read_tarot_call(view, index, seed)
        return None if tarot is None else tarot_words(texts, tarot, name(tarot.seat))
    if is_open_call(view, index):
        return texts.tr("call.decouverte", name=name(view.bids[index][0]))
    if is_unread_pass(view, index):
        return texts.tr("call.belote_pass", name=name(view.bids[index][0]))
    take = read_take(view, index, seed)
    if take is not None:
        return take_words(texts, take, name(take.seat))
    reading = read_call(view, index, seed)
    return None if reading is None else call_words(texts, reading, name(reading.seat))


def seat_call_shown(texts: Texts, view: object, seat: int, say_key: str | None, seed: int,
                    name: Name) -> str | None:
    """What ``seat``'s bubble (saying ``say_key``) shows: the king it called, or its
    last call, None for anything else it says (an announcement, a poignée...); with
    ``say_key`` None (the contract box), its last call."""
    if say_key == "say.call":
        return king_words(texts, view, name(seat)) if isinstance(view, TarotView) else None
    if say_key is None:
        return last_call_shown(texts, view, seat, seed, name, contract=True)
    if not say_key.startswith(("bid.", "tarot.")):
        return None
    return last_call_shown(texts, view, seat, seed, name)


def last_call_shown(texts: Texts, view: object, seat: int, seed: int, name: Name,
                    contract: bool = False) -> str | None:
    """What ``seat``'s last call shows; ``contract``: its last bid or take, the one
    that made the contract (not a pass, nor a surcoinche)."""
    if not isinstance(view, (TrickView, TarotView)):
        return None
    calls = [index for index, (caller, action) in enumerate(view.bids) if caller == seat
             and not (contract and isinstance(action, (Pass, TarotPass, Coinche, Surcoinche)))]
    return call_shown(texts, view, calls[-1], seed, name) if calls else None
