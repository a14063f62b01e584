"""Draw every sprite of the game into sprites/: card faces, backs, felt, icons.

Run from the repository root: ``python tools/make_sprites.py`` (headless is fine). The
output is deterministic: the same pygame-ce gives the same bytes, so the PNGs are
committed and a rerun shows no diff. Each picture is drawn at SUPER times its size and
smoothscaled down, which antialiases every polygon and circle.

Coordinates below are in final pixels of a 200×300 card; ``Canvas`` scales them.
"""

from __future__ import annotations

import io
import math
import os
import random
import struct
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.engine.games import Deck  # noqa: E402
from game.ui.kit.assets import (  # noqa: E402
    CODES_32,
    CODES_TAROT,
    EXCUSE,
    INDEX_CENTRE,
    MEDALLION,
    MEDALLION_RADIUS,
    PAPER,
    RED,
    RGB,
    SPRITE_SIZE,
    SUITS,
    TAROT_TRUMPS,
    Assets,
    card_index,
    draw_corner_text,
    draw_suit,
    ink_label,
    is_court,
    star_points,
    suit_colour,
)

CARD_W, CARD_H = SPRITE_SIZE
SUPER = 4  # a power of two: smoothscale keeps full opacity only for those
EDGE = (120, 116, 108)
GOLD = (201, 160, 60)
DARK_GOLD = (150, 112, 36)
IVORY = (247, 238, 214)
INK = (40, 36, 48)
Point = tuple[float, float]


class Canvas:
    """A supersampled drawing surface addressed in final pixels."""

    def __init__(
        self, width: int, height: int, background: RGB | None = None, zoom: int = 1
    ) -> None:
        self.width, self.height, self.zoom = width, height, zoom
        self.k = SUPER * zoom
        self.surface = pygame.Surface((width * self.k, height * self.k), pygame.SRCALPHA)
        # Transparent pixels carry the edge colour so smoothscale leaves no dark fringe.
        self.surface.fill((*(background or EDGE), 0))

    def p(self, point: Point) -> Point:
        return (point[0] * self.k, point[1] * self.k)

    def box(self, box: tuple[float, float, float, float]) -> pygame.Rect:
        x, y, w, h = box
        return pygame.Rect(
            round(x * self.k), round(y * self.k), round(w * self.k), round(h * self.k)
        )

    @contextmanager
    def clip(self, box: tuple[float, float, float, float]) -> Iterator[None]:
        """Drawing inside the block only touches ``box``."""
        self.surface.set_clip(self.box(box))
        try:
            yield
        finally:
            self.surface.set_clip(None)

    def rect(
        self,
        box: tuple[float, float, float, float],
        colour: RGB,
        radius: float = 0,
        width: float = 0,
    ) -> None:
        pygame.draw.rect(
            self.surface,
            colour,
            self.box(box),
            round(width * self.k),
            border_radius=round(radius * self.k),
        )

    def circle(self, centre: Point, radius: float, colour: RGB, width: float = 0) -> None:
        pygame.draw.circle(
            self.surface, colour, self.p(centre), radius * self.k, round(width * self.k)
        )

    def ellipse(
        self, box: tuple[float, float, float, float], colour: RGB, width: float = 0
    ) -> None:
        pygame.draw.ellipse(self.surface, colour, self.box(box), round(width * self.k))

    def poly(self, points: Sequence[Point], colour: RGB, width: float = 0) -> None:
        pygame.draw.polygon(
            self.surface, colour, [self.p(pt) for pt in points], round(width * self.k)
        )

    def line(self, start: Point, end: Point, colour: RGB, width: float) -> None:
        pygame.draw.line(
            self.surface, colour, self.p(start), self.p(end), max(1, round(width * self.k))
        )

    def suit(
        self,
        suit: str,
        centre: Point,
        size: float,
        upside_down: bool = False,
        colour: RGB | None = None,
    ) -> None:
        draw_suit(self.surface, suit, self.p(centre), size * self.k, colour, upside_down)

    def text(
        self,
        text: str,
        box_centre: Point,
        height: float,
        colour: RGB,
        max_width: float | None = None,
        upside_down: bool = False,
    ) -> None:
        """Text whose ink is ``height`` high (condensed to ``max_width``), centred."""
        limit = None if max_width is None else round(max_width * self.k)
        ink = ink_label(text, round(height * self.k), colour, limit, upside_down)
        self.surface.blit(ink, ink.get_rect(center=self.p(box_centre)))

    def result(self) -> pygame.Surface:
        return pygame.transform.smoothscale(
            self.surface, (self.width * self.zoom, self.height * self.zoom)
        )


