"""What a deal's remaining trick points are worth on the score sheet, for one seat.

The solver maximises trick points in each world; what the table scores is the deal
result (a coinche contract made or failed, its multiplier, belote, announcements, the
capot).  That result rises with the points a side takes, so in each world the card
maximising the points also maximises the score: applying the engine's scoring to each
world's value before summing over the worlds is exact, and makes the player weigh the
worlds where the contract is at stake (a few points that make it are worth more than
many that do not change it).

For the four-player games the worth is the seat's team score minus the other team's;
each for himself (belote à 2 / 3), the trick points stay the measure.
"""

from __future__ import annotations

from collections.abc import Callable

from game.ai.deal_value import table_scorer
from game.engine.deal_scoring import SideTally
from game.engine.rules import TrickGameRules
from game.engine.trick_view import BELOTE_POINTS, TrickView

Utility = Callable[[int], int]  # points the seat's side takes from now on -> worth


def deal_utility(view: TrickView, rules: TrickGameRules, points_left: int) -> Utility:
    """The worth of taking ``v`` of the ``points_left`` trick points still to play."""
    if not rules.has_teams or view.taker is None:
        return identity
    side = view.seat % 2
    taken = [0, 0]
    tricks_won = [0, 0]
    for t in view.tricks:
        taken[t.winner % 2] += t.points
        tricks_won[t.winner % 2] += 1
    announcements = [0, 0]
    for seat, anns in view.shown_announcements:
        announcements[seat % 2] += sum(a.value for a in anns)
    belote = [0, 0]
    if view.belote_seat is not None:  # the rebelote follows: the cards must be played
        belote[view.belote_seat % 2] = BELOTE_POINTS
    score = table_scorer(view, rules)
    assert score is not None

    def worth(v: int) -> int:
        trick_points = [0, 0]
        trick_points[side] = taken[side] + v
        trick_points[1 - side] = taken[1 - side] + points_left - v
        # A side left without a point is taken to have no trick (0-point tricks are rare).
        capot_side = next((s for s in (0, 1) if trick_points[1 - s] == 0
                           and tricks_won[1 - s] == 0), None)
        if capot_side is not None:
            trick_points[capot_side] = rules.capot_points
        tally = SideTally(tuple(trick_points), tuple(announcements), tuple(belote),
                          tuple(tricks_won), capot_side)
        scores = score(tally)
        return scores[side] - scores[1 - side]

    return worth


def identity(v: int) -> int:
    return v
