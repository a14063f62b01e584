"""The hint: what the Expert would do in the viewer's place, and why.  It thinks in the
computer seats' worker (up to a few hundred milliseconds), so the frames go on meanwhile,
and answers for the position it was asked in only.  No pygame here."""

from __future__ import annotations

import random
from collections.abc import Callable
from concurrent.futures import Future, wait

from game.ai import Decision, Level, decide
from game.engine.match import Match, MatchView

Submit = Callable[[Callable[[MatchView, float], Decision], MatchView, float], "Future[Decision]"]


class Hint:
    def __init__(self, seed: int, submit: Submit) -> None:
        """``seed``: the match's (the same question gets the same answer); ``submit``
        runs the thinking in the worker."""
        self._rng = random.Random(seed)
        self._submit = submit
        self._asked: Match | None = None  # the position the hint was asked in
        self._answer: Future[Decision] | None = None

    def ask(self, match: Match, viewer: int, think: float) -> None:
        """Think about ``viewer``'s move in ``match`` (once per position)."""
        if self._asked is match:
            return
        self._asked = match
        self._answer = self._submit(self._suggest, match.view(viewer), think)

    def answer(self, match: Match) -> Decision | None:
        """The suggestion for ``match``, once thought (None when asked in another
        position: anyone acted, or an undo or a redo changed it)."""
        if self._answer is None or self._asked is not match or not self._answer.done():
            return None
        return self._answer.result()

    def wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the hint asked (tests); False when none was
        asked or it is not ready."""
        return self._answer is not None and bool(wait([self._answer], timeout).done)

    def _suggest(self, view: MatchView, think: float) -> Decision:
        """The Expert's choice in ``view`` and its reason (run in the worker)."""
        return decide(view, Level.EXPERT, self._rng, think)
