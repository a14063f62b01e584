"""Random engine deals played to the card play, for the tests of the sampler and of the
double-dummy solver (``bench/dds``), and its speed benchmark.

Everything here goes through the real engine (``match.new_deal_state`` and legal
actions), so positions are exactly those a game can reach.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

from game.engine.actions import Announce, PlayCard
from game.engine.match import new_deal_state
from game.engine.protocol import Phase
from game.engine.rules import (
    BeloteRules,
    CoincheRules,
    OvertrumpPartner,
    PartnerRuff,
    TrickGameRules,
    Undertrump,
)
from game.engine.trickgame import TrickDeal


def rule_sets() -> Iterator[TrickGameRules]:
    """Every combination of the options that change legality, for every player count
    (coinche with sans-atout and tout-atout allowed)."""
    for undertrump, overtrump, ruff in itertools.product(
        Undertrump, OvertrumpPartner, PartnerRuff
    ):
        options = {"undertrump": undertrump, "overtrump_partner_when_trump_led": overtrump,
                   "partner_ruff": ruff}
        yield CoincheRules(sans_atout_tout_atout=True, **options)  # type: ignore[arg-type]
        for players in (2, 3, 4):
            yield BeloteRules(players=players, **options)  # type: ignore[arg-type]


def play_started(rules: TrickGameRules, seed: int) -> TrickDeal:
    """A deal whose bidding (random legal actions) gave a contract: the first card is next.

    Seeds whose bidding ends with every player passing are skipped."""
    for attempt in itertools.count():
        rng = random.Random(seed * 1009 + attempt)
        state, _ = new_deal_state(rules, seed * 1009 + attempt, rng.randrange(rules.players))
        while not state.is_over and state.phase is not Phase.PLAY:
            state, _ = state.apply(rng.choice(state.legal_actions()))
        if not state.is_over:
            return state
    raise AssertionError("unreachable")


def play_cards(state: TrickDeal, cards: int, rng: random.Random) -> TrickDeal:
    """``state`` after ``cards`` random legal cards (announcing now and then)."""
    played = 0
    while played < cards and not state.is_over:
        legal = state.legal_actions()
        if any(isinstance(a, Announce) for a in legal) and rng.random() < 0.5:
            state, _ = state.apply(Announce())
            continue
        plays = [a for a in legal if isinstance(a, PlayCard)]
        state, _ = state.apply(rng.choice(plays))
        played += 1
    return state


def random_position(rules: TrickGameRules, seed: int, cards: int) -> TrickDeal:
    """A play position after ``cards`` random cards of a random deal."""
    state = play_started(rules, seed)
    return play_cards(state, cards, random.Random(seed))

