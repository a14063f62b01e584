"""The verdict: the decision, the candidates' numbers, the cards as good as the best, and
the reasons read from the worlds."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from game.advice.sample import Difference, Sample, aimed
from game.ai import Decision
from game.ai.lead_gate import SEARCH_REASON
from game.engine.protocol import Action
from game.engine.tarot_cards import TarotCard
from game.engine.trick_view import TrickView
from game.engine.tricks import winning_play

Say = tuple[str, tuple[tuple[str, str], ...]]  # an i18n key and its arguments


@dataclass(frozen=True)
class Figures:
    """A choice's numbers over the worlds."""

    action: Action
    value: float  # the search's mean, points for the side
    points: float | None  # the side's expected score for the deal (tarot: marks)
    aim: float | None  # the chance of the side's aim (making the contract, or setting it)
    worlds: int = 0  # the likely deals these numbers rest on (0: not weighed world by world)


@dataclass(frozen=True)
class Verdict:
    """The evaluation's answer: the decision, and when weighed world by world the
    candidates' numbers (best first), the ones as good as the best, and the worlds."""

    decision: Decision
    figures: tuple[Figures, ...] = ()
    equals: tuple[Action, ...] = ()  # the best and those as good as it (2+): ``within``
    worlds: int = 0
    taking: bool | None = None  # the seat's side took the contract (None: no contract)
    sample: Sample | None = field(default=None, compare=False, repr=False)
    keys: dict[Action, Hashable] = field(default_factory=dict, compare=False, repr=False)
    view: Any = field(default=None, compare=False, repr=False)
    within: float | None = None  # the equals' differences from the best are within this
    budget: str = ""  # the race's budget ("core", "python"; "": not weighed world by world)

    def figures_of(self, action: Action) -> Figures | None:
        key = self._key(action)
        return next((f for f in self.figures if self._key(f.action) == key), None)

    def among_best(self, action: Action) -> bool:
        """``action`` is the suggested choice or one named as good as it."""
        best = (self.decision.action, *self.equals)
        key = self._key(action)
        if key is None:
            return action in best
        return key in {self._key(a) for a in best}

    def loss(self, action: Action) -> Difference | None:
        """What ``action`` is expected to cost against the best, world by world (None:
        not weighed world by world)."""
        return self.difference(self.decision.action, action)

    def difference(self, a: Action, b: Action) -> Difference | None:
        """``a - b`` world by world, over the worlds both were rolled out in (None: not
        weighed world by world)."""
        key_a, key_b = self._key(a), self._key(b)
        if self.sample is None or key_a is None or key_b is None:
            return None
        return self.sample.difference(key_a, key_b)

    def shown(self, action: Action | None = None) -> list[Figures]:
        """The numbers to show: the best two (a third card as good is named in the
        equals' line: its figure would lengthen the hint past the room above the hand),
        and ``action``'s."""
        shown = list(self.figures[:2])
        own = self.figures_of(action) if action is not None else None
        if own is not None and own not in shown:
            shown.append(own)
        return shown

    def reason_against(self, action: Action | None) -> Say:
        """Why the best rather than ``action`` (the runner-up when None), from what the
        worlds show; the rule's reason when the rule chose it; else the generic one."""
        other = action
        if other is None:  # the first card the best is better than
            other = next((f.action for f in self.figures[1:] if f.action not in self.equals),
                         None)
        if self.sample is not None and other is not None and other not in self.equals:
            concrete = _concrete(self, other)
            if concrete is not None:
                return concrete
        return self.decision.reason, self.decision.reason_args

    def _key(self, action: Action) -> Hashable | None:
        if action in self.keys:
            return self.keys[action]
        card = getattr(action, "card", None)
        return next((k for a, k in self.keys.items() if getattr(a, "card", None) == card
                     and card is not None), None)


def card_code(card: object) -> str:
    return card.code if isinstance(card, TarotCard) else str(card)


def _concrete(verdict: Verdict, other: Action) -> Say | None:
    """A reason the worlds show for the best against ``other`` (in the worlds both were
    rolled out in), or None."""
    assert verdict.sample is not None
    best, worse = verdict._key(verdict.decision.action), verdict._key(other)
    if best is None or worse is None or best == worse:
        return None
    sample = verdict.sample.pair(best, worse)
    card_b = card_code(getattr(verdict.decision.action, "card", ""))
    card_o = card_code(getattr(other, "card", ""))
    known = [o.trick_ours is not None for o in sample.outcomes[worse].values()]
    if all(known):
        lost = sample.share(worse, lambda o: o.trick_ours is False)
        won = sample.share(best, lambda o: o.trick_ours is True)
        if lost >= 0.5 and won >= 1 - lost + 0.3:
            ruffed = sample.share(worse, lambda o: o.ruffed)
            if ruffed >= lost / 2:
                key = "advice.lets_ruff_take" if verdict.taking else "advice.lets_ruff"
                return key, (("card", card_o),)
            winners: Counter[str] = Counter()
            for index, outcome in sample.outcomes[worse].items():
                if outcome.trick_ours is False:
                    winners[outcome.trick_card] += round(sample.weights[index])
            top = winners.most_common(1)[0][0]
            return "advice.loses_trick", (("card", card_o), ("winner", top),
                                          ("count", str(round(10 * lost))))
        partner = _partner_master(verdict.view)
        if partner:
            keeps = sample.share(best, lambda o: o.trick_card == partner)
            spoils = sample.share(worse, lambda o: o.trick_card == partner)
            if keeps >= 0.7 and spoils <= keeps - 0.3:
                return "advice.keeps_partner", (("card", card_b), ("partner_card", partner))
    if verdict.decision.reason != SEARCH_REASON and verdict.decision.reason.startswith("hint."):
        return None  # the rule's own reason is the true one: said by the caller
    if aimed(sample, best):
        aim_b = sample.share(best, lambda o: bool(o.aim))
        aim_o = sample.share(worse, lambda o: bool(o.aim))
        if aim_b - aim_o >= 0.15:
            key = "advice.aim_contract" if verdict.taking else "advice.aim_defence"
            return key, (("card", card_b), ("other", card_o), ("count", str(round(10 * aim_b))),
                         ("other_count", str(round(10 * aim_o))))
    return None


def _partner_master(view: Any) -> str:
    """The card of the seat's partner that wins the trick under way so far ('' if none)."""
    if not isinstance(view, TrickView) or view.players != 4 or not view.trick \
            or view.trump is None:
        return ""
    seat, card = winning_play(view.trick, view.trump)
    return str(card) if seat == (view.seat + 2) % 4 else ""



def args_of(action: Action) -> tuple[tuple[str, str], ...]:
    return (("card", card_code(getattr(action, "card", ""))),)
