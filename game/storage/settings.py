"""The player's settings: one frozen dataclass, what the app plays by and what is
written, as versioned JSON.

Reading is tolerant field by field: an unknown field is ignored, a missing one takes its
default, and a wrong one takes its default with a problem for the player; the rest of the
file is kept.  Change a setting with ``dataclasses.replace(settings, volume=0.5)``.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from game.choices import DEFAULT_THINK, DEFAULT_THRESHOLD, THINK_CHOICES, THRESHOLDS
from game.engine.games import GAMES, rules_class
from game.engine.rules import RulesError, RulesJson
from game.i18n import LANGUAGES as GAME_LANGUAGES
from game.i18n import system_language
from game.storage.atomic import Problem

AUTO_LANGUAGE = "auto"  # the language setting that follows the system's
LANGUAGES = (AUTO_LANGUAGE, *GAME_LANGUAGES)
LEVELS = ("debutant", "confirme", "expert")  # game.ai.Level, not imported: see its test
AI_SEATS = 4  # the most computer players at a table (tarot at five)
SPEED_RANGE = (0.5, 3.0)
# The speeds the settings screen offers, as ``animation_speed`` values (any value of
# SPEED_RANGE read from a file is kept as it is and played at exactly that speed).
SPEEDS = {"slow": 0.625, "normal": 1.0, "fast": 2.0}
NAME_LENGTH = 24
WINDOW_RANGE = ((640, 360), (7680, 4320))
TABLE_COLOURS = ("green", "blue", "red")
CARD_BACKS = ("blue", "red")


def _default_levels() -> dict[str, tuple[str, ...]]:
    return {game: ("confirme",) * AI_SEATS for game in GAMES}


@dataclass(frozen=True)
class Settings:
    VERSION: ClassVar[int] = 1

    language: str = "auto"  # "auto": the system's language
    animation_speed: float = 1.0  # multiplies animation speed: 2.0 plays twice as fast
    sound: bool = True
    volume: float = 0.7  # 0.0 to 1.0
    undo_allowed: bool = True
    player_name: str = ""
    # Per game, the level of each computer seat in seat order after the player's
    # (only the first ``players - 1`` are used).
    ai_levels: Mapping[str, tuple[str, ...]] = field(default_factory=_default_levels)
    # Per game, the rules chosen last, as ``RulesJson.to_json()`` dictionaries.
    last_rules: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    window_size: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    table_colour: str = "green"  # the felt: one of TABLE_COLOURS
    card_back: str = "blue"  # the 32-card backs: one of CARD_BACKS
    four_colour: bool = False  # diamonds orange, clubs green
    # Left-handed: the hand sorted the other way and the table's buttons on the left.
    left_handed: bool = False
    expert_think: float = DEFAULT_THINK  # the Expert's most seconds per decision
    collect_on_click: bool = False  # each trick stays until the player clicks
    coach_threshold: float = DEFAULT_THRESHOLD  # the review marks decisions costing more

    @property
    def speed_factor(self) -> float:
        """What every animation's duration is multiplied by (0.5: twice as fast)."""
        return 1 / self.animation_speed

    @property
    def speed(self) -> str:
        """The name of the offered speed closest to ``animation_speed``."""
        return min(SPEEDS, key=lambda name: abs(SPEEDS[name] - self.animation_speed))

    def next_speed(self) -> float:
        """The offered speed after this one (after the fastest: the slowest)."""
        faster = [value for value in SPEEDS.values() if value > self.animation_speed + 1e-9]
        return faster[0] if faster else next(iter(SPEEDS.values()))

    def resolved_language(self) -> str:
        """The language to show: the chosen one, or the system's for "auto"."""
        return system_language() if self.language == AUTO_LANGUAGE else self.language

    def rules_for(self, game: str) -> RulesJson:
        """The rules last chosen for ``game`` (its defaults the first time)."""
        rules = rules_class(game)
        saved = self.last_rules.get(game)
        return rules() if saved is None else rules.from_json(dict(saved))

    def with_rules(self, rules: RulesJson) -> Settings:
        rules_json = {**self.last_rules, rules.game: rules.to_json()}
        return dataclasses.replace(self, last_rules=rules_json)

    def with_levels(self, game: str, levels: tuple[str, ...]) -> Settings:
        """Settings with new levels for ``game``'s computer seats (missing seats: confirmé)."""
        full = _levels(list(levels)[:AI_SEATS] + ["confirme"] * (AI_SEATS - len(levels)))
        return dataclasses.replace(self, ai_levels={**self.ai_levels, game: full})

    def to_json(self) -> dict[str, Any]:
        """The player's choices (a subclass's own fields, such as the smoke run's fixed
        animation factor, are not choices and are not written)."""
        return {
            "version": self.VERSION,
            **{f.name: _plain(getattr(self, f.name)) for f in dataclasses.fields(Settings)},
        }

    def choices(self) -> Settings:
        """These settings as a plain ``Settings`` (a subclass's own fields dropped)."""
        return Settings(**{f.name: getattr(self, f.name) for f in dataclasses.fields(Settings)})


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


