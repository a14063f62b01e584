"""The session between a match and storage: background autosave (coalesced, flushed),
exact resume, statistics counted once, undo permission, storage failures survived."""

from __future__ import annotations

import dataclasses
import errno
import functools
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import game.storage
from game.ai import Level
from game.engine.match import Match
from game.engine.protocol import Phase
from game.engine.rules import BeloteRules, CoincheRules, Layout
from game.match_in_play import MatchInPlay
from game.session import BackgroundWriter, Session
from game.storage import SavedMatch, Storage
from game.storage.stats import GameStats
from tests.kill_driver import next_action, play_to_end

LEVELS = ("", "debutant", "confirme", "expert")
SEED = 41


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    with Session(Storage(tmp_path)) as session:
        yield session


def new_match(session: Session, seed: int = SEED) -> Match:
    match, _ = Match.new(CoincheRules(), seed)
    session.new_match(match, 0, LEVELS)
    return match


def play_until(session: Session | None, match: Match, done: Callable[[Match], bool]) -> Match:
    """Play the Débutant's moves until ``done``, telling ``session`` after each one."""
    while not done(match):
        match, _ = match.apply(next_action(match))
        if session is not None:
            session.on_action(match)
    return match


def mid_second_deal(match: Match) -> bool:
    return len(match.history) == 1 and match.phase is Phase.PLAY and len(match.deal.trick) == 2


def deals_played(storage: Storage) -> int:
    return storage.stats.of("coinche", 4).deals_played


def reloaded(tmp_path: Path) -> SavedMatch:
    saved = Storage(tmp_path).load_match()
    assert saved is not None
    return saved


# --- autosave ------------------------------------------------------------------------------


