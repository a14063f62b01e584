"""The table, headless: real pygame events (clicks at card positions), a fixed dt,
assertions on the state and on pixels."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.engine.cards import DECK32
from game.engine.match import AnyRules
from game.engine.protocol import Phase
from game.engine.rules import BeloteRules, CoincheRules, TarotRules
from game.ui.app.app import App
from game.ui.app.smoke import SMOKE_GAMES, click
from game.ui.kit.layout import LOGICAL
from game.ui.scenes.scoresheet import MatchEnd, ScoreSheet
from game.ui.stage.scene import Scene
from game.ui.table.controller import GameConfig, SeatConfig
from game.ui.table.scene import TableScene
from tests.table_driver import (
    DT,
    FAST,
    animate_at,
    card_click,
    human_turn,
    play_to_score_sheet,
    run_until_human,
    start_table,
    to_card_play,
    wait_for_hint,
)
from tests.words import ENGLISH, FRENCH, tr

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("rules", [CoincheRules(), BeloteRules(), BeloteRules(players=3),
                                   BeloteRules(players=2), TarotRules(), TarotRules(players=3),
                                   TarotRules(players=5)], ids=lambda r: f"{r.game}{r.players}")
def test_a_full_deal_played_by_clicks_reaches_the_score_sheet(
        app: App, rules: AnyRules) -> None:
    table = start_table(app, rules)
    play_to_score_sheet(app, table)
    sheet = app.top
    assert isinstance(sheet, ScoreSheet)
    record = table.model.record
    assert record is not None and record.totals == table.model.totals
    assert not table.model.hand and not any(table.model.counts)
    tricks = {4: 8, 3: 9, 2: 9} if rules.game != "tarot" else {3: 24, 4: 18, 5: 15}
    assert sum(table.model.tricks_won) == tricks[rules.players]
    app.step(DT, click(app, sheet.next_button.rect.center))
    app.step(DT, [])
    assert app.top is table


def test_an_illegal_click_is_refused_with_a_message_and_changes_nothing(app: App) -> None:
    table = start_table(app, CoincheRules(), seed=11)
    for _ in range(200):
        run_until_human(app, table)
        controller = table.controller
        if controller.match.phase is Phase.PLAY and len(controller.model.trick) > 0:
            illegal = [c for c in table.model.hand if c not in controller.legal_cards()]
            if illegal:
                break
        human_turn(app, table)
    else:
        raise AssertionError("this fixed deal brings an illegal card: none came up")
    actions, hand = controller.actions_applied, list(table.model.hand)
    app.step(DT, click(app, card_click(table, illegal[0])))
    assert controller.actions_applied == actions
    assert table.model.hand == hand
    message = table.message_text()
    led = table.model.trick[0][1].suit
    follow = tr("illegal.follow_suit", suit=tr(f"suit.{led.letter}"))
    assert message in (follow, tr("illegal.overtrump"), tr("illegal.must_trump"))
    if any(c.suit == led for c in hand):
        assert message == follow


def test_legal_cards_are_raised_and_the_others_dimmed(app: App) -> None:
    table = start_table(app, CoincheRules(), seed=11)
    for _ in range(200):
        run_until_human(app, table)
        controller = table.controller
        legal = controller.legal_cards()
        if legal and len(legal) < len(table.model.hand):
            break
        human_turn(app, table)
    layout = dict(table.hand_layout())
    up = next(c for c in table.model.hand if c in legal)
    down = next(c for c in table.model.hand if c not in legal)
    assert layout[up].y < layout[down].y
    app.step(DT, [])
    bright = sum(app.screen.get_at((layout[up].x + 6, layout[up].bottom - 20))[:3])
    dim = sum(app.screen.get_at((layout[down].x + 6, layout[down].bottom - 20))[:3])
    assert dim < bright


def test_a_click_skips_the_running_animation(app: App) -> None:
    table = start_table(app, CoincheRules())
    animate_at(app, 1.0)
    table.flights.clear()
    table.tweens.skip()
    for _ in range(3):
        app.step(DT, [])
    assert table.tweens.busy
    running = list(table.flights)
    packets_left = len(table.controller.events)
    app.step(DT, click(app, (640, 340)))
    assert all(f.tween.done for f in running)
    assert not any(f is g for f in running for g in table.flights)
    assert len(table.controller.events) < packets_left  # the next packet came at once


@pytest.mark.parametrize("size", [(1, 1), (40, 30), (320, 200), (1920, 1080), (700, 1000)])
def test_any_window_size_draws_and_maps_the_mouse(app: App, size: tuple[int, int]) -> None:
    table = start_table(app, CoincheRules())
    app.window = pygame.display.set_mode(size, pygame.RESIZABLE)
    for _ in range(5):
        app.step(DT, [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])
    view = app.viewport()
    assert view.width <= max(1, size[0]) and view.height <= max(1, size[1])
    if size[0] >= 320:
        centre = view.center
        assert abs(app.to_logical(centre)[0] - LOGICAL[0] // 2) <= 2
        assert abs(app.to_logical(centre)[1] - LOGICAL[1] // 2) <= 2
    assert app.top is table


def test_scene_changes_happen_between_frames(app: App) -> None:
    base = app.top
    other = Scene(app)
    app.push(other)
    assert app.top is base
    app.step(DT, [])
    assert app.top is other
    app.pop()
    app.step(DT, [])
    assert app.top is base


class Counted(Scene):
    """A scene that counts what the app asks of it, and paints the screen one colour."""

    def __init__(self, app: App, colour: tuple[int, int, int]) -> None:
        super().__init__(app)
        self.colour, self.updated, self.drawn, self.shown = colour, 0.0, 0, 0

    def update(self, dt: float) -> None:
        self.updated += dt

    def draw(self, surface: pygame.Surface) -> None:
        self.drawn += 1
        surface.fill(self.colour)

    def presented(self) -> None:
        self.shown += 1


def test_a_frame_not_drawn_moves_the_scenes_on_and_leaves_the_screen(app: App) -> None:
    """The tests' skipping frame (``draw=False``) updates, takes input and tells the top
    scene its frame is over, as the loop's frame does, but leaves the screen as it was."""
    first = Counted(app, (10, 20, 30))
    app.push(first)
    app.step(DT, [])
    assert (first.drawn, first.shown) == (1, 1)
    assert tuple(app.screen.get_at((5, 5)))[:3] == (10, 20, 30)
    second = Counted(app, (200, 100, 50))
    app.push(second)
    frames = app.frames
    app.step(DT, [], draw=False)
    app.step(DT, [], draw=False)
    assert app.frames == frames + 2 and app.top is second
    assert second.updated == pytest.approx(2 * DT) and second.shown == 2
    assert second.drawn == 0 and first.drawn == 1
    assert tuple(app.screen.get_at((5, 5)))[:3] == (10, 20, 30)  # the last frame drawn
    app.step(DT, [])
    assert second.drawn == 1
    assert tuple(app.screen.get_at((5, 5)))[:3] == (200, 100, 50)


