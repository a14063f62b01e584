"""What the overlap test and the screenshots share: the table's situations (a game, a
player count, a fixed deal number the player answers the same way each time) and the
check that no two of the rectangles the table draws cover each other."""

from __future__ import annotations

import dataclasses
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from dataclasses import dataclass

import pygame

from game.engine.actions import Announce
from game.engine.tarot import CallKing
from game.ui.app.app import App
from game.ui.table.parts import Region
from game.ui.table.scene import TableScene
from tests.table_driver import DT, human_turn, wait_for_hint
from tools.eye_checks import look
from tools.eye_checks import problems as eye_problems
from tools.table_situations import GAMES, Game

__all__ = ["GAMES", "Game", "check", "overlaps", "tour"]

FRAMES = 6000
LANGUAGES = ("fr", "en")
HANDS = (False, True)  # right-handed, left-handed
VARIANTS = tuple((words, left) for words in LANGUAGES for left in HANDS)
# How many of the four languages-and-hands the tour draws at each settled moment after
# an action, in turn (1: each moment in one of them, each of them at every fourth
# moment; 4: each moment in all four, the slow sweep).  The hint, the last trick and
# the explicit checks are always drawn in all four.
VARIANTS_A_MOMENT = int(os.environ.get("ATOUT_OVERLAP_VARIANTS", "1"))

# Cards may lie on cards (a trick's cards, a pile on a pile): only the rest is checked
# against everything.
CARDS = ("hand", "backs", "trick", "pile at", "shown", "centre card")


def is_card(name: str) -> bool:
    return name.startswith(CARDS)



def overlaps(regions: list[Region]) -> list[tuple[str, str]]:
    """The pairs of regions that cover each other (two card groups excepted)."""
    found = []
    for index, (name, rect) in enumerate(regions):
        for other, other_rect in regions[index + 1:]:
            if is_card(name) and is_card(other):
                continue
            if rect.width and rect.height and rect.colliderect(other_rect):
                found.append((f"{name} {tuple(rect)}", f"{other} {tuple(other_rect)}"))
    return found


def offscreen(regions: list[Region]) -> list[str]:
    screen = pygame.Rect(0, 0, 1280, 720)
    return [name for name, rect in regions
            if rect.width and name != "hand" and not screen.contains(rect)]


def phases_shown(table: TableScene) -> set[str]:
    """The situations on the table now."""
    model, legal = table.model, table.controller.human_legal()
    shown = {
        "bidding": table.bid_panel.visible,
        "bid history": table.bid_history.rect() is not None,
        "bubbles": bool(model.says),
        "play": bool(table.controller.legal_cards()) and not table.ecart.active,
        "trick": bool(model.trick),
        "taker badge": model.taker is not None,
        "announce button": any(isinstance(a, Announce) for a in legal),
        "king call": any(isinstance(a, CallKing) for a in legal),
        "ecart": table.ecart.active,
        "hint": table.current_hint() is not None,
        "last trick": table.show_last,
        "pile": any(model.tricks_won),
    }
    return {name for name, on in shown.items() if on}


def variants(app: App, table: TableScene,
             chosen: tuple[tuple[str, bool], ...] = VARIANTS) -> Iterator[str]:
    """The table drawn in each language and handedness of ``chosen`` (one frame each,
    at rest)."""
    before = (app.language_setting(), app.settings)
    try:
        for words, left in chosen:
            app.choose_language(words)
            app.settings = dataclasses.replace(app.settings, left_handed=left)
            app.step(0.0, [])
            yield f"{words} {'left' if left else 'right'}-handed"
    finally:
        app.choose_language(before[0])
        app.settings = before[1]
        app.step(0.0, [])


def in_turn(moment: int) -> tuple[tuple[str, bool], ...]:
    """The languages and hands drawn at the ``moment``-th settled moment of a tour."""
    count = max(1, min(len(VARIANTS), VARIANTS_A_MOMENT))
    return tuple(VARIANTS[(moment * count + i) % len(VARIANTS)] for i in range(count))


def check(app: App, table: TableScene, where: str,
          chosen: tuple[tuple[str, bool], ...] = VARIANTS) -> list[str]:
    """Every overlap and rectangle off the screen now, and what the eye checks find, in
    each language and hand of ``chosen`` (all four by default)."""
    problems = []
    for variant in variants(app, table, chosen):
        regions = table.regions()
        problems += [f"{where} ({variant}): {a} over {b}" for a, b in overlaps(regions)]
        problems += [f"{where} ({variant}): {name} off the screen"
                     for name in offscreen(regions)]
        problems += eye_problems(look(app), f"{where} ({variant})")
    return problems


@dataclass
class Tour:
    """What one deal showed: the situations reached and the overlaps found."""

    seen: set[str] = dataclasses.field(default_factory=set)
    problems: list[str] = dataclasses.field(default_factory=list)
    variants_seen: set[tuple[str, bool]] = dataclasses.field(default_factory=set)

    def look(self, app: App, table: TableScene, where: str,
             chosen: tuple[tuple[str, bool], ...] = VARIANTS) -> None:
        self.seen |= phases_shown(table)
        self.variants_seen |= set(chosen)
        self.problems += check(app, table, where, chosen)


def tour(app: App, table: TableScene) -> Tour:
    """Play the table's deal to its score sheet, the player answering as
    ``human_turn`` does; look at the table each time it settles after an action (in
    the languages and hands ``in_turn`` gives), with the hint asked once in the bidding
    and once in the play, and the last trick shown once (those in every language and
    hand)."""
    seen = Tour()
    looked, moments, hinted, last_shown = -1, 0, set(), False
    for _ in range(FRAMES):
        if app.top is not table:
            return seen
        controller = table.controller
        if controller.idle and not table.tweens.busy and controller.actions_applied != looked:
            looked = controller.actions_applied
            seen.look(app, table, f"action {looked}", in_turn(moments))
            moments += 1
        if not (controller.human_to_act and table.accepts_choice):
            controller.wait_for_computer(DT)
            app.step(DT, [])
            continue
        stage = "play" if controller.legal_cards() else "bidding"
        if stage not in hinted and not table.ecart.active:
            hinted.add(stage)
            table.show_hint()
            wait_for_hint(app, table)
            seen.look(app, table, f"hint in the {stage}")
        if table.model.last_trick and not last_shown:
            last_shown = True
            table.toggle_last()
            seen.look(app, table, "last trick")
            table.toggle_last()
        human_turn(app, table)
    raise AssertionError("the deal never ended")
