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
from game.ui.table.controller import GameConfig, SeatConfig
from game.ui.table.host import ABANDON, MatchHost

SEATS = (SeatConfig(human=True), *(SeatConfig(level=Level.DEBUTANT) for _ in range(3)))


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
    controller = host.start(config(), speed=0.02, think=0.1)
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
    first = host.start(config(), old, speed=0.02, think=0.1)
    assert host.last_match() is old and host.can_review
    host.start(config(seed=9), speed=0.02, think=0.1)
    assert first._executor._shutdown  # the replaced match's AI stops
    assert host.earlier is old
    assert host.last_match() is old and host.can_review  # "play this deal again"


def test_play_again_keeps_the_rules_and_seats_with_a_new_seed(host: MatchHost) -> None:
    match = played(CoincheRules())
    host.start(config(seed=4), match, speed=0.02, think=0.1)
    again = host.play_again()
    assert again.rules == CoincheRules() and again.seats == SEATS and again.first_deal is None
    record = match.history[0]
    same_deal = host.play_again(record)
    assert same_deal.first_deal == record.seed and same_deal.seats == SEATS


def test_abandoning_counts_the_match_and_removes_its_save(host: MatchHost,
                                                          tmp_path: Path) -> None:
    host.start(config(), speed=0.02, think=0.1)
    host.abandon()
    assert host.session is not None and host.session.flush(5)
    storage = Storage(tmp_path)
    assert storage.stats.of("coinche", 4).matches_abandoned == 1
    assert not storage.has_match()


def test_a_saved_match_is_continued_with_its_seats(tmp_path: Path) -> None:
    with Session(Storage(tmp_path)) as session:
        first = MatchHost(session)
        first.start(config(seed=6), speed=0.02, think=0.1)
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
