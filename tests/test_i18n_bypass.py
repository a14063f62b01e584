"""No visible string bypasses the translation layer: with a catalogue whose every word
carries an invisible mark, every word drawn on screen must carry it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from game import i18n
from game.engine.rules import BeloteRules, CoincheRules, TarotRules

MARK = "\u2063"  # INVISIBLE SEPARATOR: drawn as nothing, kept in the string
WORD = re.compile(r"[^\W\d_]{2,}")


def marked(text: str) -> str:
    """Each word of a catalogue text marked; placeholders ({suit}) left alone."""
    return re.sub(r"(?<![{\w])([^\W\d_]+)(?![\w}])", MARK + r"\1", text)


def unmarked_words(line: str) -> list[str]:
    return [m.group() for m in WORD.finditer(line)
            if not line[:m.start()].endswith(MARK)]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch, texts_drawn: list[str]) -> Iterator[list[str]]:
    """Every string the widgets render, with the English catalogue marked."""
    english = {key: marked(text) for key, text in i18n.catalogue("en").items()}
    monkeypatch.setattr(i18n, "catalogue", lambda language: english)
    yield texts_drawn


def visit_every_scene(tmp_path: Any) -> None:
    from game.storage import Storage
    from game.ui.app.app import App
    from game.ui.app.smoke import SMOKE_DT, play_deals
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.rules import RulesScene
    from game.ui.scenes.settings import SettingsScene
    from game.ui.scenes.setup import SetupScene
    from game.ui.scenes.stats import StatsScene

    app = App(storage=Storage(tmp_path))
    try:
        app.push(MenuScene(app))
        for scene in (SetupScene(app), SettingsScene(app), RulesScene(app), StatsScene(app)):
            app.push(scene)
            app.step(SMOKE_DT, [])
            app.pop()
            app.step(SMOKE_DT, [])
        for rules in (CoincheRules(), BeloteRules(), BeloteRules(players=3), TarotRules(players=5)):
            play_deals(app, rules, 1)
    finally:
        app.close()


def test_every_word_drawn_comes_from_the_catalogue(drawn: list[str], tmp_path: Any) -> None:
    visit_every_scene(tmp_path)
    assert len(drawn) > 100, "the scenes drew their texts through the widgets"
    bypassing = sorted({f"{word!r} in {line!r}" for line in drawn
                        for word in unmarked_words(line)})
    assert not bypassing, "\n".join(bypassing)
