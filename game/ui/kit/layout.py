"""Where each seat sits on the logical 1280×720 table, by number of players.

The viewer is always at the bottom (South).  With the engine's seat order seat, seat+1,
..., ``Direction.CCW`` puts seat+1 on the viewer's right (East), ``CW`` on the left.
"""

from __future__ import annotations

from dataclasses import dataclass

from pygame import Rect

from game.engine.rules import Direction

Point = tuple[int, int]
Size = tuple[int, int]
LOGICAL: Size = (1280, 720)  # every scene draws on this; the app scales it to the window
SCREEN = Rect((0, 0), LOGICAL)
CENTRE: Point = (640, 340)


@dataclass(frozen=True)
class Spot:
    compass: str  # "S", "E", "N", "W"; at five "NE" and "NW" instead of "N"
    hand: Point  # centre of the hand (backs for the others)
    vertical: bool  # backs fanned top to bottom (E, W)
    plate: Point  # centre of the name plate
    trick: Point  # where this seat's card lies in the trick
    bubble: Point  # where its speech bubble's tail points
    bubble_tail: str  # "down" (bubble above the point) or "up"
    pile: Point  # where the tricks this seat's side won are stacked


SPOTS = {
    "S": Spot("S", (640, 650), False, (122, 632), (640, 412), (122, 610), "down", (300, 530)),
    "N": Spot("N", (640, 46), False, (640, 108), (640, 268), (640, 150), "up", (850, 60)),
    "E": Spot("E", (1212, 320), True, (1186, 462), (742, 340), (1100, 262), "down", (1120, 340)),
    "W": Spot("W", (68, 320), True, (94, 462), (538, 340), (180, 262), "down", (160, 340)),
    "NE": Spot("NE", (850, 46), False, (850, 108), (700, 270), (850, 150), "up", (1000, 180)),
    "NW": Spot("NW", (430, 46), False, (430, 108), (580, 270), (430, 150), "up", (290, 230)),
}

_ORDERS: dict[tuple[int, Direction], tuple[str, ...]] = {
    (5, Direction.CCW): ("S", "E", "NE", "NW", "W"),
    (5, Direction.CW): ("S", "W", "NW", "NE", "E"),
    (4, Direction.CCW): ("S", "E", "N", "W"),
    (4, Direction.CW): ("S", "W", "N", "E"),
    (3, Direction.CCW): ("S", "E", "W"),
    (3, Direction.CW): ("S", "W", "E"),
    (2, Direction.CCW): ("S", "N"),
    (2, Direction.CW): ("S", "N"),
}


def seat_spots(players: int, viewer: int, direction: Direction) -> list[Spot]:
    """The spot of every seat (indexed by engine seat)."""
    order = _ORDERS[players, direction]
    return [SPOTS[order[(seat - viewer) % players]] for seat in range(players)]


def pile_spot(teams: bool, viewer: int, seat: int, spots: list[Spot]) -> Point:
    """Tricks are stacked by side: with teams, a team's pile sits by the viewer's side
    (South) or by the first opponent."""
    if not teams:
        return spots[seat].pile
    same_side = (seat - viewer) % 2 == 0
    return spots[viewer].pile if same_side else spots[(viewer + 1) % 4].pile


def bubble_box(text_size: Size, anchor: Point, tail: str) -> Rect:
    """The body of a speech bubble around a text of ``text_size`` whose tail points at
    ``anchor`` from above ("down") or from below ("up"), kept on the screen."""
    rect = Rect((0, 0), text_size).inflate(24, 14)
    if tail == "down":
        rect.midbottom = (anchor[0], anchor[1] - 12)
    else:
        rect.midtop = (anchor[0], anchor[1] + 12)
    return rect.clamp(SCREEN.inflate(-8, -8))
