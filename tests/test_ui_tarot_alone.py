"""Tarot at five: when the called king comes out of the chien, or the taker called a
king of his own hand, the table tells the taker (and the others) that he plays alone,
under the écart's prompt and in the contract box, and the score sheet says it."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.engine.match import Match
from game.engine.rules import TarotRules
from game.engine.tarot_actions import CallKing, TarotBid, TarotPass
from game.engine.tarot_scoring import Contract
from game.ui.app.app import App
from game.ui.scenes.setup import GameConfig, SeatConfig
from game.ui.table.scene import TableScene
from tests.table_driver import DT
from tests.words import ENGLISH
from tools.eye_checks import look, problems

RULES = TarotRules(players=5)


def called_match(taker: int, king_in: str) -> tuple[Match, CallKing]:
    """A match at five where ``taker`` bids a garde, the others pass, and the king he
    calls is in the chien (``king_in`` "chien") or in his hand ("hand")."""
    for deal in range(1, 400):
        match, _ = Match.new(RULES, deal, deal)
        deal_state = match.deal
        chien, hand = deal_state.chien, deal_state.hands[taker]
        place = chien if king_in == "chien" else hand
        while match.current_player is not None and match.current_player != taker \
                and TarotPass() in match.legal_actions():
            match, _ = match.apply(TarotPass())
        if match.current_player != taker:
            continue
        match, _ = match.apply(TarotBid(Contract.GARDE))
        while TarotPass() in match.legal_actions():
            match, _ = match.apply(TarotPass())
        call = next((a for a in match.legal_actions() if isinstance(a, CallKing)
                     and a.card in place), None)
        if call is not None:
            return match, call
    raise AssertionError("no deal of the first 400 has such a king")


def opened(app: App, match: Match) -> TableScene:
    seats = (SeatConfig(human=True), *(SeatConfig() for _ in range(RULES.players - 1)))
    table = TableScene(app, GameConfig(RULES, seats, 1), match)
    app.push(table)
    for _ in range(120):
        app.step(DT, [])
    return table


def test_the_taker_whose_called_king_was_in_the_chien_is_told_he_plays_alone(
        app: App) -> None:
    match, call = called_match(0, "chien")
    match, _ = match.apply(call)
    table = opened(app, match)
    assert table.ecart.active
    said = ENGLISH.tr("tarot.alone_chien")
    assert table.message_text().split("\n")[-1] == said
    assert table.message_text().startswith("Écart")
    shown = {text.words for text in look(app).texts}
    assert any(words.startswith("Taken by") and words.endswith(", alone") for words in shown)
    assert said in shown
    assert problems(look(app), "alone at the écart") == []


def test_a_king_of_ones_own_hand_called_is_said_too(app: App) -> None:
    match, call = called_match(0, "hand")
    match, _ = match.apply(call)
    table = opened(app, match)
    assert table.ecart.active
    assert table.message_text().split("\n")[-1] == ENGLISH.tr("tarot.alone_own")


def test_the_defenders_are_told_the_taker_plays_alone() -> None:
    from game.ui.table.model import TableModel
    from game.ui.table.words import alone_words

    match, call = called_match(2, "chien")
    match, events = match.apply(call)
    model = TableModel(players=5, viewer=0, target=0, game="tarot")
    model.taker, model.called = 2, call.card
    for event in events:
        model.apply(event)
    assert alone_words(ENGLISH, model, {2: "North"}.__getitem__) == \
        "The called king was in the chien: North plays alone, one against four."
