"""The screens that help the player: statistics, the replay of the last deal, deal
numbers (shown, typed, played again), the language "automatic", the bidding history and
the Announce button's words.  Headless, real pygame events, state and pixels."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.engine.cards import from_code
from game.engine.match import Match, deal_bounds
from game.engine.protocol import Phase
from game.engine.rules import BeloteRules, CoincheRules, TarotRules
from game.i18n import system_language
from game.storage import Storage
from game.ui.app.app import App
from game.ui.app.smoke import click
from game.ui.kit.drawlog import recording
from game.ui.kit.entry import parse_deal_number
from game.ui.kit.widgets import GLOW, text
from game.ui.scenes.dialog import ConfirmDialog
from game.ui.scenes.replay import ReplayScene, deal_story, led_anchor
from game.ui.scenes.scoresheet import ScoreSheet
from game.ui.scenes.stats import TABS, StatsScene
from game.ui.stage.scene import Scene
from game.ui.table.controller import GameConfig, SeatConfig
from game.ui.table.glossary import NOTE_TIME, TERMS, FirstTimeNotes, terms_of
from game.ui.table.model import say_action
from game.ui.table.scene import TableScene
from tests.table_driver import (
    DT,
    animate_at,
    human_turn,
    play_again_confirmed,
    play_to_score_sheet,
    run_until_human,
    start_table,
)
from tests.words import ENGLISH, FRENCH, tr


def key(code: int, char: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=char)


def random_match(rules: CoincheRules | BeloteRules | TarotRules, deals: int = 1) -> Match:
    """A match played by random legal moves until ``deals`` deals are scored."""
    rng = random.Random(7)
    match, _ = Match.new(rules, 21)
    while len(match.history) < deals and not match.is_over:
        match, _ = match.apply(rng.choice(match.legal_actions()))
    return match


# --- the replay ---------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [CoincheRules(), BeloteRules(players=3), TarotRules(players=5)],
                         ids=lambda r: f"{r.game}{r.players}")
def test_the_story_of_the_last_deal_follows_the_engine(
        rules: CoincheRules | BeloteRules | TarotRules) -> None:
    match = random_match(rules, deals=2)
    story = deal_story(match)
    assert story is not None and story.seed == match.history[-1].seed
    assert story.number == match.history[-1].number
    every = deal_bounds(match)
    assert len(every) == len(match.history) == 2
    bounds = every[-1]
    assert bounds[0] > 0  # the second deal, after the first
    first = deal_story(match, 0)
    assert first is not None and first.seed == match.history[0].seed
    # the engine's own record of the deal, just before its last action
    before_end = Match.replay(rules, match.seed, match.actions[:bounds[1] - 1])
    view = before_end.deal.view(0)
    assert [seat for seat, _ in story.bids] == [seat for seat, _ in view.bids]
    assert [say for _, say in story.bids] == [say_action(action) for _, action in view.bids]
    done_tricks: tuple[Any, ...] = view.tricks
    for done, trick in zip(done_tricks, story.tricks, strict=False):
        assert trick.winner == done.winner
        assert [c for _, c in trick.plays] == [c for _, c in done.plays]
    hand_size = len(story.hands[0])
    assert len(story.tricks) == hand_size
    assert all(len(trick.plays) == rules.players for trick in story.tricks)
    everyone = [c for hand in story.hands for c in hand]  # every hand, face up
    played = [c for trick in story.tricks for _, c in trick.plays]
    assert len(everyone) == len(set(everyone)) and sorted(everyone) == sorted(played)
    remaining = [sum(len(hand) for hand in trick.hands) for trick in story.tricks]
    assert remaining == [len(everyone) - rules.players * (i + 1) for i in range(hand_size)]
    assert story.model.taker is not None


def test_no_story_before_a_deal_is_over() -> None:
    match, _ = Match.new(CoincheRules(), 3)
    assert deal_story(match) is None


def test_the_replay_steps_trick_by_trick_with_keys_and_buttons(
        app: App, texts_drawn: list[str]) -> None:
    scene = ReplayScene.of_last_deal(app, random_match(CoincheRules()))
    assert scene is not None
    app.push(scene)
    app.step(DT, [])
    assert scene.step == 0 and scene.step_label() == tr("replay.start")
    app.step(DT, [key(pygame.K_LEFT)])
    assert scene.step == 0  # nothing before the start
    app.step(DT, [key(pygame.K_RIGHT)])
    app.step(DT, click(app, scene.buttons[1].rect.center))  # Next
    assert scene.step == 2
    trick = scene.trick()
    assert trick is not None and trick.winner is not None
    assert tr("replay.trick", number=2, count=8) in scene.step_label()
    # who led the trick: "Led" over the first card played, in gold
    first = trick.plays[0][0]
    assert tr("replay.led") in texts_drawn
    label = text(tr("replay.led"), 18).get_rect(**led_anchor(scene.spots[first].compass,
                                                             scene.trick_card(first)))
    drawn = {tuple(app.screen.get_at((x, y)))[:3]
             for x in range(label.left, label.right) for y in range(label.top, label.bottom)}
    assert GLOW in drawn  # beside the first card played
    # the winner's card is outlined: the ring's pixels are the glow colour
    from game.ui.scenes.replay import TRICK_CARD_WIDTH, TRICK_SPOTS

    spot = TRICK_SPOTS[scene.spots[trick.winner].compass]
    ring_x = spot[0] - TRICK_CARD_WIDTH // 2 - 2
    assert tuple(app.screen.get_at((ring_x, spot[1])))[:3] == GLOW
    loser = next(seat for seat, _ in trick.plays if seat != trick.winner)
    spot = TRICK_SPOTS[scene.spots[loser].compass]
    assert tuple(app.screen.get_at((spot[0] - TRICK_CARD_WIDTH // 2 - 2, spot[1])))[:3] != GLOW
    for _ in range(10):
        app.step(DT, [key(pygame.K_RIGHT)])
    assert scene.step == 8 and not scene.buttons[1].enabled
    app.step(DT, [key(pygame.K_ESCAPE)])
    app.step(DT, [])
    assert app.top is not scene


def test_the_score_sheet_reviews_the_deal_and_plays_it_again(
    app: App, texts_drawn: list[str]
) -> None:
    table = start_table(app, CoincheRules(), seed=8)
    play_to_score_sheet(app, table)
    sheet = app.top
    assert isinstance(sheet, ScoreSheet)
    record = table.model.record
    assert record is not None and record.seed == table.model.deal_seed
    app.step(DT, [])
    cached = set(texts_drawn)
    assert tr("sheet.title", number=record.number, seed=record.seed) in cached
    app.step(DT, click(app, sheet.review_button.rect.center))
    app.step(DT, [])
    replay = app.top
    assert isinstance(replay, ReplayScene) and replay.story.seed == record.seed
    app.step(DT, click(app, replay.buttons[2].rect.center))  # Back
    app.step(DT, [])
    assert app.top is sheet
    app.step(DT, click(app, sheet.again_button.rect.center))  # play this deal again
    app.step(DT, [])
    dialog = app.top  # the match goes on: asked first
    assert isinstance(dialog, ConfirmDialog)
    app.step(DT, click(app, dialog.no.rect.center))
    app.step(DT, [])
    assert app.top is sheet
    again = play_again_confirmed(app, sheet)
    assert again is not table
    assert again.config.first_deal == record.seed
    assert again.config.rules == table.config.rules and again.config.seats == table.config.seats
    assert again.controller.match.deal_number() == record.seed
    # the same four hands (coinche: no card changes hands before the first trick)
    dealt = [sorted(again.controller.match.deal.view(seat).hand) for seat in range(4)]
    assert sorted(dealt) == sorted(sorted(hand) for hand in replay.story.hands)
    again.dispose()


def test_the_table_shows_the_deal_number(app: App, texts_drawn: list[str]) -> None:
    table = start_table(app, CoincheRules(), seed=9)
    app.step(DT, [])
    number = table.controller.match.deal_number()
    assert table.model.deal_seed == number
    cached = set(texts_drawn)
    assert tr("table.deal_number", number=1, seed=number) in cached


# --- deal numbers typed in the new-game screen -------------------------------------------


@pytest.mark.parametrize(("text", "expected"), [
    ("", (None, None)), ("1", (1, None)), ("999999999", (999_999_999, None)),
    ("0", (None, "entry.range")), ("1000000000", (None, "entry.range")),
    ("12a", (None, "entry.digits_only")), ("-5", (None, "entry.digits_only")),
    ("١٢", (None, "entry.digits_only")),
])
def test_deal_numbers_are_parsed(text: str, expected: tuple[int | None, str | None]) -> None:
    assert parse_deal_number(text) == expected


def test_the_new_game_screen_plays_a_typed_deal_number(app: App, texts_drawn: list[str]) -> None:
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.setup import SetupScene

    menu = MenuScene(app)
    app.replace(menu)
    app.step(DT, [])
    setup = SetupScene(app)
    app.push(setup)
    app.step(DT, [])
    field = setup.deal_field
    app.step(DT, [key(pygame.K_1, "1")])
    assert field.focused and field.text == "1"  # a digit typed goes to the deal number
    app.step(DT, [key(pygame.K_BACKSPACE)])
    app.step(DT, click(app, (640, 40)))  # a click elsewhere: the field lets go
    assert not field.focused and field.text == ""
    app.step(DT, [key(pygame.K_x, "x")])
    assert field.text == "" and field.error is None  # not focused: a letter goes nowhere
    app.step(DT, click(app, field.rect.center))
    app.step(DT, [key(pygame.K_0, "0")])
    start = next(b for b in setup.buttons if b.label() == tr("setup.start"))
    app.step(DT, click(app, start.rect.center))
    app.step(DT, [])
    assert app.top is setup and field.error == "entry.range"  # 0 is refused
    app.step(DT, click(app, field.rect.center))
    app.step(DT, [key(pygame.K_BACKSPACE)])
    for char in "4x":
        app.step(DT, [key(pygame.K_0, char)])
    assert field.text == "4" and field.error == "entry.digits_only"
    cached = set(texts_drawn)
    assert tr("entry.digits_only") in cached  # the refusal is shown
    app.step(DT, [key(pygame.K_2, "2")])
    assert field.text == "42" and field.error is None
    for char in "1234567890":
        app.step(DT, [key(pygame.K_0, char)])
    assert field.text == "421234567" and field.error == "entry.range"  # nine digits at most
    app.step(DT, [key(pygame.K_RETURN)])
    app.step(DT, [])
    table = app.top
    assert isinstance(table, TableScene) and table.config.first_deal == 421_234_567
    assert table.controller.match.deal_number() == 421_234_567
    table.dispose()


# --- statistics ------------------------------------------------------------------------


def fill_stats(storage: Storage) -> None:
    stats = storage.stats
    match = random_match(CoincheRules(), deals=3)
    for record in match.history:
        stats.record_deal("coinche", 4, record.result, 0)
    stats.record_match("coinche", 4, (1200, 800), 0, 0, undo_used=True)
    storage.save_settings(storage.settings)
    storage.record_match("tarot", 5, (10, 20, -10, -10, -10), 1, 0)


def test_statistics_show_per_game_and_reset_after_confirmation(
    tmp_path: Path, texts_drawn: list[str]
) -> None:
    storage = Storage(tmp_path)
    fill_stats(storage)
    window = App(storage=storage)
    window.push(Scene(window))
    scene = StatsScene(window)
    window.push(scene)
    window.step(DT, [])
    coinche = storage.stats.of("coinche", 4)
    cached = set(texts_drawn)
    assert tr("stats.with_undo", score=1200) in cached  # the best score, marked
    assert coinche.deals_played == 3  # the three deals of fill_stats
    row = texts_drawn.index(tr("stats.deals_played"))
    assert texts_drawn[row + 1] == "3"  # the value drawn beside its label
    tarot = next(tab for tab in scene.tabs if tab.label() == tr("stats.tab",
                                                                game=tr("game.tarot"), players=5))
    window.step(DT, click(window, tarot.rect.center))
    window.step(DT, [])
    assert TABS[scene.tab] == ("tarot", 5)
    cached = set(texts_drawn)
    assert tr("tarot.garde_contre") in cached and tr("stats.chelems") in cached
    window.step(DT, click(window, scene.reset_button.rect.center))
    window.step(DT, [])
    dialog = window.top
    assert isinstance(dialog, ConfirmDialog)
    window.step(DT, click(window, dialog.no.rect.center))  # No: nothing is lost
    window.step(DT, [])
    assert window.top is scene and storage.stats.of("coinche", 4).matches_played == 1
    window.step(DT, click(window, scene.reset_button.rect.center))
    window.step(DT, [])
    dialog = window.top
    assert isinstance(dialog, ConfirmDialog)
    window.step(DT, click(window, dialog.yes.rect.center))
    window.step(DT, [])
    assert window.top is scene and not storage.stats.games
    assert not Storage(tmp_path).stats.games  # written to disk
    assert not scene.reset_button.enabled


def test_the_menu_reaches_the_statistics_and_the_last_deal(app: App) -> None:
    from game.ui.scenes.menu import MenuScene

    menu = MenuScene(app)
    app.replace(menu)
    app.step(DT, [])
    assert not menu.can_review
    app.step(DT, click(app, menu.buttons[3].rect.center))  # Statistics
    app.step(DT, [])
    assert type(app.top).__name__ == "StatsScene"
    app.step(DT, [key(pygame.K_ESCAPE)])
    app.step(DT, [])
    animate_at(app, 0.02)
    table = TableScene(app, _config(CoincheRules()))
    app.push(table)
    app.step(DT, [])
    play_to_score_sheet(app, table)
    record = table.model.record
    app.pop_to(MenuScene)
    app.step(DT, [])
    assert app.top is menu and menu.can_review
    app.step(DT, click(app, menu.review_button.rect.center))
    app.step(DT, [])
    replay = app.top
    assert isinstance(replay, ReplayScene) and record is not None
    assert replay.story.seed == record.seed
    table.dispose()


def _config(rules: CoincheRules) -> GameConfig:
    seats = (SeatConfig(human=True), *(SeatConfig() for _ in range(rules.players - 1)))
    return GameConfig(rules, seats, 3)


# --- language ------------------------------------------------------------------------------


def test_the_automatic_language_is_offered_and_kept(tmp_path: Path) -> None:
    from game.ui.scenes.settings import SettingsScene

    window = App(storage=Storage(tmp_path))
    window.push(SettingsScene(window))
    window.step(DT, [])
    scene = window.top
    assert isinstance(scene, SettingsScene)
    button = scene.rows[0][1]
    seen = set()
    for _ in range(3):
        window.step(DT, click(window, button.rect.center))
        seen.add(window.settings.language)
        if window.settings.language == "auto":
            break
    assert window.settings.language == "auto" and window.texts.language == system_language()
    assert button.label() == window.texts.tr("language.auto")
    window.step(DT, click(window, scene.back.rect.center))
    window.step(DT, [])
    assert Storage(tmp_path).settings.language == "auto"
    again = App(storage=Storage(tmp_path))
    assert again.settings.language == "auto" and again.texts.language == system_language()


# --- the table: bidding history, announce words --------------------------------------------


def test_the_bidding_history_lists_every_bid_in_order(app: App, texts_drawn: list[str]) -> None:
    table = start_table(app, CoincheRules(), seed=1)
    for _ in range(40):
        run_until_human(app, table)
        if len(table.controller.human_view().deal.bids) >= 4 or \
                table.controller.match.phase is not Phase.BIDDING:
            break
        human_turn(app, table)
    view = table.controller.human_view().deal
    assert [seat for seat, _ in table.model.bids] == [seat for seat, _ in view.bids]
    assert table.controller.match.phase is Phase.BIDDING  # match seed 1: still bidding
    rect = table.bid_history.rect()
    assert rect is not None
    with recording(app.screen) as drawn:
        app.step(DT, [])
    assert tr("table.bid_history") in texts_drawn
    assert ("panel", rect) in [(box.kind, box.rect) for box in drawn.boxes]  # drawn there


def test_the_announce_button_says_what_it_announces(app: App) -> None:
    table = start_table(app, CoincheRules(), seed=3)
    run_until_human(app, table)
    table.model.hand = [from_code(code) for code in ("7H", "8H", "9H", "AS", "AD")]
    assert table.play.announce_label()() == tr("table.announce_kinds", kinds=tr("kind.tierce"))
    app.choose_language("fr")
    assert table.play.announce_label()() == "Annoncer : tierce"
    app.choose_language("en")
    table.model.hand = [from_code(code) for code in ("7H", "9H", "JS")]
    assert table.play.announce_label()() == tr("table.announce")


# --- the poignée: its size, then which trumps -----------------------------------------------


def test_the_player_chooses_the_trumps_of_his_poignee(app: App) -> None:
    from game.engine.tarot import ShowPoignee

    # Deal no. 1032: the player holds ten trumps, not the Excuse.
    table = start_table(app, TarotRules(players=5), first_deal=1032)
    for _ in range(60):
        run_until_human(app, table)
        if any(isinstance(a, ShowPoignee) for a in table.controller.human_legal()):
            break
        human_turn(app, table)
    offered = [a for a in table.controller.human_legal() if isinstance(a, ShowPoignee)]
    assert offered
    size = len(offered[0].cards)
    button = next(b for b in table.play_buttons()
                  if b.label() == tr("table.poignee_size", count=size))
    app.step(DT, click(app, button.rect.center))
    chooser = table.poignee
    assert chooser.active and chooser.chosen == list(offered[0].cards)
    assert table.message_text() == tr("poignee.choose", count=size, chosen=size)
    trumps = [c for c in table.model.hand if c.is_trump]
    lowest, spare = offered[0].cards[0], next(c for c in trumps if c not in offered[0].cards)
    app.step(DT, click(app, card_point(table, lowest)))  # out of the poignée
    assert lowest not in chooser.chosen and not chooser.confirm.enabled
    plain = next(c for c in table.model.hand if not c.is_trump and not c.is_excuse)
    app.step(DT, click(app, card_point(table, plain)))  # not a trump: ignored, not played
    assert plain in table.model.hand and plain not in chooser.chosen
    app.step(DT, click(app, card_point(table, spare)))  # in
    assert chooser.confirm.enabled and len(chooser.chosen) == size
    chosen = sorted(chooser.chosen, key=lambda c: c.rank)
    app.step(DT, click(app, chooser.confirm.rect.center))
    assert not chooser.active
    shown = dict(table.controller.match.deal.poignees)[0]
    assert list(shown) == chosen and spare in shown and lowest not in shown


def card_point(table: TableScene, card: object) -> tuple[int, int]:
    rect = dict(table.hand_layout())[card]
    return rect.x + 10, rect.y + 30


# --- the French terms explained in English ----------------------------------------------------


def test_first_time_notes_come_one_at_a_time_and_once_per_session() -> None:
    explained: set[str] = set()  # the app's memory
    notes = FirstTimeNotes(ENGLISH, explained)
    notes.notice(["coinche", "capot", "coinche"])
    assert notes.current == "coinche"
    assert notes.text() == "Coinche: " + tr("glossary.coinche")
    notes.update(NOTE_TIME / 2)
    assert notes.current == "coinche"
    notes.update(NOTE_TIME / 2 + 0.01)
    assert notes.current == "capot"
    notes.update(NOTE_TIME + 0.01)
    assert notes.current is None
    again = FirstTimeNotes(ENGLISH, explained)
    again.notice(["coinche", "capot"])  # already explained in this session
    assert again.current is None
    another_app = FirstTimeNotes(ENGLISH, set())
    another_app.notice(["coinche"])
    assert another_app.current == "coinche"  # another app's memory: explained again
    french = FirstTimeNotes(FRENCH, set())
    french.notice(["coinche"])  # a French player knows the word
    assert french.current is None


def test_the_terms_of_what_seats_say() -> None:
    assert terms_of(("say.rebelote", ())) == ["belote"]
    assert terms_of(("bid.capot", (("trump", "trump.no_trump"),))) == ["capot"]
    assert terms_of(("say.announce", (("kinds", "tierce,carre"),))) == ["tierce"]
    assert terms_of(("bid.pass", ())) == []


def test_the_table_explains_the_retourne_the_first_time(app: App, texts_drawn: list[str]) -> None:
    table = start_table(app, BeloteRules(), seed=4)
    for _ in range(300):
        app.step(DT, [])
        if table.model.retourne is not None:
            break
    app.step(DT, [])
    assert table.notes.current == "retourne"
    rect = table.messages.note_rect()
    assert rect is not None
    assert tuple(app.screen.get_at((rect.x + 6, rect.centery)))[:3] != tuple(
        app.screen.get_at((rect.x - 20, rect.centery)))[:3]  # the note's panel is drawn
    cached = set(texts_drawn)
    assert "Retourne: " + tr("glossary.retourne") in cached
    second = start_table(app, BeloteRules(), seed=5)
    for _ in range(300):
        app.step(DT, [])
        if second.model.retourne is not None:
            break
    assert second.notes.current is None  # explained once in the session
    second.dispose()


def test_the_rules_have_a_glossary_page(app: App, texts_drawn: list[str]) -> None:
    from game.ui.scenes.rules import RulesScene

    scene = RulesScene(app)
    app.push(scene)
    app.step(DT, [])
    app.step(DT, click(app, scene.tabs[3].rect.center))
    app.step(DT, [])
    assert scene.page == 3
    assert scene.page_text().count("\n") == len(TERMS) - 1
    cached = set(texts_drawn)
    assert any(message.startswith("Garde contre: ") for message in cached)


def test_the_announce_button_at_the_first_trick_names_the_announcements(app: App) -> None:
    from game.engine.actions import Announce

    # Deal no. 578: the player holds a cinquante and a tierce.
    table = start_table(app, CoincheRules(), first_deal=578)
    for _ in range(60):
        run_until_human(app, table)
        if Announce() in table.controller.human_legal():
            break
        human_turn(app, table)
    assert Announce() in table.controller.human_legal()
    kinds = ", ".join(tr(f"kind.{kind}") for kind in ("cinquante", "tierce"))
    labels = [button.label() for button in table.play_buttons()]
    assert tr("table.announce_kinds", kinds=kinds) in labels


def test_the_progress_charts_count_their_deals_in_good_french(
    tmp_path: Path, texts_drawn: list[str]
) -> None:
    """One analysed deal is "la dernière", three are "3 dernières" (never "1 dernières")."""
    storage = Storage(tmp_path)
    storage.record_analysis("coinche", 4, 12.0)
    storage.record_par("coinche", 4, -6.0)
    window = App(storage=storage)
    window.choose_language("fr")
    window.push(Scene(window))
    scene = StatsScene(window)
    window.push(scene)
    scene.toggle_progress()
    window.step(DT, [])
    assert "Points perdus par donne analysée (la dernière)" in texts_drawn
    assert "Vous moins l'Expert à votre place, par donne (la dernière)" in texts_drawn
    for lost in (3.0, 0.0):
        storage.record_analysis("coinche", 4, lost)
    texts_drawn.clear()
    window.step(DT, [])
    assert "Points perdus par donne analysée (3 dernières)" in texts_drawn