# --- reading, field by field: each reader returns the value or raises ValueError --------


def _choice(choices: tuple[str, ...]) -> Callable[[object], str]:
    def read(raw: object) -> str:
        if raw not in choices:
            raise ValueError(raw)
        assert isinstance(raw, str)
        return raw

    return read


def _number_in(low: float, high: float) -> Callable[[object], float]:
    def read(raw: object) -> float:
        if isinstance(raw, bool) or not isinstance(raw, int | float):
            raise ValueError(raw)
        if not (math.isfinite(raw) and low <= raw <= high):
            raise ValueError(raw)
        return float(raw)

    return read


def _number_of(choices: tuple[float, ...]) -> Callable[[object], float]:
    def read(raw: object) -> float:
        if isinstance(raw, bool) or not isinstance(raw, int | float) or raw not in choices:
            raise ValueError(raw)
        return float(raw)

    return read


def _flag(raw: object) -> bool:
    if not isinstance(raw, bool):
        raise ValueError(raw)
    return raw


def _name(raw: object) -> str:
    if not isinstance(raw, str) or len(raw) > NAME_LENGTH or not raw.isprintable():
        raise ValueError(raw)
    return raw


def _levels(raw: object) -> tuple[str, ...]:
    if not isinstance(raw, list) or len(raw) != AI_SEATS:
        raise ValueError(raw)
    return tuple(_choice(LEVELS)(level) for level in raw)


def _window(raw: object) -> tuple[int, int]:
    (low_w, low_h), (high_w, high_h) = WINDOW_RANGE
    if not isinstance(raw, list) or len(raw) != 2:
        raise ValueError(raw)
    width, height = raw
    for value, low, high in ((width, low_w, high_w), (height, low_h, high_h)):
        if type(value) is not int or not low <= value <= high:
            raise ValueError(raw)
    return width, height


def _rules(game: str, raw: object) -> dict[str, Any]:
    try:
        return rules_class(game).from_json(raw).to_json()
    except RulesError as error:
        raise ValueError(raw) from error


_READERS: dict[str, Callable[[object], Any]] = {
    "language": _choice(LANGUAGES),
    "animation_speed": _number_in(*SPEED_RANGE),
    "sound": _flag,
    "volume": _number_in(0.0, 1.0),
    "undo_allowed": _flag,
    "player_name": _name,
    "window_size": _window,
    "fullscreen": _flag,
    "table_colour": _choice(TABLE_COLOURS),
    "card_back": _choice(CARD_BACKS),
    "four_colour": _flag,
    "left_handed": _flag,
    "expert_think": _number_of(THINK_CHOICES),
    "collect_on_click": _flag,
    "coach_threshold": _number_of(THRESHOLDS),
}
# Per-game maps: each game's entry is read on its own.
_GAME_READERS: dict[str, Callable[[str, object], Any]] = {
    "ai_levels": lambda _game, raw: _levels(raw),
    "last_rules": _rules,
}


def settings_from_json(data: Mapping[str, Any]) -> tuple[Settings, list[Problem]]:
    """Settings from a settings file's object: every usable field is kept, every wrong
    one falls back to its default with a problem naming it."""
    defaults = Settings()
    values: dict[str, Any] = {}
    problems: list[Problem] = []
    for name, read in _READERS.items():
        if name in data:
            try:
                values[name] = read(data[name])
            except ValueError:
                problems.append(_reset(name))
    for name, read_entry in _GAME_READERS.items():
        values[name], bad = _read_per_game(data.get(name, {}), getattr(defaults, name), read_entry)
        problems.extend(_reset(f"{name}.{game}") for game in bad)
    return dataclasses.replace(defaults, **values), problems


def _read_per_game(
    raw: object, default: Mapping[str, Any], read: Callable[[str, object], Any]
) -> tuple[dict[str, Any], list[str]]:
    if not isinstance(raw, dict):
        return dict(default), ["*"]
    values = dict(default)
    bad = []
    for game in GAMES:
        if game in raw:
            try:
                values[game] = read(game, raw[game])
            except ValueError:
                bad.append(game)
    return values, bad


def _reset(name: str) -> Problem:
    return Problem("storage.setting_reset", {"field": name})
