"""Property-based play: any game, player count and option set, any sequence of legal
actions keeps the invariants, and a save replays to the same state."""

from __future__ import annotations

import dataclasses
import os
import random
import typing
from enum import Enum
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.match import AnyRules, Match, new_deal_state
from game.engine.protocol import Action, IllegalAction
from game.engine.rules import (
    BeloteRules,
    CoincheRules,
    Layout,
    RulesJson,
    TarotRules,
    TrickGameRules,
)
from tests.invariants import check_deal_invariants, check_finished_deal

EXAMPLES = int(os.environ.get("ATOUT_FUZZ_EXAMPLES", "60"))
FIXED = {"players", "target", "direction", "deals"}
PLAYERS: dict[type[TrickGameRules] | type[TarotRules], list[int]] = {
    BeloteRules: [2, 3, 4], CoincheRules: [2, 4], TarotRules: [3, 4, 5],
}
CHOICES: dict[str, list[Any]] = {
    "capot_points": [250, 252], "surcoinche_multiplier": [3, 4], "fail_base": [160, 162],
    "made_base": [160, 162], "bid_capot_base": [250, 252], "unannounced_chelem": [0, 200],
    "defence_chelem": [0, 200],
}


def option_values(rules_class: type[RulesJson], name: str, kind: Any) -> list[Any]:
    if name in CHOICES:
        return CHOICES[name]
    if isinstance(kind, type) and issubclass(kind, Enum):
        return list(kind)
    if kind is bool:
        return [False, True]
    raise AssertionError(f"{rules_class.__name__}.{name} has no fuzz values")


@st.composite
def rule_sets(draw: st.DrawFn) -> AnyRules:
    """Any game at any of its player counts, each option drawn from its values."""
    rules_class: type[AnyRules] = draw(st.sampled_from(list(PLAYERS)))
    players = draw(st.sampled_from(PLAYERS[rules_class]))
    hints = typing.get_type_hints(rules_class)
    options: dict[str, Any] = {"players": players, "target": draw(st.sampled_from([300, 1000]))}
    for f in dataclasses.fields(rules_class):
        if f.name not in FIXED:
            values = option_values(rules_class, f.name, hints[f.name])
            options[f.name] = draw(st.sampled_from(values))
    if rules_class is TarotRules:
        options["deals"] = draw(st.sampled_from([4, None]))
    elif players != 2:  # the découverte is a two-player layout
        options["layout"] = Layout.HAND
    return rules_class(**options)


@settings(max_examples=EXAMPLES, deadline=None)
@given(rule_sets(), st.integers(0, 2**62), st.randoms(use_true_random=False))
def test_any_options_and_legal_actions_keep_the_invariants(
    rules: AnyRules, seed: int, rng: random.Random
) -> None:
    deal, _ = new_deal_state(rules, seed, seed % rules.players)
    while not deal.is_over:
        check_deal_invariants(deal)
        deal, _ = deal.apply(rng.choice(deal.legal_actions()))
    check_finished_deal(deal)


@settings(max_examples=max(EXAMPLES // 3, 10), deadline=None)
@given(rule_sets(), st.integers(0, 2**62), st.randoms(use_true_random=False),
       st.integers(1, 120))
def test_any_match_prefix_replays_from_its_save(
    rules: AnyRules, seed: int, rng: random.Random, moves: int
) -> None:
    match, _ = Match.new(rules, seed)
    for _ in range(moves):
        if match.is_over:
            break
        match, _ = match.apply(rng.choice(match.legal_actions()))
    replayed = Match.from_json(match.to_json())
    assert replayed.to_json() == match.to_json()
    assert replayed.deal.view(0) == match.deal.view(0)


@settings(max_examples=EXAMPLES, deadline=None)
@given(rule_sets(), st.integers(0, 2**62), st.randoms(use_true_random=False))
def test_actions_legal_elsewhere_are_refused_and_change_nothing(
    rules: AnyRules, seed: int, rng: random.Random
) -> None:
    """Another player's move, another phase's move, a card already played: each raises
    ``IllegalAction`` with a message and leaves the state as it was."""
    deal, _ = new_deal_state(rules, seed, 0)
    earlier: list[Action] = []
    while not deal.is_over:
        legal = deal.legal_actions()
        before = deal.view(0), deal.view(1)
        for action in rng.sample(earlier, min(len(earlier), 6)):
            if action in legal:
                continue
            with pytest.raises(IllegalAction, match=r"\w"):
                deal.apply(action)
        assert (deal.view(0), deal.view(1)) == before
        earlier.extend(legal)
        deal, _ = deal.apply(rng.choice(legal))
    for action in rng.sample(earlier, min(len(earlier), 10)):
        with pytest.raises(IllegalAction, match=r"\w"):
            deal.apply(action)
