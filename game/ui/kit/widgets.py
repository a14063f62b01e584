"""Small drawing helpers shared by the scenes: cached text, panels, buttons, bubbles."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.i18n import Texts
from game.ui.kit.assets import default_font
from game.ui.kit.drawlog import active_log, framed
from game.ui.kit.layout import LOGICAL, bubble_box
from game.ui.kit.presses import READ_TIME, Presses

RGB = tuple[int, int, int]
CREAM = (250, 244, 226)
INK = (34, 30, 28)
GOLD = (236, 190, 84)
GLOW = (255, 214, 110)
PANEL = (24, 40, 32)
BUTTON = (248, 238, 210)
BUTTON_HOVER = (255, 222, 150)
BUTTON_OFF = (150, 150, 140)
DIM = (0, 0, 0, 110)
FOCUS = (255, 255, 255)
PANEL_OPACITY = 255  # a panel's body: opaque, so nothing under it shows through its words

# Seconds new choices are shown before a click may take one: long enough to see what
# appeared (``presses.READ_TIME``).  A click sooner restarts the count, and a click that
# keeps a steady rhythm begun before the choices appeared is swallowed whatever its pace
# (``Presses.blind``): one clicking to hurry the play never lands on a choice unseen.
SETTLE = READ_TIME

# A memo, not a state: the same message, size and colour always render the same pixels
# (pygame's bundled font), so what one app (or test) leaves here changes nothing for the
# next; bounded by _TEXT_CACHE_LIMIT.
_TEXT_CACHE: dict[tuple[str, int, RGB], pygame.Surface] = {}
_TEXT_CACHE_LIMIT = 600


class Grace:
    """A new screen's choices (the score sheet's buttons, Enter): a click or Enter
    before they were shown ``SETTLE`` seconds is swallowed and restarts the count, and so
    is a click that keeps the steady rhythm of clicks begun before the screen appeared
    (``presses``: the app's)."""

    def __init__(self, presses: Presses | None = None) -> None:
        self.shown_for = 0.0  # since the screen appeared or the last press swallowed
        self.appeared_for = 0.0  # since the screen appeared
        self.presses = presses

    def tick(self, dt: float) -> None:
        self.shown_for += dt
        self.appeared_for += dt

    @property
    def ready(self) -> bool:
        """The choices have been seen: a press now is taken."""
        return self.shown_for >= SETTLE

    def lets(self, event: pygame.event.Event) -> bool:
        """False for a press (left click, Enter, Space) that comes too soon."""
        pressed = (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE,
                                                            pygame.K_KP_ENTER))
        if not pressed:
            return True
        clicked = event.type == pygame.MOUSEBUTTONDOWN
        blind = clicked and self.presses is not None and self.presses.blind(self.appeared_for)
        if not self.ready or blind:
            self.shown_for = 0.0
            if clicked and self.presses is not None:
                self.presses.idle()
            return False
        return True


MIN_TEXT = 20  # the least size of a text to read: 15 pixels in the smallest window (960×540)


def text(message: str, size: int, colour: RGB = CREAM) -> pygame.Surface:
    """The rendered text, cached: frames re-render nothing that did not change."""
    key = (message, size, colour)
    surface = _TEXT_CACHE.get(key)
    if surface is None:
        if len(_TEXT_CACHE) > _TEXT_CACHE_LIMIT:
            _TEXT_CACHE.clear()
        surface = _TEXT_CACHE[key] = default_font(size).render(message, True, colour)
    return surface


def blit_text(
    target: pygame.Surface, message: str, size: int, colour: RGB = CREAM, **anchor: object
) -> pygame.Rect:
    """Draw text placed by a Rect keyword (center=..., topleft=..., midleft=...)."""
    return blit_symbol(target, text(message, size, colour), message, **anchor)


def blit_symbol(target: pygame.Surface, image: pygame.Surface, words: str,
                **anchor: object) -> pygame.Rect:
    """Draw ``image``, a text or a symbol that ``words`` names (the eye checks read it),
    placed by a Rect keyword."""
    rect = image.get_rect(**anchor)
    log = active_log()
    if log is not None:
        log.text(target, words, image, rect)
    target.blit(image, rect)
    return rect


