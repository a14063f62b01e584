"""The match in progress: saved after every action, resumed exactly (mid-deal included);
an unusable save is put aside with a message and the game starts fresh."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from game.engine.match import AnyRules, Match
from game.engine.rules import BeloteRules, CoincheRules, TarotRules
from game.storage import SavedMatch, Storage

LEVELS4 = ("", "expert", "debutant", "confirme")


def played(rules: AnyRules, seed: int, actions: int) -> Match:
    """A match after ``actions`` random legal actions."""
    match, _ = Match.new(rules, seed)
    chooser = random.Random(seed)
    for _ in range(actions):
        if match.is_over:
            break
        match, _ = match.apply(chooser.choice(match.legal_actions()))
    return match


def assert_same_match(a: Match, b: Match) -> None:
    assert a.to_json() == b.to_json()
    assert a.totals == b.totals and a.number == b.number and a.dealer == b.dealer
    assert a.current_player == b.current_player and a.phase == b.phase
    for seat in range(a.players):
        assert a.view(seat) == b.view(seat)
    assert a.legal_actions() == b.legal_actions()


@pytest.mark.parametrize(
    ("rules", "actions"),
    [
        (CoincheRules(), 13),  # bidding over, a few cards played
        (CoincheRules(), 60),  # a deal in the history, three tricks into the next
        (BeloteRules(), 40),
        (BeloteRules(players=3), 25),
        (BeloteRules(players=2), 60),
        (TarotRules(players=5), 40),  # king called, chien done, six tricks played
        (TarotRules(players=4), 120),  # second deal, mid-play
        (TarotRules(players=3), 30),
    ],
)
def test_a_match_saved_mid_deal_resumes_identically(
    tmp_path: Path, rules: AnyRules, actions: int
) -> None:
    match = played(rules, seed=7, actions=actions)
    assert not match.is_over and match.actions
    levels = ("", *("expert",) * (rules.players - 1))
    storage = Storage(tmp_path)
    assert storage.save_match(SavedMatch(match, human_seat=0, levels=levels, undo_used=True))
    assert storage.has_match()
    loaded = Storage(tmp_path).load_match()
    assert loaded is not None
    assert_same_match(loaded.match, match)
    assert (loaded.human_seat, loaded.levels, loaded.undo_used) == (0, levels, True)
    # the resumed match plays on exactly as the original
    action = match.legal_actions()[-1]
    assert_same_match(loaded.match.apply(action)[0], match.apply(action)[0])


def test_saving_after_every_action_keeps_the_latest(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    match, _ = Match.new(CoincheRules(), 3)
    chooser = random.Random(3)
    for _ in range(40):
        match, _ = match.apply(chooser.choice(match.legal_actions()))
        storage.save_match(SavedMatch(match, 2, LEVELS4[2:] + LEVELS4[:2]))
    loaded = storage.load_match()
    assert loaded is not None and loaded.human_seat == 2
    assert_same_match(loaded.match, match)


def test_clear_match_at_the_end(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    storage.save_match(SavedMatch(played(CoincheRules(), 1, 5), 0, LEVELS4))
    assert storage.clear_match()
    assert not storage.has_match()
    assert storage.load_match() is None
    assert storage.clear_match()  # nothing to clear is fine
    assert storage.problems == []


def save_file(tmp_path: Path) -> dict[str, Any]:
    Storage(tmp_path).save_match(SavedMatch(played(CoincheRules(), 5, 20), 1, LEVELS4))
    data: dict[str, Any] = json.loads((tmp_path / "match.json").read_text())
    return data


@pytest.mark.parametrize(
    "spoil",
    [
        lambda d: d | {"human_seat": 4},
        lambda d: d | {"human_seat": "0"},
        lambda d: d | {"levels": ["expert"]},
        lambda d: d | {"levels": ["", "genius", "expert", "expert"]},
        lambda d: d | {"undo_used": "no"},
        lambda d: d | {"match": None},
        lambda d: d | {"match": d["match"] | {"version": 99}},
        lambda d: d | {"match": d["match"] | {"seed": "x"}},
        lambda d: d | {"match": d["match"] | {"actions": [{"type": "Nonsense"}]}},
        lambda d: d | {"match": d["match"] | {"actions": d["match"]["actions"][1:]}},
        lambda d: d | {"match": d["match"] | {"rules": {"game": "coinche", "players": 3}}},
    ],
    ids=["seat-range", "seat-type", "levels-count", "level-name", "undo-type", "no-match",
         "match-newer", "seed-type", "unknown-action", "illegal-replay", "bad-rules"],
)
def test_an_unusable_save_is_put_aside_with_a_message(tmp_path: Path, spoil: Any) -> None:
    (tmp_path / "match.json").write_text(json.dumps(spoil(save_file(tmp_path))))
    storage = Storage(tmp_path)
    assert storage.load_match() is None
    (problem,) = storage.take_problems()
    assert problem.key == "storage.invalid"
    assert problem.args["file"] == "match.json"
    assert problem.args["backup"].startswith("match.json.invalid-")
    assert not storage.has_match()
    assert (tmp_path / problem.args["backup"]).is_file()


@pytest.mark.parametrize(
    ("content", "key"),
    [
        ("", "storage.match_corrupt"),
        ('{"version": 1, "match": {"version": 1, "rul', "storage.match_corrupt"),
        ('{"version": 2, "match": {}}', "storage.newer"),
        ('["version", 1]', "storage.match_corrupt"),
    ],
)
def test_a_broken_save_file_is_put_aside(tmp_path: Path, content: str, key: str) -> None:
    (tmp_path / "match.json").write_text(content)
    storage = Storage(tmp_path)
    assert storage.load_match() is None
    (problem,) = storage.take_problems()
    assert problem.key == key
    assert not storage.has_match()


def test_a_directory_named_like_the_save_is_put_aside(tmp_path: Path) -> None:
    (tmp_path / "match.json").mkdir()
    storage = Storage(tmp_path)
    assert not storage.has_match()
    assert storage.load_match() is None
    (problem,) = storage.take_problems()
    assert problem.key == "storage.match_corrupt"
    saved = played(CoincheRules(), 2, 10)
    assert storage.save_match(SavedMatch(saved, 0, LEVELS4))  # the place is free again
    loaded = storage.load_match()
    assert loaded is not None
    assert_same_match(loaded.match, saved)


def test_a_truncated_save_is_found_out_before_continue_is_offered(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The first question (is there a match to continue?) reads the save: a damaged one
    is put aside then, said in the saved match's words, and written to the log."""
    (tmp_path / "match.json").write_text('{"version": 1, "match": {"version": 1, "rul')
    storage = Storage(tmp_path)
    with caplog.at_level("WARNING", logger="atout.storage"):
        assert not storage.has_match()
    (problem,) = storage.take_problems()
    assert problem.key == "storage.match_corrupt"
    assert "defaults" not in tr_en(problem.key, problem.args)
    assert any("storage.match_corrupt" in record.getMessage() for record in caplog.records)
    assert not (tmp_path / "match.json").exists()


def tr_en(key: str, args: Mapping[str, str]) -> str:
    from game.i18n import catalogue

    return catalogue("en")[key].format(**args)
