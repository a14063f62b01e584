"""Court card faces (issue 17): the four-colour deck recolours the suit in their
medallions too, and their corner letter follows the language (J Q K / V D R)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.ui.app.app import App
from game.ui.kit import assets as assets_module
from game.ui.kit.assets import (
    MEDALLION,
    RGB,
    SPRITE_SIZE,
    Assets,
    recolour_suit,
    sprite_point,
    suit_colour,
)
from game.ui.scenes.settings import SettingsScene

WIDTH = SPRITE_SIZE[0]  # faces as stored: no scaling blurs the pixels looked at
COURTS = [("KC", "32"), ("QD", "32"), ("JD", "32"), ("CD", "tarot"), ("RC", "tarot")]


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> Iterator[None]:
    pygame.init()
    yield


def palette_ink(suit: str) -> RGB:
    """The four-colour deck's ink for ``suit``: its classic ink through the one recolouring
    the game uses for card faces and suit icons alike."""
    sample = pygame.Surface((1, 1))
    sample.fill(suit_colour(suit))
    r, g, b, _ = recolour_suit(sample, suit).get_at((0, 0))
    return (r, g, b)


def close(pixel: pygame.Color, colour: RGB, tolerance: int = 24) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], colour, strict=True))


def medallion_centres(face: pygame.Surface) -> list[tuple[int, int]]:
    """The middle of the suit symbol in each of a court's two medallions."""
    return [tuple(round(v) for v in sprite_point(face, MEDALLION, turned))  # type: ignore[misc]
            for turned in (False, True)]


def changed_pixels(a: pygame.Surface, b: pygame.Surface, box: pygame.Rect) -> int:
    return sum(a.get_at((x, y)) != b.get_at((x, y))
               for x in range(box.left, box.right) for y in range(box.top, box.bottom))


# --- the four-colour deck on court cards


@pytest.mark.parametrize(("code", "deck"), COURTS)
def test_four_colours_recolour_the_suit_in_a_courts_medallions(code: str, deck: str) -> None:
    assets = Assets()
    classic = assets.card_face(code, WIDTH, deck)
    assets.four_colour = True
    four = assets.card_face(code, WIDTH, deck)
    suit = code[1]
    for centre in medallion_centres(four):
        assert close(classic.get_at(centre), suit_colour(suit)), centre
        assert close(four.get_at(centre), palette_ink(suit)), (centre, four.get_at(centre))
    corner_pip = (27, 76)  # the suit under the corner index: recoloured as before
    assert close(four.get_at(corner_pip), palette_ink(suit))


@pytest.mark.parametrize("width", [60, 100, 200])
def test_four_colours_keep_the_rest_of_the_court_art(width: int) -> None:
    assets = Assets()
    classic = assets.card_face("QD", width)
    assets.four_colour = True
    four = assets.card_face("QD", width)
    scale = width / WIDTH
    head = pygame.Rect(round(88 * scale), round(60 * scale), round(24 * scale),
                       round(24 * scale))
    flower = pygame.Rect(round(56 * scale), round(72 * scale), round(18 * scale),
                         round(16 * scale))  # red petals: art, not a suit
    robe = pygame.Rect(round(62 * scale), round(150 * scale), round(16 * scale),
                       round(10 * scale))
    for box in (head, flower, robe):
        assert changed_pixels(classic, four, box) == 0, box
    assert classic.get_at(medallion_centres(four)[0]) != four.get_at(medallion_centres(four)[0])


def test_hearts_and_spades_courts_are_the_same_in_four_colours() -> None:
    assets = Assets()
    classic = [assets.card_face(code, 100) for code in ("KH", "JS")]
    assets.four_colour = True
    for before, code in zip(classic, ("KH", "JS"), strict=True):
        after = assets.card_face(code, 100)
        assert changed_pixels(before, after, after.get_rect()) == 0


# --- the corner letter follows the language


def letters_drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The corner texts the loader writes on faces from now on."""
    drawn: list[str] = []
    original = assets_module.draw_corner_text

    def recording(surface: pygame.Surface, text: str, colour: RGB) -> None:
        drawn.append(text)
        original(surface, text, colour)

    monkeypatch.setattr(assets_module, "draw_corner_text", recording)
    return drawn


@pytest.mark.parametrize(("code", "deck", "english", "french"), [
    ("JS", "32", "J", "V"), ("QH", "32", "Q", "D"), ("KD", "32", "K", "R"),
    ("VC", "tarot", "J", "V"), ("CH", "tarot", "C", "C"), ("DS", "tarot", "Q", "D"),
    ("RD", "tarot", "K", "R"),
])
def test_the_court_letter_is_the_languages(monkeypatch: pytest.MonkeyPatch, code: str,
                                           deck: str, english: str, french: str) -> None:
    drawn = letters_drawn(monkeypatch)
    assets = Assets()
    assets.card_face(code, 100, deck)
    assets.language = "fr"
    assets.card_face(code, 100, deck)
    assert drawn == [english, french]


def test_a_language_change_gives_other_faces_and_the_cache_keeps_both() -> None:
    assets = Assets()
    queen_en, nine_en = assets.card_face("QH", 100), assets.card_face("9H", 100)
    assets.language = "fr"
    queen_fr, nine_fr = assets.card_face("QH", 100), assets.card_face("9H", 100)
    corner = pygame.Rect(4, 4, 20, 22)
    assert changed_pixels(queen_en, queen_fr, corner) > 20
    assert changed_pixels(queen_en, queen_fr, pygame.Rect(30, 20, 40, 110)) == 0  # the art
    assert nine_fr is nine_en  # no letter: one face for both languages
    assets.language = "en"
    assert assets.card_face("QH", 100) is queen_en


def test_the_sprites_themselves_carry_no_court_letter() -> None:
    """The generated file leaves the corner blank: the loader writes the letter."""
    stored = pygame.image.load(Path(assets_module.__file__).parents[3] / "sprites/cards/QH.png")
    letter_box = pygame.Rect(10, 14, 34, 36)
    paper = stored.get_at((27, 32))
    assert all(stored.get_at((x, y)) == paper
               for x in range(letter_box.left, letter_box.right, 2)
               for y in range(letter_box.top, letter_box.bottom, 2))


def test_the_drawn_stand_in_follows_the_language_too(tmp_path: Path) -> None:
    assets = Assets(tmp_path)  # no sprites at all: the plain faces drawn on the fly
    english = assets.card_face("KS", 100)
    assets.language = "fr"
    french = assets.card_face("KS", 100)
    assert changed_pixels(english, french, pygame.Rect(0, 0, 50, 50)) > 20


def test_the_settings_language_button_changes_the_faces(app: App) -> None:
    english = app.assets.card_face("QS", 100)
    scene = SettingsScene(app)
    while app.texts.language != "fr":
        scene.next_language()
    assert app.assets.card_face("QS", 100) is not english
    assert changed_pixels(english, app.assets.card_face("QS", 100),
                          pygame.Rect(4, 4, 20, 22)) > 20
