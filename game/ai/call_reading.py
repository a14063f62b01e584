"""What a coinche call shows, as the computer players read it ("what does this call
show?"): hands the caller may hold, drawn from the cards the asking seat cannot see and
kept when the call is in keeping with them by the same model of calls the Expert weighs
its deals with (``calls.call_misfit``), then summed up: the trumps, the jack and the nine,
the outside aces.  From a seat's view only, and reproducible: the draws are seeded by
the deal and the call."""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass

from game.ai.calls import call_misfit
from game.ai.sampler import default_rules
from game.engine.actions import Bid, Pass
from game.engine.cards import DECK32, Card, Rank, Suit
from game.engine.rules import CoincheRules
from game.engine.trick_view import TrickView

DRAWS = 400  # hands drawn for one reading: the shares below move by a few points
HAND = 8


@dataclass(frozen=True)
class CallReading:
    """A call read: a suit bid's trumps (the median), how often the jack and the nine
    are among them, the outside aces (on average); for a pass, how often the caller
    holds the jack and the nine of one suit; and how many drawn hands fitted."""

    seat: int
    call: Bid | Pass
    fitted: int
    trumps: int = 0
    jack: float = 0.0
    nine: float = 0.0
    aces: float = 0.0
    jack_and_nine: float = 0.0  # a pass: some suit's jack and nine together


def read_call(view: TrickView, index: int, seed: int) -> CallReading | None:
    """Call ``index`` of ``view.bids`` (a suit bid or a pass, at coinche) as the
    computers read it, from ``view``'s cards only; None for another call."""
    rules = default_rules(view)
    seat, call = view.bids[index]
    if not isinstance(rules, CoincheRules) or seat == view.seat:
        return None
    if not (isinstance(call, Pass) or (isinstance(call, Bid) and call.suit is not None
            and not call.is_capot)):
        return None
    known, pool = _cards(view, seat)
    rng = random.Random(seed * 1000 + index)
    fitting = []
    for _ in range(DRAWS):
        hand = known + rng.sample(pool, HAND - len(known))
        if call_misfit(rules, view.bids, index, hand) == 0:
            fitting.append(hand)
    if not fitting:
        return CallReading(seat, call, 0)
    return _summed(seat, call, fitting)


def _cards(view: TrickView, seat: int) -> tuple[list[Card], list[Card]]:
    """The caller's cards known to ``view`` (those it played) and the cards it may
    hold besides: neither the viewer's own nor played by another seat."""
    plays = [play for trick in view.tricks for play in trick.plays] + list(view.trick)
    known = [card for player, card in plays if player == seat]
    seen = set(view.hand) | {card for _, card in plays}
    return known, [card for card in DECK32 if card not in seen]


def _summed(seat: int, call: Bid | Pass, hands: list[list[Card]]) -> CallReading:
    count = len(hands)
    if isinstance(call, Pass):
        both = sum(any({Card(suit, Rank.JACK), Card(suit, Rank.NINE)} <= set(hand)
                       for suit in Suit) for hand in hands)
        aces = statistics.fmean(sum(c.rank is Rank.ACE for c in hand) for hand in hands)
        return CallReading(seat, call, count, aces=aces, jack_and_nine=both / count)
    trump = call.suit
    assert trump is not None
    return CallReading(
        seat, call, count,
        trumps=round(statistics.median(sum(c.suit is trump for c in hand) for hand in hands)),
        jack=sum(Card(trump, Rank.JACK) in hand for hand in hands) / count,
        nine=sum(Card(trump, Rank.NINE) in hand for hand in hands) / count,
        aces=statistics.fmean(sum(c.rank is Rank.ACE and c.suit is not trump for c in hand)
                              for hand in hands))
