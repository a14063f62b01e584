"""Belote classique (``shared/rules/belote.md``): four players in two teams, or three and
two players each for himself."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Self

from game.engine.actions import (
    BergereShown,
    BidMade,
    ChooseMode,
    ChooseTrump,
    ContractSet,
    DealVoid,
    ExchangeSeven,
    PacketDealt,
    Pass,
    RetourneTurned,
    SevenExchanged,
    Stop,
    Stopped,
    Take,
)
from game.engine.cards import DECK32, Card, Rank, Suit, TrumpMode, card, shuffled_deck32
from game.engine.coinche import deal_packets
from game.engine.deal_scoring import TEAM_NAMES, SideTally, TrickFacts, belote_score_lines
from game.engine.deal_scoring import score_belote_each as score_belote_each
from game.engine.deal_scoring import score_belote_teams as score_belote_teams
from game.engine.protocol import Action, DealResult, Event, IllegalAction, Phase, ScoreLine
from game.engine.rules import BeloteRules, TarotRules, TrickGameRules
from game.engine.trickgame import TrickDeal, lay_out
from game.engine.tricks import ALL_TRUMP, NO_TRUMP, Trump

# Round 2 with the ``sans_atout_tout_atout`` option: after the suits.
ROUND2_MODES = (ChooseMode(TrumpMode.NO_TRUMP), ChooseMode(TrumpMode.ALL_TRUMP))


def first_deal_sizes(players: int) -> tuple[int, ...]:
    """Five cards (3 then 2) at four players; six (3 + 3) at two or three."""
    return (3, 2) if players == 4 else (3, 3)


@dataclass(frozen=True, eq=False)
class BeloteDeal(TrickDeal):
    rules: BeloteRules
    stock: tuple[Card, ...] = ()  # the cards not dealt yet, in dealing order
    retourne: Card | None = None
    bergere: Card | None = None
    round: int = 1
    passes: int = 0
    # The arrêt (option): the match score before this deal, and a taker's claim.
    match_totals: tuple[int, ...] = ()
    stopper: int | None = None
    stop_reached: bool = False

    # --- creation ------------------------------------------------------------------------

    @classmethod
    def new(
        cls, rules: BeloteRules, seed: int, dealer: int = 0, totals: tuple[int, ...] = ()
    ) -> tuple[Self, list[Event]]:
        return cls.from_deck(rules, shuffled_deck32(random.Random(seed)), dealer, totals)

    @classmethod
    def from_deck(
        cls,
        rules: BeloteRules,
        deck: Sequence[Card],
        dealer: int = 0,
        totals: tuple[int, ...] = (),
    ) -> tuple[Self, list[Event]]:
        """Deal ``deck`` from its first card, as a dealer would (for tests and replays)."""
        if sorted(deck) != sorted(DECK32):
            raise ValueError("the deck must hold the 32 cards once each")
        totals = totals or (0,) * (2 if rules.has_teams else rules.players)
        if rules.decouverte:
            return cls._laid_out(rules, deck, dealer, totals)
        n = rules.players
        sizes = first_deal_sizes(n)
        hands, packets = deal_packets(deck, (dealer + 1) % n, n, sizes)
        dealt = sum(sizes) * n
        retourne = deck[dealt]
        events: list[Event] = [PacketDealt(s, len(p), p) for s, p in packets]
        events.append(RetourneTurned(retourne))
        state = cls(
            rules=rules, dealer=dealer, hands=tuple(tuple(h) for h in hands),
            phase=Phase.BIDDING, turn=(dealer + 1) % n, retourne=retourne,
            stock=tuple(deck[dealt + 1:]), match_totals=totals,
        )
        return state, events

    @classmethod
    def _laid_out(
        cls, rules: BeloteRules, deck: Sequence[Card], dealer: int, totals: tuple[int, ...]
    ) -> tuple[Self, list[Event]]:
        """The découverte: every card on the table; the last one dealt, the dealer's
        last face-up card, shows the trump of the first round (it stays his to play)."""
        hands, piles, events = lay_out(deck, dealer)
        state = cls(
            rules=rules, dealer=dealer, hands=hands, phase=Phase.BIDDING,
            turn=1 - dealer, retourne=deck[-1], piles=piles, match_totals=totals,
        )
        return state, events

    # --- bidding and the exchange ------------------------------------------------------------

    def _legal_other_actions(self) -> tuple[Action, ...]:
        if self.phase is Phase.EXCHANGE:
            return (ExchangeSeven(), Pass())
        assert self.retourne is not None
        if self.round == 1:
            return (Take(), Pass())
        suits = [s for s in Suit
                 if s != self.retourne.suit or self.rules.round2_same_suit_allowed]
        modes = ROUND2_MODES if self.rules.sans_atout_tout_atout else ()
        return (*(ChooseTrump(s) for s in suits), *modes, Pass())

    def _apply_other(self, action: Action) -> tuple[Self, list[Event]]:
        if not self.is_legal(action):
            raise IllegalAction(self._why_illegal_bid(action))
        seat = self.turn
        assert seat is not None and self.retourne is not None
        if self.phase is Phase.EXCHANGE:
            return self._exchange(seat, isinstance(action, ExchangeSeven))
        bids = (*self.bids, (seat, action))
        events: list[Event] = [BidMade(seat, action)]
        if isinstance(action, Pass):
            return self._after_pass(bids, events)
        trump = self._trump_taken(action)
        events.append(ContractSet(seat, trump))
        if self.piles:  # the découverte: every card is dealt already
            return self.evolve(bids=bids)._start_play(trump, seat), events
        return self.evolve(bids=bids)._second_deal(seat, trump, events)

    def _trump_taken(self, action: Action) -> Trump:
        assert self.retourne is not None
        if isinstance(action, ChooseMode):
            return NO_TRUMP if action.mode is TrumpMode.NO_TRUMP else ALL_TRUMP
        suit = self.retourne.suit if isinstance(action, Take) else action.suit  # type: ignore[attr-defined]
        return Trump.of_suit(suit)

    def _why_illegal_bid(self, action: Action) -> str:
        """The i18n key of the rule that refuses ``action`` in the bidding."""
        if self.phase is Phase.EXCHANGE:
            return "illegal.exchange_seven"
        if isinstance(action, ChooseTrump) and self.round == 1:
            return "illegal.first_round_take"
        if isinstance(action, ChooseTrump):
            return "illegal.second_round_other_suit"
        if isinstance(action, ChooseMode) and self.round == 1:
            return "illegal.modes_second_round"
        if isinstance(action, ChooseMode):
            return "illegal.modes_not_played"
        if isinstance(action, Take):
            return "illegal.second_round_name"
        return "illegal.not_now"

    def _after_pass(
        self, bids: tuple[tuple[int, Action], ...], events: list[Event]
    ) -> tuple[Self, list[Event]]:
        assert self.turn is not None
        passes = self.passes + 1
        if passes < self.players:
            return self.evolve(bids=bids, passes=passes, turn=self.next_seat(self.turn)), events
        if self.round == 1:
            first = self.next_seat(self.dealer)
            return self.evolve(bids=bids, passes=0, round=2, turn=first), events
        return self.evolve(bids=bids, phase=Phase.OVER, turn=None, void=True), [
            *events, DealVoid()]

    def _second_deal(
        self, taker: int, trump: Trump, events: list[Event]
    ) -> tuple[Self, list[Event]]:
        assert self.retourne is not None
        hands = [list(h) for h in self.hands]
        stock = list(self.stock)
        if self.players == 4:
            hands[taker].append(self.retourne)
            events.append(PacketDealt(taker, 1, (self.retourne,)))
        for offset in range(1, self.players + 1):
            seat = (self.dealer + offset) % self.players
            count = 2 if self.players == 4 and seat == taker else 3
            packet, stock = stock[:count], stock[count:]
            hands[seat].extend(packet)
            events.append(PacketDealt(seat, count, tuple(packet)))
        changes: dict[str, Any] = {"hands": tuple(tuple(h) for h in hands), "stock": ()}
        if self.players < 4:
            changes["bergere"] = stock[-1]
            events.append(BergereShown(stock[-1]))
        state = self._start_play(trump, taker, **changes)
        holder = state._seven_holder()
        if holder is not None and self.round == 1:
            state = state.evolve(phase=Phase.EXCHANGE, turn=holder)
        return state, events

    def _seven_holder(self) -> int | None:
        """At two or three players, who holds the 7 of trump (the retourne's suit)."""
        if self.players == 4 or self.trump is None or self.trump.suit is None:
            return None
        seven = card(self.trump.suit, Rank.SEVEN)
        return next((s for s, h in enumerate(self.hands) if seven in h), None)

    def _exchange(self, seat: int, swap: bool) -> tuple[Self, list[Event]]:
        assert self.trump is not None and self.trump.suit is not None
        assert self.retourne is not None
        first = self.next_seat(self.dealer)
        if not swap:
            return self.evolve(phase=Phase.PLAY, turn=first), [BidMade(seat, Pass())]
        seven = card(self.trump.suit, Rank.SEVEN)
        hands = list(self.hands)
        hands[seat] = tuple(self.retourne if c is seven else c for c in hands[seat])
        state = self.evolve(phase=Phase.PLAY, turn=first, hands=tuple(hands), retourne=seven)
        return state.with_announceable(), [SevenExchanged(seat, seven, self.retourne)]

    def _view_extra(self, seat: int) -> dict[str, Any]:
        return {"retourne": self.retourne, "bergere": self.bergere,
                "bidding_round": self.round, "stopper": self.stopper,
                "match_totals": self.match_totals, "target": self.rules.target}

    # --- the arrêt -----------------------------------------------------------------------

    def _extra_play_actions(self, seat: int) -> list[Action]:
        """"J'arrête" is open to the player who has the hand, before the 7th trick."""
        open_to_stop = self.rules.arret and self.players == 4 and self.stopper is None
        return [Stop()] if open_to_stop and len(self.tricks) < 6 else []

    def _apply_extra_play_action(self, action: Action) -> tuple[Self, list[Event]] | None:
        if not isinstance(action, Stop) or not self.is_legal(action):
            return None
        seat = self.turn
        assert seat is not None and self.taker is not None
        side = self.side_of(seat)
        reached = self.match_totals[side] + self._points_so_far()[side] >= self.rules.target
        state = self.evolve(stopper=seat, stop_reached=reached)
        events: list[Event] = [Stopped(seat)]
        if side == self.side_of(self.taker):
            return state, events
        return state.evolve(trick=())._finish(events)

    def _points_so_far(self) -> tuple[int, ...]:
        tally = self.tally()
        return tuple(tally.total(side) for side in range(self.sides))

    def _score_arret(self, tally: SideTally) -> DealResult:
        """A claim decides the game: the claiming side wins if it was right (and, for the
        takers, won the last trick), otherwise it is dedans and loses the game."""
        assert self.stopper is not None and self.taker is not None
        takers, claimer = self.side_of(self.taker), self.side_of(self.stopper)
        defence = 1 - takers
        right = self.stop_reached
        if claimer == takers:
            right = right and self.tricks[-1].winner % 2 == takers and not self.hands[0]
        moves: list[ScoreLine] = []
        if right and claimer == defence:
            scores = [tally.total(0), tally.total(1)]
        elif right:
            scores = list(score_belote_teams(self.rules, takers, tally).scores)
        else:
            scores = [0, 0]
            scores[1 - claimer] = 162 + sum(tally.announcements) + sum(tally.belote)
            moves.append(ScoreLine("arret_wrong", tuple(
                scores[side] - tally.total(side) for side in (0, 1))))
        winner = claimer if right else 1 - claimer
        facts = TrickFacts(
            outcome="arret", taker=takers, winner_side=winner, arret_winner=winner,
            tricks_won=tally.tricks_won, capot_side=tally.capot_side, made=winner == takers,
        )
        if right and claimer == takers:  # scored as any contract made
            lines = score_belote_teams(self.rules, takers, tally).lines
        else:
            lines = belote_score_lines(self.rules, tally, scores, moves)
        return DealResult(TEAM_NAMES, tuple(scores), lines, "arret", facts)

    # --- scoring ---------------------------------------------------------------------------

    def _score(self, tally: SideTally) -> DealResult:
        """The deal's result, its facts naming the trump (the score sheet shows it)."""
        assert self.taker is not None
        if self.stopper is not None:
            result = self._score_arret(tally)
        elif self.players == 4:
            result = score_belote_teams(self.rules, self.side_of(self.taker), tally)
        else:
            result = score_belote_each(self.rules, self.taker, tally)
        facts = result.facts
        if not isinstance(facts, TrickFacts):
            return result
        return dataclasses.replace(result, facts=dataclasses.replace(facts, trump=self.trump))


def new_belote_deal(rules: TrickGameRules | TarotRules, seed: int, dealer: int,
                    totals: tuple[int, ...]) -> tuple[BeloteDeal, list[Event]]:
    """A new deal, as the registry starts one (``games.BELOTE``)."""
    assert isinstance(rules, BeloteRules)
    return BeloteDeal.new(rules, seed, dealer, totals)
