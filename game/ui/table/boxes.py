"""The table's boxes and messages: the score box, the contract box, the bid history, the
message to the player with the first-time note, and the last trick's panel.  Like the
other parts, each draws from ``TableLayout`` and names its rectangles (``regions``)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

import pygame

from game.engine.actions import CAPOT_BID
from game.engine.games import game_of
from game.i18n import Speaks, Texts
from game.ui.kit.drawlog import explains
from game.ui.kit.widgets import (
    CREAM,
    GLOW,
    GOLD,
    MIN_TEXT,
    ask_chip,
    blit_symbol,
    blit_text,
    panel,
    text,
    wrap,
)
from game.ui.table.call_words import readable
from game.ui.table.layout import (
    BID_HISTORY_ROWS,
    BID_ROW,
    LAST_TRICK_WIDTH,
    TableLayout,
    free_place,
    gap,
    message_box,
    nearest_free,
    note_box,
)
from game.ui.table.model import TableModel, trump_key
from game.ui.table.parts import Bubbles, Painter, Region, Seats
from game.ui.table.words import say_text, tarot_contract_words

MESSAGE_TEXT = 28
DETAIL_TEXT = 21  # a message's further lines (the hint's numbers)
MESSAGE_LEADING = 3  # between a message's lines: the hint's figures do not touch
# A longer line of a message wraps at the first of these widths whose panel fits between
# what it must leave visible (the side seats' plates and marks, the trick).
MESSAGE_WIDTHS = (900, 820, 740, 660, 580)
NOTE_TEXT = 22
NAME_TEXT = 20
# What the computers read from a call, and why a computer played a card of the last
# trick: sentences to read, never under 16 pixels at the smallest window (960×540).
REASON_TEXT = 22
REASON_LINE = 26
# the call read, beside its row of the bid history: wider when it is too tall for the
# room there, narrower when only a column is free beside the row (the bidding panel below)
NOTE_WIDTHS = (440, 560, 300)
NOTE_NEAR = 40  # farther from its row than this, the note looks for a nearer free place
SUIT_ICON = 32
Box = tuple[int, int, int, int]  # a rectangle, hashable
Asked = tuple[str, int]  # ("row", call index), ("bubble", seat) or ("contract", taker)
ROW_LIT = (50, 76, 61)  # a call under the mouse, which a click explains
CHIP_MARGIN = 3  # the light chip around the trump's symbol
ASK_CHIP = 15  # the radius of the contract box's "?" chip
ROW_CHIP = 9  # the same on a row of calls


class ScoreBox(Speaks):
    """The match's totals by side (a click opens the score pad)."""

    def __init__(self, texts: Texts, layout: TableLayout, model: TableModel, seats: Seats) -> None:
        self.texts = texts
        self.layout, self.model, self.seats = layout, model, seats

    def rect(self) -> pygame.Rect:
        return self.layout.score_box(len(self.model.totals))

    def side_name(self, side: int) -> str:
        if self.model.teams:
            mine = side == self.model.side_of(self.layout.viewer)
            return self.tr("side.us") if mine else self.tr("side.them")
        return self.seats.name(side)

    def title(self) -> str:
        """How the match ends: at a total, or after a number of deals (this one's
        number shown against it)."""
        model = self.model
        if model.deals is not None:
            return self.tr("table.score_title_deals", number=max(1, model.deal_number),
                           deals=model.deals)
        return self.tr("table.score_title", target=model.target)

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.rect()
        row = self.layout.score_row(len(self.model.totals))
        panel(surface, rect)
        blit_text(surface, self.tr("table.score_pad"), MIN_TEXT, GLOW,
                  bottomright=(rect.right - 4, rect.bottom - 6))
        blit_text(surface, self.title(), 24, GOLD,
                  topleft=(rect.x + 14, rect.y + 10))
        for side, total in enumerate(self.model.totals):
            y = rect.y + 38 + side * row
            blit_text(surface, self.side_name(side), 24, CREAM, topleft=(rect.x + 14, y))
            blit_text(surface, str(total), 26, CREAM, topright=(rect.right - 4, y))

    def regions(self) -> list[Region]:
        return [("score box", self.rect())]