def rotated(points: Sequence[Point], centre: Point = (CARD_W / 2, CARD_H / 2)) -> list[Point]:
    """The points turned 180° around ``centre`` (court halves, lower pips)."""
    cx, cy = centre
    return [(2 * cx - x, 2 * cy - y) for x, y in points]


# --- card layout -----------------------------------------------------------------------

INDEX_X = INDEX_CENTRE[0]  # centre of the corner index column
INDEX_PIP = 30
PIP = 32
SMALL_PIP = 28  # the 9 and 10 have four rows: smaller pips keep them apart
COLUMNS = (68.0, 100.0, 132.0)
TOP, BOTTOM = 52.0, 248.0

# (column, row) with rows from 0 (top) to 1 (bottom): the classic French layouts.
PIP_LAYOUTS: dict[int, tuple[tuple[int, float], ...]] = {
    2: ((1, 0.0), (1, 1.0)),
    3: ((1, 0.0), (1, 0.5), (1, 1.0)),
    4: ((0, 0.0), (2, 0.0), (0, 1.0), (2, 1.0)),
    5: ((0, 0.0), (2, 0.0), (1, 0.5), (0, 1.0), (2, 1.0)),
    6: tuple((col, row) for col in (0, 2) for row in (0.0, 0.5, 1.0)),
    7: (*((col, row) for col in (0, 2) for row in (0.0, 0.5, 1.0)), (1, 0.25)),
    8: (*((col, row) for col in (0, 2) for row in (0.0, 0.5, 1.0)), (1, 0.25), (1, 0.75)),
    9: (*((col, row) for col in (0, 2) for row in (0.0, 1 / 3, 2 / 3, 1.0)), (1, 0.5)),
    10: (
        *((col, row) for col in (0, 2) for row in (0.0, 1 / 3, 2 / 3, 1.0)),
        (1, 1 / 6),
        (1, 5 / 6),
    ),
}

COURT_ROBES: dict[str, RGB] = {
    "R": (38, 70, 150),
    "D": (140, 34, 64),
    "V": (34, 110, 72),
    "C": (150, 92, 30),
}
SKIN = (242, 214, 180)
HAIR = (92, 58, 34)


def blank(canvas: Canvas, fill: RGB = PAPER) -> None:
    canvas.rect((0, 0, CARD_W, CARD_H), fill, radius=12)
    canvas.rect((0, 0, CARD_W, CARD_H), EDGE, radius=12, width=1.5)


def corner_indices(canvas: Canvas, text: str | None, suit: str | None, colour: RGB) -> None:
    """The big index in the top-left corner and the same turned in the bottom-right, with
    the suit (or a star) below; the Excuse has a star for its index. ``text`` None: no
    index (a court card, whose letter the game writes in the player's language)."""
    if text:
        draw_corner_text(canvas.surface, text, colour)
    for flip in (False, True):
        top: Point = INDEX_CENTRE
        below: Point = (INDEX_X, 76)
        if flip:
            top, below = rotated([top, below])
        if text == "":
            canvas.poly(star_points(top, 19, 8, 5, math.pi if flip else 0.0), colour)
        if suit:
            canvas.suit(suit, below, INDEX_PIP, flip)
        else:
            canvas.poly(star_points(below, 11, 4.5, 5, math.pi if flip else 0.0), colour)


