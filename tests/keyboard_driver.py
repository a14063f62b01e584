"""Driving a table from the keyboard only, as a player who never touches the mouse:
real pygame key events, the arrows and Enter for a card, H then Enter for whatever the
hint names (a bid, a king, an announcement, the belote, the écart), a fixed dt.  Shared
by the keyboard tests."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.engine.protocol import Action
from game.engine.tarot import TarotDiscard
from game.ui.app.app import App
from game.ui.table.scene import TableScene
from tests.table_driver import DT, wait_for_hint


def key(code: int, mod: int = 0, unicode: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=unicode)


def press(app: App, *codes: int) -> None:
    """One frame with these keys pressed, in order."""
    app.step(DT, [key(code) for code in codes])


def hint_then_enter(app: App, table: TableScene) -> Action:
    """H, the hint shown, Enter: what the hint named."""
    press(app, pygame.K_h)
    wait_for_hint(app, table)
    named = table.input.hints.action
    assert named is not None and table.current_hint() is not None
    press(app, pygame.K_RETURN)
    return named


def ecart_by_keys(app: App, table: TableScene) -> list[Action]:
    """H, then Enter for each card the hint names (it names the next one at once), then
    Enter on the complete écart."""
    named: list[Action] = []
    press(app, pygame.K_h)
    while len(table.ecart.chosen) < table.ecart.size:
        wait_for_hint(app, table)
        discard = table.input.hints.action
        assert isinstance(discard, TarotDiscard)
        named.append(discard)
        press(app, pygame.K_RETURN)
        assert discard.card in table.ecart.chosen  # the hint's card set aside
    press(app, pygame.K_RETURN)  # "Valider l'écart"
    return named


def keyboard_turn(app: App, table: TableScene, arrows: bool) -> list[str]:
    """The player's turn from the keyboard (the table asks him): the écart by the hint's
    cards; a card chosen with → then played with Enter when ``arrows`` and nothing but a
    card is asked; otherwise H then Enter.  What he did: the kinds of the actions the
    hint named, or "arrows"."""
    before = table.controller.actions_applied
    if table.ecart.active:
        done = [type(a).__name__ for a in ecart_by_keys(app, table)]
    elif arrows and table.controller.legal_cards() and not table.play.actions():
        press(app, pygame.K_RIGHT, pygame.K_RETURN)  # a card chosen with the arrows
        done = ["arrows"]
    else:
        done = [type(hint_then_enter(app, table)).__name__]
    while table.input.hints.action is not None and table.poignee.active:
        press(app, pygame.K_RETURN)  # the poignée's size, then "Show" rung: shown
    assert table.controller.actions_applied > before, "the key did nothing"
    return done
