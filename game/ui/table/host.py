"""The match in progress, apart from any screen: its one owner (``MatchInPlay``, which
tells the session of every change: saved after every action, counted in the
statistics) and the controller built with it; started, resumed from the save, replaced
("play again", "play this deal again") or abandoned, after a question.

It imports no pygame: the menu, the score sheet and the match end ask it what there is
to continue or review, and the table asks it for its controller.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the engine loads with the first match, after the menu's first frame
    from game.advice import Advisor
    from game.engine.match import DealRecord, Match
    from game.lessons.run import LessonRun
    from game.match_in_play import MatchInPlay
    from game.par import Par, ParStatus
    from game.session import Session
    from game.ui.table.controller import Controller, EventHandler, GameConfig, Pace


@dataclass(frozen=True)
class Question:
    """What to ask before a step that gives the match up (i18n keys)."""

    question_key: str
    yes_key: str
    no_key: str


ABANDON = Question("menu.abandon_question", "menu.abandon", "menu.keep_playing")


VIEWER = 0  # the player's seat: the one at the bottom of the table


def new_seed() -> int:
    return random.randrange(1, 1 << 30)


class MatchHost:
    """Holds the match being played (one at a time) and its controller."""

    def __init__(self, session: Session | None) -> None:
        self.session = session
        self.play: MatchInPlay | None = None
        self.controller: Controller | None = None
        self.config: GameConfig | None = None
        self.earlier: Match | None = None  # the match replaced, while its deals count
        self._advisor: Advisor | None = None

    def advisor(self) -> Advisor:
        """The verdicts' memory the hint and the review's coach share (made when first
        needed: it loads the AI)."""
        if self._advisor is None:
            from game.advice import Advisor

            self._advisor = Advisor()
        return self._advisor

    # --- what there is -----------------------------------------------------------------

    @property
    def in_progress(self) -> bool:
        """A match in memory that is not over."""
        return self.controller is not None and not self.controller.is_over

    @property
    def can_continue(self) -> bool:
        """A match in memory, or one saved on disk (the last session's)."""
        if self.controller is not None:
            return not self.controller.is_over
        return self.session is not None and self.session.storage.has_match()

    def last_match(self) -> Match | None:
        """The match whose last deal "Review" shows: the one in memory once it has a
        finished deal, else the one it replaced ("play this deal again"), else the one
        saved on disk."""
        if self.play is not None:
            match = self.play.match
            return match if match.history or self.earlier is None else self.earlier
        if self.session is None or not self.session.storage.has_match():
            return None
        saved = self.session.storage.load_match()
        return saved.match if saved is not None else None

    def par(self, match: Match, index: int) -> Par | ParStatus | None:
        """Scored deal ``index``'s par (the session computes it; None without one)."""
        return self.session.par(match, index) if self.session is not None else None

    @property
    def can_review(self) -> bool:
        """A finished deal in the match in memory, or a saved match (read only when
        asked: it may have none yet)."""
        if self.play is not None:
            return bool(self.play.match.history) or self.earlier is not None
        return self.session is not None and self.session.storage.has_match()

    def before_new_match(self) -> Question | None:
        """The question to ask before a new match replaces this one (None: nothing to
        lose)."""
        return ABANDON if self.can_continue else None

    # --- changes -------------------------------------------------------------------------

    def start(self, config: GameConfig, match: Match | None = None, *,
              on_event: EventHandler, pace: Callable[[], Pace]) -> Controller:
        """The controller of a new match of ``config`` (or of ``match``, resumed from the
        save), followed by the session; it replaces the one in memory, which stops.
        ``on_event`` and ``pace``: the table's (see ``Controller``)."""
        from game.match_in_play import MatchInPlay
        from game.ui.table.controller import Controller

        session = self.session
        if match is None:
            play = MatchInPlay.new(config.rules, config.seed, config.first_deal, session)
            if session is not None:
                levels = [None if seat.human else seat.level for seat in config.seats]
                session.new_match(play.match, VIEWER, levels)
        else:
            play = MatchInPlay.resume(match, session)
        controller = Controller(play, config.seats, on_event=on_event, viewer=VIEWER,
                                pace=pace, advice=self.advisor())
        self._stop_current()
        self.play, self.controller, self.config = play, controller, config
        return controller

    def lesson(self, config: GameConfig, run: LessonRun, match: Match | None = None, *,
               on_event: EventHandler, pace: Callable[[], Pace]) -> Controller:
        """The controller of a lesson's deal (``match``: resumed at a step).  It is not
        the match in progress: neither saved nor counted, and the one in memory stays;
        the lesson's progress is kept (``LessonKeeper``)."""
        from game.lessons.keeper import LessonKeeper
        from game.match_in_play import MatchInPlay
        from game.ui.table.controller import Controller

        keeper = LessonKeeper(run, self.session.storage if self.session else None)
        play = MatchInPlay.new(config.rules, config.seed, config.first_deal, keeper) \
            if match is None else MatchInPlay.resume(match, keeper)
        return Controller(play, config.seats, on_event=on_event, viewer=VIEWER, pace=pace,
                          ponder=False, lesson=run)  # its computers play the script

    def _stop_current(self) -> None:
        if self.play is not None:
            old = self.play.match
            self.earlier = old if old.history else self.earlier
        if self.controller is not None:
            self.controller.close()

    def abandon(self) -> None:
        """The player gives the match up (the one in memory or the saved one): it is
        counted as abandoned and its save removed."""
        if self.session is not None:
            self.session.abandon()

    def saved_match(self) -> tuple[GameConfig, Match] | None:
        """The saved match to continue, now followed by the session (None when there is
        none or it was damaged: the session's problems say why)."""
        from game.ai import Level
        from game.ui.table.controller import GameConfig, SeatConfig

        saved = self.session.continue_match() if self.session is not None else None
        if saved is None:
            return None
        seats = tuple(SeatConfig(human=seat == saved.human_seat,
                                 level=Level(level) if level else Level.CONFIRME)
                      for seat, level in enumerate(saved.levels))
        return GameConfig(saved.match.rules, seats, saved.match.seed,
                          saved.match.first_deal), saved.match

    def play_again(self, record: DealRecord | None = None) -> GameConfig:
        """A new match with this one's rules and seats; its first deal ``record``'s
        ("play this deal again") when given."""
        assert self.config is not None, "no match to play again"
        first = record.seed if record is not None else None
        return dataclasses.replace(self.config, seed=new_seed(), first_deal=first)

    def close(self) -> None:
        """The app closes: the AI's worker stops."""
        if self.controller is not None:
            self.controller.close()

