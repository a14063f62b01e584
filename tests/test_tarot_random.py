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
from game.engine.tarot import Step, TarotDeal, TarotPacketDealt, TarotPlayCard
from game.engine.tarot_cards import DECK78, TOTAL_POINTS, TarotCard, half_points

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


def cards_in_deal(deal: TarotDeal) -> list[TarotCard]:
    cards = [c for h in deal.hands for c in h] + [c for _, c in deal.trick]
    cards += [c for t in deal.tricks for c in t.cards] + list(deal.ecart)
    contract = deal.contract
    chien_taken = contract is not None and contract.chien_shown and deal.step not in (
        Step.BID, Step.CALL)
    if not chien_taken:
        cards += deal.chien
    return cards


def check_state(deal: TarotDeal) -> None:
    cards = cards_in_deal(deal)
    assert len(cards) == 78 and set(cards) == set(DECK78)
    if not deal.is_over:
        assert deal.legal_actions(), "a legal action exists until the end"
    for seat in range(deal.players):
        view = deal.view(seat)
        assert set(view.hand) == set(deal.hands[seat])
        if seat != deal.taker and not deal.is_over:
            assert view.ecart == ()
        if deal.contract is not None and not deal.contract.chien_shown and not deal.is_over:
            assert view.chien == ()
        assert view.legal == (deal.legal_actions() if deal.current_player == seat else ())


def check_finished(deal: TarotDeal) -> None:
    result = deal.result()
    if deal.void:
        assert result is None
        return
    assert result is not None
    assert sum(result.scores) == 0
    attack, defence = deal.camp_cards()
    assert sorted(attack + defence) == sorted(DECK78)
    assert half_points(attack) + half_points(defence) == TOTAL_POINTS
    points = deal.attack_half_points()
    assert 0 <= points <= TOTAL_POINTS and abs(points - half_points(attack)) <= 1
    assert result.lines[-1].values == result.scores


def play_match(rules: TarotRules, seed: int, max_deals: int) -> tuple[Match, int]:
    rng = random.Random(seed)
    match, events = Match.new(rules, seed)
    deals = 0
    while not match.is_over and deals < max_deals:
        deal = match.deal
        assert isinstance(deal, TarotDeal)
        check_state(deal)
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
            check_finished(finished)
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
