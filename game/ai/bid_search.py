"""Coinche, Expert level: the bidding by simulation.

The Confirmé bidding judges a hand by points counted card by card and assumes an
average partner.  The Expert plays the deal out instead: it deals the hidden cards a
few times among the other seats (weighted by what their bids and passes say), finishes
each of those deals with the Confirmé play, every seat seeing every hand, for each trump
it could bid and for the contract on the table, and scores each result with the table's
own scoring (``score_coinche``).  Between passing and each legal suit bid it says what
scores best on average, keeping the Confirmé call unless another is clearly better
(``SWITCH_MARGIN``).

One step ahead only: the auction is taken to stop after this call (a bid that will
be raised or coinched is judged as if it stood).  Coinche and surcoinche stay the
Confirmé's: measured against the real outcome of Confirmé contracts, the simulation
thinks them weaker than they are (the open-handed defence is too strong, the sampled
hands too weak), and coinching by it lost 37 points a deal (``bench/HISTORY.md``).
No-trump and all-trump bids (a house rule) are left to the Confirmé too.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.ai.bidding import coinche_bidding, last_bid
from game.ai.calls import calls_misfit_of
from game.ai.decision import Decision
from game.ai.memory import belote_pair
from game.ai.metropolis import Walk, walk_deals
from game.ai.sampler import default_rules
from game.ai.search import trick32_kernel
from game.engine.actions import Bid, Coinche, Pass, Surcoinche
from game.engine.cards import DECK32, Card, Suit, TrumpMode
from game.engine.deal_scoring import SideTally, score_coinche, tally_of
from game.engine.protocol import Action
from game.engine.rules import CoincheRules
from game.engine.trick_view import TrickView
from game.engine.tricks import Trump

WORLDS = 12
WALK = Walk(burn_in=200, thinning=20, span=10.0)
SWITCH_MARGIN = 15.0  # points per deal another call must gain over the Confirmé's


@dataclass(frozen=True)
class Contract:
    """A contract as the simulation scores it."""

    takers: int  # side: 0 or 1
    bid: Bid
    coinche_level: int


def expert_coinche_bidding(view: TrickView, rng: random.Random, worlds: int = WORLDS,
                           margin: float = SWITCH_MARGIN) -> Decision:
    return weigh_coinche_calls(view, rng, worlds, margin)[0]


def weigh_coinche_calls(view: TrickView, rng: random.Random, worlds: int = WORLDS,
                        margin: float = SWITCH_MARGIN) -> tuple[Decision, dict[Action, float]]:
    """The call, and the expected score (my side's minus the other's) of passing and of
    each legal suit bid (none when the simulation was not used)."""
    confirme = coinche_bidding(view)
    if isinstance(confirme.action, Coinche | Surcoinche) or (
            isinstance(confirme.action, Bid) and confirme.action.mode is not TrumpMode.SUIT):
        return confirme, {}
    rules = default_rules(view)
    assert isinstance(rules, CoincheRules)
    if rules.decouverte:  # piles, not hands: the open-handed play-outs do not apply
        return confirme, {}
    deals = sample_deals(view, rng, worlds)
    if not deals:
        return confirme, {}
    judge = Judge(view, rules, deals)
    options = _options(view, rules, judge)
    if not options:
        return confirme, {}
    weighed = [a for a in view.legal if isinstance(a, Pass) or _simulated_bid(a)]
    values = {a: judge.value_of(a) for a in weighed}
    mine = judge.value_of(confirme.action)
    best_action, best_value = max(options.items(), key=lambda item: item[1])
    if best_action == confirme.action or best_value < mine + margin:
        return confirme, values
    return _explained(best_action, best_value), values


def _simulated_bid(action: Action) -> bool:
    return isinstance(action, Bid) and action.suit is not None and not action.is_capot


def _explained(action: Action, value: float) -> Decision:
    expected = ("value", str(round(value)))
    if isinstance(action, Bid):
        assert action.suit is not None
        return Decision(action, "hint.bid_simulated",
                        (("bid", str(action.value)), ("trump", action.suit.symbol), expected))
    return Decision(action, "hint.pass_simulated", (expected,))


def _options(view: TrickView, rules: CoincheRules, judge: Judge) -> dict[Action, float]:
    """The expected score of each call worth weighing: pass, and the best value of
    each suit bid."""
    options: dict[Action, float] = {Pass(): judge.value_of(Pass())}
    by_suit: dict[Suit, list[Bid]] = {}
    for action in view.legal:
        if _simulated_bid(action):
            assert isinstance(action, Bid) and action.suit is not None
            by_suit.setdefault(action.suit, []).append(action)
    for bids in by_suit.values():
        values = {b: judge.value_of(b) for b in bids}
        best = max(values, key=lambda b: values[b])
        options[best] = values[best]
    return options


# --- the worlds -------------------------------------------------------------------------------


Deal = list[tuple[Card, ...]]  # one hand per seat


def sample_deals(view: TrickView, rng: random.Random, count: int) -> list[Deal]:
    """``count`` deals of the cards I do not hold, in proportion to how well they
    explain the other seats' calls (``calls_misfit``, ``metropolis``).  At the contrée
    à deux the twelve cards aside are one more place the walk deals to (after the hands)."""
    others = [s for s in range(view.players) if s != view.seat]
    movable = others + ([view.players] if view.aside_count else [])
    hidden = [c for c in DECK32 if c not in view.hand]
    rng.shuffle(hidden)
    places = [list(view.hand) if s == view.seat else [] for s in range(view.players)]
    places += [[]] if view.aside_count else []
    start = 0
    for place in movable:
        size = view.aside_count if place == view.players else len(view.hand)
        places[place], start = hidden[start:start + size], start + size
    deals = walk_deals(places, movable, calls_misfit_of(view), rng, count, WALK)
    return [list(deal[:view.players]) for deal in deals]


# --- playing the worlds out -------------------------------------------------------------------


class Judge:
    """Expected scores of calls over the sampled deals (deals played once per trump and
    taking side, then scored for each contract)."""

    def __init__(self, view: TrickView, rules: CoincheRules,
                 deals: list[Deal]) -> None:
        self.view, self.rules, self.deals = view, rules, deals
        self.side = view.seat % 2
        self._tallies: dict[tuple[Suit, int], list[SideTally]] = {}
        current = last_bid(view.bids)
        self.current = None if current is None else Contract(
            current[0] % 2, current[1], view.coinche_level)

    def value_of(self, action: Action) -> float:
        contract = self._contract_after(action)
        if contract is None:
            return 0.0  # the deal is void if everybody passes
        return self.expected(contract)

    def _contract_after(self, action: Action) -> Contract | None:
        if isinstance(action, Bid):
            return Contract(self.side, action, 0)
        return self.current  # a pass leaves the contract on the table

    def expected(self, contract: Contract) -> float:
        """My side's score minus the other's, averaged over the deals."""
        suit = contract.bid.suit
        if suit is None or not self.deals:
            return 0.0
        total = 0.0
        for tally in self.tallies(contract):
            scores = score_coinche(self.rules, contract.bid, contract.coinche_level,
                                   contract.takers, tally).scores
            total += scores[self.side] - scores[1 - self.side]
        return total / len(self.deals)

    def tallies(self, contract: Contract) -> list[SideTally]:
        """The play-outs of ``contract``'s trump and takers, one a deal (a bench
        experiment may correct them: ``bench/simulated_doubling.py``)."""
        assert contract.bid.suit is not None
        return self._tally(contract.bid.suit, contract.takers)

    def _tally(self, suit: Suit, takers: int) -> list[SideTally]:
        key = (suit, takers)
        if key not in self._tallies:
            taker = next(s for s in range(self.view.players) if s % 2 == takers)
            self._tallies[key] = [
                play_out(hands, Trump(TrumpMode.SUIT, suit), taker,
                         (self.view.dealer + 1) % self.view.players, self.rules)
                for hands in self.deals]
        return self._tallies[key]


def play_out(dealt: Sequence[Sequence[Card]], trump: Trump, taker: int, leader: int,
             rules: CoincheRules) -> SideTally:
    """The deal played to its end by the Confirmé play, open-handed (by the kernel's
    ``play_out``: the compiled core's, or ``search.python_play_out``)."""
    points, tricks = trick32_kernel().play_out(dealt, trump, taker, leader, rules)
    # The others' announcements are not known when bidding: none counted.
    return tally_of(rules, points, tricks, belote_seat=_belote_seat(dealt, trump))


def _belote_seat(dealt: Sequence[Sequence[Card]], trump: Trump) -> int | None:
    """The seat dealt the trump king and queen (the computer players always say it)."""
    return next((seat for seat, hand in enumerate(dealt)
                 if len(belote_pair(hand, trump)) == 2), None)
