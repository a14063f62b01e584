"""The tarot search's fast paths decide as the plain code they replace: the same
values, the same draws from the same generator."""

from __future__ import annotations

import random

from game.ai.tarot import hand_strength
from game.ai.tarot_search import _try_placing, best_power, camp_wins_trick, sure_lead
from game.engine.tarot_cards import (
    DECK78,
    EXCUSE,
    KING,
    PLAIN_SUITS,
    QUEEN,
    THE_21,
    THE_PETIT,
    TarotCard,
)
from game.engine.tarot_tricks import card_power, led_suit, legal_cards


def plain_hand_strength(hand: list[TarotCard]) -> float:
    """``hand_strength`` as it was written before its one-pass loop."""
    trumps = [c for c in hand if c.is_trump]
    value = 2.0 * len(trumps) + 2 * max(0, len(trumps) - 5)
    value += sum(1 for c in trumps if c.rank >= 16)
    value += 10 if THE_21 in hand else 0
    value += 8 if EXCUSE in hand else 0
    if THE_PETIT in hand:
        value += 8 if len(trumps) >= 6 else 5 if len(trumps) >= 5 else 0
    for suit in PLAIN_SUITS:
        ranks = [c.rank for c in hand if c.suit is suit]
        value += 6 * (KING in ranks) + 3 * (QUEEN in ranks) + (KING in ranks and QUEEN in ranks)
        value += 2 * (12 in ranks) + (11 in ranks)
        value += 2 * max(0, len(ranks) - 4)
        if len(trumps) >= 4:
            value += {0: 6, 1: 3}.get(len(ranks), 0)
    return value


def test_hand_strength_counts_as_the_plain_loops() -> None:
    rng = random.Random(5)
    for _ in range(400):
        hand = rng.sample(DECK78, rng.choice((6, 15, 18, 24)))
        assert hand_strength(hand) == plain_hand_strength(hand)
    assert hand_strength([THE_PETIT, THE_21, EXCUSE]) == 2.0 * 2 + 1 + 10 + 8 + 4 * 0


def test_best_power_is_the_top_power_among_the_legal_cards() -> None:
    rng = random.Random(6)
    for _ in range(2000):
        deck = list(DECK78)
        rng.shuffle(deck)
        trick = [(s, deck.pop()) for s in range(rng.randint(1, 3))]
        led = led_suit(trick)
        if led is None:
            continue
        hand = deck[:rng.randint(1, 8)]
        expected = max(card_power(c, led) for c in legal_cards(hand, trick))
        assert best_power(hand, led) == expected


def plain_try_placing(allowed: dict[TarotCard, list[int]], capacity: list[int],
                      rng: random.Random) -> list[list[TarotCard]] | None:
    """``_try_placing`` as it was, drawing each place with ``rng.choices``."""
    left = list(capacity)
    placed: list[list[TarotCard]] = [[] for _ in capacity]
    order = sorted(allowed, key=lambda c: (len(allowed[c]), rng.random()))
    for c in order:
        options = [p for p in allowed[c] if left[p] > 0]
        if not options:
            return None
        place = rng.choices(options, weights=[left[p] for p in options])[0]
        left[place] -= 1
        placed[place].append(c)
    return placed


def test_the_placing_draws_as_random_choices_did() -> None:
    for seed in range(60):
        shape = random.Random(seed)
        cards = sorted(shape.sample(DECK78, 30))
        allowed = {c: sorted(shape.sample(range(4), shape.randint(1, 4))) for c in cards}
        capacity = [8, 8, 8, 6]
        fast, plain = random.Random(seed), random.Random(seed)
        assert _try_placing(allowed, capacity, fast) == plain_try_placing(allowed, capacity,
                                                                            plain)
        assert fast.getstate() == plain.getstate()


def plain_camp_wins_trick(holdings: list[list[TarotCard]], seat: int,
                          trick: list[tuple[int, TarotCard]], mine: frozenset[int],
                          card: TarotCard | None = None) -> bool:
    """``camp_wins_trick`` as it was: every later seat's legal cards listed."""
    plays = [*trick, (seat, card)] if card is not None else list(trick)
    led = led_suit(plays)
    if led is None:
        return False
    ours = theirs = -1
    for s, c in plays:
        if s in mine:
            ours = max(ours, card_power(c, led))
        else:
            theirs = max(theirs, card_power(c, led))
    players = len(holdings)
    for k in range(1, players - len(trick)):
        later = (seat + k) % players
        best = max(card_power(c, led) for c in legal_cards(holdings[later], plays))
        if later in mine:
            ours = max(ours, best)
        else:
            theirs = max(theirs, best)
    return ours > theirs


def test_the_sure_trick_tests_answer_as_the_plain_ones() -> None:
    rng = random.Random(8)
    for _ in range(600):
        players = rng.choice((3, 4, 5))
        deck = list(DECK78)
        rng.shuffle(deck)
        size = rng.randint(2, 6)
        holdings = [deck[k * size:(k + 1) * size] for k in range(players)]
        leader, played = rng.randrange(players), rng.randrange(players)
        trick = [((leader + k) % players, holdings[(leader + k) % players].pop())
                 for k in range(played)]
        seat = (leader + played) % players
        mine = frozenset(rng.sample(range(players), rng.randint(1, players - 1)))
        assert camp_wins_trick(holdings, seat, trick, mine) == plain_camp_wins_trick(
            holdings, seat, trick, mine)
        for card in holdings[seat]:
            assert camp_wins_trick(holdings, seat, trick, mine, card) == plain_camp_wins_trick(
                holdings, seat, trick, mine, card)
        if not trick:
            cards = holdings[seat]
            sure = [c for c in cards if c.suit.is_plain
                    and plain_camp_wins_trick(holdings, seat, [], mine, c)]
            expected = max(sure, key=lambda c: (c.half_points, -c.rank), default=None)
            assert sure_lead(holdings, seat, cards, mine) == expected
