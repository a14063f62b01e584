"""The player's statistics, per table: a game at a player count ("belote-4", "coinche-2",
"tarot-5"), the découverte apart from the game held in the hand ("belote-2-decouverte").

Everything is counted from the player's point of view: a deal is won when the player's
side wins it (his team at four, himself otherwise), a contract is "taken" when his side
took it.  The counts come from the engine's typed deal facts (``DealFacts``: the taker's
side, its partner's, made; ``TrickFacts``: the winner, the capot, the coinche level and
the bid; ``TarotFacts``: the contract and the chelem) and from a finished match's totals
and winner.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from game.engine.deal_scoring import TrickFacts
from game.engine.protocol import DealFacts, DealResult
from game.engine.rules import AnyGameRules, Layout, TrickGameRules
from game.engine.tarot_scoring import Camp, TarotFacts

COUNTERS = (
    "matches_played",
    "matches_won",
    "deals_played",
    "deals_won",
    "capots",
    "chelems",
    "coinches_won",
    "matches_with_undo",
    "matches_abandoned",
    "undos",
)
BY_KIND = ("contracts_taken", "contracts_made")
COACHED_KEPT = 100  # the analysed deals whose points lost are kept, the newest
PARS_KEPT = 200  # the deals whose difference with the par is kept, the newest


def stats_key(game: str, players: int, layout: Layout = Layout.HAND) -> str:
    """A table's record in the file: ``belote-2``; the découverte's ``belote-2-decouverte``
    (a file written before it was kept apart has only the first: its records stay)."""
    key = f"{game}-{players}"
    return key if layout is Layout.HAND else f"{key}-{layout.value}"


def layout_of(rules: AnyGameRules) -> Layout:
    """How ``rules`` lay the cards out (tarot: always in the hand)."""
    return rules.layout if isinstance(rules, TrickGameRules) else Layout.HAND


def side_of(seat: int, players: int, sides: int) -> int:
    """The scoring side of ``seat``: its team when sides are fewer than players."""
    return seat if sides == players else seat % sides


def contract_kind(game: str, facts: DealFacts) -> str:
    """How contracts are grouped: coinche by level ("80" ... "160", "capot"), tarot by
    contract ("prise" ... "garde_contre"), belote has one kind (it has no levels).  These
    are the keys of the statistics file: they stay as they are."""
    if isinstance(facts, TarotFacts):
        return facts.contract.name.lower()
    if isinstance(facts, TrickFacts) and facts.bid is not None:
        return "capot" if facts.bid.is_capot else str(facts.bid.value)
    return game


@dataclass
class GameStats:
    """The counts of one game at one player count."""

    matches_played: int = 0
    matches_won: int = 0
    deals_played: int = 0
    deals_won: int = 0
    capots: int = 0  # deals where the player's side took every trick
    chelems: int = 0
    coinches_won: int = 0  # the player's side coinched (or surcoinched) and was right
    matches_with_undo: int = 0
    matches_abandoned: int = 0  # given up before their end (a new match started instead)
    undos: int = 0  # moves taken back
    contracts_taken: dict[str, int] = field(default_factory=dict)
    contracts_made: dict[str, int] = field(default_factory=dict)
    best_match_score: int | None = None
    best_match_used_undo: bool = False  # the best score is marked when undo helped
    # The points the player's decisions lost in each deal the review analysed, oldest first.
    points_lost: list[float] = field(default_factory=list)
    # Each deal's margin as the player played it less the Expert's in his seat (the
    # par, ``game/par.py``), oldest first.
    par_differences: list[float] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: object) -> GameStats:
        """Raises ValueError for anything that is not a valid record."""
        if not isinstance(data, dict):
            raise ValueError("not an object")
        stats = cls()
        for name in COUNTERS:
            setattr(stats, name, _count(data.get(name, 0)))
        for name in BY_KIND:
            raw = data.get(name, {})
            if not isinstance(raw, dict) or not all(isinstance(k, str) for k in raw):
                raise ValueError(name)
            setattr(stats, name, {kind: _count(n) for kind, n in raw.items()})
        best = data.get("best_match_score")
        if best is not None and (type(best) is not int):
            raise ValueError("best_match_score")
        stats.best_match_score = best
        stats.best_match_used_undo = data.get("best_match_used_undo") is True
        stats.points_lost = _points(data.get("points_lost", []))
        stats.par_differences = _differences(data.get("par_differences", []))
        return stats


def _differences(raw: object) -> list[float]:
    """The kept differences with the par; a damaged list is left out (the other counts
    of the record are kept): the chart starts again from the next deal."""
    if not isinstance(raw, list) or not all(
            type(x) in (int, float) and abs(x) <= 1e6 for x in raw):
        return []
    return [float(x) for x in raw[-PARS_KEPT:]]


def _points(raw: object) -> list[float]:
    if not isinstance(raw, list) or not all(
            isinstance(x, int | float) and not isinstance(x, bool) and x >= 0 for x in raw):
        raise ValueError("points_lost")
    return [float(x) for x in raw[-COACHED_KEPT:]]


def _count(raw: object) -> int:
    if type(raw) is not int or raw < 0:
        raise ValueError(raw)
    return raw


@dataclass
class Statistics:
    VERSION: ClassVar[int] = 1

    games: dict[str, GameStats] = field(default_factory=dict)

    def of(self, game: str, players: int, layout: Layout = Layout.HAND) -> GameStats:
        """The counts of ``game`` at ``players`` with its cards laid out as ``layout``
        (zeros when never played)."""
        return self.games.get(stats_key(game, players, layout), GameStats())

    def _entry(self, game: str, players: int, layout: Layout) -> GameStats:
        return self.games.setdefault(stats_key(game, players, layout), GameStats())

    def record_deal(self, game: str, players: int, result: DealResult, seat: int,
                    layout: Layout = Layout.HAND) -> None:
        """Count a finished deal (not a void one: nobody took) for the player at ``seat``."""
        facts = result.facts
        assert facts is not None, "a scored deal's result has its facts"
        stats = self._entry(game, players, layout)
        side = side_of(seat, players, len(result.sides))
        stats.deals_played += 1
        stats.deals_won += _deal_won(result, facts, side)
        if facts.taker == side:
            kind = contract_kind(game, facts)
            stats.contracts_taken[kind] = stats.contracts_taken.get(kind, 0) + 1
            if facts.made:
                stats.contracts_made[kind] = stats.contracts_made.get(kind, 0) + 1
        if isinstance(facts, TrickFacts):
            stats.capots += facts.capot_side == side
            stats.coinches_won += _coinche_won(facts, side)
        elif isinstance(facts, TarotFacts) and facts.chelem is not None:
            stats.chelems += (facts.chelem is Camp.ATTACK) == facts.in_attack(side)

    def record_match(
        self,
        game: str,
        players: int,
        totals: tuple[int, ...],
        winner: int | None,
        seat: int,
        undo_used: bool = False,
        layout: Layout = Layout.HAND,
    ) -> None:
        """Count a finished match: ``totals`` per side, ``winner`` the winning side."""
        stats = self._entry(game, players, layout)
        side = side_of(seat, players, len(totals))
        stats.matches_played += 1
        stats.matches_won += winner == side
        stats.matches_with_undo += undo_used
        score = totals[side]
        if stats.best_match_score is None or score > stats.best_match_score:
            stats.best_match_score = score
            stats.best_match_used_undo = undo_used

    def record_analysis(self, game: str, players: int, points_lost: float,
                        layout: Layout = Layout.HAND) -> None:
        """A deal the review analysed: what the player's decisions cost in it."""
        kept = self._entry(game, players, layout).points_lost
        kept.append(round(points_lost, 1))
        del kept[:-COACHED_KEPT]

    def record_par(self, game: str, players: int, difference: float,
                   layout: Layout = Layout.HAND) -> None:
        """A deal's par is known: the player's margin less the Expert's in his seat."""
        kept = self._entry(game, players, layout).par_differences
        kept.append(round(difference, 1))
        del kept[:-PARS_KEPT]

    def record_abandoned(self, game: str, players: int, layout: Layout = Layout.HAND) -> None:
        """A match given up before its end."""
        self._entry(game, players, layout).matches_abandoned += 1

    def record_undo(self, game: str, players: int, layout: Layout = Layout.HAND) -> None:
        """A move taken back."""
        self._entry(game, players, layout).undos += 1

    def reset(self) -> None:
        """Forget everything (the UI asks the player to confirm first)."""
        self.games.clear()

    def to_json(self) -> dict[str, Any]:
        return {
            "version": self.VERSION,
            "games": {key: stats.to_json() for key, stats in sorted(self.games.items())},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> tuple[Statistics, list[str]]:
        """The statistics of a file's object, and the keys of the records that were
        unreadable (dropped; the others are kept)."""
        raw = data.get("games")
        if not isinstance(raw, dict):
            return cls(), ["*"]
        stats = cls()
        bad = []
        for key, record in raw.items():
            try:
                stats.games[key] = GameStats.from_json(record)
            except ValueError:
                bad.append(key)
        return stats, bad


def _deal_won(result: DealResult, facts: DealFacts, side: int) -> bool:
    """The side won the deal: the 32-card games name the winner (none on a litige),
    at tarot a seat won what it scored."""
    if isinstance(facts, TrickFacts):
        return facts.winner_side == side
    return result.scores[side] > 0


def _coinche_won(facts: TrickFacts, side: int) -> bool:
    """The defence coinched and beat the contract, or the takers surcoinched and made it."""
    if facts.coinche_level == 0:
        return False
    if facts.in_attack(side):
        return facts.coinche_level == 2 and facts.made
    return not facts.made
