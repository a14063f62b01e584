""""Why that card?": in the last-trick panel, a click on a computer's card says the
reason it played it (the AI's own ``Decision.reason``, kept as it decided); the
player's own card has none; a click elsewhere closes the panel."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.engine.rules import CoincheRules
from game.ui.app.app import App
from game.ui.app.smoke import click, motion
from game.ui.table.scene import TableScene
from game.ui.table.words import hint_text
from tests.table_driver import DT, human_turn, run_until_human, start_table
from tests.words import ENGLISH, tr


def with_a_last_trick(app: App) -> TableScene:
    table = start_table(app, CoincheRules(), seed=1)
    for _ in range(80):
        run_until_human(app, table)
        if table.model.last_trick and table.controller.legal_cards():
            return table
        human_turn(app, table)
    raise AssertionError("no trick was played")


def test_a_click_on_a_computers_card_in_the_last_trick_says_why_it_played_it(
        app: App) -> None:
    table = with_a_last_trick(app)
    table.toggle_last()
    app.step(DT, [])
    trick = table.model.last_trick
    rects = table.last_trick.cards()
    card = next(c for seat, c in trick if seat != table.controller.viewer)
    rect = rects[[c for _, c in trick].index(card)]
    app.step(DT, [motion(app, rect.center)])  # lit under the mouse: a click explains it
    assert table.last_trick.hover == card
    app.step(DT, click(app, rect.center))
    assert table.show_last and table.last_trick.asked == card
    decision = table.controller.computers.reasons[(table.model.deal_number, card)]
    assert getattr(decision.action, "card", None) == card
    assert decision.reason.startswith("hint.")  # the AI's own reason, from its catalogue
    why = table.last_trick.why()
    assert why is not None
    shown = " ".join(why[0])
    assert shown == tr("table.why_card", reason=hint_text(ENGLISH, decision.reason,
                                                          decision.reason_args))
    box = table.last_trick.layout.last_trick_box()
    assert box.top < why[1] and why[1] + 24 * len(why[0]) < box.bottom  # inside the panel
    # the player's own card: no reason to give
    mine = next(c for s, c in trick if s == table.controller.viewer)
    app.step(DT, [motion(app, rects[[c for _, c in trick].index(mine)].center)])
    assert table.last_trick.hover is None  # nothing to explain: not lit
    app.step(DT, click(app, rects[[c for _, c in trick].index(mine)].center))
    assert table.show_last and table.last_trick.why() is None
    app.step(DT, click(app, (40, 360)))  # elsewhere: the panel closes
    assert not table.show_last


def test_in_the_review_a_click_on_a_computers_card_says_why_it_played_it(
        app: App) -> None:
    from game.ui.scenes.replay import ReplayScene
    from game.ui.stage import routes
    from game.ui.table.words import card_reason
    from tests.table_driver import play_to_score_sheet
    from tools.eye_checks import look, problems

    table = start_table(app, CoincheRules(), seed=1)
    play_to_score_sheet(app, table)
    assert routes.review_deal(app, table.controller.match)
    app.step(DT, [])
    replay = app.top
    assert isinstance(replay, ReplayScene)
    replay.go_to(1)
    app.step(DT, [])
    trick = replay.trick()
    assert trick is not None
    seat, card = next((s, c) for s, c in trick.plays if s != 0)
    app.step(DT, [motion(app, replay.trick_card(seat).center)])
    assert replay.hover == card
    app.step(DT, [motion(app, replay.trick_card(0).center)])
    assert replay.hover is None  # the player's own card: nothing to explain
    app.step(DT, click(app, replay.trick_card(seat).center))
    words = replay.reason()
    assert words is not None and words == card_reason(
        ENGLISH, table.controller.computers.reasons, replay.story.number, card)
    assert problems(look(app), "review reason") == []
    mine = next(c for s, c in trick.plays if s == 0)
    app.step(DT, click(app, replay.trick_card(0).center))
    assert replay.asked == mine and replay.reason() is None  # the player's own card
    replay.go_to(2)
    app.step(DT, click(app, replay.trick_card(seat).center))
    assert replay.reason() is not None
    replay.go_to(3)  # another trick: the card asked before is not in it
    assert replay.reason() is None
