"""The AI answers every position of every 32-card game with a legal action."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator

import pytest

from game.ai import Level, decide
from game.engine.actions import Stop
from game.engine.belote import BeloteDeal
from game.engine.match import Match, new_deal_state
from game.engine.protocol import Phase
from game.engine.rules import BeloteRules, CoincheRules, Layout, TrickGameRules
from game.engine.trickgame import TrickDeal
from tests.hint_keys import DOCUMENTED

# key -> the placeholders its English sentence uses
GAMES: list[TrickGameRules] = [
    CoincheRules(), CoincheRules(sans_atout_tout_atout=True),
    BeloteRules(), BeloteRules(arret=True), BeloteRules(players=3), BeloteRules(players=2),
    BeloteRules(sans_atout_tout_atout=True, belote_counts_for_contract=False,
                litige_belote_paid=True),
    CoincheRules(players=2), CoincheRules(players=2, layout=Layout.DECOUVERTE),
    BeloteRules(players=2, layout=Layout.DECOUVERTE),
]


EXPERT_EVERY = int(os.environ.get("ATOUT_LEGAL_EXPERT_EVERY", "16"))


def positions(rules: TrickGameRules, deals: int, seed: int) -> Iterator[TrickDeal]:
    """Every position of ``deals`` deals, played by a mix of random moves and the AI so
    that both wild and sensible lines are visited."""
    rng = random.Random(seed)
    for number in range(deals):
        state, _ = new_deal_state(rules, seed * 1000 + number, number % rules.players)
        while not state.is_over:
            yield state
            seat = state.current_player
            assert seat is not None
            if rng.random() < 0.4:  # a random stop would end most deals at once
                action = rng.choice([a for a in state.legal_actions() if a != Stop()])
            else:
                action = decide(state.view(seat), Level.CONFIRME, rng).action
            state, _ = state.apply(action)


def capot_in_progress(state: TrickDeal) -> bool:
    return len(state.tricks) >= 5 and len({state.side_of(t.winner) for t in state.tricks}) == 1


@pytest.mark.kernel
@pytest.mark.parametrize("rules", GAMES,
                         ids=lambda r: f"{r.game}{r.players}{'d' if r.decouverte else ''}")
def test_every_level_returns_a_legal_action_in_every_position(rules: TrickGameRules) -> None:
    rng = random.Random(3)
    phases, last_tricks, capots = set(), 0, 0
    for index, state in enumerate(positions(rules, 60, seed=11)):
        view = state.view(state.current_player or 0)
        phases.add(state.phase)
        last_tricks += len(state.tricks) == 7
        capots += capot_in_progress(state)
        # The Expert's search is slower: every EXPERT_EVERY-th position (about a hundred
        # a game; ATOUT_LEGAL_EXPERT_EVERY=1 asks it everywhere).
        levels = list(Level) if index % EXPERT_EVERY == 0 else [Level.DEBUTANT, Level.CONFIRME]
        for level in levels:
            decision = decide(view, level, rng)
            assert decision.action in state.legal_actions(), (level, decision)
            assert decision.reason in DOCUMENTED
            assert {name for name, _ in decision.reason_args} == DOCUMENTED[decision.reason]
    assert {Phase.BIDDING, Phase.PLAY} <= phases
    if isinstance(rules, BeloteRules) and rules.players < 4 and not rules.decouverte:
        assert Phase.EXCHANGE in phases
    assert last_tricks and capots, "the odd positions were visited"


def test_a_match_view_is_accepted_too() -> None:
    match, _ = Match.new(CoincheRules(), 5)
    rng = random.Random(1)
    for _ in range(60):
        if match.is_over:
            break
        seat = match.current_player
        assert seat is not None
        decision = decide(match.view(seat), Level.CONFIRME, rng)
        assert decision.action in match.legal_actions()
        match, _ = match.apply(decision.action)


def test_a_seat_that_is_not_to_play_is_refused() -> None:
    state, _ = new_deal_state(CoincheRules(), 1, 0)
    idle = (state.current_player or 0) + 1
    with pytest.raises(ValueError):
        decide(state.view(idle), Level.CONFIRME, random.Random(0))


def test_the_arret_is_claimed_only_when_it_wins() -> None:
    """Near the target, whenever Confirmé says "j'arrête" its side wins the game."""
    rules = BeloteRules(arret=True)
    rng = random.Random(2)
    stops = 0
    for seed in range(60):
        totals = (rng.randrange(880, 1000), rng.randrange(880, 1000))
        state, _ = BeloteDeal.new(rules, seed, seed % 4, totals)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            action = decide(state.view(seat), Level.CONFIRME, rng).action
            if action == Stop():
                stops += 1
                claimer = seat % 2
            state, _ = state.apply(action)
            if action == Stop():
                while not state.is_over:
                    follow_seat = state.current_player
                    assert follow_seat is not None
                    state, _ = state.apply(
                        decide(state.view(follow_seat), Level.CONFIRME, rng).action)
                result = state.result()
                assert result is not None
                assert result.facts.arret_winner == claimer
    assert stops >= 5
