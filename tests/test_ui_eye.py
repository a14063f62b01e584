"""Every picture ``make screenshots`` takes passes the eye checks (tools/eye_checks.py):
no text out of its panel or button, nothing over anything else, every text and suit
symbol at 4.5:1 against what is behind it, no see-through panel, no catalogue key and
no word of the other language.  The scenes (each game's table and bidding panels, the
écart, the poignée, the score sheets, the score pad, the end of a match, the menu, the
set-up and its question, the settings, the rules, the statistics, the replay and the
review's analysis) in French and English; the slow run adds every game and player count
in both languages and hands, through the smallest window.  The table at every settled
moment of a deal, with the hint and the last trick, is checked by
tests/test_ui_overlaps.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine.cards import Suit, TrumpMode
from game.engine.games import GAMES
from game.engine.rules import CoincheRules
from game.engine.tricks import Trump
from game.i18n import Texts
from game.storage import Storage
from game.ui.app.app import App
from game.ui.app.window import MIN_WINDOW
from game.ui.kit.widgets import fitted_size, label_margin, text
from game.ui.scenes.setup import HELP_LEFT, HELP_SIZE, TABS_TOP, SetupScene, shown_options
from game.ui.table.words import hint_text
from tests.table_driver import DT, human_turn, run_until_human, start_table
from tests.words import tr
from tools.eye_checks import faint, look, problems
from tools.screenshots import take_all


@pytest.mark.parametrize("words", ["fr", "en"])
def test_every_scene_passes_the_eye_checks(words: str) -> None:
    photographer = take_all(None, words, matrix=False)
    assert photographer.problems == [], "\n".join(photographer.problems[:30])


@pytest.mark.slow
@pytest.mark.parametrize("words", ["fr", "en"])
def test_every_game_language_and_hand_passes_the_eye_checks_in_the_smallest_window(
        words: str) -> None:
    photographer = take_all(None, words, MIN_WINDOW, matrix=True)
    assert photographer.problems == [], "\n".join(photographer.problems[:30])


HELP_ROOM = 12  # the least room between a line's explanation and its button


@pytest.mark.parametrize("words", ["fr", "en"])
def test_every_tab_of_the_new_game_screen_passes_the_eye_checks(words: str,
                                                                tmp_path: Path) -> None:
    """Tried as a new player would (issue 43): at two players the "Cards" line's
    explanation ran under its button.  Every game, number of players and tab of the
    new-game screen, through the smallest window (the screenshots show only the
    presets)."""
    app = App(window_size=MIN_WINDOW, storage=Storage(tmp_path))
    app.choose_language(words)
    found: list[str] = []
    for game, entry in GAMES.items():
        for players in entry.players:
            setup = SetupScene(app)
            app.replace(setup)
            setup.set_game(game)
            setup.set_players(players)
            found += every_tab(app, setup, f"{game} at {players}")
            if "layout" in shown_options(setup.rules, "group.two_players"):
                setup.next_value("layout")  # the découverte's own lines
                found += every_tab(app, setup, f"{game} at {players}, découverte")
    assert found == [], "\n".join(found[:30])


def every_tab(app: App, setup: SetupScene, where: str) -> list[str]:
    found = []
    for group in setup.groups():
        setup.pick_group(group)
        app.step(DT, [])
        found += problems(look(app), f"{where}, {group}") + cramped(setup, f"{where}, {group}")
    return found


def cramped(setup: SetupScene, where: str) -> list[str]:
    """A tab whose word shrank to fit it (at two players six tabs shared the strip:
    "Jeu de la carte" went on two tiny lines), a line's explanation that runs to its
    button (the French découverte announcements' touched it)."""
    tabs = [b for b in setup.buttons if b.rect.y == TABS_TOP]
    found = [f"{where}: the tab {b.label()!r} shrinks" for b in tabs
             if fitted_size(b.label(), b.size, b.rect.width - 2 * label_margin(b.rect.width))
             < b.size]
    for row in setup.rows:
        end = row.button.rect.x - (HELP_LEFT + text(row.help, HELP_SIZE).get_width())
        if end < HELP_ROOM:
            found.append(f"{where}: {row.help!r} ends {end} px before its button")
    return found


@pytest.mark.parametrize("four_colour", [False, True], ids=["two colours", "four colours"])
def test_every_trump_symbol_in_the_contract_box_is_readable(app: App,
                                                            four_colour: bool) -> None:
    """Issue item 9: the black ♠ and ♣ were almost invisible on the contract box's dark
    panel; each suit's symbol now stands at 4.5:1 at least against what is behind it."""
    app.change_settings(four_colour=four_colour)
    app.apply_look()
    table = start_table(app, CoincheRules(), seed=1)
    model = table.model
    for suit in Suit:
        model.taker, model.contract_value = 1, 90
        model.trump = Trump(TrumpMode.SUIT, suit)
        picture = look(app)
        symbols = [drawn for drawn in picture.texts if drawn.words == suit.symbol]
        assert len(symbols) == 1, [drawn.words for drawn in picture.texts]
        assert faint(picture) == []


@pytest.mark.parametrize(("words", "opening"), [("en", "Queen of spades wins"),
                                                ("fr", "Dame de pique")])
def test_a_reason_that_opens_with_a_card_opens_with_a_capital(words: str,
                                                               opening: str) -> None:
    """The review's advice read "queen of spades gives the best result…"."""
    assert hint_text(Texts(words), "hint.win_trick", (("card", "♠Q"),)).startswith(opening)


def test_the_last_trick_hides_the_message_that_would_stick_out_of_it(app: App) -> None:
    """The message and the first-time note are wider than the last trick's panel: shown
    under it, their ends stuck out on both sides."""
    table = start_table(app, CoincheRules(), seed=1)
    for _ in range(60):
        run_until_human(app, table)
        if table.model.last_trick and table.controller.legal_cards():
            break
        human_turn(app, table)
    message = table.message_text()
    assert message
    assert message in [drawn.words for drawn in look(app).texts]
    table.toggle_last()
    shown = look(app)
    assert message not in [drawn.words for drawn in shown.texts]
    assert tr("table.last_trick") in [drawn.words for drawn in shown.texts]
    assert problems(shown, "last trick") == []
