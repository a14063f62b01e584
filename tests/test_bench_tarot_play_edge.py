"""bench/tarot_play_edge.py: each call of South's played out with the Confirmé's play
and with the Expert's, on the same deal."""

from __future__ import annotations

from bench.tarot_bids import deal_state, play, seat_rngs
from bench.tarot_play_edge import finish, to_south_call
from game.ai import Level
from game.ai.tarot import tarot_decision
from game.engine.rules import TarotRules


def test_the_confirme_arm_of_the_confirme_s_call_is_the_confirme_s_own_deal() -> None:
    """Played out with the Confirmé's play after South's Confirmé call, a deal scores
    what the Confirmé scored playing it whole at South (the same seat generators)."""
    rules = TarotRules(players=4)
    for index in range(3):
        start = to_south_call(deal_state(rules, 6, index), seat_rngs(6, index, 4))
        call = tarot_decision(start.view(0)).action
        arm = finish(start, call, Level.CONFIRME, Level.CONFIRME, seat_rngs(6, index, 4))
        whole = play(deal_state(rules, 6, index), Level.CONFIRME, False, seat_rngs(6, index, 4))
        assert arm == whole.marks
