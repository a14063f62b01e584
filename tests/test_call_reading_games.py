""""What does this call show?" at belote classique (4, 3 and 2 players) and tarot (3, 4
and 5): a take read as the Expert weighs its worlds (``sampler.holding_likelihood``),
a belote pass said to be read for nothing, a tarot contract or pass read by the
Expert's bidding model (``tarot_bid_search.call_misfit``), the king called at five;
worded in both languages with their plurals; shown by a click on a call in the bid
history, on its bubble, or on the contract box; the rows and boxes lit under the mouse."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random

import pytest

from game.ai import Level, decide
from game.ai.call_reading import CallReading, is_open_call, read_call, read_take
from game.ai.tarot_call_reading import TarotCallReading, read_tarot_call
from game.engine.actions import Bid, Pass, Take, bid
from game.engine.cards import Card, Rank, Suit
from game.engine.match import Match
from game.engine.protocol import Action, Phase
from game.engine.rules import BeloteRules, CoincheRules, Layout, TarotRules
from game.engine.tarot_actions import CallKing, TarotBid, TarotPass
from game.engine.tarot_scoring import Contract
from game.engine.tarot_tricks import TarotView
from game.engine.trick_view import TrickView
from game.ui.app.app import App
from game.ui.app.smoke import motion
from game.ui.table.call_words import call_shown, call_words, seat_call_shown, tarot_words
from tests.table_driver import DT, ask_note, run_until_human, start_table
from tests.words import ENGLISH, FRENCH, tr
from tools.eye_checks import contrast, ink_and_ground, ink_rect, look, problems

SEATS = ("South", "West", "North", "East", "North-East")


def name(seat: int) -> str:
    return SEATS[seat]


def after(rules: BeloteRules | TarotRules, deal: int, calls: list[Action]) -> Match:
    match, _ = Match.new(rules, deal, deal)
    for action in calls:
        match, _ = match.apply(action)
    return match


def belote_view(players: int, deal: int, calls: list[Action], seat: int = 0) -> TrickView:
    view = after(BeloteRules(players=players), deal, calls).view(seat).deal
    assert isinstance(view, TrickView)
    return view


def tarot_view(players: int, deal: int, calls: list[Action], seat: int = 0) -> TarotView:
    view = after(TarotRules(players=players), deal, calls).view(seat).deal
    assert isinstance(view, TarotView)
    return view


# --- belote classique -------------------------------------------------------------------------


def test_a_belote_take_reads_as_the_jack_and_the_nine_more_often_than_chance() -> None:
    view = belote_view(4, 5, [Take()])  # North takes the ♠A retourne's spades
    reading = read_take(view, 0, 5)
    assert reading is not None and reading.seat == 2 and reading.trump is Suit.SPADES
    assert reading.jack is not None and reading.nine is not None
    # North holds the ♠A and 7 of the 23 cards South cannot see: 7/23 = 30% by chance
    assert reading.jack > 0.37 and reading.nine > 0.33
    assert reading.trumps >= 2  # the retourne and at least one more
    assert read_take(belote_view(4, 5, [Take()]), 0, 5) == reading  # reproducible
    words = call_shown(ENGLISH, view, 0, 5, name)
    assert words is not None
    assert words.startswith("North takes spades at the first round (the retourne's suit). "
                            "In the hands the computers weigh for North")
    assert f"the jack of spades in {round(100 * reading.jack)}%" in words


@pytest.mark.parametrize(("players", "deal"), [(3, 3), (2, 2)])
def test_a_take_at_three_and_two_players_is_read_too(players: int, deal: int) -> None:
    view = belote_view(players, deal, [Take()])
    seat = view.bids[0][0]
    words = call_shown(ENGLISH, view, 0, deal, name)
    assert words is not None and words.startswith(f"{name(seat)} takes")
    assert read_take(view, 0, deal) is not None


@pytest.mark.parametrize("players", [4, 3, 2])
def test_a_take_is_read_at_the_last_trick_too(players: int) -> None:
    match = after(BeloteRules(players=players), 5, [])
    rng = random.Random(5)
    while (view := match.view(0).deal) is not None and isinstance(view, TrickView) \
            and (view.phase is not Phase.PLAY or len(view.hand) > 1):
        seat = match.current_player
        assert seat is not None
        match, _ = match.apply(decide(match.view(seat), Level.CONFIRME, rng).action)
    assert isinstance(view, TrickView) and view.taker is not None
    for index, (seat, _) in enumerate(view.bids):
        if seat != 0:
            assert call_shown(ENGLISH, view, index, 5, name) is not None


def test_a_card_the_player_sees_is_not_given_a_share() -> None:
    view = belote_view(2, 2, [Take()])  # South holds the ♦J
    reading = read_take(view, 0, 2)
    assert reading is not None and reading.jack is None
    words = call_shown(ENGLISH, view, 0, 2, name)
    assert words is not None and "not the jack of diamonds (you see where it is)" in words


def test_a_belote_pass_is_said_to_be_read_for_nothing_in_both_languages() -> None:
    view = belote_view(4, 1, [Pass()])  # North passes
    assert view.bids[0] == (2, Pass()) and read_take(view, 0, 1) is None
    assert call_shown(ENGLISH, view, 0, 1, name) == tr("call.belote_pass", name="North")
    assert "read nothing from a pass" in tr("call.belote_pass", name="North")
    assert call_shown(FRENCH, view, 0, 1, name) == (
        "North passe : à la belote, les ordinateurs ne lisent rien d'un passe "
        "(ils ne pèsent que la couleur qu'un joueur prend).")


# --- tarot -------------------------------------------------------------------------------------


def test_a_garde_reads_stronger_than_a_pass_and_the_same_twice() -> None:
    view = tarot_view(4, 5, [TarotPass(), TarotBid(Contract.GARDE)])  # North, East
    passed, garde = read_tarot_call(view, 0, 5), read_tarot_call(view, 1, 5)
    assert passed is not None and garde is not None and garde.seat == 3
    assert garde.trumps > passed.trumps
    assert garde.one_bout > passed.one_bout + 0.1 and garde.two_bouts > passed.two_bouts + 0.2
    assert read_tarot_call(view, 1, 5) == garde
    words = call_shown(ENGLISH, view, 1, 5, name)
    assert words is not None and words.startswith("East, Garde. In the hands the computers")
    assert f"at least one bout in {round(100 * garde.one_bout)}%" in words


def test_the_players_own_call_is_not_read() -> None:
    view = tarot_view(4, 6, [TarotPass(), TarotBid(Contract.GARDE)])  # East, then South
    assert view.bids[1][0] == 0
    assert read_tarot_call(view, 1, 6) is None and call_shown(ENGLISH, view, 1, 6, name) is None


@pytest.mark.parametrize("players", [3, 5])
def test_a_pass_at_three_and_five_players_is_read(players: int) -> None:
    speaker = tarot_view(players, 5, [TarotPass()]).bids[0][0]
    view = tarot_view(players, 5, [TarotPass()], seat=(speaker + 1) % players)
    reading = read_tarot_call(view, 0, 5)
    assert reading is not None and reading.call == TarotPass()
    words = call_shown(ENGLISH, view, 0, 5, name)
    assert words is not None and words.startswith(f"{name(reading.seat)} passes. In the hands")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_call_is_read_at_the_last_trick_too(players: int) -> None:
    """Late in the deal most cards are seen (the taker's own plays may be the
    chien's): every call still reads, in keeping with what was seen."""
    match = after(TarotRules(players=players), 5, [])
    rng = random.Random(5)
    while (view := match.view(0).deal) is not None and isinstance(view, TarotView) \
            and (view.phase is not Phase.PLAY or len(view.hand) > 1):
        seat = match.current_player
        assert seat is not None
        match, _ = match.apply(decide(match.view(seat), Level.CONFIRME, rng).action)
    assert isinstance(view, TarotView) and view.taker is not None
    for index, (seat, _) in enumerate(view.bids):
        if seat != 0:
            reading = read_tarot_call(view, index, 5)
            assert reading is not None and 0 <= reading.one_bout <= 1
            assert call_shown(ENGLISH, view, index, 5, name) is not None


def test_tarot_words_count_the_trumps_and_the_bouts_in_both_languages() -> None:
    one = TarotCallReading(1, TarotPass(), trumps=1, one_bout=0.5, two_bouts=0.1,
                           bouts_unseen=1)
    assert tarot_words(ENGLISH, one, "West") == (
        "West passes. In the hands the computers weigh for West (those that explain the "
        "call count most): about 1 trump; the bout you do not see in 50%.")
    none = TarotCallReading(1, TarotBid(Contract.PRISE), trumps=0, one_bout=0.0,
                            two_bouts=0.0, bouts_unseen=0)
    assert tarot_words(ENGLISH, none, "West").endswith(": no trumps (you see all three bouts).")
    assert tarot_words(FRENCH, one, "Ouest").endswith(
        " : environ 1 atout ; le bout que vous ne voyez pas dans 50 %.")
    many = TarotCallReading(1, TarotBid(Contract.GARDE), trumps=7, one_bout=0.9,
                            two_bouts=0.45, bouts_unseen=3)
    assert tarot_words(FRENCH, many, "Ouest").startswith("Ouest, Garde. Dans les mains")
    assert "environ 7 atouts ; au moins un bout dans 90 %, deux ou plus dans 45 %." \
        in tarot_words(FRENCH, many, "Ouest")


def test_the_king_called_at_five_is_read_off_the_taker() -> None:
    match = after(TarotRules(players=5), 3, [TarotBid(Contract.GARDE)])  # North-East
    while match.current_player is not None and not any(
            isinstance(a, CallKing) for a in match.legal_actions()):
        match, _ = match.apply(next(a for a in match.legal_actions()
                                    if isinstance(a, TarotPass)))
    taker = match.current_player
    assert taker == 4
    match, _ = match.apply(next(a for a in match.legal_actions() if isinstance(a, CallKing)))
    views = [match.view(seat).deal for seat in range(5)]
    holder = next(s for s, v in enumerate(views) if isinstance(v, TarotView)
                  and v.called in v.hand)
    assert holder == 2
    for seat, view in enumerate(views):
        words = seat_call_shown(ENGLISH, view, taker, "say.call", 3, name)
        if seat == taker:
            assert words is None
        elif seat == holder:
            assert words is not None and "You hold it: you are North-East's partner" in words
        else:
            assert words is not None and "North-East does not hold it" in words


# --- coinche: the aces worded without "0 ... on average" ------------------------------------------


def test_coinche_aces_are_said_only_when_there_are_some_with_their_plural() -> None:
    bid = CallReading(1, Bid(90, Suit.HEARTS), fitted=120, trumps=4, jack=0.8, nine=0.6,
                      aces=0.3)
    words = call_words(ENGLISH, bid, "West")
    assert "ace" not in words  # not "0 outside aces on average"
    assert words.startswith("West, 90 hearts: in the hands that fit the call (120 of 400 drawn),"
                            " the computers read about 4 trumps; the jack of hearts in 80%")
    one = CallReading(1, Bid(90, Suit.HEARTS), fitted=120, trumps=4, jack=0.8, nine=0.6,
                      aces=1.2)
    assert call_words(ENGLISH, one, "West").endswith(", and about 1 outside ace.")
    passed = CallReading(1, Pass(), fitted=300, aces=2.4, jack_and_nine=0.1)
    assert ", and about 2 aces (300 of 400" in call_words(ENGLISH, passed, "West")
    assert ", et environ 2 as (300 sur 400 mains tirées vont avec)." in call_words(FRENCH,
        passed, "Ouest")


# --- the table: a click on a row, a bubble, the contract box -------------------------------------


def test_a_tarot_call_in_the_history_is_lit_marked_and_read_by_a_click(app: App) -> None:
    table = start_table(app, TarotRules(players=5), seed=1, first_deal=7)  # NE: Garde
    run_until_human(app, table)
    history = table.bid_history
    rect = history.rect()
    assert rect is not None and [seat for seat, _ in table.model.bids] == [3, 4]
    garde_row = (rect.centerx, rect.y + 26 + 20 + 5)
    app.step(DT, [motion(app, garde_row)])
    assert history.hover == ("row", 1)
    ask_note(app, table, garde_row)
    view = table.controller.human_view().deal
    assert history.note == call_shown(ENGLISH, view, 1, table.model.deal_seed, history.seats.name)
    assert history.note is not None and "Garde. In the hands the computers weigh" in history.note
    assert problems(look(app), "tarot call note") == []
    bubble = table.bubbles.rect(4)
    assert bubble is not None
    ask_note(app, table, bubble.center)  # its bubble says the same
    assert history.asked == ("bubble", 4) and history.note is not None
    assert history.note.startswith(history.seats.name(4) + ", Garde.")
    app.step(DT, [motion(app, (640, 150))])
    assert history.hover is None


def test_a_belote_pass_bubble_and_the_takers_contract_box_are_read(app: App) -> None:
    table = start_table(app, BeloteRules(players=3), seed=1, first_deal=1)  # North passes
    run_until_human(app, table)
    bubble = table.bubbles.rect(2)
    assert bubble is not None and table.model.says[2] == ("bid.pass", ())
    ask_note(app, table, bubble.center)
    assert table.bid_history.note == tr("call.belote_pass", name=table.bid_history.seats.name(2))
    assert problems(look(app), "belote pass note") == []

    table = start_table(app, BeloteRules(), seed=1, first_deal=5)  # North takes
    run_until_human(app, table)
    assert table.model.taker == 2 and not table.model.bidding
    box = table.layout.contract_box()
    picture = look(app)
    mark = next(d for d in picture.texts if d.words == "?" and box.contains(d.rect))
    assert ink_rect(mark).height >= 14  # 10 pixels high still at 960×540
    colours = ink_and_ground(mark)
    assert colours is not None and contrast(*colours) >= 4.5
    app.step(DT, [motion(app, box.center)])
    assert table.bid_history.hover == ("contract", 2)
    note = ask_note(app, table, box.center)
    assert note is not None and note.startswith(
        table.bid_history.seats.name(2) + " takes spades at the first round")
    assert (2, Card(Suit.SPADES, Rank.JACK)) in table.model.trick  # North led it
    assert "the jack of spades for sure (you have seen it)" in note
    assert problems(look(app), "belote take note") == []


def test_at_least_one_bout_counts_the_hands_holding_a_single_one() -> None:
    """The viewer holds two bouts: the caller's hands hold the third or none, never
    two, so "at least one bout" is every hand drawn with the third (many, after a
    Garde), and "at least two" none."""
    readings = []
    for deal in range(1, 60):
        first = tarot_view(4, deal, [TarotBid(Contract.GARDE)]).bids[0][0]
        view = tarot_view(4, deal, [TarotBid(Contract.GARDE)], seat=(first + 2) % 4)
        if sum(c.is_bout for c in view.hand) == 2:
            readings.append(read_tarot_call(view, 0, deal))
    assert len(readings) >= 3, "deals where the viewer holds two bouts"
    for reading in readings:
        assert reading is not None and reading.bouts_unseen == 1
        assert reading.two_bouts == 0
        assert reading.one_bout > 0.3  # the Garde's caller holds the third often


# --- two players: the contrée à deux and the découverte ----------------------------------------


def two_player_view(rules: CoincheRules | BeloteRules, deal: int, calls: list[Action],
                    seat: int) -> TrickView:
    match, _ = Match.new(rules, deal, deal)
    for action in calls:
        match, _ = match.apply(action)
    view = match.view(seat).deal
    assert isinstance(view, TrickView)
    return view


def test_a_contree_a_deux_bid_reads_ten_card_hands_and_says_twelve_cards_lie_aside() -> None:
    rules = CoincheRules(players=2)
    view = two_player_view(rules, 2, [bid(70, Suit.HEARTS)], seat=0)  # deal 2: seat 1 bids
    assert view.bids[0][0] == 1
    reading = read_call(view, 0, 2)
    assert reading is not None and reading.fitted > 0
    assert (reading.aside, reading.unseen) == (12, 22)
    assert 1 <= reading.trumps <= 8
    words = call_shown(ENGLISH, view, 0, 2, name)
    assert words is not None and "12 lie aside, out of the deal" in words
    assert "none is surely West's" in words
    french = call_shown(FRENCH, view, 0, 2, name)
    assert french is not None and "12 sont de côté" in french
    four = CoincheRules()
    view4 = two_player_view(four, 1, [bid(80, Suit.HEARTS)], seat=0)
    reading4 = read_call(view4, 0, 1)
    assert reading4 is not None and reading4.aside == 0
    assert "aside" not in (call_shown(ENGLISH, view4, 0, 1, name) or "")


@pytest.mark.parametrize("rules", [CoincheRules(players=2, layout=Layout.DECOUVERTE),
                                   BeloteRules(players=2, layout=Layout.DECOUVERTE)],
                         ids=["coinche", "belote"])
def test_a_decouverte_call_is_said_to_show_nothing_hidden(
    rules: CoincheRules | BeloteRules,
) -> None:
    first = bid(80, Suit.SPADES) if isinstance(rules, CoincheRules) else Take()
    view = two_player_view(rules, 3, [first], seat=1)  # deal 3: seat 0 speaks first
    assert view.bids[0][0] == 0 and is_open_call(view, 0)
    assert call_shown(ENGLISH, view, 0, 3, name) == tr("call.decouverte", name="South")
    own = two_player_view(rules, 3, [first], seat=0)
    assert not is_open_call(own, 0)
