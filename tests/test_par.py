"""The par of a deal: the Expert replays it in the player's seat, the same cards and the
computer seats with their generators, from each seat's own view, reproducibly; the
session computes it in the background, keeps it with the save and counts it once in the
statistics, across a restart."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import game.par
import game.par_replay
from game.ai import Level, decide
from game.engine.match import AnyRules, Match
from game.engine.protocol import DealResult, IllegalAction
from game.engine.rules import BeloteRules, CoincheRules, TarotRules
from game.engine.views import MatchView
from game.par import Par, ParStatus, ParWorker
from game.par_replay import (
    deal_margin,
    expert_margin,
    expert_play,
    replay_deal_start,
    seat_generator,
)
from game.session import Session
from game.storage import MATCH_FILE, Storage

LEVELS_4 = ("", "confirme", "debutant", "expert")


def played(rules: AnyRules, seed: int, deals: int = 1) -> Match:
    """A match after ``deals`` scored deals, every seat played by the Confirmé."""
    match, _ = Match.new(rules, seed)
    while len(match.history) < deals:
        seat = match.current_player
        assert seat is not None
        match, _ = match.apply(decide(match.view(seat), Level.CONFIRME, random.Random(0)).action)
    return match


def result_of(scores: tuple[int, ...]) -> DealResult:
    return DealResult(tuple(str(side) for side in range(len(scores))), scores, (), "made")


def test_the_margin_is_the_side_s_points_less_the_others_or_the_tarot_score() -> None:
    assert deal_margin(result_of((67, 95)), 0) == -28
    assert deal_margin(result_of((67, 95)), 1) == 28
    assert deal_margin(result_of((100, 30, 20)), 1) == -30  # 30 - (100 + 20) / 2
    assert deal_margin(result_of((-88, 176, -88, -88, 88)), 1) == 176  # tarot: the score
    assert deal_margin(None, 2) == 0  # a deal thrown in


@pytest.mark.parametrize("rules", [CoincheRules(), BeloteRules(), TarotRules(players=3)],
                         ids=["coinche", "belote", "tarot3"])
def test_the_same_deal_gives_the_same_par(rules: AnyRules) -> None:
    match = played(rules, seed=5)
    start = replay_deal_start(match, 0)
    levels = ("", "debutant", "expert", "confirme")[:rules.players]  # two search
    first = expert_play(start, 0, levels)
    again = expert_play(replay_deal_start(match, 0), 0, levels)
    assert first == again  # every card and call, and the result


def test_the_par_reads_no_clock_and_draws_no_picture() -> None:
    """Nothing in the par depends on the machine: no clock, no pygame."""
    from tests.test_engine_boundaries import imported_modules

    for module in (game.par, game.par_replay):
        assert module.__file__ is not None
        assert not imported_modules(Path(module.__file__)) & {"time", "pygame", "datetime"}


def test_the_replay_starts_from_the_deal_as_it_was_dealt() -> None:
    match = played(CoincheRules(), seed=11, deals=2)
    start = replay_deal_start(match, 1)
    assert start.deal_number() == match.history[1].seed
    assert start.totals == match.history[0].totals  # the match's score then
    assert start.deal.hands == Match.new(CoincheRules(), 1, match.history[1].seed)[0].deal.hands


def test_every_seat_decides_from_its_own_view_the_player_s_by_the_expert(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The par never reads a hidden card: each decision is asked with the view of the
    seat to act (the Expert for the player's seat, the seat's level elsewhere), nothing
    else, and without a clock."""
    asked: list[tuple[MatchView, Level, float | None]] = []

    def recording(view: Any, level: Level, rng: random.Random,
                  think: float | None = None) -> Any:
        asked.append((view, level, think))
        return decide(view, level, rng, think)

    monkeypatch.setattr(game.par_replay, "decide", recording)
    match = played(CoincheRules(), seed=3)
    start = replay_deal_start(match, 0)
    levels = ("confirme", "debutant", "", "expert")
    actions, _ = expert_play(start, 2, levels)
    assert len(asked) == len(actions)
    state = start
    for (view, level, think), action in zip(asked, actions, strict=True):
        turn = state.current_player
        assert turn is not None
        assert isinstance(view, MatchView) and view == state.view(turn)
        assert level is (Level.EXPERT if turn == 2 else Level(levels[turn]))
        assert think is None
        state, _ = state.apply(action)


def test_a_failure_in_the_par_s_process_is_a_clear_state_and_it_starts_again() -> None:
    process = game.par.ParProcess()
    match = played(CoincheRules(), seed=4)
    try:
        with pytest.raises(RuntimeError, match="the par's replay failed"):
            process.margin(match, 3, 0, LEVELS_4)  # the match has one scored deal
        process.close()  # as when the process stops: the next par starts another
        assert process.margin(match, 0, 0, LEVELS_4) == expert_margin(match, 0, 0, LEVELS_4)
    finally:
        process.close()


def test_the_worker_computes_each_deal_once_and_forgets_another_match() -> None:
    match = played(CoincheRules(), seed=4)
    ready: list[tuple[tuple[int, int], float]] = []
    worker = ParWorker(lambda key, margin: ready.append((key, margin)))
    key = (0, match.history[0].seed)
    worker.ask(key, match, 0, LEVELS_4)
    worker.ask(key, match, 0, LEVELS_4)  # asked twice: computed once
    assert worker.wait_idle(120)
    assert ready == [(key, expert_margin(match, 0, 0, LEVELS_4))]
    assert worker.expert(key) == ready[0][1]
    worker.forget()
    assert worker.expert(key) is None
    worker.close()