def pips(canvas: Canvas, suit: str, count: int) -> None:
    if count == 1:
        canvas.circle((100, 150), 58, suit_colour(suit), width=1.2)
        canvas.circle((100, 150), 52, suit_colour(suit), width=0.6)
        canvas.suit(suit, (100, 150), 78)
        return
    size = SMALL_PIP if count >= 9 else PIP
    for column, row in PIP_LAYOUTS[count]:
        y = TOP + (BOTTOM - TOP) * row
        canvas.suit(suit, (COLUMNS[column], y), size, upside_down=row > 0.5)


def court_panel(canvas: Canvas, suit: str, rank: str) -> None:
    """A gold-framed panel with a mirrored stylised figure holding the suit."""
    box = (50.0, 14.0, 100.0, 272.0)
    canvas.rect(box, IVORY, radius=6)
    for y in range(24, 280, 8):  # faint engraved hatching
        canvas.line((54, y), (146, y), (236, 224, 196), 1)
    top_half = figure_shapes(rank)
    medallion = MEDALLION
    for flip in (False, True):
        for kind, colour, points in top_half:
            shape = rotated(points) if flip else points
            canvas.poly(shape, colour, width=0 if kind == "poly" else 1.4)
        centre = rotated([medallion])[0] if flip else medallion
        canvas.circle(centre, MEDALLION_RADIUS, PAPER)
        canvas.circle(centre, MEDALLION_RADIUS, GOLD, width=1.5)
        canvas.suit(suit, centre, 20, upside_down=flip)
    canvas.line((52, 150), (148, 150), DARK_GOLD, 2)
    canvas.rect(box, DARK_GOLD, radius=6, width=2.5)
    canvas.rect((box[0] + 4, box[1] + 4, box[2] - 8, box[3] - 8), GOLD, radius=4, width=1)


def ellipse_points(
    centre: Point,
    rx: float,
    ry: float,
    start: float = 0.0,
    end: float = 2 * math.pi,
    steps: int = 40,
) -> list[Point]:
    cx, cy = centre
    return [
        (
            cx + rx * math.cos(start + (end - start) * i / steps),
            cy + ry * math.sin(start + (end - start) * i / steps),
        )
        for i in range(steps + 1)
    ]


def upper_half(centre: Point, rx: float, ry: float) -> list[Point]:
    return ellipse_points(centre, rx, ry, math.pi, 2 * math.pi)


def stick(x: float, top: float, bottom: float, width: float) -> list[Point]:
    return [
        (x - width / 2, top),
        (x + width / 2, top),
        (x + width / 2, bottom),
        (x - width / 2, bottom),
    ]


Figure = list[tuple[str, RGB, Sequence[Point]]]
STEEL = (176, 182, 194)
STEEL_DARK = (90, 96, 110)
EYES = (50, 40, 40)


def figure_shapes(rank: str) -> Figure:
    """The upper half of a court figure: attribute, robe, head, headgear (card coordinates)."""
    robe = COURT_ROBES[rank]
    shoulders = upper_half((100, 150), 44, 54)
    trim = upper_half((100, 150), 38, 47)
    shapes: Figure = attribute(rank)
    if rank == "D":  # long hair falling to the shoulders
        shapes.append(("poly", HAIR, [*upper_half((100, 82), 21, 28), (121, 106), (79, 106)]))
    shapes += [
        ("poly", robe, shoulders),
        ("line", GOLD, shoulders),
        ("line", GOLD, trim),
        ("poly", GOLD, ellipse_points((100, 97), 17, 8, 0, math.pi)),
        ("poly", SKIN, ellipse_points((100, 74), 15, 17)),
        ("poly", EYES, ellipse_points((94.5, 74), 1.6, 1.8, steps=12)),
        ("poly", EYES, ellipse_points((105.5, 74), 1.6, 1.8, steps=12)),
    ]
    return shapes + headgear(rank)


