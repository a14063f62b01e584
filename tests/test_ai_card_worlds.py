"""The card play's worlds: the bidding weighs them, the hard facts bound them."""

from __future__ import annotations

import random

from game.ai.card_worlds import card_worlds
from game.ai.sampler import default_rules, knowledge, sample_world
from game.engine.actions import Pass, PlayCard, bid
from game.engine.cards import Card, Suit, parse_cards
from game.engine.coinche import CoincheDeal
from game.engine.rules import CoincheRules
from game.engine.trick_view import TrickView

# Seat 2 bids 120 hearts holding the jack and nine; seat 3 then leads.
HANDS = ("♦7 ♦8 ♦J ♥Q ♠10 ♠9 ♣A ♣9", "♣10 ♣7 ♠A ♠8 ♥7 ♥8 ♠7 ♣8",
         "♦K ♥J ♥9 ♥A ♥10 ♠K ♣K ♦Q", "♦A ♦10 ♦9 ♠Q ♠J ♣Q ♣J ♥K")
JACK, NINE = parse_cards("♥J ♥9")


def defender_view(tricks: int) -> TrickView:
    """Seat 1's view (a defender), after ``tricks`` tricks of first legal cards."""
    state = CoincheDeal.from_hands(CoincheRules(), [parse_cards(h) for h in HANDS], 1)
    for action in (bid(120, Suit.HEARTS), Pass(), Pass(), Pass()):
        state, _ = state.apply(action)
    while len(state.tricks) < tricks or state.current_player != 1:
        view = state.view(state.current_player)
        state, _ = state.apply(next(a for a in view.legal if isinstance(a, PlayCard)))
    return state.view(1)


def test_the_bidders_trumps_are_placed_with_him_more_often_than_by_chance() -> None:
    view = defender_view(0)
    know = knowledge(view, default_rules(view))
    weighed = list(card_worlds(view, default_rules(view), know, random.Random(4), 200))
    uniform = [sample_world(know, random.Random(k)) for k in range(200)]

    def with_bidder(worlds: list[list[tuple[Card, ...]]]) -> int:
        return sum(1 for w in worlds if {JACK, NINE} <= set(w[2]))

    assert len(weighed) == 200
    assert with_bidder(weighed) > 2 * with_bidder(uniform) > 0


def test_the_worlds_keep_every_hard_fact_of_the_view() -> None:
    """Hand sizes, the seat's own hand, and the cards a seat's plays ruled out."""
    view = defender_view(4)
    rules = default_rules(view)
    know = knowledge(view, rules)
    ruled_out = {seat: {c for c, holders in know.holders.items() if seat not in holders}
                 for seat in range(4) if seat != view.seat}
    assert any(ruled_out.values())  # the plays so far revealed some voids
    played = {c for t in view.tricks for _, c in t.plays} | {c for _, c in view.trick}
    for world in card_worlds(view, rules, know, random.Random(5), 60):
        assert world[view.seat] == view.hand
        assert [len(hand) for hand in world] == [3, 4, 3, 3]  # seat 1 plays last
        assert not played & {c for hand in world for c in hand}
        for seat, cards in ruled_out.items():
            assert not cards & set(world[seat])
