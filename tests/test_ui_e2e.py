"""End to end: the real window under Xvfb, driven with xdotool like a player's mouse.

The app is started as ``python main.py``; the tests find its window by the process id and
click where the app draws its buttons and cards (logical 1280×720 points, mapped into the
window the way the app letterboxes them).  The first test starts a game, sees the match
saved, shrinks the window and turns the sound off in the settings.  The second chooses
the fast speed in the settings and plays one whole coinche deal: it passes at every bid
(the computers bid), plays a card whenever the save says it is the player's turn, and
clicks through the score sheet; screenshots (``xwd``, converted with pygame) are taken
while bidding, in the middle of a trick and on the score sheet, and the sheet is checked
on screen (the table dims behind it).  The third resumes a tarot match saved at the
player's écart: it lays cards aside, takes one back from the écart, completes and
validates it, and reads in the save that the engine got exactly that écart.  The last
runs the app under a window manager (openbox): F11 makes the window full screen, and
F11 again brings it back at its size."""

from __future__ import annotations

import itertools
import json
import os
import shutil
import struct
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pygame
import pytest

from game.engine.actions import PlayCard
from game.engine.cards import sorted_hand
from game.engine.match import Match
from game.engine.protocol import Phase, SaveError
from game.engine.rules import BeloteRules, TarotRules
from game.engine.tarot import TarotBid, TarotDeal, TarotDiscard, TarotPass, TarotView
from game.engine.tarot_cards import TarotCard, sorted_tarot_hand
from game.engine.tarot_scoring import Contract
from game.engine.trickgame import TrickView
from game.lessons.catalogue import lesson_by_id
from game.storage import Storage
from game.storage.saves import SavedMatch
from game.ui.kit.layout import LOGICAL
from game.ui.kit.widgets import SETTLE
from game.ui.scenes.lessons import lesson_rect
from game.ui.scenes.menu import item_rect
from game.ui.scenes.scoresheet import SHEET_RECT
from game.ui.scenes.settings import SettingsScene
from game.ui.table.bidding import PANEL_RECT
from game.ui.table.layout import (
    CHOICE_PANEL,
    ECART_TOP,
    HAND_SPAN,
    HAND_TOP,
    HAND_WIDTH,
    SLOT_STEP,
    SLOT_WIDTH,
    SLOT_Y,
    TAROT_HAND_WIDTH,
    TableLayout,
)
from tests.waiting import soon
from tests.x_server import DISPLAY, xvfb  # noqa: F401  (the fixture)

ROOT = Path(__file__).resolve().parent.parent

X_TOOLS = ("Xvfb", "xdotool", "xwd")  # Debian: xvfb, xdotool, x11-apps


@pytest.fixture(autouse=True)
def x_tools() -> None:
    """The real-window tests need an X server and its tools: skipped where there are
    none (a developer's Mac or Windows), but a failure on a Linux CI runner, whose setup
    installs them (.ci/run, the workflow)."""
    require(X_TOOLS, "xvfb, xdotool, x11-apps")


def require(tools: tuple[str, ...], packages: str) -> None:
    missing = [tool for tool in tools if shutil.which(tool) is None]
    if not missing:
        return
    message = f"needs {', '.join(missing)} (Debian packages {packages})"
    if os.environ.get("CI") and sys.platform.startswith("linux"):
        pytest.fail(message)
    pytest.skip(message)


