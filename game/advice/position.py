"""The position: what a seat knows when it decides (the rules, the deal's number and the
match's totals when it began, the deal's actions so far, the seat), named by a key that
seeds every world its evaluation draws."""

from __future__ import annotations

import hashlib
import json
import random
import threading
from bisect import bisect_right
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.engine.match import Match, MatchView
from game.engine.protocol import Action, action_to_json


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
        "rules": match.rules.to_json(), "deal": match.deal_number(),
        "totals": list(match.totals), "seat": seat,
        "actions": [action_to_json(a) for a in match.actions[deal_start:]],
    }
    key = hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()
    return Position(key, match.view(seat))


@dataclass
class _Replayed:
    """A match's actions replayed: the state after them, and where each deal began
    (the index of its first action)."""

    actions: Sequence[Action]
    state: Match
    starts: list[int]

    def extended(self, actions: Sequence[Action]) -> None:
        """Replay ``actions`` on from the state (they extend ``self.actions``)."""
        state = self.state
        for index in range(len(self.actions), len(actions)):
            number = state.number
            state, _ = state.apply(actions[index])
            if state.number != number:
                self.starts.append(index + 1)
        self.actions, self.state = actions, state

    def start_after(self, count: int) -> int:
        """Where the deal under way after the first ``count`` actions began."""
        return self.starts[bisect_right(self.starts, count) - 1]


Lineage = tuple[Any, int, int | None]  # a match's rules, seed and first deal
_replayed: OrderedDict[Lineage, _Replayed] = OrderedDict()
_replayed_lock = threading.Lock()
LINEAGES = 8  # the matches whose replay is kept


def deal_start(match: Match) -> int:
    """Where the current deal's actions begin in ``match.actions``.  Found by replaying
    the match, from where the last question about the same match left it (the hint asks
    each position in turn): the replay covers the actions since, not the whole match."""
    lineage = (match.rules, match.seed, match.first_deal)
    actions = match.actions
    with _replayed_lock:
        known = _replayed.get(lineage)
        count = len(known.actions) if known is not None else -1
        if known is None or actions[:count] != known.actions[:len(actions)]:
            new, _ = Match.new(match.rules, match.seed, match.first_deal)
            known = _replayed[lineage] = _Replayed((), new, [0])
        if len(actions) > len(known.actions):
            known.extended(actions)
        _replayed.move_to_end(lineage)
        while len(_replayed) > LINEAGES:
            _replayed.popitem(last=False)
        return known.start_after(len(actions))


def forget_deal_starts() -> None:
    """Forget the matches replayed (the next question replays from the start)."""
    with _replayed_lock:
        _replayed.clear()


def current_position(match: Match, seat: int) -> Position:
    return position_at(match, seat, deal_start(match))