def attribute(rank: str) -> Figure:
    """What the figure holds, beside it: sceptre, flower, halberd, sword."""
    if rank == "R":
        return [
            ("poly", GOLD, stick(135, 66, 146, 3.5)),
            ("poly", GOLD, ellipse_points((135, 62), 6, 6)),
            ("poly", DARK_GOLD, stick(135, 48, 58, 2.5)),
            ("poly", DARK_GOLD, [(130, 51), (140, 51), (140, 53.5), (130, 53.5)]),
        ]
    if rank == "D":
        petals: Figure = [
            ("poly", RED, ellipse_points((65 + 5 * math.cos(a), 80 + 5 * math.sin(a)), 4, 4))
            for a in (i * 2 * math.pi / 5 - math.pi / 2 for i in range(5))
        ]
        return [
            ("poly", (40, 110, 60), stick(65, 84, 146, 2.5)),
            *petals,
            ("poly", GOLD, ellipse_points((65, 80), 2.5, 2.5)),
        ]
    if rank == "V":
        return [
            ("poly", (110, 80, 50), stick(64, 44, 146, 3)),
            ("poly", STEEL, [(64, 28), (68.5, 46), (59.5, 46)]),
            ("poly", STEEL, [(64, 50), (54, 44), (54, 62), (64, 58)]),
            ("line", STEEL_DARK, [(64, 50), (54, 44), (54, 62), (64, 58)]),
        ]
    return [
        ("poly", STEEL, [(133, 130), (133, 50), (135.5, 42), (138, 50), (138, 130)]),
        ("line", STEEL_DARK, [(133, 130), (133, 50), (135.5, 42), (138, 50), (138, 130)]),
        ("poly", GOLD, stick(135.5, 128, 133, 16)),
        ("poly", (110, 80, 50), stick(135.5, 133, 146, 4)),
    ]


def headgear(rank: str) -> Figure:
    if rank == "R":  # crown with three points and a beard
        crown = [(83, 62), (83, 40), (91, 51), (100, 34), (109, 51), (117, 40), (117, 62)]
        beard = [(86, 80), (114, 80), (109, 95), (100, 100), (91, 95)]
        return [
            ("poly", (120, 88, 60), beard),
            ("poly", GOLD, crown),
            ("line", DARK_GOLD, crown),
            ("poly", RED, ellipse_points((100, 55), 3, 3)),
            ("poly", (40, 120, 200), ellipse_points((88, 57), 2, 2)),
            ("poly", (40, 120, 200), ellipse_points((112, 57), 2, 2)),
        ]
    if rank == "D":  # tiara with a jewel
        tiara = [*upper_half((100, 62), 16, 12), (100, 44)]
        return [
            ("poly", GOLD, tiara),
            ("line", DARK_GOLD, tiara),
            ("poly", (40, 120, 200), ellipse_points((100, 54), 3, 4)),
        ]
    if rank == "V":  # flat cap with a feather
        cap = upper_half((100, 63), 20, 10)
        feather = [(108, 56), (128, 26), (130, 34), (116, 58)]
        return [("poly", RED, feather), ("line", DARK_GOLD, feather), ("poly", (40, 40, 60), cap)]
    # cavalier: a helmet with a visor line and a plume sweeping back
    helmet = [*upper_half((100, 70), 17, 22), (117, 72), (83, 72)]
    plume = [(96, 50), (100, 30), (116, 20), (126, 26), (112, 32), (106, 50)]
    return [
        ("poly", RED, plume),
        ("poly", STEEL, helmet),
        ("line", STEEL_DARK, helmet),
        ("poly", STEEL_DARK, [(84, 64), (116, 64), (116, 66), (84, 66)]),
    ]


