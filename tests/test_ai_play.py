"""Situations where Confirmé must play like a decent club player."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

from game.ai import Decision, Level, decide
from game.engine.actions import (
    Announce,
    Bid,
    ChooseTrump,
    Coinche,
    Pass,
    PlayCard,
    Take,
    bid,
    play,
)
from game.engine.cards import DECK32, Card, Suit, parse_cards
from game.engine.coinche import CoincheDeal
from game.engine.protocol import Action, Phase
from game.engine.rules import CoincheRules
from game.engine.trickgame import TrickView

HEARTS_80 = bid(80, Suit.HEARTS)


def confirme(view: object) -> Decision:
    return decide(view, Level.CONFIRME, random.Random(0))


def coinche_position(hands: Sequence[str], dealer: int, actions: Sequence[Action],
                     ) -> CoincheDeal:
    state = CoincheDeal.from_hands(CoincheRules(), [parse_cards(h) for h in hands], dealer)
    for action in actions:
        state, _ = state.apply(action)
    return state


# Seat 2 takes at 80♥ and leads ♦K; seat 3 wins it, seat 0 follows, seat 1 (seat 3's
# partner, void in ♦) plays last.
PARTNER_ACE = ("♦7 ♦8 ♦J ♥Q ♠10 ♠9 ♣A ♣9", "♣10 ♣7 ♠A ♠8 ♥7 ♥8 ♠7 ♣8",
               "♦K ♥J ♥9 ♥A ♥10 ♠K ♣K ♦Q", "♦A ♦10 ♦9 ♠Q ♠J ♣Q ♣J ♥K")
PARTNER_RUFF = ("♦A ♦10 ♦9 ♦7 ♦8 ♦J ♣A ♥K", "♥7 ♥8 ♣10 ♣7 ♣8 ♠A ♠8 ♠7",
                "♥J ♥9 ♥A ♥10 ♦K ♦Q ♠K ♣K", "♥Q ♠Q ♠J ♣Q ♣J ♠9 ♣9 ♠10")
BIDDING = (HEARTS_80, Pass(), Pass(), Pass())


def test_give_points_to_a_partner_who_is_master() -> None:
    state = coinche_position(PARTNER_ACE, 1, (*BIDDING, play(_card("♦K")),
                                              play(_card("♦A")), play(_card("♦7"))))
    decision = confirme(state.view(1))
    assert decision.action == play(_card("♣10"))  # a ten that is not master: charge it
    assert decision.reason == "hint.partner_master"


def test_do_not_overtrump_a_partner_who_is_master() -> None:
    state = coinche_position(PARTNER_RUFF, 1, (*BIDDING, play(_card("♦K")), play(_card("♥Q")),
                                               play(_card("♦A"))))
    assert any(isinstance(a, PlayCard) and a.card == _card("♥8") for a in state.legal_actions())
    decision = confirme(state.view(1))
    assert isinstance(decision.action, PlayCard)
    assert decision.action.card.suit != Suit.HEARTS
    assert decision.action.card == _card("♣10")


def test_the_taker_announces_then_draws_trumps_with_the_master_jack() -> None:
    state = coinche_position(PARTNER_ACE, 1, BIDDING)
    assert confirme(state.view(2)).action == Announce()
    state, _ = state.apply(Announce())
    decision = confirme(state.view(2))
    assert decision.action == play(_card("♥J"))
    assert decision.reason == "hint.draw_trumps"


def test_a_defender_cashes_a_master_ace_rather_than_leading_into_the_taker() -> None:
    state = coinche_position(PARTNER_ACE, 1, (*BIDDING, play(_card("♦K")), play(_card("♦A")),
                                              play(_card("♦7")), play(_card("♣7"))))
    assert state.current_player == 3  # won the first trick
    decision = confirme(state.view(3))
    assert decision.action == play(_card("♦10"))  # master once the ace fell
    assert decision.reason == "hint.play_master"


def _card(text: str) -> Card:
    return parse_cards(text)[0]


# --- bidding -------------------------------------------------------------------------------


def coinche_bidding_view(hand: str, bids: Sequence[tuple[int, Action]], seat: int) -> TrickView:
    """A seat's view of a coinche bidding, its hand given and the others dealt the rest."""
    mine = parse_cards(hand)
    rest = [c for c in DECK32 if c not in mine]
    hands = [rest[0:8], rest[8:16], rest[16:24]]
    hands.insert(seat, list(mine))
    first = bids[0][0] if bids else seat
    state = CoincheDeal.from_hands(CoincheRules(), hands, (first - 1) % 4)
    for _, action in bids:
        state, _ = state.apply(action)
    assert state.current_player == seat
    return state.view(seat)


