"""The card decision's searches: the Expert's own (``InferenceSearch`` at the 32-card
games, ``TarotWorldSearch`` at tarot), keeping each rollout's outcome for the race."""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator
from typing import Any

from game.advice.budget import Budget, BudgetOf, table_budget
from game.advice.position import Position
from game.advice.race import AnySearch, CardPlay
from game.advice.sample import Outcome
from game.ai import Decision
from game.ai.appraisal import side_unit
from game.ai.deal_value import belote_scorer, finished_tally, seat_value, side_of, table_result
from game.ai.memory import Memory
from game.ai.play import card_args, play_action, play_phase
from game.ai.play_inference import InferenceSearch
from game.ai.tarot_auction_reading import CANDIDATES, auction_fit, shown_strengths
from game.ai.tarot_search import (
    TarotWorldSearch,
    World,
    attack_of,
    solved,
    start_rollout,
)
from game.core import kernels
from game.engine.actions import PlayCard
from game.engine.cards import Card
from game.engine.protocol import Action, Phase
from game.engine.tarot_actions import TarotPlayCard
from game.engine.tarot_cards import EXCUSE, TarotCard
from game.engine.tarot_tricks import TarotTrick, TarotView
from game.engine.trick_view import TrickView


def _plays(view: TrickView | TarotView) -> int:
    """The cards a rollout from ``view`` plays: about those left in every hand."""
    return len(view.hand) * view.players



def card_play(position: Position, budget_of: BudgetOf = table_budget) -> CardPlay | None:
    """The card decision's search, or None when the decision is not a choice of cards
    the Expert weighs by worlds."""
    view = position.view
    deal = view.deal
    if deal.phase is not Phase.PLAY or len(deal.legal) < 2:
        return None
    if isinstance(deal, TarotView):
        return _tarot_play(position, deal, budget_of(True))
    assert isinstance(deal, TrickView)
    return _trick_play(position, deal, view.target, budget_of(False))


def _trick_play(position: Position, view: TrickView, target: int | None,
                budget: Budget) -> CardPlay | None:
    found: list[tuple[Memory, list[Card], tuple[Card, str]]] = []

    def capture(v: Any, mem: Memory, cards: list[Card],
                fallback: tuple[Card, str]) -> tuple[Card, str]:
        if len(cards) > 1:
            found.append((mem, cards, fallback))
        return fallback

    rule = play_phase(view, target, capture)
    if not found:
        return None
    mem, cards, _ = found[0]
    plays = [a for a in view.legal if isinstance(a, PlayCard)]
    actions: dict[Action, Hashable] = {play_action(plays, c): c for c in cards}
    if not isinstance(rule.action, PlayCard):
        return None
    rule = Decision(play_action(plays, rule.action.card), rule.reason, card_args(rule.action.card))

    def new_search(rng: random.Random, worlds: int,
                   only: list[Any] | None) -> AnySearch:
        return _TrickSearch(view, mem, only or cards, rng, worlds)

    taking = None if view.taker is None else \
        side_of(view.players, view.taker) == side_of(view.players, view.seat)
    return CardPlay(position, new_search, budget, rule, actions, view, taking, _plays(view))


class _TrickSearch(InferenceSearch):
    """The Expert's 32-card search, keeping each rollout's outcome."""

    def __init__(self, view: Any, mem: Memory, cards: list[Card], rng: random.Random,
                 worlds: int) -> None:
        super().__init__(view, mem, cards, rng, worlds)
        self.details: dict[tuple[int, Hashable], Outcome] = {}
        self._result = table_result(view, self.rules)
        self._unit = side_unit(view.players)
        self._side = side_of(view.players, view.seat)

    def value(self, world: list[tuple[Card, ...]], card: Card) -> float:
        view = self.view
        finished, owned = self.played_out(world, card)
        aim: bool | None = None
        if self._result is None:
            value, points = seat_value(view, finished.points), 0.0
        else:
            tally = finished_tally(view, self.rules, finished.points, finished.tricks,
                                   belote_scorer(view, self.mem.trump, owned))
            result = self._result(tally)
            value, points = seat_value(view, result.scores), float(result.scores[self._side])
            if result.facts is not None:
                taking = result.facts.taker == self._side
                aim = result.facts.made == taking
        winner = finished.current_winner
        won = dict(finished.current)[winner]
        led = finished.current[0][1].suit
        trump = self.mem.trump.suit
        ours = side_of(view.players, winner) == self._side
        ruffed = not ours and trump is not None and won.suit == trump and led != trump
        self.details[(len(self.values), card)] = Outcome(
            value * self._unit, points, aim, ours, str(won), ruffed)
        return value


def _tarot_play(position: Position, view: TarotView, budget: Budget) -> CardPlay | None:
    probe = TarotWorldSearch(view, random.Random(0), 1)
    if not probe.weighs:
        return None
    actions: dict[Action, Hashable] = {
        a: next(c for c in probe.cards if _same_class(probe, a.card, c))
        for a in view.legal if isinstance(a, TarotPlayCard)}

    def new_search(rng: random.Random, worlds: int,
                   only: list[Any] | None) -> AnySearch:
        search = _TarotSearch(view, rng, worlds, budget.weighed_draws)
        search.cards = only or search.cards
        return search

    rule = probe.confirme
    assert isinstance(rule.action, TarotPlayCard)
    taking = view.seat == view.taker or view.called in view.hand
    return CardPlay(position, new_search, budget, rule, actions, view, taking, _plays(view))


