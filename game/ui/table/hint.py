"""The hint: the verdict of the viewer's position (``game.advice``: the same evaluation
the review reads, seeded by the position and kept by the advisor the review's coach
shares).  It is weighed in the computer seats' worker, so the frames go on meanwhile,
and answers for the position it was asked in only.

While the viewer thinks over his move, the worker ponders it (``ponder``): the same
evaluation of the same position, advanced in short slices between frames, so that H
answers at once once the player has thought a moment.  Pondering only advances the
evaluation the hint would run (its worlds are drawn from the position, never from when
or in how many slices they are drawn), so the verdict is the same pondered or not.
No pygame here."""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Future, wait

from game.advice import Advisor, Evaluation, Verdict, current_position
from game.engine.match import Match

Submit = Callable[[Callable[[Match, int], Verdict], Match, int], "Future[Verdict]"]


class Hint:
    def __init__(self, advice: Advisor, submit: Submit) -> None:
        """``advice``: the verdicts' memory; ``submit`` runs the weighing in the worker."""
        self.advice = advice
        self._submit = submit
        self._asked: Match | None = None  # the position the hint was asked in
        self._answer: Future[Verdict] | None = None
        self._pondered: tuple[Match, Evaluation] | None = None  # read in the worker only

    def ask(self, match: Match, viewer: int) -> None:
        """Weigh ``viewer``'s move in ``match`` (once per position)."""
        if self._asked is match:
            return
        self._asked = match
        self._answer = self._submit(self._verdict, match, viewer)

    def answer(self, match: Match) -> Verdict | None:
        """The verdict for ``match``, once weighed (None when asked in another position:
        anyone acted, or an undo or a redo changed it)."""
        if self._answer is None or self._asked is not match or not self._answer.done():
            return None
        return self._answer.result()

    def wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the hint asked (tests); False when none was
        asked or it is not ready."""
        return self._answer is not None and bool(wait([self._answer], timeout).done)

    def ponder(self, viewer: int, match: Match, seconds: float,
               interrupted: Callable[[], bool]) -> bool:
        """Advance the evaluation of ``viewer``'s move in ``match`` by short steps for
        about ``seconds``, or until ``interrupted()`` (run in the worker, between two
        frames); False once its verdict is settled.  A new position drops the old one's
        (what was weighed stays in the advisor's memory)."""
        start = time.perf_counter()
        if self._pondered is None or self._pondered[0] is not match:
            evaluation = self.advice.evaluation(current_position(match, viewer))
            self._pondered = (match, evaluation)
        evaluation = self._pondered[1]
        while evaluation.step():
            if time.perf_counter() - start >= seconds or interrupted():
                return True
        return False

    def _verdict(self, match: Match, viewer: int) -> Verdict:
        """The position's verdict (run in the worker)."""
        return self.advice.verdict(current_position(match, viewer))
