"""Translations: every string the player sees goes through ``Texts.tr(key, **kwargs)``.

The catalogues are JSON files in ``game/locales`` (one per language, the same keys in
each); placeholders use ``str.format`` names, e.g. ``"Vous devez fournir à {suit}"``.

There is no language of the process: each app holds its own ``Texts`` (made from its
settings, switched in place when the player picks another language), and hands it to
its scenes, table parts and widgets; two apps in one process each speak their own.
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


@cache
def catalogue(language: str) -> dict[str, str]:
    """The key -> text table of one language (read once: a pure memo by language)."""
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


def checked_language(language: str) -> str:
    """``language`` if the game has it; a clear error otherwise."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; choose one of {LANGUAGES}")
    return language


def plural_form(count: int, language: str) -> str:
    """CLDR's plural category of ``count`` in ``language``: French counts 0 and 1 as
    singular, English only 1."""
    singular = (0, 1) if language == "fr" else (1,)
    return "one" if abs(count) in singular else "other"


class Texts:
    """One app's words: the texts of its language.  The app switches ``language`` in
    place when the player picks another, so every part holding this object follows."""

    def __init__(self, language: str) -> None:
        self._language = checked_language(language)

    @property
    def language(self) -> str:
        return self._language

    @language.setter
    def language(self, language: str) -> None:
        self._language = checked_language(language)

    def has_key(self, key: str) -> bool:
        return key in catalogue(self._language)

    def tr(self, key: str, **kwargs: object) -> str:
        """The text of ``key``; a missing key shows itself, so a forgotten translation
        is visible rather than fatal."""
        text = catalogue(self._language).get(key, key)
        return text.format(**kwargs) if kwargs else text

    def plural_form(self, count: int) -> str:
        return plural_form(count, self._language)

    def tr_n(self, key: str, count: int, **kwargs: object) -> str:
        """``tr`` of ``key.one`` or ``key.other``, whichever the language uses for
        ``count`` ("1 carte", "2 cartes"; "0 carte" in French, "0 cards" in English)."""
        return self.tr(f"{key}.{self.plural_form(count)}", count=count, **kwargs)


class Speaks:
    """What speaks the app's language (a scene, a table part): ``texts`` is the app's,
    given at construction; ``tr`` and ``tr_n`` read it."""

    texts: Texts

    def tr(self, key: str, **kwargs: object) -> str:
        return self.texts.tr(key, **kwargs)

    def tr_n(self, key: str, count: int, **kwargs: object) -> str:
        return self.texts.tr_n(key, count, **kwargs)
