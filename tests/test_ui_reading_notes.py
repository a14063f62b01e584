"""The sentences the table gives to read on demand, what a call shows and why a computer
played a card: at least 16 pixels high in the smallest window, and the call's note
beside the row of the bid history it explains, at tarot five too; the hint's lines of
figures apart from each other."""

from __future__ import annotations

import dataclasses
import itertools
import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.engine.rules import CoincheRules, Direction, TarotRules
from game.ui.app.app import App
from game.ui.app.window import MIN_WINDOW
from game.ui.kit.drawlog import recording
from game.ui.kit.layout import LOGICAL
from game.ui.kit.widgets import text
from game.ui.table.boxes import Messages
from game.ui.table.layout import TableLayout, gap
from game.ui.table.scene import TableScene
from tests.table_driver import DT, ask_note, run_until_human, start_table
from tests.test_ui_card_reason import with_a_last_trick
from tools.eye_checks import look, problems

FLOOR = 16  # the size of a font drawn straight into the smallest window


def readable_in_smallest_window(app: App, lines: list[str]) -> bool:
    """Whether each of ``lines``, as drawn on the table, shows in a 960×540 window at
    least as high as the same line drawn there at FLOOR."""
    scale = MIN_WINDOW[1] / LOGICAL[1]
    drawn = [shown for shown in look(app).texts if shown.words in lines]
    assert {shown.words for shown in drawn} == set(lines)  # every line was drawn
    return all(shown.ink.get_height() * scale >= text(shown.words, FLOOR).get_height()
               for shown in drawn)


def ask_the_last_call(app: App, table: TableScene) -> None:
    """A click on the last row of the bid history (another seat's call)."""
    row = table.bid_history.row_rect(len(table.model.bids) - 1)
    assert row is not None
    assert ask_note(app, table, row.center) is not None


def test_the_call_note_reads_at_least_16_pixels_high_in_the_smallest_window(app: App) -> None:
    table = start_table(app, CoincheRules(), seed=1, first_deal=1122)  # West opens 90
    run_until_human(app, table)
    ask_the_last_call(app, table)
    note = table.bid_history.note
    assert note is not None
    place = table.bid_history.note_rect(table._parts_taken())
    assert place is not None
    lines = table.bid_history.note_lines(place.width)
    assert " ".join(lines) == note
    assert readable_in_smallest_window(app, lines)


def test_the_cards_reason_reads_at_least_16_pixels_high_in_the_smallest_window(
        app: App) -> None:
    table = with_a_last_trick(app)
    table.toggle_last()
    table.last_trick.asked = next(c for seat, c in table.model.last_trick if seat != 0)
    app.step(DT, [])
    why = table.last_trick.why()
    assert why is not None
    assert readable_in_smallest_window(app, why[0])
    assert problems(look(app), "card reason") == []


def test_a_long_reason_lengthens_the_last_trick_panel_under_the_names(app: App) -> None:
    table = with_a_last_trick(app)
    table.toggle_last()
    card = next(c for seat, c in table.model.last_trick if seat != 0)
    table.last_trick.reason = lambda c: "Why: " + "a reason of many words " * 6
    table.last_trick.asked = card
    app.step(DT, [])
    why = table.last_trick.why()
    assert why is not None and len(why[0]) >= 3
    names = [rect for _, rect in table.last_trick.names()]
    assert why[1] > max(rect.bottom for rect in names)  # under the names
    assert table.last_trick.box().bottom > table.layout.last_trick_box().bottom
    assert problems(look(app), "long card reason") == []


def test_at_tarot_five_the_call_note_sits_beside_the_row_it_explains(app: App) -> None:
    # deal 7: North-West passes, West bids a garde, the bid history left of the chien
    table = start_table(app, TarotRules(players=5), seed=1, first_deal=7)
    run_until_human(app, table)
    ask_the_last_call(app, table)
    row = table.bid_history.row_rect(len(table.model.bids) - 1)
    note = table.bid_history.note_rect(table._parts_taken())
    assert row is not None and note is not None
    assert gap(note, row) <= 80  # beside it, not across the table
    assert problems(look(app), "tarot five call note") == []


