"""Nothing the table draws covers anything else: every text, bubble, badge, panel and
button (and the piles, hands and trick under them) is laid out from rectangles the
parts name (``TableScene.regions``).  Each game and player count plays a fixed deal to
its score sheet at 1280×720 and at the smallest window; at every settled moment the
table is drawn in French or English, right- or left-handed, the four in turn (all four
at each moment with ``ATOUT_OVERLAP_VARIANTS=4``), with the hint and the last trick
shown once in all four, and no two rectangles may overlap or leave the screen; the eye
checks (tools/eye_checks.py: texts in their boxes, nothing over anything, contrast,
opaque panels, the language's own words) look at the same frames."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pygame
import pytest

from game.engine.rules import BeloteRules, TarotRules
from game.engine.tarot import AnnounceChelem, DeclareMisere
from game.storage import Storage
from game.ui.app.app import App
from game.ui.app.window import MIN_WINDOW
from game.ui.kit.layout import LOGICAL
from game.ui.table.layout import TableLayout
from tests.table_driver import press_button, run_until, start_table
from tests.table_overlaps import GAMES, VARIANTS, Game, check, overlaps, tour, variants
from tests.words import tr

WINDOWS = (LOGICAL, MIN_WINDOW)


@pytest.mark.parametrize("window", range(len(WINDOWS)), ids=["1280x720", "minimum"])
@pytest.mark.parametrize("game", GAMES, ids=[game.name for game in GAMES])
def test_nothing_on_the_table_covers_anything_else(tmp_path: Path, game: Game,
                                                   window: int) -> None:
    app = App(window_size=WINDOWS[window], storage=Storage(tmp_path))
    app.settings = dataclasses.replace(app.settings, expert_think=0.05)
    try:
        assert app.window.get_size() == WINDOWS[window]
        assert pygame.Rect((0, 0), WINDOWS[window]).contains(app.viewport())
        deal = game.deals[window]
        table = start_table(app, game.rules, seed=deal, first_deal=deal)
        seen = tour(app, table)
        table.dispose()
    finally:
        app.close()
    assert game.phases <= seen.seen, f"deal {deal} no longer shows {game.phases - seen.seen}"
    assert seen.variants_seen == set(VARIANTS)
    assert seen.problems == [], "\n".join(seen.problems[:20])


def test_the_overlap_check_sees_a_cover() -> None:
    """The check itself: a text over a button is found; cards on cards are not."""
    button, label = pygame.Rect(10, 10, 100, 30), pygame.Rect(100, 20, 50, 20)
    assert overlaps([("button Menu", button), ("message", label)]) != []
    assert overlaps([("trick 0", button), ("trick 1", label)]) == []
    assert overlaps([("message", button), ("note", pygame.Rect(110, 10, 20, 20))]) == []


def test_the_left_handed_layout_is_the_mirror_of_the_right_handed_one() -> None:
    from game.engine.rules import Direction

    right = TableLayout(4, 0, Direction.CCW)
    left = TableLayout(4, 0, Direction.CCW, left_handed=True)
    for name in ("menu", "last", "undo", "hint"):
        mirrored = right.side_button(name)
        assert left.side_button(name) == pygame.Rect(
            LOGICAL[0] - mirrored.right, mirrored.y, mirrored.width, mirrored.height)
    assert left.play_button(1).right == LOGICAL[0] - right.play_button(1).left
    assert left.spots[0].plate == (LOGICAL[0] - right.spots[0].plate[0],
                                   right.spots[0].plate[1])
    assert left.spots[2] == right.spots[2]  # the others' places do not move


# --- the tarot's side buttons, which the fixed deals above do not reach ---------------------


def test_the_chelem_buttons_at_garde_sans_cover_nothing(app: App) -> None:
    """Garde sans (match seed 1 at four): the taker's two chelem buttons stand in the play
    buttons' column, clear of his own bid's bubble, in both languages and hands."""
    table = start_table(app, TarotRules(players=4), seed=1)
    run_until(app, table, lambda: table.bid_panel.visible and table.accepts_choice)
    press_button(app, table, tr("tarot.garde_sans"))
    run_until(app, table, lambda: AnnounceChelem() in table.controller.human_legal()
              and table.accepts_choice)
    names = dict(table.regions())
    assert "bubble 0" in names, sorted(names)
    assert {b.label() for b in table.play_buttons()} == {tr("tarot.announce_chelem"),
                                                         tr("tarot.no_chelem")}
    assert check(app, table, "garde sans") == []


def test_the_misere_button_covers_nothing(app: App) -> None:
    """Misère on (deal 55 at four): the player's hand has no head, and before his first
    card the misère button stands beside the hand, covering nothing."""
    table = start_table(app, TarotRules(players=4, misere=True), seed=55,
                        first_deal=55)
    run_until(app, table, lambda: any(isinstance(a, DeclareMisere)
                                      for a in table.controller.human_legal())
              and table.accepts_choice)
    assert tr("table.misere_heads") in [b.label() for b in table.play_buttons()]
    assert check(app, table, "misère") == []


def test_the_sans_atout_bid_panel_covers_nothing(app: App) -> None:
    """Belote with sans-atout / tout-atout (seed 3, deal 2: everyone passes the first
    round): the second round's six buttons stay inside their panel, and the panel covers
    nothing, in both languages and hands."""
    table = start_table(app, BeloteRules(sans_atout_tout_atout=True), seed=3, first_deal=2)
    run_until(app, table, lambda: table.bid_panel.visible and table.accepts_choice)
    press_button(app, table, tr("bid.pass"))
    run_until(app, table, lambda: table.controller.match.deal.round == 2  # type: ignore[union-attr]
              and table.bid_panel.visible and table.accepts_choice)
    assert tr("trump.no_trump_short") in [b.label() for b in table.bid_panel.buttons]
    for variant in variants(app, table):
        outside = [b.label() for b in table.bid_panel.buttons
                   if not table.bid_panel.rect.contains(b.rect)]
        assert outside == [], variant
    assert check(app, table, "sans-atout round") == []