def draw_suited(code: str, deck: str, court_letter: str | None = None) -> pygame.Surface:
    """A numbered or court card. A court's corner letter depends on the language: the
    sprite has none (the game adds it), unless ``court_letter`` gives one ("fr", "en")."""
    text, suit = card_index(code, deck, "fr")
    assert suit is not None
    canvas = Canvas(CARD_W, CARD_H)
    blank(canvas)
    colour = suit_colour(suit)
    index: str | None = text
    if is_court(code):
        court_panel(canvas, suit, text)
        index = None if court_letter is None else card_index(code, deck, court_letter)[0]
    else:
        pips(canvas, suit, 1 if text in ("A", "1") else int(text))
    corner_indices(canvas, index, suit, colour)
    return canvas.result()


# --- tarot trumps and the Excuse ---------------------------------------------------------

TRUMP_BAND = (36, 58, 120)
BOUT_BAND = (150, 30, 44)


def draw_trump(code: str) -> pygame.Surface:
    number = int(code[1:])
    bout = number in (1, 21)
    canvas = Canvas(CARD_W, CARD_H)
    blank(canvas, IVORY)
    band = BOUT_BAND if bout else TRUMP_BAND
    with canvas.clip((6, 6, CARD_W - 12, CARD_H - 12)):  # fine diagonal engraving
        for offset in range(-300, 300, 12):
            canvas.line((offset, 0), (offset + CARD_H, CARD_H), (234, 220, 188), 1)
    canvas.rect((50, 20, 100, 260), band, radius=8)
    canvas.rect((54, 24, 92, 252), GOLD, radius=6, width=1.5)
    for y in range(40, 270, 22):  # a column of small diamonds down the band
        if abs(y - 150) > 44:
            canvas.poly([(100, y - 6), (105, y), (100, y + 6), (95, y)], GOLD)
    canvas.circle((100, 150), 40, PAPER)
    canvas.circle((100, 150), 40, GOLD, width=3)
    canvas.text(str(number), (100, 150), 34, band if bout else INK, 58)
    if bout:
        for centre in ((100, 92), (100, 208)):
            canvas.poly(star_points(centre, 12, 5, 8), GOLD)
        canvas.rect((3, 3, CARD_W - 6, CARD_H - 6), GOLD, radius=10, width=2)
    corner_indices(canvas, str(number), None, BOUT_BAND if bout else INK)
    return canvas.result()


def jester(canvas: Canvas, zoom: float) -> None:
    """A jester's face under a three-pointed belled cap, centred on the card."""

    def z(points: Sequence[Point]) -> list[Point]:
        return [(100 + (x - 100) * zoom, 150 + (y - 150) * zoom) for x, y in points]

    canvas.poly(z(ellipse_points((100, 160), 11, 11.5)), SKIN)
    for eye in (96, 104):
        canvas.poly(z(ellipse_points((eye, 158), 1.4, 1.6, steps=12)), EYES)
    canvas.poly(z(ellipse_points((100, 163.5), 5, 3.5, 0, math.pi, 12)), BOUT_BAND)
    lobes = (
        (BOUT_BAND, [(88, 149), (96, 149), (84, 136), (72, 136)]),
        (TRUMP_BAND, [(94, 149), (106, 149), (104, 128), (100, 121), (96, 128)]),
        (BOUT_BAND, [(104, 149), (112, 149), (128, 136), (116, 136)]),
    )
    for colour, points in lobes:
        canvas.poly(z(points), colour)
    canvas.poly(z([(86, 146), (114, 146), (114, 151), (86, 151)]), GOLD)
    for bell in z([(72, 136), (100, 121), (128, 136)]):
        canvas.circle(bell, 3.5 * zoom, GOLD)
        canvas.circle(bell, 3.5 * zoom, DARK_GOLD, width=0.8)


