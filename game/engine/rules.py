"""Variant options of the 32-card games, one frozen dataclass per game.

Every option of ``shared/rules/`` exists here with its default; ``docs/rules.md`` says
why each default was chosen.  A rule option is read in exactly one place in the engine.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar, Self


class Undertrump(Enum):
    MUST = "must"
    OPTIONAL = "optional"


class OvertrumpPartner(Enum):
    STRICT = "strict"
    RELAXED = "relaxed"


class PartnerRuff(Enum):
    FREE = "free"
    NO_UNDERTRUMP = "no_undertrump"
    MUST_OVERTRUMP = "must_overtrump"


class AnnounceTie(Enum):
    """Equal best announcements on both sides: nobody scores, or the first of them in
    play order from the leader of trick 1, or counted from the taker."""

    CANCEL = "cancel"
    FIRST_IN_TURN = "first_in_turn"
    FIRST_FROM_TAKER = "first_from_taker"


class Direction(Enum):
    """Presentation only: the engine always plays seat, seat + 1, ...; the table places
    seat + 1 on the right of seat (counter-clockwise) or on its left (clockwise)."""

    CCW = "ccw"
    CW = "cw"


class Litige(Enum):
    HOLD = "hold"
    DEDANS = "dedans"


class Rubicon(Enum):
    OFF = "off"
    SIMPLE = "simple"
    FLOTTANT = "flottant"


class Packets(Enum):
    P323 = "3-2-3"
    P332 = "3-3-2"
    P233 = "2-3-3"

    @property
    def sizes(self) -> tuple[int, ...]:
        return tuple(int(part) for part in self.value.split("-"))

    @property
    def two_player_sizes(self) -> tuple[int, ...]:
        """The packets of the contrée à deux: two of 2 and two of 3 a player, the 3s
        where the four-player order puts them (``docs/rules.md``)."""
        return TWO_PLAYER_PACKETS[self.value]


class Layout(Enum):
    """Two players: hands held (``hand``), or the découverte's sixteen cards a player laid
    on the table, eight face down each under one face up (``two-players.md``)."""

    HAND = "hand"
    DECOUVERTE = "decouverte"


TWO_PLAYER_PACKETS = {  # the contrée à deux's ten cards, by the four-player order chosen
    "3-2-3": (2, 3, 2, 3), "3-3-2": (3, 3, 2, 2), "2-3-3": (2, 2, 3, 3)}


class BidValues(Enum):
    V80_160 = "80-160"
    V82_162 = "82-162"


class MultiplierBase(Enum):
    WHOLE = "whole"
    BID_ONLY = "bid_only"


class RulesError(ValueError):
    """A rules dictionary (from a save or the setup screen) that cannot be used."""


@dataclass(frozen=True)
class RulesJson:
    """``to_json`` / ``from_json`` of every game's options dataclass (``game`` names it)."""

    game: ClassVar[str] = ""
    # Options added after the other tables' saves were pinned: written only when set
    # away from their default, so that a table that does not use them writes (and keys
    # its positions, ``game.advice``) exactly as before they existed.
    written_when_set: ClassVar[frozenset[str]] = frozenset()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"game": self.game}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name in self.written_when_set and value == f.default:
                continue
            data[f.name] = value.value if isinstance(value, Enum) else value
        return data

    @classmethod
    def from_json(cls, data: object) -> Self:
        """Build rules from a dictionary; unknown keys or bad values raise RulesError."""
        if not isinstance(data, dict):
            raise RulesError("rules must be an object")
        if data.get("game", cls.game) != cls.game:
            raise RulesError(f"these rules are for {data.get('game')!r}, not {cls.game!r}")
        hints = typing.get_type_hints(cls)
        kwargs: dict[str, Any] = {}
        names = {f.name for f in dataclasses.fields(cls)}
        for key, raw in data.items():
            if key == "game":
                continue
            if key not in names:
                raise RulesError(f"unknown rule option {key!r}")
            kwargs[key] = _coerce(key, hints[key], raw)
        try:
            return cls(**kwargs)
        except (TypeError, ValueError) as exc:
            raise RulesError(str(exc)) from exc


