"""Matches of the 32-card games: deals to a target score (``shared/rules/README.md``).

The dealer rotates (at two players the winner of a deal deals the next), frozen litige
points wait for the next deal's winner, a side wins only if it took a trick in the deal
that carried it over the target, and the rubicon option doubles a heavy defeat.

Tarot matches (``TarotRules``) are a number of deals, or played until a player's total
reaches the target (or falls to minus it); the best total then wins.

A match is reproducible from ``(rules, seed)`` and the actions played: each deal's seed
is derived from the match seed and the deal's number, and ``to_json`` / ``from_json``
save and replay ``{version, rules, seed, actions}``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Self, overload

from game.engine.action_log import EMPTY, ActionLog
from game.engine.actions import DealScored
from game.engine.deal_scoring import TrickFacts
from game.engine.games import GAMES, game_of, rules_class
from game.engine.games import AnyRules as AnyRules
from game.engine.protocol import (
    Action,
    DealResult,
    Event,
    IllegalAction,
    Phase,
    SaveError,
    action_from_json,
    action_to_json,
)
from game.engine.rules import (
    ExcuseLastTrick,
    Rubicon,
    RulesError,
    TarotRules,
    TrickGameRules,
)
from game.engine.tarot import TarotDeal
from game.engine.trickgame import TrickDeal
from game.engine.views import DealRecord as DealRecord
from game.engine.views import MatchView as MatchView

# 2: tarot's Excuse played in the last trick changes camp (FFT), option
# ``excuse_last_trick``; a version-1 tarot save, written when it went to the trick's
# winner, is read with that rule so that its deals replay to the scores they had.
SAVE_VERSION = 2


@dataclass(frozen=True)
class NewDeal(Event):
    number: int  # 1 for the first deal of the match
    dealer: int
    seed: int


@dataclass(frozen=True)
class CarryAwarded(Event):
    side: int
    points: int


@dataclass(frozen=True)
class MatchOver(Event):
    winner: int
    totals: tuple[int, ...]
    games_lost: int  # 2 when the rubicon applies


@dataclass(frozen=True)
class Carry:
    """Frozen points waiting for a later deal's winner (litige, or a dedans tie at 3)."""

    points: int
    eligible: tuple[int, ...] | None  # None: whoever wins the next deal


DEAL_NUMBERS = 1_000_000_000  # deal seeds are shown to the player as "deal numbers"


def deal_seed(match_seed: int, number: int) -> int:
    """The seed of deal ``number`` (1-based) of a match: also its "deal number", short
    enough for a player to note down and play again."""
    return random.Random(match_seed * 1_000_003 + number).randrange(1, DEAL_NUMBERS)


def numbered_for(raw: int, dealer: int, players: int) -> int:
    """A deal number near ``raw`` whose remainder by the player count is the dealer: the
    number alone then replays the deal with the same dealer, so the same hands."""
    number = raw - raw % players + dealer
    if number <= 0:
        return number + players
    return number if number < DEAL_NUMBERS else number - players


@overload
def new_deal_state(
    rules: TrickGameRules, seed: int, dealer: int, totals: tuple[int, ...] = ()
) -> tuple[TrickDeal, list[Event]]: ...


@overload
def new_deal_state(
    rules: TarotRules, seed: int, dealer: int, totals: tuple[int, ...] = ()
) -> tuple[TarotDeal, list[Event]]: ...


def new_deal_state(
    rules: AnyRules, seed: int, dealer: int, totals: tuple[int, ...] = ()
) -> tuple[TrickDeal | TarotDeal, list[Event]]:
    """A new deal; ``totals`` (the match score) matter to the arrêt of belote."""
    return game_of(rules.game).new_deal(rules, seed, dealer, totals)


