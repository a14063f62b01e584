"""Belote classique with sans-atout / tout-atout: the second round offers them as buttons
and a click takes them (headless, real clicks)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.engine.protocol import Phase
from game.engine.rules import BeloteRules
from game.engine.tricks import NO_TRUMP
from game.ui.app.app import App
from tests.table_driver import DT, labels, press_button, run_until_human, start_table
from tests.words import tr

# Seed 3, deal number 2: the computers (Confirmé) pass both rounds before the human
# speaks in round 2 (found once by playing their bids; asserted below).
SEED, DEAL = 3, 2


def test_the_second_round_offers_sans_atout_and_tout_atout_buttons(app: App) -> None:
    table = start_table(app, BeloteRules(sans_atout_tout_atout=True), SEED, DEAL)
    run_until_human(app, table)
    assert tr("bid.take") in labels(table)  # round 1
    press_button(app, table, tr("bid.pass"))
    run_until_human(app, table)
    deal = table.controller.match.deal
    assert deal.round == 2  # type: ignore[union-attr]
    shown = labels(table)
    assert tr("trump.no_trump_short") in shown and tr("trump.all_trump_short") in shown
    for button in table.bid_panel.buttons:  # six buttons, inside the panel
        assert table.bid_panel.rect.contains(button.rect)
    if os.environ.get("ATOUT_SHOT"):
        import pygame

        app.step(DT, [])
        pygame.image.save(app.screen, os.environ["ATOUT_SHOT"])
    press_button(app, table, tr("trump.no_trump_short"))
    for _ in range(100):
        if table.controller.match.deal.phase is Phase.PLAY:
            break
        table.controller.wait_for_computer(DT)
        app.step(DT, [])
    deal = table.controller.match.deal
    assert deal.trump is NO_TRUMP and deal.taker == 0


def test_without_the_option_the_second_round_has_no_such_buttons(app: App) -> None:
    table = start_table(app, BeloteRules(), SEED, DEAL)
    run_until_human(app, table)
    press_button(app, table, tr("bid.pass"))
    run_until_human(app, table)
    assert table.controller.match.deal.round == 2  # type: ignore[union-attr]
    shown = labels(table)
    assert tr("trump.no_trump_short") not in shown and tr("bid.pass") in shown