def test_a_replay_that_fails_is_a_clear_state() -> None:
    def broken(*_: object) -> float:
        raise IllegalAction("a bug")

    worker = ParWorker(compute=broken)
    match = played(CoincheRules(), seed=4)
    worker.ask((0, 1), match, 0, LEVELS_4)
    assert worker.wait_idle(60)
    assert worker.expert((0, 1)) is ParStatus.FAILED
    worker.close()


# --- the session: computed after a deal, saved, counted, continued ------------------------

def play_deals(session: Session, rules: AnyRules, seed: int, deals: int) -> Match:
    """A match followed by ``session``, every seat played by the Confirmé (the
    player's too), saved after every action, to its ``deals``-th scored deal."""
    match, _ = Match.new(rules, seed)
    session.new_match(match, 0, LEVELS_4)
    while len(match.history) < deals:
        seat = match.current_player
        assert seat is not None
        match, _ = match.apply(decide(match.view(seat), Level.CONFIRME, random.Random(1)).action)
        session.on_action(match)
    return match


def test_the_par_is_saved_counted_once_and_comes_back_after_a_restart(tmp_path: Path) -> None:
    with Session(Storage(tmp_path)) as session:
        match = play_deals(session, CoincheRules(), seed=6, deals=1)
        assert session.par(match, 0) is not None  # asked at once
        assert session.wait_for_pars(600)  # a ceiling for a loaded machine
        par = session.par(match, 0)
        assert isinstance(par, Par)
        scores = match.history[0].result.scores
        assert par.player == scores[0] - scores[1]  # as the player played it
        assert session.flush(30)
    saved = json.loads((tmp_path / MATCH_FILE).read_text("utf-8"))
    assert saved["pars"] == [{"deal": 0, "number": match.history[0].seed,
                              "expert": par.expert}]
    differences = Storage(tmp_path).stats.of("coinche", 4).par_differences
    assert differences == [par.difference]

    with Session(Storage(tmp_path)) as again:
        resumed = again.continue_match()
        assert resumed is not None
        assert again.par(resumed.match, 0) == par  # from the save, not computed again
        assert again.wait_for_pars(600) and again.flush(30)
    assert Storage(tmp_path).stats.of("coinche", 4).par_differences == differences


@pytest.mark.parametrize("damage", [
    lambda data: data.pop("pars"),  # a save written before the par existed
    lambda data: data.update(pars=[{"deal": 0, "number": "x", "expert": 12}]),
    lambda data: data.update(pars=[{"deal": 0, "number": data["pars"][0]["number"] + 1,
                                    "expert": 12}]),  # another deal's
    lambda data: data.update(pars={"deal": 0}),
], ids=["none", "bad-number", "other-deal", "not-a-list"])
def test_a_save_without_a_valid_par_loads_and_computes_it_again(
    tmp_path: Path, damage: Any
) -> None:
    with Session(Storage(tmp_path)) as session:
        match = play_deals(session, CoincheRules(), seed=9, deals=1)
        assert session.wait_for_pars(600) and session.flush(30)
        par = session.par(match, 0)
    path = tmp_path / MATCH_FILE
    data = json.loads(path.read_text("utf-8"))
    damage(data)
    path.write_text(json.dumps(data), "utf-8")
    with Session(Storage(tmp_path)) as again:
        resumed = again.continue_match()
        assert resumed is not None and resumed.match.actions == match.actions
        assert again.par(resumed.match, 0) is ParStatus.COMPUTING
        assert again.wait_for_pars(120)
        assert again.par(resumed.match, 0) == par  # reproducible: the same par
        assert not again.take_problems()


def test_damaged_par_statistics_are_dropped_alone(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    storage.record_par("coinche", 4, -40)
    storage.record_deal("coinche", 4, played(CoincheRules(), 2).history[0].result, 0)
    path = tmp_path / "stats.json"
    data = json.loads(path.read_text("utf-8"))
    data["games"]["coinche-4"]["par_differences"] = [1, "x"]
    path.write_text(json.dumps(data), "utf-8")
    stats = Storage(tmp_path).stats.of("coinche", 4)
    assert stats.par_differences == [] and stats.deals_played == 1


def test_the_table_s_computer_seats_start_each_deal_with_the_par_s_generators() -> None:
    """At the table, each computer seat's generator is new at each deal, the one the
    par's replay gives it: a Débutant (whose every choice draws from it) decides at the
    table as it would in the replay, deal after deal."""
    from game.match_in_play import MatchInPlay
    from game.ui.table.controller import Controller, Pace, SeatConfig

    rules = CoincheRules()
    seats = (SeatConfig(human=True), *(SeatConfig(level=Level.DEBUTANT),) * 3)
    controller = Controller(MatchInPlay.new(rules, 7), seats, pace=lambda: Pace(speed=0.0),
                            ponder=False)
    try:
        while len(controller.match.history) < 2:
            controller.update(1.0)
            if controller.human_to_act:
                view = controller.human_view()
                controller.act(decide(view, Level.CONFIRME, random.Random(0)).action)
            else:
                controller.wait_for_computer(1.0)
        match = controller.match
    finally:
        controller.close()
    computer_decisions = 0
    for index in range(2):
        start = replay_deal_start(match, index)
        generators = [seat_generator(start.deal_number(), s) for s in range(4)]
        state = start
        while len(state.history) == index:
            seat = state.current_player
            assert seat is not None
            action = match.actions[len(state.actions)]
            if seat != 0:
                expected = decide(state.view(seat), Level.DEBUTANT, generators[seat])
                assert expected.action == action
                computer_decisions += 1
            state, _ = state.apply(action)
    assert computer_decisions > 20
