"""The two-player tables on screen, headless: the découverte's piles (the face-up cards
over their face-down ones, the playable ones raised, a click on one plays it, nothing
face down ever known to the table) and the contrée à deux's stack aside; no two things
drawn cover each other and the eye checks pass, in both languages and both hands."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import dataclasses
from pathlib import Path

import pytest

from game.engine.belote import BeloteDeal
from game.engine.coinche import CoincheDeal
from game.engine.match import AnyRules
from game.engine.rules import BeloteRules, CoincheRules, Layout, TrickGameRules
from game.engine.trickgame import TrickDeal
from game.storage import Storage
from game.storage.settings import Settings
from game.ui.app.app import App
from game.ui.app.smoke import click
from game.ui.kit.widgets import BUTTON_MARGIN, fitted_size
from game.ui.scenes.menu import MenuScene, item_rect
from game.ui.scenes.scoresheet import MatchEnd, ScoreSheet
from game.ui.scenes.setup import LAST, SetupScene
from game.ui.scenes.stats import TABS, StatsScene
from game.ui.table.animator import Flight
from game.ui.table.layout import RAISE
from game.ui.table.scene import TableScene
from tests.table_driver import (
    DT,
    FAST,
    animate_at,
    human_turn,
    play_to_score_sheet,
    press_button,
    run_until,
    run_until_human,
    start_table,
    to_card_play,
)
from tests.table_overlaps import check

DECOUVERTES = [CoincheRules(players=2, layout=Layout.DECOUVERTE),
               BeloteRules(players=2, layout=Layout.DECOUVERTE)]


def deal_of(table: TableScene) -> TrickDeal:
    deal = table.controller.match.deal
    assert isinstance(deal, TrickDeal)
    return deal


@pytest.mark.parametrize("rules", [CoincheRules(players=2), *DECOUVERTES],
                         ids=["contree-a-deux", "coinche-decouverte", "belote-decouverte"])
def test_the_two_player_tables_are_drawn_clear(rules: AnyRules, tmp_path: Path) -> None:
    app = App(storage=Storage(tmp_path))
    table = start_table(app, rules, seed=5)
    problems: list[str] = []
    for card in range(3):
        to_card_play(app, table)
        problems += check(app, table, f"{rules.game} card {card}")
        human_turn(app, table)
    assert not problems


@pytest.mark.parametrize("rules", DECOUVERTES, ids=["coinche", "belote"])
def test_the_decouverte_piles_show_what_is_face_up_and_a_click_plays_a_pile(
    rules: AnyRules, tmp_path: Path
) -> None:
    app = App(storage=Storage(tmp_path))
    table = start_table(app, rules, seed=5)
    for _ in range(6):
        to_card_play(app, table)
        deal = deal_of(table)
        for seat in (0, 1):  # the table knows each pile's face-up card, never the other
            assert table.model.piles[seat] == [(up, down is not None)
                                              for up, down in deal.piles[seat]]
        legal = table.controller.legal_cards()
        drawn = dict(table.hand_layout())
        assert set(drawn) == set(deal.hands[0])  # the face-up cards, at their piles
        rests = {c: rect.y for c, rect in drawn.items() if c not in legal}
        for c in legal:
            assert all(drawn[c].y <= y - RAISE for y in rests.values())
        played = len(deal.tricks) * 2 + len(deal.trick)
        human_turn(app, table)  # a click on the first legal card's pile
        assert len(deal_of(table).tricks) * 2 + len(deal_of(table).trick) > played or \
            table.controller.match.deal is not deal


def test_the_contree_a_deux_shows_twelve_cards_aside_and_never_opens_them(
    tmp_path: Path,
) -> None:
    app = App(storage=Storage(tmp_path))
    table = start_table(app, CoincheRules(players=2), seed=5)
    to_card_play(app, table)
    assert table.model.aside == 12
    regions = dict(table.regions())
    assert "aside" in regions and "aside count" in regions
    deal = table.controller.match.deal
    assert isinstance(deal, CoincheDeal)
    aside = set(deal.undealt)
    assert not aside & {c for _, c in table.model.trick} and not aside & set(table.model.hand)


def test_the_statistics_list_the_contree_a_deux_bids_from_50() -> None:
    """The contrée à deux's ladder 50 … 130, its découverte's 80 … 160 (the four-player
    one), each with the capot; a kind recorded outside it is listed after."""
    from game.storage.stats import GameStats
    from game.ui.scenes.stats import kinds_of

    assert kinds_of("coinche", 2, GameStats()) == [
        "50", "60", "70", "80", "90", "100", "110", "120", "130", "capot"]
    assert kinds_of("coinche", 2, GameStats(), Layout.DECOUVERTE) == kinds_of(
        "coinche", 4, GameStats()) == [
        "80", "90", "100", "110", "120", "130", "140", "150", "160", "capot"]
    old = GameStats(contracts_taken={"140": 1})  # a découverte counted before it was apart
    assert kinds_of("coinche", 2, old)[-1] == "140"


def test_the_statistics_show_the_decouverte_apart_at_two(
    tmp_path: Path, texts_drawn: list[str]
) -> None:
    """The two-player tabs offer "In the hand" and "Découverte", each showing its own
    record (a click switches); the other tabs offer no such choice."""
    from game.ui.app.smoke import click
    from game.ui.scenes.stats import TABS, StatsScene
    from game.ui.stage.scene import Scene
    from tests.test_storage_stats import coinche_result
    from tests.words import tr

    storage = Storage(tmp_path)
    for _ in range(3):
        storage.record_deal("coinche", 2, coinche_result(0, True), 0, Layout.DECOUVERTE)
    storage.record_deal("coinche", 2, coinche_result(1, False), 0)
    app = App(storage=storage)
    app.push(Scene(app))
    scene = StatsScene(app)
    app.push(scene)
    app.step(DT, [])
    hand, decouverte = scene.layout_buttons
    # It opens on the table played most: the contrée découverte.
    assert (*TABS[scene.tab], scene.shown_layout) == ("coinche", 2, Layout.DECOUVERTE)
    app.step(DT, click(app, scene.tabs[TABS.index(("coinche", 4))].rect.center))
    texts_drawn.clear()
    app.step(DT, [])
    assert tr("val.decouverte") not in texts_drawn
    app.step(DT, click(app, hand.rect.center))  # not shown: nothing happens
    assert scene.layout is Layout.DECOUVERTE
    app.step(DT, click(app, scene.tabs[TABS.index(("coinche", 2))].rect.center))
    app.step(DT, click(app, hand.rect.center))
    texts_drawn.clear()
    app.step(DT, [])
    row = texts_drawn.index(tr("stats.deals_played"))
    assert texts_drawn[row + 1] == "1" and hand.selected and not decouverte.selected
    assert "50" in texts_drawn and "160" not in texts_drawn
    app.step(DT, click(app, decouverte.rect.center))
    texts_drawn.clear()
    app.step(DT, [])
    assert scene.shown_layout is Layout.DECOUVERTE and decouverte.selected
    row = texts_drawn.index(tr("stats.deals_played"))
    assert texts_drawn[row + 1] == "3" and "160" in texts_drawn and "50" not in texts_drawn
    app.step(DT, click(app, scene.tabs[TABS.index(("tarot", 4))].rect.center))
    assert scene.shown_layout is Layout.HAND  # tarot has no découverte
    app.close()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_belote_decouverte_offers_the_last_face_up_cards_suit_not_a_retourne(
    language: str, tmp_path: Path
) -> None:
    app = App(storage=Storage(tmp_path))
    app.texts.language = language
    table = start_table(app, BeloteRules(players=2, layout=Layout.DECOUVERTE), seed=1)
    run_until_human(app, table)
    deal = deal_of(table)
    proposed = deal.piles[deal.dealer][-1][0]  # the dealer's last face-up card
    assert proposed is not None
    assert isinstance(deal, BeloteDeal) and deal.retourne == proposed
    suit = app.texts.tr(f"suit.{proposed.suit.letter}")
    title = table.bid_panel.title()
    assert suit in title and "retourne" not in title.lower()
    assert title == {"en": f"Take {suit} as trumps?", "fr": f"Prenez-vous à {suit} ?"}[language]
    press_button(app, table, app.texts.tr("bid.pass"))  # both pass (seed 1): round two
    run_until_human(app, table)
    deal = deal_of(table)
    assert isinstance(deal, BeloteDeal) and deal.round == 2
    app.step(DT, [])
    assert table.bid_panel.title() == app.texts.tr("bid.round2_title")


def test_the_card_under_a_played_one_turns_over_back_first_then_face(tmp_path: Path) -> None:
    app = App(storage=Storage(tmp_path))
    table = start_table(app, CoincheRules(players=2, layout=Layout.DECOUVERTE), seed=5)
    animate_at(app, 1.0)  # as a player sees it

    def turning() -> list[Flight]:
        return [f for f in table.animator.flights if f.kind == "turn"]

    run_until(app, table, lambda: bool(turning()))
    flight = turning()[0]
    seat = flight.seat
    pile = next(i for i, (up, _) in enumerate(table.model.piles[seat]) if up == flight.face)
    assert flight.tween.start == table.layout.decouverte_pile(seat, pile)  # from under
    assert flight.tween.end == table.layout.decouverte_pile(seat, pile, face_up=True)
    assert flight.turned_over[0] is None  # its back first
    if seat == 0:  # not drawn at its place while it turns
        assert flight.face in table.animator.in_flight("turn")
    else:
        assert flight.face not in [c for c, _ in table.opponents.pile_cards(seat)]
    widths = []
    while not flight.tween.done:
        widths.append(flight.turned_over[1])
        app.step(DT, [])
    assert min(widths) < 0.2 < max(widths)  # edge-on at mid-turn
    assert flight.turned_over == (flight.face, 1.0)  # face up at the end
    assert flight not in table.animator.flights


def test_every_value_of_a_first_bid_is_read_at_its_size_capot_too(tmp_path: Path) -> None:
    """The contrée à deux's first bid offers 80 to 160 and capot: "Capot" shrank to fit
    a number's width, too small to read through the smallest window."""
    app = App(storage=Storage(tmp_path))
    table = start_table(app, CoincheRules(players=2), seed=1, first_deal=1)
    run_until_human(app, table)
    values = [b for b in table.bid_panel.buttons if b.label()][:10]
    assert [b.label() for b in values][-1] == app.texts.tr("bid.capot_short")
    for button in values:
        room = button.rect.width - 2 * BUTTON_MARGIN
        assert fitted_size(button.label(), button.size, room) == button.size, button.label()
        assert table.bid_panel.rect.contains(button.rect)


