"""The app's window: opened at a size the table stays readable in, or fullscreen, and
the letterbox that maps the logical 1280×720 screen into it (drawing scaled down, mouse
positions mapped back)."""

from __future__ import annotations

import warnings

import pygame

from game.ui.kit.layout import LOGICAL

MIN_WINDOW = (960, 540)  # three quarters of the table: every card and word stays readable
MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)


def open_window(window_size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
    """The window, which the player cannot shrink below ``MIN_WINDOW`` either.  In
    fullscreen the size asked is (0, 0): the desktop's own resolution, never a mode
    change."""
    if fullscreen:
        window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    else:
        size = max(window_size[0], MIN_WINDOW[0]), max(window_size[1], MIN_WINDOW[1])
        window = pygame.display.set_mode(size, pygame.RESIZABLE)
    window_handle().minimum_size = MIN_WINDOW
    return window


def window_handle() -> pygame.Window:
    with warnings.catch_warnings():  # pygame-ce 2.5 has no other handle on it yet
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


def viewport(window: pygame.Surface) -> pygame.Rect:
    """Where the logical screen sits in the window (scaled, letterboxed)."""
    width, height = window.get_size()
    scale = min(width / LOGICAL[0], height / LOGICAL[1])
    size = (max(1, round(LOGICAL[0] * scale)), max(1, round(LOGICAL[1] * scale)))
    rect = pygame.Rect((0, 0), size)
    rect.center = (width // 2, height // 2)
    return rect


def to_logical(window: pygame.Surface, pos: tuple[int, int]) -> tuple[int, int]:
    view = viewport(window)
    x = (pos[0] - view.x) * LOGICAL[0] / view.width
    y = (pos[1] - view.y) * LOGICAL[1] / view.height
    return int(x), int(y)


def logical_event(window: pygame.Surface, event: pygame.event.Event) -> pygame.event.Event:
    """The event with its mouse position (and motion) in logical coordinates."""
    if event.type not in MOUSE_EVENTS:
        return event
    data = dict(event.dict)
    data["pos"] = to_logical(window, event.pos)
    if "rel" in data:
        view = viewport(window)
        data["rel"] = (int(event.rel[0] * LOGICAL[0] / view.width),
                       int(event.rel[1] * LOGICAL[1] / view.height))
    return pygame.event.Event(event.type, data)


def present(window: pygame.Surface, screen: pygame.Surface) -> None:
    """The logical screen drawn into the window, black bars around it."""
    view = viewport(window)
    window.fill((0, 0, 0))
    if view.size == LOGICAL:
        window.blit(screen, view)
    else:
        window.blit(pygame.transform.smoothscale(screen, view.size), view)
    pygame.display.flip()
