"""The controller and the tweens without any display: pure logic and callbacks."""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.engine.actions import CardPlayed, DealScored, PlayCard, TrickWon
from game.engine.match import AnyRules, MatchView, NewDeal
from game.engine.protocol import Event, Phase
from game.engine.rules import BeloteRules, CoincheRules, TarotRules
from game.match_in_play import MatchInPlay
from game.ui.kit.tween import Tween, Tweens, ease_out_cubic, linear
from game.ui.table.controller import Controller, EventHandler, Pace, SeatConfig, no_animation

DT = 0.05


def new_controller(rules: AnyRules, seed: int, seats: list[SeatConfig],
                   on_event: EventHandler = no_animation, think: float = 1.0) -> Controller:
    """A new match of ``rules`` at speed 0.01, its owner handed to the controller."""
    return Controller(MatchInPlay.new(rules, seed), seats, on_event=on_event,
                      pace=lambda: Pace(0.01, think))


def tick(controller: Controller) -> None:
    """One frame; when a computer is thinking, give its thread the time to answer."""
    controller.update(DT)
    controller.frame_drawn()
    controller.wait_for_computer(DT)


def test_the_controller_needs_no_display() -> None:
    """Importing the controller (and the model it fills) loads no pygame at all."""
    code = ("import sys, game.ui.table.controller, game.ui.table.model, game.ui.kit.tween; "
            "print('pygame' in sys.modules)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=Path(__file__).resolve().parent.parent)
    assert run.stdout.strip() == "False"


def test_events_are_released_one_by_one_and_the_next_player_waits() -> None:
    seen: list[Event] = []

    def on_event(event: Event) -> float:
        seen.append(event)
        return 0.2 if isinstance(event, CardPlayed) else 0.0  # a long animation

    controller = new_controller(CoincheRules(), 3, [SeatConfig() for _ in range(4)], on_event)
    for _ in range(2000):
        tick(controller)
        if any(isinstance(e, CardPlayed) for e in seen):
            break
    actions = controller.actions_applied
    for _ in range(3):  # 0.15 s: the card's animation has not ended
        tick(controller)
    assert controller.actions_applied == actions
    assert not controller.idle
    for _ in range(400):
        tick(controller)
        if controller.actions_applied > actions:
            break
    assert controller.actions_applied > actions  # asked once the queue drained
    assert isinstance(seen[0], NewDeal)
    controller.close()


def test_a_whole_deal_with_computers_fills_the_model() -> None:
    tricks: list[TrickWon] = []
    at_the_end: list[tuple[int, tuple[int, ...]]] = []

    def on_event(event: Event) -> float:
        if isinstance(event, TrickWon):
            tricks.append(event)
        if isinstance(event, DealScored):  # the model has followed it already
            at_the_end.append((sum(controller.model.tricks_won), controller.model.totals))
        return 0.0

    controller = new_controller(BeloteRules(), 5, [SeatConfig() for _ in range(4)], on_event)
    for _ in range(5000):
        tick(controller)
        if at_the_end:
            break
    record = controller.model.record
    assert record is not None and len(tricks) == 8
    assert at_the_end == [(8, record.totals)]
    controller.close()


def test_a_human_click_on_an_illegal_card_says_why_and_changes_nothing() -> None:
    seats = [SeatConfig(human=True)] + [SeatConfig() for _ in range(3)]
    controller = new_controller(CoincheRules(), 11, seats)
    for _ in range(20000):
        tick(controller)
        if not controller.human_to_act:
            continue
        view = controller.human_view().deal
        legal = controller.legal_cards()
        illegal = [c for c in view.hand if c not in legal]
        if view.phase is Phase.PLAY and illegal:
            break
        action = next((a for a in controller.human_legal() if isinstance(a, PlayCard)),
                      controller.human_legal()[0])
        controller.act(action)
    else:
        raise AssertionError("this fixed deal brings an illegal card: none came up")
    before = controller.match
    assert controller.play_card(illegal[0]) is False
    assert controller.match is before
    assert controller.message is not None and controller.message[0].startswith("illegal.")
    controller.close()


def test_tween_delay_duration_and_ease() -> None:
    tween = Tween((0.0, 10.0), (100.0, 20.0), duration=1.0, ease=linear, delay=0.5)
    tween.update(0.25)
    assert tween.value == (0.0, 10.0) and not tween.started
    tween.update(0.75)
    assert tween.value == pytest.approx((50.0, 15.0))
    tween.update(0.6)
    assert tween.done and tween.value == (100.0, 20.0)


def test_tweens_skip_ends_every_animation_at_its_end() -> None:
    tweens = Tweens()
    moving = [tweens.add(Tween((0.0,), (float(i),), 1.0, ease_out_cubic, i * 0.1))
              for i in range(5)]
    tweens.update(0.2)
    assert tweens.busy and tweens.remaining == pytest.approx(1.2)
    tweens.skip()
    assert not tweens.busy
    assert [t.value for t in moving] == [(float(i),) for i in range(5)]


def test_shown_announcements_stay_until_the_trick_is_won() -> None:
    from game.engine.actions import AnnouncementsShown
    from game.engine.announcements import Announcement, Kind
    from game.engine.cards import parse_cards
    from game.ui.table.model import TableModel

    model = TableModel(4, 0, 2000, "coinche", teams=True)
    tierce = Announcement(Kind.TIERCE, parse_cards("7H 8H 9H"), 20)
    model.apply(AnnouncementsShown((2,), ((2, (tierce,)),)))
    assert model.shown == {2: tierce.cards}
    assert model.says[2] == ("say.announce_scores", (("points", 20),))
    model.apply(TrickWon(2, parse_cards("7S 8S 9S TS"), 10, False))
    assert model.shown == {} and model.tricks_won[2] == 1


def test_the_expert_seats_think_as_long_as_the_setting_says_and_the_hint_asks_the_advice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import game.ai.ponder
    import game.ui.table.computer_seats
    from game.advice import Advisor, current_position
    from game.ai import Decision, Level

    asked: list[tuple[Level, float]] = []

    def decide(view: MatchView, level: Level, rng: object, think: float) -> Decision:
        asked.append((level, think))
        return Decision(view.deal.legal[0], "hint.only_choice")

    monkeypatch.setattr(game.ui.table.computer_seats, "decide", decide)
    monkeypatch.setattr(game.ai.ponder.Ponder, "decide",
                        lambda self, view, level, rng, think: decide(view, level, rng, think))
    seats = [SeatConfig(human=True)] + [SeatConfig(level=Level.EXPERT) for _ in range(3)]
    setting = [1.0]
    controller = Controller(MatchInPlay.new(CoincheRules(), 2), seats,
                            pace=lambda: Pace(0.01, setting[0]))
    for _ in range(2000):
        tick(controller)
        if controller.human_to_act and asked:
            break
        if controller.human_to_act:
            controller.act(controller.human_legal()[0])
    assert asked and all(think == 1.0 for _, think in asked)
    asked.clear()
    setting[0] = 0.1  # the setting changed during the match: not the hint's concern
    controller.request_hint()
    for _ in range(2000):
        if controller.hint() is not None:
            break
        time.sleep(0.005)
    hint = controller.hint()
    assert hint is not None and asked == []
    # the position's verdict, the same from another memory (seeded by the position)
    assert hint == Advisor().verdict(current_position(controller.match, 0))
    controller.close()


@pytest.mark.parametrize("rules", [CoincheRules(), TarotRules(players=4)],
                         ids=["coinche", "tarot"])
def test_the_expert_seats_prepare_while_the_human_thinks_and_the_next_one_resumes(
        rules: CoincheRules | TarotRules) -> None:
    """At the human's card, the next seat's searches are prepared (for the Confirmé's
    card in the human's place first) while the frames go on; the human plays that card
    and the next seat's decision resumes the search prepared for it, every world (the
    table's cap at 0.05 s of thought: with the core 18 at coinche, 8 at tarot; on the
    Python path 6 and 3)."""
    from game.ai import Level, decide
    from game.core import kernels

    core = (kernels.tarot() if isinstance(rules, TarotRules) else kernels.trick32()) is not None
    worlds = {(True, "coinche"): 18, (True, "tarot"): 8,
              (False, "coinche"): 6, (False, "tarot"): 3}[core, rules.game]

    seats = [SeatConfig(human=True)] + [SeatConfig(level=Level.EXPERT) for _ in range(3)]
    controller = new_controller(rules, 2, seats, think=0.05)
    ponder = controller.computers.ponder
    assert ponder is not None
    resumed = 0
    for _ in range(6000):
        tick(controller)
        if not controller.human_to_act:
            assert not controller.pondering
            continue
        view = controller.human_view()
        choice = decide(view, Level.CONFIRME, random.Random(0)).action
        if view.deal.phase is not Phase.PLAY or len(view.deal.legal) < 2:
            controller.act(choice)
            continue
        for _ in range(2000):
            tick(controller)
            if not controller.pondering:
                break
        prepared = ponder.prepared
        assert all(search.finished for search in prepared)
        controller.act(choice)
        seat = controller.match.current_player
        if not prepared or prepared[0].view.seat != seat:
            continue  # the human won the trick, or leads the next deal
        while controller.match.current_player == seat:
            tick(controller)
        assert ponder.last_reused == ponder.last_seen <= worlds  # distinct worlds kept
        resumed += 1
        if resumed == 2:
            break
    assert resumed == 2
    controller.close()


def test_the_hint_answers_for_the_position_it_was_asked_in_through_undo_and_redo() -> None:
    """The hint belongs to a position: an undo leaves it behind (no stale advice on the
    earlier position), a redo back to that very position finds it again."""
    seats = [SeatConfig(human=True)] + [SeatConfig() for _ in range(3)]
    controller = new_controller(CoincheRules(), 11, seats, think=0.05)
    asked_in = None
    for _ in range(20000):
        tick(controller)
        if not controller.human_to_act:
            continue
        if controller.match.phase is Phase.PLAY and controller.match.deal.trick:
            asked_in = controller.match
            break
        controller.act(controller.human_legal()[0])
    assert asked_in is not None, "the human never followed to a trick"
    controller.request_hint()
    assert controller._hint.wait(30)
    suggestion = controller.hint()
    assert suggestion is not None and suggestion.decision.action in controller.human_legal()
    assert controller.undo() and controller.match is not asked_in
    assert controller.hint() is None
    assert controller.redo() and controller.match is asked_in
    assert controller.hint() is suggestion
    controller.close()


@pytest.mark.parametrize("rules", [CoincheRules(), TarotRules(players=4)],
                         ids=["coinche", "tarot4"])
def test_the_viewers_move_is_weighed_on_his_time_and_the_verdict_is_the_cold_one(
        rules: CoincheRules | TarotRules) -> None:
    """While the viewer thinks over a card (no H pressed), the worker weighs his move in
    short slices between frames, sharing them with the Expert seats' pondering: the
    verdict is then in the advisor's memory, the one a fresh advisor computes at once
    (the evaluation's worlds come from the position, not from its slices), and H
    answers with it without weighing again.  Once he has played, nothing more of it is
    weighed (the computer's decision has the worker)."""
    from game.advice import Advisor, current_position
    from game.ai import Level

    seats = [SeatConfig(human=True)] + [SeatConfig(level=Level.EXPERT) for _ in range(3)]
    controller = new_controller(rules, 4, seats, think=0.05)
    advisor = controller._hint.advice
    checked = 0
    for _ in range(20000):
        tick(controller)
        if not controller.human_to_act:
            continue
        view = controller.human_view().deal
        if view.phase is not Phase.PLAY or len(view.legal) < 2 or not view.tricks:
            controller.act(controller.human_legal()[0])
            continue
        position = current_position(controller.match, 0)
        slices = 0
        while advisor.known(position) is None and slices < 5000:
            tick(controller)
            slices += 1
        pondered = advisor.known(position)
        assert pondered is not None, "the viewer's move was not weighed on his time"
        assert slices > 1  # weighed in slices between frames, not in one go
        assert pondered == Advisor().verdict(position)  # the cold verdict, to the digit
        controller.request_hint()
        assert controller._hint.wait(5) and controller.hint() is pondered
        controller.act(pondered.decision.action)
        evaluation = advisor.evaluation(current_position(controller.match, 0))
        for _ in range(20):  # the computers' turn: the viewer's next move is not weighed
            tick(controller)
            if controller.human_to_act:
                break
            assert not evaluation._started
        checked += 1
        if checked == 2:
            break
    assert checked == 2
    controller.close()