SHORT = 150  # a match of a deal or two


def setup_from_the_menu(app: App) -> SetupScene:
    """The menu, then "New game" clicked."""
    app.replace(MenuScene(app))
    app.step(DT, [])
    app.step(DT, click(app, item_rect(0).center))
    app.step(DT, [])
    setup = app.top
    assert isinstance(setup, SetupScene)
    return setup


def press_labelled(app: App, setup: SetupScene, label: str) -> None:
    button = next(b for b in setup.buttons if b.label() == label)
    app.step(DT, click(app, button.rect.center))
    app.step(DT, [])


def choose_by_clicks(app: App, rules: AnyRules) -> None:
    """The new-game screen set by clicks: the game, the player's last settings for it
    (two players and the match's end of ``rules``), and on the two-player tab the
    découverte when ``rules`` asks for it; then "Deal"."""
    setup = setup_from_the_menu(app)
    tr = app.texts.tr
    press_labelled(app, setup, tr(f"game.{rules.game}"))
    last = next(r for r in setup.rows if r.name == LAST)
    app.step(DT, click(app, last.button.rect.center))
    app.step(DT, [])
    press_labelled(app, setup, tr("group.two_players"))
    if isinstance(rules, TrickGameRules) and rules.decouverte:
        row = next(r for r in setup.rows if r.name == "layout")
        app.step(DT, click(app, row.button.rect.center))
        app.step(DT, [])
    assert setup.rules == rules
    press_labelled(app, setup, tr("setup.start"))