@dataclass(frozen=True, eq=False)
class Match:
    rules: AnyRules
    seed: int
    deal: TrickDeal | TarotDeal
    number: int  # the current deal's number, void deals included
    dealer: int
    totals: tuple[int, ...]
    history: tuple[DealRecord, ...] = ()
    carries: tuple[Carry, ...] = ()
    actions: ActionLog = EMPTY  # every action so far, shared with the states before
    winner: int | None = None
    games_lost: int = 0
    first_deal: int | None = None  # a chosen deal number for deal 1 ("play this deal again")

    # --- creation --------------------------------------------------------------------------

    @classmethod
    def new(
        cls, rules: AnyRules, seed: int, first_deal: int | None = None
    ) -> tuple[Self, list[Event]]:
        """A new match; the first dealer is drawn from the seed.  ``first_deal`` plays a
        given deal number first (the dealer then comes from the deal number too)."""
        if first_deal is not None and not 0 < first_deal < DEAL_NUMBERS:
            raise ValueError(f"a deal number is between 1 and {DEAL_NUMBERS - 1}")
        sides = 2 if rules.has_teams else rules.players
        dealer = (first_deal if first_deal is not None else deal_seed(seed, 0)) % rules.players
        first_seed = first_deal or numbered_for(deal_seed(seed, 1), dealer, rules.players)
        deal, events = new_deal_state(rules, first_seed, dealer)
        match = cls(rules, seed, deal, 1, dealer, (0,) * sides, first_deal=first_deal)
        return match, [NewDeal(1, dealer, first_seed), *events]

    @classmethod
    def replay(
        cls,
        rules: AnyRules,
        seed: int,
        actions: Sequence[Action],
        first_deal: int | None = None,
    ) -> Self:
        """The match after ``actions``; raises IllegalAction if one cannot be played."""
        match, _ = cls.new(rules, seed, first_deal)
        for action in actions:
            match, _ = match.apply(action)
        return match

    def deal_number(self) -> int:
        """The current deal's number (its seed): ``Match.new(rules, any_seed,
        first_deal=number)`` deals the same hands with the same dealer."""
        if self.number == 1 and self.first_deal is not None:
            return self.first_deal
        return numbered_for(deal_seed(self.seed, self.number), self.dealer, self.players)

    # --- the protocol, delegated to the current deal -------------------------------------

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def phase(self) -> Phase:
        return Phase.OVER if self.is_over else self.deal.phase

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.deal.current_player

    def legal_actions(self) -> tuple[Action, ...]:
        return () if self.is_over else self.deal.legal_actions()

    def view(self, seat: int) -> MatchView:
        return MatchView(
            self.deal.view(seat), self.totals, self.rules.target, self.history,
            sum(c.points for c in self.carries),
            self.rules.deals if isinstance(self.rules, TarotRules) else None,
        )

    def apply(self, action: Action) -> tuple[Self, list[Event]]:
        if self.is_over:
            raise IllegalAction("illegal.match_over")
        deal, events = self.deal.apply(action)
        match = self._evolve(deal=deal, actions=self.actions.then(action))
        if not deal.is_over:
            return match, events
        return match._after_deal(events)

    # --- between deals ---------------------------------------------------------------------

    def _evolve(self, **changes: Any) -> Self:
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.__dict__.update(changes)
        return new

    def _after_deal(self, events: list[Event]) -> tuple[Self, list[Event]]:
        result = self.deal.result()
        match = self
        if result is not None:
            match, award_events = self._record(result)
            events.extend(award_events)
            winner = match._match_winner(result)
            if winner is not None:
                games_lost = match._games_lost(winner)
                events.append(MatchOver(winner, match.totals, games_lost))
                return match._evolve(winner=winner, games_lost=games_lost), events
        return match._next_deal(result, events)

    def _record(self, result: DealResult) -> tuple[Self, list[Event]]:
        carried = [0] * len(self.totals)
        pending: list[Carry] = []
        events: list[Event] = []
        for carry in self.carries:
            side = _carry_recipient(carry, result)
            if side is None:
                pending.append(carry)
            else:
                carried[side] += carry.points
                events.append(CarryAwarded(side, carry.points))
        facts = result.facts
        if facts is not None and facts.frozen:
            pending.append(Carry(facts.frozen, facts.frozen_for))
        totals = tuple(
            t + s + c for t, s, c in zip(self.totals, result.scores, carried, strict=True)
        )
        record = DealRecord(self.number, self.dealer, self.deal_number(), result,
                            tuple(carried), totals)
        return self._evolve(totals=totals, carries=tuple(pending),
                            history=(*self.history, record)), events

    def _match_winner(self, result: DealResult) -> int | None:
        if isinstance(self.rules, TarotRules):
            return tarot_match_winner(self.rules, self.totals, len(self.history))
        facts = result.facts
        assert isinstance(facts, TrickFacts), "a 32-card deal's result has its facts"
        if facts.arret_winner is not None:
            return facts.arret_winner
        return match_winner(self.totals, self.rules.target, facts.tricks_won)

    def _games_lost(self, winner: int) -> int:
        if isinstance(self.rules, TarotRules):
            return 1
        return games_lost(self.rules.rubicon, self.rules.target, self.totals, winner)

    def _next_deal(
        self, result: DealResult | None, events: list[Event]
    ) -> tuple[Self, list[Event]]:
        dealer = self._next_dealer(result)
        number = self.number + 1
        seed = numbered_for(deal_seed(self.seed, number), dealer, self.players)
        deal, deal_events = new_deal_state(self.rules, seed, dealer, self.totals)
        events.append(NewDeal(number, dealer, seed))
        events.extend(deal_events)
        return self._evolve(deal=deal, number=number, dealer=dealer), events

    def _next_dealer(self, result: DealResult | None) -> int:
        """The seat after the dealer; where the winner deals (belote à 2, the
        découverte) the deal's winner (on a litige the defender; after a void deal, the
        other player)."""
        winner_deals = isinstance(self.rules, TrickGameRules) and self.rules.winner_deals
        if not winner_deals or result is None:
            return (self.dealer + 1) % self.players
        facts = result.facts
        assert facts is not None, "a scored deal's result has its facts"
        return 1 - facts.taker if facts.winner_side is None else facts.winner_side

    # --- saving ------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "version": SAVE_VERSION,
            "rules": self.rules.to_json(),
            "seed": self.seed,
            "actions": [action_to_json(a) for a in self.actions],
        } | ({} if self.first_deal is None else {"first_deal": self.first_deal})

    @classmethod
    def from_json(cls, data: object) -> Self:
        """Replay a saved match.  Raises SaveError for anything unreadable."""
        if not isinstance(data, dict):
            raise SaveError("a saved match must be a JSON object")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise SaveError("the save has no version number")
        if version > SAVE_VERSION:
            raise SaveError(f"this save comes from a newer Atout (format {version}); "
                            f"this version reads format {SAVE_VERSION}")
        if version < 1:
            raise SaveError(f"unknown save format {version}")
        rules = _rules_from_json(_upgraded_rules(data.get("rules"), version))
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SaveError("the save has no valid seed")
        raw_actions = data.get("actions")
        if not isinstance(raw_actions, list):
            raise SaveError("the save has no list of actions")
        first_deal = data.get("first_deal")
        valid_number = isinstance(first_deal, int) and not isinstance(first_deal, bool)
        if first_deal is not None and not (valid_number and 0 < first_deal < DEAL_NUMBERS):
            raise SaveError("the save's deal number is not valid")
        match, _ = cls.new(rules, seed, first_deal)
        for i, raw in enumerate(raw_actions):
            action = action_from_json(raw)
            try:
                match, _ = match.apply(action)
            except IllegalAction as exc:
                raise SaveError(f"action {i + 1} of the save cannot be replayed: {exc}") from exc
        return match