@dataclass(frozen=True)
class TrickGameRules(RulesJson):
    """Options shared by belote classique and coinche (``shared/rules/README.md``)."""

    game: ClassVar[str] = ""
    player_counts: ClassVar[tuple[int, ...]] = (4,)
    written_when_set: ClassVar[frozenset[str]] = frozenset(
        {"layout", "decouverte_announcements", "two_player_winner_takes_all"})
    players: int = 4
    target: int = 1000
    undertrump: Undertrump = Undertrump.MUST
    overtrump_partner_when_trump_led: OvertrumpPartner = OvertrumpPartner.STRICT
    partner_ruff: PartnerRuff = PartnerRuff.FREE
    announcements: bool = True
    announce_tie: AnnounceTie = AnnounceTie.CANCEL
    card_reuse_in_announcements: bool = False
    capot_points: int = 252
    direction: Direction = Direction.CCW
    belote_prenable: bool = False
    round_to_10: bool = False
    rubicon: Rubicon = Rubicon.OFF
    layout: Layout = Layout.HAND  # two players: hands, or the découverte
    decouverte_announcements: bool = False  # the découverte's tierce ... carré

    def __post_init__(self) -> None:
        if self.capot_points not in (250, 252):
            raise RulesError(f"capot_points must be 250 or 252, not {self.capot_points}")
        if self.target <= 0:
            raise RulesError(f"the target must be positive, not {self.target}")
        if self.layout is Layout.DECOUVERTE and self.players != 2:
            raise RulesError("the découverte is played by two players")

    @property
    def has_teams(self) -> bool:
        return self.players == 4

    @property
    def decouverte(self) -> bool:
        """Every card dealt on the table, eight face down under eight face up a player."""
        return self.layout is Layout.DECOUVERTE

    @property
    def winner_deals(self) -> bool:
        """Whether the winner of a deal deals the next (two players: seed 003)."""
        return self.players == 2

    @property
    def announcements_played(self) -> bool:
        """Whether tierce ... carré are declared: the découverte has its own option."""
        return self.decouverte_announcements if self.decouverte else self.announcements


def _coerce(name: str, hint: Any, raw: object) -> object:
    """Turn a JSON value into the type an option field declares."""
    if isinstance(hint, types.UnionType):  # only `X | None` is used
        if raw is None:
            return None
        hint = next(arg for arg in typing.get_args(hint) if arg is not type(None))
    if isinstance(hint, type) and issubclass(hint, Enum):
        try:
            return hint(raw)
        except ValueError:
            allowed = ", ".join(str(m.value) for m in hint)
            raise RulesError(f"option {name!r}: {raw!r} is not one of {allowed}") from None
    if hint is bool:
        if not isinstance(raw, bool):
            raise RulesError(f"option {name!r} must be true or false")
        return raw
    if hint is int:
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise RulesError(f"option {name!r} must be a whole number")
        return raw
    raise RulesError(f"option {name!r} has an unsupported type")


@dataclass(frozen=True)
class BeloteRules(TrickGameRules):
    """Belote classique: 4 players in two teams, or 3 / 2 players each for himself.

    ``undertrump`` defaults to ``must`` with four players and to ``optional`` with two or
    three (seed 003); pass it explicitly to override.
    """

    game: ClassVar[str] = "belote"
    player_counts: ClassVar[tuple[int, ...]] = (2, 3, 4)
    undertrump: Undertrump = field(default=None)  # type: ignore[assignment]
    litige: Litige = Litige.HOLD
    round2_same_suit_allowed: bool = False
    capot_takes_defence_announcements: bool = False
    arret: bool = False
    sans_atout_tout_atout: bool = False  # offered in the second round of bidding
    belote_counts_for_contract: bool = True  # in the made / dedans comparison
    litige_belote_paid: bool = False  # a litige held: the takers' belote is scored at once

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.players not in self.player_counts:
            raise RulesError(f"belote is played by 2, 3 or 4 players, not {self.players}")
        if self.undertrump is None:
            default = Undertrump.MUST if self.players == 4 else Undertrump.OPTIONAL
            object.__setattr__(self, "undertrump", default)


