"""The one protocol every game follows (belote, coinche, tarot).

A deal is an immutable state.  ``state.legal_actions()`` lists what the current player may
do; ``state.apply(action)`` returns ``(new_state, events)`` and never changes ``state``;
an illegal action raises ``IllegalAction`` and leaves everything untouched.
``state.view(seat)`` is what one seat may know: players (human or AI) only ever see views.
Events are plain data, the only thing the UI animates from.

Actions and events are small frozen dataclasses.  Actions serialize to JSON through
``action_to_json`` / ``action_from_json``: each game registers its action classes, and
field types are encoded by the codecs registered here (cards by their code, enums by
value), so a saved game is ``{version, rules, seed, actions}``.
"""

from __future__ import annotations

import dataclasses
import importlib
import types
import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol, Self, TypeVar, runtime_checkable

from game.engine.cards import Card
from game.engine.tarot_cards import TarotCard

# Why the rules refuse an action: an i18n key (``illegal.*``, in every locale) and its
# named arguments (engine values: a suit, a number...), which the UI puts into words.
Reason = tuple[str, tuple[tuple[str, object], ...]]


class IllegalAction(Exception):
    """An action that the rules do not allow now, with the reason of the rule that
    refused it (``reason``); the message is that key and its arguments, for the logs."""

    def __init__(self, key: str, **args: object) -> None:
        self.reason: Reason = (key, tuple(args.items()))
        super().__init__(f"{key} {args}" if args else key)

    @classmethod
    def because(cls, reason: Reason) -> IllegalAction:
        key, args = reason
        return cls(key, **dict(args))


class SaveError(ValueError):
    """A saved game (or action) that cannot be read: corrupt, unknown or too new."""


class Phase(Enum):
    BIDDING = "bidding"
    EXCHANGE = "exchange"  # belote 2/3: the 7 of trump; tarot: chien, écart, king call
    DECLARING = "declaring"  # tarot: poignées and chelem before the first card
    PLAY = "play"
    OVER = "over"


class Action:
    """Base of every action: frozen dataclasses registered with ``register_action``."""

    def describe(self) -> str:
        return type(self).__name__


class Event:
    """Base of every event (plain frozen dataclasses)."""

    def visible_to(self, seat: int) -> Event | None:
        """The event as ``seat`` may see it (None: not at all).  Public by default;
        events that carry hidden cards override this."""
        return self


# --- the concepts every game shares ----------------------------------------------------
# Each family's own classes (``actions.PlayCard``, ``tarot_actions.TarotPlayCard``...)
# inherit these, so a player or the table handles "a card played" once for every game.
# They are plain classes, not dataclasses: the families' fields, and so the saves
# (``{"type": "PlayCard", ...}``) and the interned actions, are unchanged.

AnyCard = Card | TarotCard


class CardPlayAction(Action):
    """Play ``card`` (the 32-card games' may also say belote)."""

    card: AnyCard


class PassAction(Action):
    """Pass in the bidding."""


class PacketDealtEvent(Event):
    """``count`` cards dealt to ``seat``; ``cards`` is None in the other seats' views."""

    seat: int
    count: int
    cards: tuple[AnyCard, ...] | None


class CardPlayedEvent(Event):
    seat: int
    card: AnyCard


class TrickWonEvent(Event):
    """``seat`` won the trick of ``cards`` (in play order); ``last``: the deal's last."""

    seat: int
    cards: tuple[AnyCard, ...]
    last: bool


class Op(Enum):
    """What a breakdown line does to each side's running sum."""

    ADD = "+"  # adds its value
    TIMES = "×"  # multiplies the sum by its value (a coinche, the tarot seat's factor)
    TOTAL = "="  # shows the sum so far: a subtotal, or the deal's score on the last line
    NOTE = "note"  # tells a fact the sum does not use (the points each side made)


ScoreArg = int | str  # a value a breakdown line's words show (a number, a name)


@dataclass(frozen=True)
class ScoreLine:
    """One term of a deal's score, per side (``None``: the term does not concern that
    side).  Evaluated in order (``evaluate``) the lines give the deal's scores, so the
    score sheet shows arithmetic a player can check with a pencil.  ``key`` names the
    term (translated as ``term.<key>``); ``args`` fill its placeholders."""

    key: str  # stable identifier, used for translation: "cards", "dedans", ...
    values: tuple[int | None, ...]
    op: Op = Op.ADD
    args: tuple[tuple[str, ScoreArg], ...] = ()


def evaluate(lines: Sequence[ScoreLine], sides: int) -> tuple[int, ...]:
    """Each side's sum after ``lines``; raises ValueError where a TOTAL line disagrees
    with the sum it shows."""
    sums = [0] * sides
    for line in lines:
        for side, value in enumerate(line.values):
            if value is None or line.op is Op.NOTE:
                continue
            if line.op is Op.ADD:
                sums[side] += value
            elif line.op is Op.TIMES:
                sums[side] *= value
            elif sums[side] != value:
                raise ValueError(f"{line.key}: shows {value}, the sum is {sums[side]}")
    return tuple(sums)


@dataclass(frozen=True, kw_only=True)
class DealFacts:
    """What a scored deal says besides its scores, under the same names in every game
    (each card family adds its own: ``deal_scoring.TrickFacts``, ``tarot_scoring.TarotFacts``).

    Sides are the result's scoring sides: a team in the four-player 32-card games, a
    seat otherwise, so that ``taker`` and ``partner`` compare with a seat's side."""

    taker: int  # the side that took the contract
    made: bool  # the contract was made
    partner: int | None = None  # the taker's called partner (tarot at five)
    winner_side: int | None = None  # the side that won the deal, where the match needs it
    frozen: int = 0  # points set aside for a later deal's winner (litige)
    frozen_for: tuple[int, ...] | None = None  # the sides that may win them (None: any)

    def in_attack(self, side: int) -> bool:
        """The taker's side or its partner's."""
        return side == self.taker or side == self.partner