def _upgraded_rules(data: object, version: int) -> object:
    """The rules of a save of format ``version`` as this version reads them: before
    format 2, tarot's Excuse played in the last trick went to the trick's winner."""
    if version < 2 and isinstance(data, dict) and data.get("game") == TarotRules.game:
        return {"excuse_last_trick": ExcuseLastTrick.TRICK_WINNER.value} | data
    return data


def _rules_from_json(data: object) -> AnyRules:
    game = data.get("game") if isinstance(data, dict) else None
    if not isinstance(game, str) or game not in GAMES:
        raise SaveError("the save does not say which game it is")
    try:
        return rules_class(game).from_json(data)
    except RulesError as exc:
        raise SaveError(f"the save's rules are not valid: {exc}") from exc


def match_winner(
    totals: tuple[int, ...], target: int, tricks_won: tuple[int, ...]
) -> int | None:
    """The side that wins now: over the target, with a trick in the deal that took it
    there, and ahead of every other such side.  None: play on (a tie plays one more)."""
    eligible = [s for s, t in enumerate(totals) if t >= target and tricks_won[s] > 0]
    if not eligible:
        return None
    best = max(totals[s] for s in eligible)
    leaders = [s for s in eligible if totals[s] == best]
    return leaders[0] if len(leaders) == 1 else None


def tarot_match_winner(rules: TarotRules, totals: tuple[int, ...], deals: int) -> int | None:
    """After the last deal (or once a total reaches plus or minus the target): the best
    total wins; a tie at the top plays one more deal."""
    if rules.deals is not None:
        finished = deals >= rules.deals
    else:
        finished = any(abs(t) >= rules.target for t in totals)
    if not finished:
        return None
    best = max(totals)
    leaders = [s for s, t in enumerate(totals) if t == best]
    return leaders[0] if len(leaders) == 1 else None


def games_lost(rubicon: Rubicon, target: int, totals: tuple[int, ...], winner: int) -> int:
    """2 when the rubicon applies to the best loser, else 1."""
    if rubicon is Rubicon.OFF:
        return 1
    threshold = target if rubicon is Rubicon.SIMPLE else totals[winner]
    best_loser = max(t for s, t in enumerate(totals) if s != winner)
    return 2 if best_loser * 2 < threshold else 1


def _carry_recipient(carry: Carry, result: DealResult) -> int | None:
    if carry.eligible is None:
        return None if result.facts is None else result.facts.winner_side
    best = max(result.scores[s] for s in carry.eligible)
    leaders = [s for s in carry.eligible if result.scores[s] == best]
    return leaders[0] if len(leaders) == 1 else None


def deal_scored(events: list[Event]) -> DealResult | None:
    """The result announced among ``events``, if a deal ended there."""
    return next((e.result for e in events if isinstance(e, DealScored)), None)


def deal_bounds(match: Match) -> list[tuple[int, int]]:
    """The slice of ``match.actions`` of each scored deal, in order (``match.history``'s
    deals)."""
    replay, _ = Match.new(match.rules, match.seed, match.first_deal)
    start, bounds = 0, []
    for index, action in enumerate(match.actions):
        replay, events = replay.apply(action)
        if any(isinstance(e, DealScored) for e in events):
            bounds.append((start, index + 1))
        if any(isinstance(e, NewDeal) for e in events):
            start = index + 1
    return bounds