def test_a_card_not_in_hand_is_refused(app: App) -> None:
    table = start_table(app, CoincheRules())
    for _ in range(50):
        run_until_human(app, table)
        if table.controller.match.phase is Phase.PLAY:
            break
        human_turn(app, table)
    foreign = next(c for c in DECK32 if c not in table.model.hand)
    actions = table.controller.actions_applied
    assert table.controller.play_card(foreign) is False
    assert table.controller.actions_applied == actions
    assert table.controller.message is not None


def test_the_ai_thinks_off_the_render_loop(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """A slow computer player never stalls a frame: frames go on while it thinks (a
    frame that waited for it would only end once it had moved), and its move lands once
    it is done."""
    import threading

    from game.ui.table import computer_seats as controller_module

    release = threading.Event()
    real_decide = controller_module.decide

    def slow_decide(*args: object) -> object:
        release.wait(5)
        return real_decide(*args)

    monkeypatch.setattr(controller_module, "decide", slow_decide)
    seats = tuple(SeatConfig() for _ in range(4))
    animate_at(app, FAST)
    table = TableScene(app, GameConfig(CoincheRules(), seats, 2))
    app.push(table)
    for _ in range(300):
        app.step(DT, [])
        if table.controller.thinking_seat is not None:
            break
    assert table.controller.thinking_seat is not None
    actions, frames = table.controller.actions_applied, app.frames
    for _ in range(10):
        app.step(DT, [])
    assert app.frames == frames + 10
    assert table.controller.actions_applied == actions  # still thinking, frames went on
    release.set()
    for _ in range(100):
        table.controller.wait_for_computer(DT)
        app.step(DT, [])
        if table.controller.actions_applied > actions:
            break
    assert table.controller.actions_applied > actions


def test_the_refusal_is_said_in_french(app: App) -> None:
    app.choose_language("fr")
    table = start_table(app, CoincheRules(), seed=11)
    for _ in range(200):
        run_until_human(app, table)
        led = table.model.trick[0][1].suit if table.model.trick else None
        if led is not None and any(c.suit == led for c in table.model.hand):
            wrong = [c for c in table.model.hand if c.suit != led]
            if wrong:
                break
        human_turn(app, table)
    else:
        raise AssertionError("this fixed deal brings a card to refuse: none came up")
    app.step(DT, click(app, card_click(table, wrong[0])))
    suit = {"S": "pique", "H": "cœur", "D": "carreau", "C": "trèfle"}[led.letter]
    assert table.message_text() == f"Vous devez fournir à {suit}"


def test_last_trick_shows_on_the_button_and_key(app: App) -> None:
    table = start_table(app, CoincheRules(), seed=4)
    for _ in range(200):
        run_until_human(app, table)
        if table.model.last_trick:
            break
        human_turn(app, table)
    assert not table.show_last
    app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l")])
    assert table.show_last
    app.step(DT, click(app, table.last_button.rect.center))
    assert not table.show_last


def test_menu_to_setup_to_table_and_back(app: App) -> None:
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.settings import SettingsScene
    from game.ui.scenes.setup import SetupScene

    menu = MenuScene(app)
    app.replace(menu)
    app.step(DT, [])
    assert not menu.can_continue
    app.step(DT, click(app, menu.buttons[0].rect.center))
    app.step(DT, [])
    setup = app.top
    assert isinstance(setup, SetupScene)
    belote = next(b for b in setup.buttons if b.label() == tr("game.belote"))
    app.step(DT, click(app, belote.rect.center))
    three = next(b for b in setup.buttons if b.label() == "3")
    app.step(DT, click(app, three.rect.center))
    assert setup.rules.game == "belote" and setup.rules.players == 3
    start = next(b for b in setup.buttons if b.label() == tr("setup.start"))
    app.step(DT, click(app, start.rect.center))
    app.step(DT, [])
    table = app.top
    assert isinstance(table, TableScene) and table.config.rules.players == 3
    app.step(DT, click(app, table.menu_button.rect.center))  # Menu
    app.step(DT, [])
    assert app.top is menu and menu.can_continue
    app.step(DT, click(app, menu.continue_button.rect.center))  # Continue
    app.step(DT, [])
    assert app.top is table
    app.replace(SettingsScene(app))
    app.step(DT, [])
    settings = app.top
    assert isinstance(settings, SettingsScene)
    language_button = settings.rows[0][1]
    before = language_button.label()
    app.step(DT, click(app, language_button.rect.center))
    assert language_button.label() != before


def test_the_match_ends_with_the_winner_then_play_again(app: App) -> None:
    table = start_table(app, CoincheRules(target=10), seed=5)
    for _ in range(30):
        play_to_score_sheet(app, table)
        sheet = app.top
        assert isinstance(sheet, ScoreSheet)
        over = table.controller.match.is_over
        app.step(DT, click(app, sheet.next_button.rect.center))
        for _ in range(20):
            app.step(DT, [])
        if over:
            break
    end = app.top
    assert isinstance(end, MatchEnd)
    winner = table.controller.match.winner
    assert winner is not None and table.model.winner == winner
    assert max(table.model.totals) == table.model.totals[winner]
    app.step(DT, click(app, end.buttons[0].rect.center))  # play again
    app.step(DT, [])
    again = app.top
    assert isinstance(again, TableScene) and again is not table
    assert again.config.rules == table.config.rules and again.config.seed != table.config.seed


def test_main_smoke_mode_exits_zero(tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "XDG_STATE_HOME": str(tmp_path), "HOME": str(tmp_path)}
    run = subprocess.run([sys.executable, str(ROOT / "main.py"), "--smoke", "1"], env=env,
                         capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.count("deals scored") == len(SMOKE_GAMES)


def test_a_match_saved_on_the_way_is_continued_after_a_restart(tmp_path: Path) -> None:
    from game.storage import Storage
    from game.ui.scenes.menu import MenuScene

    first = App(storage=Storage(tmp_path))
    first.push(MenuScene(first))
    first.step(DT, [])
    table = start_table(first, BeloteRules(), seed=8)
    for _ in range(4):
        run_until_human(first, table)
        human_turn(first, table)
    played = table.controller.match.actions
    assert played
    table.dispose()
    first.close()

    second = App(storage=Storage(tmp_path))
    menu = MenuScene(second)
    second.push(menu)
    second.step(DT, [])
    assert menu.can_continue
    second.step(DT, click(second, menu.continue_button.rect.center))
    second.step(DT, [])
    resumed = second.top
    assert isinstance(resumed, TableScene)
    match = resumed.controller.match
    assert match.actions == played
    view = match.view(0).deal
    assert sorted(resumed.model.hand) == sorted(view.hand)
    assert resumed.model.trick == list(view.trick)
    assert resumed.model.taker == view.taker
    run_until_human(second, resumed)
    human_turn(second, resumed)
    assert len(resumed.controller.match.actions) > len(played)
    resumed.dispose()
    second.close()


def test_settings_are_kept_in_the_storage(tmp_path: Path) -> None:
    from game.storage import Storage
    from game.ui.scenes.settings import SettingsScene

    app = App(storage=Storage(tmp_path))
    app.push(SettingsScene(app))
    app.step(DT, [])
    scene = app.top
    assert isinstance(scene, SettingsScene)
    app.step(DT, click(app, scene.rows[1][1].rect.center))  # speed: normal -> fast
    app.step(DT, click(app, scene.rows[2][1].rect.center))  # sound off
    app.step(DT, click(app, scene.back.rect.center))
    app.step(DT, [])
    again = App(storage=Storage(tmp_path))
    assert again.settings.speed == "fast" and again.settings.sound is False


def to_six_cards_in_hand(app: App) -> TableScene:
    """A coinche table where the human is to play, six cards in his hand."""
    table = start_table(app, CoincheRules(), seed=6)
    for _ in range(60):
        run_until_human(app, table)
        if table.controller.match.phase is Phase.PLAY and len(table.model.hand) == 6:
            return table
        human_turn(app, table)
    raise AssertionError("the human never reached his third card")


def test_undo_takes_back_the_players_last_card(app: App) -> None:
    table = to_six_cards_in_hand(app)
    hand = sorted(table.model.hand)
    actions = table.controller.match.actions
    human_turn(app, table)  # plays a card
    for _ in range(5):
        app.step(DT, [])
    assert len(table.model.hand) == 5
    app.step(DT, click(app, table.undo_button.rect.center))  # Undo
    assert table.controller.match.actions == actions
    assert sorted(table.model.hand) == hand
    run_until_human(app, table)
    assert table.controller.human_to_act


def ctrl_key(code: int, shift: bool = False) -> pygame.event.Event:
    mods = pygame.KMOD_CTRL | (pygame.KMOD_SHIFT if shift else 0)
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mods, unicode="")


@pytest.mark.parametrize("shift_z", [False, True], ids=["ctrl-y", "ctrl-shift-z"])
def test_redo_plays_again_what_undo_took_back(app: App, shift_z: bool) -> None:
    table = to_six_cards_in_hand(app)
    human_turn(app, table)  # plays a card
    run_until_human(app, table)
    after, hand_after = table.controller.match, sorted(table.model.hand)
    redo = ctrl_key(pygame.K_z, shift=True) if shift_z else ctrl_key(pygame.K_y)
    app.step(DT, [redo])  # nothing to redo yet: said, and nothing changes
    assert table.controller.match is after
    assert table.message_text() == tr("illegal.no_redo")
    app.step(DT, [ctrl_key(pygame.K_z)])
    assert len(table.controller.match.actions) < len(after.actions)
    assert len(table.model.hand) == 6
    app.step(DT, [redo])
    assert table.controller.match is after  # the very state the undo left
    assert sorted(table.model.hand) == hand_after and table.controller.human_to_act


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_hint_names_a_legal_card_in_words(app: App, lang: str) -> None:
    app.choose_language(lang)
    table = start_table(app, CoincheRules(), seed=12)
    to_card_play(app, table)
    app.step(DT, click(app, table.hint_button.rect.center))  # Hint
    wait_for_hint(app, table)  # the Expert thinks in the worker thread
    hint = table.current_hint()
    assert hint is not None
    message, card = hint
    assert card in table.controller.legal_cards()
    assert message == table.message_text()
    assert message and "hint." not in message and "{" not in message
    assert not any(symbol in message for symbol in "♠♥♦♣")  # the font has no suits
    human_turn(app, table)
    assert table.current_hint() is None


@pytest.mark.parametrize(("text", "en", "fr"), [
    ("♥10", "10 of hearts", "10 de cœur"), ("♠J", "jack of spades", "valet de pique"),
    ("RH", "king of hearts", "roi de cœur"), ("A21", "trump 21", "atout 21"),
    ("EXC", "the Excuse", "l'Excuse"),
])
def test_card_names(text: str, en: str, fr: str) -> None:
    from game.ui.table.words import card_name

    assert card_name(FRENCH, text) == fr
    assert card_name(ENGLISH, text) == en


def test_a_speed_from_the_file_is_played_and_kept_exactly(tmp_path: Path) -> None:
    """One settings type: a speed between the offered ones is not rounded to a name."""
    from game.storage import Storage
    from game.storage.settings import Settings

    Storage(tmp_path).save_settings(Settings(animation_speed=1.5))
    app = App(storage=Storage(tmp_path))
    assert app.settings.speed_factor == 1 / 1.5
    app.save_settings()
    assert Storage(tmp_path).settings.animation_speed == 1.5


def test_the_speed_setting_cycles_through_the_offered_speeds() -> None:
    from game.storage.settings import Settings

    speeds = [1.0]
    for _ in range(3):
        speeds.append(Settings(animation_speed=speeds[-1]).next_speed())
    assert speeds == [1.0, 2.0, 0.625, 1.0]
    assert [Settings(animation_speed=s).speed for s in speeds[:3]] == ["normal", "fast", "slow"]


def test_a_fixed_speed_animates_fast_but_saves_the_chosen_speed() -> None:
    from game.storage.settings import Settings
    from game.ui.app.smoke import fixed_speed

    chosen = Settings(animation_speed=2.0, volume=0.3)
    fast = fixed_speed(chosen, FAST)
    assert fast.speed_factor == FAST and fast.speed == "fast" and fast.volume == 0.3
    assert fast.to_json() == chosen.to_json()
    assert fast.choices() == chosen
    assert fixed_speed(fast, 1.0).speed_factor == 1.0
