"""A lesson followed on a match: the computers' scripted moves, the viewer's expected
one, the reason another is refused, and what the narrator says now."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from game.engine.games import rules_class
from game.engine.match import AnyRules, Match
from game.engine.protocol import Action, IllegalAction, Reason
from game.lessons.script import FREE, Lesson, Step, token

VIEWER = 0  # the player sits at seat 0 in every lesson


class LessonError(Exception):
    """A lesson's script does not fit its deal (a bug in the lesson's data)."""


def lesson_rules(lesson: Lesson) -> AnyRules:
    """The rules a lesson is played by: the game's defaults and the lesson's options."""
    rules: AnyRules = rules_class(lesson.game)(players=lesson.players, **lesson.options)
    return rules


def legal_with_token(match: Match, word: str) -> Action:
    """The legal action of the seat in turn that ``word`` names."""
    seat = match.current_player
    if seat is None:
        raise LessonError(f"nobody is to act for {word!r}")
    for action in match.view(seat).deal.legal:
        if token(action) == word:
            return action
    raise LessonError(f"{word!r} is not legal for seat {seat}")


class LessonRun:
    """Follows ``lesson`` on a match of its deal (the match's first deal)."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson

    def new_match(self) -> Match:
        match, _ = Match.new(lesson_rules(self.lesson), self.lesson.deal, self.lesson.deal)
        return match

    def position(self, match: Match) -> int:
        """How far into the script the match is: its actions so far."""
        return len(match.actions)

    def guided(self, match: Match) -> bool:
        return self.position(match) < len(self.lesson.script)

    def scripted(self, match: Match) -> Action | None:
        """The computer's move the script plays now (None: not a computer's scripted
        turn)."""
        position = self.position(match)
        if position >= len(self.lesson.script) or match.current_player in (None, VIEWER):
            return None
        item = self.lesson.script[position]
        if isinstance(item, Step):
            raise LessonError(f"step {position} is the viewer's, seat "
                              f"{match.current_player} is in turn")
        return legal_with_token(match, item)

    def expected(self, match: Match) -> Step | None:
        """The viewer's move the lesson asks for now (None: any legal move will do)."""
        position = self.position(match)
        if position >= len(self.lesson.script):
            return None
        item = self.lesson.script[position]
        return item if isinstance(item, Step) else None

    def refusal(self, match: Match, actions: Sequence[Action]) -> Reason | None:
        """Why the viewer's ``actions`` (one move; the whole écart at once) are not the
        lesson's: the rule that forbids them, else the lesson's reason for its own move;
        None when they are the lesson's, or when any legal move will do."""
        position = self.position(match)
        wanted = [item for item in self.lesson.script[position:position + len(actions)]
                  if isinstance(item, Step)]
        if not wanted or any(step.expect == FREE for step in wanted):
            return None
        if Counter(token(a) for a in actions) == Counter(step.expect for step in wanted) \
                and len(wanted) == len(actions):
            return None
        trial = match
        try:
            for action in actions:
                trial, _ = trial.apply(action)
        except IllegalAction as refused:
            return refused.reason
        return (wanted[0].why or "lesson.other_move", ())

    def words(self, match: Match) -> str:
        """The narrator's key now: the next viewer step's words (the last given ones when
        it has none), the free play's once the script is played."""
        script = self.lesson.script
        position = self.position(match)
        if position >= len(script):
            return self.lesson.free_key
        ahead = next((i for i in range(position, len(script))
                      if isinstance(script[i], Step)), len(script) - 1)
        for item in reversed(script[:ahead + 1]):
            if isinstance(item, Step) and item.key is not None:
                return item.key
        raise LessonError("the first step of a lesson needs words")

    def highlight(self, match: Match) -> tuple[str, ...]:
        """What to light up: the expected move's cards and buttons, when it is the
        viewer's turn."""
        step = self.expected(match)
        if step is None or match.current_player != VIEWER:
            return ()
        return step.highlight

    def replayed(self, steps_done: int) -> Match:
        """The match as it was after ``steps_done`` of the viewer's steps (a lesson
        resumed): the script played up to the next viewer step."""
        match = self.new_match()
        done = 0
        for item in self.lesson.script:
            if isinstance(item, Step):
                if done == steps_done:
                    break
                done += 1
                if item.expect == FREE:
                    break
                match, _ = match.apply(legal_with_token(match, item.expect))
            else:
                match, _ = match.apply(legal_with_token(match, item))
        return match

    def steps_done(self, match: Match) -> int:
        """The viewer's steps played so far."""
        return sum(isinstance(item, Step)
                   for item in self.lesson.script[:self.position(match)])
