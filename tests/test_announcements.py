"""Announcements, their comparison, and belote-rebelote through real deals."""

from __future__ import annotations

import random

import pytest

from game.engine.actions import Announce, AnnouncementsShown, BeloteSaid, Bid, Pass, PlayCard
from game.engine.announcements import Kind, best_holders, find_announcements
from game.engine.cards import DECK32, Card, Suit, parse_cards
from game.engine.coinche import CoincheDeal
from game.engine.protocol import IllegalAction
from game.engine.rules import AnnounceTie, CoincheRules

S, H = Suit.SPADES, Suit.HEARTS


def kinds(hand: str, reuse: bool = False) -> list[tuple[str, int]]:
    return sorted((a.kind.value, a.value) for a in find_announcements(parse_cards(hand), reuse))


@pytest.mark.parametrize(("hand", "expected"), [
    ("♠7 ♠8 ♠9 ♥A ♦A ♣7 ♣9 ♣J", [("tierce", 20)]),
    ("♠7 ♠8 ♠9 ♠10 ♦A ♣7 ♣9 ♣J", [("cinquante", 50)]),
    ("♠7 ♠8 ♠9 ♠10 ♠J ♣7 ♣9 ♣J", [("cent", 100)]),
    ("♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♣9 ♣J", [("cent", 100)]),
    ("♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K ♠A", [("cent", 100), ("tierce", 20)]),
    ("♠J ♥J ♦J ♣J ♠7 ♥9 ♦K ♣A", [("carre", 200)]),
    ("♠9 ♥9 ♦9 ♣9 ♠7 ♥J ♦K ♣A", [("carre", 150)]),
    ("♠A ♥A ♦A ♣A ♠7 ♥9 ♦K ♣8", [("carre", 100)]),
    ("♠8 ♥8 ♦8 ♣8 ♠A ♥9 ♦K ♣J", []),
    ("♠7 ♥9 ♦K ♣A ♠10 ♥8 ♦J ♣Q", []),
])
def test_find_announcements(hand: str, expected: list[tuple[str, int]]) -> None:
    assert kinds(hand) == expected


def test_a_card_counts_in_one_announcement_unless_the_option_allows() -> None:
    hand = "♥J ♠J ♦J ♣J ♥Q ♥K ♠7 ♦8"  # carré of jacks, and ♥J ♥Q ♥K
    assert kinds(hand) == [("carre", 200)]
    assert kinds(hand, reuse=True) == [("carre", 200), ("tierce", 20)]


def test_the_best_combination_is_kept() -> None:
    # ♥9 ♥10 ♥J ♥Q ♥K is a cent; taking the carré of 9 instead leaves ♥10 ♥J ♥Q ♥K.
    assert kinds("♥9 ♥10 ♥J ♥Q ♥K ♠9 ♦9 ♣9") == [("carre", 150), ("cinquante", 50)]


def anns(hand: str) -> tuple:  # type: ignore[type-arg]
    return find_announcements(parse_cards(hand))


@pytest.mark.parametrize(("first", "second", "trump", "winners"), [
    ("♠7 ♠8 ♠9", "♦7 ♦8 ♦9 ♦10", None, [1]),  # higher value
    ("♠8 ♠9 ♠10", "♦7 ♦8 ♦9", None, [0]),  # higher top card
    ("♠7 ♠8 ♠9", "♦7 ♦8 ♦9", Suit.DIAMONDS, [1]),  # the one in trumps
    ("♠7 ♠8 ♠9", "♦7 ♦8 ♦9", Suit.HEARTS, [0, 1]),  # still equal
    ("♠A ♥A ♦A ♣A", "♦7 ♦8 ♦9 ♦10 ♦J", None, [0]),  # a carré of 100 beats a cent
])
def test_comparison(first: str, second: str, trump: Suit | None, winners: list[int]) -> None:
    assert best_holders([(0, anns(first)), (1, anns(second))], trump) == winners


# --- through a deal -------------------------------------------------------------------

def hands_with(seat0: str, seat1: str = "") -> list[list[Card]]:
    """Seat 0 and 1 hold the named cards; the rest of the deck fills the hands in a
    (seeded) way that adds no announcement to anyone."""
    named = [list(parse_cards(seat0)), list(parse_cards(seat1)), [], []]
    used = {c for h in named for c in h}
    rng = random.Random(0)
    while True:
        rest = [c for c in DECK32 if c not in used]
        rng.shuffle(rest)
        hands = [list(h) for h in named]
        for hand in hands:
            while len(hand) < 8:
                hand.append(rest.pop())
        pairs = zip(hands, named, strict=True)
        if all(find_announcements(h) == find_announcements(n) for h, n in pairs):
            return hands


