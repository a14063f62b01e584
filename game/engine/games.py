"""The games Atout plays, in one registry: each game's name, rules class, player counts
and deck.  The save files, the settings, the new-game screen, the statistics and the
card art all read it, so a game is added (or a player count changed) here only.

The player counts are the rules classes' own (``player_counts``, which their validation
uses); the deck names the card faces and backs a game is drawn with.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.rules import BeloteRules, CoincheRules, TarotRules, TrickGameRules

AnyRules = TrickGameRules | TarotRules
DEFAULT_PLAYERS = 4  # the player count a game is first offered at (every game has it)


@dataclass(frozen=True)
class Game:
    """One game: what the rest of the app needs to know of it."""

    rules: type[TrickGameRules] | type[TarotRules]
    deck: str  # "32" (the piquet deck) or "tarot" (the 78 cards)

    @property
    def name(self) -> str:
        return self.rules.game

    @property
    def players(self) -> tuple[int, ...]:
        return self.rules.player_counts


GAMES: dict[str, Game] = {
    game.name: game
    for game in (Game(BeloteRules, "32"), Game(CoincheRules, "32"), Game(TarotRules, "tarot"))
}
DECKS: tuple[str, ...] = tuple(dict.fromkeys(game.deck for game in GAMES.values()))
# Every game at every player count, in the order the statistics' tabs show them.
TABLES: tuple[tuple[str, int], ...] = tuple(
    (game.name, players) for game in GAMES.values() for players in game.players
)


def rules_class(name: str) -> type[TrickGameRules] | type[TarotRules]:
    """The rules class of the game called ``name``; KeyError for an unknown game."""
    return GAMES[name].rules


def deck_of(name: str) -> str:
    """The deck the game called ``name`` is played with."""
    return GAMES[name].deck
