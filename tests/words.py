"""The tests' words: each language's ``Texts`` (an app has its own; these are for
checking what a screen or a function shows in a language)."""

from __future__ import annotations

from game.i18n import Texts

ENGLISH = Texts("en")
FRENCH = Texts("fr")
tr = ENGLISH.tr
