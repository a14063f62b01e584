"""What the calls of a coinche auction say about the hands that made them: how far a
deal is from explaining them (``calls_misfit``), the weight of the Expert's sampled
deals, in the bidding simulation (``bid_search``) and in the card play
(``card_worlds``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.ai.bidding import last_bid, team_estimate
from game.ai.sampler import default_rules
from game.engine.actions import Bid, Pass
from game.engine.cards import Card, Suit, TrumpMode
from game.engine.protocol import Action
from game.engine.rules import CoincheRules
from game.engine.trick_view import TrickView

BID_SLACK = 10  # a bid is in keeping with a hand worth this much less


@dataclass(frozen=True)
class _Past:
    """A seat's view of the bidding when it made an earlier call (what
    ``team_estimate`` reads)."""

    seat: int
    hand: tuple[Card, ...]
    bids: tuple[tuple[int, Action], ...]


def calls_misfit(view: TrickView, hands: Sequence[Sequence[Card]]) -> float:
    """How far ``hands`` are from explaining the other seats' calls, in points, taken
    as made the Confirmé's way: a suit bid from a hand worth about its value, a pass
    (with the contract not with partner) from a hand worth less than the next bid.
    Each 10 points out of keeping make the deal 10 times less likely (``WALK``):
    players bluff, and judge hands their own way."""
    return sum(seat_misfit(view, seat, hands[seat])
               for seat in range(view.players) if seat != view.seat)


def seat_misfit(view: TrickView, seat: int, hand: Sequence[Card]) -> float:
    """``calls_misfit``'s part for the calls of ``seat`` holding ``hand`` (as dealt)."""
    rules = default_rules(view)
    assert isinstance(rules, CoincheRules)
    return sum(call_misfit(rules, view.bids, i, hand)
               for i, (caller, _) in enumerate(view.bids) if caller == seat)


def call_misfit(rules: CoincheRules, bids: Sequence[tuple[int, Action]], index: int,
                hand: Sequence[Card]) -> float:
    """How far ``hand`` is from making call ``index`` of ``bids`` (0: in keeping)."""
    seat, action = bids[index]
    past = _Past(seat, tuple(hand), tuple(bids[:index]))
    current = last_bid(past.bids)
    if isinstance(action, Bid) and action.suit is not None and not action.is_capot:
        worth = team_estimate(past, TrumpMode.SUIT, action.suit, rules)
        return max(0.0, action.value - BID_SLACK - worth)
    if isinstance(action, Pass) and (current is None or current[0] % 2 != seat % 2):
        lowest = rules.lowest_bid if current is None else current[1].value + 10
        worth = max(team_estimate(past, TrumpMode.SUIT, s, rules) for s in Suit)
        return max(0.0, worth - lowest + 1)
    return 0.0
