"""The deal review's coach: the player's own decisions of a finished deal, each weighed
by the Expert from what the player knew then.

For every moment of the deal where the player chose among several actions, the coach
hands the Expert the player's view of that moment (``Match.view``: never a hidden card)
and asks for its appraisal (``game.ai.appraise``): the action it would take, its
reason, and the expected points of each choice it weighed.  What the player's choice is
expected to cost against the Expert's is the decision's ``lost``; decisions that cost
more than a threshold (a setting) are the review's marks.

The Expert thinks longer than at the table (``COACH_THINK`` a decision, within
``DEAL_BUDGET`` for the whole deal) with a random generator seeded by the deal number
and the decision's place (``decision_rng``): the same deal analysed twice says the same
when no deadline cuts the search short.

``CoachWorker`` runs analyses in a background thread, one decision at a time, so a
review shows the first marks while the rest is being weighed; leaving the review
pauses the analysis and coming back resumes it; finished and partial analyses are kept
by the deal's actions, so reopening a deal is instant.  No pygame here.
"""

from __future__ import annotations

import hashlib
import json
import logging
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from game.ai import Appraisal, Decision, appraise
from game.choices import DEFAULT_THRESHOLD as DEFAULT_THRESHOLD  # the setting's
from game.choices import THRESHOLDS as THRESHOLDS  # choices, in points
from game.engine.match import Match, MatchView, deal_bounds
from game.engine.protocol import Action, Phase, action_to_json

log = logging.getLogger("atout.coach")

COACH_THINK = 1.0  # seconds the Expert may spend on one of the player's decisions
DEAL_BUDGET = 12.0  # seconds for a whole deal: long deals get less a decision


@dataclass(frozen=True)
class DecisionPoint:
    """A moment of the deal where the player chose among several actions."""

    position: int  # the action's place in the deal's actions
    trick: int  # 0 before the card play (bidding, écart), n while trick n is played
    view: MatchView  # what the player knew
    action: Action  # what the player did


@dataclass(frozen=True)
class Remark:
    """One of the player's decisions, weighed."""

    point: DecisionPoint
    suggestion: Decision  # the Expert's choice in the player's place, and why
    lost: float | None  # expected points the player's choice cost; None: not weighed

    @property
    def trick(self) -> int:
        return self.point.trick

    @property
    def action(self) -> Action:
        return self.point.action

    def marked(self, threshold: float) -> bool:
        return self.lost is not None and self.lost > threshold


@dataclass
class Analysis:
    """A deal's analysis, complete or in progress (``remarks`` grows in deal order)."""

    points: tuple[DecisionPoint, ...]
    seed: int  # the deal number, which seeds the Expert's sampling
    remarks: list[Remark] = field(default_factory=list)
    failed: bool = False  # the Expert raised: the analysis stops where it was (logged)

    @property
    def done(self) -> bool:
        return len(self.remarks) == len(self.points)

    @property
    def progress(self) -> float:
        return len(self.remarks) / len(self.points) if self.points else 1.0

    def marked(self, threshold: float) -> list[Remark]:
        """The decisions that cost more than ``threshold``, the costliest first."""
        costly = [r for r in self.remarks if r.marked(threshold)]
        return sorted(costly, key=lambda r: (-(r.lost or 0.0), r.point.position))

    def points_lost(self) -> float:
        """What the player's decisions weighed so far cost in all."""
        return sum(r.lost or 0.0 for r in self.remarks)

    def think(self) -> float:
        """The Expert's time for each decision of this deal."""
        return min(COACH_THINK, DEAL_BUDGET / max(1, len(self.points)))

    def weigh_next(self, think: float | None) -> Remark:
        """Weigh the next decision (``think`` None: no deadline, reproducible)."""
        point = self.points[len(self.remarks)]
        appraisal = appraise(point.view, decision_rng(self.seed, point.position), think)
        remark = _remark(point, appraisal)
        self.remarks.append(remark)
        return remark


def _remark(point: DecisionPoint, appraisal: Appraisal) -> Remark:
    return Remark(point, appraisal.decision, appraisal.points_lost(point.action))


