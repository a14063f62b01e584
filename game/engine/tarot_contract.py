"""A tarot deal's contract and declarations: the bidding, at five the king called, the
chien shown and the écart, the chelem announced, the poignées and the misères (a part
of ``tarot.TarotDeal``)."""

from __future__ import annotations

from typing import Self

from game.engine.actions import BidMade, DealVoid
from game.engine.protocol import Action, Event, IllegalAction
from game.engine.tarot_actions import (
    ChelemDecided,
    ChienShown,
    KingCalled,
    MisereDeclared,
    PartnerRevealed,
    PoigneeShown,
    ShowPoignee,
    TarotBid,
    TarotContractSet,
    TarotDiscarded,
)
from game.engine.tarot_cards import TarotCard
from game.engine.tarot_scoring import MisereKind
from game.engine.tarot_state import Step, TarotState
from game.engine.tarot_tricks import (
    check_poignee,
    discardable,
    ecart_left,
    misere_kinds,
)


class TarotContract(TarotState):
    """The deal's steps before the card play, and the declarations made at its start."""

    def _bid(self, seat: int, action: Action) -> tuple[Self, list[Event]]:
        bids = (*self.bids, (seat, action))
        events: list[Event] = [BidMade(seat, action)]
        if len(bids) < self.players:
            return self.evolve(bids=bids, turn=self.next_seat(seat)), events
        taken = [(s, a.contract) for s, a in bids if isinstance(a, TarotBid)]
        if not taken:
            events.append(DealVoid())
            return self.evolve(bids=bids, step=Step.OVER, turn=None, void=True), events
        taker, contract = taken[-1]
        events.append(TarotContractSet(taker, contract))
        state = self.evolve(bids=bids, taker=taker, contract=contract, turn=taker)
        if self.players == 5:
            return state.evolve(step=Step.CALL), events
        return state._after_call(events)

    def _call(self, card: TarotCard) -> tuple[Self, list[Event]]:
        taker = self.taker
        assert taker is not None
        holder = next((s for s, h in enumerate(self.hands) if card in h), None)
        partner = None if holder == taker else holder
        events: list[Event] = [KingCalled(taker, card)]
        return self.evolve(called=card, partner=partner)._after_call(events)

    def _after_call(self, events: list[Event]) -> tuple[Self, list[Event]]:
        """The chien shown and taken (Prise, Garde), or set aside unseen."""
        contract, taker = self.contract, self.taker
        assert contract is not None and taker is not None
        if not contract.chien_shown:
            return self.evolve(step=Step.CHELEM), events
        events.append(ChienShown(self.chien))
        state = self.evolve(step=Step.DISCARD,
                            hands=self._with_hand(taker, (*self.hands[taker], *self.chien)))
        if self.called is not None and self.called in self.chien:
            events.append(PartnerRevealed(None))
            state = state.evolve(partner_revealed=True)
        return state, events

    def _discardable(self, seat: int) -> tuple[TarotCard, ...]:
        return discardable(self.hands[seat], ecart_left(self.players, self.ecart))

    def _discard(self, seat: int, card: TarotCard) -> tuple[Self, list[Event]]:
        hand = list(self.hands[seat])
        card = hand.pop(hand.index(card))
        ecart = (*self.ecart, card)
        state = self.evolve(hands=self._with_hand(seat, hand), ecart=ecart)
        events: list[Event] = [TarotDiscarded(seat, card)]
        if ecart_left(self.players, ecart) == 0:
            state = state.evolve(step=Step.CHELEM)
        return state, events

    def _decide_chelem(self, seat: int, announced: bool) -> tuple[Self, list[Event]]:
        leader = seat if announced else self.next_seat(self.dealer)
        state = self.evolve(step=Step.PLAY, turn=leader,
                            chelem_announcer=seat if announced else None)
        return state, [ChelemDecided(seat, announced)]

    def _may_show_poignee(self, seat: int) -> bool:
        return (self.step is Step.PLAY and not self.tricks
                and all(s != seat for s, _ in self.trick)
                and all(s != seat for s, _ in self.poignees))

    def _show_poignee(self, seat: int, action: ShowPoignee) -> tuple[Self, list[Event]]:
        if not self._may_show_poignee(seat):
            raise IllegalAction("illegal.poignee_once")
        kind = check_poignee(self.hands[seat], action.cards, self.players,
                             self.rules.poignee_sizes)
        cards = tuple(sorted(action.cards, key=lambda c: (c.is_excuse, c.rank)))
        state = self.evolve(poignees=(*self.poignees, (seat, cards)))
        return state, [PoigneeShown(seat, kind, cards)]

    def dealt_hand(self, seat: int) -> tuple[TarotCard, ...]:
        """``seat``'s cards as dealt, valid before its first card: the taker's chien
        taken back out and his écart put back."""
        hand = self.hands[seat]
        if seat != self.taker or not self.ecart:
            return hand
        return tuple(c for c in (*hand, *self.ecart) if c not in self.chien)

    def _misere_choices(self, seat: int) -> tuple[MisereKind, ...]:
        """Option ``misere``: the misères ``seat`` may declare now, at its turn before
        its first card (once each)."""
        if not self.rules.misere or self.step is not Step.PLAY or self.tricks \
                or any(s == seat for s, _ in self.trick):
            return ()
        declared = {kind for s, kind in self.miseres if s == seat}
        return tuple(k for k in misere_kinds(self.dealt_hand(seat)) if k not in declared)

    def _declare_misere(self, seat: int, kind: MisereKind) -> tuple[Self, list[Event]]:
        if kind not in self._misere_choices(seat):
            raise IllegalAction("illegal.misere")
        state = self.evolve(miseres=(*self.miseres, (seat, kind)))
        return state, [MisereDeclared(seat, kind)]