# Logical points of the app's buttons and cards (from its constants where it has them).
NEW_GAME = item_rect(0).center  # in the main menu
CONTINUE = item_rect(1).center
SETTINGS = item_rect(4).center
LEARN = item_rect(6).center
MENU = (72, 694)  # on the table
COINCHE = (266, 174)  # the second game button of the setup screen
DEAL = (1130, 668)
SPEED = (880, SettingsScene.ROW_TOP + 2 * SettingsScene.ROW_STEP + 15)  # normal -> fast
SOUND = (880, SettingsScene.ROW_TOP + 3 * SettingsScene.ROW_STEP + 15)  # on -> off
SETTINGS_BACK = (640, 658)
# The first button of the coinche panel's bottom row: Pass, always legal.
PASS = (PANEL_RECT.x + 20 + 85, PANEL_RECT.y + 190 + 25)
SHEET_NEXT = (SHEET_RECT.centerx, SHEET_RECT.bottom - 18 - 25)
# Cards are spaced 72 apart, centred on x=640; legal ones are raised by RAISE (26) and a
# hovered one by HOVER (12): at 18 above the hand's top only a legal card can be hit.
CARD_STEP, HAND_Y = 72, HAND_TOP - 18
FELT = (200, 400)  # a bare spot of the table, dimmed by the score sheet's shade


def xdotool(*args: str) -> str:
    return run_xdotool(*args).stdout.strip()


def run_xdotool(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["xdotool", *args], capture_output=True, text=True, timeout=10,
                          env={**os.environ, "DISPLAY": DISPLAY["name"]}, check=False)


def wait_for(condition: Callable[[], bool], timeout: float = 15.0) -> None:
    if not soon(condition, timeout, poll=0.1):
        raise AssertionError("timed out")




@dataclass
class RunningApp:
    process: subprocess.Popen[bytes]
    window: str
    data: Path


@pytest.fixture
def app(xvfb: str, tmp_path: Path) -> Iterator[RunningApp]:  # noqa: F811
    """``python main.py`` in English with its data in the test's folder, once its window
    is up."""
    with running_app(xvfb, tmp_path) as running:
        yield running


@contextmanager
def running_app(display: str, tmp_path: Path, language: str = "en") -> Iterator[RunningApp]:
    """The app on ``display`` in ``language`` with its data in ``tmp_path`` (a save
    written there first is what "Continue" resumes), once its window is up; stopped
    afterwards."""
    env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11",
           "SDL_AUDIODRIVER": "dummy", "ATOUT_DATA_DIR": str(tmp_path),
           "XDG_STATE_HOME": str(tmp_path)}
    output = tmp_path / "app.output"
    with output.open("wb") as sink:
        process = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--lang", language],
                                   env=env, stdout=sink, stderr=subprocess.STDOUT)
    try:
        windows: list[str] = []

        def shown() -> bool:  # mapped, with a size the clicks can be scaled to
            windows[:] = xdotool("search", "--onlyvisible", "--pid", str(process.pid)).split()
            return bool(windows) and window_size(windows[-1]) is not None

        wait_for(shown, timeout=30.0)
        time.sleep(1.0)
        yield RunningApp(process, windows[-1], tmp_path)
    finally:
        stopped_on_its_own = process.poll() is not None
        if stopped_on_its_own:  # shown under the failed test, with its reason
            print(f"the app stopped with code {process.returncode}; it printed:\n"
                  + output.read_text(errors="replace")[-4000:])
        else:
            process.terminate()
            process.wait(timeout=10)
    assert not stopped_on_its_own, "the app stopped on its own"


def window_size(window: str) -> tuple[int, int] | None:
    """The window's size, or None when the X server does not know it (yet, or any more)."""
    geometry = dict(line.split("=", 1) for line in
                    xdotool("getwindowgeometry", "--shell", window).splitlines() if "=" in line)
    if "WIDTH" not in geometry or "HEIGHT" not in geometry:
        return None
    return int(geometry["WIDTH"]), int(geometry["HEIGHT"])


def to_window(window: str, point: tuple[int, int]) -> tuple[int, int]:
    """Where a logical point is drawn in the window, as ``App.viewport`` letterboxes."""
    sizes: list[tuple[int, int]] = []

    def known() -> bool:  # a busy X server can miss a query: ask again
        size = window_size(window)
        sizes[:] = [size] if size else []
        return bool(sizes)

    try:
        wait_for(known, timeout=10.0)
    except AssertionError:
        reason = run_xdotool("getwindowgeometry", window).stderr.strip()
        raise AssertionError(f"the window {window} has no geometry: {reason}") from None
    width, height = sizes[0]
    scale = min(width / LOGICAL[0], height / LOGICAL[1])
    shown = (max(1, round(LOGICAL[0] * scale)), max(1, round(LOGICAL[1] * scale)))
    left, top = width // 2 - shown[0] // 2, height // 2 - shown[1] // 2
    return (round(left + point[0] * shown[0] / LOGICAL[0]),
            round(top + point[1] * shown[1] / LOGICAL[1]))


