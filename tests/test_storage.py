"""Storage: atomic writes, bad files put aside with a message, settings read field by field,
read-only and full disks reported while play goes on."""

from __future__ import annotations

import dataclasses
import errno
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from game.ai import THINK_CHOICES
from game.engine.rules import BeloteRules, CoincheRules, Rubicon, TarotRules
from game.storage import ENV_DIR, Problem, Settings, Storage, data_dir, log_path
from game.storage.atomic import read_json, read_versioned, write_json_atomic
from game.storage.settings import settings_from_json

STAMP = r"\d{8}-\d{6}"


def aside_files(directory: Path, name: str) -> list[Path]:
    return sorted(p for p in directory.iterdir() if p.name.startswith(f"{name}."))


def assert_put_aside(directory: Path, name: str, problem: Problem | None, reason: str) -> None:
    """The bad file is gone from its place, kept under a timestamped name, and named in
    the problem."""
    assert problem is not None
    assert problem.key == f"storage.{reason}"
    assert not (directory / name).exists()
    (backup,) = aside_files(directory, name)
    assert problem.args == {"file": name, "backup": backup.name}
    assert re.fullmatch(rf"{re.escape(name)}\.{reason}-{STAMP}", backup.name)


# --- atomic writes and reads ---------------------------------------------------------------


def test_write_then_read_round_trip_and_no_temp_left(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    data = {"version": 1, "name": "Zoé ♥", "values": [1, 2.5, None, True]}
    write_json_atomic(path, data)
    write_json_atomic(path, data | {"name": "again"})
    assert read_json(path) == (data | {"name": "again"}, None)
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]


def test_a_missing_file_is_no_problem(tmp_path: Path) -> None:
    assert read_json(tmp_path / "none.json") == (None, None)
    assert read_versioned(tmp_path / "none.json", 1) == (None, None)


@pytest.mark.parametrize(
    "content",
    [b"", b'{"version": 1, "a": [1, 2', b"not json at all", b"\xff\xfe\x00garbage", b"[" * 100_000],
    ids=["empty", "truncated", "not-json", "not-utf8", "too-deep"],
)
def test_unreadable_content_is_put_aside(tmp_path: Path, content: bytes) -> None:
    (tmp_path / "f.json").write_bytes(content)
    data, problem = read_json(tmp_path / "f.json")
    assert data is None
    assert_put_aside(tmp_path, "f.json", problem, "corrupt")
    assert aside_files(tmp_path, "f.json")[0].read_bytes() == content


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ({"version": 2}, "newer"),
        ({"version": 0}, "corrupt"),
        ({"version": "1"}, "corrupt"),
        ({"version": True}, "corrupt"),
        ({"no": "version"}, "corrupt"),
        ([1, 2, 3], "corrupt"),
        ("text", "corrupt"),
    ],
)
def test_wrong_versions_and_types_are_put_aside(tmp_path: Path, content: Any, reason: str) -> None:
    (tmp_path / "f.json").write_text(json.dumps(content))
    data, problem = read_versioned(tmp_path / "f.json", 1)
    assert data is None
    assert_put_aside(tmp_path, "f.json", problem, reason)


def test_a_directory_where_the_file_should_be_is_put_aside(tmp_path: Path) -> None:
    (tmp_path / "f.json").mkdir()
    (tmp_path / "f.json" / "inside").write_text("kept")
    data, problem = read_json(tmp_path / "f.json")
    assert data is None
    assert_put_aside(tmp_path, "f.json", problem, "corrupt")
    assert (aside_files(tmp_path, "f.json")[0] / "inside").read_text() == "kept"


def test_two_bad_files_in_the_same_second_get_distinct_backups(tmp_path: Path) -> None:
    for _ in range(3):
        (tmp_path / "f.json").write_text("{")
        read_json(tmp_path / "f.json")
    assert len(aside_files(tmp_path, "f.json")) == 3


