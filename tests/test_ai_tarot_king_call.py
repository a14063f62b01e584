"""The tarot Expert's king call at five players, by simulation (``tarot_king_call``):
legal and reproducible calls, the Confirmé's call kept unless another clearly gains,
and play-outs that tell calling a partner from playing alone."""

from __future__ import annotations

import random

import pytest

from game.ai import Level, appraise, decide
from game.ai import tarot_king_call as king_call
from game.ai.tarot import tarot_decision
from game.ai.tarot_king_call import weigh_king_calls
from game.engine.protocol import Phase
from game.engine.rules import TarotRules
from game.engine.tarot import Step, TarotDeal, TarotView
from game.engine.tarot_actions import CallKing
from game.engine.tarot_cards import tarot_card
from game.engine.tarot_scoring import Contract
from tests.tarot_hands import full_hands


def call_views(count: int) -> list[TarotView]:
    """The taker's view at the king call of five-player deals bid by the Confirmé."""
    views = []
    for seed in range(40):
        deal, _ = TarotDeal.new(TarotRules(players=5), seed, seed % 5)
        while deal.phase is Phase.BIDDING:
            deal, _ = deal.apply(tarot_decision(deal.view(deal.current_player)).action)
        if deal.is_over:
            continue
        view = deal.view(deal.current_player)
        if any(isinstance(a, CallKing) for a in view.legal):
            views.append(view)
        if len(views) == count:
            break
    return views


def call_view(hand: str, contract: Contract = Contract.PRISE) -> TarotView:
    """Seat 0 to call a king after taking ``contract`` with ``hand``."""
    hands, chien = full_hands(5, {0: hand})
    deal = TarotDeal(TarotRules(players=5), dealer=4, hands=tuple(tuple(h) for h in hands),
                     chien=tuple(chien), step=Step.CALL, turn=0, contract=contract, taker=0)
    return deal.view(0)


def test_calls_are_legal_and_reproducible() -> None:
    for view in call_views(4):
        first, means = weigh_king_calls(view, random.Random(2), None, 4)
        again, _ = weigh_king_calls(view, random.Random(2), None, 4)
        assert first == again
        assert first.action in view.legal
        assert set(means) == {a for a in view.legal if isinstance(a, CallKing)}


def test_calling_a_king_i_hold_plays_alone_and_is_worth_less() -> None:
    """A bare Prise with three kings: calling one of them is playing alone against four;
    the simulation values it well below calling the fourth king (a partner), and calls
    that one, as the Confirmé does."""
    view = call_view("A19 A16 A11 A08 A05 A03 RS 2S 8S RH 7H RD 4D 3C 6C")
    decision, means = weigh_king_calls(view, random.Random(4), None, 8)
    fourth = CallKing(tarot_card("RC"))
    assert decision.action == fourth
    for own in ("RS", "RH", "RD"):
        assert means[CallKing(tarot_card(own))] < means[fourth] - 100


@pytest.mark.parametrize(("gain", "spread", "switches"), [
    (30.0, 2.0, True),  # a clear gain in every world
    (30.0, 150.0, False),  # as much on average, but the worlds cannot tell it from noise
    (5.0, 0.0, False),  # a sure gain, below the margin
])
def test_the_confirme_call_is_kept_unless_another_clearly_gains(
        monkeypatch: pytest.MonkeyPatch, gain: float, spread: float, switches: bool) -> None:
    view = call_views(1)[0]
    confirme = tarot_decision(view).action
    other = next(a for a in view.legal if isinstance(a, CallKing) and a != confirme)

    def marks(_view: TarotView, calls: list[CallKing], *_: object) -> dict[CallKing, list[float]]:
        samples = {call: [0.0] * 8 for call in calls}
        samples[other] = [gain + spread * (-1) ** k for k in range(8)]
        return samples

    monkeypatch.setattr(king_call, "call_marks", marks)
    decision, _ = weigh_king_calls(view, random.Random(0), None)
    assert decision.action == (other if switches else confirme)
    assert decision.reason == ("hint.call_simulated" if switches else "hint.call_king")


def test_the_expert_calls_by_simulation() -> None:
    view = call_views(1)[0]
    appraisal = appraise(view, random.Random(1), None)
    assert set(appraisal.values) == {a for a in view.legal if isinstance(a, CallKing)}
    assert decide(view, Level.EXPERT, random.Random(1), think=None) == appraisal.decision
