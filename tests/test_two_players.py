"""The two-player tables (``shared/rules/two-players.md``, ``docs/rules.md``): the contrée
à deux (coinche at two: ten cards each, twelve aside) and the découverte (the ``layout``
option of belote and coinche at two: eight piles each, a card face up on a card face
down).  The deal, the bidding, the play, the turn-over, the scoring's worked examples and
each option in both positions."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.engine.actions import (
    CAPOT_BID,
    BeloteSaid,
    Bid,
    CardTurned,
    ChooseTrump,
    Coinche,
    FaceDownDealt,
    FaceUpDealt,
    PacketDealt,
    Pass,
    PlayCard,
    Surcoinche,
    Take,
    bid,
    play,
)
from game.engine.belote import BeloteDeal
from game.engine.cards import DECK32, Card, Suit, parse_card
from game.engine.coinche import CoincheDeal, all_bids, score_coinche
from game.engine.deal_scoring import score_belote_each, tally_of
from game.engine.match import Match, NewDeal
from game.engine.protocol import IllegalAction, Phase
from game.engine.rules import (
    BeloteRules,
    BidValues,
    CoincheRules,
    Layout,
    Packets,
    RulesError,
    option_applies,
)

H, S, D, C = Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS
A_DEUX = CoincheRules(players=2)
COINCHE_DECOUVERTE = CoincheRules(players=2, layout=Layout.DECOUVERTE)
BELOTE_DECOUVERTE = BeloteRules(players=2, layout=Layout.DECOUVERTE)


def cards(text: str) -> list[Card]:
    return [parse_card(code) for code in text.split()]


# --- the options --------------------------------------------------------------------------


def test_the_layout_and_the_two_player_options_exist_at_two_players_only() -> None:
    with pytest.raises(RulesError):
        CoincheRules(layout=Layout.DECOUVERTE)  # four players
    with pytest.raises(RulesError):
        BeloteRules(players=3, layout=Layout.DECOUVERTE)
    for rules in (A_DEUX, BELOTE_DECOUVERTE):
        assert option_applies(rules, "layout")
    assert option_applies(A_DEUX, "two_player_winner_takes_all")
    assert not option_applies(CoincheRules(), "layout")
    assert not option_applies(CoincheRules(), "two_player_winner_takes_all")
    assert not option_applies(A_DEUX, "decouverte_announcements")
    assert option_applies(BELOTE_DECOUVERTE, "decouverte_announcements")
    assert not option_applies(BELOTE_DECOUVERTE, "announcements")
    assert not option_applies(A_DEUX, "bid_values")  # its own ladder
    assert option_applies(COINCHE_DECOUVERTE, "bid_values")
    assert not option_applies(A_DEUX, "fail_base") and option_applies(CoincheRules(), "fail_base")


def test_the_two_player_options_are_written_only_when_set() -> None:
    """A four-player table writes its rules as before they existed (its saves, and the
    review's position keys, stay the same); set, they are written and read back."""
    for rules in (CoincheRules(), BeloteRules(), A_DEUX):
        assert not {"layout", "decouverte_announcements",
                    "two_player_winner_takes_all"} & set(rules.to_json())
    for rules in (COINCHE_DECOUVERTE, BELOTE_DECOUVERTE,
                  CoincheRules(players=2, two_player_winner_takes_all=True),
                  BeloteRules(players=2, layout=Layout.DECOUVERTE,
                              decouverte_announcements=True)):
        data = rules.to_json()
        assert data.get("layout", Layout.HAND.value) == rules.layout.value
        assert type(rules).from_json(data) == rules


def test_the_contree_a_deux_plays_to_1000_by_default_and_coinche_at_four_to_2000() -> None:
    assert A_DEUX.target == 1000 and CoincheRules().target == 2000
    assert CoincheRules(players=2, target=1500).target == 1500
    assert CoincheRules.from_json(A_DEUX.to_json()) == A_DEUX


# --- the contrée à deux: deal and bidding --------------------------------------------------


@pytest.mark.parametrize(("packets", "sizes"), [
    (Packets.P323, (2, 3, 2, 3)), (Packets.P332, (3, 3, 2, 2)), (Packets.P233, (2, 2, 3, 3))])
def test_the_contree_a_deux_deals_ten_each_in_packets_and_twelve_aside(
    packets: Packets, sizes: tuple[int, ...]
) -> None:
    rules = CoincheRules(players=2, packets=packets)
    state, events = CoincheDeal.from_deck(rules, DECK32, dealer=0)
    dealt = [e for e in events if isinstance(e, PacketDealt)]
    assert [(e.seat, e.count) for e in dealt] == [
        (seat, size) for size in sizes for seat in (1, 0)]  # the dealer's opponent first
    assert [len(hand) for hand in state.hands] == [10, 10]
    assert state.undealt == tuple(DECK32[20:])
    assert state.turn == 1  # the non-dealer speaks first
    view = state.view(1)
    assert view.aside_count == 12
    assert not set(DECK32[20:]) & {c for e in events for c in (getattr(e, "cards", None) or ())
                                   if isinstance(c, Card)}


def test_the_ladders_at_two_players() -> None:
    ladder = sorted({b.value for b in all_bids(A_DEUX)})
    assert ladder == [50, 60, 70, 80, 90, 100, 110, 120, 130, CAPOT_BID]
    assert sorted({b.value for b in all_bids(COINCHE_DECOUVERTE)})[:2] == [80, 90]
    assert max(b.value for b in all_bids(COINCHE_DECOUVERTE) if not b.is_capot) == 160
    with_82 = CoincheRules(players=2, layout=Layout.DECOUVERTE, bid_values=BidValues.V82_162)
    assert min(b.value for b in all_bids(with_82)) == 82
    assert min(b.value for b in all_bids(CoincheRules(
        players=2, bid_values=BidValues.V82_162))) == 50  # the short deal's own ladder


def started() -> CoincheDeal:
    return CoincheDeal.new(A_DEUX, 7, dealer=0)[0]


def test_one_pass_after_a_bid_ends_the_bidding_and_two_passes_void_the_deal() -> None:
    state, _ = started().apply(bid(50, H))
    state, _ = state.apply(Pass())
    assert state.phase is Phase.PLAY and state.taker == 1 and state.turn == 1
    state, _ = started().apply(Pass())
    state, _ = state.apply(Pass())
    assert state.is_over and state.void
    state, _ = started().apply(Pass())
    state, _ = state.apply(bid(70, S))  # a player who passed may bid later
    assert state.phase is Phase.BIDDING and state.turn == 1
    state, _ = state.apply(bid(80, H))
    state, _ = state.apply(Pass())
    assert state.phase is Phase.PLAY and state.taker == 1


def test_a_coinche_then_a_pass_or_a_surcoinche_ends_the_bidding() -> None:
    state, _ = started().apply(bid(90, H))
    with pytest.raises(IllegalAction):
        state.apply(Surcoinche())
    coinched, _ = state.apply(Coinche())
    assert Surcoinche() in coinched.legal_actions() and Coinche() not in coinched.legal_actions()
    assert not any(isinstance(a, Bid) for a in coinched.legal_actions())
    passed, _ = coinched.apply(Pass())
    assert passed.phase is Phase.PLAY and passed.coinche_level == 1
    surcoinched, _ = coinched.apply(Surcoinche())
    assert surcoinched.phase is Phase.PLAY and surcoinched.coinche_level == 2


# --- the contrée à deux: scoring's worked examples (docs/rules.md) -------------------------


def two_tally(rules: CoincheRules, taker: int, opponent: int, announcements: tuple[int, int]
              = (0, 0), belote: int | None = None, capot: bool = False) -> object:
    """Seat 0 takes: its card points and the opponent's, 10 de der included."""
    tricks = (10, 0) if capot else (6, 4)
    announced = [(seat, value) for seat, value in enumerate(announcements) if value]
    return tally_of(rules, (taker, opponent), tricks, announced, belote, finished=True)


WINNER_TAKES_ALL = CoincheRules(players=2, two_player_winner_takes_all=True)
# (name, rules, contract, coinche level, taker's points, opponent's, announcements,
#  belote seat, capot, (taker, opponent))
A_DEUX_EXAMPLES = [
    ("D1", A_DEUX, bid(80, H), 0, 72, 33, (0, 0), 0, False, (172, 33)),
    ("D1 winner takes all", WINNER_TAKES_ALL, bid(80, H), 0, 72, 33, (0, 0), 0, False,
     (172, 0)),
    ("D2", A_DEUX, bid(90, S), 0, 62, 43, (0, 0), None, False, (0, 195)),
    ("D2 winner takes all", WINNER_TAKES_ALL, bid(90, S), 0, 62, 43, (0, 0), None, False,
     (0, 195)),
    ("D3", A_DEUX, bid(70, C), 1, 80, 25, (0, 0), None, False, (350, 0)),
    ("D4", A_DEUX, bid(100, H), 2, 70, 40, (0, 0), None, False, (0, 840)),
    ("D5", A_DEUX, bid(CAPOT_BID, H), 0, 110, 0, (0, 0), None, True, (450, 0)),
    ("D6", A_DEUX, bid(CAPOT_BID, H), 0, 90, 20, (0, 0), None, False, (0, 360)),
    ("D7", A_DEUX, bid(50, D), 0, 55, 55, (0, 0), None, False, (0, 160)),
    ("D8", A_DEUX, bid(60, D), 0, 61, 44, (20, 0), None, False, (141, 44)),
    ("D9", A_DEUX, bid(100, D), 0, 70, 35, (20, 0), 1, False, (0, 245)),
    ("D10", A_DEUX, bid(80, H), 0, 110, 0, (0, 0), None, True, (280, 0)),
    ("E1", COINCHE_DECOUVERTE, bid(100, D), 0, 110, 52, (0, 0), None, False, (210, 52)),
    ("E2", COINCHE_DECOUVERTE, bid(120, D), 0, 100, 62, (0, 0), None, False, (0, 282)),
    ("E3", COINCHE_DECOUVERTE, bid(80, S), 1, 90, 72, (0, 0), None, False, (484, 0)),
]


@pytest.mark.parametrize(
    ("name", "rules", "contract", "level", "taker", "opponent", "announcements", "belote",
     "capot", "expected"), A_DEUX_EXAMPLES, ids=[e[0] for e in A_DEUX_EXAMPLES])
def test_contree_a_deux_worked_examples(
    name: str, rules: CoincheRules, contract: Bid, level: int, taker: int, opponent: int,
    announcements: tuple[int, int], belote: int | None, capot: bool,
    expected: tuple[int, int],
) -> None:
    tally = two_tally(rules, taker, opponent, announcements, belote, capot)
    result = score_coinche(rules, contract, level, 0, tally)  # type: ignore[arg-type]
    assert result.scores == expected
    assert result.sides == ("player_0", "player_1")


@pytest.mark.parametrize(("taker", "opponent", "belote", "expected"), [
    (95, 67, 0, (115, 67)), (70, 92, None, (0, 162))], ids=["B1", "B2"])
def test_belote_decouverte_worked_examples(taker: int, opponent: int, belote: int | None,
                                           expected: tuple[int, int]) -> None:
    tally = tally_of(BELOTE_DECOUVERTE, (taker, opponent), (9, 7), (), belote)
    assert score_belote_each(BELOTE_DECOUVERTE, 0, tally).scores == expected


def test_winner_takes_all_also_takes_a_coinched_defences_belote() -> None:
    tally = two_tally(A_DEUX, 80, 25, belote=1)
    assert score_coinche(A_DEUX, bid(70, C), 1, 0, tally).scores == (350, 20)  # type: ignore[arg-type]
    assert score_coinche(WINNER_TAKES_ALL, bid(70, C), 1, 0,
                         tally).scores == (350, 0)  # type: ignore[arg-type]


# --- the découverte: the deal -------------------------------------------------------------

# Dealt from the first card: four face down before seat 1 (the dealer's opponent), four
# before seat 0 (the dealer), four face up on seat 1's, four on seat 0's; again for the
# second row.  Seat 0's face up: hearts and diamonds; face down: spades and clubs; seat 1
# the other way round.  The last card, the dealer's, is the 7 of diamonds.
DECOUVERTE_DECK = cards(
    "7H 8H 9H TH  7S 8S 9S TS  AS KS QS JS  AH KH QH JH "
    "7D 8D 9D TD  7C 8C 9C TC  AC KC QC JC  AD KD QD 7D"
    .replace("7D 8D", "JD 8D"))


def test_the_decouverte_lays_eight_piles_each_and_no_event_shows_a_face_down_card() -> None:
    state, events = BeloteDeal.from_deck(BELOTE_DECOUVERTE, DECOUVERTE_DECK, dealer=0)
    assert [(type(e), e.seat) for e in events] == [  # type: ignore[attr-defined]
        (FaceDownDealt, 1), (FaceDownDealt, 0), (FaceUpDealt, 1), (FaceUpDealt, 0)] * 2
    assert set(state.hands[0]) == set(cards("AH KH QH JH AD KD QD 7D"))
    assert set(state.hands[1]) == set(cards("AS KS QS JS AC KC QC JC"))
    assert state.piles[0][0] == (parse_card("AH"), parse_card("7S"))
    assert state.retourne == parse_card("7D") and state.turn == 1
    face_down = {down for seat_piles in state.piles for _, down in seat_piles}
    shown = {c for e in events for c in (e.cards or ())}  # type: ignore[attr-defined]
    assert len(face_down) == 16 and not face_down & shown
    for seat in (0, 1):
        view = state.view(seat)
        assert set(view.hand) == set(state.hands[seat])
        assert view.table_piles[1][0] == (parse_card("AS"), True)
        assert not face_down & set(view.hand)
        assert face_down.isdisjoint(c for piles in view.table_piles for c, _ in piles)


def play_round_two_clubs() -> BeloteDeal:
    """Both pass the diamonds; seat 1 names clubs; seat 1 leads."""
    state, _ = BeloteDeal.from_deck(BELOTE_DECOUVERTE, DECOUVERTE_DECK, dealer=0)
    for action in (Pass(), Pass(), ChooseTrump(C)):
        state, _ = state.apply(action)
    assert state.phase is Phase.PLAY and state.turn == 1
    return state


def test_a_suit_held_only_face_down_counts_as_void_and_cannot_be_played() -> None:
    state, _ = play_round_two_clubs().apply(play(parse_card("AS")))
    legal = {a.card for a in state.legal_actions() if isinstance(a, PlayCard)}
    assert legal == set(state.hands[0])  # no spade and no club face up: anything face up
    with pytest.raises(IllegalAction):
        state.apply(play(parse_card("7S")))  # his own, face down


def test_the_card_under_each_card_played_turns_over_when_the_trick_is_over() -> None:
    state, _ = play_round_two_clubs().apply(play(parse_card("AS")))
    assert state.view(0).table_piles[1][0] == (None, True)  # played; still covered
    assert parse_card("7H") not in state.hands[1]
    state, events = state.apply(play(parse_card("AH")))
    turned = [e for e in events if isinstance(e, CardTurned)]
    assert turned == [CardTurned(1, 0, parse_card("7H")), CardTurned(0, 0, parse_card("7S"))]
    assert parse_card("7H") in state.hands[1] and parse_card("7S") in state.hands[0]
    assert state.view(1).table_piles[0][0] == (parse_card("7S"), False)
    state, _ = state.apply(play(parse_card("7H")))  # seat 1 won with the ace: leads
    state, events = state.apply(play(parse_card("KH")))
    assert [e for e in events if isinstance(e, CardTurned)] == [
        CardTurned(0, 1, parse_card("8S"))]  # nothing was under the seven
    assert state.piles[1][0] == (None, None)


def test_belote_comes_from_the_dealers_last_face_up_card_in_round_one() -> None:
    state, _ = BeloteDeal.from_deck(BELOTE_DECOUVERTE, DECOUVERTE_DECK, dealer=0)
    assert set(state.legal_actions()) == {Take(), Pass()}
    state, _ = state.apply(Take())
    assert state.trump is not None and state.trump.suit is D and state.taker == 1
    assert state.phase is Phase.PLAY and len(state.hands[0]) == 8  # no second deal


def test_belote_said_with_the_second_card_when_the_first_went_unsaid() -> None:
    """Seat 0 holds the diamond king face up on his fifth pile and the queen face down
    under it: made to trump the ace of spades with the king, he cannot say belote (the
    queen is unseen); the queen turns over, and "belote et rebelote" comes with it."""
    deck = list(DECOUVERTE_DECK)
    king, queen = parse_card("KD"), parse_card("QD")
    deck[20], deck[30] = queen, deck[20]  # the queen under seat 0's fifth pile
    deck[28], deck[29] = king, deck[28]  # the king on it
    state, _ = BeloteDeal.from_deck(BELOTE_DECOUVERTE, deck, dealer=0)
    assert state.piles[0][4] == (king, queen)
    state, _ = state.apply(Take())  # seat 1 takes the diamonds
    state, _ = state.apply(play(parse_card("AS")))
    legal = set(state.legal_actions())
    assert {a.card for a in legal if isinstance(a, PlayCard)} == set(cards("KD AD 7D"))
    assert play(king, belote=True) not in legal  # the queen is unseen
    state, _ = state.apply(play(king))
    assert state.turn == 0 and queen in state.hands[0]
    assert {play(queen), play(queen, belote=True)} <= set(state.legal_actions())
    state, events = state.apply(play(queen, belote=True))
    assert [e for e in events if isinstance(e, BeloteSaid)] == [
        BeloteSaid(0, rebelote=False), BeloteSaid(0, rebelote=True)]
    assert state.tally().belote == (20, 0)


def test_the_decouverte_announcements_count_the_face_up_cards_only() -> None:
    """Face up, seat 0 holds a cinquante to the ace of hearts and a tierce to the ace of
    diamonds; his 7 8 9 10 of spades face down are no cinquante.  Seat 1's face-up
    cinquantes count, not his face-down 7 to 10 of hearts.  Only with the option on."""
    for option in (False, True):
        rules = BeloteRules(players=2, layout=Layout.DECOUVERTE,
                            decouverte_announcements=option)
        state, _ = BeloteDeal.from_deck(rules, DECOUVERTE_DECK, dealer=0)
        state, _ = state.apply(Take())
        found = [{(a.kind.value, a.top.code) for a in state.announceable[seat]}
                 for seat in (0, 1)]
        if option:
            assert found == [{("cinquante", "AH"), ("tierce", "AD")},
                             {("cinquante", "AC"), ("cinquante", "AS")}]
        else:
            assert found == [set(), set()]


# --- whole deals and matches ---------------------------------------------------------------


@pytest.mark.parametrize("rules", [A_DEUX, COINCHE_DECOUVERTE, BELOTE_DECOUVERTE],
                         ids=["contree-a-deux", "contree-decouverte", "belote-decouverte"])
def test_random_legal_deals_play_to_a_score_that_adds_up(
    rules: CoincheRules | BeloteRules,
) -> None:
    tricks = 10 if rules.game == "coinche" and not rules.decouverte else 16
    rng = random.Random(3)
    scored = 0
    for seed in range(40):
        state, _ = (CoincheDeal.new(rules, seed, seed % 2) if isinstance(rules, CoincheRules)
                    else BeloteDeal.new(rules, seed, seed % 2))
        while not state.is_over:
            state, _ = state.apply(rng.choice(state.legal_actions()))
        if state.void:
            continue
        scored += 1
        assert len(state.tricks) == tricks
        in_play = sum(t.points for t in state.tricks)
        assert in_play == (162 if tricks == 16 else in_play)
        assert all(len(t.plays) == 2 for t in state.tricks)
        assert not any(state.hands) and not any(d for p in state.piles for _, d in p)
    assert scored >= 20


@pytest.mark.parametrize("rules", [A_DEUX, COINCHE_DECOUVERTE, BELOTE_DECOUVERTE],
                         ids=["contree-a-deux", "contree-decouverte", "belote-decouverte"])
def test_the_dealer_alternates_at_the_contree_a_deux_and_the_winner_deals_at_the_decouverte(
    rules: CoincheRules | BeloteRules,
) -> None:
    rng = random.Random(5)
    match, _ = Match.new(dataclasses.replace(rules, target=100_000), 11)  # no early end
    checked = 0
    while not match.is_over and checked < 8:
        dealer, deals = match.dealer, len(match.history)
        match, events = match.apply(rng.choice(match.legal_actions()))
        if not any(isinstance(e, NewDeal) for e in events):
            continue
        facts = match.history[-1].result.facts if len(match.history) > deals else None
        if rules.winner_deals and facts is not None and facts.winner_side is not None:
            assert match.dealer == facts.winner_side
        else:  # the contrée à deux, or a void deal
            assert match.dealer == 1 - dealer
        checked += 1
    assert checked == 8


@pytest.mark.parametrize("rules", [A_DEUX, COINCHE_DECOUVERTE, BELOTE_DECOUVERTE],
                         ids=["contree-a-deux", "contree-decouverte", "belote-decouverte"])
def test_no_event_names_a_card_before_it_is_seen(rules: CoincheRules | BeloteRules) -> None:
    """Every event of random deals, as either seat sees it: none names a card still face
    down or aside after it (a card turned over is named by its ``CardTurned``)."""
    rng = random.Random(9)
    for seed in range(15):
        state, events = (CoincheDeal.new(rules, seed, seed % 2) if isinstance(rules, CoincheRules)
                         else BeloteDeal.new(rules, seed, seed % 2))
        while True:
            unseen = set(getattr(state, "undealt", ())) | {
                d for piles in state.piles for _, d in piles if d is not None}
            assert unseen or state.is_over or rules.decouverte
            for seat in (0, 1):
                seen = [event.visible_to(seat) for event in events]
                assert not [c for c in unseen if any(repr(c) in repr(e) for e in seen)]
            if state.is_over:
                break
            state, events = state.apply(rng.choice(state.legal_actions()))
