"""The table's situations that the overlap test (tests/test_ui_overlaps.py) checks and
``make screenshots`` photographs: each game and player count with the deal numbers
(one per window size) whose deal reaches ``phases`` when the player answers as
tests.table_driver.human_turn does."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.match import AnyRules
from game.engine.rules import BeloteRules, CoincheRules, Layout, TarotRules


@dataclass(frozen=True)
class Game:
    """A match whose first deal is one of ``deals`` (one per window size)."""

    name: str
    rules: AnyRules
    deals: tuple[int, int]
    phases: frozenset[str]


ALL = frozenset({"bidding", "bid history", "bubbles", "play", "trick", "taker badge",
                 "hint", "last trick", "pile"})
GAMES = (
    Game("belote4", BeloteRules(), (18, 25), ALL - {"bid history"} | {"announce button"}),
    Game("belote3", BeloteRules(players=3), (1, 2), ALL - {"bid history"}),
    Game("belote2", BeloteRules(players=2), (1, 2), ALL - {"bid history"}),
    Game("coinche4", CoincheRules(), (1, 3), ALL),
    Game("coinche2", CoincheRules(players=2), (1, 2), ALL),
    Game("coinche2-decouverte", CoincheRules(players=2, layout=Layout.DECOUVERTE), (1, 2),
         ALL),
    Game("belote2-decouverte", BeloteRules(players=2, layout=Layout.DECOUVERTE), (1, 2),
         ALL - {"bid history"}),
    Game("tarot3", TarotRules(players=3), (1, 2), ALL | {"ecart"}),
    Game("tarot4", TarotRules(players=4), (5, 6), ALL | {"ecart"}),
    Game("tarot5", TarotRules(players=5), (3, 5), ALL | {"ecart", "king call"}),
)
