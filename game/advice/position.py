"""The position: what a seat knows when it decides (the rules, the deal's number and the
match's totals when it began, the deal's actions so far, the seat), named by a key that
seeds every world its evaluation draws."""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass

from game.engine.match import Match, MatchView
from game.engine.protocol import action_to_json


@dataclass(frozen=True)
class Position:
    """A seat's decision: ``key`` names it, ``view`` is what the seat knows."""

    key: str
    view: MatchView

    @property
    def seed(self) -> int:
        return int(self.key[:16], 16)

    def rng(self, batch: int) -> random.Random:
        """The generator of the evaluation's batch ``batch``: the position's only."""
        return random.Random(self.seed * 1_000 + batch)


def position_at(match: Match, seat: int, deal_start: int) -> Position:
    """``seat``'s decision now in ``match``, whose current deal began at action
    ``deal_start``."""
    record = {
        "rules": match.to_json()["rules"], "deal": match.deal_number(),
        "totals": list(match.totals), "seat": seat,
        "actions": [action_to_json(a) for a in match.actions[deal_start:]],
    }
    key = hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()
    return Position(key, match.view(seat))


def deal_start(match: Match) -> int:
    """Where the current deal's actions begin in ``match.actions``."""
    replay, _ = Match.new(match.rules, match.seed, match.first_deal)
    start = 0
    for index, action in enumerate(match.actions):
        number = replay.number
        replay, _ = replay.apply(action)
        if replay.number != number:
            start = index + 1
    return start


def current_position(match: Match, seat: int) -> Position:
    return position_at(match, seat, deal_start(match))
