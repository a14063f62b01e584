"""The generated art and sound: present, loadable, deterministic; the loader's fallbacks."""

from __future__ import annotations

import array
import logging
import os
import struct
import wave
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.resources import resource_path, resource_root
from game.ui.kit.assets import (
    CODES_32,
    CODES_TAROT,
    SOUND_NAMES,
    SUITS,
    Assets,
    card_height,
    card_index,
)
from tools import make_sounds, make_sprites

ROOT = Path(__file__).resolve().parent.parent
SPRITES = ROOT / "sprites"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> Iterator[None]:
    pygame.init()
    mixer_was_on = bool(pygame.mixer.get_init())
    yield
    if not mixer_was_on:  # the loader opens the mixer; leave other tests as they were
        pygame.mixer.quit()


# --- resource paths and card codes


def test_resource_path_from_source_is_the_repository() -> None:
    assert resource_root() == ROOT
    assert resource_path("sprites/felt.png") == SPRITES / "felt.png"


def test_resource_path_in_a_frozen_build(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr("sys._MEIPASS", str(tmp_path), raising=False)
    assert resource_path("sounds/bid.wav") == tmp_path / "sounds" / "bid.wav"


def test_indices_in_french_and_english() -> None:
    assert card_index("7S", "32", "en") == ("7", "S")
    assert card_index("TH", "32", "en") == ("10", "H")
    courts = ("JD", "QD", "KD", "AD")
    assert [card_index(code, "32", "fr")[0] for code in courts] == list("VDRA")
    assert [card_index(code, "32", "en")[0] for code in courts] == list("JQKA")
    tarot_courts = ("VH", "CH", "DH", "RH")
    assert [card_index(code, "tarot", "fr")[0] for code in tarot_courts] == list("VCDR")
    assert [card_index(code, "tarot", "en")[0] for code in tarot_courts] == list("JCQK")
    assert card_index("DD", "tarot", "fr") == ("D", "D")
    assert card_index("A07", "tarot", "en") == ("7", None)
    assert card_index("EXC", "tarot", "en") == ("", None)
    assert len(set(CODES_32)) == 32 and len(set(CODES_TAROT)) == 78


@pytest.mark.parametrize(("code", "deck"), [("CH", "32"), ("JH", "tarot"), ("TH", "52")])
def test_unknown_cards_are_a_caller_error(code: str, deck: str) -> None:
    with pytest.raises(ValueError):
        Assets().card_face(code, 100, deck)


def test_engine_codes_are_the_sprite_codes() -> None:
    from game.engine.cards import DECK32

    assert {card.code for card in DECK32} == set(CODES_32)


# --- the committed files


def _load(path: Path) -> pygame.Surface:
    assert path.is_file(), path
    return pygame.image.load(path)


@pytest.mark.parametrize(("folder", "codes"), [("cards", CODES_32), ("tarot", CODES_TAROT)])
def test_every_face_exists_with_transparent_rounded_corners(folder: str, codes: tuple[str]) -> None:
    for code in codes:
        image = _load(SPRITES / folder / f"{code}.png")
        assert image.get_size() == (200, 300), code
        assert image.get_at((0, 0)).a == 0 and image.get_at((199, 299)).a == 0, code
        assert image.get_at((100, 150)).a == 255 and image.get_at((4, 150)).a == 255, code


def test_backs_felt_and_icons_exist_with_their_sizes() -> None:
    for name in ("back_blue", "back_red", "back_tarot"):
        assert _load(SPRITES / f"{name}.png").get_size() == (200, 300)
    assert _load(SPRITES / "felt.png").get_size() == (256, 256)
    assert _load(SPRITES / "icon.png").get_size() == (256, 256)
    assert _load(SPRITES / "dealer.png").get_size() == (64, 64)
    for suit in SUITS:
        assert _load(SPRITES / f"suit_{suit}.png").get_size() == (64, 64)


def test_sprites_stay_small() -> None:
    total = sum(path.stat().st_size for path in SPRITES.rglob("*") if path.is_file())
    assert total < 4_000_000


def test_felt_tiles_without_a_seam() -> None:
    felt = _load(SPRITES / "felt.png")

    def column_gap(a: int, b: int) -> float:
        return sum(abs(felt.get_at((a, y)).g - felt.get_at((b, y)).g) for y in range(256)) / 256

    neighbours = sum(column_gap(x, x + 1) for x in range(0, 250, 25)) / 10
    assert column_gap(255, 0) <= 2 * neighbours + 1


def test_the_loader_finds_everything_without_problems() -> None:
    assets = Assets()
    for code in CODES_32:
        assert assets.card_face(code, 100, "32").get_size() == (100, 150)
    for code in CODES_TAROT:
        assert assets.card_face(code, 90, "tarot").get_size() == (90, 135)
    for deck, colour in (("32", "blue"), ("32", "red"), ("tarot", "blue")):
        assert assets.card_back(110, deck, colour).get_size() == (110, 165)
    assert assets.felt().get_size() == (256, 256)
    assert assets.icon().get_size() == (256, 256)
    assert assets.suit_icon("H", 40).get_size() == (40, 40)
    assert assets.dealer_button(32).get_size() == (32, 32)
    for name in SOUND_NAMES:
        assert isinstance(assets.sound(name), pygame.mixer.Sound), name
    assets.play("card_play", 0.3)
    assert assets.problems == []


@pytest.mark.parametrize("root", [None, Path("/nonexistent")])
@pytest.mark.parametrize("width", [-3, 0, 1, 2])
def test_tiny_or_negative_widths_give_a_one_pixel_card(root: Path | None, width: int) -> None:
    assets = Assets(root)
    assert assets.card_face("EXC", width, "tarot").get_width() == max(1, width)
    assert assets.card_back(width, "32", "red").get_width() == max(1, width)


def test_scaled_faces_are_cached_per_code_and_width() -> None:
    assets = Assets()
    face = assets.card_face("7S", 100, "32")
    assert assets.card_face("7S", 100, "32") is face
    assert assets.card_face("7S", 100, "tarot") is not face
    assert assets.card_face("7S", 120, "32").get_size() == (120, 180)


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_every_sound_is_short_normalised_and_starts_and_ends_silent(name: str) -> None:
    path = ROOT / "sounds" / f"{name}.wav"
    assert path.stat().st_size < 100_000
    with wave.open(str(path)) as wav:
        assert (wav.getnchannels(), wav.getsampwidth()) == (1, 2)
        assert wav.getframerate() in (22050, 44100)
        samples = array.array("h", wav.readframes(wav.getnframes()))
    peak = max(abs(value) for value in samples) / 32767
    assert 0.3 <= peak <= 0.9
    assert samples[0] == 0 and samples[-1] == 0
    assert abs(samples[1]) < 200 and abs(samples[-2]) < 200


# --- the generators


def test_card_drawing_is_deterministic() -> None:
    first = make_sprites.draw_card("QH", "32")
    second = make_sprites.draw_card("QH", "32")
    assert pygame.image.tobytes(first, "RGBA") == pygame.image.tobytes(second, "RGBA")


def test_committed_face_is_what_the_generator_draws() -> None:
    backend = pygame.transform.get_smoothscale_backend()
    make_sprites.use_portable_scaling()
    try:
        drawn = make_sprites.draw_card("A21", "tarot")
    finally:
        pygame.transform.set_smoothscale_backend(backend)
    stored = _load(SPRITES / "tarot" / "A21.png")
    fresh, kept = pygame.image.tobytes(drawn, "RGBA"), pygame.image.tobytes(stored, "RGBA")
    # Same drawing code everywhere, but the font rasteriser bundled with pygame may differ
    # by platform: glyph edges may move a little; any change in the design moves far more.
    mean_gap = sum(abs(a - b) for a, b in zip(fresh, kept, strict=True)) / len(fresh)
    assert mean_gap < 0.5


def test_sound_synthesis_is_deterministic_and_matches_the_committed_file() -> None:
    first = make_sounds.wav_bytes(make_sounds.coinche())
    assert make_sounds.wav_bytes(make_sounds.coinche()) == first
    stored = (ROOT / "sounds" / "coinche.wav").read_bytes()
    assert len(stored) == len(first)
    # libm may round a sine differently on another platform: one unit at most
    fresh, kept = array.array("h", first[44:]), array.array("h", stored[44:])
    assert max(abs(a - b) for a, b in zip(fresh, kept, strict=True)) <= 1
    assert set(make_sounds.EFFECTS) == set(SOUND_NAMES)


def _png_width(data: bytes) -> int:
    assert data[:8] == PNG_SIGNATURE
    width: int = struct.unpack(">I", data[16:20])[0]
    return width


def test_ico_container_holds_one_png_per_size() -> None:
    data = (SPRITES / "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1) and count == len(make_sprites.ICO_SIZES)
    sizes = []
    for index in range(count):
        entry = data[6 + 16 * index : 22 + 16 * index]
        side, _, _, _, planes, bits, length, offset = struct.unpack("<BBBBHHII", entry)
        assert (planes, bits) == (1, 32)
        assert offset + length <= len(data)
        width = _png_width(data[offset : offset + length])
        assert width == (side or 256)
        sizes.append(width)
    assert sizes == list(make_sprites.ICO_SIZES)


def test_icns_container_holds_the_retina_pngs() -> None:
    data = (SPRITES / "icon.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    position, found = 8, {}
    while position < len(data):
        kind, length = (
            data[position : position + 4],
            struct.unpack(">I", data[position + 4 : position + 8])[0],
        )
        found[kind] = _png_width(data[position + 8 : position + length])
        position += length
    assert position == len(data)
    assert found == {b"ic07": 128, b"ic08": 256, b"ic09": 512}


# --- fallbacks


def test_missing_files_give_fallbacks_and_one_warning_each(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    assets = Assets(tmp_path)
    with caplog.at_level(logging.WARNING, logger="atout.assets"):
        face = assets.card_face("QH", 100, "32")
        assert assets.card_face("QH", 100, "32") is face
        assert assets.card_face("QH", 80, "32").get_size() == (80, 120)
        back = assets.card_back(90, "tarot")
        assert assets.sound("bid") is None
        assets.play("bid", 0.5)
        assets.play("bid", 0.5)
    assert face.get_size() == (100, 150)
    assert face.get_at((50, 75)).a == 255 and face.get_at((0, 0)).a == 0
    assert back.get_size() == (90, card_height(90))
    assert assets.problems == [
        "missing file sprites/cards/QH.png",
        "missing file sprites/back_tarot.png",
        "missing file sounds/bid.wav",
    ]
    assert len(caplog.records) == 3
    assert assets.felt().get_size() == (256, 256)
    assert assets.icon().get_width() > 0
    assert assets.suit_icon("S", 48).get_size() == (48, 48)
    assert assets.card_face("EXC", 100, "tarot").get_size() == (100, 150)


def test_corrupt_files_give_fallbacks_and_a_problem(tmp_path: Path) -> None:
    (tmp_path / "sprites" / "tarot").mkdir(parents=True)
    (tmp_path / "sounds").mkdir()
    (tmp_path / "sprites" / "tarot" / "A21.png").write_bytes(PNG_SIGNATURE + b"garbage" * 10)
    (tmp_path / "sprites" / "felt.png").write_bytes(b"")
    (tmp_path / "sounds" / "win.wav").write_bytes(b"RIFF nonsense" * 10)
    assets = Assets(tmp_path)
    assert assets.card_face("A21", 80, "tarot").get_size() == (80, 120)
    assert assets.felt().get_size() == (256, 256)
    assert assets.sound("win") is None
    assert [problem.split(" (")[0] for problem in assets.problems] == [
        "unreadable file sprites/tarot/A21.png",
        "unreadable file sprites/felt.png",
        "unreadable file sounds/win.wav",
    ]


def test_no_audio_device_means_silence_not_a_crash(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def refuse() -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)
    assets = Assets()
    with caplog.at_level(logging.WARNING, logger="atout.assets"):
        assert assets.sound("win") is None
        assets.play("card_play", 1.0)
    assert len(caplog.records) == 1 and "audio" in caplog.records[0].getMessage()
    assert assets.problems == []
