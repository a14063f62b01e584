"""The Confirmé's bidding at two players: the contrée à deux (ten cards each, twelve
aside, about 105 card points in play) and the découverte (every card dealt, only the
face-up half seen, its owner's face-down cards unknown to him too).

There is no partner, so a hand's value (``evaluate``) is turned into the points its
holder should make alone by a straight line fitted on deals the Confirmé played out:
taking each deal's best suit at the lowest bid, the taker's total (tricks, announcements,
belote) against the hand's value, and the defender's against his defence value
(``bench/two_player_calibration.py``, 600 and 400 deals).  At the découverte the value
reads the face-up cards only: a pass says nothing of the face-down ones (``docs/rules.md``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.ai.evaluate import defence_value
from game.engine.actions import Bid
from game.engine.cards import Card
from game.engine.rules import TrickGameRules


@dataclass(frozen=True)
class Line:
    """Points = ``at_zero`` + ``slope`` × a hand's value."""

    at_zero: float
    slope: float

    def points(self, value: float) -> float:
        return self.at_zero + self.slope * value


# The fits, by layout: the hand (contrée à deux) or the découverte.
TAKER = {False: Line(-6.8, 1.24), True: Line(84.1, 0.37)}
DEFENDER = {False: Line(31.0, 0.95), True: Line(51.3, 0.77)}
IN_PLAY = {False: 146.0, True: 172.0}  # both totals, announcements and belote included
SAFETY = 5  # bid this much under the expected total: a failure costs the whole stake
# Belote découverte: the value of the face-up cards from which taking scores more than
# it gives away (the margin's sign changes between 50 and 60, the choice of trump kept).
DECOUVERTE_TAKE_THRESHOLD = 50


def alone_points(rules: TrickGameRules, value: float) -> float:
    """The points a two-player taker should make with a trump alone, less a margin, from
    his hand's value with it (``evaluate.hand_value``; at the découverte, of his face-up
    cards)."""
    return TAKER[rules.decouverte].points(value) - SAFETY


def takers_best(hand: Sequence[Card], rules: TrickGameRules, contract: Bid) -> float:
    """What the opponent's contract should make at most against ``hand``."""
    mine = defence_value(hand, contract.mode, contract.suit)
    return IN_PLAY[rules.decouverte] - DEFENDER[rules.decouverte].points(mine)
