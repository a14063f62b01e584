"""Card faces, backs, felt, icon and sounds for the UI, with drawn fallbacks.

The files come from ``tools/make_sprites.py`` and ``tools/make_sounds.py``. A missing or
corrupt file never stops the game: a warning is logged once, the problem is listed in
``Assets.problems`` (the UI shows it once), and a plain card drawn on the fly, a plain
back or silence stands in. The suit shapes here are also what the sprite generator draws,
so the fallback and the real art show the same symbols. A court card's sprite has no
corner letter: the loader writes it in the player's language (J Q K or V D R) with the
generator's own text drawing, and caches one face per language.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.engine.games import DECKS, Deck
from game.resources import resource_root
from game.storage.settings import CARD_BACKS

log = logging.getLogger("atout.assets")

CARD_RATIO = 1.5  # height / width of every card sprite
SUITS = "SHDC"  # pique, cœur, carreau, trèfle: the engine's Suit.letter
RANKS_32 = "789TJQKA"
TAROT_RANKS = "123456789TVCDR"  # valet, cavalier, dame, roi
CODES_32: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS_32)
TAROT_TRUMPS: tuple[str, ...] = tuple(f"A{number:02d}" for number in range(1, 22))
EXCUSE = "EXC"
CODES_TAROT: tuple[str, ...] = (
    tuple(rank + suit for suit in SUITS for rank in TAROT_RANKS) + TAROT_TRUMPS + (EXCUSE,)
)
SOUND_NAMES: tuple[str, ...] = (
    "card_play",
    "card_deal",
    "shuffle",
    "trick_collect",
    "your_turn",
    "bid",
    "announce",
    "win",
    "lose",
    "coinche",
)

RGB = tuple[int, int, int]

RED = (196, 22, 38)
BLACK = (22, 22, 28)
PAPER = (252, 250, 244)
BORDER = (70, 70, 80)
FELT_GREEN = (28, 96, 58)
BACK_FILL = {"blue": (30, 62, 140), "red": (150, 28, 40), "tarot": (60, 40, 110)}

# The four-colour deck: diamonds blue, clubs green (hearts red, spades black).
DIAMOND_HUE_TURN = -140  # degrees: the red ink turned blue
CLUB_INK = (24, 128, 56)
COURTS = "JQKVCDR"  # their art keeps its colours, but for the suit in its medallions
COURT_ART = (0.25, 0.75)  # the art's frame, as fractions of the card's width
# The felt turned from green, in degrees of hue.
FELT_HUE_TURNS = {"green": 0, "blue": 70, "red": -150}

# The court cards' corner letters, by language (the codes: J, Q, K in the 32-card deck;
# V, C, D, R in the tarot). English has no one letter for the tarot's knight: K is the
# king's, and "Kn" would be the only two-letter court index. English-language tarot
# packs and rule books keep the French name, cavalier, and its C, so C it is.
COURT_INDEX: dict[str, dict[str, str]] = {
    "fr": {"J": "V", "Q": "D", "K": "R", "V": "V", "C": "C", "D": "D", "R": "R"},
    "en": {"J": "J", "Q": "Q", "K": "K", "V": "J", "C": "C", "D": "Q", "R": "K"},
}

# Where the sprite generator puts things on its 200×300 faces (the loader draws there too).
SPRITE_SIZE = (200, 300)
INDEX_CENTRE = (27.0, 32.0)  # the corner index's centre (the other corner: turned 180°)
INDEX_INK = 40  # the index's ink height...
INDEX_MAX_WIDTH = 40  # ...and widest width (condensed beyond)
MEDALLION = (100.0, 126.0)  # a court's upper suit medallion (the lower one: turned 180°)
MEDALLION_RADIUS = 15.0  # to the outer edge of its gold ring


def is_red(suit: str) -> bool:
    return suit in "HD"


def suit_colour(suit: str) -> RGB:
    return RED if is_red(suit) else BLACK


def check_code(code: str, deck: str) -> None:
    """Raise ValueError for a deck or card code that does not exist (a caller's bug)."""
    if deck not in DECKS:
        raise ValueError(f"unknown deck {deck!r}: expected one of {DECKS}")
    if code not in (CODES_32 if deck == "32" else CODES_TAROT):
        raise ValueError(f"no card {code!r} in the {deck} deck")


def is_court(code: str) -> bool:
    """A jack, knight, queen or king (of either deck)."""
    return code[0] in COURTS and code not in TAROT_TRUMPS and code != EXCUSE


def card_index(code: str, deck: str, lang: str) -> tuple[str, str | None]:
    """The corner index of a card in ``lang`` and its suit letter (None for trumps, Excuse).

    '7S' -> ('7', 'S'); 'TH' -> ('10', 'H'); 'JD' (32) -> ('V', 'D') in French, ('J', 'D')
    in English; 'A07' -> ('7', None).
    """
    check_code(code, deck)
    if code == EXCUSE:
        return ("", None)
    if deck == Deck.TAROT and code in TAROT_TRUMPS:
        return (str(int(code[1:])), None)
    if is_court(code):
        return (COURT_INDEX[lang][code[0]], code[1])
    return ("10" if code[0] == "T" else code[0], code[1])


def card_height(width: int) -> int:
    return round(width * CARD_RATIO)


def card_size(width: int) -> tuple[int, int]:
    """The size of a card ``width`` pixels wide (at least 1: an easing may overshoot to 0)."""
    width = max(1, width)
    return (width, card_height(width))


# --- suit symbols, as filled shapes in a box of side 2 centred on 0 (y grows downwards)


@dataclass(frozen=True)
class Polygon:
    points: tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class Circle:
    centre: tuple[float, float]
    radius: float


Shape = Polygon | Circle


def _heart_outline(flip: bool, top: float, bottom: float) -> tuple[tuple[float, float], ...]:
    """The classic parametric heart, fitted between ``top`` and ``bottom`` (flip: a spade)."""
    raw = []
    for step in range(72):
        t = 2 * math.pi * step / 72
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        raw.append((x, y))
    low = min(y for _, y in raw)
    high = max(y for _, y in raw)
    scale = (bottom - top) / (high - low)
    points = []
    for x, y in raw:
        fitted = top + (y - low) * scale
        points.append((x * scale, top + bottom - fitted if flip else fitted))
    return tuple(points)


def _stem(top: float) -> Polygon:
    """The flared foot of a spade or a club."""
    points = [(-0.06, top), (0.06, top)]
    for step in range(9):
        t = step / 8
        points.append((0.06 + 0.34 * t**2, top + (1.0 - top) * t))
    points.append((-0.40, 1.0))
    for step in range(8, -1, -1):
        t = step / 8
        points.append((-0.06 - 0.34 * t**2, top + (1.0 - top) * t))
    return Polygon(tuple(points))


SUIT_SHAPES: dict[str, tuple[Shape, ...]] = {
    "H": (Polygon(_heart_outline(False, -0.86, 0.94)),),
    "D": (Polygon(((0.0, -1.0), (0.74, 0.0), (0.0, 1.0), (-0.74, 0.0))),),
    "S": (Polygon(_heart_outline(True, -1.0, 0.52)), _stem(0.15)),
    "C": (
        Circle((0.0, -0.5), 0.42),
        Circle((-0.48, 0.1), 0.42),
        Circle((0.48, 0.1), 0.42),
        Circle((0.0, 0.0), 0.2),
        _stem(0.1),
    ),
}


def _placed(shapes: tuple[Shape, ...], centre: tuple[float, float], half: float) -> Iterator[Shape]:
    cx, cy = centre
    for shape in shapes:
        if isinstance(shape, Polygon):
            yield Polygon(tuple((cx + x * half, cy + y * half) for x, y in shape.points))
        else:
            x, y = shape.centre
            yield Circle((cx + x * half, cy + y * half), shape.radius * half)


def draw_suit(
    surface: pygame.Surface,
    suit: str,
    centre: tuple[float, float],
    size: float,
    colour: RGB | None = None,
    upside_down: bool = False,
) -> None:
    """Draw a suit symbol ``size`` pixels high centred on ``centre``."""
    half = size / 2 * (-1 if upside_down else 1)
    fill = suit_colour(suit) if colour is None else colour
    for shape in _placed(SUIT_SHAPES[suit], centre, half):
        if isinstance(shape, Polygon):
            pygame.draw.polygon(surface, fill, shape.points)
        else:
            pygame.draw.circle(surface, fill, shape.centre, abs(shape.radius))


def star_points(
    centre: tuple[float, float], outer: float, inner: float, tips: int, turn: float = 0.0
) -> list[tuple[float, float]]:
    """The outline of a star with ``tips`` points (the first one up, turned by ``turn``)."""
    cx, cy = centre
    points = []
    for step in range(tips * 2):
        radius = outer if step % 2 == 0 else inner
        angle = turn - math.pi / 2 + math.pi * step / tips
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


# --- fallbacks drawn on the fly

_fonts: dict[int, pygame.font.Font] = {}


def shut_pygame_down() -> None:
    """``pygame.quit()``, and the fonts made before it forgotten: a font outlives its
    module's quit only as an error, so the next window (a test's, a smoke run's) makes
    its own."""
    _fonts.clear()
    pygame.quit()


def default_font(size: int) -> pygame.font.Font:
    """pygame's bundled default font (never a system font), cached per size."""
    if not pygame.font.get_init():
        pygame.font.init()
    if size not in _fonts:
        _fonts[size] = pygame.font.Font(None, size)
    return _fonts[size]


def text_ink(text: str, ink_height: int, colour: RGB) -> pygame.Surface:
    """The rendered text cropped to its ink and scaled so the ink is ``ink_height`` high."""
    rendered = default_font(ink_height * 2).render(text, True, colour)
    ink = rendered.subsurface(rendered.get_bounding_rect()).copy()
    width = round(ink.get_width() * ink_height / ink.get_height())
    return pygame.transform.smoothscale(ink, (width, ink_height))


def ink_label(
    text: str, ink_height: int, colour: RGB, max_width: int | None = None,
    upside_down: bool = False,
) -> pygame.Surface:
    """``text_ink`` condensed to ``max_width`` (when given), turned 180° if asked."""
    ink = text_ink(text, ink_height, colour)
    if max_width is not None and ink.get_width() > max_width:
        ink = pygame.transform.smoothscale(ink, (max_width, ink.get_height()))
    return pygame.transform.rotate(ink, 180) if upside_down else ink


def sprite_point(surface: pygame.Surface, point: tuple[float, float],
                 turned: bool = False) -> tuple[float, float]:
    """A point of the generator's 200×300 face, on ``surface`` (a face of any size);
    ``turned``: the same point after a half turn of the card."""
    x, y = point
    if turned:
        x, y = SPRITE_SIZE[0] - x, SPRITE_SIZE[1] - y
    return (x * surface.get_width() / SPRITE_SIZE[0], y * surface.get_height() / SPRITE_SIZE[1])


def draw_corner_text(surface: pygame.Surface, text: str, colour: RGB) -> None:
    """The corner index ``text`` of a generated face, top-left and turned bottom-right, on
    ``surface`` (that face at any size)."""
    scale = surface.get_width() / SPRITE_SIZE[0]
    for turned in (False, True):
        ink = ink_label(text, round(INDEX_INK * scale), colour,
                        round(INDEX_MAX_WIDTH * scale), turned)
        surface.blit(ink, ink.get_rect(center=sprite_point(surface, INDEX_CENTRE, turned)))


def blank_card(width: int, fill: RGB, border: RGB) -> pygame.Surface:
    """A transparent surface with a filled rounded card and a thin border."""
    surface = pygame.Surface(card_size(width), pygame.SRCALPHA)
    rect = surface.get_rect()
    radius = max(2, width // 14)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, border, rect, width=max(1, width // 100), border_radius=radius)
    return surface


def draw_fallback_face(code: str, deck: str, width: int, lang: str) -> pygame.Surface:
    """A plain but readable face: the index (in ``lang``) and suit in the corner, a big
    symbol in the middle."""
    text, suit = card_index(code, deck, lang)
    surface = blank_card(width, PAPER, BORDER)
    colour = suit_colour(suit) if suit else BLACK
    label = default_font(max(8, width * 2 // 5)).render(text or "EXC", True, colour)
    margin = max(2, width // 14)
    surface.blit(label, (margin, margin))
    centre = (width / 2, card_height(width) / 2)
    if suit:
        pip = width * 0.18
        draw_suit(surface, suit, (margin + pip / 2, margin + label.get_height() + pip * 0.6), pip)
        draw_suit(surface, suit, centre, width * 0.45)
    elif text:
        big = default_font(max(8, width // 2)).render(text, True, colour)
        surface.blit(big, big.get_rect(center=(round(centre[0]), round(centre[1]))))
    else:
        pygame.draw.polygon(surface, colour, star_points(centre, width * 0.3, width * 0.12, 5))
    return surface


def with_court_letter(face: pygame.Surface, text: str, suit: str | None) -> pygame.Surface:
    """A copy of a generated court ``face`` (drawn without its letter, which depends on
    the language) with ``text`` in its corners, in the suit's colour."""
    labelled = face.copy()
    draw_corner_text(labelled, text, suit_colour(suit) if suit else BLACK)
    return labelled


def draw_fallback_back(width: int, colour: str) -> pygame.Surface:
    surface = blank_card(width, BACK_FILL[colour], PAPER)
    inset = max(3, width // 12)
    inner = surface.get_rect().inflate(-2 * inset, -2 * inset)
    pygame.draw.rect(surface, PAPER, inner, width=max(1, width // 60), border_radius=inset)
    return surface


def draw_fallback_felt(size: int = 256) -> pygame.Surface:
    surface = pygame.Surface((size, size))
    surface.fill(FELT_GREEN)
    return surface


# --- the four-colour deck and the felt's colour, applied to the loaded pictures


def recolour_suit(image: pygame.Surface, suit: str, court: bool = False) -> pygame.Surface:
    """``image`` in the four-colour deck: a diamond's red ink turned blue, a club's black
    ink turned green (their blends with the paper follow); a court card's art keeps its
    colours, but for the suit symbols in its medallions."""
    if suit == "D":
        result = _turn_red_ink(image)
    elif suit == "C":
        result = _tint_ink(image, CLUB_INK)
    else:
        return image
    if court:
        _keep_court_art(result, image)
    return result


def _keep_court_art(recoloured: pygame.Surface, original: pygame.Surface) -> None:
    """The art's frame of ``original`` put back on ``recoloured``, all but the inside of
    the medallions' gold rings (the suit symbols: they follow the deck's colours)."""
    medallions = [_medallion(recoloured, sprite_point(original, MEDALLION, turned))
                  for turned in (False, True)]
    left, right = (round(original.get_width() * edge) for edge in COURT_ART)
    art = pygame.Rect(left, 0, right - left, original.get_height())
    _paste(recoloured, original.subsurface(art), art.topleft)
    for area, inside, patch in medallions:
        _paste(recoloured, patch, area.topleft, inside)


def _medallion(image: pygame.Surface, centre: tuple[float, float]
               ) -> tuple[pygame.Rect, pygame.Mask, pygame.Surface]:
    """A square around a medallion of ``image``, the inside of its gold ring, and a copy
    of the square's pixels."""
    radius = (MEDALLION_RADIUS - 2.5) * image.get_width() / SPRITE_SIZE[0]
    side = math.ceil(2 * radius) + 2
    area = pygame.Rect(0, 0, side, side)
    area.center = (round(centre[0]), round(centre[1]))
    area = area.clip(image.get_rect())
    disc = pygame.Surface(area.size, pygame.SRCALPHA)
    pygame.draw.circle(disc, (255, 255, 255), (centre[0] - area.x, centre[1] - area.y), radius)
    return area, pygame.mask.from_surface(disc), image.subsurface(area).copy()


def _paste(target: pygame.Surface, patch: pygame.Surface, topleft: tuple[int, int],
           inside: pygame.Mask | None = None) -> None:
    """``patch``'s pixels onto ``target`` at ``topleft`` as they are, unblended (their
    alpha too), where ``inside`` is set (everywhere by default)."""
    inside = inside or pygame.Mask(patch.get_size(), fill=True)
    inside.to_surface(target, setsurface=patch, unsetcolor=None, dest=topleft)


def _turn_red_ink(image: pygame.Surface) -> pygame.Surface:
    """The hue turned from red to blue; the paper, turned too, is brought back to PAPER
    (its faint warm tint would otherwise turn violet)."""
    turned = pygame.transform.hsl(image, DIAMOND_HUE_TURN, 0, 0)
    sample = pygame.Surface((1, 1))
    sample.fill(PAPER)
    paper = pygame.transform.hsl(sample, DIAMOND_HUE_TURN, 0, 0).get_at((0, 0))
    lift = tuple(max(0, want - got) for want, got in zip(PAPER, paper[:3], strict=True))
    lifted = [got + add for got, add in zip(paper[:3], lift, strict=True)]
    lower = tuple(255 if got <= want else round(256 * want / got)
                  for want, got in zip(PAPER, lifted, strict=True))
    turned.fill(lift, special_flags=pygame.BLEND_RGB_ADD)
    turned.fill(lower, special_flags=pygame.BLEND_RGB_MULT)
    return turned


def _tint_ink(image: pygame.Surface, ink: RGB) -> pygame.Surface:
    """Dark ink becomes ``ink``, white paper stays white: 255 - (255 - pixel) * k, with k
    sending BLACK's darkness to ``ink``'s."""
    darkness = pygame.Surface(image.get_size())
    darkness.fill((255, 255, 255))
    darkness.blit(image, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    scale = tuple(min(255, round((255 - c) * 256 / (255 - b)))
                  for c, b in zip(ink, BLACK, strict=True))
    darkness.fill(scale, special_flags=pygame.BLEND_RGB_MULT)
    result = image.copy()
    result.fill((255, 255, 255), special_flags=pygame.BLEND_RGB_MAX)
    result.blit(darkness, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    return result


def tint_felt(felt: pygame.Surface, colour: str) -> pygame.Surface:
    turn = FELT_HUE_TURNS[colour]
    return felt if turn == 0 else pygame.transform.hsl(felt, turn, 0, 0)


# --- the loader


class Assets:
    """Loads the generated files once, scales and caches them; never raises on a bad file.

    Every (file, size) asked for stays cached: ask for a few fixed widths, and scale the
    result yourself for an animation that changes the size at every frame.

    ``root`` is the folder holding sprites/ and sounds/ (the repository or the frozen
    bundle by default; tests point it elsewhere).
    """

    def __init__(self, root: Path | None = None) -> None:
        self.root = resource_root() if root is None else Path(root)
        self.problems: list[str] = []
        self.problem_keys: list[tuple[str, str]] = []  # (i18n key, file)
        self._originals: dict[str, pygame.Surface | None] = {}
        self._sized: dict[tuple[str, tuple[int, int] | None, str], pygame.Surface] = {}
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._mixer_ready: bool | None = None
        # The player's look, read at every call (the settings apply at once).
        self.four_colour = False
        self.table_colour = "green"
        self.language = "en"  # the court cards' corner letters (the app's language)

    # images

    def card_face(self, code: str, width: int, deck: str = "32") -> pygame.Surface:
        """The face of ``code`` ('TH', 'A21', 'EXC'...) in ``deck`` ('32' or 'tarot').
        A court card's corner letter is in ``language`` (J Q K or V D R)."""
        check_code(code, deck)
        folder = "cards" if deck == Deck.PIQUET else "tarot"
        text, suit = card_index(code, deck, self.language)
        court = is_court(code)
        recolour = None
        if self.four_colour and suit is not None:
            recolour = lambda image: recolour_suit(image, suit, court)  # noqa: E731
        return self._sprite(
            f"sprites/{folder}/{code}.png",
            card_size(width),
            lambda: draw_fallback_face(code, deck, width, self.language),
            recolour,
            # The letter and the colours are part of the cached face's name: a language
            # or colour change finds (or makes) another face, never a stale one.
            variant=(self.language if court else "") + ("4" if recolour else ""),
            prepare=(lambda image: with_court_letter(image, text, suit)) if court else None,
        )

    def card_back(self, width: int, deck: str = "32", colour: str = "blue") -> pygame.Surface:
        """A back: blue or red for the 32-card deck, the tarot back for 'tarot'."""
        if deck not in DECKS:
            raise ValueError(f"unknown deck {deck!r}: expected one of {DECKS}")
        if colour not in CARD_BACKS:
            raise ValueError(f"unknown back colour {colour!r}: expected one of {CARD_BACKS}")
        name = "tarot" if deck == Deck.TAROT else colour
        return self._sprite(
            f"sprites/back_{name}.png",
            card_size(width),
            lambda: draw_fallback_back(width, name),
        )

    def felt(self) -> pygame.Surface:
        """The tileable table texture (256×256), in the chosen ``table_colour``."""
        colour = self.table_colour
        return self._sprite("sprites/felt.png", None, draw_fallback_felt,
                            lambda image: tint_felt(image, colour), colour)

    def icon(self) -> pygame.Surface:
        """The 256×256 app icon (for pygame.display.set_icon and the menu)."""
        return self._sprite("sprites/icon.png", None, lambda: self.card_face("AH", 170))

    def suit_icon(self, suit: str, size: int = 64) -> pygame.Surface:
        """A suit symbol for bid panels (suit letter S, H, D or C), ``size`` pixels square."""
        if suit not in SUITS:
            raise ValueError(f"unknown suit {suit!r}: expected one of {SUITS}")

        def drawn() -> pygame.Surface:
            surface = pygame.Surface((size, size), pygame.SRCALPHA)
            draw_suit(surface, suit, (size / 2, size / 2), size * 0.8)
            return surface

        recolour = (lambda image: recolour_suit(image, suit)) if self.four_colour else None
        return self._sprite(f"sprites/suit_{suit}.png", (size, size), drawn, recolour)

    def dealer_button(self, size: int = 64) -> pygame.Surface:
        """The round dealer marker, ``size`` pixels square (the table writes its letter,
        which follows the language)."""

        def drawn() -> pygame.Surface:
            surface = pygame.Surface((size, size), pygame.SRCALPHA)
            pygame.draw.circle(surface, PAPER, (size / 2, size / 2), size / 2)
            return surface

        return self._sprite("sprites/dealer.png", (size, size), drawn)

    # sounds

    def sound(self, name: str) -> pygame.mixer.Sound | None:
        """The effect ``name`` (see SOUND_NAMES), or None when it or the mixer is unavailable."""
        if name not in self._sounds:
            self._sounds[name] = self._load_sound(name)
        return self._sounds[name]

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play an effect at ``volume`` (0 to 1); silently nothing without sound."""
        effect = self.sound(name)
        if effect is None:
            return
        try:
            effect.set_volume(max(0.0, min(1.0, volume)))
            effect.play()
        except pygame.error as error:
            log.debug("cannot play %s: %s", name, error)

    # internals

    def _load_sound(self, name: str) -> pygame.mixer.Sound | None:
        relative = f"sounds/{name}.wav"
        path = self.root / relative
        if not path.is_file():
            self._problem("assets.missing", relative)
            return None
        if not self._mixer():
            return None
        try:
            return pygame.mixer.Sound(path)
        except (pygame.error, OSError, ValueError) as error:
            self._problem("assets.unreadable", relative, str(error))
            return None

    @property
    def sound_available(self) -> bool:
        """Whether an audio device could be opened (the settings say so when not)."""
        return self._mixer()

    def _mixer(self) -> bool:
        """Whether sound can play: the mixer is started once if the app has not done it."""
        if self._mixer_ready is None:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init()
                self._mixer_ready = True
            except pygame.error as error:
                log.warning("no sound: the audio device cannot be opened (%s)", error)
                self._mixer_ready = False
        return self._mixer_ready

    def _sprite(
        self,
        relative: str,
        size: tuple[int, int] | None,
        fallback: Callable[[], pygame.Surface],
        recolour: Callable[[pygame.Surface], pygame.Surface] | None = None,
        variant: str = "",
        prepare: Callable[[pygame.Surface], pygame.Surface] | None = None,
    ) -> pygame.Surface:
        """The image at ``size`` (None: as stored), scaled once and cached; or the fallback.
        ``prepare`` completes the file's picture before scaling (not the fallback's);
        ``recolour`` changes the picture once scaled. ``variant`` names the result in the
        cache ("4" for any recolour unless given)."""
        key = (relative, size, variant or ("4" if recolour is not None else ""))
        if key not in self._sized:
            image = self._image(relative)
            if image is None:
                image = fallback()
            else:
                if prepare is not None:
                    image = prepare(image)
                if size is not None and image.get_size() != size:
                    image = pygame.transform.smoothscale(image, size)
            if recolour is not None:
                image = recolour(image)
            self._sized[key] = self._ready(image)
        return self._sized[key]

    def _image(self, relative: str) -> pygame.Surface | None:
        """The full-size image, loaded once; None (and one problem logged) if unusable."""
        if relative not in self._originals:
            self._originals[relative] = self._load_image(relative)
        return self._originals[relative]

    def _load_image(self, relative: str) -> pygame.Surface | None:
        path = self.root / relative
        if not path.is_file():
            self._problem("assets.missing", relative)
            return None
        try:
            return pygame.image.load(path)
        except (pygame.error, OSError, ValueError) as error:
            self._problem("assets.unreadable", relative, str(error))
            return None

    @staticmethod
    def _ready(surface: pygame.Surface) -> pygame.Surface:
        """Convert for fast blits once a window exists (conversion needs a display)."""
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            return surface.convert_alpha()
        return surface

    def _problem(self, key: str, relative: str, detail: str = "") -> None:
        """Log a missing or damaged file once, and keep it for the player: ``problems``
        in words (English, for logs and tests), ``problem_keys`` as i18n keys."""
        words = "missing file" if key == "assets.missing" else "unreadable file"
        message = f"{words} {relative}" + (f" ({detail})" if detail else "")
        log.warning("asset problem: %s; a plain stand-in is used", message)
        self.problems.append(message)
        self.problem_keys.append((key, relative))
