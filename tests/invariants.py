"""Invariants every 32-card deal keeps, checked by the random-game and fuzz tests."""

from __future__ import annotations

from game.engine.cards import DECK32
from game.engine.protocol import Phase
from game.engine.trickgame import TrickDeal


def cards_in_deal(deal: TrickDeal) -> list:  # type: ignore[type-arg]
    cards = [c for h in deal.hands for c in h] + [c for _, c in deal.trick]
    cards += [c for t in deal.tricks for c in t.cards]
    return cards


def check_deal_invariants(deal: TrickDeal) -> None:
    cards = cards_in_deal(deal)
    assert len(cards) == len(set(cards))
    if deal.players == 4 and deal.phase is Phase.PLAY:
        assert sorted(cards) == sorted(DECK32)
    if deal.phase is not Phase.OVER:
        assert deal.legal_actions(), "a legal action exists until the end"


def check_finished_deal(deal: TrickDeal) -> None:
    result = deal.result()
    if deal.void:
        assert result is None
        return
    assert result is not None
    card_points = sum(t.points for t in deal.tricks)
    played_out = not any(deal.hands)  # a defender's arrêt ends a deal early
    assert played_out or result.fact("outcome") == "arret"
    if deal.players == 4 and played_out:
        assert card_points == 162
        assert sum(deal.tally().trick_points) in (162, deal.rules.capot_points)
    lines = {line.key: line.values for line in result.lines}
    assert lines["deal_score"] == result.scores
    assert all(score >= 0 for score in result.scores)
