"""The deal review's coach: the player's own decisions of a finished deal, each weighed
from what the player knew then.

For every moment of the deal where the player chose among several actions, the coach
asks the position's verdict (``game.advice``: the same evaluation the hint asks, seeded
by the position, kept by the ``Advisor`` the hint shares) and reads what the player's
choice cost against the best (``lost``) and whether it is a mistake: it costs more than
a threshold (a setting) and significantly so over the worlds weighed (the review's
marks).

``CoachWorker`` runs analyses in a background thread, one decision at a time, so a
review shows the first marks while the rest is being weighed; leaving the review
pauses the analysis and coming back resumes it; finished and partial analyses are kept
by the deal's actions, so reopening a deal is instant.  No pygame here.
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.advice import Advisor, Between, Difference, Position, Verdict, position_at
from game.ai import Decision
from game.choices import DEFAULT_THRESHOLD as DEFAULT_THRESHOLD  # the setting's
from game.choices import THRESHOLDS as THRESHOLDS  # choices, in points
from game.engine.match import Match, MatchView, deal_bounds
from game.engine.protocol import Action, Phase, action_to_json

if TYPE_CHECKING:
    from game.hindsight import Seen

log = logging.getLogger("atout.coach")
FRAME_WAIT = 0.1  # seconds the worker waits at most for a frame to be made

@dataclass(frozen=True)
class DecisionPoint:
    """A moment of the deal where the player chose among several actions."""

    position: int  # the action's place in the deal's actions
    trick: int  # 0 before the card play (bidding, écart), n while trick n is played
    view: MatchView  # what the player knew
    action: Action  # what the player did
    at: Position  # the question the advice answers
    state: Match = field(compare=False, repr=False)  # the whole deal then: hindsight's


@dataclass(frozen=True)
class Remark:
    """One of the player's decisions, weighed."""

    point: DecisionPoint
    verdict: Verdict  # the position's, the hint's too
    loss: Difference | None  # the player's choice against the best (None: not weighed)

    @property
    def suggestion(self) -> Decision:
        """The best choice in the player's place, and why."""
        return self.verdict.decision

    @property
    def lost(self) -> float | None:
        """Expected points the player's choice cost (0 unless the worlds show a loss);
        None: not weighed world by world."""
        return None if self.loss is None else self.loss.cost

    @property
    def trick(self) -> int:
        return self.point.trick

    @property
    def action(self) -> Action:
        return self.point.action

    def marked(self, threshold: float) -> bool:
        """A mistake: more than ``threshold`` points lost, significantly."""
        return self.loss is not None and self.loss.marks(threshold)


@dataclass
class Analysis:
    """A deal's analysis, complete or in progress (``remarks`` grows in deal order)."""

    points: tuple[DecisionPoint, ...]
    advisor: Advisor  # the verdicts, shared with the hint
    remarks: list[Remark] = field(default_factory=list)
    failed: bool = False  # the Expert raised: the analysis stops where it was (logged)
    # Hindsight ("all cards seen", ``game.hindsight``), apart from the remarks and
    # never read by them: worked out once asked, after the analysis, in deal order.
    hindsight_asked: bool = False
    seen: list[Seen | None] = field(default_factory=list)
    hindsight_failed: bool = False

    @property
    def done(self) -> bool:
        return len(self.remarks) == len(self.points)

    @property
    def complete(self) -> bool:
        """Nothing more to work out: the analysis, and the hindsight when asked."""
        return self.failed or (self.done and (not self.hindsight_asked or self.hindsight_done))

    @property
    def hindsight_done(self) -> bool:
        return self.hindsight_failed or len(self.seen) == len(self.points)

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

    def weigh_next(self, between: Between = None) -> Remark:
        """Weigh the next decision (its verdict from the advisor's memory when the hint
        or an earlier analysis weighed it); ``between`` is called between two steps."""
        point = self.points[len(self.remarks)]
        remark = Remark(point, *self.advisor.review(point.at, point.action, between))
        self.remarks.append(remark)
        return remark

    def see_next(self, between: Between = None) -> Seen | None:
        """Solve the next decision with every hand seen (None: not a choice of cards,
        or not solved there); ``between`` is called every thousand nodes or so."""
        from game.hindsight import seen

        point = self.points[len(self.seen)]
        solved = seen(point.state, point.view.deal.seat, point.action, between)
        self.seen.append(solved)
        return solved


