"""The arena players that gate more leads than the opening one (``bench/lead_gates.py``)."""

from __future__ import annotations

import random

from bench.lead_gates import DefenceLeadsGated, EveryLeadGated
from game.ai.lead_gate import DEFENCE_GATE, TAKERS_GATE
from game.ai.memory import build_memory
from game.engine.actions import Pass, PlayCard, bid
from game.engine.cards import Suit, parse_cards
from game.engine.coinche import CoincheDeal
from game.engine.rules import CoincheRules
from game.engine.trick_view import TrickView
from tests.test_ai_search import HANDS


def gates(view: TrickView) -> tuple[object, object]:
    cards = sorted({a.card for a in view.legal if isinstance(a, PlayCard)})
    mem = build_memory(view)
    return (EveryLeadGated(view, mem, cards, random.Random(1), 4).gate(),
            DefenceLeadsGated(view, mem, cards, random.Random(1), 4).gate())


def test_later_leads_go_through_their_sides_gate_and_follows_never() -> None:
    """Seat 2 bids hearts; the deal is played to its end: at every lead after the first,
    the every-lead player gates by side, the defence-leads player the defence only."""
    state = CoincheDeal.from_hands(CoincheRules(), [parse_cards(h) for h in HANDS], 2)
    for action in (Pass(), Pass(), Pass(), bid(100, Suit.HEARTS), Pass(), Pass(), Pass()):
        state, _ = state.apply(action)
    sides = set()
    while not state.is_over:
        assert state.turn is not None
        view = state.view(state.turn)
        every, defence = gates(view)
        if view.trick:
            assert every is None and defence is None
        elif view.tricks:
            takers = view.seat % 2 == 0
            sides.add(takers)
            assert every == (TAKERS_GATE if takers else DEFENCE_GATE)
            assert defence == (None if takers else DEFENCE_GATE)
        state, _ = state.apply(state.legal_actions()[0])
    assert sides == {True, False}