def _same_class(search: TarotWorldSearch, card: TarotCard, kept: TarotCard) -> bool:
    from game.ai.tarot_search import same_value

    return same_value(card, kept, search.located)


class _TarotSearch(TarotWorldSearch):
    """The Expert's tarot search, keeping each world's outcome.  A world's candidates are
    rolled out in one call (``kernels.TarotPlayOuts.traced``, the compiled core's or its
    Python twin's: the same values, the same outcomes) and its endgame solved.  The exact
    endgame keeps the Python solver's reach (``ENDGAME_TRICKS``, no budget of positions),
    so the verdict is the same with the core and without it."""

    def __init__(self, view: TarotView, rng: random.Random, worlds: int,
                 weighed: bool = False) -> None:
        """``weighed``: every world drawn is kept, weighed by how well it fits the
        auction (``draws``), rather than one kept among ``CANDIDATES`` in proportion to
        that fit (``tarot_auction_reading.read_draw``, the Expert's way)."""
        super().__init__(view, rng, worlds)
        self.weighed = weighed
        self.draws: list[float] = []  # each world's weight, when ``weighed``
        self.details: dict[tuple[int, Hashable], Outcome] = {}
        self._traced: tuple[World, dict[TarotCard, Outcome]] | None = None
        self._solves: tuple[World, kernels.SolveTable] | None = None

    def world_stream(self) -> Iterator[World]:
        """The Expert's worlds; ``weighed``: the cap of uniform draws, each weighed by
        its fit to the auction (the same likely deals as the Expert's resampling, every
        draw kept: a draw costs about as much as a world's rollouts with the core, and
        eleven in twelve were thrown away).  A draw that finds no world is skipped, up
        to ``CANDIDATES`` in a row."""
        if not self.weighed:
            yield from super().world_stream()
            return
        view = self.view
        shown = shown_strengths(view)  # auction_fit is 1 when no other seat spoke
        misses = 0
        while len(self.draws) < self.cap and misses < CANDIDATES:
            world = self._draw()
            if world is None:
                misses += 1
                continue
            misses = 0
            self.draws.append(auction_fit(view, world.holdings, world.pile, shown=shown))
            yield world

    def value(self, world: World, card: TarotCard) -> float:
        outcome = (self._solved_outcome(world, card) if self._evaluate is solved
                   else self._rolled_outcome(world, card))
        self.details[(len(self.values), card)] = outcome
        return outcome.value

    def _rolled_outcome(self, world: World, card: TarotCard) -> Outcome:
        """``card``'s play-out in ``world``: the world's candidates' at the first asked
        (one call)."""
        if self._traced is not None and self._traced[0] is world and card in self._traced[1]:
            return self._traced[1][card]
        cards = self.cards if card in self.cards else [card]
        traces = self.playouts.traced(world, cards)
        self._traced = (world, {c: _rolled(self.view.seat, *trace)
                                for c, trace in zip(cards, traces, strict=True)})
        return self._traced[1][card]

    def _solved_outcome(self, world: World, card: TarotCard) -> Outcome:
        """``card``'s exact value in ``world`` (its solves share a table)."""
        if self._solves is None or self._solves[0] is not world:
            self._solves = (world, self.playouts.table(UNBOUNDED, world))
        marks = self.playouts.solved(world, card, self._solves[1])
        attacking = self.view.seat in _attack(self.view, world)
        return Outcome(marks, marks, _aim(marks, attacking), None, "", False)


UNBOUNDED = 10 ** 12  # the positions an advice's exact solve may search: no limit


def _attack(view: TarotView, world: World) -> frozenset[int]:
    """The attack's seats in ``world`` (the called card's holder with the taker)."""
    return attack_of(view, start_rollout(view, world).partner)


def _aim(marks: float, attacking: bool) -> bool:
    """The seat's camp reached its aim (the contract made for the attack, set for the
    defence), read from the seat's marks: an attacker's have the sign of what each
    defender pays, a defender's the other sign (a deal where no one pays counts as set)."""
    return marks > 0 if attacking else marks >= 0


def _rolled(seat: int, marks: float, attack: frozenset[int], trick: TarotTrick) -> Outcome:
    """A play-out's outcome: the seat's ``marks``, and the trick under way as it
    finished (``attack``: the camps of that world)."""
    plays = dict(trick.plays)
    winning = plays[trick.winner]
    ours = (trick.winner in attack) == (seat in attack)
    led = next((c for _, c in trick.plays if c is not EXCUSE), None)
    ruffed = not ours and winning.is_trump and led is not None and not led.is_trump
    return Outcome(marks, marks, _aim(marks, seat in attack), ours, winning.code, ruffed)
