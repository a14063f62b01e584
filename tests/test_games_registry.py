"""The one registry of games (``game/engine/games.py``): every part of the app reads its
games, player counts and decks there."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.engine.games import DECKS, GAMES, PRESETS, TABLES, Deck, deck_of, game_of, rules_class
from game.engine.match import Match
from game.engine.protocol import SaveError
from game.engine.rules import BeloteRules, CoincheRules, RulesError, TarotRules
from game.storage.settings import Settings, settings_from_json
from game.ui.scenes.stats import TABS


def test_the_registry_names_each_game_with_its_rules_players_and_deck() -> None:
    assert {name: (g.rules, g.players, g.deck) for name, g in GAMES.items()} == {
        "belote": (BeloteRules, (2, 3, 4), "32"),
        "coinche": (CoincheRules, (2, 4), "32"),
        "tarot": (TarotRules, (3, 4, 5), "tarot"),
    }
    assert DECKS == ("32", "tarot")
    assert deck_of("coinche") == "32" and deck_of("tarot") == "tarot"


def test_every_table_is_a_game_at_one_of_its_player_counts_in_the_tabs_order() -> None:
    assert TABLES == (("belote", 2), ("belote", 3), ("belote", 4), ("coinche", 2), ("coinche", 4),
                      ("tarot", 3), ("tarot", 4), ("tarot", 5))
    assert TABS == TABLES


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_rules_accept_exactly_the_registered_player_counts(name: str) -> None:
    for players in range(1, 8):
        if players in GAMES[name].players:
            match, _ = Match.new(rules_class(name)(players=players), 1)
            assert match.players == players
        else:
            with pytest.raises(RulesError):
                rules_class(name)(players=players)


def test_saves_and_settings_know_every_registered_game() -> None:
    with pytest.raises(SaveError, match="which game"):
        Match.from_json({"version": 1, "rules": {"game": "whist"}, "seed": 1, "actions": []})
    settings, problems = settings_from_json({})
    assert not problems
    assert set(settings.ai_levels) == set(GAMES)
    for name in GAMES:
        assert type(Settings().rules_for(name)) is rules_class(name)


GAME_NAMES = set(GAMES)
ROOT = Path(__file__).resolve().parent.parent
GAME_PACKAGE = ROOT / "game"
REGISTRY = GAME_PACKAGE / "engine" / "games.py"
SCANNED = ("game", "tools", "bench")  # the game, and the tools and benches that drive it


def names_compared(tree: ast.AST) -> list[tuple[int, str]]:
    """Each comparison with a game's name written as a string: ``x == "tarot"``,
    ``x in ("coinche", "tarot")``, as (line, name)."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        for side in (node.left, *node.comparators):
            elements = side.elts if isinstance(side, ast.Tuple | ast.List | ast.Set) else [side]
            found += [(node.lineno, e.value) for e in elements
                      if isinstance(e, ast.Constant) and e.value in GAME_NAMES]
    return found


def test_no_game_name_is_compared_as_a_string_outside_the_registry() -> None:
    offenders = {}
    paths = [path for folder in SCANNED for path in sorted((ROOT / folder).rglob("*.py"))]
    assert any(path.parts[-2] == "bench" for path in paths)  # the scan reaches the benches
    for path in paths:
        if path == REGISTRY:
            continue
        found = names_compared(ast.parse(path.read_text(encoding="utf-8")))
        if found:
            offenders[path.relative_to(ROOT).as_posix()] = found
    assert not offenders


def test_the_scan_sees_a_name_compared() -> None:
    tree = ast.parse('if rules.game == "coinche" or game in ("belote", "x"): pass')
    assert names_compared(tree) == [(1, "coinche"), (1, "belote")]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_game_starts_its_own_deal_through_the_registry(name: str) -> None:
    game = game_of(name)
    deal, events = game.new_deal(game.rules(), 7, 0)
    assert deal.rules.game == name and deal.players == 4 and events
    assert [p.name for p in game.presets] == [p.name for p in PRESETS[name]]


def test_every_32_card_game_has_a_computer_player() -> None:
    from game.ai import PLAYERS
    assert set(PLAYERS) == {g for g in GAMES.values() if g.deck == Deck.PIQUET}