DEFAULT = CoincheRules()


def start(hands: list[list[Card]], rules: CoincheRules = DEFAULT, trump: Suit = S) -> CoincheDeal:
    deal = CoincheDeal.from_hands(rules, hands, dealer=3)
    deal, _ = deal.apply(Bid(80, trump))
    for _ in range(3):
        deal, _ = deal.apply(Pass())
    return deal


def play_first_legal(deal: CoincheDeal) -> tuple[CoincheDeal, list]:  # type: ignore[type-arg]
    events: list = []  # type: ignore[type-arg]
    while not deal.is_over:
        action = next(a for a in deal.legal_actions() if isinstance(a, PlayCard) and not a.belote)
        deal, new = deal.apply(action)
        events += new
    return deal, events


def test_a_declared_announcement_is_shown_and_scored() -> None:
    deal = start(hands_with("♥7 ♥8 ♥9 ♥10"))
    assert Announce() in deal.legal_actions()
    deal, _ = deal.apply(Announce())
    assert Announce() not in deal.legal_actions()
    assert deal.view(1).declared == ((0, ("cinquante",)),)
    deal, events = play_first_legal(deal)
    shown = next(e for e in events if isinstance(e, AnnouncementsShown))
    assert shown.seats == (0,)
    assert deal.tally().announcements == (50, 0)


def test_an_undeclared_announcement_does_not_score() -> None:
    deal, _ = play_first_legal(start(hands_with("♥7 ♥8 ♥9 ♥10")))
    assert deal.tally().announcements == (0, 0)


def test_no_announcement_after_ones_first_card_or_without_the_option() -> None:
    deal = start(hands_with("♥7 ♥8 ♥9 ♥10"), CoincheRules(announcements=False))
    assert Announce() not in deal.legal_actions()
    with pytest.raises(IllegalAction):
        deal.apply(Announce())


@pytest.mark.parametrize(("tie", "expected"), [
    (AnnounceTie.CANCEL, (0, 0)), (AnnounceTie.FIRST_IN_TURN, (20, 0))])
def test_announce_tie_option(tie: AnnounceTie, expected: tuple[int, int]) -> None:
    deal = start(hands_with("♥7 ♥8 ♥9", "♦7 ♦8 ♦9"), CoincheRules(announce_tie=tie))
    deal, _ = deal.apply(Announce())
    deal, _ = deal.apply(next(a for a in deal.legal_actions() if isinstance(a, PlayCard)))
    deal, _ = deal.apply(Announce())
    deal, _ = play_first_legal(deal)
    assert deal.tally().announcements == expected


def test_belote_and_rebelote() -> None:
    deal = start(hands_with("♠K ♠Q ♠7 ♥A"))
    say = PlayCard(parse_cards("♠K")[0], belote=True)
    assert say in deal.legal_actions()
    deal, events = deal.apply(say)
    assert BeloteSaid(0, rebelote=False) in events
    events_all: list = []  # type: ignore[type-arg]
    while not deal.is_over:
        deal, new = deal.apply(next(a for a in deal.legal_actions() if isinstance(a, PlayCard)))
        events_all += new
    assert BeloteSaid(0, rebelote=True) in events_all
    assert deal.tally().belote == (20, 0)


def test_belote_not_said_does_not_count_and_needs_both_cards() -> None:
    deal, _ = play_first_legal(start(hands_with("♠K ♠Q ♠7 ♥A")))
    assert deal.tally().belote == (0, 0)
    only_king = start(hands_with("♠K ♠7 ♥A", "♠Q"))
    assert PlayCard(parse_cards("♠K")[0], belote=True) not in only_king.legal_actions()


def test_kind_values() -> None:
    assert [k.value for k in Kind] == ["tierce", "cinquante", "cent", "carre"]


@pytest.mark.parametrize(("reuse", "expected"), [(False, 200), (True, 220)])
def test_card_reuse_option_through_a_deal(reuse: bool, expected: int) -> None:
    """Carré of jacks and ♥9 ♥10 ♥J: the ♥J makes the tierce only when cards may be
    reused (seed 004); otherwise the carré alone counts."""
    hands = hands_with("♠J ♥J ♦J ♣J ♥9 ♥10")
    rules = CoincheRules(card_reuse_in_announcements=reuse)
    deal, _ = play_first_legal(start(hands, rules).apply(Announce())[0])
    assert deal.tally().announcements == (expected, 0)
