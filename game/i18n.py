"""Translations: every string the player sees goes through ``tr(key, **kwargs)``.

The catalogues are JSON files in ``game/locales`` (one per language, the same keys in
each); placeholders use ``str.format`` names, e.g. ``"Vous devez fournir à {suit}"``.
"""

from __future__ import annotations

import contextlib
import json
import locale
import os
from functools import cache
from pathlib import Path

LANGUAGES = ("fr", "en")
LOCALES_DIR = Path(__file__).resolve().parent / "locales"

_state = {"language": "en"}


@cache
def catalogue(language: str) -> dict[str, str]:
    """The key -> text table of one language."""
    with open(LOCALES_DIR / f"{language}.json", encoding="utf-8") as file:
        data: dict[str, str] = json.load(file)
    return data


def system_language() -> str:
    """French for a French system locale (fr_FR, fr_CA, ...), English otherwise."""
    names = [os.environ.get(var, "") for var in ("LC_ALL", "LC_MESSAGES", "LANG")]
    with contextlib.suppress(ValueError):
        names.append(locale.getlocale()[0] or "")
    for name in names:
        if name and name not in ("C", "POSIX"):
            return "fr" if name.lower().startswith("fr") else "en"
    return "en"


def set_language(language: str) -> None:
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; choose one of {LANGUAGES}")
    _state["language"] = language


def language() -> str:
    return _state["language"]


def has_key(key: str) -> bool:
    return key in catalogue(language())


def tr(key: str, **kwargs: object) -> str:
    """The text of ``key`` in the current language; a missing key shows itself, so a
    forgotten translation is visible rather than fatal."""
    text = catalogue(language()).get(key, key)
    return text.format(**kwargs) if kwargs else text


def plural_form(count: int, lang: str | None = None) -> str:
    """CLDR's plural category of ``count``: French counts 0 and 1 as singular, English
    only 1."""
    singular = (0, 1) if (lang or language()) == "fr" else (1,)
    return "one" if abs(count) in singular else "other"


def tr_n(key: str, count: int, **kwargs: object) -> str:
    """``tr`` of ``key.one`` or ``key.other``, whichever the language uses for
    ``count`` ("1 carte", "2 cartes"; "0 carte" in French, "0 cards" in English)."""
    return tr(f"{key}.{plural_form(count)}", count=count, **kwargs)


set_language(system_language())
