"""Belote contrée / coinche, four players (``shared/rules/coinche.md``)."""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Self

from game.engine.actions import (
    CAPOT_BID,
    AsideLaid,
    Bid,
    BidMade,
    Coinche,
    ContractSet,
    DealVoid,
    PacketDealt,
    Pass,
    Surcoinche,
    bid,
)
from game.engine.cards import DECK32, Card, Suit, TrumpMode, shuffled_deck32
from game.engine.deal_scoring import TEAM_NAMES as TEAM_NAMES
from game.engine.deal_scoring import SideTally
from game.engine.deal_scoring import score_coinche as score_coinche
from game.engine.protocol import Action, DealResult, Event, IllegalAction, Phase
from game.engine.rules import CoincheRules, TarotRules, TrickGameRules
from game.engine.trickgame import TrickDeal, lay_out
from game.engine.tricks import ALL_TRUMP, NO_TRUMP, Trump


@functools.cache
def all_bids(rules: CoincheRules) -> tuple[Bid, ...]:
    """Every bid the rules allow, lowest first."""
    trumps: list[tuple[Suit | None, TrumpMode]] = [(s, TrumpMode.SUIT) for s in Suit]
    if rules.sans_atout_tout_atout:
        trumps += [(None, TrumpMode.NO_TRUMP), (None, TrumpMode.ALL_TRUMP)]
    values = (*rules.bid_ladder, CAPOT_BID)
    return tuple(bid(v, suit, mode) for v in values for suit, mode in trumps)


@functools.cache
def bids_above(rules: CoincheRules, value: int) -> tuple[Bid, ...]:
    return tuple(b for b in all_bids(rules) if b.value > value)


def trump_of(bid: Bid) -> Trump:
    if bid.mode is TrumpMode.NO_TRUMP:
        return NO_TRUMP
    if bid.mode is TrumpMode.ALL_TRUMP:
        return ALL_TRUMP
    assert bid.suit is not None
    return Trump.of_suit(bid.suit)


def deal_packets(
    deck: Sequence[Card], first: int, players: int, sizes: Sequence[int]
) -> tuple[list[list[Card]], list[tuple[int, tuple[Card, ...]]]]:
    """Deal ``deck`` packet by packet from seat ``first``: the hands and the packets."""
    hands: list[list[Card]] = [[] for _ in range(players)]
    packets: list[tuple[int, tuple[Card, ...]]] = []
    position = 0
    for size in sizes:
        for offset in range(players):
            seat = (first + offset) % players
            packet = tuple(deck[position:position + size])
            position += size
            hands[seat].extend(packet)
            packets.append((seat, packet))
    return hands, packets


