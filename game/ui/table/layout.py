"""Every rectangle the table draws, in logical 1280×720 pixels: the seats, the hand's fan,
the buttons, the bubbles, the badges, the piles, the boxes and panels.

Pure geometry (``pygame.Rect`` only, no font, no surface): what a text needs is given as
its measured size, so the layout is tested headless and the overlap test reads the same
rectangles the parts draw.  The left-handed layout is made here and only here
(``TableLayout.mirror``): the viewer's plate, bubble and pile, the side buttons and the
play buttons change sides.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from pygame import Rect

from game.engine.rules import Direction
from game.ui.kit.layout import (
    CENTRE,
    LOGICAL,
    SCREEN,
    Point,
    Size,
    Spot,
    bubble_box,
    pile_spot,
    seat_spots,
)

WIDTH, HEIGHT = LOGICAL

CARD_RATIO = 1.5  # height / width of every card sprite (assets.CARD_RATIO)
HAND_WIDTH = 100
TAROT_HAND_WIDTH = 92
BACK_WIDTH = 54
TRICK_WIDTH = 88
PILE_WIDTH = 50
SHOWN_WIDTH = 48
LAST_TRICK_WIDTH = 70
HAND_TOP = 588
HAND_SPAN = 840  # the widest fan, clear of the name plate and the buttons
RAISE = 26
HOVER = 12
SELECT_RAISE = 18  # the card chosen with the arrows stands out above the legal ones
# The découverte: the player's eight piles side by side, each face-up card standing
# ``PILE_UNDER`` above the face-down card it covers; the opponent's piles smaller,
# their face-up cards a little up and right of the card under them.
PILES_STEP = 94
PILES_X = 720  # right of South's tricks, left of the side buttons
PILE_UNDER = 36
PILE_DOWN_TOP = 576  # the face-down card's last 30 pixels show under the face-up one
OPPONENT_PILES_STEP = 64
OPPONENT_PILES_X = 540  # left of North's tricks
OPPONENT_PILE_Y = 48
OPPONENT_UNDER = (8, -8)
DECOUVERTE_TRICKS = (150, 480)
ASIDE_SPOT = (200, 330)  # the contrée à deux's twelve cards aside, where West would sit
BID_HISTORY_ROWS = 10
BID_ROW = 23  # a row of the bid history: its text at MIN_TEXT
GAP = 6  # the least room between two things drawn side by side
BACKS_HALF = round(BACK_WIDTH * CARD_RATIO) // 2  # East's and West's backs lie sideways
SIDE_SPAN = 196  # East's and West's backs stay between the score box and their plate

SIDE_BUTTONS = {  # the right-handed places; the left-handed ones are their mirror
    "menu": Rect(12, 676, 120, 36),
    "last": Rect(1108, 676, 160, 36),
    "undo": Rect(1108, 592, 160, 36),
    "hint": Rect(1108, 634, 160, 36),
}
# The first play button; the next ones above it, clear of the dealer's button beside the
# plate of the side seat on the same side (a long name widens the plate towards them).
PLAY_BUTTON = Rect(836, 504, 210, 42)
PLAY_STEP = 48
SCORE_BOX = Rect(10, 10, 260, 64)  # grows by one row per side
CONTRACT_BOX = Rect(1010, 10, 260, 104)
MESSAGE_CENTRE = (640, 520)
LAST_TRICK_BOX = Rect(0, 0, 580, 300)
LAST_TRICK_STEP = 112  # the cards in a row in the order played, each seat named under
BID_PANEL = Rect(300, 206, 680, 262)  # coinche: values, suits, pass, coinche; a note beside it
CHOICE_PANEL = Rect(380, 424, 520, 116)  # belote's take or pass: under the retourne's label
# tarot's bids and king call: the chien has no label, so higher, with room under it for a
# two-line hint (the bidding's figures) above the hand
TAROT_CHOICE_PANEL = CHOICE_PANEL.move(0, -24)
RETOURNE = (640, 330)  # the belote retourne, the tarot chien, in the middle
BERGERE = (760, 330)  # belote à trois: the card beside the retourne
CHIEN_WIDTH = 64
SLOT_WIDTH = 70  # the écart's places, in a row about where the chien lay
SLOT_STEP = 76
SLOT_Y = 310
ECART_TOP = 230


def card_size(width: int) -> Size:
    return width, round(width * CARD_RATIO)


def card_rect(centre: tuple[float, float], width: int) -> Rect:
    rect = Rect((0, 0), card_size(width))
    rect.center = (round(centre[0]), round(centre[1]))
    return rect


def stack(rects: Sequence[Rect]) -> Rect:
    """The smallest rectangle around ``rects`` (an empty one for none)."""
    return rects[0].unionall(list(rects[1:])) if rects else Rect(0, 0, 0, 0)


@dataclasses.dataclass
class TableLayout:
    """The table's geometry for ``players`` seen from ``viewer`` (South)."""

    players: int
    viewer: int
    direction: Direction
    tarot: bool = False
    left_handed: bool = False
    decouverte: bool = False  # the player's eight piles fill the bottom row
    spots: list[Spot] = dataclasses.field(init=False)

    def __post_init__(self) -> None:
        self.spots = seat_spots(self.players, self.viewer, self.direction)
        self.handed(self.left_handed, force=True)

    # --- the mirror: the one place the left-handed layout is made -----------------------

    def mirror(self, rect: Rect) -> Rect:
        """``rect`` on the other side when the layout is left-handed."""
        if not self.left_handed:
            return Rect(rect)
        return Rect(WIDTH - rect.right, rect.y, rect.width, rect.height)

    def mirror_point(self, point: Point) -> Point:
        return (WIDTH - point[0], point[1]) if self.left_handed else point

    def handed(self, left_handed: bool, force: bool = False) -> bool:
        """Follow the setting; True when the layout changed."""
        if left_handed == self.left_handed and not force:
            return False
        self.left_handed = left_handed
        spot = seat_spots(self.players, self.viewer, self.direction)[self.viewer]
        self.spots[self.viewer] = dataclasses.replace(
            spot, plate=self.mirror_point(spot.plate), bubble=self.mirror_point(spot.bubble),
            pile=self.mirror_point(spot.pile))
        return True

    # --- buttons -----------------------------------------------------------------------

    def side_button(self, name: str) -> Rect:
        """Menu, last trick, undo, hint."""
        return self.mirror(SIDE_BUTTONS[name])

    def play_button(self, index: int) -> Rect:
        """The play buttons (announce, arrêt, poignée; the poignée's own two) go up from
        above the hand, on the side of the player's hand that is free."""
        return self.mirror(PLAY_BUTTON.move(0, -index * PLAY_STEP))

    # --- the viewer's hand ---------------------------------------------------------------

    @property
    def hand_width(self) -> int:
        return TAROT_HAND_WIDTH if self.tarot else HAND_WIDTH

    def fan(self, hand: Sequence[Any], lift: Callable[[Any], int]) -> list[tuple[Any, Rect]]:
        """Where each card of ``hand`` is drawn (its order already the layout's), each
        raised by ``lift(card)`` pixels."""
        if self.left_handed:
            hand = list(hand)[::-1]
        width, height = card_size(self.hand_width)
        count = len(hand)
        step = min(72, (HAND_SPAN - width) // (count - 1)) if count > 1 else 0
        left = CENTRE[0] - (step * (count - 1) + width) // 2
        return [(c, Rect(left + index * step, HAND_TOP - lift(c), width, height))
                for index, c in enumerate(hand)]

    def decouverte_pile(self, seat: int, index: int, face_up: bool = False) -> Point:
        """The centre of the face-down card of ``seat``'s pile ``index`` (of eight); with
        ``face_up``, where the face-up card of that pile lies: over the card it covers,
        offset (a card turned over lies there too, alone: the row stays straight)."""
        if seat == self.viewer:  # on the free side of the name plate
            height = card_size(HAND_WIDTH)[1]
            x, y = self.mirror_point((round(PILES_X + (index - 3.5) * PILES_STEP),
                                      PILE_DOWN_TOP + height // 2))
            return (x, y - PILE_UNDER) if face_up else (x, y)
        x, y = round(OPPONENT_PILES_X + (index - 3.5) * OPPONENT_PILES_STEP), OPPONENT_PILE_Y
        return (x + OPPONENT_UNDER[0], y + OPPONENT_UNDER[1]) if face_up else (x, y)

    def hand_target(self, seat: int) -> Point:
        """Where a card dealt to ``seat`` flies."""
        if seat == self.viewer:
            return CENTRE[0], HAND_TOP + 75
        return self.spots[seat].hand

    # --- the other hands, the trick, the piles ----------------------------------------------

    def backs(self, seat: int, count: int) -> list[Point]:
        """The centres of the backs of ``seat``'s hand (fanned down the side for E, W)."""
        spot = self.spots[seat]
        step = min(22, SIDE_SPAN // max(1, count)) if spot.vertical \
            else min(28, 210 // max(1, count))
        first = -(step * (count - 1)) / 2
        x, y = spot.hand
        return [(x, round(y + first + i * step)) if spot.vertical
                else (round(x + first + i * step), y) for i in range(max(0, count))]

    def backs_rect(self, seat: int, count: int) -> Rect:
        spot = self.spots[seat]
        width, height = card_size(BACK_WIDTH)
        size = (height, width) if spot.vertical else (width, height)
        return stack([Rect((0, 0), size).move(x - size[0] // 2, y - size[1] // 2)
                      for x, y in self.backs(seat, count)])

    def trick_card(self, seat: int) -> Rect:
        return card_rect(self.spots[seat].trick, TRICK_WIDTH)

    def pile(self, teams: bool, seat: int) -> Point:
        """Where the tricks won by ``seat``'s side are stacked (the player's, at the
        découverte, up on the left: his piles fill the bottom row)."""
        if self.decouverte and seat == self.viewer:
            return self.mirror_point(DECOUVERTE_TRICKS)
        return pile_spot(teams, self.viewer, seat, self.spots)

    @staticmethod
    def pile_cards(point: Point, tricks: int) -> list[Point]:
        return [(point[0] + i * 2, point[1] - i * 2) for i in range(tricks)]

    def pile_rect(self, point: Point, tricks: int) -> Rect:
        return stack([card_rect(p, PILE_WIDTH) for p in self.pile_cards(point, tricks)])

    def pile_label(self, point: Point, tricks: int, text_size: Size) -> Rect:
        """The count beside a pile, on the side facing the middle of the table."""
        rect = Rect((0, 0), text_size)
        pile = self.pile_rect(point, tricks)
        if point[0] < 1100:
            rect.midleft = (pile.right + GAP, point[1])
        else:
            rect.midright = (pile.left - GAP, point[1])
        return rect

    # --- the name plates and their badges ---------------------------------------------------

    def plate(self, seat: int, text_size: Size) -> Rect:
        rect = Rect(0, 0, max(150, text_size[0] + 28), 36)
        rect.center = self.spots[seat].plate
        return rect.clamp(SCREEN)

    @staticmethod
    def dealer_button(plate: Rect) -> Rect:
        """The dealer's button beside the plate, on the side of the nearer edge of the
        screen when it fits there (away from the hand and the middle)."""
        rect = Rect(0, 0, 30, 30)
        outer_left = plate.centerx < CENTRE[0]
        if (outer_left and plate.left < 40) or (not outer_left and plate.right > WIDTH - 40):
            outer_left = not outer_left
        x = plate.left - 4 - 15 if outer_left else plate.right + 4 + 15
        rect.center = (x, plate.centery)
        return rect

    @staticmethod
    def taker_badge(plate: Rect, text_size: Size) -> Rect:
        """The "Taker" badge, under the plate."""
        rect = Rect(0, 0, max(84, text_size[0] + 16), 22)
        rect.midtop = (plate.centerx, plate.bottom + 2)
        return rect

    # --- bubbles ---------------------------------------------------------------------------

    def bubble(self, seat: int, text_size: Size) -> Rect:
        """The bubble of ``seat`` (its body): East's and West's beside their backs, the
        viewer's beside his hand (``bubble_room`` says if it fits there)."""
        spot = self.spots[seat]
        rect = bubble_box(text_size, spot.bubble, spot.bubble_tail)
        if spot.vertical and spot.hand[0] > CENTRE[0]:
            rect.right = min(rect.right, spot.hand[0] - BACKS_HALF - GAP)
        elif spot.vertical:
            rect.left = max(rect.left, spot.hand[0] + BACKS_HALF + GAP)
        room = self.bubble_room(seat)
        if room is not None and rect.width <= room.width:
            rect.clamp_ip(room)
        return rect

    def bubble_room(self, seat: int) -> Rect | None:
        """Where the viewer's bubble must fit: between the edge and the widest hand."""
        if seat != self.viewer:
            return None
        return self.mirror(Rect(8, 0, CENTRE[0] - HAND_SPAN // 2 - GAP - 8, HEIGHT))

    def shown_cards(self, seat: int, bubble: Rect, count: int, boxes: Sequence[Rect]
                    ) -> list[Rect]:
        """Cards shown to all (announcements, a poignée), in a row by the bubble (over
        the hand of a seat across the table), clear of the ``boxes`` in the corners."""
        step = min(SHOWN_WIDTH - 8, 520 // count)
        width, height = card_size(SHOWN_WIDTH)
        row = Rect(0, 0, step * (count - 1) + width, height)
        if self.spots[seat].bubble_tail == "down":
            row.midbottom = (bubble.centerx, bubble.top - 4)
        else:  # the seats across the table: over their own hand, clear of the trick
            row.center = self.spots[seat].hand
        row = free_place(row.clamp(SCREEN.inflate(-8, -8)), boxes)
        return [Rect(row.x + i * step, row.y, width, height) for i in range(count)]

    # --- boxes -----------------------------------------------------------------------------

    @staticmethod
    def score_row(sides: int) -> int:
        """The score box's line height: five seats fit above West's cards."""
        return {1: 30, 2: 30, 3: 30, 4: 24}.get(sides, 21)

    def score_box(self, sides: int) -> Rect:
        return Rect(SCORE_BOX.x, SCORE_BOX.y, SCORE_BOX.width,
                    SCORE_BOX.height + self.score_row(sides) * sides)

    @staticmethod
    def contract_box() -> Rect:
        return Rect(CONTRACT_BOX)

    def bid_history(self, rows: int) -> Rect:
        """The bidding so far: left of the contract box, clear of North's hand; at five
        (NE sits there), bottom left, where the piles are still empty; at the découverte,
        under the contract box (East's place is empty)."""
        height = 30 + min(rows, BID_HISTORY_ROWS) * BID_ROW
        if self.players == 5:  # one bid each at most: left of the middle, under NW
            return Rect(236, 258, 205, height)
        if self.decouverte:  # North's piles reach right: under the contract box
            return Rect(CONTRACT_BOX.right - 230, CONTRACT_BOX.bottom + 2 * GAP, 230, height)
        return Rect(770, 10, 230, height)

    # --- the last trick ----------------------------------------------------------------------

    @staticmethod
    def last_trick_box() -> Rect:
        rect = Rect(LAST_TRICK_BOX)
        rect.center = CENTRE
        return rect

    def last_trick_card(self, index: int, count: int) -> Rect:
        """The ``index``-th card played of a trick of ``count`` in the panel: in a row,
        apart, so that no card hides another's corner."""
        box = self.last_trick_box()
        x = box.centerx + (index - (count - 1) / 2) * LAST_TRICK_STEP
        return card_rect((x, box.centery - 6), LAST_TRICK_WIDTH)

    def last_trick_name(self, index: int, count: int, text_size: Size) -> Rect:
        """The seat's name under its card in the panel."""
        card = self.last_trick_card(index, count)
        rect = Rect((0, 0), text_size)
        rect.midtop = (card.centerx, card.bottom + 8)
        return rect


def centre_cards(retourne: bool, bergere: bool, backs: int, chien: int) -> list[Rect]:
    """The cards in the middle outside the trick: the retourne, the bergère, the chien
    face down, then face up."""
    rects = []
    if retourne:
        rects.append(card_rect(RETOURNE, TRICK_WIDTH))
    if bergere:
        rects.append(card_rect(BERGERE, CHIEN_WIDTH))
    rects += [card_rect(centre, CHIEN_WIDTH) for centre in chien_backs(backs)]
    rects += [card_rect(centre, SLOT_WIDTH) for centre in chien_faces(chien)]
    return rects


def chien_backs(count: int) -> list[Point]:
    return [(RETOURNE[0] + i * 14 - count * 7, RETOURNE[1]) for i in range(count)]


def chien_faces(count: int) -> list[Point]:
    return [(round(RETOURNE[0] + (i - (count - 1) / 2) * 74), RETOURNE[1]) for i in range(count)]


def under(card: Rect, text_size: Size) -> Rect:
    """A label under a card."""
    rect = Rect((0, 0), text_size)
    rect.midtop = (card.centerx, card.bottom + 4)
    return rect


def ecart_slots(size: int) -> list[Rect]:
    """The places of the écart's cards, in a row in the middle of the table."""
    width, height = card_size(SLOT_WIDTH)
    left = CENTRE[0] - (SLOT_STEP * (size - 1)) // 2
    return [Rect(left + i * SLOT_STEP - width // 2, SLOT_Y - height // 2, width, height)
            for i in range(size)]


def ecart_area(size: int) -> Rect:
    """The écart's panel around its places, its count above them."""
    slots = ecart_slots(size)
    rect = stack(slots) if slots else Rect(CENTRE[0], SLOT_Y, 0, 0)
    rect = rect.inflate(36, 0)
    rect.top, rect.height = ECART_TOP, rect.bottom - ECART_TOP + 32
    return rect.clamp(SCREEN)


ECART_BUTTON = Rect(0, 0, 250, 44)


def ecart_buttons(size: int) -> tuple[Rect, Rect]:
    """"Valider l'écart" centred under the écart's panel, the chelem toggle beside it."""
    area = ecart_area(size)
    confirm, chelem = Rect(ECART_BUTTON), Rect(ECART_BUTTON)
    confirm.midtop = (area.centerx, area.bottom + 10)
    chelem.midleft = (confirm.right + 12, confirm.centery)
    return confirm, chelem


def message_box(text_size: Size, panel: Rect | None, avoid: Sequence[Rect]) -> Rect:
    """The message to the player: above the hand, growing upwards with its lines (under
    the bid panel when it is shown), at the nearest place free of every rectangle of
    ``avoid``."""
    rect = Rect(0, 0, text_size[0] + 48, max(44, text_size[1] + 14))
    rect.midbottom = (MESSAGE_CENTRE[0], MESSAGE_CENTRE[1] + 22)
    if panel is not None:
        rect.top = panel.bottom + 8
    return free_place(rect, [*avoid, *([panel] if panel else [])])


def note_box(text_size: Size, message: Rect | None, panel: Rect | None,
             avoid: Sequence[Rect]) -> Rect | None:
    """The first-time explanation: over the message (under it below a bid panel),
    free of the rest; None while there is no room for it (a tall hint): it waits."""
    rect = Rect(0, 0, text_size[0] + 36, 36)
    rect.center = MESSAGE_CENTRE
    if message is not None and panel is not None:
        rect.top = message.bottom + 8
    elif message is not None:
        rect.bottom = message.top - 8
    elif panel is not None:
        rect.top = panel.bottom + 8
    taken = [*avoid, *([panel] if panel else []), *([message] if message else [])]
    placed = free_place(rect, taken)
    return placed if placed.collidelist(taken) < 0 else None


def gap(first: Rect, second: Rect) -> int:
    """How far apart two rectangles are: across plus down (0 when they touch)."""
    across = max(first.left - second.right, second.left - first.right, 0)
    down = max(first.top - second.bottom, second.top - first.bottom, 0)
    return across + down


NEAR_STEP = 12  # the grid of places ``nearest_free`` tries


def nearest_free(rect: Rect, anchor: Rect, taken: Sequence[Rect]) -> Rect | None:
    """``rect`` moved to the free place on the screen nearest to ``anchor`` (the least
    ``gap``, then the least move), tried on a grid over the screen, at least GAP from
    each of ``taken``; None if none."""
    places = (Rect(x, y, rect.width, rect.height)
              for x in range(0, SCREEN.width - rect.width + 1, NEAR_STEP)
              for y in range(0, SCREEN.height - rect.height + 1, NEAR_STEP))
    apart = [other.inflate(2 * GAP, 2 * GAP) for other in taken]
    return min((place for place in places if place.collidelist(apart) < 0),
               key=lambda place: (gap(place, anchor),
                                  abs(place.x - rect.x) + abs(place.y - rect.y)),
               default=None)


def free_place(rect: Rect, taken: Sequence[Rect]) -> Rect:
    """``rect`` where it is, or else the nearest place on the screen that covers none of
    ``taken``: higher up, or beside, above or below one of them.  When none is free,
    where it is."""
    rect = rect.clamp(SCREEN)
    candidates = [rect, *(rect.move(0, dy) for dy in range(-12, -300, -12))]
    for other in taken:
        candidates += [rect.move(other.left - GAP - rect.right, 0),
                       rect.move(other.right + GAP - rect.left, 0),
                       rect.move(0, other.top - GAP - rect.bottom),
                       rect.move(0, other.bottom + GAP - rect.top)]
    free = [c for c in candidates if SCREEN.contains(c) and c.collidelist(list(taken)) < 0]
    if not free:
        return rect
    return min(free, key=lambda c: abs(c.x - rect.x) + abs(c.y - rect.y))