@dataclass(frozen=True)
class DealResult:
    """The outcome of a finished deal, as the score sheet and the match need it.

    ``sides`` names the scoring sides (teams or players); ``scores`` is what each side
    adds to its match total for this deal; ``lines`` is the breakdown that explains it.
    """

    sides: tuple[str, ...]
    scores: tuple[int, ...]
    lines: tuple[ScoreLine, ...]
    summary: str
    # What the match, the statistics and the score sheet read (None: a result built
    # for a test or a picture, with scores only).
    facts: DealFacts | None = None


class DealView(Protocol):
    """What every game's view of a deal offers (read-only)."""

    @property
    def game(self) -> str: ...

    @property
    def seat(self) -> int: ...

    @property
    def players(self) -> int: ...

    @property
    def dealer(self) -> int: ...

    @property
    def phase(self) -> Phase: ...

    @property
    def current_player(self) -> int | None: ...

    @property
    def hand(self) -> Sequence[Card | TarotCard]: ...

    @property
    def legal(self) -> tuple[Action, ...]: ...

    @property
    def taker(self) -> int | None: ...

    @property
    def bids(self) -> tuple[tuple[int, Action], ...]: ...


@runtime_checkable
class DealState(Protocol):
    """What every game's deal state offers (``deal.Deal`` is the base that both card
    families' states share; ``tests/test_engine_boundaries.py`` holds them to this)."""

    @property
    def players(self) -> int: ...

    @property
    def phase(self) -> Phase: ...

    @property
    def current_player(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self) -> tuple[Action, ...]: ...

    def apply(self, action: Action) -> tuple[Self, list[Event]]: ...

    def view(self, seat: int) -> DealView: ...

    def result(self) -> DealResult | None: ...


# --- serialization -------------------------------------------------------------------

_ACTIONS: dict[str, type[Action]] = {}
# The modules whose classes ``register_action`` (and whose field types
# ``register_codec``): imported by ``action_from_json`` itself, so that reading an action
# never depends on what the caller happened to import first.
ACTION_MODULES = ("game.engine.actions", "game.engine.tarot_actions")
_Encoder = Callable[[Any], Any]
_Decoder = Callable[[Any], Any]
_CODECS: dict[type, tuple[_Encoder, _Decoder]] = {}

A = TypeVar("A", bound=type[Action])


def register_action(cls: A) -> A:
    """Class decorator: makes an action class known to the save-file format."""
    name = cls.__name__
    if name in _ACTIONS and _ACTIONS[name] is not cls:
        raise ValueError(f"two action classes are named {name}")
    _ACTIONS[name] = cls
    return cls


def register_codec(kind: type, encode: _Encoder, decode: _Decoder) -> None:
    """How a field type (e.g. a card class) is written to and read from JSON."""
    _CODECS[kind] = (encode, decode)


def _encode(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple) and not hasattr(value, "_fields"):
        return [_encode(v) for v in value]
    for kind, (encode, _) in _CODECS.items():
        if isinstance(value, kind):
            return encode(value)
    return value


def _decode(hint: Any, raw: Any) -> Any:
    origin = typing.get_origin(hint)
    if origin is tuple:
        if not isinstance(raw, list):
            raise SaveError(f"expected a list, got {raw!r}")
        (item_hint, *_rest) = typing.get_args(hint)
        return tuple(_decode(item_hint, item) for item in raw)
    if origin in (typing.Union, types.UnionType):
        if raw is None:
            return None
        options = [a for a in typing.get_args(hint) if a is not type(None)]
        return _decode(options[0], raw)
    if isinstance(hint, type):
        if hint in _CODECS:
            try:
                return _CODECS[hint][1](raw)
            except (ValueError, TypeError, KeyError) as exc:
                raise SaveError(str(exc)) from exc
        if issubclass(hint, Enum):
            try:
                return hint(raw)
            except ValueError:
                raise SaveError(f"{raw!r} is not a {hint.__name__}") from None
        if hint is bool or hint is int or hint is str:
            if type(raw) is not hint:
                raise SaveError(f"expected {hint.__name__}, got {raw!r}")
            return raw
    raise SaveError(f"cannot read a value of type {hint!r}")


def action_to_json(action: Action) -> dict[str, Any]:
    data: dict[str, Any] = {"type": type(action).__name__}
    for f in dataclasses.fields(action):  # type: ignore[arg-type]
        data[f.name] = _encode(getattr(action, f.name))
    return data


def _registered_actions() -> dict[str, type[Action]]:
    """Every game's action classes, their modules imported when first needed (they
    import this module: they cannot be imported at its top)."""
    for module in ACTION_MODULES:
        importlib.import_module(module)
    return _ACTIONS


def action_from_json(data: object) -> Action:
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise SaveError(f"not an action: {data!r}")
    cls = _ACTIONS.get(data["type"]) or _registered_actions().get(data["type"])
    if cls is None:
        raise SaveError(f"unknown action {data['type']!r}")
    hints = typing.get_type_hints(cls)
    kwargs = {}
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        if f.name not in data:
            if f.default is not dataclasses.MISSING:
                continue
            raise SaveError(f"action {data['type']} lacks {f.name!r}")
        kwargs[f.name] = _decode(hints[f.name], data[f.name])
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        raise SaveError(f"bad action {data!r}: {exc}") from exc
