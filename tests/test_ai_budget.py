"""The Expert's thinking budget: a deadline that stops the sampling, a cap that grows
with the time allowed."""

from __future__ import annotations

import random

import pytest

import game.ai as ai_module
from game.ai import THINK_CHOICES, Level, appraise, budget, decide
from game.ai.budget import DEFAULT_THINK, ends_at, past, seconds_left, within, worlds_for
from game.ai.memory import Memory
from game.ai.search import CORE_WORLDS, WORLDS, play_worlds
from game.core import kernels
from game.engine.actions import PlayCard
from game.engine.cards import Card
from game.engine.coinche import CoincheDeal
from game.engine.protocol import Phase
from game.engine.rules import CoincheRules, Layout
from game.engine.trick_view import TrickView


class FakeClock:
    """perf_counter for ``within``, moved on by the test."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def steps_taken(step: float, deadline: float | None, count: int,
                monkeypatch: pytest.MonkeyPatch) -> int:
    clock = FakeClock()
    monkeypatch.setattr(budget.time, "perf_counter", clock)
    taken = 0
    for _ in within(deadline, count):
        taken += 1
        clock.now += step
    return taken


def test_the_sampling_stops_before_a_step_would_pass_the_deadline(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert steps_taken(0.04, 0.3, 100, monkeypatch) == 7  # 8 steps would end at 0.32
    assert steps_taken(0.04, 0.3, 5, monkeypatch) == 5  # the cap comes first
    assert steps_taken(0.5, 0.3, 100, monkeypatch) == 1  # one step always runs
    assert steps_taken(1.0, None, 12, monkeypatch) == 12  # no deadline: every step


def test_the_cap_on_sampled_deals_grows_with_the_time_allowed() -> None:
    assert worlds_for(DEFAULT_THINK, 12) == 12
    caps = [worlds_for(think, 12) for think in THINK_CHOICES]
    assert caps == sorted(caps) and caps[0] < 12 < caps[-1]
    assert DEFAULT_THINK in THINK_CHOICES


@pytest.mark.kernel
def test_every_thinking_time_gives_a_legal_decision() -> None:
    deal, _ = CoincheDeal.new(CoincheRules(), 5, 1)
    while not deal.is_over:
        seat = deal.current_player
        assert seat is not None
        view = deal.view(seat)
        for think in THINK_CHOICES:
            assert decide(view, Level.EXPERT, random.Random(seat), think).action in view.legal
        deal, _ = deal.apply(decide(view, Level.CONFIRME, random.Random(0)).action)
        if deal.phase is Phase.PLAY and len(deal.tricks) >= 2:
            break


def test_a_deadline_ends_at_its_start_plus_its_seconds_and_is_passed_only_after(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = FakeClock()
    monkeypatch.setattr(budget.time, "perf_counter", clock)
    ends = ends_at(0.3, 10.0)
    assert ends == pytest.approx(10.3)
    clock.now = 10.1
    assert seconds_left(ends) == pytest.approx(0.2)
    assert not past(ends)
    clock.now = 10.5
    assert seconds_left(ends) == 0.0  # never below zero
    assert past(ends)


def test_without_a_deadline_the_clock_is_never_passed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = FakeClock()
    monkeypatch.setattr(budget.time, "perf_counter", clock)
    clock.now = 1e9
    assert ends_at(None, 0.0) is None
    assert seconds_left(None) is None
    assert not past(None)


# --- the card search's cap: the compiled core's or the Python path's ------------------------


def a_card_choice(rules: CoincheRules) -> TrickView:
    """A card to choose at the first trick, the Confirmé playing the deal until then."""
    from tests.test_ai_hidden_two_players import at_play

    for seed in range(20):
        state = at_play(rules, seed, 1)
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        if len({a.card for a in view.legal if isinstance(a, PlayCard)}) > 1:
            return view
    raise AssertionError("no choice of cards")


def caps_weighed(view: TrickView, think: float | None,
                 monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The caps on worlds the Expert's card search is given in ``view``."""
    caps: list[int] = []

    def record(view: TrickView, mem: Memory, cards: list[Card], fallback: tuple[Card, str],
               rng: random.Random, worlds: int, *rest: object,
               ) -> tuple[tuple[Card, str], dict[Card, float]]:
        caps.append(worlds)
        return fallback, {}

    with monkeypatch.context() as patch:
        patch.setattr(ai_module, "weigh_cards", record)
        appraise(view, random.Random(1), think)
    return caps


@pytest.mark.parametrize("core_built", [True, False], ids=["core", "python"])
def test_the_card_search_weighs_the_cores_cap_of_worlds_only_with_the_core(
        core_built: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cap is a named budget chosen by whether the compiled core plays the rollouts
    (its decisions are the Python path's at the same cap: ``test_core_trick32``); it
    grows with the thinking time either way."""
    monkeypatch.setattr(kernels, "trick32", lambda: object() if core_built else None)
    view = a_card_choice(CoincheRules())
    cap = CORE_WORLDS if core_built else WORLDS
    assert play_worlds(view) == cap
    assert caps_weighed(view, None, monkeypatch) == [cap]
    assert caps_weighed(view, DEFAULT_THINK, monkeypatch) == [cap]
    assert caps_weighed(view, 1.0, monkeypatch) == [worlds_for(1.0, cap)]
    assert CORE_WORLDS > WORLDS


def test_the_decouverte_keeps_the_python_cap_as_its_rollouts_are_python(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kernels, "trick32", lambda: object())
    view = a_card_choice(CoincheRules(players=2, layout=Layout.DECOUVERTE))
    assert view.table_piles
    assert caps_weighed(view, None, monkeypatch) == [WORLDS]