def new_analysis(match: Match, index: int, seat: int,
                 advisor: Advisor | None = None) -> Analysis:
    """The not yet weighed analysis of scored deal ``index`` of ``match`` for ``seat``
    (its verdicts kept by ``advisor``, a new one by default)."""
    start, end = deal_bounds(match)[index]
    state = Match.replay(match.rules, match.seed, match.actions[:start], match.first_deal)
    points = []
    for position, action in enumerate(match.actions[start:end]):
        if state.current_player == seat and len(state.legal_actions()) > 1:
            view = state.view(seat)
            trick = len(view.deal.tricks) + 1 if view.deal.phase is Phase.PLAY else 0
            points.append(DecisionPoint(position, trick, view, action,
                                        position_at(state, seat, start), state))
        state, _ = state.apply(action)
    return Analysis(tuple(points), advisor or Advisor())


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


class CoachWorker:
    """Analyses in a background thread, one decision at a time, the wanted one first.

    ``open`` returns the deal's analysis (from the cache when it was asked before) and
    makes it the one being weighed; ``pause`` stops after the decision in hand.
    ``on_finished`` is called (in the worker's thread) when an analysis completes: the
    statistics keep its total."""

    def __init__(self, on_finished: Finished | None = None,
                 advisor: Advisor | None = None) -> None:
        """``advisor``: the verdicts' memory (the hint's, shared; by default its own)."""
        self.advisor = advisor or Advisor()
        self._cache: dict[str, Analysis] = {}
        self._wanted: tuple[Match, Analysis] | None = None
        self._changed = threading.Condition()
        self._closed = False
        self._busy = False  # a decision is being weighed
        # Set between two frames of the review (``frame_began``, ``frame_presented``),
        # and whenever no review paces the worker: it works only while it is set, so a
        # frame never waits for the interpreter's lock the worker holds.
        self._between_frames = threading.Event()
        self._between_frames.set()
        self.on_finished = on_finished
        self._thread = threading.Thread(target=self._loop, name="atout-coach", daemon=True)
        self._thread.start()

    def open(self, match: Match, index: int, seat: int) -> Analysis:
        key = deal_key(match, index, seat)
        with self._changed:
            analysis = self._cache.get(key)
            if analysis is None:
                analysis = self._cache[key] = new_analysis(match, index, seat,
                                                                   self.advisor)
            self._wanted = None if analysis.complete else (match, analysis)
            self._changed.notify_all()
            return analysis

    def see(self, match: Match, index: int, seat: int) -> Analysis:
        """``open``, and the hindsight of the deal worked out too (after the analysis:
        the marks come first)."""
        with self._changed:
            analysis = self.open(match, index, seat)
            analysis.hindsight_asked = True
            self._wanted = None if analysis.complete else (match, analysis)
            self._changed.notify_all()
            return analysis

    def pause(self) -> None:
        with self._changed:
            self._wanted = None
        self._between_frames.set()

    def frame_began(self) -> None:
        """The review makes a frame: the worker stops at its next step."""
        self._between_frames.clear()

    def frame_presented(self) -> None:
        """The frame is on screen: the worker goes on until the next."""
        self._between_frames.set()

    def _between(self) -> None:
        """Between two steps of work: wait while a frame is being made (at most
        ``FRAME_WAIT``: a review that stopped pacing never stalls the work)."""
        self._between_frames.wait(FRAME_WAIT)

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
            finished = False
            try:
                finished = self._step(analysis)
            finally:
                self._after_step(analysis)
            if finished and not self._closed:
                self._report(match, analysis)

    def _report(self, match: Match, analysis: Analysis) -> None:
        """``on_finished``, whose error (a bug) is logged: the worker goes on with the
        next analysis rather than stopping with every later one left in progress."""
        if self.on_finished is None:
            return
        try:
            self.on_finished(match, analysis)
        except Exception:
            log.exception("reporting a finished analysis failed")

    def _step(self, analysis: Analysis) -> bool:
        """Weigh the next decision, or once all are, see the next one with every hand
        seen; True when this step finished the analysis."""
        if analysis.done:
            try:
                analysis.see_next(self._between)
            except Exception:  # a bug: said in the review and the log, the marks stay
                log.exception("the hindsight failed on a decision")
                analysis.hindsight_failed = True
            return False
        try:
            analysis.weigh_next(self._between)
        except Exception:  # a bug: said in the review and the log, the worker goes on
            log.exception("the coach failed on a decision")
            analysis.failed = True
        return analysis.done

    def _after_step(self, analysis: Analysis) -> None:
        with self._changed:
            self._busy = False
            if analysis.complete and self._wanted is not None and self._wanted[1] is analysis:
                self._wanted = None
            self._changed.notify_all()