def draw_excuse() -> pygame.Surface:
    canvas = Canvas(CARD_W, CARD_H)
    blank(canvas, IVORY)
    canvas.rect((3, 3, CARD_W - 6, CARD_H - 6), GOLD, radius=10, width=2)
    canvas.poly(star_points((100, 150), 88, 10, 16), (236, 214, 150))
    canvas.poly(star_points((100, 150), 64, 32, 8, math.pi / 8), GOLD)
    canvas.poly(star_points((100, 150), 64, 32, 8, math.pi / 8), DARK_GOLD, width=1.5)
    canvas.circle((100, 150), 40, PAPER)
    canvas.circle((100, 150), 40, DARK_GOLD, width=1.5)
    jester(canvas, 1.35)
    rng = random.Random(21)
    for _ in range(10):
        x, y = rng.uniform(62, 138), rng.uniform(58, 96)
        for centre in ((x, y), rotated([(x, y)])[0]):
            canvas.poly(star_points(centre, 4.5, 1.8, 4), DARK_GOLD)
    canvas.text("EXCUSE", (100, 262), 12, INK, 90)
    canvas.text("EXCUSE", (100, 38), 12, INK, 90, upside_down=True)
    corner_indices(canvas, "", None, INK)
    return canvas.result()


def draw_card(code: str, deck: str, court_letter: str | None = None) -> pygame.Surface:
    """The face of one card, 200×300 with transparent rounded corners (a court card
    without its corner letter unless ``court_letter`` names a language)."""
    if deck == Deck.TAROT and code == EXCUSE:
        return draw_excuse()
    if deck == Deck.TAROT and code in TAROT_TRUMPS:
        return draw_trump(code)
    return draw_suited(code, deck, court_letter)


# --- backs ---------------------------------------------------------------------------

BACKS: dict[str, tuple[RGB, RGB]] = {
    "blue": ((28, 56, 128), (70, 110, 190)),
    "red": ((136, 24, 36), (196, 70, 78)),
    "tarot": ((58, 36, 104), (120, 90, 170)),
}


