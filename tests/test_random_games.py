"""Random legal play through whole matches and deals: the invariants of every game.

Whole tarot matches (their end by deal count or by score) are played in
``test_tarot_random.py``; the deals of every game and player count are played here."""

from __future__ import annotations

import json
import os
import random

import pytest

from game.engine.match import Match
from game.engine.protocol import Phase
from game.engine.rules import (
    AnnounceTie,
    BeloteRules,
    CoincheRules,
    Litige,
    MultiplierBase,
    OvertrumpPartner,
    PartnerRuff,
    Rubicon,
    TarotRules,
    TrickGameRules,
    Undertrump,
)
from tests.invariants import check_deal_invariants, check_finished_deal
from tests.play_fixtures import TWO_PLAYER_TABLES

RULE_SETS: list[TrickGameRules] = [
    CoincheRules(target=1000),
    CoincheRules(target=1000, sans_atout_tout_atout=True, surcoinche_multiplier=3,
                 multiplier_base=MultiplierBase.BID_ONLY, round_to_10=True,
                 partner_ruff=PartnerRuff.NO_UNDERTRUMP, belote_prenable=True, made_base=162,
                 bid_capot_base=252, defence_belote_to_coinched_takers=True,
                 announce_tie=AnnounceTie.FIRST_FROM_TAKER),
    BeloteRules(target=500),
    BeloteRules(target=500, litige=Litige.DEDANS, undertrump=Undertrump.OPTIONAL,
                overtrump_partner_when_trump_led=OvertrumpPartner.RELAXED,
                announce_tie=AnnounceTie.FIRST_IN_TURN, capot_points=250,
                rubicon=Rubicon.FLOTTANT, partner_ruff=PartnerRuff.MUST_OVERTRUMP),
    BeloteRules(players=3, target=500),
    BeloteRules(target=500, sans_atout_tout_atout=True, belote_counts_for_contract=False,
                litige_belote_paid=True, announce_tie=AnnounceTie.FIRST_FROM_TAKER),
    BeloteRules(players=3, target=500, sans_atout_tout_atout=True,
                belote_counts_for_contract=False, litige_belote_paid=True),
    BeloteRules(players=2, target=500, card_reuse_in_announcements=True,
                rubicon=Rubicon.SIMPLE),
    *TWO_PLAYER_TABLES,
]
EVERY_GAME: list[TrickGameRules | TarotRules] = [
    *RULE_SETS, TarotRules(players=3), TarotRules(players=4), TarotRules(players=5),
]


def table_id(rules: TrickGameRules | TarotRules) -> str:
    layout = rules.layout.value if isinstance(rules, TrickGameRules) and rules.decouverte else ""
    return f"{rules.game}{rules.players}{layout}"


MATCHES = int(os.environ.get("ATOUT_RANDOM_MATCHES", "8"))
DEALS = int(os.environ.get("ATOUT_RANDOM_DEALS", "300"))



def choose(match: Match, rng: random.Random) -> object:
    actions = match.legal_actions()
    if match.phase is Phase.BIDDING and rng.random() < 0.6:
        # Pass more often than not, so that contracts stay sensible.
        return next(a for a in actions if type(a).__name__ == "Pass")
    return rng.choice(actions)


def play_match(rules: TrickGameRules, seed: int) -> Match:
    rng = random.Random(seed)
    match, _ = Match.new(rules, seed)
    while not match.is_over:
        check_deal_invariants(match.deal)
        action = choose(match, rng)
        finished, _ = match.deal.apply(action)  # type: ignore[arg-type]
        if finished.is_over:
            check_finished_deal(finished)
        match, _ = match.apply(action)  # type: ignore[arg-type]
    return match


@pytest.mark.parametrize("rules", RULE_SETS, ids=table_id)
def test_random_matches_keep_the_invariants_and_replay(rules: TrickGameRules) -> None:
    for seed in range(MATCHES):
        match = play_match(rules, seed)
        assert match.winner is not None
        assert match.totals[match.winner] >= rules.target
        running = [0] * len(match.totals)
        for record in match.history:
            running = [r + s + c for r, s, c in zip(running, record.result.scores,
                                                    record.carried, strict=True)]
            assert tuple(running) == record.totals
        saved = json.loads(json.dumps(match.to_json()))
        replayed = Match.from_json(saved)
        assert replayed.totals == match.totals
        assert replayed.history == match.history
        assert replayed.winner == match.winner
        assert replayed.to_json() == match.to_json()


@pytest.mark.parametrize("rules", EVERY_GAME, ids=table_id)
def test_random_deals_conserve_cards_and_points(rules: TrickGameRules | TarotRules) -> None:
    from game.engine.match import new_deal_state

    rng = random.Random(1)
    for seed in range(DEALS):
        deal, _ = new_deal_state(rules, seed, dealer=seed % rules.players)
        while not deal.is_over:
            check_deal_invariants(deal)
            deal, _ = deal.apply(rng.choice(deal.legal_actions()))
        check_finished_deal(deal)
