"""Driving a table headless as a player would: bids by buttons, cards by clicks, a
fixed dt.  Shared by the UI tests.

The waits (``run_until_human``, ``run_until``, ``see_the_sheet``) skip ahead: their
frames update the scenes without drawing them (``unseen_frame``), and the frame they stop
at is drawn before they return, so what a test then looks at or clicks is drawn as a
player would see it."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Callable

from game.engine.actions import Bid, ExchangeSeven
from game.engine.cards import Card
from game.engine.match import AnyRules
from game.engine.tarot import DeclineChelem
from game.ui.app.app import App
from game.ui.app.smoke import click, fixed_speed
from game.ui.scenes.dialog import ConfirmDialog
from game.ui.scenes.scoresheet import MatchEnd, ScoreSheet
from game.ui.table.controller import GameConfig, SeatConfig
from game.ui.table.scene import TableScene
from tests.waiting import soon

DT = 1 / 30
FAST = 0.02


def animate_at(app: App, factor: float) -> None:
    """Every table of ``app`` animates at ``factor`` from now on (1.0: as a player sees
    it, FAST: the tests' pace), whatever speed the settings choose."""
    app.settings = fixed_speed(app.settings, factor)


def start_table(
    app: App, rules: AnyRules, seed: int = 3, first_deal: int | None = None
) -> TableScene:
    """The human at seat 0; ``first_deal`` picks the hands (a deal number)."""
    seats = (SeatConfig(human=True), *tuple(SeatConfig() for _ in range(rules.players - 1)))
    animate_at(app, FAST)
    table = TableScene(app, GameConfig(rules, seats, seed, first_deal))
    app.push(table)
    app.step(DT, [])
    return table


def unseen_frame(app: App, dt: float = DT) -> None:
    """A frame nothing looks at: the scenes move on ``dt``, the screen is not drawn."""
    app.step(dt, [], draw=False)


def drawn_if_skipped(app: App, frames_skipped: int) -> None:
    """The frame a wait stopped at, drawn if the wait skipped any (what the test looks
    at or clicks next is on the screen)."""
    if frames_skipped:
        app.draw()


def run_until_human(app: App, table: TableScene, limit: int = 3000, dt: float = DT) -> None:
    """Frames ``dt`` apart until the table asks the human and takes his choice, or
    another screen shows."""
    for frame in range(limit):
        if (table.controller.human_to_act and table.accepts_choice) or app.top is not table:
            drawn_if_skipped(app, frame)
            return
        table.controller.wait_for_computer(dt)
        unseen_frame(app, dt)
    raise AssertionError("the human was never asked")


def card_click(table: TableScene, c: Card) -> tuple[int, int]:
    """A point on the visible strip of ``c`` in the fanned hand."""
    rect = dict(table.hand_layout())[c]
    return rect.x + 12, rect.y + 30


def press_button(app: App, table: TableScene, label: str) -> None:
    button = next(b for b in table.bid_panel.buttons if b.label() == label)
    app.step(DT, click(app, button.rect.center))


def labels(table: TableScene) -> list[str]:
    return [b.label() for b in table.bid_panel.buttons]


def human_turn(app: App, table: TableScene) -> None:
    """Answer the human's turn the way a player would: bids by buttons, cards by clicks
    (to play, or for the tarot écart).  The human takes whenever he may."""
    controller, tr = table.controller, app.texts.tr  # the labels in the app's language
    legal = controller.human_legal()
    playable = sorted(controller.legal_cards(), key=lambda c: c.code)
    if table.ecart.active:  # set the cards aside one click at a time, then confirm
        while not table.ecart.confirm.enabled:
            choice = min(table.ecart.allowed(), key=lambda c: c.code)
            app.step(DT, click(app, card_click(table, choice)))
        app.step(DT, click(app, table.ecart.confirm.rect.center))
    elif playable:
        app.step(DT, click(app, card_click(table, playable[0])))
    elif tr("bid.take") in labels(table):
        press_button(app, table, tr("bid.take"))
    elif tr("tarot.prise") in labels(table):
        press_button(app, table, tr("tarot.prise"))
    elif ExchangeSeven() in legal:
        press_button(app, table, tr("bid.exchange"))
    elif any(isinstance(a, Bid) for a in legal) and controller.match.deal.contract is None:
        value = table.bid_panel.buttons[0]  # the lowest value, then the first suit
        app.step(DT, click(app, value.rect.center))
        suit = next(b for b in table.bid_panel.buttons if b.icon is not None)
        app.step(DT, click(app, suit.rect.center))
    elif tr("bid.pass") in labels(table):
        press_button(app, table, tr("bid.pass"))
    elif DeclineChelem() in legal:  # garde sans or contre: the chelem beside the play
        button = next(b for b in table.play_buttons() if b.label() == tr("tarot.no_chelem"))
        app.step(DT, click(app, button.rect.center))
    elif table.bid_panel.buttons:  # the tarot king call
        app.step(DT, click(app, table.bid_panel.buttons[0].rect.center))
    else:  # an announcement before the first card
        button = table.play_buttons()[0]
        app.step(DT, click(app, button.rect.center))


def play_to_score_sheet(app: App, table: TableScene, limit: int = 400) -> None:
    for _ in range(limit):
        run_until_human(app, table)
        if isinstance(app.top, ScoreSheet | MatchEnd):
            see_the_sheet(app, app.top)
            return
        before = table.controller.actions_applied
        human_turn(app, table)
        assert table.controller.actions_applied > before, "the human's choice was lost"
    raise AssertionError("no score sheet")


def see_the_sheet(app: App, sheet: ScoreSheet | MatchEnd, dt: float = DT) -> None:
    """Frames until the sheet's buttons take a click (a click sooner is swallowed)."""
    frame = 0
    while not sheet.grace.ready:
        unseen_frame(app, dt)
        frame += 1
    drawn_if_skipped(app, frame)


def play_again_confirmed(app: App, sheet: ScoreSheet) -> TableScene:
    """"Play this deal again" on the score sheet, answered "Abandon": the new table."""
    app.step(DT, click(app, sheet.again_button.rect.center))
    app.step(DT, [])
    dialog = app.top
    assert isinstance(dialog, ConfirmDialog)
    app.step(DT, click(app, dialog.yes.rect.center))
    app.step(DT, [])
    again = app.top
    assert isinstance(again, TableScene)
    return again


def to_card_play(app: App, table: TableScene, limit: int = 60) -> None:
    """Answer the human's turns until he is asked for a card."""
    for _ in range(limit):
        run_until_human(app, table)
        if table.controller.legal_cards():
            return
        human_turn(app, table)
    raise AssertionError("the human was never asked for a card")


def wait_for_hint(app: App, table: TableScene, timeout: float = 30) -> None:
    """The hint asked for, once the Expert has thought (waiting on its worker, not on
    the clock), then one frame to show it."""
    assert table.controller._hint.wait(timeout), "no hint was asked, or it took too long"
    app.step(DT, [])


def run_until(app: App, table: TableScene, done: Callable[[], bool], limit: int = 3000) -> None:
    """Frames (the human answering his turns) until ``done()``."""
    skipped = 0
    for _ in range(limit):
        if done():
            drawn_if_skipped(app, skipped)
            return
        if table.controller.human_to_act and table.accepts_choice:
            drawn_if_skipped(app, skipped)
            skipped = 0
            human_turn(app, table)
        else:
            table.controller.wait_for_computer(DT)
            unseen_frame(app)
            skipped += 1
    raise AssertionError("never came")


def ask_note(app: App, table: TableScene, pos: tuple[int, int]) -> str | None:
    """A click at ``pos`` (a call's row, bubble or the contract box), then the frame
    that shows its note once the AI's worker read the call: the note."""
    history = table.bid_history
    app.step(DT, click(app, pos))
    if history.asked is not None:
        assert soon(lambda: history.note is not None, 30), "the call was never read"
    app.step(DT, [])
    return history.note