@dataclass(frozen=True)
class CoincheRules(TrickGameRules):
    """Coinche at four (two teams), or the contrée à deux (``two-players.md``).

    ``target`` defaults to 2000 at four and to 1000 at two; pass it to override."""

    game: ClassVar[str] = "coinche"
    player_counts: ClassVar[tuple[int, ...]] = (2, 4)
    target: int = field(default=None)  # type: ignore[assignment]
    undertrump: Undertrump = Undertrump.OPTIONAL
    packets: Packets = Packets.P323
    bid_values: BidValues = BidValues.V80_160
    sans_atout_tout_atout: bool = False
    surcoinche_multiplier: int = 4
    multiplier_base: MultiplierBase = MultiplierBase.WHOLE
    fail_base: int = 160
    must_beat_defence: bool = True
    made_base: int = 160  # a coinched contract made: 160 or 162 (a capot: 90 more)
    bid_capot_base: int = 250  # what the tricks count when a capot is bid and made
    defence_belote_to_coinched_takers: bool = False
    two_player_winner_takes_all: bool = False  # two players: a made contract's opponent scores 0

    def __post_init__(self) -> None:
        if self.target is None:
            object.__setattr__(self, "target", 2000 if self.players == 4 else 1000)
        super().__post_init__()
        if self.players not in self.player_counts:
            raise RulesError(f"coinche is played by 2 or 4 players, not {self.players}")
        if self.surcoinche_multiplier not in (3, 4):
            raise RulesError("surcoinche_multiplier must be 3 or 4")
        for name, allowed in (("fail_base", (160, 162)), ("made_base", (160, 162)),
                              ("bid_capot_base", (250, 252))):
            if getattr(self, name) not in allowed:
                raise RulesError(f"{name} must be {allowed[0]} or {allowed[1]}")

    @property
    def made_capot_base(self) -> int:
        """A coinched contract made with every trick: the made base and the capot's 90."""
        return self.made_base + 90

    @property
    def winner_deals(self) -> bool:
        """The contrée à deux's dealer alternates; at its découverte the winner deals."""
        return self.decouverte

    @property
    def short_deal(self) -> bool:
        """The contrée à deux with hands: twenty cards in play, twelve aside."""
        return self.players == 2 and not self.decouverte

    @property
    def lowest_bid(self) -> int:
        if self.short_deal:
            return 50
        return 82 if self.bid_values is BidValues.V82_162 else 80

    @property
    def highest_bid(self) -> int:
        return self.lowest_bid + 80

    @property
    def bid_ladder(self) -> tuple[int, ...]:
        return tuple(range(self.lowest_bid, self.highest_bid + 1, 10))


TAROT_DEAL_COUNTS = (4, 8, 12, 16)
CHELEM_BONUSES = (200, 0)  # the unannounced and the defence's chelem: FFT 200, or nothing


class PoigneeSizes(Enum):
    """Trumps a poignée shows: the FFT's table by the number of players, or the
    four-player sizes (10, 13, 15) at every table, as older rulebooks and many homes do."""

    FFT = "by_players"
    FOUR_PLAYER = "10-13-15"


class PetitAuBoutValue(Enum):
    MULTIPLIED = "multiplied"  # 10 × the contract's multiplier (FFT)
    FIXED = "fixed"  # 10 whatever the contract


class ExcuseLastTrick(Enum):
    """Where an Excuse played in the last trick goes (a chelem's apart: it wins it)."""

    CHANGES_CAMP = "changes_camp"  # to the camp opposing its owner's (FFT 2012)
    TRICK_WINNER = "trick_winner"  # to the camp that wins the trick (some tables)


