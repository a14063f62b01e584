"""The table's options and keyboard, headless: real pygame key and mouse events, then
assertions on the state, the saved settings and the pixels."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pygame
import pytest

from game.engine.actions import PlayCard
from game.engine.rules import BeloteRules, CoincheRules
from game.storage import Storage
from game.ui.app.app import App
from game.ui.app.smoke import click
from game.ui.kit.assets import Assets
from game.ui.scenes.scoresheet import ScoreSheet
from game.ui.scenes.settings import SettingsScene
from game.ui.stage.scene import Scene
from game.ui.table.scene import TableScene
from tests.table_driver import (
    DT,
    animate_at,
    human_turn,
    run_until_human,
    see_the_sheet,
    start_table,
)
from tests.words import tr


def key(code: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="")


def setting_button(scene: SettingsScene, name: str) -> pygame.Rect:
    return next(button.rect for key_, button in scene.rows if key_ == f"settings.{name}")


def open_settings(app: App) -> SettingsScene:
    scene = SettingsScene(app)
    app.push(scene)
    app.step(DT, [])
    return scene


def to_card_play(app: App, table: TableScene) -> None:
    """Bid through the panel with the keyboard until the cards are played."""
    for _ in range(20):
        run_until_human(app, table)
        if any(isinstance(a, PlayCard) for a in table.controller.human_legal()):
            return
        if isinstance(app.top, ScoreSheet):  # a deal passed out, or over: read, then on
            see_the_sheet(app, app.top)
            app.step(DT, [key(pygame.K_RETURN)])  # nothing ringed: the next deal
            continue
        app.step(DT, [key(pygame.K_TAB), key(pygame.K_RETURN)])
    raise AssertionError("the play never came to the human")


# --- fullscreen ----------------------------------------------------------------------------


def test_f11_toggles_fullscreen_and_keeps_it(tmp_path: Path) -> None:
    app = App(storage=Storage(tmp_path))
    app.push(Scene(app))
    app.step(DT, [key(pygame.K_F11)])
    assert app.settings.fullscreen
    assert Storage(tmp_path).settings.fullscreen
    assert Storage(tmp_path).settings.window_size == (1280, 720)  # the windowed size kept
    scene = open_settings(app)
    fullscreen = next(b for k, b in scene.rows if k == "settings.fullscreen")
    assert fullscreen.label() == tr("on")
    app.step(DT, click(app, fullscreen.rect.center))
    assert not app.settings.fullscreen
    assert not Storage(tmp_path).settings.fullscreen
    app.step(DT, [key(pygame.K_F11)])
    assert App(storage=Storage(tmp_path)).settings.fullscreen


def test_a_refused_fullscreen_leaves_the_window_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = App(storage=Storage(tmp_path))
    app.push(Scene(app))
    app.step(DT, [])
    set_mode = pygame.display.set_mode

    def no_fullscreen(size: tuple[int, int], flags: int = 0) -> pygame.Surface:
        if flags & pygame.FULLSCREEN:
            raise pygame.error("no fullscreen here")
        return set_mode(size, flags)

    monkeypatch.setattr(pygame.display, "set_mode", no_fullscreen)
    app.step(DT, [key(pygame.K_F11)])
    assert not app.settings.fullscreen
    assert app.window.get_size() == (1280, 720)
    assert not Storage(tmp_path).settings.fullscreen
    app.step(DT, [])  # the app goes on drawing


# --- the look: felt, backs, four colours --------------------------------------------------


def test_the_settings_change_the_table_at_once_and_persist(tmp_path: Path) -> None:
    app = App(storage=Storage(tmp_path))
    app.push(Scene(app))
    table = start_table(app, CoincheRules(), seed=4)
    app.step(DT, [])
    green = app.screen.get_at((640, 200))
    scene = open_settings(app)
    for name, presses in (("table_colour", 1), ("card_back", 1), ("four_colour", 1),
                          ("left_handed", 1)):
        for _ in range(presses):
            app.step(DT, click(app, setting_button(scene, name).center))
    assert (app.settings.table_colour, app.settings.card_back) == ("blue", "red")
    assert app.settings.four_colour and app.settings.left_handed
    app.step(DT, [key(pygame.K_ESCAPE)])
    app.step(DT, [])
    assert app.top is table
    blue = app.screen.get_at((640, 200))
    assert blue.b > blue.g and green.g > green.b  # the felt turned blue
    saved = Storage(tmp_path).settings
    assert (saved.table_colour, saved.card_back, saved.four_colour, saved.left_handed) == (
        "blue", "red", True, True)
    table.dispose()


def test_the_card_backs_follow_the_setting(app: App) -> None:
    table = start_table(app, BeloteRules(), seed=2)
    run_until_human(app, table)
    north = pygame.Rect(0, 0, 60, 30)
    north.center = table.spots[2].hand
    blue = pygame.transform.average_color(app.screen, north)
    app.change_settings(card_back="red")
    app.step(DT, [])
    red = pygame.transform.average_color(app.screen, north)
    assert blue[2] > blue[0] + 30 and red[0] > red[2] + 30


def ink(image: pygame.Surface) -> tuple[int, int, int]:
    """The summed colour of the saturated pixels of ``image`` (its coloured ink)."""
    total = [0, 0, 0]
    for x in range(0, image.get_width(), 2):
        for y in range(0, image.get_height(), 2):
            r, g, b, a = image.get_at((x, y))
            if a > 200 and max(r, g, b) - min(r, g, b) > 60:
                total = [total[0] + r, total[1] + g, total[2] + b]
    return total[0], total[1], total[2]


@pytest.mark.parametrize(("code", "deck"), [("9D", "32"), ("5D", "tarot")])
def test_four_colours_turn_diamonds_blue(code: str, deck: str) -> None:
    pygame.init()
    assets = Assets()
    red = ink(assets.card_face(code, 80, deck))
    assets.four_colour = True
    blue = ink(assets.card_face(code, 80, deck))
    assert red[0] > 3 * red[2] and blue[2] > 3 * blue[0]
    assert ink(assets.card_face("9H", 80)) == ink(Assets().card_face("9H", 80))


def test_four_colours_turn_clubs_green_but_not_the_court_art() -> None:
    pygame.init()
    assets = Assets()
    classic_king = assets.card_face("KC", 100)
    classic_nine = assets.card_face("9C", 100)
    assets.four_colour = True
    king, nine = assets.card_face("KC", 100), assets.card_face("9C", 100)
    assert ink(classic_nine) == (0, 0, 0)  # black ink only
    r, g, b = ink(nine)
    assert g > 2 * r and g > 2 * b
    art = pygame.Rect(44, 30, 12, 12)  # the king's face (his medallions' clubs turn green)
    assert all(king.get_at((x, y)) == classic_king.get_at((x, y))
               for x in range(art.left, art.right, 3) for y in range(art.top, art.bottom, 3))
    assert king.get_at((12, 20)) != classic_king.get_at((12, 20))  # the corner index


# --- left-handed ----------------------------------------------------------------------------


def test_left_handed_mirrors_the_buttons_and_reverses_the_hand(app: App) -> None:
    table = start_table(app, CoincheRules(), seed=4)
    run_until_human(app, table)
    right_handed = [c for c, _ in table.hand_layout()]
    hint_x = table.hint_button.rect.x
    app.change_settings(left_handed=True)
    app.step(DT, [])
    assert [c for c, _ in table.hand_layout()] == right_handed[::-1]
    assert table.hint_button.rect.right == 1280 - hint_x
    assert table.menu_button.rect.right > 1100
    assert table.spots[table.controller.viewer].plate[0] > 1100
    button_pixel = app.screen.get_at((table.hint_button.rect.x + 6, table.hint_button.rect.y + 8))
    assert button_pixel.r > 200  # the button is drawn where it went
    app.change_settings(left_handed=False)
    app.step(DT, [])
    assert table.hint_button.rect.x == hint_x


# --- the keyboard at the table ---------------------------------------------------------------


def test_arrows_and_enter_bid_through_the_coinche_panel(app: App) -> None:
    table = start_table(app, CoincheRules(), seed=4, first_deal=4)
    run_until_human(app, table)
    assert table.bid_panel.visible
    app.step(DT, [key(pygame.K_RIGHT)])
    first = table.bid_panel.buttons[0]
    assert table.bid_panel.focus == 0
    assert app.screen.get_at((first.rect.centerx, first.rect.top - 2))[:3] == (255, 255, 255)
    app.step(DT, [key(pygame.K_TAB), key(pygame.K_TAB, pygame.KMOD_SHIFT)])
    assert table.bid_panel.focus == 0
    # the first value is picked already: step to the first suit (after the values) and bid
    values = next(i for i, b in enumerate(table.bid_panel.buttons) if b.icon is not None)
    app.step(DT, [key(pygame.K_RIGHT)] * values)
    assert table.bid_panel.focus == values
    assert not any(seat == table.controller.viewer for seat, _ in table.model.bids)
    app.step(DT, [key(pygame.K_RETURN)])
    app.step(DT, [])
    assert any(seat == table.controller.viewer for seat, _ in table.model.bids)


def test_arrows_choose_a_card_and_enter_plays_it(app: App) -> None:
    table = start_table(app, BeloteRules(), seed=6, first_deal=1)
    to_card_play(app, table)
    legal = table.controller.legal_cards()
    app.step(DT, [key(pygame.K_RIGHT)])
    chosen = table.selected
    assert chosen in legal
    rect = dict(table.hand_layout())[chosen]
    others = [r for c, r in table.hand_layout() if c in legal and c != chosen]
    assert all(rect.top < r.top for r in others)  # raised above the legal ones
    assert app.screen.get_at((rect.centerx, rect.top - 2))[:3] == (255, 255, 255)
    app.step(DT, [key(pygame.K_LEFT), key(pygame.K_RIGHT)])
    assert table.selected == chosen
    hand_before = len(table.model.hand)
    app.step(DT, [key(pygame.K_SPACE)])
    assert chosen not in table.model.hand and len(table.model.hand) == hand_before - 1


def test_down_and_enter_press_the_announce_button(app: App) -> None:
    from game.engine.actions import Announce

    table = start_table(app, CoincheRules(), first_deal=578)  # a cinquante and a tierce
    for _ in range(60):
        run_until_human(app, table)
        if Announce() in table.controller.human_legal():
            break
        human_turn(app, table)
    assert Announce() in table.controller.human_legal()
    app.step(DT, [key(pygame.K_DOWN)])
    button = table.play_buttons()[table.play_focus or 0]
    assert table.play_focus == 0 and button.focused
    assert app.screen.get_at((button.rect.centerx, button.rect.top - 2))[:3] == (255, 255, 255)
    app.step(DT, [key(pygame.K_RETURN)])
    assert Announce() not in table.controller.human_legal()  # announced


def test_enter_on_an_unplayable_card_plays_nothing(app: App) -> None:
    table = start_table(app, BeloteRules(), seed=6, first_deal=1)
    for _ in range(40):
        to_card_play(app, table)
        illegal = [c for c, _ in table.hand_layout() if c not in table.controller.legal_cards()]
        if illegal:
            break
        app.step(DT, [key(pygame.K_RIGHT), key(pygame.K_RETURN)])
    else:
        raise AssertionError("this fixed deal brings an unplayable card: none came up")
    table.selected = illegal[0]
    applied = table.controller.actions_applied
    app.step(DT, [key(pygame.K_RETURN)])
    assert table.controller.actions_applied == applied


def frames_to_the_first_question(app: App, space: bool) -> int:
    """Frames until the human is first asked to bid: deal no. 3 has seat 3 deal, so the
    human speaks first and no computer thinking (a thread's timing) is counted."""
    table = start_table(app, BeloteRules(), seed=6, first_deal=3)
    animate_at(app, 1.0)
    for frame in range(400):
        if table.controller.human_to_act:
            table.dispose()
            return frame
        app.step(DT, [key(pygame.K_SPACE)] if space else [])
    raise AssertionError("the human was never asked")


def test_space_skips_the_animations_of_the_deal(app: App) -> None:
    skipping = frames_to_the_first_question(app, True)
    assert skipping * 3 < 2 * frames_to_the_first_question(app, False)


def test_escape_still_goes_to_the_menu(app: App) -> None:
    table = start_table(app, BeloteRules(), seed=6)
    run_until_human(app, table)
    app.step(DT, [key(pygame.K_ESCAPE)])
    app.step(DT, [])
    assert app.top is not table


# --- make screenshots --------------------------------------------------------------------------


def test_every_scene_is_photographed(tmp_path: Path) -> None:
    from game.lessons.catalogue import LESSONS
    from tests.test_readme_pictures import readme_pictures
    from tools.screenshots import RUNS, SHEETS, matrix_runs, take_all

    photographer = take_all(tmp_path)
    assert not photographer.problems
    taken = photographer.taken
    assert len(taken) == len(set(taken))  # each picture once: none overwritten by a later one
    names = {path.stem for path in taken}
    matrix = {name for _, _, run in matrix_runs() for name in run.shots}
    # 10 tables (3 of them two-player) × languages × hands × (bidding, trick)
    assert len(matrix) == 10 * 2 * 2 * 2
    expected = {name for run in RUNS for name in run.shots} | set(SHEETS) | matrix
    lessons = {f"lesson_{lesson.id}" for lesson in LESSONS} | {"lessons", "lesson_end_belote"}
    assert names == expected | lessons | {"replay", "review_call", "review_analysis", "score_pad",
                                          "settings", "rules", "rules_keys", "statistics",
                                              "statistics_progress", "menu",
                                          "setup", "dialog_abandon"}
    assert {Path(picture).stem for picture in readme_pictures()} <= names  # make screenshots
    for path in taken:
        image = pygame.image.load(path)
        assert image.get_size() == (1280, 720)
        assert path.stat().st_size < 300_000
    table = pygame.image.load(tmp_path / "table_coinche.png")
    trick = pygame.transform.average_color(table, pygame.Rect(500, 220, 280, 220))
    felt = pygame.transform.average_color(table, pygame.Rect(300, 250, 100, 60))
    assert trick != felt  # cards lie in the middle of the table


# --- bench/frames.py ---------------------------------------------------------------------------


def test_the_frame_bench_tags_animations_and_the_expert_thinking() -> None:
    from bench.frames import measure_frames, p99
    from game.ai import Level

    frames = measure_frames(BeloteRules(), (1280, 720), Level.EXPERT, 200)
    assert any(f.animating for f in frames) and any(f.thinking for f in frames)
    assert p99(frames) > 0  # figures only: the timings are the benchmark's (bench/RESULTS.md)


def test_undo_can_be_forbidden_in_the_settings(tmp_path: Path) -> None:
    app = App(storage=Storage(tmp_path))
    app.push(Scene(app))
    table = start_table(app, CoincheRules(), seed=4)
    app.step(DT, [])
    assert table.undo_button.enabled
    scene = open_settings(app)
    app.step(DT, click(app, setting_button(scene, "undo").center))
    assert not app.settings.undo_allowed
    app.step(DT, [key(pygame.K_ESCAPE)])
    app.step(DT, [])
    assert app.top is table and not table.undo_button.enabled
    assert not Storage(tmp_path).settings.undo_allowed
    assert table.controller.play.undo(0) is None
    table.dispose()


# --- the Expert's thinking time -----------------------------------------------------------


def test_the_experts_thinking_time_cycles_is_saved_and_reaches_the_table(
    tmp_path: Path,
) -> None:
    app = App(storage=Storage(tmp_path))
    app.push(Scene(app))
    table = start_table(app, CoincheRules(), seed=4)
    app.step(DT, [])
    assert app.settings.expert_think == 0.3 and table.controller.think == 0.3
    scene = open_settings(app)
    row = next(b for k, b in scene.rows if k == "settings.expert_think")
    assert row.label() == tr("think.normal") == "Normal (0.3 s)"
    seen = []
    for _ in range(3):
        app.step(DT, click(app, row.rect.center))
        seen.append((app.settings.expert_think, row.label()))
    assert seen == [(1.0, "Long (1 s)"), (0.1, "Quick (0.1 s)"), (0.3, "Normal (0.3 s)")]
    app.step(DT, click(app, row.rect.center))  # long
    app.step(DT, [key(pygame.K_ESCAPE)])
    app.step(DT, [])
    assert app.top is table and table.controller.think == 1.0
    assert Storage(tmp_path).settings.expert_think == 1.0
    assert App(storage=Storage(tmp_path)).settings.expert_think == 1.0
    table.dispose()
