"""What the table's boxes and labels say, in French and English: the match's real end
in the score box, the bergère for information only."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.engine.rules import BeloteRules, TarotRules
from game.ui.app.app import App
from tests.table_driver import DT, run_until, start_table
from tests.words import ENGLISH, FRENCH, tr


def test_the_score_box_shows_how_the_match_ends(app: App) -> None:
    tarot = start_table(app, TarotRules(players=4, deals=8), seed=2)
    assert tarot.score.title() == "Score (deal 1/8)"
    app.choose_language("fr")
    assert tarot.score.title() == "Score (donne 1/8)"
    app.choose_language("en")
    app.pop()
    tarot.dispose()
    to_points = start_table(app, TarotRules(players=4, deals=None, target=500), seed=2)
    assert to_points.score.title() == "Score (to 500)"


def test_the_bergere_is_labelled_for_information_only(app: App) -> None:
    table = start_table(app, BeloteRules(players=3), seed=4)
    run_until(app, table, lambda: table.model.bergere is not None)
    words = [label for label, _ in table.centre.labels()]
    assert words[-2:] == ["Bergère", "information only"]  # the note under its name


def test_the_king_call_buttons_begin_with_a_capital() -> None:
    from game.ui.table.bidding import _card

    assert _card(ENGLISH, "RS")() == "King of spades"
    assert _card(FRENCH, "RS")() == "Roi de pique"


def test_the_belote_sheet_names_the_trump(app: App) -> None:
    from game.engine.cards import Suit
    from game.ui.scenes.breakdown import deal_words
    from tests.table_driver import play_to_score_sheet

    table = start_table(app, BeloteRules(), seed=3)
    play_to_score_sheet(app, table)
    record = table.model.record
    assert record is not None and record.result.facts is not None
    trump = record.result.facts.trump  # type: ignore[attr-defined]
    assert trump is not None and trump.suit in Suit
    words = deal_words(ENGLISH, record, table.side_name, with_result=False)
    assert tr(f"suit.{trump.suit.letter}") in words


def test_the_player_types_his_name_and_the_table_and_sheets_show_it(app: App) -> None:
    import pygame

    from game.ui.app.smoke import click
    from game.ui.scenes.settings import SettingsScene

    def typed(char: str) -> pygame.event.Event:
        return pygame.event.Event(pygame.KEYDOWN, key=0, mod=0, unicode=char)

    settings = SettingsScene(app)
    app.push(settings)
    app.step(DT, [])
    app.step(DT, click(app, settings.name_field.rect.center))
    app.step(DT, [typed(c) for c in "Léa"])
    app.step(DT, [typed("\x07")])  # a control character is refused, said why
    assert settings.name_field.error == "entry.printable_only"
    assert app.settings.player_name == "Léa"
    app.step(DT, [typed(c) for c in "abcdefghijkl"])  # past twelve: refused
    assert app.settings.player_name == "Léaabcdefghi" and settings.name_field.error
    for _ in range(9):
        app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0,
                                         unicode="")])
    assert app.settings.player_name == "Léa"
    app.pop()
    app.step(DT, [])
    table = start_table(app, BeloteRules(players=3), seed=3)
    assert table.side_name(0) == "Léa"  # the score box and the sheets' columns
    assert table.seat_name(0) == "Léa"
    assert table.side_name(1) != "Léa"


def test_without_a_name_the_player_is_you(app: App) -> None:
    table = start_table(app, BeloteRules(players=3), seed=3)
    assert table.side_name(0) == "You"
