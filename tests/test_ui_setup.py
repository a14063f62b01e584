"""The new-game screen, headless, driven by real mouse events: the options shown follow
the game and the number of players, the presets set what their line says, and the end
of a tarot match is one choice, in French and in English."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from game.engine.games import GAMES, PRESETS, rules_class
from game.engine.rules import CoincheRules, ExcuseLastTrick, KingCall, TarotRules
from game.ui.app.app import App
from game.ui.app.smoke import click
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.setup import SetupScene, preset
from game.ui.table.controller import GameConfig, SeatConfig
from tests.table_driver import DT
from tests.words import tr

PARTNER_OPTIONS = {"overtrump_partner_when_trump_led", "partner_ruff"}


def open_setup(app: App) -> SetupScene:
    menu = MenuScene(app)
    app.replace(menu)
    app.step(DT, [])
    setup = SetupScene(app)
    app.push(setup)
    app.step(DT, [])
    return setup


def press(app: App, setup: SetupScene, label: str) -> None:
    """Click the left panel's or the tabs' button that reads ``label``."""
    button = next(b for b in setup.buttons if b.label() == label)
    app.step(DT, click(app, button.rect.center))
    app.step(DT, [])


def press_row(app: App, setup: SetupScene, name: str) -> None:
    row = next(r for r in setup.rows if r.name == name)
    app.step(DT, click(app, row.button.rect.center))
    app.step(DT, [])


def shown(setup: SetupScene) -> set[str]:
    return {row.name for row in setup.rows}


@pytest.mark.parametrize("language", ["fr", "en"])
def test_options_follow_the_game_and_the_players(
    app: App, texts_drawn: list[str], language: str
) -> None:
    app.choose_language(language)
    tr = app.texts.tr
    setup = open_setup(app)
    press(app, setup, tr("game.belote"))
    press(app, setup, "3")
    press(app, setup, tr("group.play"))
    assert setup.rules.players == 3 and not shown(setup) & PARTNER_OPTIONS
    assert tr("opt.partner_ruff") not in texts_drawn
    press(app, setup, "4")
    assert shown(setup) >= PARTNER_OPTIONS
    assert tr("opt.partner_ruff") in texts_drawn and tr("opt.partner_ruff.help") in texts_drawn
    press(app, setup, tr("group.announcements"))
    press_row(app, setup, "announcements")  # off: its tie and reuse rules go
    assert not setup.rules.announcements
    assert not {"announce_tie", "card_reuse_in_announcements"} & shown(setup)
    press(app, setup, tr("game.tarot"))
    press(app, setup, "5")
    press(app, setup, tr("group.play"))
    assert shown(setup) == {"king_call", "excuse_last_trick", "direction"}
    press_row(app, setup, "excuse_last_trick")
    assert isinstance(setup.rules, TarotRules)
    assert setup.rules.excuse_last_trick is ExcuseLastTrick.TRICK_WINNER
    assert tr("val.trick_winner") in texts_drawn
    press_row(app, setup, "king_call")
    assert isinstance(setup.rules, TarotRules) and setup.rules.king_call is KingCall.NO_SELF
    assert tr("val.no_self") in texts_drawn
    press(app, setup, "4")
    assert shown(setup) == {"excuse_last_trick", "direction"}
    tabs = {b.label() for b in setup.buttons}
    assert tr("group.bidding") not in tabs and tr("group.announcements") not in tabs
    press(app, setup, tr("group.primes"))
    assert shown(setup) == {"misere", "poignee_sizes", "petit_au_bout", "unannounced_chelem",
                            "defence_chelem"}
    assert tr("opt.misere.help") in texts_drawn


@pytest.mark.parametrize("language", ["fr", "en"])
def test_tarot_presets_and_the_end_of_the_match(
    app: App, texts_drawn: list[str], language: str
) -> None:
    app.choose_language(language)
    tr = app.texts.tr
    setup = open_setup(app)
    press(app, setup, tr("game.tarot"))
    press(app, setup, tr("group.presets"))
    assert [row.name for row in setup.rows] == ["fft", "cafe", "last"]
    assert tr("preset.fft.help.tarot") in texts_drawn
    assert tr("preset.cafe.help.tarot") in texts_drawn
    assert tr("preset.ffb") not in {row.title for row in setup.rows}  # not belote's
    press_row(app, setup, "cafe")
    assert setup.rules == TarotRules(misere=True)
    current = next(r for r in setup.rows if r.name == "cafe")
    assert current.button.label() == tr("setup.preset_current")
    press_row(app, setup, "fft")
    assert setup.rules == TarotRules()
    end = tr("setup.end_deals", count=8)
    assert end in texts_drawn and tr("setup.end_deals.help", count=8) in texts_drawn
    for deals in (12, 16, 4):
        press(app, setup, end)
        end = tr("setup.end_deals", count=deals)
        assert isinstance(setup.rules, TarotRules) and setup.rules.deals == deals
    press(app, setup, end)
    assert setup.rules == TarotRules(deals=None, target=500)  # a score instead of deals
    assert tr("setup.end_target.help.tarot", target=500) in texts_drawn
    press(app, setup, "5")
    assert setup.rules == TarotRules(players=5, deals=None, target=500)  # the end is kept
    press(app, setup, tr("group.presets"))
    press_row(app, setup, "cafe")  # a preset keeps the table and the end of the match
    assert setup.rules == TarotRules(players=5, deals=None, target=500, misere=True)


@pytest.mark.parametrize("game", sorted(PRESETS))
def test_every_preset_makes_rules_at_every_table(game: str) -> None:
    for players in GAMES[game].players:
        for chosen in PRESETS[game]:
            rules = preset(rules_class(game)(players=players), chosen.name)
            assert rules.players == players
            assert all(getattr(rules, k) == v for k, v in chosen.changes.items())


@pytest.mark.parametrize(("language", "at_three", "at_five", "always"), [
    ("fr", "FFT : 13, 15, 18", "FFT : 8, 10, 13", "Partout : 10, 13, 15"),
    ("en", "FFT: 13, 15, 18", "FFT: 8, 10, 13", "Always: 10, 13, 15"),
])
def test_the_poignee_sizes_are_written_for_the_table(
    app: App, language: str, at_three: str, at_five: str, always: str
) -> None:
    """The poignée option says the sizes it means at this table, not just its name."""
    app.choose_language(language)
    tr = app.texts.tr
    setup = open_setup(app)
    press(app, setup, tr("game.tarot"))
    press(app, setup, "3")
    press(app, setup, tr("group.primes"))

    def label() -> str:
        return next(r for r in setup.rows if r.name == "poignee_sizes").button.label()

    assert label() == at_three
    press(app, setup, "5")
    assert label() == at_five
    press_row(app, setup, "poignee_sizes")
    assert label() == always


def test_my_last_settings_wait_for_a_first_match_of_that_game(app: App) -> None:
    """A coinche match started this session: its settings are offered for coinche, not
    for tarot, where the row is disabled and says why."""
    app.memory.last_setup = GameConfig(CoincheRules(target=1000), (SeatConfig(human=True),
                                                              *[SeatConfig()] * 3), 1)
    setup = open_setup(app)
    press(app, setup, tr("game.tarot"))
    press(app, setup, tr("group.presets"))
    last = next(r for r in setup.rows if r.name == "last")
    assert not last.button.enabled and last.help == tr("preset.last.none")
    press(app, setup, tr("game.coinche"))
    press(app, setup, tr("group.presets"))
    last = next(r for r in setup.rows if r.name == "last")
    assert last.button.enabled and last.help == tr("preset.last.help")


def test_the_last_setup_is_remembered_by_its_app_only(app: App) -> None:
    """The "last settings" are the app's memory: the next new-game screen of this app
    opens on the game just started, another app's on the default game."""
    setup = open_setup(app)
    press(app, setup, tr("game.tarot"))
    setup.start()
    app.step(DT, [])
    assert app.memory.last_setup is not None
    assert SetupScene(app).rules.game == "tarot"
    other = App()
    try:
        assert other.memory.last_setup is None
        assert SetupScene(other).rules.game == "coinche"
    finally:
        other.host.close()


def test_two_players_at_coinche_play_to_their_own_default_unless_the_player_chose(
        app: App) -> None:
    """Tried as a new player (issue 43): Coinche, then 2 players, offered a match to
    2000, the four-player default, where the contrée à deux is played to 1000."""
    setup = open_setup(app)
    press(app, setup, tr("game.coinche"))
    assert setup.rules.target == 2000
    press(app, setup, "2")
    assert setup.rules.target == 1000
    assert tr("setup.end_target", target=1000) in [b.label() for b in setup.buttons]
    press(app, setup, "4")
    assert setup.rules.target == 2000
    press(app, setup, tr("setup.end_target", target=2000))  # the player's own: 3000
    press(app, setup, "2")
    assert setup.rules.target == 3000
