"""Court card faces (issue 17): the four-colour deck recolours the suit in their
medallions too."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator

import pygame
import pytest

from game.ui.assets import (
    MEDALLION,
    RGB,
    SPRITE_SIZE,
    Assets,
    recolour_suit,
    sprite_point,
    suit_colour,
)

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