def test_saves_waiting_behind_a_slow_write_are_coalesced_to_the_newest(
    session: Session, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started, release = threading.Event(), threading.Event()
    written: list[int] = []
    real_save = session.storage.save_match

    def slow_save(saved: SavedMatch) -> bool:
        written.append(len(saved.match.actions))
        started.set()
        assert release.wait(5)
        return real_save(saved)

    monkeypatch.setattr(session.storage, "save_match", slow_save)
    match = new_match(session)
    assert started.wait(5)
    match = play_until(session, match, lambda m: len(m.actions) == 12)
    assert not session.flush(timeout=0.05)  # the first write is still held
    release.set()
    assert session.flush(timeout=5)
    assert written == [0, 12]
    assert session.saved_actions == 12
    assert reloaded(tmp_path).match.actions == match.actions


def test_on_action_returns_before_the_write_and_flush_waits_for_it(
    session: Session, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    release = threading.Event()
    real_save = session.storage.save_match
    monkeypatch.setattr(session.storage, "save_match",
                        lambda saved: release.wait(5) and real_save(saved))
    new_match(session)  # returns although the write is held
    assert not Storage(tmp_path).has_match()
    release.set()
    assert session.flush(timeout=5)
    assert reloaded(tmp_path).match.actions == ()


def test_the_writer_runs_jobs_in_order_and_replaces_only_a_waiting_save() -> None:
    writer = BackgroundWriter()
    done: list[str] = []
    started, gate = threading.Event(), threading.Event()

    def first_save() -> None:
        started.set()
        assert gate.wait(5)
        done.append("first save")

    writer.submit(first_save, replaceable=True)
    assert started.wait(5)
    for name in ("save 1", "save 2", "count", "save 3", "save 4"):
        writer.submit(functools.partial(done.append, name), name.startswith("save"))
    gate.set()
    assert writer.close(timeout=5)
    assert done == ["first save", "save 2", "count", "save 4"]
    with pytest.raises(RuntimeError):
        writer.submit(lambda: None)


# --- continuing ----------------------------------------------------------------------------


def test_a_continued_match_resumes_exactly_mid_deal(tmp_path: Path) -> None:
    with Session(Storage(tmp_path)) as first:
        match = play_until(first, new_match(first), mid_second_deal)
    with Session(Storage(tmp_path)) as second:
        saved = second.continue_match()
        assert saved is not None
        resumed = saved.match
        assert (saved.human_seat, saved.levels, saved.undo_used) == (0, LEVELS, False)
        assert resumed.actions == match.actions
        assert (resumed.number, resumed.dealer, resumed.totals) == (
            match.number, match.dealer, match.totals)
        assert resumed.history == match.history
        for seat in range(4):
            assert resumed.view(seat) == match.view(seat)
        assert len(resumed.deal.trick) == 2
        assert play_to_end(resumed).totals == play_to_end(match).totals


def test_continue_without_a_save_and_with_a_damaged_one(tmp_path: Path) -> None:
    with Session(Storage(tmp_path)) as session:
        assert session.continue_match() is None
        assert session.take_problems() == []
        (tmp_path / "match.json").write_text("{not json", encoding="utf-8")
        assert session.continue_match() is None
        assert [key for key, _ in session.take_problems()] == ["storage.match_corrupt"]


def test_a_saved_finished_match_is_not_continued_but_removed(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    finished = play_to_end(Match.new(CoincheRules(), SEED)[0])
    storage.save_match(SavedMatch(finished, 0, LEVELS))
    with Session(storage) as session:
        assert session.continue_match() is None
    assert not storage.has_match()
    assert storage.stats.of("coinche", 4).matches_played == 0  # counted before, if at all


# --- statistics ------------------------------------------------------------------------------


def test_deals_are_not_counted_twice_across_a_continue(tmp_path: Path) -> None:
    with Session(Storage(tmp_path)) as first:
        match = play_until(first, new_match(first), mid_second_deal)
        assert first.on_deal_scored(match) == 0  # already counted by on_action
    assert deals_played(Storage(tmp_path)) == 1
    storage = Storage(tmp_path)
    with Session(storage) as second:
        saved = second.continue_match()
        assert saved is not None
        assert second.on_deal_scored(saved.match) == 0
        second.on_action(saved.match)
        match = play_until(second, saved.match, lambda m: len(m.history) == 2)
    assert deals_played(Storage(tmp_path)) == 2


def test_a_finished_match_is_counted_once_and_its_save_removed(
    session: Session, tmp_path: Path
) -> None:
    match = play_until(session, new_match(session), lambda m: m.is_over)
    assert not session.on_match_over(match)  # on_action counted it already
    session.on_action(match)
    assert session.flush(timeout=5)
    stats = Storage(tmp_path).stats.of("coinche", 4)
    assert stats.matches_played == 1
    assert stats.deals_played == len(match.history)
    assert stats.best_match_score == match.totals[0]
    assert not Storage(tmp_path).has_match()


def test_a_decouverte_match_is_counted_apart_from_the_game_held_in_the_hand(
    session: Session, tmp_path: Path
) -> None:
    """Its deals, the match, an undo, its analyses and an abandoned one go to the
    découverte's record; belote at two with hands stays untouched."""
    rules = BeloteRules(players=2, target=300, layout=Layout.DECOUVERTE)
    match, _ = Match.new(rules, SEED)
    session.new_match(match, 0, ("", "debutant"))
    match = play_until(session, match, lambda m: m.is_over)
    session.on_undo(match)
    session.on_deal_analysed(match.rules, 7.5)
    again, _ = Match.new(rules, SEED + 1)
    session.new_match(again, 0, ("", "debutant"))
    session.on_action(again.apply(next_action(again))[0])
    session.abandon()
    assert session.flush(timeout=5)
    stored = Storage(tmp_path).stats
    apart = stored.of("belote", 2, Layout.DECOUVERTE)
    assert (apart.matches_played, apart.deals_played, apart.undos, apart.points_lost,
            apart.matches_abandoned) == (1, len(match.history), 1, [7.5], 1)
    assert stored.of("belote", 2) == GameStats() and set(stored.games) == {"belote-2-decouverte"}


def new_play(session: Session, seed: int = SEED) -> MatchInPlay:
    """A new match owned by a ``MatchInPlay`` that tells ``session`` of each change."""
    play = MatchInPlay.new(CoincheRules(), seed, recorder=session)
    session.new_match(play.match, 0, LEVELS)
    return play


def play_on(play: MatchInPlay, done: Callable[[Match], bool]) -> Match:
    """Play the Débutant's moves through ``play`` until ``done``."""
    while not done(play.match):
        play.apply(next_action(play.match))
    return play.match


def to_the_first_deal_s_end(play: MatchInPlay) -> tuple[Match, int, Match]:
    """The state before the first deal's last card, who plays it, and the state after."""
    before_end = play_on(play, lambda m: bool(m.apply(next_action(m))[0].history))
    last_card_by = before_end.current_player
    assert last_card_by is not None
    return before_end, last_card_by, play_on(play, lambda m: len(m.history) == 1)


def test_a_deal_taken_back_by_undo_and_scored_again_counts_once(
    session: Session, tmp_path: Path
) -> None:
    play = new_play(session)
    before_end, last_card_by, _ = to_the_first_deal_s_end(play)
    earlier = play.undo(last_card_by)
    assert earlier is before_end and earlier.history == ()
    play_on(play, lambda m: len(m.history) == 1)
    assert session.flush(timeout=5)
    assert deals_played(Storage(tmp_path)) == 1


def test_a_deal_taken_back_and_redone_counts_once_and_is_saved(
    session: Session, tmp_path: Path
) -> None:
    play = new_play(session)
    before_end, last_card_by, ended = to_the_first_deal_s_end(play)
    assert play.undo(last_card_by) is before_end
    assert play.redo() is ended
    assert session.flush(timeout=5)
    assert deals_played(Storage(tmp_path)) == 1
    assert reloaded(tmp_path).match.to_json() == ended.to_json()


# --- undo --------------------------------------------------------------------------------


def test_undo_forbidden_by_the_settings_is_refused(session: Session, tmp_path: Path) -> None:
    storage = session.storage
    storage.save_settings(dataclasses.replace(storage.settings, undo_allowed=False))
    play = new_play(session)
    match = play_on(play, lambda m: len(m.actions) == 9)
    assert play.undo(0) is None and play.match is match
    assert not session.undo_used
    assert session.flush(timeout=5)
    assert not reloaded(tmp_path).undo_used


def test_undo_goes_back_before_the_seats_last_action_and_marks_the_match(
    session: Session, tmp_path: Path
) -> None:
    play = new_play(session)
    match = play_on(play, lambda m: len(m.actions) == 9)
    earlier = play.undo(0)
    assert earlier is not None and earlier.current_player == 0
    assert earlier.actions == match.actions[: len(earlier.actions)]
    assert len(earlier.actions) < len(match.actions)
    assert session.undo_used
    assert session.flush(timeout=5)
    saved = reloaded(tmp_path)
    assert saved.undo_used and saved.match.actions == earlier.actions
    assert Storage(tmp_path).stats.of("coinche", 4).undos == 1
    finished = play_on(play, lambda m: m.is_over)
    assert session.flush(timeout=5)
    assert Storage(tmp_path).stats.of("coinche", 4).matches_with_undo == 1
    assert play.undo(0) is None and play.match is finished  # a finished match stays so


def test_undo_before_the_seat_has_played_is_refused(session: Session) -> None:
    play = new_play(session)
    assert play.undo(0) is None
    assert not session.undo_used


# --- storage failures ---------------------------------------------------------------------


def test_a_full_disk_is_reported_once_per_file_and_play_goes_on(
    session: Session, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full_disk(path: Path, data: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(game.storage, "write_json_atomic", full_disk)
    match = play_until(session, new_match(session), mid_second_deal)
    assert session.flush(timeout=5)
    problems = session.take_problems()
    assert sorted((key, args["file"]) for key, args in problems) == [
        ("storage.write_failed", "match.json"), ("storage.write_failed", "stats.json")]
    assert "No space left on device" in problems[0].args["error"]
    assert session.saved_actions == -1
    assert deals_played(session.storage) == 1  # counted in memory all the same
    monkeypatch.undo()
    match = play_until(session, match, lambda m: len(m.history) == 2)
    assert session.flush(timeout=5)
    assert session.take_problems() == []
    assert reloaded(tmp_path).match.actions == match.actions
    assert deals_played(Storage(tmp_path)) == 2


def test_an_unexpected_error_while_saving_is_reported_and_saving_goes_on(
    session: Session, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_save = session.storage.save_match
    calls: list[int] = []

    def broken_once(saved: SavedMatch) -> bool:
        calls.append(len(saved.match.actions))
        if len(calls) == 1:
            raise ValueError("a bug")
        return real_save(saved)

    monkeypatch.setattr(session.storage, "save_match", broken_once)
    match = new_match(session)
    assert session.flush(timeout=5)
    assert session.take_problems() == [
        ("storage.write_failed", {"file": "match.json", "error": "ValueError"})]
    match = play_until(session, match, lambda m: len(m.actions) == 3)
    assert session.flush(timeout=5)
    assert reloaded(tmp_path).match.actions == match.actions


# --- misuse --------------------------------------------------------------------------------


def test_actions_of_an_unknown_match_are_refused(session: Session) -> None:
    match, _ = Match.new(BeloteRules(), SEED)
    with pytest.raises(RuntimeError):
        session.on_action(match)
    session.new_match(match, 1, [Level.DEBUTANT, None, "confirme", "expert"])
    with pytest.raises(ValueError):
        session.on_action(Match.new(BeloteRules(), SEED + 1)[0])
    with pytest.raises(ValueError):
        session.new_match(match, 0, LEVELS[:3])


def test_abandon_removes_the_save(session: Session, tmp_path: Path) -> None:
    play_until(session, new_match(session), lambda m: len(m.actions) == 5)
    session.abandon()
    assert session.flush(timeout=5)
    assert not Storage(tmp_path).has_match()
    assert session.continue_match() is None