class ContractBox(Speaks):
    """The deal's number, then who took and at what (or "bidding")."""

    def __init__(self, texts: Texts, layout: TableLayout, model: TableModel, seats: Seats,
                 suit_icon: Callable[[str, int], pygame.Surface]) -> None:
        self.texts = texts
        self.layout, self.model, self.seats, self.suit_icon = layout, model, seats, suit_icon

    def draw(self, surface: pygame.Surface) -> None:
        model, rect = self.model, self.layout.contract_box()
        panel(surface, rect)
        left = rect.x + 14
        blit_text(surface, self.tr("table.deal_number", number=model.deal_number,
                                   seed=model.deal_seed), 22, GOLD, topleft=(left, rect.y + 10))
        if model.taker is None or (model.tarot_contract is None and model.trump is None):
            status = self.tr("table.bidding") if model.bidding else ""
            blit_text(surface, status, 26, CREAM, topleft=(left, rect.y + 40))
            return
        who = self.seats.after(model.taker)
        taken = "table.taken_alone" if model.alone is not None else "table.taken_by"
        blit_text(surface, self.tr(taken, name=who), 24, CREAM,
                  topleft=(left, rect.y + 36))
        if model.tarot_contract is not None:
            blit_text(surface, tarot_contract_words(self.texts, model), 24, GLOW,
                      topleft=(left, rect.y + 66))
            return
        self._draw_trump(surface, left, rect.y + 64)

    def _draw_trump(self, surface: pygame.Surface, x: int, y: int) -> None:
        model = self.model
        if model.contract_value is not None:
            value = self.tr("bid.capot_short") if model.contract_value >= CAPOT_BID \
                else str(model.contract_value)
            x = blit_text(surface, value, 34, CREAM, topleft=(x, y)).right + 8
        suit = model.trump_suit
        if suit is not None:
            icon = self.suit_icon(suit.letter, SUIT_ICON)
            chip = icon.get_rect(topleft=(x + CHIP_MARGIN, y - 2)).inflate(2 * CHIP_MARGIN,
                                                                           2 * CHIP_MARGIN)
            pygame.draw.rect(surface, CREAM, chip, border_radius=8)  # black suits on the dark
            blit_symbol(surface, icon, suit.symbol, center=chip.center)  # panel show too
            x = chip.right + 8
            if model.contract_value is None:  # belote: say the suit too
                x = blit_text(surface, self.tr(f"suit.{suit.letter}"), 26, CREAM,
                              topleft=(x, y + 4)).right
        else:
            assert model.trump is not None
            x = blit_text(surface, say_text(self.texts, trump_key(model.trump)), 26, CREAM,
                          topleft=(x, y + 4)).right + 8
        if model.coinche_level:
            key = "table.coinched" if model.coinche_level == 1 else "table.surcoinched"
            blit_text(surface, self.tr(key), 26, GLOW, topleft=(x + 4, y + 4))

    def regions(self) -> list[Region]:
        return [("contract box", self.layout.contract_box())]


Reading = Callable[[], "str | None"]  # a call read in words, worked out when called
Later = Callable[[Reading], "Future[str | None]"]  # runs a reading off the frame's thread


def at_once(reading: Reading) -> Future[str | None]:
    """A reading worked out now (no worker to hand it to)."""
    done: Future[str | None] = Future()
    done.set_result(reading())
    return done


def _nothing(*_: object) -> Reading:
    return lambda: None


