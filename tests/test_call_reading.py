""""What does this call show?": a coinche call read the way the Expert weighs its deals
(``calls.call_misfit``), from the asking seat's cards only, reproducibly; worded as what
the computers read, with how often; and shown by a click on the bid history."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import threading
from typing import Any

import pytest

import game.ui.table.scene
from game.ai.call_reading import DRAWS, read_call
from game.engine.actions import Bid, Pass
from game.engine.cards import Suit
from game.engine.match import Match
from game.engine.rules import CoincheRules
from game.engine.trick_view import TrickView
from game.lessons.run import legal_with_token
from game.ui.app.app import App
from game.ui.app.smoke import click
from game.ui.table.call_words import call_shown, call_words
from tests.table_driver import DT, ask_note, run_until_human, start_table
from tests.words import ENGLISH, FRENCH
from tools.eye_checks import look, problems


def after(tokens: list[str], deal: int = 1122) -> TrickView:
    match, _ = Match.new(CoincheRules(), deal, deal)
    for word in tokens:
        match, _ = match.apply(legal_with_token(match, word))
    view = match.view(0).deal
    assert isinstance(view, TrickView)
    return view


def test_a_higher_bid_reads_as_more_trumps_and_the_same_read_twice() -> None:
    low = read_call(after(["Bid 80 2 suit"]), 0, 7)
    high = read_call(after(["Bid 120 2 suit"]), 0, 7)
    assert low is not None and high is not None
    assert low.call == Bid(80, Suit.DIAMONDS) and high.seat == 3
    assert 0 < high.fitted < low.fitted <= DRAWS  # a higher bid fits fewer hands
    assert high.jack is not None and low.jack is not None
    assert high.trumps >= low.trumps and high.jack > low.jack
    assert read_call(after(["Bid 120 2 suit"]), 0, 7) == high  # reproducible


def test_a_pass_reads_as_few_top_trumps_and_the_players_own_call_is_not_read() -> None:
    view = after(["Pass"], deal=1046)  # West passes first
    reading = read_call(view, 0, 3)
    assert reading is not None and reading.call == Pass()
    assert reading.jack_and_nine < 0.5
    player = after(["Pass", "Bid 90 3 suit"], deal=1046)
    assert player.bids[1][0] == 0 and read_call(player, 1, 3) is None


def test_the_words_say_what_the_computers_read_in_both_languages() -> None:
    reading = read_call(after(["Bid 90 2 suit"]), 0, 1122)
    assert reading is not None
    words = call_words(ENGLISH, reading, "West")
    assert words.startswith("West, 90 diamonds: in the hands that fit the call (")
    assert "the computers read about" in words
    assert f"{reading.fitted} of {DRAWS}" in words
    assert "les ordinateurs lisent" in call_words(FRENCH, reading, "Ouest")


def test_a_click_on_a_call_in_the_bid_history_shows_what_it_shows(app: App) -> None:
    table = start_table(app, CoincheRules(), seed=1, first_deal=1122)  # West opens 90
    run_until_human(app, table)
    row = table.bid_history.rect()
    assert row is not None
    ask_note(app, table, (row.centerx, row.y + 26 + 5))
    view = table.controller.human_view().deal
    assert table.bid_history.note == call_shown(ENGLISH, view, 0, table.model.deal_seed,
                                                table.bid_history.seats.name)
    assert table.bid_history.note is not None and "90" in table.bid_history.note
    assert problems(look(app), "call note") == []
    app.step(DT, click(app, (640, 150)))  # elsewhere: the note goes
    assert table.bid_history.note is None


def test_a_trump_the_player_holds_is_said_seen_not_zero_percent() -> None:
    view = after(["Bid 80 1 suit"], deal=1101)  # the player holds the 9 of hearts, not the jack
    reading = read_call(view, 0, 5)
    assert reading is not None and reading.seat != 0 and reading.call == Bid(80, Suit.HEARTS)
    assert reading.nine is None and reading.jack is not None and reading.jack > 0
    words = call_words(ENGLISH, reading, "West")
    assert "not the 9 of hearts (you see where it is)" in words
    assert "the jack of hearts in" in words and "0%" not in words
    assert "pas le 9 de cœur (vous voyez où il est)" in call_words(FRENCH, reading, "Ouest")


def test_the_call_is_read_in_the_ai_s_worker_and_the_note_shows_when_ready(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The reading (tens of milliseconds) never runs in a frame: the click's frame goes
    on at once, and the note appears once the worker has read the call."""
    readers: list[str] = []
    release = threading.Event()

    def held(*args: Any) -> str | None:
        readers.append(threading.current_thread().name)
        assert release.wait(30)
        return call_shown(*args)

    monkeypatch.setattr(game.ui.table.scene, "call_shown", held)
    table = start_table(app, CoincheRules(), seed=1, first_deal=1122)  # West opens 90
    run_until_human(app, table)
    row = table.bid_history.row_rect(0)
    assert row is not None
    app.step(DT, click(app, row.center))  # returns while the reading waits
    app.step(DT, [])
    assert table.bid_history.asked == ("row", 0) and table.bid_history.note is None
    release.set()
    note = ask_note(app, table, row.center)
    assert note is not None and "90" in note
    assert readers and all(name.startswith("atout-ai") for name in readers)
