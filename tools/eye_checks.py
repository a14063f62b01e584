"""A player's eye on a frame: what the tests and ``make screenshots`` check on every
picture.  ``look`` draws the app's current frame while recording it (game/ui/kit/drawlog.py),
then ``problems`` lists, each naming the text and where it is:

- a text that runs out of its panel, button or bubble, or off the screen;
- two texts, or a text and a panel, button or bubble, or two boxes, over each other
  (a box wholly inside a panel is a part of it);
- a note or a message drawn over another box, even wholly inside it (a note is never a
  part of a panel it lies over);
- a note drawn far from what it explains (the row, bubble or box clicked);
- a text smaller than MIN_TEXT_PIXELS at the window's scale (a single mark apart: a
  "?" chip, a dealer's "D");
- a text or symbol whose contrast with the pixels behind it is under 4.5:1 (WCAG AA);
- a panel one can see through (drawn over two different colours, its inside changes);
- a catalogue key, or a word of the other language's catalogue, on the screen.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.ui.app.app import App
from game.ui.kit.drawlog import DrawnBox, DrawnText, recording
from game.ui.kit.layout import LOGICAL
from game.ui.kit.widgets import text
from game.ui.table.layout import gap

MIN_CONTRAST = 4.5  # WCAG 2 AA for text
INK_CORE = 200  # the pixels of a glyph at least this opaque are its ink (not its edge)
PROBE = (255, 0, 255)  # painted under the panels: a see-through one shows it
PANEL_CORNER = 14  # the panels' rounded corners, left out of the opacity check
LOCALES = Path(__file__).resolve().parent.parent / "game" / "locales"
KEY = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$")
WORD = re.compile(r"[^\W\d_]{4,}")
# Boxes that float over the scene, each its own: never a part of a panel they lie in.
FLOATING = frozenset({"note", "call note", "message", "narrator"})
NOTE_FAR = 320  # a note farther than this from what it explains (logical pixels) is lost
MIN_TEXT_PIXELS = 15  # the least font size, in the window's pixels, of a text to read


@dataclass(frozen=True)
class Picture:
    """One frame as the player sees it: what was drawn, in which language, and the
    panels whose inside changed with what was under them."""

    texts: tuple[DrawnText, ...]
    boxes: tuple[DrawnBox, ...]
    layers: tuple[str, ...]
    words: str
    see_through: tuple[DrawnBox, ...]
    notes: tuple[tuple[pygame.Rect, pygame.Rect], ...] = ()  # each note and its anchor
    scale: float = 1.0  # window pixels per logical pixel


def look(app: App) -> Picture:
    """Draw ``app``'s frame as it is now, recorded; then once more over a probe colour,
    to find the panels it shows through."""
    with recording(app.screen) as log:
        app.draw()
        texts, boxes, layers = tuple(log.texts), tuple(log.boxes), tuple(log.layers)
        notes = tuple(log.notes)
    seen = app.screen.copy()
    with recording(app.screen, probe=PROBE) as probed:
        app.draw()
        panels = [box for box in probed.boxes if box.kind == "panel"]
    see_through = tuple(box for box in panels if differs(seen, app.screen, _inside(box)))
    app.screen.blit(seen, (0, 0))  # the frame as the player sees it
    scale = app.viewport().height / LOGICAL[1]
    return Picture(texts, boxes, layers, app.texts.language, see_through, notes, scale)


def _inside(box: DrawnBox) -> pygame.Rect:
    """The panel without its rounded corners, on the screen."""
    return box.rect.inflate(-2 * PANEL_CORNER, -2 * PANEL_CORNER).clip(
        pygame.Rect((0, 0), LOGICAL))


def differs(first: pygame.Surface, second: pygame.Surface, rect: pygame.Rect) -> bool:
    """Some pixel of ``rect`` differs between the two surfaces."""
    if rect.width <= 0 or rect.height <= 0:
        return False
    a, b = first.subsurface(rect).copy(), second.subsurface(rect).copy()
    up = a.copy()
    up.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # a - b, clipped at 0
    b.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # b - a
    up.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    same = pygame.mask.from_threshold(up, (0, 0, 0), (1, 1, 1, 255))
    return same.count() != rect.width * rect.height


# --- where texts and boxes stand ----------------------------------------------------


def ink_rect(drawn: DrawnText) -> pygame.Rect:
    """Where the glyphs are (a text's image has room above and below them)."""
    return drawn.ink.get_bounding_rect().move(drawn.rect.topleft)


def describe(drawn: DrawnText | DrawnBox) -> str:
    if isinstance(drawn, DrawnText):
        return f"text {drawn.words!r} at {tuple(ink_rect(drawn))}"
    name = f" {drawn.name!r}" if drawn.name else ""
    return f"{drawn.kind}{name} at {tuple(drawn.rect)}"


def container(picture: Picture, drawn: DrawnText) -> DrawnBox | None:
    """The text's box: the smallest box of its layer, drawn before it, holding its
    centre (None: the text stands on the scene itself)."""
    centre = ink_rect(drawn).center
    holding = [box for box in picture.boxes if box.layer == drawn.layer
               and box.order < drawn.order and box.rect.collidepoint(centre)]
    return min(holding, key=lambda box: box.rect.width * box.rect.height, default=None)


def out_of_place(picture: Picture, screen: pygame.Rect) -> list[str]:
    """Texts out of their box, or off the screen."""
    found = []
    for drawn in picture.texts:
        ink = ink_rect(drawn)
        box = container(picture, drawn)
        if box is not None and not box.rect.contains(ink):
            found.append(f"{describe(drawn)} runs out of its {describe(box)}")
        elif not screen.contains(ink):
            found.append(f"{describe(drawn)} runs off the screen")
    return found


def _layers(picture: Picture) -> Iterable[tuple[list[DrawnText], list[DrawnBox]]]:
    for layer in range(len(picture.layers)):
        yield ([t for t in picture.texts if t.layer == layer],
               [b for b in picture.boxes if b.layer == layer])


def covering(picture: Picture) -> list[str]:
    """Things of one scene over each other: boxes over boxes, a box over a text or a
    text across a box's edge, texts over texts (a box wholly inside an earlier panel,
    and a text wholly inside an earlier box, are their parts)."""
    found = []
    for texts, boxes in _layers(picture):
        found += [f"{describe(later)} covers {describe(box)}"
                  for index, box in enumerate(boxes) for later in boxes[index + 1:]
                  if box.rect.colliderect(later.rect) and not _nested(box, later)]
        found += [_text_and_box(text, box) for text in texts for box in boxes
                  if _crossed(text, box)]
        found += [f"{describe(later)} over {describe(text)}"
                  for index, text in enumerate(texts) for later in texts[index + 1:]
                  if ink_rect(text).colliderect(ink_rect(later))]
    return found


def _crossed(text: DrawnText, box: DrawnBox) -> bool:
    """The box is over the text, or the text over the box's edge."""
    ink = ink_rect(text)
    under = box.order < text.order and box.rect.contains(ink)
    return not under and box.rect.colliderect(ink)


def _text_and_box(text: DrawnText, box: DrawnBox) -> str:
    if box.order > text.order:
        return f"{describe(box)} covers {describe(text)}"
    return f"{describe(text)} stands across the edge of {describe(box)}"


def _nested(earlier: DrawnBox, later: DrawnBox) -> bool:
    """``later`` is a part of the panel ``earlier`` (a floating box never is)."""
    floating = earlier.name in FLOATING or later.name in FLOATING
    return earlier.kind == "panel" and earlier.rect.contains(later.rect) and not floating


def far_notes(picture: Picture) -> list[str]:
    """Notes drawn far from what they explain."""
    return [f"note at {tuple(note)} is {gap(note, anchor)} pixels from what it explains "
            f"at {tuple(anchor)}" for note, anchor in picture.notes
            if gap(note, anchor) > NOTE_FAR]


def small_texts(picture: Picture) -> list[str]:
    """Texts of the top scene drawn under MIN_TEXT_PIXELS in the window (the same words
    at that size are taller than they were drawn, scaled)."""
    top = len(picture.layers) - 1
    least = MIN_TEXT_PIXELS / picture.scale  # in logical pixels
    return [f"{describe(drawn)} is under {MIN_TEXT_PIXELS} pixels in the window"
            for drawn in picture.texts
            if drawn.layer == top and len(drawn.words.strip()) > 1
            and drawn.ink.get_height() < text(drawn.words, math.ceil(least)).get_height()]


# --- contrast --------------------------------------------------------------------------


def luminance(colour: tuple[int, ...]) -> float:
    """WCAG 2's relative luminance of an sRGB colour."""
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(first: tuple[int, ...], second: tuple[int, ...]) -> float:
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def ink_and_ground(drawn: DrawnText) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The mean colour of the glyphs' ink and of the pixels behind that ink (None when
    the image has no opaque ink)."""
    core = pygame.mask.from_surface(drawn.ink, INK_CORE)
    if core.count() == 0:
        return None
    only = core.to_surface(setcolor=(255, 255, 255, 255), unsetcolor=(255, 255, 255, 0))
    ink = drawn.ink.convert_alpha()
    ink.blit(only, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    ground = pygame.Surface(drawn.rect.size, pygame.SRCALPHA)
    ground.blit(drawn.behind, (0, 0))
    ground.blit(only, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return (pygame.transform.average_color(ink, consider_alpha=True),
            pygame.transform.average_color(ground, consider_alpha=True))


def faint(picture: Picture) -> list[str]:
    """Texts and symbols of the top scene under MIN_CONTRAST against what is behind them
    (the scenes below an overlay are veiled on purpose)."""
    found = []
    top = len(picture.layers) - 1
    for drawn in picture.texts:
        colours = ink_and_ground(drawn) if drawn.layer == top else None
        if colours is not None and (ratio := contrast(*colours)) < MIN_CONTRAST:
            found.append(f"{describe(drawn)}: contrast {ratio:.1f}:1 ({colours[0][:3]} on "
                         f"{colours[1][:3]}), under {MIN_CONTRAST}:1")
    return found


# --- opacity ---------------------------------------------------------------------------


def see_through(picture: Picture) -> list[str]:
    return [f"{describe(box)} of {picture.layers[box.layer]} lets what is under it show"
            for box in picture.see_through]


# --- words -----------------------------------------------------------------------------


@functools.cache
def catalogue(words: str) -> dict[str, str]:
    loaded: dict[str, str] = json.loads((LOCALES / f"{words}.json").read_text("utf-8"))
    return loaded


@functools.cache
def own_words(words: str) -> frozenset[str]:
    """The words of a language's catalogue (placeholders left out), lower case."""
    found: set[str] = set()
    for value in catalogue(words).values():
        found |= {w.lower() for w in WORD.findall(re.sub(r"\{[^}]*\}", " ", value))}
    return frozenset(found)


def foreign_words(words: str) -> frozenset[str]:
    """The words only the other languages' catalogues use."""
    others = [own_words(other) for other in ("fr", "en") if other != words]
    return frozenset().union(*others) - own_words(words)


def wrong_words(picture: Picture) -> list[str]:
    """Catalogue keys shown, and words only the other language's catalogue uses."""
    foreign = foreign_words(picture.words)
    found = []
    for drawn in picture.texts:
        if KEY.match(drawn.words):
            found.append(f"{describe(drawn)} is a catalogue key")
            continue
        strangers = sorted({w for w in WORD.findall(drawn.words) if w.lower() in foreign})
        if strangers:
            found.append(f"{describe(drawn)} on a {picture.words!r} screen has "
                         f"{', '.join(strangers)}")
    return found


def problems(picture: Picture, where: str) -> list[str]:
    """Everything wrong with ``picture``, each line saying ``where``."""
    found = [*out_of_place(picture, pygame.Rect((0, 0), LOGICAL)), *covering(picture),
             *far_notes(picture), *small_texts(picture), *faint(picture),
             *see_through(picture), *wrong_words(picture)]
    return [f"{where}: {problem}" for problem in found]
