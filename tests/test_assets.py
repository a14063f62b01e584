"""The generated art and sound: present, loadable, deterministic; the loader's fallbacks."""

from __future__ import annotations

import logging
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.resources import resource_path, resource_root
from game.ui.assets import (
    CODES_32,
    CODES_TAROT,
    Assets,
    card_height,
    card_index,
)

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.init()


def test_resource_path_from_source_is_the_repository() -> None:
    assert resource_root() == ROOT
    assert resource_path("sprites/felt.png") == ROOT / "sprites" / "felt.png"


def test_resource_path_in_a_frozen_build(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr("sys._MEIPASS", str(tmp_path), raising=False)
    assert resource_path("sounds/bid.wav") == tmp_path / "sounds" / "bid.wav"


def test_french_indices() -> None:
    assert card_index("7S", "32") == ("7", "S")
    assert card_index("TH", "32") == ("10", "H")
    assert [card_index(code, "32")[0] for code in ("JD", "QD", "KD", "AD")] == list("VDRA")
    assert card_index("CH", "tarot") == ("C", "H")
    assert card_index("DD", "tarot") == ("D", "D")
    assert card_index("A07", "tarot") == ("7", None)
    assert len(CODES_32) == 32 and len(CODES_TAROT) == 78
    with pytest.raises(ValueError):
        card_index("CH", "32")


def test_missing_files_give_fallbacks_and_one_problem_each(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    assets = Assets(tmp_path)
    with caplog.at_level(logging.WARNING, logger="atout.assets"):
        face = assets.card_face("QH", 100, "32")
        again = assets.card_face("QH", 100, "32")
        back = assets.card_back(90, "tarot")
        silent = assets.sound("bid")
        assets.play("bid", 0.5)
    assert face.get_size() == (100, 150) and again is face
    assert back.get_size() == (90, card_height(90))
    assert silent is None
    assert assets.problems == [
        "missing file sprites/cards/QH.png",
        "missing file sprites/back_tarot.png",
        "missing file sounds/bid.wav",
    ]
    assert len(caplog.records) == 3
    assert assets.felt().get_size() == (256, 256)
    assert assets.icon().get_width() > 0


def test_corrupt_files_give_fallbacks_and_a_problem(tmp_path: Path) -> None:
    (tmp_path / "sprites" / "tarot").mkdir(parents=True)
    (tmp_path / "sounds").mkdir()
    (tmp_path / "sprites" / "tarot" / "A21.png").write_bytes(b"\x89PNG garbage" * 10)
    (tmp_path / "sounds" / "win.wav").write_bytes(b"RIFF nonsense" * 10)
    assets = Assets(tmp_path)
    face = assets.card_face("A21", 80, "tarot")
    assert face.get_size() == (80, 120)
    assert assets.sound("win") is None
    assert len(assets.problems) == 2
    assert assets.problems[0].startswith("unreadable file sprites/tarot/A21.png")
    assert assets.problems[1].startswith("unreadable file sounds/win.wav")