class BidHistory(Speaks):
    """Every bid of the deal in order, seat and bid (the latest when many), while the
    bidding lasts at coinche and tarot.  A call of another seat there, its bubble, or
    the contract box (the taker's call) says what the computers read from it when
    clicked (``note``, beside what was clicked, once read: the reading, tens of
    milliseconds, runs in the AI's worker, never in a frame), and shows it can be: a
    "?" on the row and in the contract box, the row or box lit under the mouse."""

    def __init__(self, texts: Texts, layout: TableLayout, model: TableModel, seats: Seats,
                 read: Callable[[int], Reading] = _nothing,
                 bubbles: Bubbles | None = None,
                 read_seat: Callable[[str, int], Reading] = _nothing,
                 later: Later = at_once) -> None:
        """``read``, ``read_seat``: the reading of a call (by its index), or of a seat's
        "bubble" or the "contract", its view taken at the click; ``later`` runs it."""
        self.texts = texts
        self.layout, self.model, self.seats = layout, model, seats
        self.read = read  # what the computers read from a call, in words (None: nothing)
        self.bubbles = bubbles
        self.read_seat = read_seat  # the same from a seat's "bubble", or the "contract"
        self.later = later
        self._note: str | None = None  # the call read, shown beside what was clicked
        self._reading: Future[str | None] | None = None  # the note being read
        self.asked: Asked | None = None  # what was clicked for the note
        self.hover: Asked | None = None  # what a click would explain, under the mouse

    @property
    def note(self) -> str | None:
        """The call read, once its reading is done (None meanwhile, or when none was
        asked); a reading's error is raised here, never hidden."""
        reading = self._reading
        if reading is not None and reading.done():
            self._note, self._reading = reading.result(), None
        return self._note

    def rect(self) -> pygame.Rect | None:
        model = self.model
        if not model.bidding or not model.bids or not game_of(model.game).bid_history:
            return None
        return self.layout.bid_history(len(model.bids))

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The call (its index in the deal's bids) whose row is at ``pos``."""
        rect = self.rect()
        if rect is None or not rect.collidepoint(pos) or pos[1] < rect.y + 26:
            return None
        shown = min(len(self.model.bids), BID_HISTORY_ROWS)
        row = (pos[1] - rect.y - 26) // BID_ROW
        return len(self.model.bids) - shown + row if row < shown else None

    def bubble_at(self, pos: tuple[int, int]) -> int | None:
        """The seat (not the viewer) whose bubble, a call, is at ``pos``."""
        if self.bubbles is None:
            return None
        for seat, say in self.model.says.items():
            rect = self.bubbles.rect(seat)
            if seat != self.model.viewer and readable(say) and rect is not None \
                    and rect.collidepoint(pos):
                return seat
        return None

    def taker_read(self) -> int | None:
        """The taker whose call the contract box explains: not the viewer's own, nor a
        sans-atout or tout-atout (the computers read the suit calls)."""
        model = self.model
        if model.taker is None or model.taker == model.viewer or model.bidding \
                or (model.trump_suit is None and model.tarot_contract is None):
            return None
        return model.taker

    def asked_at(self, pos: tuple[int, int]) -> Asked | None:
        """What a click at ``pos`` would explain."""
        row = self.row_at(pos)
        if row is not None:
            return ("row", row) if self._readable_row(row) else None
        seat = self.bubble_at(pos)
        if seat is not None:
            return ("bubble", seat)
        taker = self.taker_read()
        if taker is not None and self.layout.contract_box().collidepoint(pos):
            return ("contract", taker)
        return None

    def point(self, pos: tuple[int, int]) -> bool:
        """The mouse at ``pos``: light what a click there would explain; whether any."""
        self.hover = self.asked_at(pos)
        return self.hover is not None

    def click(self, pos: tuple[int, int]) -> bool:
        """A click at ``pos``: the call there read (elsewhere: the note closed);
        whether it was on a call."""
        self.asked = self.asked_at(pos)
        self._note, self._reading = None, None
        if self.asked is not None:
            self._reading = self.later(self._reading_of(self.asked))
        return self.asked is not None

    def close(self) -> None:
        """The note closed, and any reading under way forgotten."""
        self.asked, self._note, self._reading = None, None, None

    def read_now(self, asked: Asked) -> str | None:
        """Read ``asked`` at once, as a click would in time (the screenshots)."""
        self.asked, self._reading = asked, None
        self._note = self._reading_of(asked)()
        return self._note

    def _reading_of(self, asked: Asked) -> Reading:
        return self.read(asked[1]) if asked[0] == "row" else self.read_seat(*asked)

    def _readable_row(self, index: int) -> bool:
        seat, say = self.model.bids[index]
        return seat != self.model.viewer and readable(say)

    def _anchor(self, asked: Asked | None) -> pygame.Rect | None:
        """Where the note (or the light) goes: by the row, the bubble or the box."""
        if asked is None or asked[0] == "row":
            return self.rect() if asked is None else self.row_rect(asked[1]) or self.rect()
        if asked[0] == "contract":
            return self.layout.contract_box() if self.taker_read() is not None else None
        return None if self.bubbles is None else self.bubbles.rect(asked[1])

    def row_rect(self, index: int) -> pygame.Rect | None:
        """The row of the call ``index`` in the bid history (None: not shown there)."""
        rect = self.rect()
        first = len(self.model.bids) - min(len(self.model.bids), BID_HISTORY_ROWS)
        if rect is None or not first <= index < len(self.model.bids):
            return None
        return pygame.Rect(rect.x, rect.y + 26 + BID_ROW * (index - first), rect.width, BID_ROW)

    def note_lines(self, width: int = NOTE_WIDTHS[0]) -> list[str]:
        """The note's lines in a panel ``width`` wide."""
        return [] if self.note is None else wrap(self.note, REASON_TEXT, width - 24)

    def note_rect(self, avoid: list[pygame.Rect]) -> pygame.Rect | None:
        """Where the note goes: the free place nearest to what it explains (under it or
        beside it first), over nothing when there is room: the first width that finds
        a place by it, else the width whose place is nearest (wider and shorter, or
        narrower and longer, in the room there is)."""
        anchor = self._anchor(self.asked)
        if anchor is None or self.note is None:
            return None
        places = [self._note_place(width, anchor, avoid) for width in NOTE_WIDTHS]
        free = [place for place in places if place.collidelist(avoid) < 0]
        return min(free, key=lambda place: max(gap(place, anchor), NOTE_NEAR),
                   default=places[0])

    def _note_place(self, width: int, anchor: pygame.Rect, avoid: list[pygame.Rect]
                    ) -> pygame.Rect:
        whole = self.rect() if self.asked is not None and self.asked[0] == "row" else anchor
        assert whole is not None  # a row lies in the bid history
        size = (width, 20 + REASON_LINE * len(self.note_lines(width)))
        wanted = [pygame.Rect((0, 0), size) for _ in range(6)]
        wanted[0].topright = (whole.right, whole.bottom + 8)  # under it, then beside it
        wanted[1].topleft = (whole.left, whole.bottom + 8)
        wanted[2].topleft = (whole.right + 8, anchor.top)
        wanted[3].topright = (whole.left - 8, anchor.top)
        wanted[4].bottomleft = (whole.right + 8, anchor.bottom)  # beside it, rising
        wanted[5].bottomright = (whole.left - 8, anchor.bottom)
        placed = [free_place(rect, avoid) for rect in wanted]
        free = [rect for rect in placed if rect.collidelist(avoid) < 0]
        nearest = min(free, key=lambda rect: gap(rect, anchor), default=None)
        if nearest is not None and gap(nearest, anchor) <= NOTE_NEAR:
            return nearest
        return self._nearest(wanted[0], anchor, avoid) or nearest or placed[0]

    @staticmethod
    @functools.lru_cache(maxsize=8)  # the same place every frame while the note shows
    def _nearest_cached(rect: Box, anchor: Box, avoid: tuple[Box, ...]) -> Box | None:
        place = nearest_free(pygame.Rect(rect), pygame.Rect(anchor),
                             [pygame.Rect(other) for other in avoid])
        return None if place is None else (place.x, place.y, place.w, place.h)

    def _nearest(self, rect: pygame.Rect, anchor: pygame.Rect, avoid: list[pygame.Rect]
                 ) -> pygame.Rect | None:
        place = self._nearest_cached(tuple(rect), tuple(anchor), tuple(tuple(r) for r in avoid))
        return None if place is None else pygame.Rect(place)

    def draw_note(self, surface: pygame.Surface, avoid: list[pygame.Rect]) -> None:
        rect = self.note_rect(avoid)
        anchor = self._anchor(self.asked)
        if rect is None or self.note is None or anchor is None:
            return
        panel(surface, rect, name="call note")
        explains(surface, rect, anchor)
        for index, line in enumerate(self.note_lines(rect.width)):
            blit_text(surface, line, REASON_TEXT, CREAM,
                      topleft=(rect.x + 12, rect.y + 10 + REASON_LINE * index))

    def draw(self, surface: pygame.Surface) -> None:
        if self.taker_read() is not None:  # the contract box explains the taker's call
            box = self.layout.contract_box()
            ask_chip(surface, (box.right - ASK_CHIP - 8, box.y + ASK_CHIP + 8), ASK_CHIP)
        lit = self._anchor(self.hover) if self.hover and self.hover[0] != "row" else None
        if lit is not None:
            pygame.draw.rect(surface, GLOW, lit.inflate(8, 8), width=3, border_radius=14)
        rect = self.rect()
        if rect is None:
            return
        panel(surface, rect)
        blit_text(surface, self.tr("table.bid_history"), MIN_TEXT, GOLD,
                  topleft=(rect.x + 10, rect.y + 7))
        y = rect.y + 26
        first = len(self.model.bids) - min(len(self.model.bids), BID_HISTORY_ROWS)
        for index, (seat, say) in enumerate(self.model.bids[first:], start=first):
            if self.hover == ("row", index):
                pygame.draw.rect(surface, ROW_LIT, (rect.x + 4, y - 1, rect.width - 8, BID_ROW),
                                 border_radius=4)
            blit_text(surface, self.seats.name(seat), MIN_TEXT, CREAM, topleft=(rect.x + 10, y))
            said = blit_text(surface, say_text(self.texts, say), MIN_TEXT, GLOW,
                             topright=(rect.right - 30, y))
            if self._readable_row(index):
                ask_chip(surface, (rect.right - 15, said.centery), ROW_CHIP)
            y += BID_ROW

    def regions(self) -> list[Region]:
        rect = self.rect()
        return [] if rect is None else [("bid history", rect)]


class Messages:
    """The message to the player above the hand, and over it the first-time note."""

    def __init__(self, layout: TableLayout, message: Callable[[], str],
                 warning: Callable[[], bool], note: Callable[[], str],
                 above: Callable[[], pygame.Rect | None],
                 avoid: Callable[[], list[pygame.Rect]]) -> None:
        self.layout = layout
        self.message, self.warning, self.note = message, warning, note
        self.above = above  # the bid panel, when shown
        self.avoid = avoid  # what the messages must leave visible

    def message_rect(self) -> pygame.Rect | None:
        placed = self._placed()
        return None if placed is None else placed[0]

    def _placed(self) -> tuple[pygame.Rect, int] | None:
        """The message's panel and the width its lines wrap at: the widest that stays in
        its place above the hand covering nothing it must leave visible; else the widest
        that covers nothing elsewhere; else the widest."""
        words = self.message()
        if not words:
            return None
        above, avoid = self.above(), self.avoid()
        taken = [*avoid, *([above] if above else [])]
        placed = []
        for width in MESSAGE_WIDTHS:
            size = self._size(words, width)
            rect = message_box(size, above, avoid)
            free = rect.collidelist(taken) < 0
            if free and rect == message_box(size, above, []):  # free and in its place
                return rect, width
            placed.append((rect, width, free))
        return next(((rect, width) for rect, width, free in placed if free),
                    placed[0][:2])

    @staticmethod
    def _styled(words: str, width: int) -> list[tuple[str, int, tuple[int, int, int]]]:
        """The message's lines with their size and colour: the first one large, the
        details under it smaller, each wrapped to ``width``."""
        first, *details = words.split("\n")
        return [*((line, MESSAGE_TEXT, CREAM) for line in wrap(first, MESSAGE_TEXT, width)),
                *((line, DETAIL_TEXT, GLOW) for detail in details
                  for line in wrap(detail, DETAIL_TEXT, width))]

    @classmethod
    def _size(cls, words: str, width: int) -> tuple[int, int]:
        """The message's width and height, its lines one under the other."""
        sizes = [text(*style).get_size() for style in cls._styled(words, width)]
        return (max(width for width, _ in sizes),
                sum(height for _, height in sizes) + MESSAGE_LEADING * (len(sizes) - 1))

    def note_rect(self) -> pygame.Rect | None:
        words = self.note()
        if not words:
            return None
        return note_box(text(words, NOTE_TEXT).get_size(), self.message_rect(),
                                self.above(), self.avoid())

    def draw(self, surface: pygame.Surface) -> None:
        placed = self._placed()
        if placed is not None:
            rect, width = placed
            colour = (120, 30, 30) if self.warning() else (28, 46, 36)
            panel(surface, rect, colour, name="message")
            message = self.message()
            top = rect.centery - self._size(message, width)[1] // 2
            for words, size, colour in self._styled(message, width):  # blit_text: eye checks
                drawn = blit_text(surface, words, size, colour, midtop=(rect.centerx, top))
                top = drawn.bottom + MESSAGE_LEADING
        note = self.note_rect()
        if note is not None:
            panel(surface, note, (40, 34, 20), name="note")
            blit_text(surface, self.note(), NOTE_TEXT, GLOW, center=note.center)

    def regions(self) -> list[Region]:
        return [(name, rect) for name, rect in (("message", self.message_rect()),
                                                ("note", self.note_rect())) if rect is not None]


class LastTrick(Speaks):
    """The last trick, opaque over the table, its winner named."""

    def __init__(self, texts: Texts, layout: TableLayout, model: TableModel, seats: Seats,
                 painter: Painter, reason: Callable[[Any], str | None] = lambda c: None
                 ) -> None:
        self.texts = texts
        self.layout, self.model, self.seats, self.painter = layout, model, seats, painter
        self.reason = reason  # why a computer played a card, in words (None: not known)
        self.asked: Any | None = None  # the card whose reason is shown
        self.hover: Any | None = None  # a card under the mouse whose reason a click shows

    def point(self, pos: tuple[int, int]) -> bool:
        """The mouse at ``pos``: light the card there if a click would explain it."""
        c = self.card_at(pos)
        self.hover = c if c is not None and self.reason(c) is not None else None
        return self.hover is not None

    def card_at(self, pos: tuple[int, int]) -> Any | None:
        """The card of the last trick at ``pos`` (its reason is asked by a click)."""
        for (_, c), rect in zip(self.model.last_trick, self.cards(), strict=False):
            if rect.collidepoint(pos):
                return c
        return None

    def why(self) -> tuple[list[str], int] | None:
        """The asked card's reason in lines, and the top of the first (above "won by")."""
        lines = self._reason_lines()
        if not lines:
            return None
        return lines, self.box().bottom - 40 - REASON_LINE * len(lines)

    def _reason_lines(self) -> list[str]:
        words = self.reason(self.asked) if self.asked is not None else None
        return [] if words is None else wrap(words, REASON_TEXT,
                                             self.layout.last_trick_box().width - 40)

    def box(self) -> pygame.Rect:
        """The panel: the layout's, longer when the reason's lines need more room than
        there is between the names and "won by"."""
        box = self.layout.last_trick_box()
        names = [rect for _, rect in self.names()]
        top = max((rect.bottom for rect in names), default=box.centery) + 4
        needed = REASON_LINE * len(self._reason_lines()) - (box.bottom - 40 - top)
        return box if needed <= 0 else pygame.Rect(box.x, box.y, box.width, box.height + needed)

    def title(self) -> pygame.Rect:
        box = self.layout.last_trick_box()
        return text(self.tr("table.last_trick"), 28).get_rect(midtop=(box.centerx, box.y + 12))

    def won_by(self) -> tuple[str, pygame.Rect] | None:
        winner = self.model.last_trick_winner
        if winner is None:
            return None
        box = self.box()
        words = self.tr("table.won_by", name=self.seats.after(winner))
        return words, text(words, 24).get_rect(midbottom=(box.centerx, box.bottom - 8))

    def draw(self, surface: pygame.Surface) -> None:
        panel(surface, self.box())  # the trick must not show
        blit_text(surface, self.tr("table.last_trick"), 28, GOLD, topleft=self.title().topleft)
        winner = self.model.last_trick_winner
        for (seat, c), card, (name, name_rect) in zip(self.model.last_trick, self.cards(),
                                                     self.names(), strict=True):
            self.painter.card(surface, c, card.center, LAST_TRICK_WIDTH)
            if seat == winner:
                pygame.draw.rect(surface, GLOW, card.inflate(8, 8), width=3, border_radius=9)
            if c == self.hover or c == self.asked:
                pygame.draw.rect(surface, CREAM, card.inflate(16, 16), width=2, border_radius=11)
            blit_text(surface, name, NAME_TEXT, GLOW if seat == winner else CREAM,
                      topleft=name_rect.topleft)
        won = self.won_by()
        if won is not None:
            blit_text(surface, won[0], 24, CREAM, topleft=won[1].topleft)
        why = self.why()
        if why is None:  # how to ask
            blit_text(surface, self.tr("table.last_trick_ask"), REASON_TEXT - 2, CREAM,
                      midtop=(self.title().centerx, self.title().bottom + 6))
        for index, line in enumerate(why[0] if why else ()):
            assert why is not None
            blit_text(surface, line, REASON_TEXT, GLOW,
                      midtop=(self.box().centerx, why[1] + REASON_LINE * index))

    def cards(self) -> list[pygame.Rect]:
        count = len(self.model.last_trick)
        return [self.layout.last_trick_card(index, count) for index in range(count)]

    def names(self) -> list[tuple[str, pygame.Rect]]:
        trick = self.model.last_trick
        names = [self.seats.name(seat) for seat, _ in trick]
        return [(name, self.layout.last_trick_name(index, len(trick),
                                                   text(name, NAME_TEXT).get_size()))
                for index, name in enumerate(names)]

    def regions(self) -> list[Region]:
        regions = [("last trick title", self.title())]
        regions += [(f"last trick card {i}", rect) for i, rect in enumerate(self.cards())]
        regions += [(f"last trick name {i}", rect) for i, (_, rect) in enumerate(self.names())]
        won = self.won_by()
        if won is not None:
            regions.append(("last trick winner", won[1]))
        return regions
