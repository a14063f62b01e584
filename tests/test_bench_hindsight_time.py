"""The hindsight timing bench (``bench/hindsight_time.py``) times every card choice of
seat 0 in one played deal, and only those."""

from __future__ import annotations

import random

from bench.hindsight_time import SEAT, deal_hindsight
from game.ai import Level, decide
from game.engine.games import rules_class
from game.engine.match import Match
from game.engine.protocol import Phase


def seat_card_choices(game: str, seed: int) -> int:
    """Seat 0's decisions among several cards in the match's first played deal, by
    replaying it the same way as the bench (its seed, the Confirmé at every seat)."""
    state, _ = Match.new(rules_class(game).from_json({"players": 4}), seed)
    rng = random.Random(seed)
    choices, finished = 0, False
    while not finished:
        seat = state.current_player
        assert seat is not None
        played = state.deal.phase is Phase.PLAY
        cards = {getattr(a, "card", None) for a in state.legal_actions()}
        choices += seat == SEAT and played and len(cards) > 1
        before = state.number
        state, _ = state.apply(decide(state.view(seat), Level.CONFIRME, rng).action)
        finished = played and state.number != before
    return choices


def test_every_card_choice_of_the_seat_is_timed() -> None:
    times, unsolved = deal_hindsight("belote", 4, 3)
    assert len(times) == seat_card_choices("belote", 3) > 0
    assert all(t > 0 for t in times)
    assert 0 <= unsolved <= len(times)
