"""The one registry of games (``game/engine/games.py``): every part of the app reads its
games, player counts and decks there."""

from __future__ import annotations

import pytest

from game.engine.games import DECKS, GAMES, TABLES, deck_of, rules_class
from game.engine.match import Match
from game.engine.protocol import SaveError
from game.engine.rules import BeloteRules, CoincheRules, RulesError, TarotRules
from game.storage.settings import Settings, settings_from_json
from game.ui.scenes.stats import TABS


def test_the_registry_names_each_game_with_its_rules_players_and_deck() -> None:
    assert {name: (g.rules, g.players, g.deck) for name, g in GAMES.items()} == {
        "belote": (BeloteRules, (2, 3, 4), "32"),
        "coinche": (CoincheRules, (4,), "32"),
        "tarot": (TarotRules, (3, 4, 5), "tarot"),
    }
    assert DECKS == ("32", "tarot")
    assert deck_of("coinche") == "32" and deck_of("tarot") == "tarot"


def test_every_table_is_a_game_at_one_of_its_player_counts_in_the_tabs_order() -> None:
    assert TABLES == (("belote", 2), ("belote", 3), ("belote", 4), ("coinche", 4),
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
