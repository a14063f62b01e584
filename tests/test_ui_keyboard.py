"""Every action from the keyboard: a player who only presses keys (H then Enter, the
arrows, Tab) finishes a deal of every game: the bids, the king call, the announcements,
the belote, the écart, the poignée, the cards; Tab rings the buttons of a panel, Esc
closes the last trick before it leaves for the menu, F1 opens the keys.  Headless, real
pygame key events, a fixed dt."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections import Counter

import pygame
import pytest

from game.engine.actions import Bid
from game.engine.match import AnyRules
from game.engine.rules import BeloteRules, CoincheRules, TarotRules
from game.engine.tarot_tricks import ecart_left
from game.ui.app.app import App
from game.ui.kit.assets import default_font
from game.ui.kit.drawlog import recording
from game.ui.kit.widgets import BUTTON_MARGIN, SMALLEST_LABEL, Button, label_margin
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.scoresheet import ScoreSheet
from game.ui.table.scene import TableScene
from tests.keyboard_driver import hint_then_enter, key, keyboard_turn, press
from tests.table_driver import (
    DT,
    ask_note,
    human_turn,
    run_until_human,
    see_the_sheet,
    start_table,
    to_card_play,
)


def keyboard_deal(app: App, table: TableScene) -> tuple[Counter[str], int]:
    """The player's every turn with H then Enter until the score sheet: what he did,
    by the kind of action, and how many cards he held at his first card."""
    done: Counter[str] = Counter()
    held = 0
    for _ in range(200):
        run_until_human(app, table)
        if isinstance(app.top, ScoreSheet):
            see_the_sheet(app, app.top)
            return done, held
        if not held and table.controller.legal_cards() and not table.ecart.active:
            held = len(table.model.hand)
        done.update(keyboard_turn(app, table, arrows=bool(held)))
    raise AssertionError("no score sheet")


# Each game, a deal (the seed) and what the hint has the player do in it from the keyboard
# besides his cards: an announcement, the take and the 7's exchange, a coinche bid, a
# tarot bid with its écart, and at five the king called too.
GAMES: list[tuple[AnyRules, int, set[str]]] = [
    (BeloteRules(), 4, {"Announce"}), (BeloteRules(players=3), 2, {"Pass"}),
    (BeloteRules(players=2), 2, {"Take", "ExchangeSeven"}), (CoincheRules(), 3, {"Bid"}),
    (TarotRules(players=3), 1, {"TarotPass"}), (TarotRules(), 2, {"TarotBid", "TarotDiscard"}),
    (TarotRules(players=5), 2, {"TarotBid", "CallKing", "TarotDiscard"}),
]


@pytest.mark.parametrize(("rules", "seed", "named"), GAMES,
                         ids=["belote", "belote3", "belote2", "coinche", "tarot3", "tarot4",
                              "tarot5"])
def test_a_keyboard_player_finishes_a_deal(app: App, rules: AnyRules, seed: int,
                                           named: set[str]) -> None:
    app.change_settings(expert_think=0.1)
    table = start_table(app, rules, seed=seed)
    done, held = keyboard_deal(app, table)
    assert isinstance(app.top, ScoreSheet)
    assert named <= set(done)
    if "TarotDiscard" in done:  # the whole écart set aside by the hint's cards
        assert done["TarotDiscard"] == ecart_left(rules.players, ())
    cards = sum(n for name, n in done.items() if name in ("PlayCard", "TarotPlayCard", "arrows"))
    assert held and cards == held  # every card of his hand played from the keyboard
    press(app, pygame.K_RETURN)  # the next deal, from the keyboard too
    app.step(DT, [])
    assert app.top is table


def test_enter_after_the_hint_makes_its_bid(app: App) -> None:
    app.change_settings(expert_think=0.1)
    table = start_table(app, CoincheRules(), seed=3)  # the hint bids 100 at hearts
    run_until_human(app, table)
    bids_before = len(table.model.bids)
    named = hint_then_enter(app, table)
    assert isinstance(named, Bid)  # its value picked, its suit rung, then pressed
    assert table.model.bids[bids_before][0] == 0
    assert named in table.controller.match.actions[-4:]  # the hint's bid was made


def test_tab_rings_the_bid_buttons_and_enter_presses_the_ringed_one(app: App) -> None:
    table = start_table(app, CoincheRules(), seed=3)
    run_until_human(app, table)
    press(app, pygame.K_TAB)
    assert table.bid_panel.focus == 0 and table.bid_panel.buttons[0].focused
    press(app, pygame.K_TAB)
    app.step(DT, [key(pygame.K_TAB, pygame.KMOD_SHIFT)])
    assert table.bid_panel.focus == 0
    app.step(DT, [key(pygame.K_TAB, pygame.KMOD_SHIFT)])  # round to "Pass" (the last)
    assert table.bid_panel.buttons[-1].focused
    assert [b.focused for b in table.bid_panel.buttons].count(True) == 1
    before = len(table.model.bids)
    press(app, pygame.K_SPACE)
    assert table.model.bids[before][0] == 0  # the ringed button pressed: the player's call


def test_tab_rings_the_ecart_buttons(app: App) -> None:
    app.change_settings(expert_think=0.1)
    table = start_table(app, TarotRules(players=3), seed=1)
    for _ in range(20):
        run_until_human(app, table)
        if table.ecart.active:
            break
        human_turn(app, table)
    assert table.ecart.active and not table.ecart.confirm.enabled
    press(app, pygame.K_TAB)  # "Valider" is off until the écart is complete
    assert table.ecart.focus == 1 and not table.ecart.chelem.selected
    press(app, pygame.K_RETURN)
    assert table.ecart.chelem.selected  # the chelem toggled from the keyboard
    press(app, pygame.K_RETURN)
    assert not table.ecart.chelem.selected


def test_escape_closes_the_last_trick_before_leaving(app: App) -> None:
    from game.ui.scenes.menu import MenuScene

    menu = MenuScene(app)
    app.replace(menu)
    app.step(DT, [])
    table = start_table(app, CoincheRules(), seed=3)
    to_card_play(app, table)
    while not table.model.last_trick:
        human_turn(app, table)
        run_until_human(app, table)
    press(app, pygame.K_l)
    assert table.show_last
    press(app, pygame.K_ESCAPE)
    app.step(DT, [])
    assert not table.show_last and app.top is table
    press(app, pygame.K_ESCAPE)
    app.step(DT, [])
    assert app.top is menu


def test_f1_opens_the_keys_and_enter_comes_back(app: App) -> None:
    table = start_table(app, CoincheRules(), seed=3)
    press(app, pygame.K_F1)
    app.step(DT, [])
    shown = app.top
    assert isinstance(shown, RulesScene) and shown.pages[shown.page] == "rules.keys"
    press(app, pygame.K_RETURN)
    app.step(DT, [])
    assert app.top is table


@pytest.mark.parametrize("words", ["Announce: tierce, tierce", "Annoncer : tierce, tierce",
                                   "Announce: four of a kind, four of a kind"])
def test_a_long_label_keeps_a_margin_inside_its_button(app: App, words: str) -> None:
    """"Announce: tierce, tierce" no longer fills its button edge to edge."""
    rect = pygame.Rect(836, 504, 210, 42)  # a play button's
    button = Button(rect, lambda: words, lambda: None, size=26)
    with recording(app.screen) as log:
        button.draw(app.screen)
    drawn = [t for t in log.texts if t.words in words]
    assert " ".join(t.words for t in drawn) == words  # every word, on one line or two
    for text in drawn:
        assert text.rect.left >= rect.left + BUTTON_MARGIN
        assert text.rect.right <= rect.right - BUTTON_MARGIN
        assert rect.top <= text.rect.top and text.rect.bottom <= rect.bottom


def test_escape_closes_a_calls_note_before_leaving(app: App) -> None:
    """A call of the bid history clicked (what the computers read from it): Esc closes
    its note, the table stays."""
    table = start_table(app, CoincheRules(), seed=3)  # North and West call before him
    run_until_human(app, table)
    row = table.bid_history.row_rect(len(table.model.bids) - 1)
    assert row is not None
    assert ask_note(app, table, row.center) is not None  # read by the AI's worker
    press(app, pygame.K_ESCAPE)
    app.step(DT, [])
    assert table.bid_history.note is None and app.top is table


def test_a_poignee_is_shown_from_the_keyboard(app: App) -> None:
    """Tab rings the poignée's size, Enter opens its chooser with "Show" rung, Enter
    shows it."""
    from game.engine.tarot import ShowPoignee

    table = start_table(app, TarotRules(players=5), seed=1, first_deal=1032)
    for _ in range(40):
        run_until_human(app, table)
        if any(isinstance(a, ShowPoignee) for a in table.controller.human_legal()):
            break
        human_turn(app, table)
    sizes = [i for i, (a, _) in enumerate(table.play.actions()) if isinstance(a, ShowPoignee)]
    assert sizes
    for _ in range(sizes[0] + 1):
        press(app, pygame.K_TAB)
    assert table.play.focus == sizes[0]
    press(app, pygame.K_RETURN)
    assert table.poignee.active and table.play.focus == 0 and table.play.buttons()[0].focused
    before = table.controller.actions_applied
    press(app, pygame.K_RETURN)
    assert table.controller.actions_applied == before + 1 and not table.poignee.active
    assert isinstance(table.controller.match.actions[-1], ShowPoignee)


def test_a_narrow_buttons_word_stays_readable_inside_it(app: App) -> None:
    """A bid's value ("Capot") on a narrow button: the margin shrinks, never the text below
    the readable size (``SMALLEST_LABEL``), and the word stays inside the button."""
    rect = pygame.Rect(500, 270, 64, 36)
    button = Button(rect, lambda: "Capot", lambda: None, size=24)
    with recording(app.screen) as log:
        button.draw(app.screen)
    [text] = [t for t in log.texts if t.words == "Capot"]
    assert label_margin(rect.width) < BUTTON_MARGIN
    assert text.ink.get_height() >= default_font(SMALLEST_LABEL).size("Capot")[1] - 2
    assert rect.left <= text.rect.left and text.rect.right <= rect.right
