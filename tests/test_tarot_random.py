"""Random legal play through whole tarot matches: the invariants of every deal."""

from __future__ import annotations

import itertools
import json
import os
import random

import pytest

from game.engine.match import Match
from game.engine.protocol import IllegalAction
from game.engine.rules import Direction, KingCall, PetitAuBoutValue, PoigneeSizes, TarotRules
from game.engine.tarot import TarotDeal, TarotPacketDealt, TarotPlayCard
from game.engine.tarot_cards import DECK78
from tests.invariants import check_deal_invariants, check_finished_deal

RULE_SETS = [
    TarotRules(players=3, deals=4),
    TarotRules(players=4, deals=8),
    TarotRules(players=4, deals=None, target=400, direction=Direction.CW),
    TarotRules(players=5, deals=4),
    TarotRules(players=5, deals=None, target=300),
    TarotRules(players=3, deals=4, misere=True, poignee_sizes=PoigneeSizes.FOUR_PLAYER,
               petit_au_bout=PetitAuBoutValue.FIXED, unannounced_chelem=0, defence_chelem=0),
    TarotRules(players=5, deals=4, misere=True, king_call=KingCall.NO_SELF),
    TarotRules(players=5, deals=4, king_call=KingCall.FOUR_KINGS_ALONE,
               poignee_sizes=PoigneeSizes.FOUR_PLAYER),
]
DEALS = int(os.environ.get("ATOUT_TAROT_RANDOM_DEALS", "60"))  # per rule set


def play_match(rules: TarotRules, seed: int, max_deals: int) -> tuple[Match, int]:
    rng = random.Random(seed)
    match, events = Match.new(rules, seed)
    deals = 0
    while not match.is_over and deals < max_deals:
        deal = match.deal
        assert isinstance(deal, TarotDeal)
        check_deal_invariants(deal)
        legal = match.legal_actions()
        if rng.random() < 0.05:
            stranger = next(c for c in DECK78 if c not in deal.hands[deal.turn or 0])
            before = deal.view(0)
            with pytest.raises(IllegalAction):
                match.apply(TarotPlayCard(stranger))
            assert deal.view(0) == before
        action = rng.choice(legal)
        finished, events = deal.apply(action)
        for event in events:
            if isinstance(event, TarotPacketDealt):
                other = (event.seat + 1) % rules.players
                assert event.visible_to(other) == TarotPacketDealt(event.seat, event.count, None)
        if finished.is_over:
            check_finished_deal(finished)
            deals += 1
        match, _ = match.apply(action)
    return match, deals


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: json.dumps(r.to_json()))
def test_random_matches_keep_every_invariant(rules: TarotRules) -> None:
    played = 0
    seed = 0
    while played < DEALS:
        match, deals = play_match(rules, seed, DEALS - played)
        played += deals
        seed += 1
        if match.is_over:
            assert match.winner is not None
            assert sum(match.totals) == 0
            if rules.deals is not None:
                assert len(match.history) >= rules.deals
                for record in match.history[rules.deals - 1:-1]:  # a tie plays one more
                    assert sorted(record.totals)[-1] == sorted(record.totals)[-2]
            else:
                assert any(abs(t) >= rules.target for t in match.totals)
        saved = json.loads(json.dumps(match.to_json()))
        replayed = Match.from_json(saved)
        assert replayed.totals == match.totals and replayed.history == match.history
        assert all(replayed.deal.view(s) == match.deal.view(s) for s in range(rules.players))


def test_dealer_rotates_between_deals() -> None:
    match, _ = Match.new(TarotRules(players=5, deals=4), 3)
    rng = random.Random(3)
    dealers = [match.dealer]
    while not match.is_over:
        match, _ = match.apply(rng.choice(match.legal_actions()))
        if match.dealer != dealers[-1]:
            dealers.append(match.dealer)
    assert len(dealers) >= 4
    assert all((b - a) % 5 == 1 for a, b in itertools.pairwise(dealers))
