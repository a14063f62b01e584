"""The Expert's judgement of one decision: what it would do, and what each choice it
weighed is worth (the coach's raw material, ``game/coach.py``).

The values are the ones the Expert's own search computes to choose: the mean rollout
of each card (``search.weigh_cards``, ``tarot_search.weigh_tarot_cards``) and the
simulated value of each call (``bid_search``, ``tarot_bid_search``).  A decision the
Expert does not weigh by simulation (belote classique's bidding, announcements, the
tarot écart, a poignée...) has a choice but no values.

``points_lost`` speaks in points for the seat's side: the 32-card searches weigh my
side's score minus the others' mean, in which a point moving from me to an opponent
counts ``sides / (sides - 1)`` times; tarot values are the seat's own marks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from game.ai.decision import Decision
from game.engine.protocol import Action, CardPlayAction


@dataclass(frozen=True)
class Appraisal:
    decision: Decision  # what the Expert does in this seat
    values: Mapping[Action, float] = field(default_factory=dict)  # by action weighed
    unit: float = 1.0  # points for the seat's side per unit of value

    def value_of(self, action: Action) -> float | None:
        """The value of ``action``, a card's whatever is said with it (belote)."""
        if action in self.values:
            return self.values[action]
        card = _card_of(action)
        if card is None:
            return None
        return next((v for a, v in self.values.items() if _card_of(a) == card), None)

    def points_lost(self, action: Action) -> float | None:
        """How much ``action`` is expected to cost against the Expert's choice, in
        points (0 when it is as good); None when the two were not both weighed."""
        chosen, best = self.value_of(action), self.value_of(self.decision.action)
        if chosen is None or best is None:
            return None
        return max(0.0, (best - chosen) * self.unit)


def _card_of(action: Action) -> object | None:
    return action.card if isinstance(action, CardPlayAction) else None


def side_unit(players: int) -> float:
    """``Appraisal.unit`` for the 32-card games' values (see the module's text)."""
    sides = 2 if players == 4 else players
    return (sides - 1) / sides