def lattice(box: tuple[float, float, float, float], colour: RGB, radius: float) -> pygame.Surface:
    """A diagonal lattice with dots at the crossings, cut to a rounded ``box``."""
    pattern = Canvas(CARD_W, CARD_H, colour)
    step = 20
    for i in range(-CARD_H, CARD_W + CARD_H, step):
        pattern.line((i, 0), (i + CARD_H, CARD_H), colour, 1.2)
        pattern.line((i, CARD_H), (i + CARD_H, 0), colour, 1.2)
    for y in range(0, CARD_H + step, step):
        for x in range(0, CARD_W + step, step):
            pattern.circle((x, y + step / 2), 2, colour)
    mask = Canvas(CARD_W, CARD_H, (255, 255, 255))
    mask.rect(box, (255, 255, 255), radius=radius)
    pattern.surface.blit(mask.surface, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return pattern.surface


def draw_back(name: str) -> pygame.Surface:
    dark, light = BACKS[name]
    canvas = Canvas(CARD_W, CARD_H)
    blank(canvas)
    inner = (10, 10, CARD_W - 20, CARD_H - 20)
    canvas.rect(inner, dark, radius=7)
    canvas.surface.blit(lattice(inner, light, 7), (0, 0))
    canvas.rect(inner, PAPER, radius=7, width=2)
    canvas.rect((16, 16, CARD_W - 32, CARD_H - 32), light, radius=5, width=1)
    medallion = (52, 95, 96, 110)
    canvas.ellipse(medallion, dark)
    canvas.ellipse(medallion, PAPER, width=2.5)
    canvas.ellipse((58, 101, 84, 98), light, width=1)
    if name == Deck.TAROT:  # the tarot deck's back
        canvas.poly(star_points((100, 150), 34, 13, 8), PAPER)
        canvas.poly(star_points((100, 150), 16, 7, 8, math.pi / 8), GOLD)
    else:
        for suit, (dx, dy) in zip(SUITS, ((0, -22), (22, 0), (0, 22), (-22, 0)), strict=True):
            canvas.suit(suit, (100 + dx, 150 + dy), 22, colour=PAPER)
    return canvas.result()


# --- felt, icons -----------------------------------------------------------------------

FELT_SIZE = 256
FELT_BASE = (30, 100, 60)


def draw_felt() -> pygame.Surface:
    """A subtle, seamlessly tileable green: periodic value noise plus fine grain."""
    rng = random.Random(7)
    size = FELT_SIZE
    coarse = [[rng.uniform(-1, 1) for _ in range(8)] for _ in range(8)]
    cell = size / 8
    data = bytearray()
    for y in range(size):
        gy, fy = divmod(y / cell, 1)
        for x in range(size):
            gx, fx = divmod(x / cell, 1)
            x0, y0 = int(gx) % 8, int(gy) % 8
            x1, y1 = (x0 + 1) % 8, (y0 + 1) % 8
            sx, sy = fx * fx * (3 - 2 * fx), fy * fy * (3 - 2 * fy)
            top = coarse[y0][x0] + (coarse[y0][x1] - coarse[y0][x0]) * sx
            low = coarse[y1][x0] + (coarse[y1][x1] - coarse[y1][x0]) * sx
            shade = (top + (low - top) * sy) * 3.5 + rng.uniform(-3.5, 3.5)
            data += bytes(
                max(0, min(255, round(c + shade * k)))
                for c, k in zip(FELT_BASE, (0.6, 1.0, 0.7), strict=True)
            )
    return pygame.image.frombytes(bytes(data), (size, size), "RGB")


def draw_suit_icon(suit: str) -> pygame.Surface:
    canvas = Canvas(64, 64, suit_colour(suit))
    canvas.suit(suit, (32, 32), 54)
    return canvas.result()


def draw_dealer() -> pygame.Surface:
    canvas = Canvas(64, 64, PAPER)
    canvas.circle((32, 32), 31, PAPER)
    canvas.circle((32, 32), 31, (90, 90, 96), width=2)
    canvas.circle((32, 32), 25, GOLD, width=2)
    return canvas.result()  # the letter follows the language: the table draws it


def draw_icon(size: int) -> pygame.Surface:
    """The app icon: two fanned aces on a felt tile (the ace of hearts in front): an
    ace's corner letter is the same in every language, the icon is one picture.

    At 32 px and below the cards' details turn to mush, so those sizes show one card
    with a big heart instead, the same colours at a glance.
    """
    zoom = 2 if size > 256 else 1
    canvas = Canvas(256, 256, zoom=zoom)
    canvas.rect((8, 8, 240, 240), (24, 86, 52), radius=48)
    canvas.rect((8, 8, 240, 240), (16, 60, 36), radius=48, width=3)
    if size <= 32:
        canvas.rect((58, 22, 140, 212), PAPER, radius=20)
        canvas.rect((58, 22, 140, 212), EDGE, radius=20, width=4)
        canvas.suit("H", (128, 130), 116)
    else:
        for code, angle, centre in (("AS", 14, (106, 130)), ("AH", -10, (150, 130))):
            face = draw_card(code, "32")
            big = pygame.transform.smoothscale(face, canvas.p((130, 195)))
            turned = pygame.transform.rotate(big, angle)
            canvas.surface.blit(turned, turned.get_rect(center=canvas.p(centre)))
    icon = canvas.result()
    return icon if icon.get_width() == size else pygame.transform.smoothscale(icon, (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = ((b"ic07", 128), (b"ic08", 256), (b"ic09", 512))


def ico_container(images: Sequence[tuple[int, bytes]]) -> bytes:
    """A Windows .ico holding PNG-encoded images: header, directory, then the data."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    directory, blobs = b"", b""
    for size, data in images:
        side = 0 if size >= 256 else size  # 0 means 256 in the directory
        directory += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
        blobs += data
    return header + directory + blobs


def icns_container(entries: Sequence[tuple[bytes, bytes]]) -> bytes:
    """A macOS .icns: 'icns' + total length, then (type, length incl. header, PNG) chunks."""
    body = b"".join(kind + struct.pack(">I", len(data) + 8) + data for kind, data in entries)
    return b"icns" + struct.pack(">I", len(body) + 8) + body


def use_portable_scaling() -> None:
    """Scale with pygame's plain C code: the same pixels on every CPU (SIMD paths round
    apart by a unit here and there), so the committed PNGs can be checked anywhere."""
    pygame.transform.set_smoothscale_backend("GENERIC")


def write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def write_all(out: Path) -> None:
    for code in CODES_32:
        write(out / "cards" / f"{code}.png", png_bytes(draw_card(code, "32")))
    for code in CODES_TAROT:
        write(out / "tarot" / f"{code}.png", png_bytes(draw_card(code, "tarot")))
    for name in ("blue", "red", "tarot"):
        write(out / f"back_{name}.png", png_bytes(draw_back(name)))
    write(out / "felt.png", png_bytes(draw_felt()))
    for suit in SUITS:
        write(out / f"suit_{suit}.png", png_bytes(draw_suit_icon(suit)))
    write(out / "dealer.png", png_bytes(draw_dealer()))
    write(out / "icon.png", png_bytes(draw_icon(256)))
    ico = [(size, png_bytes(draw_icon(size))) for size in ICO_SIZES]
    write(out / "icon.ico", ico_container(ico))
    icns = [(kind, png_bytes(draw_icon(size))) for kind, size in ICNS_TYPES]
    write(out / "icon.icns", icns_container(icns))


def contact_sheet() -> pygame.Surface:
    """The committed sprites as the table shows them: fanned hands at 100 and 90 px on the
    felt (40 % of each card hidden), a tarot hand, bigger faces, backs and icons."""
    assets = Assets(ROOT)
    sheet = pygame.Surface((1280, 720))
    felt = assets.felt()
    for y in range(0, 720, felt.get_height()):
        for x in range(0, 1280, felt.get_width()):
            sheet.blit(felt, (x, y))
    rows: list[tuple[Sequence[str], str, int, int, tuple[int, int]]] = [
        (("AH", "JS", "QD", "KC", "TH", "8D"), "32", 200, 105, (10, 20)),
        (("8H", "9H", "TD", "QD", "KS", "AS", "7C", "KC"), "32", 90, 54, (40, 360)),
        (("7S", "TS", "JH", "QH", "KH", "AD", "9C", "JC"), "32", 100, 60, (40, 520)),
        (("VH", "CD", "A21", "EXC"), "tarot", 130, 140, (700, 190)),
        (
            ("1H", "7D", "TC", "VS", "CH", "DD", "RC", "A01", "A07", "A14", "A21", "EXC"),
            "tarot",
            100,
            55,
            (620, 520),
        ),
    ]
    for codes, deck, width, step, (left, top) in rows:
        for index, code in enumerate(codes):
            sheet.blit(assets.card_face(code, width, deck), (left + index * step, top))
    for index, (deck, colour) in enumerate((("32", "blue"), ("32", "red"), ("tarot", "blue"))):
        sheet.blit(assets.card_back(100, deck, colour), (690 + index * 110, 20))
    for index, suit in enumerate(SUITS):
        sheet.blit(assets.suit_icon(suit, 48), (1030 + index * 55, 20))
    sheet.blit(assets.dealer_button(48), (1030, 80))
    sheet.blit(pygame.transform.smoothscale(assets.icon(), (96, 96)), (1100, 80))
    if assets.problems:
        raise SystemExit("\n".join(assets.problems))
    return sheet


def main(argv: Sequence[str]) -> None:
    """Write every sprite; with ``--sheet PATH`` also save a contact sheet to look at."""
    pygame.init()
    use_portable_scaling()
    out = ROOT / "sprites"
    write_all(out)
    print(f"sprites written to {out}")
    if len(argv) == 2 and argv[0] == "--sheet":
        pygame.image.save(contact_sheet(), argv[1])
        print(f"contact sheet saved to {argv[1]}")


if __name__ == "__main__":
    main(sys.argv[1:])
