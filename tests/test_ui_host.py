"""The match host, without pygame: the match in progress, what "Continue" and "Review"
find, the question before a match is given up, "play again" and the save."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.ai import Level
from game.engine.match import Match
from game.engine.rules import BeloteRules, CoincheRules
from game.session import Session
from game.storage import Storage
from game.ui.table.controller import Controller, GameConfig, Pace, SeatConfig, no_animation
from game.ui.table.host import ABANDON, MatchHost

SEATS = (SeatConfig(human=True), *(SeatConfig(level=Level.DEBUTANT) for _ in range(3)))
DT = 0.05


def FAST() -> Pace:
    return Pace(speed=0.02, think=0.1)


def config(seed: int = 4, first_deal: int | None = None) -> GameConfig:
    return GameConfig(CoincheRules(), SEATS, seed, first_deal)


def played(rules: CoincheRules | BeloteRules, deals: int = 1) -> Match:
    """A match played by random legal moves until ``deals`` deals are scored."""
    rng = random.Random(3)
    match, _ = Match.new(rules, 11)
    while len(match.history) < deals:
        match, _ = match.apply(rng.choice(match.legal_actions()))
    return match


@pytest.fixture
def host(tmp_path: Path) -> Iterator[MatchHost]:
    session = Session(Storage(tmp_path))
    host = MatchHost(session)
    yield host
    host.close()
    session.close()


def test_nothing_to_continue_or_review_at_first(host: MatchHost) -> None:
    assert not host.can_continue and not host.can_review and not host.in_progress
    assert host.last_match() is None
    assert host.before_new_match() is None  # nothing to lose: no question


def test_a_started_match_is_followed_and_saved(host: MatchHost, tmp_path: Path) -> None:
    controller = host.start(config(), on_event=no_animation, pace=FAST)
    assert host.controller is controller and host.in_progress and host.can_continue
    assert host.before_new_match() == ABANDON
    assert not host.can_review  # no deal finished yet
    assert host.session is not None and host.session.flush(5)
    saved = Storage(tmp_path).load_match()
    assert saved is not None and saved.match.seed == 4 and saved.human_seat == 0
    assert saved.levels == ("", "debutant", "debutant", "debutant")


def test_a_new_match_replaces_the_old_one_whose_last_deal_stays_reviewable(
        host: MatchHost) -> None:
    old = played(CoincheRules())
    first = host.start(config(), old, on_event=no_animation, pace=FAST)
    assert host.last_match() is old and host.can_review
    host.start(config(seed=9), on_event=no_animation, pace=FAST)
    assert first.computers._executor._shutdown  # the replaced match's AI stops
    assert host.earlier is old
    assert host.last_match() is old and host.can_review  # "play this deal again"


def test_play_again_keeps_the_rules_and_seats_with_a_new_seed(host: MatchHost) -> None:
    match = played(CoincheRules())
    host.start(config(seed=4), match, on_event=no_animation, pace=FAST)
    again = host.play_again()
    assert again.rules == CoincheRules() and again.seats == SEATS and again.first_deal is None
    record = match.history[0]
    same_deal = host.play_again(record)
    assert same_deal.first_deal == record.seed and same_deal.seats == SEATS


def test_abandoning_counts_the_match_and_removes_its_save(host: MatchHost,
                                                          tmp_path: Path) -> None:
    host.start(config(), on_event=no_animation, pace=FAST)
    host.abandon()
    assert host.session is not None and host.session.flush(5)
    storage = Storage(tmp_path)
    assert storage.stats.of("coinche", 4).matches_abandoned == 1
    assert not storage.has_match()


def test_a_saved_match_is_continued_with_its_seats(tmp_path: Path) -> None:
    with Session(Storage(tmp_path)) as session:
        first = MatchHost(session)
        first.start(config(seed=6), on_event=no_animation, pace=FAST)
        first.close()
    with Session(Storage(tmp_path)) as session:
        host = MatchHost(session)
        assert host.can_continue and host.can_review and not host.in_progress
        assert host.before_new_match() == ABANDON  # the saved match is asked about too
        reviewed = host.last_match()
        assert reviewed is not None and reviewed.seed == 6
        saved = host.saved_match()
        assert saved is not None
        resumed_config, match = saved
        assert resumed_config.seats[0].human and resumed_config.seed == match.seed == 6
        assert resumed_config.rules == CoincheRules()
        assert [s.level for s in resumed_config.seats[1:]] == [Level.DEBUTANT] * 3


# --- one owner of the match ------------------------------------------------------------


def until_the_human_has_acted(controller: Controller, times: int) -> None:
    """Frames, the human choosing his first legal action each time he is asked."""
    for _ in range(20000):
        if controller.human_to_act:
            if times == 0:
                return
            controller.act(controller.human_legal()[0])
            times -= 1
        controller.update(DT)
        controller.wait_for_computer(DT)
    raise AssertionError("the human was not asked again")


def test_the_controller_is_built_with_the_host_s_match_and_keeps_none_of_its_own(
        host: MatchHost) -> None:
    controller = host.start(config(), on_event=no_animation, pace=FAST)
    assert host.play is not None and controller.play is host.play
    until_the_human_has_acted(controller, 3)
    assert controller.match is host.play.match and len(host.play.match.actions) > 3
    assert "match" not in vars(controller)


def shown_again(match: Match) -> Controller:
    """A fresh controller's table for ``match`` taken up from a save."""
    from game.match_in_play import MatchInPlay

    return Controller(MatchInPlay.resume(match), SEATS, pace=FAST, ponder=False)


def test_after_undo_and_redo_the_save_on_disk_is_the_state_shown(
        host: MatchHost, tmp_path: Path) -> None:
    controller = host.start(config(seed=12), on_event=no_animation, pace=FAST)
    until_the_human_has_acted(controller, 6)
    assert host.session is not None
    for change in (controller.undo, controller.undo, controller.redo):
        assert change()
        assert host.session.flush(5)
        saved = Storage(tmp_path).load_match()
        assert saved is not None and saved.undo_used
        assert saved.match.to_json() == controller.match.to_json()
        fresh = shown_again(saved.match)
        assert fresh.model == controller.model  # the table shows the saved state
        fresh.close()
    assert Storage(tmp_path).stats.of("coinche", 4).undos == 2
