""""What does this call show?" in the deal review: a click on a computer's call in the
review's list of calls reads it as the table does, for the position at that call (the
player's view just after it, not the deal's end), lit under the mouse, in both
languages; the player's own call is not read."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random

import pygame

from game.ai import Level, decide
from game.engine.match import Match
from game.engine.rules import TarotRules
from game.engine.tarot_actions import TarotBid, TarotPass
from game.engine.tarot_scoring import Contract
from game.ui.app.app import App
from game.ui.app.smoke import click, motion
from game.ui.kit import widgets
from game.ui.scenes.replay import ReplayScene
from game.ui.table.call_words import call_shown
from tests.table_driver import DT
from tests.words import ENGLISH, FRENCH
from tools.eye_checks import look, problems

DEAL = 5  # tarot at four: North speaks first
OPENING = (TarotPass(), TarotBid(Contract.GARDE))  # North passes, West says Garde


def played_deal(rules: TarotRules, deal: int) -> Match:
    """A match whose first deal opens with ``OPENING``, the computers playing the rest
    to its score."""
    match, _ = Match.new(rules, deal, deal)
    for action in OPENING:
        match, _ = match.apply(action)
    rng = random.Random(deal)
    while not match.history:
        seat = match.current_player
        assert seat is not None
        match, _ = match.apply(decide(match.view(seat), Level.CONFIRME, rng).action)
    return match


def test_a_computers_call_in_the_review_is_lit_and_read_as_it_was_then(app: App) -> None:
    rules = TarotRules(players=4)
    match = played_deal(rules, DEAL)
    replay = ReplayScene.of_last_deal(app, match)
    assert replay is not None
    assert [seat for seat, _ in replay.story.bids[:2]] == [2, 3]  # North, West
    app.push(replay)
    app.step(DT, [])
    garde = replay.calls.spot(1)
    app.step(DT, [motion(app, garde)])
    assert replay.calls.hover == 1 and widgets._POINTER["cursor"] == pygame.SYSTEM_CURSOR_HAND
    app.step(DT, click(app, garde))
    then, _ = Match.new(rules, DEAL, DEAL)
    for action in match.actions[:2]:  # the position just after West's Garde
        then, _ = then.apply(action)
    note = replay.calls.note
    assert note == call_shown(ENGLISH, then.view(0).deal, 1, DEAL, replay.name)
    assert note is not None and note.startswith("West, Garde. In the hands the computers weigh")
    at_the_end = call_shown(ENGLISH, match.replay(rules, DEAL, match.actions[:-1], DEAL)
                            .view(0).deal, 1, DEAL, replay.name)
    assert note != at_the_end  # the cards seen later do not change what the call showed
    assert problems(look(app), "review call note") == []

    south = next(i for i, (seat, _) in enumerate(replay.story.bids) if seat == 0)
    app.step(DT, [motion(app, replay.calls.spot(south))])  # the player's own call: not read
    assert replay.calls.hover is None and widgets._POINTER["cursor"] == pygame.SYSTEM_CURSOR_ARROW
    app.step(DT, click(app, replay.calls.spot(south)))
    assert replay.calls.note is None

    app.choose_language("fr")
    app.step(DT, click(app, replay.calls.spot(0)))
    passed, _ = Match.new(rules, DEAL, DEAL)
    passed, _ = passed.apply(TarotPass())
    assert replay.calls.note == call_shown(FRENCH, passed.view(0).deal, 0, DEAL, replay.name)
    assert replay.calls.note is not None and replay.calls.note.startswith("Nord passe.")
    assert problems(look(app), "review call note, French") == []


def test_at_five_mid_deal_the_note_covers_no_hand_nor_name(app: App) -> None:
    """The top left holds North-West's hand at five: the note goes where nothing is
    (the eye checks find a name covered)."""
    replay = ReplayScene.of_last_deal(app, played_deal(TarotRules(players=5), DEAL))
    assert replay is not None
    app.push(replay)
    right = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")
    app.step(DT, [right, right, right])
    assert replay.step == 3
    west = max(i for i, (seat, _) in enumerate(replay.story.bids) if seat != 0)
    app.step(DT, click(app, replay.calls.spot(west)))
    assert replay.calls.note is not None
    assert problems(look(app), "review call note at five") == []


def test_each_call_that_reads_shows_its_question_mark_on_a_gold_chip(app: App) -> None:
    """The review's "?" looks like the table's: dark on a gold chip wider than the mark,
    one on each call a click reads."""
    match = played_deal(TarotRules(players=4), DEAL)
    replay = ReplayScene.of_last_deal(app, match)
    assert replay is not None
    app.push(replay)
    app.step(DT, [])
    marks = [shown for shown in look(app).texts if shown.words == "?"]
    readable = [i for i in range(replay.calls.first(), len(replay.calls.bids))
                if replay.calls.readable(i)]
    assert len(marks) == len(readable) >= 2
    for mark in marks:
        x, y = mark.rect.center
        for side in (x - 7, x + 7):  # beside the mark's ink: the chip
            assert tuple(app.screen.get_at((side, y)))[:3] == widgets.GOLD
        assert replay.calls.rect().contains(mark.rect)


def test_the_call_read_opens_beside_its_row(app: App) -> None:
    """The calls are at the bottom left: the note opens by the row clicked, not across
    the screen at the top left, at four and at five (the hands at the first trick; mid-
    deal at five the trick leaves no room there: the other test)."""
    from game.ui.table.layout import gap

    right = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")
    for players, steps in ((4, 0), (5, 0)):
        replay = ReplayScene.of_last_deal(app, played_deal(TarotRules(players=players), DEAL))
        assert replay is not None
        app.push(replay)
        app.step(DT, [right] * steps)
        west = max(i for i, (seat, _) in enumerate(replay.story.bids) if seat != 0)
        app.step(DT, click(app, replay.calls.spot(west)))
        placed = replay.calls.note_place(replay.in_sight())
        assert placed is not None
        lines, box = placed
        assert " ".join(lines) == replay.calls.note
        row = replay.calls.row_rect(west)
        # the nearest free room: beside the list, or just above the player's hand (the
        # tarot hands fill the bottom row); never the top of the screen
        assert gap(box, row) <= 160 and box.bottom > 360, (players, box)
        assert box.collidelist(replay.in_sight()) < 0
        drawn = {shown.words for shown in look(app).texts}
        assert set(lines) <= drawn
        assert problems(look(app), f"review call note at {players}") == []
        app.pop()
