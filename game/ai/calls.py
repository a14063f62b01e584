"""What the calls of a coinche auction say about the hands that made them: how far a
deal is from explaining them (``calls_misfit``), the weight of the Expert's sampled
deals, in the bidding simulation (``bid_search``) and in the card play
(``card_worlds``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.ai.bidding import estimate_from, last_bid
from game.ai.evaluate import suit_hand_values
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
    ``bidding.estimate_from`` reads)."""

    seat: int
    hand: tuple[Card, ...]
    bids: tuple[tuple[int, Action], ...]


def calls_misfit(view: TrickView, hands: Sequence[Sequence[Card]]) -> float:
    """How far ``hands`` are from explaining the other seats' calls, in points, taken
    as made the Confirmé's way: a suit bid from a hand worth about its value, a pass
    (with the contract not with partner) from a hand worth less than the next bid.
    Each 10 points out of keeping make the deal 10 times less likely (``WALK``):
    players bluff, and judge hands their own way."""
    return calls_misfit_of(view)(hands)


def calls_misfit_of(view: TrickView) -> Callable[[Sequence[Sequence[Card]]], float]:
    """``calls_misfit`` of any ``hands``, the auction read once (a walk judges many)."""
    seats = [(seat, seat_misfit_of(view, seat)) for seat in range(view.players)
             if seat != view.seat]
    return lambda hands: sum(misfit(hands[seat]) for seat, misfit in seats)


def seat_misfit(view: TrickView, seat: int, hand: Sequence[Card]) -> float:
    """``calls_misfit``'s part for the calls of ``seat`` holding ``hand`` (as dealt)."""
    return seat_misfit_of(view, seat)(hand)


def seat_misfit_of(view: TrickView, seat: int) -> Callable[[Sequence[Card]], float]:
    """``seat_misfit`` of any ``hand`` of ``seat``, the auction read once."""
    rules = default_rules(view)
    assert isinstance(rules, CoincheRules)
    tests = [test for i, (caller, _) in enumerate(view.bids) if caller == seat
             if (test := call_test(rules, view.bids, i)) is not None]
    suits = [s for s in Suit if any(s in test.suits for test in tests)]

    def misfit(hand: Sequence[Card]) -> float:
        if not tests:
            return 0.0
        values = suit_hand_values(hand, suits)
        return sum(test.misfit(values) for test in tests)

    return misfit


def call_misfit(rules: CoincheRules, bids: Sequence[tuple[int, Action]], index: int,
                hand: Sequence[Card]) -> float:
    """How far ``hand`` is from making call ``index`` of ``bids`` (0: in keeping)."""
    test = call_test(rules, bids, index)
    return 0.0 if test is None else test.misfit(suit_hand_values(hand, test.suits))


@dataclass(frozen=True)
class CallTest:
    """What a call asks of its caller's hand, the auction's part read once: a suit bid
    (``bid``: its value), that the side's estimate with its trump comes within
    ``BID_SLACK`` of it; a pass, that the best estimate among the suits stays under
    ``lowest``, the lowest bid it let go.  ``estimates``: per suit of ``suits``, the
    side's estimate from the hand's value with that trump (``bidding.estimate_from``)."""

    suits: tuple[Suit, ...]
    estimates: tuple[Callable[[float], float], ...]
    bid: int | None = None
    lowest: int = 0

    def misfit(self, values: dict[Suit, float]) -> float:
        """How far a hand whose values by trump are ``values`` is from the call."""
        if self.bid is not None:
            return max(0.0, self.bid - BID_SLACK - self.estimates[0](values[self.suits[0]]))
        worth = max(estimate(values[s]) for s, estimate in zip(self.suits, self.estimates,
                                                                 strict=True))
        return max(0.0, worth - self.lowest + 1)


def call_test(rules: CoincheRules, bids: Sequence[tuple[int, Action]],
              index: int) -> CallTest | None:
    """What call ``index`` of ``bids`` asks of its caller's hand; None: nothing (a
    pass with the contract on its side, a coinche, a capot...)."""
    seat, action = bids[index]
    past = _Past(seat, (), tuple(bids[:index]))
    current = last_bid(past.bids)
    if isinstance(action, Bid) and action.suit is not None and not action.is_capot:
        estimate = estimate_from(past, TrumpMode.SUIT, action.suit, rules)
        return CallTest((action.suit,), (estimate,), bid=action.value)
    if isinstance(action, Pass) and (current is None or current[0] % 2 != seat % 2):
        lowest = rules.lowest_bid if current is None else current[1].value + 10
        suits = tuple(Suit)
        return CallTest(suits, tuple(estimate_from(past, TrumpMode.SUIT, s, rules)
                                     for s in suits), lowest=lowest)
    return None
