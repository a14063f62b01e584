"""The small things a player notices: the window's name and smallest size, the sound
setting's truth, "vous" inside a sentence, the bergère labelled."""

from __future__ import annotations

import os
import warnings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.engine.rules import BeloteRules
from game.ui.app.app import App
from game.ui.app.window import MIN_WINDOW
from game.ui.kit.assets import Assets
from game.ui.scenes.settings import SettingsScene
from game.ui.stage.scene import Scene
from game.ui.table.words import seat_after
from tests.table_driver import DT, run_until, start_table
from tests.words import ENGLISH, FRENCH, tr


def test_the_window_is_named_atout_and_never_smaller_than_readable() -> None:
    app = App(window_size=(300, 200))
    width, height = app.window.get_size()
    assert width >= MIN_WINDOW[0] and height >= MIN_WINDOW[1]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert pygame.Window.from_display_module().minimum_size == MIN_WINDOW
    # The window class "Atout" is named by main.py before pygame loads (pygame names it
    # after the script otherwise): tests/test_ui_e2e.py reads it off the real window.


def test_the_sound_setting_says_when_no_device_could_be_opened(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_device() -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    app = App(assets=Assets())
    app.push(Scene(app))
    scene = SettingsScene(app)
    sound = next(button for key, button in scene.rows if key == "settings.sound")
    assert sound.label() == tr("settings.no_audio")


def test_the_sound_setting_says_on_or_off_with_a_device() -> None:
    app = App(assets=Assets())
    scene = SettingsScene(app)
    sound = next(button for key, button in scene.rows if key == "settings.sound")
    assert sound.label() == tr("on" if app.settings.sound else "off")


def test_you_is_written_small_inside_a_sentence() -> None:
    said = FRENCH.tr
    assert said("table.won_by", name=seat_after(FRENCH, 0, 0, "S")) == "Remporté par vous"
    assert said("table.taken_by", name=seat_after(FRENCH, 1, 0, "W")) == "Pris par Ouest"


def test_the_bergere_is_labelled(app: App, texts_drawn: list[str]) -> None:
    table = start_table(app, BeloteRules(players=3), seed=3)
    run_until(app, table, lambda: table.model.bergere is not None)  # once someone takes
    texts_drawn.clear()
    app.step(DT, [])
    assert tr("table.bergere") in texts_drawn


def test_the_message_never_covers_the_players_own_bubble(app: App) -> None:
    from game.ui.kit.widgets import bubble_rect
    from game.ui.table.words import say_text

    table = start_table(app, BeloteRules(players=3), seed=3)
    viewer = table.controller.viewer
    spot = table.spots[viewer]
    for say in (("bid.take", ()), ("say.call", (("card", "king of spades"),))):
        table.model.says[viewer] = say
        own = bubble_rect(say_text(ENGLISH, say), spot.bubble, tail=spot.bubble_tail)
        for message in ("Your turn: play a raised card",
                        "The écart is full: click one of its cards to take it back"):
            table.messages.message = lambda words=message: words  # type: ignore[misc]
            rect = table.messages.message_rect()
            assert rect is not None and not rect.colliderect(own), message


def test_a_long_message_wraps_inside_the_table(app: App, texts_drawn: list[str]) -> None:
    """A hint longer than the table is wide (the tarot bidding's, with its figures)
    wraps onto more lines: its box stays on the screen and every word is drawn."""
    from game.ui.table.layout import WIDTH

    table = start_table(app, BeloteRules(players=3), seed=3)
    long = ("Garde sans scores best, played as the Expert plays it: 372 points expected "
            "over 12 likely deals, better than Garde in 12 of them, worse in 0.")
    table.messages.message = lambda: long  # type: ignore[method-assign]
    box = table.messages.message_rect()
    assert box is not None and box.left >= 0 and box.right <= WIDTH
    texts_drawn.clear()
    app.step(DT, [])
    drawn = [words for words in texts_drawn if len(words) > 20 and words in long]
    assert len(drawn) >= 2 and " ".join(drawn) == long
