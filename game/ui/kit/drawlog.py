"""What a frame draws, recorded only while a test (or the screenshot tool) asks: every
text and symbol with the pixels it was drawn over, every panel, button and bubble, and
which scene drew them.  The eye checks (tests/eye_checks.py) read it to find a text out
of its panel, two things over each other, a text too faint, a see-through panel or a
word of the wrong language.

Nothing is recorded outside ``recording``: the drawing helpers ask ``active_log`` and
find None.  The log lives in a context variable set and reset by ``recording``, so no
record outlives the ``with`` block that asked for it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

import pygame

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class DrawnText:
    """A text (or a symbol: ``words`` then names it) drawn at ``rect``: ``ink`` is the
    image drawn, ``behind`` a copy of the screen under ``rect`` just before."""

    words: str
    rect: pygame.Rect
    ink: pygame.Surface
    behind: pygame.Surface
    layer: int
    order: int  # how many things were drawn before it


@dataclass(frozen=True)
class DrawnBox:
    """A panel, button or bubble (``kind``) at ``rect``; texts inside it are its own."""

    kind: str
    rect: pygame.Rect
    layer: int
    order: int
    name: str = ""


@dataclass
class DrawLog:
    """One recording of the logical ``screen``: what was drawn on it, in order.
    ``layers`` names the scene of each layer (a scene draws over the ones below);
    ``probe``, when set, is painted under every panel before its body, so that a
    panel one can see through shows it (the opacity check draws a frame with two)."""

    screen: pygame.Surface
    probe: RGB | None = None
    texts: list[DrawnText] = field(default_factory=list)
    boxes: list[DrawnBox] = field(default_factory=list)
    layers: list[str] = field(default_factory=lambda: [""])
    # each note drawn and what it explains (the row, bubble or box clicked)
    notes: list[tuple[pygame.Rect, pygame.Rect]] = field(default_factory=list)

    @property
    def layer(self) -> int:
        return len(self.layers) - 1

    def start_layer(self, name: str) -> None:
        self.layers.append(name)

    def clear(self) -> None:
        """Forget what was drawn (a new frame is about to be drawn)."""
        self.texts.clear()
        self.boxes.clear()
        self.notes.clear()
        self.layers[:] = [""]

    def text(self, target: pygame.Surface, words: str, ink: pygame.Surface,
             rect: pygame.Rect) -> None:
        """``ink`` is about to be drawn at ``rect`` on ``target``."""
        if target is not self.screen or not words.strip():
            return
        visible = rect.clip(target.get_rect())
        behind = pygame.Surface(rect.size)
        behind.blit(target, (visible.x - rect.x, visible.y - rect.y), visible)
        self.texts.append(DrawnText(words, pygame.Rect(rect), ink, behind, self.layer,
                                    self._count()))

    def box(self, target: pygame.Surface, kind: str, rect: pygame.Rect,
            name: str = "") -> None:
        if target is self.screen:
            self.boxes.append(DrawnBox(kind, pygame.Rect(rect), self.layer, self._count(), name))

    def _count(self) -> int:
        return len(self.texts) + len(self.boxes)


_ACTIVE: ContextVar[DrawLog | None] = ContextVar("atout_draw_log", default=None)


def active_log() -> DrawLog | None:
    """The recording in progress, if any (None in the game)."""
    return _ACTIVE.get()


def framed(target: pygame.Surface, kind: str, rect: pygame.Rect, name: str = "") -> None:
    """A box of ``kind`` (its texts are drawn next, inside it) is drawn at ``rect``."""
    log = _ACTIVE.get()
    if log is not None:
        log.box(target, kind, rect, name)


def explains(target: pygame.Surface, note: pygame.Rect, anchor: pygame.Rect) -> None:
    """The note at ``note`` explains what was clicked at ``anchor`` (the eye checks
    find a note drawn far from it)."""
    log = _ACTIVE.get()
    if log is not None and target is log.screen:
        log.notes.append((pygame.Rect(note), pygame.Rect(anchor)))


def overlay(target: pygame.Surface, name: str) -> None:
    """What is drawn next on ``target`` lies over the scene on purpose (the last trick
    over the table), as a scene over another does."""
    log = _ACTIVE.get()
    if log is not None and target is log.screen:
        log.start_layer(name)


@contextmanager
def recording(screen: pygame.Surface, probe: RGB | None = None) -> Iterator[DrawLog]:
    """Record what is drawn on ``screen`` inside the ``with`` block."""
    token = _ACTIVE.set(DrawLog(screen, probe))
    try:
        log = _ACTIVE.get()
        assert log is not None
        yield log
    finally:
        _ACTIVE.reset(token)
