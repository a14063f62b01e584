"""No click acts by accident, whatever its rhythm: a player clicking steadily to hurry
the game, from the end of a coinche deal through the score sheet into the next deal's
bidding, never bids, whether he clicks five times a second or once every two seconds;
once he stops and looks, his click is taken.  Headless, real pygame events, a fixed dt
on simulated time (no wall clock)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.engine.actions import Pass
from game.engine.rules import CoincheRules
from game.ui.app.app import App
from game.ui.app.smoke import click
from game.ui.kit.presses import READ_TIME, Presses
from game.ui.scenes.scoresheet import ScoreSheet
from game.ui.table.bidding import PANEL_RECT
from game.ui.table.scene import TableScene
from tests.table_driver import DT, animate_at, human_turn, run_until_human, start_table

# Where "Pass" is while the coinche bidding panel is shown (its first button of the row
# of pass, coinche, surcoinche).
PASS_POINT = (PANEL_RECT.x + 20 + 85, PANEL_RECT.y + 190 + 25)
SHEET_LOOKED_AT = 2.0  # seconds the clicker leaves the sheet up before pressing Enter
CLICKED_ON = 4.0  # seconds the clicks go on once the bidding panel is shown
INTERVALS = (0.2, 0.35, 0.5, 0.6, 0.8, 1.0, 1.4, 2.0)  # from five clicks a second to one in two


def enter() -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")


# --- the rhythm, alone ----------------------------------------------------------------


def presses_at(times: list[float], idle: frozenset[int] | None = None) -> Presses:
    """Presses at ``times``; those at the indices ``idle`` made no choice (all of them
    when None: clicks to hurry the game)."""
    presses = Presses()
    for index, at in enumerate(times):
        presses.tick(at - presses.now)
        presses.record()
        if idle is None or index in idle:
            presses.idle()
    return presses


def test_a_steady_rhythm_begun_before_the_choice_is_blind() -> None:
    presses = presses_at([0.0, 0.6, 1.2, 1.8, 2.4])  # the choice appeared at 1.0
    assert presses.blind(shown_for=2.4 - 1.0)


def test_a_rhythm_begun_after_the_choice_appeared_is_not_blind() -> None:
    presses = presses_at([0.0, 3.0, 3.6, 4.2])  # a pause, then clicks: the choice at 2.0
    assert not presses.blind(shown_for=4.2 - 2.0)


def test_a_pause_to_read_breaks_the_rhythm() -> None:
    presses = presses_at([0.0, 0.6, 1.2, 1.8, 3.0])  # twice the gap: he looked
    assert not presses.blind(shown_for=3.0 - 1.0)


def test_a_quicker_click_breaks_the_rhythm_too() -> None:
    presses = presses_at([0.0, 1.0, 2.0, 3.0, 3.4])
    assert not presses.blind(shown_for=3.4 - 1.5)


def test_a_player_who_chooses_at_a_regular_pace_is_not_blind() -> None:
    """A card every 5 s, nothing clicked in between: his own pace, never swallowed."""
    presses = presses_at([0.0, 5.0, 10.0, 15.0], idle=frozenset())
    assert not presses.blind(shown_for=1.0)
    presses = presses_at([0.0, 5.0, 10.0, 15.0], idle=frozenset({1}))  # a trick collected
    assert presses.blind(shown_for=1.0)


# --- the table ---------------------------------------------------------------------------


def to_last_card(app: App, table: TableScene) -> None:
    """The deal played (the driver's clicks) until the player holds his last card, then
    that card played: the rhythm starts after it."""
    while True:
        run_until_human(app, table)
        if len(table.controller.legal_cards()) == 1 == len(table.model.hand):
            human_turn(app, table)
            return
        human_turn(app, table)


class SteadyClicker:
    """Clicks every ``interval`` seconds where the next thing to hurry is: "Next deal"
    on the score sheet, else where "Pass" appears.  On the sheet, once it has been up
    ``SHEET_LOOKED_AT`` s, he holds his clicks until Enter is taken, presses it and
    clicks on in the same rhythm."""

    def __init__(self, app: App, table: TableScene, interval: float) -> None:
        self.app, self.table, self.interval = app, table, interval
        self.now, self.due = 0.0, interval
        self.sheet_since: float | None = None
        self.panel_since: float | None = None
        self.clicks_on_panel = 0

    def frame(self) -> None:
        app, table = self.app, self.table
        sheet = app.top if isinstance(app.top, ScoreSheet) else None
        events = self._on_sheet(sheet) if sheet is not None else []
        if self.due <= self.now + 1e-9:
            self.due += self.interval
            if sheet is None or self.now - (self.sheet_since or self.now) < SHEET_LOOKED_AT:
                events += click(app, sheet.next_button.rect.center if sheet else PASS_POINT)
        asked = table.controller.human_to_act and app.top is table
        if asked and table.bid_panel.visible and self.panel_since is None:
            self.panel_since = self.now
        self.clicks_on_panel += bool(events) and asked and table.bid_panel.visible
        before = table.controller.actions_applied
        table.controller.wait_for_computer(DT)
        app.step(DT, events)
        self.now += DT
        assert not asked or table.controller.actions_applied == before, \
            f"a click every {self.interval} s bid {self.now - (self.panel_since or 0):.2f} s " \
            "after the panel appeared"

    def _on_sheet(self, sheet: ScoreSheet) -> list[pygame.event.Event]:
        if self.sheet_since is None:
            self.sheet_since = self.now
        looked = self.now - self.sheet_since >= SHEET_LOOKED_AT
        return [enter()] if looked and sheet.grace.ready else []


@pytest.mark.parametrize("interval", INTERVALS)
def test_steady_clicks_across_a_deals_end_never_bid(app: App, interval: float) -> None:
    table = start_table(app, CoincheRules(), seed=3)
    to_last_card(app, table)
    animate_at(app, 1.0)  # the end of the deal and the next one as a player sees them
    first_deal = table.model.deal_number
    clicker = SteadyClicker(app, table, interval)
    for _ in range(round(60 / DT)):
        clicker.frame()
        if clicker.panel_since is not None and clicker.now - clicker.panel_since > CLICKED_ON:
            break
        assert clicker.sheet_since is not None or clicker.now < 20, "the deal never ended"
    assert table.model.deal_number == first_deal + 1 and clicker.panel_since is not None
    assert clicker.clicks_on_panel >= 2  # the panel was clicked, more than once
    assert table.controller.human_to_act and Pass() in table.controller.human_legal()
    for _ in range(round(max(2 * interval, READ_TIME) / DT) + 1):  # he stops and looks
        app.step(DT, [])
    before = table.controller.actions_applied
    app.step(DT, click(app, PASS_POINT))
    assert table.controller.actions_applied == before + 1


def test_steady_clicks_do_not_leave_the_score_sheet(app: App) -> None:
    """Clicking on "Next deal" in the rhythm that ended the deal: the sheet stays; a
    click after a pause to read it is taken."""
    table = start_table(app, CoincheRules(), seed=3)
    to_last_card(app, table)
    animate_at(app, 1.0)
    clicker = SteadyClicker(app, table, 0.6)
    while clicker.sheet_since is None or clicker.now - clicker.sheet_since < SHEET_LOOKED_AT:
        clicker.frame()
        assert clicker.now < 20, "the deal never ended"
    sheet = app.top
    assert isinstance(sheet, ScoreSheet)
    for _ in range(round(1.0 / DT)):
        app.step(DT, [])
    app.step(DT, click(app, sheet.next_button.rect.center))
    app.step(DT, [])
    assert app.top is table