def test_stale_temp_files_are_removed_on_start(tmp_path: Path) -> None:
    (tmp_path / ".settings.json.1a2b3c4d.tmp").write_text("half")
    (tmp_path / "keep.txt").write_text("mine")
    Storage(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.txt"]


# --- a full or read-only disk ----------------------------------------------------------------


@pytest.mark.parametrize("failing", ["write", "fsync"])
def test_full_disk_leaves_the_old_file_and_no_temp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    path = tmp_path / "f.json"
    write_json_atomic(path, {"version": 1, "old": True})

    def full(*_args: object) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(f"os.{failing}", full)
    with pytest.raises(OSError):
        write_json_atomic(path, {"version": 1, "old": False, "big": "x" * 100_000})
    monkeypatch.undo()
    assert read_json(path) == ({"version": 1, "old": True}, None)
    assert [p.name for p in tmp_path.iterdir()] == ["f.json"]


def test_a_briefly_refused_rename_is_tried_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "f.json"
    write_json_atomic(path, {"version": 1, "n": 1})
    real_replace = os.replace
    refusals = iter([True, True])

    def busy_then_free(source: Path, target: Path) -> None:
        if next(refusals, False):
            raise PermissionError(errno.EACCES, "in use")
        real_replace(source, target)

    monkeypatch.setattr("os.replace", busy_then_free)
    write_json_atomic(path, {"version": 1, "n": 2})
    assert read_json(path) == ({"version": 1, "n": 2}, None)
    refusals = iter([True] * 10)  # never free: the error comes out
    with pytest.raises(PermissionError):
        write_json_atomic(path, {"version": 1, "n": 3})
    monkeypatch.undo()
    assert read_json(path) == ({"version": 1, "n": 2}, None)
    assert [p.name for p in tmp_path.iterdir()] == ["f.json"]


def test_storage_reports_a_full_disk_once_and_plays_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    storage = Storage(tmp_path)
    storage.save_settings(Settings(volume=0.3))

    def full(*_args: object) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("os.write", full)
    assert not storage.save_settings(Settings(volume=0.9))
    assert not storage.save_settings(Settings(volume=1.0))
    assert storage.settings.volume == 1.0  # kept in memory
    assert storage.take_problems() == [
        Problem("storage.write_failed",
                {"file": "settings.json", "error": os.strerror(errno.ENOSPC)})
    ]
    monkeypatch.undo()
    assert Storage(tmp_path).settings.volume == 0.3  # the old file is intact
    assert storage.save_settings(Settings(volume=0.5))
    assert storage.take_problems() == []
    assert Storage(tmp_path).settings.volume == 0.5


def chmod_is_enforced(directory: Path) -> bool:
    """chmod means nothing to root (and some file systems): try it."""
    probe = directory / "probe"
    try:
        probe.write_text("x")
    except OSError:
        return True
    probe.unlink()
    return False


def test_read_only_directory_is_reported_and_the_old_file_kept(tmp_path: Path) -> None:
    Storage(tmp_path).save_settings(Settings(player_name="Léa"))
    tmp_path.chmod(0o500)
    try:
        if not chmod_is_enforced(tmp_path):
            pytest.skip("chmod is not enforced here (running as root?)")
        storage = Storage(tmp_path)
        assert storage.settings.player_name == "Léa"
        assert not storage.save_settings(Settings(player_name="Max"))
        assert storage.settings.player_name == "Max"
        (problem,) = storage.take_problems()
        assert problem.key == "storage.write_failed"
        assert problem.args["file"] == "settings.json"
    finally:
        tmp_path.chmod(0o700)
    assert Storage(tmp_path).settings.player_name == "Léa"


def test_a_read_only_file_system_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Runs even as root, where chmod cannot make a directory read-only."""
    storage = Storage(tmp_path)
    storage.save_settings(Settings(player_name="Léa"))

    def read_only(*_args: object) -> int:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr("os.open", read_only)
    assert not storage.save_settings(Settings(player_name="Max"))
    monkeypatch.undo()
    assert storage.take_problems() == [
        Problem("storage.write_failed",
                {"file": "settings.json", "error": os.strerror(errno.EROFS)})
    ]
    assert Storage(tmp_path).settings.player_name == "Léa"


def test_a_data_directory_that_cannot_be_created_is_reported(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("not a directory")
    storage = Storage(tmp_path / "file" / "atout")
    assert storage.settings == Settings()
    assert not storage.save_settings(Settings(sound=False))
    keys = [problem.key for problem in storage.take_problems()]
    assert keys == ["storage.no_directory", "storage.write_failed"]


# --- where files live ----------------------------------------------------------------------


def test_data_dir_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_DIR, str(tmp_path / "env"))
    assert data_dir() == tmp_path / "env"
    assert Storage().base == tmp_path / "env"
    assert (tmp_path / "env").is_dir()
    assert log_path() == tmp_path / "env" / "logs" / "atout.log"
    monkeypatch.delenv(ENV_DIR)
    assert data_dir().name == "Atout"


def test_log_path_of_a_storage(tmp_path: Path) -> None:
    assert Storage(tmp_path).log_path() == tmp_path / "logs" / "atout.log"


# --- settings ---------------------------------------------------------------------------------


def custom_settings() -> Settings:
    settings = Settings(
        language="fr", animation_speed=2.5, sound=False, volume=0.25, undo_allowed=False,
        player_name="Anaïs", window_size=(1920, 1080), fullscreen=True,
    )
    settings = settings.with_levels("coinche", ("expert", "debutant", "expert"))
    settings = settings.with_rules(CoincheRules(target=1000, rubicon=Rubicon.SIMPLE))
    settings = settings.with_rules(BeloteRules(players=3))
    return settings.with_rules(TarotRules(players=5, deals=None, target=500))


def test_settings_round_trip(tmp_path: Path) -> None:
    settings = custom_settings()
    Storage(tmp_path).save_settings(settings)
    storage = Storage(tmp_path)
    assert storage.settings == settings
    assert storage.problems == []
    assert storage.settings.rules_for("coinche") == CoincheRules(target=1000,
                                                                rubicon=Rubicon.SIMPLE)
    assert storage.settings.rules_for("tarot") == TarotRules(players=5, deals=None, target=500)
    assert storage.settings.ai_levels["coinche"] == ("expert", "debutant", "expert", "confirme")


def test_settings_defaults_when_nothing_is_saved(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    assert storage.settings == Settings()
    assert storage.problems == []
    assert storage.settings.rules_for("belote") == BeloteRules()
    assert storage.settings.ai_levels["tarot"] == ("confirme",) * 4


def test_each_wrong_field_falls_back_alone(tmp_path: Path) -> None:
    good = custom_settings().to_json()
    bad = good | {
        "language": "de",
        "animation_speed": 9.0,
        "volume": "loud",
        "sound": 1,
        "player_name": "x" * 200,
        "window_size": [10, 10],
        "ai_levels": good["ai_levels"] | {"belote": ["genius"] * 4},
        "last_rules": good["last_rules"] | {"belote": {"game": "belote", "players": 7}},
        "unknown_future_field": 42,
    }
    settings, problems = settings_from_json(bad)
    fields = {problem.args["field"] for problem in problems}
    assert fields == {"language", "animation_speed", "volume", "sound", "player_name",
                      "window_size", "ai_levels.belote", "last_rules.belote"}
    assert all(problem.key == "storage.setting_reset" for problem in problems)
    defaults = Settings()
    expected = dataclasses.replace(
        custom_settings(),
        language=defaults.language, animation_speed=defaults.animation_speed,
        volume=defaults.volume, sound=defaults.sound, player_name=defaults.player_name,
        window_size=defaults.window_size,
        ai_levels={**custom_settings().ai_levels, "belote": defaults.ai_levels["belote"]},
        last_rules={k: v for k, v in custom_settings().last_rules.items() if k != "belote"},
    )
    assert settings == expected
    assert settings.rules_for("belote") == BeloteRules()


def test_per_game_maps_of_the_wrong_type_fall_back_whole() -> None:
    settings, problems = settings_from_json({"version": 1, "ai_levels": [], "last_rules": 3})
    assert settings == Settings()
    assert {p.args["field"] for p in problems} == {"ai_levels.*", "last_rules.*"}


def test_missing_fields_take_their_defaults() -> None:
    settings, problems = settings_from_json({"version": 1, "volume": 0.1})
    assert settings == Settings(volume=0.1)
    assert problems == []


def test_wrong_settings_file_gives_defaults_message_and_backup(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text('{"version": 1, "volume": 0.')
    storage = Storage(tmp_path)
    assert storage.settings == Settings()
    (problem,) = storage.take_problems()
    assert_put_aside(tmp_path, "settings.json", problem, "corrupt")


def test_settings_from_a_newer_version_are_kept_aside(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text('{"version": 99, "volume": 0.1}')
    storage = Storage(tmp_path)
    assert storage.settings == Settings()
    (problem,) = storage.take_problems()
    assert_put_aside(tmp_path, "settings.json", problem, "newer")


def test_auto_language_follows_the_system(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "fr_CA.UTF-8")
    assert Settings().resolved_language() == "fr"
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    assert Settings().resolved_language() == "en"
    assert Settings(language="fr").resolved_language() == "fr"


def test_table_options_round_trip_and_fall_back_alone(tmp_path: Path) -> None:
    chosen = Settings(table_colour="red", card_back="red", four_colour=True, left_handed=True,
                      fullscreen=True)
    Storage(tmp_path).save_settings(chosen)
    assert Storage(tmp_path).settings == chosen
    bad = chosen.to_json() | {"table_colour": "purple", "four_colour": "yes"}
    settings, problems = settings_from_json(bad)
    assert {p.args["field"] for p in problems} == {"table_colour", "four_colour"}
    assert settings == dataclasses.replace(chosen, table_colour="green", four_colour=False)


def test_the_experts_thinking_time_round_trips_and_falls_back_alone(tmp_path: Path) -> None:
    for think in THINK_CHOICES:
        Storage(tmp_path).save_settings(Settings(expert_think=think))
        assert Storage(tmp_path).settings.expert_think == think
    chosen = Settings(expert_think=1.0, volume=0.25)
    assert settings_from_json(chosen.to_json() | {"expert_think": 1}) == (chosen, [])
    for wrong in (0.5, "1.0", True, None, [0.3], float("nan")):
        settings, problems = settings_from_json(chosen.to_json() | {"expert_think": wrong})
        assert [(p.key, p.args) for p in problems] == [
            ("storage.setting_reset", {"field": "expert_think"})]
        assert settings == dataclasses.replace(chosen, expert_think=Settings().expert_think)

