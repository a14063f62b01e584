"""The Expert's opening lead departs from the Confirmé's only on a clear gain."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.ai import lead_gate
from game.ai.lead_gate import (
    BELOTE_TAKERS_GATE,
    DEFENCE_GATE,
    TAKERS_GATE,
    Gate,
    gated_lead,
    paired_gain,
)
from game.ai.memory import build_memory
from game.ai.play import choose_card
from game.ai.search import WorldSearch, weigh_cards
from game.engine.actions import Pass, PlayCard, bid
from game.engine.cards import Card, Suit, parse_cards
from game.engine.coinche import CoincheDeal
from game.engine.rules import BeloteRules, CoincheRules
from game.engine.trick_view import TrickView
from tests.test_ai_search import HANDS, views

ACE, KING, SEVEN = parse_cards("♠A ♣K ♦7")
CONFIRME = (ACE, "hint.play_master")


def test_a_noisy_gain_keeps_the_confirmes_lead() -> None:
    """The king's mean is higher by 10, but it swings 100 points either way."""
    values = {ACE: [0.0] * 8, KING: [110.0, -90.0] * 4, SEVEN: [-5.0] * 8}
    assert gated_lead(values, CONFIRME, Gate(z=2.0)) == CONFIRME


def test_a_steady_gain_passes_the_gate() -> None:
    values = {ACE: [0.0, 10.0] * 4, KING: [12.0, 20.0] * 4, SEVEN: [-5.0] * 8}
    assert gated_lead(values, CONFIRME, Gate(z=2.0)) == (KING, "hint.search_best")
    assert gated_lead(values, CONFIRME, Gate(z=2.0, margin=20.0)) == CONFIRME


def test_the_gain_is_paired_world_by_world() -> None:
    """Both cards swing with the worlds, the king by 5 more in each: a sure gain."""
    ace = [100.0, -100.0, 40.0, -60.0]
    king = [v + 5 for v in ace]
    gain, error = paired_gain(king, ace)
    assert gain == pytest.approx(5.0) and error == pytest.approx(0.0)
    assert gated_lead({ACE: ace, KING: king}, CONFIRME, Gate(z=3.0))[0] == KING


def test_one_world_never_clears_the_gate() -> None:
    assert gated_lead({ACE: [0.0], KING: [500.0]}, CONFIRME, Gate(z=0.5)) == CONFIRME


def defence_lead() -> TrickView:
    """Seat 2 bids hearts, seat 3 (a defender) leads first."""
    state = CoincheDeal.from_hands(CoincheRules(), [parse_cards(h) for h in HANDS], 2)
    for action in (Pass(), Pass(), Pass(), bid(100, Suit.HEARTS), Pass(), Pass(), Pass()):
        state, _ = state.apply(action)
    view = state.view(3)
    assert not view.tricks and not view.trick and view.taker == 2
    return view


def test_each_side_leads_through_its_own_gate_the_defence_the_stricter() -> None:
    taker, _ = views(100)
    assert lead_gate.lead_gate(taker, build_memory(taker)) == TAKERS_GATE
    defender = defence_lead()
    assert lead_gate.lead_gate(defender, build_memory(defender)) == DEFENCE_GATE
    assert DEFENCE_GATE.z > TAKERS_GATE.z


def test_at_belote_the_takers_side_leads_the_searchs_best_card() -> None:
    """Measured at four players: the taker's side gains by the search's best lead at
    belote classique; the defence keeps its gate."""
    taker, _ = views(100)
    defender = defence_lead()
    for view, gate in ((taker, BELOTE_TAKERS_GATE), (defender, DEFENCE_GATE)):
        belote = dataclasses.replace(view, game="belote", rules=BeloteRules())
        assert lead_gate.lead_gate(belote, build_memory(belote)) == gate
    assert BELOTE_TAKERS_GATE.z < TAKERS_GATE.z


def lead_of(view: TrickView) -> tuple[tuple[Card, str], tuple[Card, str], dict[Card, float]]:
    """The Confirmé's lead, the Expert's (12 seeded worlds), each card's mean."""
    mem = build_memory(view)
    cards = sorted({a.card for a in view.legal if isinstance(a, PlayCard)})
    confirme = choose_card(view, mem, cards)
    choice, means = weigh_cards(view, mem, cards, confirme, random.Random(3), 12, None)
    return confirme, choice, means


@pytest.mark.kernel
def test_the_search_keeps_the_confirmes_lead_when_its_best_is_not_clear() -> None:
    """The taker's Confirmé draws trumps (♥J); the search's best mean (♣K) is not clear."""
    taker, _ = views(100)
    confirme, choice, means = lead_of(taker)
    assert confirme[0] == parse_cards("♥J")[0]
    assert max(means, key=lambda c: means[c]) != confirme[0]
    assert choice == confirme


@pytest.mark.kernel
def test_the_search_leads_its_best_card_once_the_gain_clears_the_gate(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The same position, a gate any gain clears: the best mean is led."""
    monkeypatch.setattr(lead_gate, "TAKERS_GATE", Gate(z=0.0))
    taker, _ = views(100)
    confirme, choice, means = lead_of(taker)
    assert choice == (max(means, key=lambda c: means[c]), "hint.search_best")
    assert choice[0] != confirme[0]


def gate_of(view: TrickView) -> Gate | None:
    cards = sorted({a.card for a in view.legal if isinstance(a, PlayCard)})
    return WorldSearch(view, build_memory(view), cards, random.Random(1), 4).gate()


def seat_view(state: CoincheDeal) -> TrickView:
    assert state.turn is not None
    return state.view(state.turn)


def test_only_the_deals_first_card_is_gated() -> None:
    """The defence's opening lead goes through its gate; the next card (a follow) and
    the second trick's lead play the search's best mean."""
    view = defence_lead()
    assert gate_of(view) == DEFENCE_GATE
    state = CoincheDeal.from_hands(CoincheRules(), [parse_cards(h) for h in HANDS], 2)
    for action in (Pass(), Pass(), Pass(), bid(100, Suit.HEARTS), Pass(), Pass(), Pass()):
        state, _ = state.apply(action)
    state, _ = state.apply(state.legal_actions()[0])
    assert gate_of(seat_view(state)) is None
    while state.trick:
        state, _ = state.apply(state.legal_actions()[0])
    second_lead = seat_view(state)
    assert len(second_lead.tricks) == 1 and not second_lead.trick
    assert gate_of(second_lead) is None
