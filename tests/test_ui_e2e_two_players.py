"""End to end, a two-player table in the real window under Xvfb (issue 43, "tried as a
new user would"): from the main menu, "New game", Coinche, the player's last settings
(the contrée à deux, a short match) and "Deal" by clicks; every bid and card by clicks,
each once its choice has been seen and at uneven gaps, as a person clicks; the score
sheet's "Result" once the sheet has been seen, to the end of the match, shown over the
table; the statistics count the match.  tests/test_ui_two_players.py plays a whole
match of each of the three new tables headless, from the menu by clicks too."""

from __future__ import annotations

import json
import time
from pathlib import Path

from game.engine.actions import PlayCard
from game.engine.match import Match
from game.engine.protocol import Phase
from game.engine.rules import CoincheRules
from game.engine.trickgame import TrickView
from game.storage import Storage
from game.storage.settings import Settings
from game.ui.kit.widgets import SETTLE
from game.ui.scenes.setup import option_rect, preset_names
from tests.test_ui_e2e import (
    COINCHE,
    DEAL,
    NEW_GAME,
    PASS,
    SHEET_NEXT,
    RunningApp,
    actions_done,
    brightness,
    card_points,
    click_and_see,
    click_logical,
    read_save,
    running_app,
    screenshot,
    uneven_gap,
    wait_for,
    window_dump,
    x_tools,  # noqa: F401  (the fixture: skipped without an X server)
)
from tests.x_server import xvfb  # noqa: F401  (the fixture)

# A match that ends with its first deal played: a contract made scores at least its
# value (50) and the points it asked for; one that fails gives the defence 160 and more.
SHORT = 100
CONTREE_A_DEUX = CoincheRules(players=2, target=SHORT)
# The "Apply" of the presets tab's last row: the player's last settings for the game.
LAST_SETTINGS = option_rect(len(preset_names("coinche")), len(preset_names("coinche"))
                                    + 1).center
FELT = (420, 160)  # bare felt above the trick at two players, shaded by the sheets


def player_who_played_it_last(data: Path) -> None:
    """Settings as a player leaves them after a contrée à deux: fast animations, no
    sound, that table's rules kept for "my last settings"."""
    settings = Settings(language="en", animation_speed=2.0, sound=False)
    assert Storage(data).save_settings(settings.with_rules(CONTREE_A_DEUX))


def matches_counted(data: Path) -> int:
    try:
        games = json.loads((data / "stats.json").read_text())["games"]
    except (OSError, ValueError, KeyError):
        return 0
    return int(games.get("coinche-2", {}).get("matches_played", 0))


class MatchPlayer:
    """Plays the human seat through the window, following the game in the save, deal
    after deal, until the statistics count the match."""

    def __init__(self, app: RunningApp) -> None:
        self.app = app
        self.seen: tuple[int, int] | None = None  # (deal, action) of the choice seen
        self.deals = 0

    def play(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and not matches_counted(self.app.data):
            saved = read_save(self.app.data)
            if saved is None or saved.match.current_player != saved.human_seat:
                time.sleep(0.2)  # the computer thinks, the cards fly, or the file is written
                continue
            self.deals = max(self.deals, len(saved.match.history) + 1)
            self.act(saved.match, saved.human_seat)
        assert matches_counted(self.app.data) == 1, "the match never ended"

    def act(self, match: Match, seat: int) -> None:
        """Once the choice has been on screen a while, click: Pass in the auction, else
        each card the player may play in turn until one is taken."""
        choice = (len(match.history), actions_done(match))
        if choice != self.seen:
            self.seen = choice
            time.sleep(2 * SETTLE)  # a person sees the panel, or the raised cards, first
        view = match.view(seat).deal
        assert isinstance(view, TrickView)
        if match.phase is Phase.BIDDING:
            targets = [PASS]
        else:
            assert any(isinstance(action, PlayCard) for action in view.legal)
            targets = card_points(view)
        for target in targets:
            click_logical(self.app.window, target, settle=uneven_gap())
            saved = read_save(self.app.data)
            if saved is None or actions_done(saved.match) != actions_done(match):
                return


def test_a_whole_contree_a_deux_match_from_the_menu_in_the_real_window(
        xvfb: str, tmp_path: Path) -> None:  # noqa: F811
    player_who_played_it_last(tmp_path)
    with running_app(xvfb, tmp_path) as app:
        click_and_see(app.window, NEW_GAME)
        click_logical(app.window, COINCHE, settle=uneven_gap())
        click_and_see(app.window, LAST_SETTINGS)  # its button lit: "current"
        click_logical(app.window, DEAL, settle=1.0)
        wait_for(lambda: read_save(tmp_path) is not None, timeout=30.0)
        saved = read_save(tmp_path)
        assert saved is not None and saved.match.rules == CONTREE_A_DEUX
        felt = brightness(screenshot(app.window, tmp_path / "table.png"), app.window, FELT)

        MatchPlayer(app).play(timeout=75.0)

        def shaded() -> bool:
            image = screenshot(app.window, tmp_path / "sheet.png")
            return brightness(image, app.window, FELT) < felt * 0.75

        wait_for(shaded, timeout=20.0)
        time.sleep(2 * SETTLE)  # the sheet's buttons swallow a click before they were seen
        sheet = window_dump(app.window)
        click_logical(app.window, SHEET_NEXT)  # "Result"
        wait_for(lambda: window_dump(app.window) != sheet, timeout=20.0)
        time.sleep(0.5)
        assert shaded(), "the end of the match is shown over the table"
        assert not (tmp_path / "match.json").exists()  # a finished match is not continued