def test_a_note_too_long_for_the_room_under_the_bidding_panel_widens(app: App) -> None:
    """In French the coinche note has four lines at the first width: no room for them
    between the bidding panel and the hand; three, wider, fit."""
    app.choose_language("fr")
    table = start_table(app, CoincheRules(), seed=1, first_deal=1122)
    run_until_human(app, table)
    ask_the_last_call(app, table)
    place = table.bid_history.note_rect(table._parts_taken())
    assert place is not None and place.collidelist(table._parts_taken()) < 0
    assert problems(look(app), "call note, French") == []


def test_the_hints_lines_of_figures_stand_apart_inside_its_panel() -> None:
    words = ("My partner is master: I give him points (queen of hearts).\n"
             "Queen of hearts: +202 points expected, contract set 75%\n"
             "Jack of hearts: +202 points expected, contract set 75%")
    messages = Messages(TableLayout(4, 0, Direction.CCW), lambda: words, lambda: False,
                        lambda: "", lambda: None, lambda: [])
    screen = pygame.Surface(LOGICAL)
    with recording(screen) as log:
        messages.draw(screen)
    lines = [shown.rect for shown in log.texts]
    assert len(lines) == 3
    assert all(lower.top - upper.bottom >= 3 for upper, lower in itertools.pairwise(lines))
    box = messages.message_rect()
    assert box is not None and all(box.contains(line) for line in lines)


def test_a_hint_too_wide_for_the_room_between_the_side_seats_wraps_narrower() -> None:
    """A line as wide as the message's widest wrap would cover the side seats' plates:
    the hint, held between the trick and the hand, wraps it shorter and covers nothing."""
    words = ("I cannot win this trick: I play low (eight of diamonds).\n"
             "Eight of diamonds, jack of diamonds, ten of diamonds, nine of diamonds and "
             "seven of diamonds: as good as each other here.\nFigures over 20 likely deals.")
    plates = [pygame.Rect(0, 444, 200, 36), pygame.Rect(1080, 444, 200, 36)]
    trick_and_hand = [pygame.Rect(494, 274, 88, 132), pygame.Rect(220, 544, 840, 182)]
    messages = Messages(TableLayout(4, 0, Direction.CCW), lambda: words, lambda: False,
                        lambda: "", lambda: None, lambda: [*plates, *trick_and_hand])
    screen = pygame.Surface(LOGICAL)
    with recording(screen) as log:
        messages.draw(screen)
    box = messages.message_rect()
    assert box is not None and box.collidelist([*plates, *trick_and_hand]) < 0
    trick, hand = trick_and_hand
    assert trick.bottom < box.top and box.bottom < hand.top  # in its place, not moved away
    lines = [shown.rect for shown in log.texts]
    assert len(lines) == 4 and all(box.contains(line) for line in lines)


@pytest.mark.parametrize("left", [False, True], ids=["right-handed", "left-handed"])
def test_a_call_note_at_the_top_right_opens_by_its_row_and_the_hint_leaves_it_whole(
        app: App, left: bool) -> None:
    """Coinche, West's opening in the bid history at the top right: the note opens by
    that row (the bidding panel fills the middle: a narrower note beside it), not at the
    bottom centre; the hint asked then finds its own room, over no line of the note.
    The same in the left-handed layout."""
    app.settings = dataclasses.replace(app.settings, left_handed=left)
    table = start_table(app, CoincheRules(), seed=1, first_deal=1122)
    run_until_human(app, table)
    ask_the_last_call(app, table)
    row = table.bid_history.row_rect(len(table.model.bids) - 1)
    note = table.bid_history.note_rect(table._parts_taken())
    assert row is not None and note is not None
    assert gap(note, row) <= 80 and note.top < table.bid_panel.rect.centery
    table.show_hint()
    for _ in range(400):
        if table.controller.hint() is not None:
            break
        app.step(DT, [])
        time.sleep(0.02)
    app.step(DT, [])
    message = table.messages.message_rect()
    assert message is not None and table.current_hint() is not None
    assert not message.colliderect(note)
    assert problems(look(app), "call note and hint") == []