class KingCall(Enum):
    """Five players: which cards the taker may call."""

    FFT = "king_or_queen"  # a king (holding the four, a queen...); one of his own: he plays alone
    NO_SELF = "no_self"  # only a card he does not hold
    FOUR_KINGS_ALONE = "four_kings_alone"  # always a king: holding the four, he plays alone


@dataclass(frozen=True)
class TarotRules(RulesJson):
    """Tarot, 3 to 5 players (``shared/rules/tarot.md``), each for himself in the match.

    A match is ``deals`` deals (4, 8, 12 or 16), or, with ``deals`` None, played until a
    player's total reaches ``target`` (or falls to minus the target).
    """

    game: ClassVar[str] = "tarot"
    player_counts: ClassVar[tuple[int, ...]] = (3, 4, 5)
    players: int = 4
    deals: int | None = 8
    target: int = 1000
    direction: Direction = Direction.CCW
    misere: bool = False
    poignee_sizes: PoigneeSizes = PoigneeSizes.FFT
    petit_au_bout: PetitAuBoutValue = PetitAuBoutValue.MULTIPLIED
    unannounced_chelem: int = 200
    defence_chelem: int = 200
    king_call: KingCall = KingCall.FFT
    excuse_last_trick: ExcuseLastTrick = ExcuseLastTrick.CHANGES_CAMP

    def __post_init__(self) -> None:
        for name in ("unannounced_chelem", "defence_chelem"):
            if getattr(self, name) not in CHELEM_BONUSES:
                raise RulesError(f"{name} must be 200 or 0, not {getattr(self, name)}")
        if self.players not in self.player_counts:
            raise RulesError(f"tarot is played by 3, 4 or 5 players, not {self.players}")
        if self.deals is not None and self.deals not in TAROT_DEAL_COUNTS:
            raise RulesError(f"a tarot match is 4, 8, 12 or 16 deals, not {self.deals}")
        if self.target <= 0:
            raise RulesError(f"the target must be positive, not {self.target}")

    @property
    def has_teams(self) -> bool:
        return False


# --- what the new-game screen needs: which options apply, and the presets ---------------

AnyGameRules = TrickGameRules | TarotRules

# An option missing here always applies; one listed applies when its test is true of the
# rules being set up (the other options and the number of players).
APPLIES_WHEN: dict[str, Callable[[Any], bool]] = {
    "overtrump_partner_when_trump_led": lambda rules: rules.has_teams,
    "partner_ruff": lambda rules: rules.has_teams,
    "announcements": lambda rules: not rules.decouverte,
    "decouverte_announcements": lambda rules: rules.decouverte,
    "announce_tie": lambda rules: rules.announcements_played,
    "card_reuse_in_announcements": lambda rules: rules.announcements_played,
    "capot_takes_defence_announcements": lambda rules: rules.announcements_played,
    "arret": lambda rules: rules.players == 4,
    "layout": lambda rules: rules.players == 2,
    "two_player_winner_takes_all": lambda rules: rules.players == 2,
    "bid_values": lambda rules: not rules.short_deal,
    "packets": lambda rules: not rules.decouverte,
    "bid_capot_base": lambda rules: rules.players == 4,
    "fail_base": lambda rules: rules.players == 4,
    "made_base": lambda rules: rules.players == 4,
    "king_call": lambda rules: rules.players == 5,
}


def option_applies(rules: AnyGameRules, name: str) -> bool:
    """Whether option ``name`` changes anything in a game played under ``rules``."""
    test = APPLIES_WHEN.get(name)
    return test is None or test(rules)


@dataclass(frozen=True)
class Preset:
    """A named set of options a player recognises; ``changes`` are the options it sets
    away from the defaults (translated as ``preset.<name>`` and, what it sets in one line,
    ``preset.<name>.help.<game>``)."""

    name: str
    changes: dict[str, Any] = field(default_factory=dict)