# A person's clicks are not a metronome: the table refuses clicks that keep a steady
# rhythm begun before its panel appeared (game/ui/kit/presses.py), so a driver that
# clicks again and again waits uneven gaps.
CLICK_GAPS = itertools.cycle((0.25, 0.55, 0.9))


def uneven_gap() -> float:
    return next(CLICK_GAPS)


def click_logical(window: str, point: tuple[int, int], settle: float = 0.4) -> None:
    """A click at a point of the 1280×720 logical screen, wherever the window scales it."""
    x, y = to_window(window, point)
    xdotool("mousemove", "--window", window, str(x), str(y))
    time.sleep(0.15)
    xdotool("click", "1")
    time.sleep(settle)


# A click that changed nothing in this long is clicked again, as a player would.
CLICK_ANSWER = 5.0


def click_and_see(window: str, point: tuple[int, int], timeout: float = 20.0) -> None:
    """A click that must change the window (a scene shown, a setting turned).  On a
    loaded machine a scene can take a while to appear, and a panel's buttons refuse a
    click in their first ``READ_TIME`` on the app's clock, which runs slower than the
    wall's when frames take longer than ``MAX_DT``: a click that changed nothing within
    ``CLICK_ANSWER`` seconds is made again, until ``timeout``."""
    x, y = to_window(window, point)
    deadline = time.monotonic() + timeout
    while True:
        xdotool("mousemove", "--window", window, str(x), str(y))
        before = still_window(window)  # the hover drawn, so only the click can change it
        xdotool("click", "1")
        answer = min(CLICK_ANSWER, max(0.5, deadline - time.monotonic()))
        if soon(lambda: window_dump(window) != before, answer, poll=0.1):  # noqa: B023
            time.sleep(0.2)
            return
        if time.monotonic() >= deadline:
            raise AssertionError("timed out: the click changed nothing")
        time.sleep(uneven_gap())


def still_window(window: str, longest: float = 1.5) -> bytes:
    """The window once two looks 0.2 s apart agree (at most ``longest`` seconds: a
    table where the computers play may never be still)."""
    time.sleep(0.3)
    picture = window_dump(window)
    ends = time.monotonic() + longest
    while time.monotonic() < ends:
        time.sleep(0.2)
        again = window_dump(window)
        if again == picture:
            break
        picture = again
    return picture


def window_dump(window: str) -> bytes:
    return subprocess.run(["xwd", "-silent", "-id", window, "-display", DISPLAY["name"]],
                          capture_output=True, timeout=20, check=True).stdout


def screenshot(window: str, path: Path) -> pygame.Surface:
    """The window as the X server shows it (``xwd``), saved as a PNG."""
    image = read_xwd(window_dump(window))
    pygame.image.save(image, str(path))
    return image


def read_xwd(dump: bytes) -> pygame.Surface:
    """A 24/32-bit TrueColor XWD dump (what Xvfb gives at depth 24) as a surface."""
    header = struct.unpack(">25I", dump[:100])
    header_size, width, height = header[0], header[4], header[5]
    byte_order, bits_per_pixel, bytes_per_line, colours = (
        header[7], header[11], header[12], header[19])
    assert bits_per_pixel == 32, f"unexpected XWD format: {bits_per_pixel} bits a pixel"
    start = header_size + colours * 12
    rows = b"".join(dump[start + row * bytes_per_line:start + row * bytes_per_line + width * 4]
                    for row in range(height))
    red, green, blue = (2, 1, 0) if byte_order == 0 else (1, 2, 3)  # LSB first: B G R x
    rgb = bytearray(width * height * 3)
    rgb[0::3], rgb[1::3], rgb[2::3] = rows[red::4], rows[green::4], rows[blue::4]
    return pygame.image.frombytes(bytes(rgb), (width, height), "RGB")


