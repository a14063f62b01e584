"""The games Atout plays, in one registry: each game's name, rules class, player counts,
deck, presets and how its deals start.  The match, the save files, the settings, the
new-game screen, the statistics and the card art all read it, so a game is added here and
in its own modules (its rules, its deal, its computer player's table entry in
``game.ai``).  No code compares a game's name as a string anywhere else
(``tests/test_games_registry.py``): it asks ``game_of`` and compares entries.

The player counts are the rules classes' own (``player_counts``, which their validation
uses); the deck names the card faces and backs a game is drawn with.  A deal starts from
its factory, named as ``module:function`` and imported when the first deal starts: the
computer players read this registry and never load a module that holds a whole deal.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from game.engine.rules import (
    AnnounceTie,
    BeloteRules,
    BidValues,
    CoincheRules,
    OvertrumpPartner,
    Preset,
    TarotRules,
    TrickGameRules,
)

if TYPE_CHECKING:
    from game.engine.protocol import Event
    from game.engine.tarot import TarotDeal
    from game.engine.trickgame import TrickDeal

AnyRules = TrickGameRules | TarotRules
DEFAULT_PLAYERS = 4  # the player count a game is first offered at (every game has it)
DealFactory = Callable[[AnyRules, int, int, tuple[int, ...]],
                       "tuple[TrickDeal | TarotDeal, list[Event]]"]


_FACTORIES: dict[str, DealFactory] = {}  # each deal factory, once imported


class Deck(StrEnum):
    PIQUET = "32"  # the 32 cards of belote and coinche
    TAROT = "tarot"  # the 78 cards


@dataclass(frozen=True, eq=False)
class Game:
    """One game: what the rest of the app needs to know of it.  Entries compare (and
    hash) by identity: ``game_of(name) is TAROT``."""

    rules: type[TrickGameRules] | type[TarotRules]
    deck: Deck
    deal_factory: str  # "module:function": (rules, seed, dealer, match totals) -> a deal
    # The federation's presets (FFB for the 32-card games, FFT for tarot, whose defaults
    # they are); "default" is the specification's defaults where they differ; "last" (the
    # player's last settings) is added by the setup screen.
    presets: tuple[Preset, ...]
    bid_history: bool  # its auction runs over several calls a side: shown as a list

    @property
    def name(self) -> str:
        return self.rules.game

    @property
    def players(self) -> tuple[int, ...]:
        return self.rules.player_counts

    def new_deal(self, rules: AnyRules, seed: int, dealer: int,
                 totals: tuple[int, ...] = ()) -> tuple[TrickDeal | TarotDeal, list[Event]]:
        """A new deal of this game from ``seed``; ``totals`` (the match score) matter to
        the arrêt of belote."""
        factory = _FACTORIES.get(self.deal_factory)
        if factory is None:
            module, function = self.deal_factory.split(":")
            factory = _FACTORIES[self.deal_factory] = getattr(
                importlib.import_module(module), function)
        return factory(rules, seed, dealer, totals)


BELOTE = Game(
    BeloteRules, Deck.PIQUET, "game.engine.belote:new_belote_deal",
    (Preset("default"), Preset("ffb", {"round_to_10": True}),
     Preset("cafe", {"announce_tie": AnnounceTie.FIRST_IN_TURN, "capot_points": 250})),
    bid_history=False)
COINCHE = Game(
    CoincheRules, Deck.PIQUET, "game.engine.coinche:new_coinche_deal",
    (Preset("default"), Preset("ffb", {"round_to_10": True}),
     Preset("cafe", {"bid_values": BidValues.V82_162,
                     "overtrump_partner_when_trump_led": OvertrumpPartner.RELAXED,
                     "card_reuse_in_announcements": True})),
    bid_history=True)
TAROT = Game(
    TarotRules, Deck.TAROT, "game.engine.tarot:new_tarot_deal",
    (Preset("fft"), Preset("cafe", {"misere": True})),
    bid_history=True)

GAMES: dict[str, Game] = {game.name: game for game in (BELOTE, COINCHE, TAROT)}
DECKS: tuple[str, ...] = tuple(dict.fromkeys(game.deck for game in GAMES.values()))
PRESETS: dict[str, tuple[Preset, ...]] = {name: game.presets for name, game in GAMES.items()}
# Every game at every player count, in the order the statistics' tabs show them.
TABLES: tuple[tuple[str, int], ...] = tuple(
    (game.name, players) for game in GAMES.values() for players in game.players
)


def game_of(name: str) -> Game:
    """The game called ``name`` (a rules' ``game``, a saved name); KeyError when unknown."""
    return GAMES[name]


def rules_class(name: str) -> type[TrickGameRules] | type[TarotRules]:
    """The rules class of the game called ``name``; KeyError for an unknown game."""
    return GAMES[name].rules


def deck_of(name: str) -> str:
    """The deck the game called ``name`` is played with."""
    return GAMES[name].deck