def no_clock(_: Analysis) -> None:
    """A ``CoachWorker`` budget without deadline: the default sample counts (tests)."""
    return None


def decision_rng(deal_seed: int, position: int) -> random.Random:
    """The Expert's random generator for the decision at ``position`` of a deal."""
    return random.Random(deal_seed * 1_009 + position)


def new_analysis(match: Match, index: int, seat: int) -> Analysis:
    """The not yet weighed analysis of scored deal ``index`` of ``match`` for ``seat``."""
    start, end = deal_bounds(match)[index]
    state = Match.replay(match.rules, match.seed, match.actions[:start], match.first_deal)
    seed = state.deal_number()
    points = []
    for position, action in enumerate(match.actions[start:end]):
        if state.current_player == seat and len(state.legal_actions()) > 1:
            view = state.view(seat)
            trick = len(view.deal.tricks) + 1 if view.deal.phase is Phase.PLAY else 0
            points.append(DecisionPoint(position, trick, view, action))
        state, _ = state.apply(action)
    return Analysis(tuple(points), seed)


def deal_key(match: Match, index: int, seat: int) -> str:
    """What identifies an analysis: the match's start, the actions up to the deal's end
    and the seat (the same deal in another match is another deal)."""
    _, end = deal_bounds(match)[index]
    record = {
        "rules": match.to_json()["rules"], "seed": match.seed, "first": match.first_deal,
        "actions": [action_to_json(a) for a in match.actions[:end]], "seat": seat,
    }
    return hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()


Finished = Callable[[Match, Analysis], None]
Budget = Callable[[Analysis], float | None]  # the Expert's seconds a decision (None: no clock)


class CoachWorker:
    """Analyses in a background thread, one decision at a time, the wanted one first.

    ``open`` returns the deal's analysis (from the cache when it was asked before) and
    makes it the one being weighed; ``pause`` stops after the decision in hand.
    ``on_finished`` is called (in the worker's thread) when an analysis completes: the
    statistics keep its total."""

    def __init__(self, on_finished: Finished | None = None,
                 think: Budget = Analysis.think) -> None:
        """``think``: the Expert's time for each decision of an analysis (by default the
        analysis's own; ``no_clock`` for results that do not depend on the machine)."""
        self._cache: dict[str, Analysis] = {}
        self._wanted: tuple[Match, Analysis] | None = None
        self._changed = threading.Condition()
        self._closed = False
        self._busy = False  # a decision is being weighed
        self._think = think
        self.on_finished = on_finished
        self._thread = threading.Thread(target=self._loop, name="atout-coach", daemon=True)
        self._thread.start()

    def open(self, match: Match, index: int, seat: int) -> Analysis:
        key = deal_key(match, index, seat)
        with self._changed:
            analysis = self._cache.get(key)
            if analysis is None:
                analysis = self._cache[key] = new_analysis(match, index, seat)
            self._wanted = None if analysis.done or analysis.failed else (match, analysis)
            self._changed.notify_all()
            return analysis

    def pause(self) -> None:
        with self._changed:
            self._wanted = None

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Wait until nothing is being weighed (tests, the benchmark)."""
        with self._changed:
            return self._changed.wait_for(lambda: self._wanted is None and not self._busy,
                                          timeout)

    def close(self) -> None:
        with self._changed:
            self._closed = True
            self._wanted = None
            self._changed.notify_all()

    def _loop(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: self._closed or self._wanted is not None)
                if self._closed:
                    return
                assert self._wanted is not None
                match, analysis = self._wanted
                self._busy = True
            try:
                analysis.weigh_next(self._think(analysis))
            except Exception:  # a bug: said in the review and the log, the worker goes on
                log.exception("the coach failed on a decision")
                analysis.failed = True
            self._after_step(analysis)
            if analysis.done and not self._closed and self.on_finished is not None:
                self.on_finished(match, analysis)

    def _after_step(self, analysis: Analysis) -> None:
        with self._changed:
            self._busy = False
            ended = analysis.done or analysis.failed
            if ended and self._wanted is not None and self._wanted[1] is analysis:
                self._wanted = None
            self._changed.notify_all()