@dataclass(frozen=True, eq=False)
class CoincheDeal(TrickDeal):
    rules: CoincheRules
    contract: Bid | None = None
    coinche_level: int = 0  # 0, 1 coinched, 2 surcoinched
    passes: int = 0  # consecutive passes
    undealt: tuple[Card, ...] = ()  # the contrée à deux: the twelve cards out of the deal

    # --- creation ------------------------------------------------------------------------

    @classmethod
    def new(cls, rules: CoincheRules, seed: int, dealer: int = 0) -> tuple[Self, list[Event]]:
        return cls.from_deck(rules, shuffled_deck32(random.Random(seed)), dealer)

    @classmethod
    def from_deck(
        cls, rules: CoincheRules, deck: Sequence[Card], dealer: int = 0
    ) -> tuple[Self, list[Event]]:
        """Deal ``deck`` from its first card, as a dealer would: eight cards each at
        four; ten each and twelve aside at two; the découverte's piles."""
        if sorted(deck) != sorted(DECK32):
            raise ValueError("the deck must hold the 32 cards once each")
        if rules.decouverte:
            ups, piles, laid = lay_out(deck, dealer)
            return cls._bidding_start(rules, ups, dealer).evolve(piles=piles), laid
        n = rules.players
        sizes = rules.packets.sizes if n == 4 else rules.packets.two_player_sizes
        hands, packets = deal_packets(deck, (dealer + 1) % n, n, sizes)
        dealt = n * sum(sizes)
        events: list[Event] = [PacketDealt(s, len(p), p) for s, p in packets]
        if dealt < len(deck):
            events.append(AsideLaid(len(deck) - dealt))
        state = cls._bidding_start(rules, hands, dealer)
        return state.evolve(undealt=tuple(deck[dealt:])), events

    @classmethod
    def from_hands(
        cls, rules: CoincheRules, hands: Sequence[Sequence[Card]], dealer: int = 0
    ) -> Self:
        if len(hands) != 4 or sorted(len(h) for h in hands) != [8, 8, 8, 8]:
            raise ValueError("coinche needs four hands of eight cards")
        if len({c for h in hands for c in h}) != 32:
            raise ValueError("the hands must hold the 32 cards once each")
        return cls._bidding_start(rules, hands, dealer)

    @classmethod
    def _bidding_start(
        cls, rules: CoincheRules, hands: Sequence[Sequence[Card]], dealer: int
    ) -> Self:
        return cls(
            rules=rules, dealer=dealer, hands=tuple(tuple(h) for h in hands),
            phase=Phase.BIDDING, turn=(dealer + 1) % rules.players,
        )

    # --- bidding ---------------------------------------------------------------------------

    def _legal_other_actions(self) -> tuple[Action, ...]:
        seat = self.turn
        assert seat is not None
        actions: list[Action] = [Pass()]
        contract = self.contract
        if contract is None or self.coinche_level == 0:
            actions.extend(self._higher_bids())
        if contract is not None:
            bidder = self._bidder()
            same_side = self.side_of(seat) == self.side_of(bidder)
            if self.coinche_level == 0 and not same_side:
                actions.append(Coinche())
            if self.coinche_level == 1 and same_side:
                actions.append(Surcoinche())
        return tuple(actions)

    def _higher_bids(self) -> tuple[Action, ...]:
        return bids_above(self.rules, self.contract.value if self.contract else 0)

    def _bidder(self) -> int:
        for seat, action in reversed(self.bids):
            if isinstance(action, Bid):
                return seat
        raise AssertionError("no bid yet")

    def _apply_other(self, action: Action) -> tuple[Self, list[Event]]:
        seat = self.turn
        assert seat is not None
        if not self.is_legal(action):
            raise IllegalAction(self._why_bid_illegal(action))
        bids = (*self.bids, (seat, action))
        events: list[Event] = [BidMade(seat, action)]
        nxt = self.next_seat(seat)
        if isinstance(action, Pass):
            passes = self.passes + 1
            if self.contract is None and passes == self.players:
                return self.evolve(bids=bids, phase=Phase.OVER, turn=None, void=True), [
                    *events, DealVoid()]
            if self.contract is not None and passes == self.players - 1:
                return self._close_bidding(bids, events)
            return self.evolve(bids=bids, passes=passes, turn=nxt), events
        if isinstance(action, Bid):
            return self.evolve(bids=bids, contract=action, passes=0, turn=nxt), events
        if isinstance(action, Coinche):
            return self.evolve(bids=bids, coinche_level=1, passes=0, turn=nxt), events
        return self.evolve(bids=bids, coinche_level=2)._close_bidding(bids, events)

    def _why_bid_illegal(self, action: Action) -> str:
        """The i18n key of the rule that refuses ``action`` in the bidding."""
        if isinstance(action, Bid):
            if self.coinche_level:
                return "illegal.bid_after_coinche"
            return "illegal.bid_higher"
        if isinstance(action, Coinche):
            return "illegal.coinche"
        if isinstance(action, Surcoinche):
            return "illegal.surcoinche"
        return "illegal.not_now"

    def _close_bidding(
        self, bids: tuple[tuple[int, Action], ...], events: list[Event]
    ) -> tuple[Self, list[Event]]:
        contract = self.contract
        assert contract is not None
        taker = self._bidder()
        trump = trump_of(contract)
        events.append(ContractSet(taker, trump, contract.value, self.coinche_level))
        return self._start_play(trump, taker, bids=bids, passes=0), events

    def _view_extra(self, seat: int) -> dict[str, Any]:
        return {
            "contract_value": self.contract.value if self.contract else None,
            "coinche_level": self.coinche_level,
            "aside_count": len(self.undealt),
        }

    # --- scoring ---------------------------------------------------------------------------

    def _score(self, tally: SideTally) -> DealResult:
        assert self.contract is not None and self.taker is not None
        return score_coinche(
            self.rules, self.contract, self.coinche_level, self.side_of(self.taker), tally
        )


def new_coinche_deal(rules: TrickGameRules | TarotRules, seed: int, dealer: int,
                     totals: tuple[int, ...]) -> tuple[CoincheDeal, list[Event]]:
    """A new deal, as the registry starts one (``games.COINCHE``); the match's totals
    change nothing at coinche."""
    assert isinstance(rules, CoincheRules)
    return CoincheDeal.new(rules, seed, dealer)