def wrap(message: str, size: int, width: int) -> list[str]:
    """Split ``message`` into lines no wider than ``width`` pixels (measured once: a page
    drawn every frame is not measured again)."""
    return list(_wrapped(message, size, width))


@functools.lru_cache(maxsize=64)
def _wrapped(message: str, size: int, width: int) -> tuple[str, ...]:
    font = default_font(size)
    lines: list[str] = []
    for paragraph in message.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}".strip()
            if line and font.size(candidate)[0] > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return tuple(lines)


@functools.lru_cache(maxsize=8)
def shade(size: tuple[int, int], alpha: int) -> pygame.Surface:
    """A black veil of ``alpha`` over a whole scene, made once per size (not per frame)."""
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
    return veil


def panel(target: pygame.Surface, rect: pygame.Rect, colour: RGB = PANEL,
          radius: int = 14, border: RGB | None = GOLD, name: str = "") -> None:
    """A rounded opaque panel with a soft shadow: nothing below shows through its words.
    ``name`` tells the eye checks what it is (a note, a message: a box of its own,
    never a part of a panel it lies over)."""
    log = active_log()
    if log is not None:
        log.box(target, "panel", rect, name)
        if log.probe is not None:  # under the body, its rounded corners left out
            target.fill(log.probe, rect.inflate(-2 * radius, -2 * radius))
    shadow = pygame.Surface(rect.inflate(12, 12).size, pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 70), shadow.get_rect(), border_radius=radius + 6)
    target.blit(shadow, rect.move(-2, 4).inflate(12, 12).topleft)
    body = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(body, (*colour, PANEL_OPACITY), body.get_rect(), border_radius=radius)
    if border is not None:
        pygame.draw.rect(body, (*border, PANEL_OPACITY), body.get_rect(), width=2,
                         border_radius=radius)
    target.blit(body, rect)


def ask_chip(target: pygame.Surface, centre: tuple[int, int], radius: int) -> None:
    """The "?" that says a click explains what it is on: dark on a gold chip, seen at a
    glance and read in the smallest window too."""
    pygame.draw.circle(target, GOLD, centre, radius)
    blit_text(target, "?", 2 * radius - 2, INK, center=centre)