def brightness(image: pygame.Surface, window: str, point: tuple[int, int]) -> int:
    colour = image.get_at(to_window(window, point))
    return colour.r + colour.g + colour.b


def read_save(data: Path) -> SavedMatch | None:
    """The match as the app saved it last (None while the file is being replaced)."""
    try:
        return SavedMatch.from_json(json.loads((data / "match.json").read_text()))
    except (OSError, ValueError, SaveError):
        return None


def actions_done(match: Match) -> int:
    return len(match.to_json()["actions"])


def card_points(view: TrickView) -> list[tuple[int, int]]:
    """A point on each card of the hand, where the table draws it (sorted, trumps first),
    on the strip the next card leaves visible and at the height of the raised cards: the
    legal cards first, then the others left to right, in case the table sorts otherwise."""
    count = len(view.hand)
    left = 640 - (CARD_STEP * (count - 1) + HAND_WIDTH) // 2
    shown = sorted_hand(view.hand, view.trump.suit if view.trump else None)
    legal = {action.card for action in view.legal if isinstance(action, PlayCard)}
    order = sorted(range(count), key=lambda index: shown[index] not in legal)
    return [(left + index * CARD_STEP + CARD_STEP // 2, HAND_Y) for index in order]


def test_a_player_starts_a_game_in_the_real_window(app: RunningApp) -> None:
    click_logical(app.window, NEW_GAME)
    click_logical(app.window, DEAL)
    wait_for(lambda: (app.data / "match.json").exists())
    xdotool("windowsize", app.window, "800", "600")
    time.sleep(0.8)
    click_and_see(app.window, MENU)  # in the letterboxed window
    click_and_see(app.window, SETTINGS)
    click_and_see(app.window, SOUND)  # on -> off
    click_and_see(app.window, SETTINGS_BACK)  # the settings are saved
    settings = app.data / "settings.json"
    wait_for(lambda: settings.exists() and '"sound": false' in settings.read_text())


class DealPlayer:
    """Plays the human seat through the window, following the game in the save."""

    def __init__(self, app: RunningApp, shots: Path) -> None:
        self.app = app
        self.shots = shots
        self.taken: dict[str, pygame.Surface] = {}

    def saved(self) -> SavedMatch:
        saved: list[SavedMatch] = []

        def readable() -> bool:
            found = read_save(self.app.data)
            saved[:] = [found] if found else []
            return bool(saved)

        wait_for(readable)
        return saved[0]

    def shot(self, name: str) -> None:
        if name not in self.taken:
            time.sleep(1.0)  # let the cards land
            self.taken[name] = screenshot(self.app.window, self.shots / f"{name}.png")

    def play_until_scored(self, timeout: float) -> Match:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            saved = self.saved()
            match = saved.match
            if match.history:
                return match
            if match.current_player == saved.human_seat:
                self.act(match, saved.human_seat)
            else:
                time.sleep(0.2)  # the computers think, the cards fly
        raise AssertionError("no deal was scored in time")

    def act(self, match: Match, seat: int) -> None:
        """One attempt at the player's move: an early click (animations still running)
        only hurries the table along, so the caller simply comes back."""
        before = actions_done(match)
        view = match.view(seat).deal
        assert isinstance(view, TrickView)
        if match.phase is Phase.BIDDING:
            self.shot("bidding")
            targets = [PASS]
        else:
            if view.trick:  # someone else led: cards on the table
                self.shot("mid_trick")
            targets = card_points(view)
        for target in targets:
            click_logical(self.app.window, target, settle=uneven_gap())
            if actions_done(self.saved().match) != before:
                return


def test_a_player_plays_a_full_coinche_deal_in_the_real_window(
        app: RunningApp, tmp_path: Path) -> None:
    shots = tmp_path / "shots"
    shots.mkdir()
    for button in (SETTINGS, SPEED, SETTINGS_BACK):  # fast animations: half the waits
        click_and_see(app.window, button)
    settings = app.data / "settings.json"
    wait_for(lambda: settings.exists() and '"animation_speed": 2.0' in settings.read_text())
    click_logical(app.window, NEW_GAME)
    click_logical(app.window, COINCHE)
    click_logical(app.window, DEAL)
    wait_for(lambda: read_save(app.data) is not None)
    player = DealPlayer(app, shots)
    assert player.saved().match.rules.game == "coinche"

    match = player.play_until_scored(timeout=120.0)

    assert len(match.history) == 1
    assert match.history[0].result.scores != (0, 0)
    assert {"bidding", "mid_trick"} <= set(player.taken)
    felt = brightness(player.taken["bidding"], app.window, FELT)

    def sheet_shown() -> bool:
        image = screenshot(app.window, shots / "score_sheet.png")
        return brightness(image, app.window, FELT) < felt * 0.75

    wait_for(sheet_shown, timeout=20.0)
    time.sleep(2 * SETTLE)  # the sheet's buttons swallow a click before they were seen
    click_logical(app.window, SHEET_NEXT)
    wait_for(lambda: brightness(screenshot(app.window, shots / "after_sheet.png"),
                                app.window, FELT) > felt * 0.9, timeout=20.0)


# --- a lesson ---------------------------------------------------------------------------------


def lesson_mark(data: Path, lesson_id: str) -> dict[str, object]:
    """The lesson's progress as the app wrote it last ({} before it did)."""
    try:
        marks = json.loads((data / "lessons.json").read_text())["lessons"]
    except (OSError, ValueError, KeyError):
        return {}
    mark = marks.get(lesson_id, {})
    return mark if isinstance(mark, dict) else {}


def click_until(window: str, points: list[tuple[int, int]], done: Callable[[], bool],
                timeout: float) -> None:
    """Click ``points`` in turn, over and over, until ``done``, at uneven gaps."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for point in points:
            if done():
                return
            click_logical(window, point, settle=uneven_gap())
    raise AssertionError("timed out")


def test_a_player_finishes_the_belote_lesson_by_clicks_in_the_real_window(
        app: RunningApp, tmp_path: Path) -> None:
    """Learn, the belote lesson: Take and Announce where they glow, then cards: a sweep
    over the hand at the raised cards' height hits only legal ones (the lesson refuses
    those it does not ask for, with its reason, and the sweep goes on to its card); the
    free play to the end; the score sheet's "Back to the lessons"; lessons.json says it
    is done, and the Learn screen is shown."""
    lesson = lesson_by_id("belote")
    assert lesson is not None
    layout = TableLayout(4, 0, BeloteRules().direction)
    click_and_see(app.window, LEARN)
    click_and_see(app.window, lesson_rect(0).center)  # the first lesson: belote
    felt = brightness(screenshot(app.window, tmp_path / "lesson_table.png"), app.window, FELT)
    steps = lambda: int(lesson_mark(app.data, "belote").get("steps", 0))  # noqa: E731
    take = (CHOICE_PANEL.centerx - 105, CHOICE_PANEL.y + 54 + 24)  # Take, then Pass
    click_until(app.window, [take], lambda: steps() >= 1, timeout=60.0)
    announce = layout.play_button(0).center
    click_until(app.window, [announce], lambda: steps() >= 2, timeout=30.0)
    # One click a card: the hand's cards show strips CARD_STEP wide side by side, so
    # points CARD_STEP apart fall one in each, wherever the hand is centred.
    sweep = [(x, HAND_Y) for x in range(300, 1000, CARD_STEP)]
    click_until(app.window, sweep, lambda: lesson_mark(app.data, "belote").get("done") is True,
                timeout=240.0)
    # The last trick flies, then the sheet shades the table; its buttons take a click
    # only once they have been seen (READ_TIME).
    wait_for(lambda: brightness(screenshot(app.window, tmp_path / "sheet.png"), app.window,
                                FELT) < felt * 0.75, timeout=30.0)
    time.sleep(2 * SETTLE)
    click_and_see(app.window, SHEET_NEXT)  # Back to the lessons
    image = screenshot(app.window, tmp_path / "lessons.png")
    assert lesson_mark(app.data, "belote") == {"steps": 0, "done": True}
    assert brightness(image, app.window, FELT) > 0  # the window still shows


# --- the tarot écart ------------------------------------------------------------------------



def saved_at_the_ecart(data: Path) -> SavedMatch:
    """A tarot match at four (seed 1) where the player (seat 0) took a Prise, the others
    passed: saved as he is to lay his écart aside, for "Continue" to resume it."""
    match = Match.new(TarotRules(players=4), 1)[0]
    while match.phase is Phase.BIDDING:
        bid = TarotBid(Contract.PRISE) if match.current_player == 0 else TarotPass()
        match = match.apply(bid)[0]
    assert isinstance(match.deal, TarotDeal) and match.current_player == 0
    assert any(isinstance(a, TarotDiscard) for a in match.view(0).deal.legal)
    saved = SavedMatch(match, human_seat=0, levels=("", "debutant", "debutant", "debutant"))
    assert Storage(data).save_match(saved)
    return saved


def tarot_card_point(hand: tuple[TarotCard, ...], card: TarotCard) -> tuple[int, int]:
    """A point on ``card``'s visible strip in the hand as the table fans it at the écart
    (sorted; every card keeps its place while the écart is made)."""
    shown = sorted_tarot_hand(hand)
    step = min(72, (HAND_SPAN - TAROT_HAND_WIDTH) // (len(shown) - 1))
    left = 640 - (step * (len(shown) - 1) + TAROT_HAND_WIDTH) // 2
    return left + shown.index(card) * step + 12, HAND_TOP + 4


def ecart_slot(index: int, size: int) -> tuple[int, int]:
    """The centre of the écart's ``index``-th place in the middle of the table."""
    return 640 - (SLOT_STEP * (size - 1)) // 2 + index * SLOT_STEP, SLOT_Y


def validate_button(size: int) -> tuple[int, int]:
    """"Valider l'écart", centred under the écart area."""
    height = round(SLOT_WIDTH * 1.5)
    area_bottom = SLOT_Y - height // 2 + height + 32
    assert area_bottom > ECART_TOP
    return 640, area_bottom + 10 + 22


def test_a_player_makes_his_ecart_with_a_take_back_in_the_real_window(
        xvfb: str, tmp_path: Path) -> None:  # noqa: F811
    saved = saved_at_the_ecart(tmp_path)
    view = saved.match.view(0).deal
    assert isinstance(view, TarotView)
    allowed = sorted({a.card for a in view.legal if isinstance(a, TarotDiscard)},
                     key=lambda c: c.code)
    size = 6
    taken_back, kept = allowed[0], allowed[1:size + 1]
    with running_app(xvfb, tmp_path) as app:
        click_and_see(app.window, CONTINUE)
        click_and_see(app.window, tarot_card_point(view.hand, taken_back))
        click_and_see(app.window, tarot_card_point(view.hand, kept[0]))
        click_and_see(app.window, ecart_slot(0, size))  # the first one laid aside: back
        for card in kept[1:]:
            click_and_see(app.window, tarot_card_point(view.hand, card))
        assert not saved_ecart(app.data)  # nothing reached the engine before validating
        click_and_see(app.window, validate_button(size))
        wait_for(lambda: len(saved_ecart(app.data)) == size, timeout=30)
        deal = saved_deal(app.data)
        assert set(deal.ecart) == set(kept)
        assert taken_back in deal.hands[0]


def saved_deal(data: Path) -> TarotDeal:
    saved = read_save(data)
    assert saved is not None
    assert isinstance(saved.match.deal, TarotDeal)
    return saved.match.deal


def saved_ecart(data: Path) -> tuple[TarotCard, ...]:
    saved = read_save(data)
    deal = saved.match.deal if saved is not None else None
    return deal.ecart if isinstance(deal, TarotDeal) else ()


# --- F11 under a window manager ----------------------------------------------------------------

WM_TOOLS = ("openbox", "xprop")  # Debian: openbox, x11-utils
SCREEN = (1600, 900)  # the Xvfb screen (tests/x_server.py)


@pytest.fixture
def window_manager(xvfb: str) -> Iterator[None]:  # noqa: F811
    """openbox on the private display: it alone makes a window full screen (or not)."""
    require(WM_TOOLS, "openbox, x11-utils")
    manager = subprocess.Popen(["openbox", "--sm-disable"], env={**os.environ, "DISPLAY": xvfb},
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for(lambda: "_NET_SUPPORTING_WM_CHECK(WINDOW)" in root_property(
        "_NET_SUPPORTING_WM_CHECK"))
    yield
    manager.terminate()
    manager.wait(timeout=10)


def root_property(name: str) -> str:
    return xprop("-root", name)


def xprop(*args: str) -> str:
    return subprocess.run(["xprop", *args], capture_output=True, text=True, timeout=10,
                          env={**os.environ, "DISPLAY": DISPLAY["name"]}, check=False).stdout


def window_state(app: RunningApp) -> tuple[tuple[int, int] | None, bool]:
    """The app's visible window now (SDL may re-create it): its size, and whether the
    window manager holds it full screen."""
    windows = xdotool("search", "--onlyvisible", "--pid", str(app.process.pid)).split()
    if not windows:
        return None, False
    state = xprop("-id", windows[-1], "_NET_WM_STATE")
    return window_size(windows[-1]), "_NET_WM_STATE_FULLSCREEN" in state


def press_f11(app: RunningApp) -> None:
    """F11 to the app's window once it has the keyboard focus: just after a change of
    mode the window manager may still be giving it back, and a key sent then is lost."""
    window = xdotool("search", "--onlyvisible", "--pid", str(app.process.pid)).split()[-1]
    xdotool("windowactivate", "--sync", window)
    wait_for(lambda: xdotool("getwindowfocus").strip() == window)
    xdotool("key", "F11")  # XTEST, as a real keyboard: the focused window gets it


def window_position(app: RunningApp) -> tuple[int, int] | None:
    """Where the app's visible window is on the screen, or None while it has none."""
    windows = xdotool("search", "--onlyvisible", "--pid", str(app.process.pid)).split()
    if not windows:
        return None
    geometry = dict(line.split("=", 1) for line in
                    xdotool("getwindowgeometry", "--shell", windows[-1]).splitlines()
                    if "=" in line)
    return (int(geometry["X"]), int(geometry["Y"])) if "X" in geometry else None


def test_f11_fills_the_screen_and_comes_back_under_a_window_manager(
        xvfb: str, window_manager: None, tmp_path: Path) -> None:  # noqa: F811
    with running_app(xvfb, tmp_path) as app:
        assert window_state(app) == ((1280, 720), False)
        placed = window_position(app)
        settings = app.data / "settings.json"
        for _ in range(3):  # each round trip comes back to the same place, not lower
            press_f11(app)
            wait_for(lambda: window_state(app) == (SCREEN, True))
            wait_for(lambda: settings.exists() and '"fullscreen": true' in settings.read_text())
            press_f11(app)
            wait_for(lambda: window_state(app) == ((1280, 720), False))
            wait_for(lambda: '"fullscreen": false' in settings.read_text())
            wait_for(lambda: window_position(app) == placed, timeout=5.0)
        assert '"window_size": [1280, 720]' in settings.read_text()


def test_the_window_class_is_the_game_name_for_docks_and_task_bars(
        xvfb: str, tmp_path: Path) -> None:  # noqa: F811
    require(WM_TOOLS, "openbox, x11-utils")
    with running_app(xvfb, tmp_path) as app:
        assert xprop("-id", app.window, "WM_CLASS").strip() == \
            'WM_CLASS(STRING) = "Atout", "Atout"'