def last_played(rules: TrickGameRules) -> Settings:
    """The settings of a player who last played ``rules``' game at two, to ``rules``'
    target, with the cards in the hand (the découverte is chosen by a click)."""
    return Settings(language="fr").with_rules(dataclasses.replace(rules, layout=Layout.HAND))


def play_the_match(app: App) -> TableScene:
    """Every deal to its score sheet, "Next deal" clicked, until the match's end."""
    table = app.top
    assert isinstance(table, TableScene)
    for _ in range(40):
        play_to_score_sheet(app, table)
        sheet = app.top
        assert isinstance(sheet, ScoreSheet)
        app.step(DT, click(app, sheet.next_button.rect.center))
        app.step(DT, [])
        if isinstance(app.top, MatchEnd):
            return table
    raise AssertionError("the match never ended")


@pytest.mark.parametrize(
    "rules", [CoincheRules(players=2, target=SHORT),
              CoincheRules(players=2, layout=Layout.DECOUVERTE, target=SHORT),
              BeloteRules(players=2, layout=Layout.DECOUVERTE, target=SHORT)],
    ids=["contree-a-deux", "coinche-decouverte", "belote-decouverte"])
def test_a_whole_match_of_each_two_player_table_chosen_and_played_by_clicks(
    rules: TrickGameRules, tmp_path: Path
) -> None:
    """Issue 43, as a new player: the menu, the new-game screen, every bid and card and
    every score sheet by clicks, to the match's end (a short one); the statistics count
    the match."""
    storage = Storage(tmp_path)
    storage.save_settings(last_played(rules))
    app = App(storage=storage)
    animate_at(app, FAST)
    choose_by_clicks(app, rules)
    table = play_the_match(app)
    match = table.controller.match
    assert match.rules == rules and match.is_over
    assert max(match.history[-1].totals) >= rules.target
    assert app.session is not None and app.session.flush(30)  # the writes are in the background
    played = Storage(tmp_path).stats.of(rules.game, 2, rules.layout)
    assert played.matches_played == 1
    assert played.matches_won == (1 if match.winner == 0 else 0)
    # The statistics open on that table and its layout, in this session and the next.
    for stats in (StatsScene(app), StatsScene(App(storage=Storage(tmp_path)))):
        assert (*TABS[stats.tab], stats.shown_layout) == (rules.game, 2, rules.layout)