def card_shadow(width: int, height: int) -> pygame.Surface:
    key = (width, height)
    surface = _SHADOWS.get(key)
    if surface is None:
        surface = pygame.Surface((width + 8, height + 8), pygame.SRCALPHA)
        for inset, alpha in ((0, 25), (2, 35), (4, 45)):
            pygame.draw.rect(surface, (0, 0, 0, alpha), surface.get_rect().inflate(-inset, -inset),
                             border_radius=max(4, width // 10))
        _SHADOWS[key] = surface
    return surface


_SHADOWS: dict[tuple[int, int], pygame.Surface] = {}


@dataclass
class Button:
    """A clickable label.  ``label`` is a callable so it follows the language."""

    rect: pygame.Rect
    label: Callable[[], str]
    on_click: Callable[[], None]
    enabled: bool = True
    selected: bool = False
    size: int = 28
    icon: pygame.Surface | None = None
    hover: bool = field(default=False, init=False)
    focused: bool = field(default=False, init=False)  # chosen with the keyboard

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event was a click on this button (and it acted)."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.enabled
                and self.rect.collidepoint(event.pos)):
            self.on_click()
            return True
        return False

    def draw(self, target: pygame.Surface) -> None:
        framed(target, "button", self.rect, self.label())
        fill = BUTTON_OFF if not self.enabled else (
            BUTTON_HOVER if self.hover or self.selected else BUTTON)
        shadow = self.rect.move(0, 3)
        pygame.draw.rect(target, (0, 0, 0), shadow, border_radius=10)
        pygame.draw.rect(target, fill, self.rect, border_radius=10)
        edge = GOLD if self.selected else (120, 100, 70)
        pygame.draw.rect(target, edge, self.rect, width=3 if self.selected else 2,
                         border_radius=10)
        if self.focused:
            focus_ring(target, self.rect)
        label = self.label()
        if self.icon is not None and label:
            icon_rect = self.icon.get_rect(midleft=(self.rect.x + 10, self.rect.centery))
            blit_symbol(target, self.icon, f"{label} icon", topleft=icon_rect.topleft)
            room = self.rect.right - BUTTON_MARGIN - icon_rect.right - 6
            blit_text(target, label, fitted_size(label, self.size, room), INK,
                      midleft=(icon_rect.right + 6, self.rect.centery))
        elif self.icon is not None:
            blit_symbol(target, self.icon, "icon", center=self.rect.center)
        else:
            self._draw_words(target, label)

    def _draw_words(self, target: pygame.Surface, label: str) -> None:
        """The label centred with ``label_margin`` left and right: smaller when long,
        on two lines when even ``SMALLEST_LABEL`` is too wide."""
        room = self.rect.width - 2 * label_margin(self.rect.width)
        size = fitted_size(label, self.size, room)
        if default_font(size).size(label)[0] <= room:
            blit_text(target, label, size, INK, center=self.rect.center)
            return
        lines = wrap(label, SMALLEST_LABEL, room)
        height = default_font(SMALLEST_LABEL).get_linesize()
        top = self.rect.centery - height * len(lines) // 2
        for index, line in enumerate(lines):
            blit_text(target, line, SMALLEST_LABEL, INK,
                      midtop=(self.rect.centerx, top + index * height))


BUTTON_MARGIN = 14  # the room left and right of a button's words (less on a narrow button)
SMALLEST_LABEL = MIN_TEXT  # a long label shrinks to fit its button, never below the readable


def label_margin(width: int) -> int:
    """The room left and right of a label on a button ``width`` wide: ``BUTTON_MARGIN``,
    less on a narrow button (a bid's value), whose short word must stay readable."""
    return min(BUTTON_MARGIN, width // 10)


@functools.lru_cache(maxsize=256)
def fitted_size(label: str, size: int, width: int) -> int:
    """The largest text size up to ``size`` at which ``label`` fits in ``width`` pixels
    (``SMALLEST_LABEL`` at least)."""
    while size > SMALLEST_LABEL and default_font(size).size(label)[0] > width:
        size -= 1
    return size


class KeyboardFocus:
    """↑/↓ (and Tab, Shift+Tab) move a visible focus through ``buttons``; Enter or Space
    presses the focused one.  Disabled buttons are passed over."""

    NEXT = (pygame.K_DOWN, pygame.K_RIGHT)
    BACK = (pygame.K_UP, pygame.K_LEFT)
    PRESS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)

    def __init__(self, buttons: list[Button]) -> None:
        self.buttons = buttons
        self.index: int | None = None

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the key was the focus's (moved it or pressed a button)."""
        if event.type != pygame.KEYDOWN:
            return False
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        if event.key in self.NEXT or (event.key == pygame.K_TAB and not shift):
            self._move(1)
        elif event.key in self.BACK or event.key == pygame.K_TAB:
            self._move(-1)
        elif event.key in self.PRESS and self.index is not None:
            button = self.buttons[self.index]
            if button.enabled:
                button.on_click()
        else:
            return False
        self.show()
        return True

    def _move(self, step: int) -> None:
        count = len(self.buttons)
        start = (-1 if step > 0 else 0) if self.index is None else self.index
        for offset in range(1, count + 1):
            index = (start + step * offset) % count
            if self.buttons[index].enabled:
                self.index = index
                return

    def show(self) -> None:
        """Mark the focused button (drawn with the focus ring)."""
        for index, button in enumerate(self.buttons):
            button.focused = index == self.index


def focus_ring(target: pygame.Surface, rect: pygame.Rect) -> None:
    """The keyboard's choice: a white ring with a golden edge around ``rect``."""
    pygame.draw.rect(target, GOLD, rect.inflate(12, 12), width=3, border_radius=13)
    pygame.draw.rect(target, FOCUS, rect.inflate(6, 6), width=3, border_radius=11)


def bubble_rect(message: str, anchor: tuple[int, int], size: int = 26,
                tail: str = "down") -> pygame.Rect:
    """Where ``bubble`` draws ``message`` (its body, the tail left out)."""
    return bubble_box(text(message, size, INK).get_size(), anchor, tail)


def bubble(target: pygame.Surface, message: str, anchor: tuple[int, int], size: int = 26,
           tail: str = "down", rect: pygame.Rect | None = None) -> pygame.Rect:
    """A speech bubble whose tail points at ``anchor`` from above ("down") or below; its
    body at ``rect`` when the caller placed it."""
    label = text(message, size, INK)
    rect = rect or bubble_rect(message, anchor, size, tail)
    anchor = (min(max(anchor[0], rect.left + 12), rect.right - 12), anchor[1])
    if tail == "down":
        tip = [(anchor[0] - 8, rect.bottom - 1), (anchor[0] + 8, rect.bottom - 1), anchor]
    else:
        tip = [(anchor[0] - 8, rect.top + 1), (anchor[0] + 8, rect.top + 1), anchor]
    framed(target, "bubble", rect, message)
    pygame.draw.rect(target, (0, 0, 0), rect.move(0, 3), border_radius=12)
    pygame.draw.polygon(target, CREAM, tip)
    pygame.draw.rect(target, CREAM, rect, border_radius=12)
    blit_symbol(target, label, message, center=rect.center)
    return rect


_POINTER = {"cursor": pygame.SYSTEM_CURSOR_ARROW}  # the mouse pointer shown now


def pointer(at_something: bool) -> None:
    """The hand pointer over what a click explains (a call, a card played), the arrow
    elsewhere."""
    cursor = pygame.SYSTEM_CURSOR_HAND if at_something else pygame.SYSTEM_CURSOR_ARROW
    if cursor != _POINTER["cursor"]:
        _POINTER["cursor"] = cursor
        with contextlib.suppress(pygame.error):  # no system cursors (a headless display)
            pygame.mouse.set_cursor(cursor)


_SURFACES: dict[Any, pygame.Surface] = {}


def rotated(image: pygame.Surface) -> pygame.Surface:
    """``image`` turned a quarter (the backs of the side hands), cached per image."""
    key = ("rot", id(image))
    if key not in _SURFACES:
        _SURFACES[key] = pygame.transform.rotate(image, 90)
    return _SURFACES[key]


def halo(size: tuple[int, int]) -> pygame.Surface:
    """A soft golden halo around a name plate of ``size``."""
    key = ("glow", size)
    if key not in _SURFACES:
        ring = pygame.Surface((size[0] + 28, size[1] + 28), pygame.SRCALPHA)
        for inset in range(0, 14, 2):
            rect = ring.get_rect().inflate(-inset * 2, -inset * 2)
            pygame.draw.rect(ring, (*GLOW, 18 + inset * 9), rect, border_radius=18)
        _SURFACES[key] = ring
    return _SURFACES[key]


def dim_overlay(size: tuple[int, int]) -> pygame.Surface:
    """A shade over a card that may not be played now."""
    key = ("dim", size)
    if key not in _SURFACES:
        shade = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(shade, DIM, shade.get_rect(), border_radius=max(4, size[0] // 10))
        _SURFACES[key] = shade
    return _SURFACES[key]


def vignette() -> pygame.Surface:
    """A soft darkening towards the edges of the table."""
    if "vignette" not in _SURFACES:
        shade = pygame.Surface(LOGICAL, pygame.SRCALPHA)
        for inset in range(0, 120, 6):
            alpha = max(0, 60 - inset // 2)
            pygame.draw.rect(shade, (0, 0, 0, alpha // 4),
                             shade.get_rect().inflate(-inset * 2, -inset * 2), width=6,
                             border_radius=40)
        _SURFACES["vignette"] = shade
    return _SURFACES["vignette"]


def translated(texts: Texts, key: str) -> Callable[[], str]:
    """The text of ``key`` in ``texts``' language when it is drawn (a button's label: it
    follows the app's language when the player switches it)."""
    return lambda: texts.tr(key)