def test_coinche_opens_a_strong_hand_and_passes_a_weak_one() -> None:
    strong = confirme(coinche_bidding_view("♥J ♥9 ♥A ♥7 ♠A ♣A ♦7 ♦8", (), 0)).action
    assert isinstance(strong, Bid) and strong.suit == Suit.HEARTS and strong.value >= 100
    weak = confirme(coinche_bidding_view("♥7 ♥8 ♠9 ♠Q ♣8 ♣K ♦7 ♦Q", (), 0)).action
    assert weak == Pass()


def test_coinche_an_obviously_failing_contract() -> None:
    view = coinche_bidding_view("♥J ♥9 ♥A ♥10 ♠A ♣A ♦7 ♦8", ((0, bid(160, Suit.HEARTS)),), 1)
    decision = confirme(view)
    assert decision.action == Coinche()
    assert decision.reason == "hint.coinche_failing"


def test_no_coinche_with_a_weak_defence() -> None:
    view = coinche_bidding_view("♥7 ♠9 ♠Q ♣8 ♣K ♦7 ♦Q ♦9", ((0, HEARTS_80),), 1)
    assert confirme(view).action == Pass()


def test_raise_a_partner_with_support() -> None:
    bids = ((0, HEARTS_80), (1, Pass()))
    view = coinche_bidding_view("♥J ♥8 ♠A ♣A ♦A ♦10 ♣7 ♠8", bids, 2)
    action = confirme(view).action
    assert isinstance(action, Bid) and action.suit == Suit.HEARTS and action.value > 80


def belote_bidding_view(hand: str, retourne: str, round_: int = 1) -> TrickView:
    legal: tuple[Action, ...] = (Take(), Pass())
    return TrickView(
        game="belote", seat=1, players=4, dealer=0, phase=Phase.BIDDING, current_player=1,
        hand=parse_cards(hand), legal=legal, trump=None, taker=None, bids=(), trick=(),
        tricks=(), declared=(), shown_announcements=(), belote_seat=None,
        retourne=_card(retourne), bidding_round=round_, match_totals=(0, 0),
    )


def test_belote_takes_a_strong_hand_and_passes_a_weak_one() -> None:
    assert confirme(belote_bidding_view("♥J ♥9 ♠A ♣7 ♦8", "♥A")).action == Take()
    assert confirme(belote_bidding_view("♠7 ♣8 ♦9 ♣Q ♦K", "♥8")).action == Pass()


def test_an_overwhelming_hand_bids_capot() -> None:
    decision = confirme(coinche_bidding_view("♥J ♥9 ♥A ♥10 ♥K ♥Q ♠A ♣A", (), 0))
    assert isinstance(decision.action, Bid) and decision.action.is_capot
    assert decision.action.suit == Suit.HEARTS
    assert decision.reason == "hint.bid_capot"


def test_belote_round_two_names_the_best_other_suit() -> None:
    view = belote_bidding_view("♠J ♠9 ♠A ♥7 ♦8", "♥K", round_=2)
    legal: tuple[Action, ...] = (*(ChooseTrump(s) for s in Suit if s != Suit.HEARTS), Pass())
    decision = confirme(dataclasses.replace(view, legal=legal))
    assert decision.action == ChooseTrump(Suit.SPADES)
    assert decision.reason == "hint.choose_suit"
