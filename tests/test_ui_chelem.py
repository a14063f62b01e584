"""The tarot chelem is declared, never asked: no panel after a take.  With the écart
(prise, garde) the taker may announce it with a toggle beside "Valider l'écart"; with
garde sans or contre, two buttons beside the play.  Headless, with real mouse events."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.engine.rules import TarotRules
from game.engine.tarot import Step, TarotDeal
from game.ui.app.app import App
from game.ui.app.smoke import click
from game.ui.table.scene import TableScene
from tests.table_driver import DT, card_click, labels, press_button, run_until, start_table
from tests.words import tr


def deal_of(table: TableScene) -> TarotDeal:
    deal = table.controller.match.deal
    assert isinstance(deal, TarotDeal)
    return deal


def to_ecart(app: App) -> TableScene:
    """Match seed 1 at four: the human takes (Prise) and is asked for his écart."""
    table = start_table(app, TarotRules(players=4), seed=1)
    run_until(app, table, lambda: table.ecart.active and table.accepts_choice)
    assert deal_of(table).taker == 0
    return table


def lay_aside_the_ecart(app: App, table: TableScene) -> None:
    while not table.ecart.confirm.enabled:
        choice = min(table.ecart.allowed(), key=lambda c: c.code)
        app.step(DT, click(app, card_click(table, choice)))


def frames_to_the_play(app: App, table: TableScene, limit: int = 600) -> None:
    """Frames until the first card may be played, the bidding panel never shown."""
    for _ in range(limit):
        assert not table.bid_panel.visible, "a panel asks about the chelem"
        if deal_of(table).step is Step.PLAY and table.controller.idle:
            return
        table.controller.wait_for_computer(DT)
        app.step(DT, [])
    raise AssertionError("the play never began")


def test_no_question_after_a_take_the_play_goes_on(app: App) -> None:
    table = to_ecart(app)
    assert table.ecart.chelem.label() == tr("tarot.announce_chelem")
    lay_aside_the_ecart(app, table)
    app.step(DT, click(app, table.ecart.confirm.rect.center))
    frames_to_the_play(app, table)
    assert deal_of(table).chelem_announcer is None
    assert tr("tarot.announce_chelem") not in [b.label() for b in table.play_buttons()]


def test_the_chelem_announced_beside_the_ecart_reaches_the_engine(app: App) -> None:
    table = to_ecart(app)
    lay_aside_the_ecart(app, table)
    app.step(DT, click(app, table.ecart.chelem.rect.center))
    assert table.ecart.chelem.label() == tr("ecart.chelem_announced")
    app.step(DT, click(app, table.ecart.chelem.rect.center))  # changed his mind
    app.step(DT, click(app, table.ecart.chelem.rect.center))  # and back again
    assert deal_of(table).chelem_announcer is None  # nothing said before validating
    app.step(DT, click(app, table.ecart.confirm.rect.center))
    assert deal_of(table).chelem_announcer == 0
    frames_to_the_play(app, table)
    assert deal_of(table).turn == 0  # the announcer leads


def test_the_key_c_announces_the_chelem_beside_the_ecart(app: App) -> None:
    """The keyboard reaches the toggle too: C turns it on and off, Enter validates."""
    table = to_ecart(app)
    lay_aside_the_ecart(app, table)
    app.step(DT, [key_down(pygame.K_c)])
    assert table.ecart.chelem.label() == tr("ecart.chelem_announced")
    app.step(DT, [key_down(pygame.K_c)])
    assert table.ecart.chelem.label() == tr("tarot.announce_chelem")
    app.step(DT, [key_down(pygame.K_c)])
    app.step(DT, [key_down(pygame.K_RETURN)])
    assert deal_of(table).chelem_announcer == 0


def key_down(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")


def to_garde_sans(app: App) -> TableScene:
    """Match seed 1 at four: the human bids garde sans, so no écart comes before the play."""
    table = start_table(app, TarotRules(players=4), seed=1)
    run_until(app, table, lambda: table.bid_panel.visible and table.accepts_choice)
    assert tr("tarot.garde_sans") in labels(table)
    press_button(app, table, tr("tarot.garde_sans"))
    run_until(app, table, lambda: deal_of(table).step is Step.CHELEM and table.accepts_choice)
    return table


def test_garde_sans_offers_the_chelem_beside_the_play_not_in_a_panel(app: App) -> None:
    table = to_garde_sans(app)
    assert not table.bid_panel.visible
    assert table.message_text() == tr("tarot.chelem_choice")
    buttons = {b.label(): b for b in table.play_buttons()}
    assert set(buttons) == {tr("tarot.announce_chelem"), tr("tarot.no_chelem")}
    app.step(DT, click(app, buttons[tr("tarot.announce_chelem")].rect.center))
    assert deal_of(table).chelem_announcer == 0
    frames_to_the_play(app, table)


def test_garde_sans_played_without_a_chelem(app: App) -> None:
    table = to_garde_sans(app)
    button = next(b for b in table.play_buttons() if b.label() == tr("tarot.no_chelem"))
    app.step(DT, click(app, button.rect.center))
    frames_to_the_play(app, table)
    assert deal_of(table).chelem_announcer is None
