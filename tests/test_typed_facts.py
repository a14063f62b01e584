"""Deal facts and contracts as values: what the engine tells the match, the statistics
and the score sheet is typed, and nothing parses a display string back."""

from __future__ import annotations

import random

from game.engine.actions import Bid, ContractSet
from game.engine.cards import TrumpMode
from game.engine.coinche import trump_of
from game.engine.deal_scoring import SideTally, TrickFacts, score_coinche
from game.engine.match import DealRecord, Match, deal_scored
from game.engine.rules import CoincheRules, TarotRules
from game.engine.tarot_scoring import Contract, TarotFacts
from game.engine.tricks import Trump
from game.ui.scenes.breakdown import deal_words
from tests.words import FRENCH

SANS_ATOUT = CoincheRules(sans_atout_tout_atout=True)


def test_a_contract_set_carries_its_trump_as_a_value() -> None:
    """Every coinche contract of a few random matches announces the trump it is played
    with: the same value as the deal's, for suits and sans-atout / tout-atout alike."""
    modes = set()
    for seed in range(12):
        match, _ = Match.new(SANS_ATOUT, seed)
        rng = random.Random(seed)
        while match.number == 1 and not match.is_over:
            match, events = match.apply(rng.choice(match.legal_actions()))
            for event in events:
                if isinstance(event, ContractSet):
                    assert isinstance(event.trump, Trump)
                    assert event.trump == match.deal.trump  # type: ignore[union-attr]
                    modes.add(event.trump.mode)
    assert modes == set(TrumpMode)


def no_trump_record() -> DealRecord:
    tally = SideTally((120, 42), (0, 0), (0, 0), (6, 2), None)
    result = score_coinche(SANS_ATOUT, Bid(120, None, TrumpMode.NO_TRUMP), 0, 0, tally)
    return DealRecord(1, 0, 12, result, (0, 0), result.scores)


def test_the_deal_words_say_sans_atout_for_a_no_trump_contract() -> None:
    words = deal_words(FRENCH, no_trump_record(), lambda side: f"side {side}")
    assert FRENCH.tr("trump.no_trump") in words and FRENCH.tr("trump.all_trump") not in words
    assert words.startswith("side 0 · 120 ")


def test_the_facts_are_typed_per_family() -> None:
    result = no_trump_record().result
    assert result.facts == TrickFacts(
        outcome="made", made=True, taker=0, tricks_won=(6, 2), capot_side=None,
        coinche_level=0, bid=Bid(120, None, TrumpMode.NO_TRUMP), winner_side=0,
    )
    assert trump_of(result.facts.bid).mode is TrumpMode.NO_TRUMP  # type: ignore[union-attr]
    match, _ = Match.new(TarotRules(players=3, deals=4), 2)
    rng = random.Random(2)
    while True:
        match, events = match.apply(rng.choice(match.legal_actions()))
        scored = deal_scored(events)
        if scored is not None:
            break
    facts = scored.facts
    assert isinstance(facts, TarotFacts) and isinstance(facts.contract, Contract)
    assert facts.made == (scored.scores[facts.taker] > 0)
