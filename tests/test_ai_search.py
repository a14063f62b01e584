"""The Expert's 32-card search scores its rollouts as the table does (``deal_value``)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.ai.memory import build_memory
from game.ai.play import choose_card
from game.ai.search import weigh_cards
from game.engine.actions import Pass, PlayCard, bid
from game.engine.cards import Card, Suit, parse_cards
from game.engine.coinche import CoincheDeal
from game.engine.rules import CoincheRules
from game.engine.trick_view import TrickView

# Every test here is handed a compiled kernel: `make test` runs them on the Python path too.
pytestmark = pytest.mark.kernel

# Seat 2 bids hearts and leads; its partner (seat 0) is weak: a high bid often fails.
HANDS = ("♦7 ♦8 ♦J ♥Q ♠10 ♠9 ♣A ♣9", "♣10 ♣7 ♠A ♠8 ♥7 ♥8 ♠7 ♣8",
         "♦K ♥J ♥9 ♥A ♥10 ♠K ♣K ♦Q", "♦A ♦10 ♦9 ♠Q ♠J ♣Q ♣J ♥K")


def views(value: int) -> tuple[TrickView, TrickView]:
    """The taker's opening lead (seat 2), then the last defender's card (seat 1)."""
    state = CoincheDeal.from_hands(CoincheRules(), [parse_cards(h) for h in HANDS], 1)
    for action in (bid(value, Suit.HEARTS), Pass(), Pass(), Pass()):
        state, _ = state.apply(action)
    lead = state.view(2)
    for _ in range(3):
        view = state.view(state.current_player)
        state, _ = state.apply(next(a for a in view.legal if isinstance(a, PlayCard)))
    return lead, state.view(1)


def values(view: TrickView) -> dict[Card, float]:
    """Each card's mean rollout over 12 worlds, the same worlds whatever ``view``'s
    rules (a seeded generator, no deadline)."""
    mem = build_memory(view)
    cards = sorted({a.card for a in view.legal if isinstance(a, PlayCard)})
    fallback = choose_card(view, mem, cards)
    return weigh_cards(view, mem, cards, fallback, random.Random(3), 12, None)[1]


def test_a_higher_failure_base_lowers_the_takers_values_and_raises_the_defences() -> None:
    taker, defender = views(130)
    for view, sign in ((taker, -1), (defender, +1)):
        default = values(view)
        harsher = values(dataclasses.replace(view, rules=CoincheRules(fail_base=162)))
        assert len(default) > 1 and default.keys() == harsher.keys()
        shifts = [sign * (harsher[c] - default[c]) for c in default]
        assert min(shifts) >= 0 and max(shifts) > 0


def test_a_coinche_raises_the_stake_of_a_contract_that_mostly_fails() -> None:
    """At 140 the takers fail in most worlds: coinched, every card costs them more."""
    taker, _ = views(140)
    plain = values(taker)
    coinched = values(dataclasses.replace(taker, coinche_level=1))
    assert all(v < 0 for v in plain.values())
    assert all(coinched[c] < plain[c] for c in plain)
