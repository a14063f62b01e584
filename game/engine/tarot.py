"""Tarot, 3, 4 and 5 players (``shared/rules/tarot.md``): one deal as an immutable state.

Steps of a deal: the deal itself (the chien built card by card, a petit sec redealt by the
same dealer), the bidding (each speaks once), at five the king call, for Prise and Garde
the chien shown and the écart (one card at a time), the chelem announcement, then the
play; poignées are shown at one's turn just before one's first card.  Scoring is the
pure ``tarot_scoring.score_deal``.

Choices where ``tarot.md`` is silent: the petit au bout goes to the camp that wins the
trick holding the Petit (FFT); an Excuse whose camp never wins a trick goes to the other
camp; a chelem announcer may play the Excuse only as his last card.  An Excuse played in
the last trick changes camp (``tarot.md``, FFT), or with option ``excuse_last_trick``
goes to the camp winning that trick.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Self

from game.engine.protocol import Action, Event, IllegalAction, Phase, Reason
from game.engine.rules import TarotRules, TrickGameRules
from game.engine.tarot_actions import (
    ANNOUNCE,
    BID_OF,
    CALL_OF,
    DECLINE,
    DISCARD_OF,
    MISERE_OF,
    PASS,
    PLAY_OF,
    AnnounceChelem,
    CallKing,
    ChelemDecided,
    ChienCardDealt,
    ChienShown,
    DeclareMisere,
    DeclineChelem,
    ExcuseExchanged,
    KingCalled,
    MisereDeclared,
    PartnerRevealed,
    PetitSecShown,
    PoigneeShown,
    ShowPoignee,
    TarotBid,
    TarotCardPlayed,
    TarotContractSet,
    TarotDiscard,
    TarotDiscarded,
    TarotPacketDealt,
    TarotPass,
    TarotPlayCard,
    TarotTrickWon,
)
from game.engine.tarot_cards import (
    CHIEN_SIZE,
    EXCUSE,
    TarotCard,
    shuffled_deck78,
    sorted_tarot_hand,
    tarot_card,
)
from game.engine.tarot_contract import TarotContract
from game.engine.tarot_outcome import TarotOutcome
from game.engine.tarot_scoring import (
    Contract,
    ExcuseFate,
)
from game.engine.tarot_state import Step
from game.engine.tarot_tricks import (
    ExcuseStatus,
    TarotPlay,
    TarotTrick,
    TarotView,
    announcer_hand,
    callable_cards,
    called_suit_refusal,
    card_refusal,
    card_rule,
    check_poignee,
    discardable,
    ecart_left,
    ecart_refusal,
    excuse_fate,
    first_lead_cards,
    has_petit_sec,
    led_suit,
    legal_cards,
    poignee_choices,
    trick_winner,
)

# The deal's actions, events and trick rules live in ``tarot_actions`` and ``tarot_tricks``
# (players import those); they are re-exported here for callers of the whole game.
__all__ = [
    "CHIEN_SIZE", "PACKET_SIZE", "AnnounceChelem", "CallKing", "ChelemDecided",
    "ChienCardDealt", "ChienShown", "DeclareMisere", "DeclineChelem", "ExcuseExchanged",
    "ExcuseFate", "ExcuseStatus", "KingCalled", "MisereDeclared", "PartnerRevealed",
    "PetitSecShown", "PoigneeShown",
    "ShowPoignee", "Step", "TarotBid", "TarotCardPlayed", "TarotContractSet", "TarotDeal",
    "TarotDiscard", "TarotDiscarded", "TarotPacketDealt", "TarotPass", "TarotPlay",
    "TarotPlayCard", "TarotTrick", "TarotTrickWon", "TarotView", "callable_cards",
    "check_poignee", "deal_cards", "discardable", "first_lead_cards", "has_petit_sec",
    "led_suit", "legal_cards", "poignee_choices", "trick_winner",
]

PACKET_SIZE = {3: 4, 4: 3, 5: 3}


# --- state -------------------------------------------------------------------------------


_PHASE_OF = {Step.BID: Phase.BIDDING, Step.CALL: Phase.EXCHANGE, Step.DISCARD: Phase.EXCHANGE,
             Step.CHELEM: Phase.DECLARING, Step.PLAY: Phase.PLAY, Step.OVER: Phase.OVER}


@dataclass(frozen=True, eq=False)
class TarotDeal(TarotContract, TarotOutcome):
    """A tarot deal: its creation, the protocol (what is legal, ``apply``, ``view``) and
    the card play; its fields (``TarotState``), the contract and declarations
    (``TarotContract``) and the end of the deal (``TarotOutcome``) are in their own
    modules."""

    # --- creation ----------------------------------------------------------------------

    @classmethod
    def new(cls, rules: TarotRules, seed: int, dealer: int = 0) -> tuple[Self, list[Event]]:
        """Deal from ``seed``; a petit sec is shown and the same dealer deals again."""
        rng = random.Random(seed)
        events: list[Event] = []
        while True:
            hands, chien, deal_events = deal_cards(rules.players, dealer, rng)
            events.extend(deal_events)
            sec = next((s for s, h in enumerate(hands) if has_petit_sec(h)), None)
            if sec is None:
                return cls.from_hands(rules, hands, chien, dealer), events
            events.append(PetitSecShown(sec, sorted_tarot_hand(hands[sec])))

    @classmethod
    def from_hands(
        cls, rules: TarotRules, hands: Sequence[Sequence[TarotCard]],
        chien: Sequence[TarotCard], dealer: int = 0,
    ) -> Self:
        n = rules.players
        size = (78 - CHIEN_SIZE[n]) // n
        if len(hands) != n or any(len(h) != size for h in hands) or len(chien) != CHIEN_SIZE[n]:
            raise ValueError(f"tarot at {n} needs {n} hands of {size} and a chien")
        if len({c for h in hands for c in h} | set(chien)) != 78:
            raise ValueError("the hands and the chien must hold the 78 cards once each")
        return cls(rules, dealer, tuple(_interned(h) for h in hands), _interned(chien),
                   Step.BID, (dealer + 1) % n)

    # --- the protocol -------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return _PHASE_OF[self.step]

    @property
    def is_over(self) -> bool:
        return self.step is Step.OVER

    @property
    def set_aside(self) -> tuple[TarotCard, ...]:
        """The cards out of the play once the contract is known: the taker's écart, or
        the chien when it was not shown (Garde Sans, Garde Contre)."""
        assert self.contract is not None, "set aside once the contract is known"
        return self.ecart if self.contract.chien_shown else self.chien

    def apply(self, action: Action) -> tuple[Self, list[Event]]:
        if self.step is Step.OVER:
            raise IllegalAction("illegal.deal_over")
        seat = self.turn
        assert seat is not None
        if isinstance(action, ShowPoignee):
            return self._show_poignee(seat, action)
        if isinstance(action, DeclareMisere):
            return self._declare_misere(seat, action.kind)
        if not self.is_legal(action):
            raise IllegalAction.because(self._why_illegal(seat, action))
        if self.step is Step.BID:
            return self._bid(seat, action)
        if self.step is Step.CALL:
            assert isinstance(action, CallKing)
            return self._call(tarot_card(action.card.code))
        if self.step is Step.DISCARD:
            assert isinstance(action, TarotDiscard)
            return self._discard(seat, action.card)
        if self.step is Step.CHELEM:
            return self._decide_chelem(seat, isinstance(action, AnnounceChelem))
        assert isinstance(action, TarotPlayCard)
        return self._play(seat, action.card)

    def view(self, seat: int) -> TarotView:
        over = self.step is Step.OVER and not self.void
        chien_public = over or (self.contract is not None and self.contract.chien_shown
                                and self.step is not Step.BID and self.step is not Step.CALL)
        return TarotView(
            game="tarot", rules=self.rules, seat=seat, players=self.players, dealer=self.dealer,
            phase=self.phase, current_player=self.turn,
            hand=sorted_tarot_hand(self.hands[seat]),
            legal=self.legal_actions() if self.turn == seat else (),
            bids=self.bids, contract=self.contract, taker=self.taker, called=self.called,
            partner=self.partner if self.partner_revealed else None,
            alone=self.players == 5 and self.partner_revealed and self.partner is None,
            chien=self.chien if chien_public else (),
            ecart=self.ecart if seat == self.taker or over else (),
            ecart_trumps=tuple(c for c in self.ecart if c.is_trump),
            poignees=self.poignees, miseres=self.miseres, chelem_announcer=self.chelem_announcer,
            trick=self.trick, tricks=self.tricks, excuse=self.excuse,
            hand_sizes=tuple(len(h) for h in self.hands), result=self.outcome,
        )

    # --- what is legal, and why not -------------------------------------------------

    def _legal_actions(self) -> tuple[Action, ...]:
        seat = self.turn
        if seat is None:
            return ()
        if self.step is Step.BID:
            best = max((a.contract for _, a in self.bids if isinstance(a, TarotBid)), default=0)
            return (PASS, *(BID_OF[c] for c in Contract if c > best))
        if self.step is Step.CALL:
            return tuple(CALL_OF[c] for c in callable_cards(self.hands[seat],
                                                             self.rules.king_call))
        if self.step is Step.DISCARD:
            return tuple(DISCARD_OF[c] for c in self._discardable(seat))
        if self.step is Step.CHELEM:
            return (ANNOUNCE, DECLINE)
        plays: list[Action] = [PLAY_OF[c] for c in self._legal_cards(seat)]
        if self._may_show_poignee(seat):
            plays.extend(ShowPoignee(cards) for cards in poignee_choices(
                self.hands[seat], self.players, self.rules.poignee_sizes))
        plays.extend(MISERE_OF[kind] for kind in self._misere_choices(seat))
        return tuple(plays)

    def _why_illegal(self, seat: int, action: Action) -> Reason:
        """The reason of the rule that refuses ``action`` now."""
        if isinstance(action, TarotPlayCard):
            if self.step is not Step.PLAY:
                return ("illegal.not_playing", ())
            return self._card_refusal(seat, action.card)
        if isinstance(action, TarotDiscard) and self.step is Step.DISCARD:
            left = ecart_left(self.players, self.ecart)
            code = ecart_refusal(self.hands[seat], (), action.card, left)
            if action.card not in self.hands[seat] or code is None:
                return ("illegal.not_in_hand", ())
            return (f"illegal.{code}", (("count", left),))
        if isinstance(action, TarotBid) and self.step is Step.BID:
            return ("illegal.bid_higher", ())
        if isinstance(action, CallKing) and self.step is Step.CALL:
            return ("illegal.call_king", ())
        return ("illegal.not_now", ())

    def _card_refusal(self, seat: int, card: TarotCard) -> Reason:
        """Why ``seat`` may not play ``card`` now (the narrowing of ``_legal_cards``)."""
        hand = self.hands[seat]
        if card not in hand:
            return ("illegal.not_in_hand", ())
        if self.chelem_announcer == seat and len(hand) > 1:
            if card is EXCUSE:
                return ("illegal.chelem_excuse", ())
            hand = tuple(c for c in hand if c is not EXCUSE)
        if not self.trick and not self.tricks and self.called is not None:
            return called_suit_refusal(self.called)
        return card_refusal(hand, self.trick, card) or ("illegal.not_now", ())

    # --- play --------------------------------------------------------------------------

    def _legal_cards(self, seat: int) -> list[TarotCard]:
        hand = announcer_hand(self.hands[seat], self.chelem_announcer == seat)
        if not self.trick and not self.tricks and self.called is not None:
            return first_lead_cards(hand, self.called)
        return card_rule(hand, self.trick)[0]

    def _play(self, seat: int, card: TarotCard) -> tuple[Self, list[Event]]:
        hand = list(self.hands[seat])
        card = hand.pop(hand.index(card))  # the interned card
        changes: dict[str, Any] = {"hands": self._with_hand(seat, hand)}
        events: list[Event] = [TarotCardPlayed(seat, card)]
        if card is self.called and not self.partner_revealed:
            changes["partner_revealed"] = True
            events.append(PartnerRevealed(self.partner))
        trick = (*self.trick, (seat, card))
        if len(trick) < self.players:
            return self.evolve(trick=trick, turn=self.next_seat(seat), **changes), events
        return self.evolve(**changes)._close_trick(trick, events)

    def _close_trick(
        self, plays: tuple[TarotPlay, ...], events: list[Event]
    ) -> tuple[Self, list[Event]]:
        last = not self.hands[0]
        excuse_seat = next((s for s, c in plays if c is EXCUSE), None)
        winner = trick_winner(plays)
        chelem_excuse = (last and excuse_seat is not None
                         and all(self.in_attack(t.winner) == self.in_attack(excuse_seat)
                                 for t in self.tricks))
        if chelem_excuse:
            assert excuse_seat is not None
            winner = excuse_seat
        trick = TarotTrick(plays[0][0], plays, winner)
        events.append(TarotTrickWon(winner, trick.cards, last))
        state = self.evolve(trick=(), tricks=(*self.tricks, trick), turn=winner)
        if excuse_seat is not None:
            state = state._excuse_played(excuse_seat, winner, last, chelem_excuse, events)
        elif self.excuse is not None and self.excuse.fate is ExcuseFate.OWED:
            state = state._settle_owed_excuse(winner, events)
        if last:
            return state._finish(events)
        return state, events

    def _excuse_played(
        self, owner: int, winner: int, last: bool, chelem: bool, events: list[Event]
    ) -> Self:
        index = len(self.tricks) - 1
        fate = excuse_fate(self.in_attack(owner), self.in_attack(winner), last=last,
                           chelem=chelem, camp_has_trick=self._camp_has_trick(owner, index),
                           rule=self.rules.excuse_last_trick)
        if fate is ExcuseFate.EXCHANGED:
            events.append(ExcuseExchanged(owner, winner))
        return self.evolve(excuse=ExcuseStatus(owner, index, fate))

    def _settle_owed_excuse(self, winner: int, events: list[Event]) -> Self:
        status = self.excuse
        assert status is not None
        if self.in_attack(winner) != self.in_attack(status.seat):
            return self
        receiver = self.tricks[status.trick].winner
        events.append(ExcuseExchanged(status.seat, receiver))
        return self.evolve(excuse=ExcuseStatus(status.seat, status.trick, ExcuseFate.EXCHANGED))


def _interned(cards: Iterable[TarotCard]) -> tuple[TarotCard, ...]:
    return tuple(tarot_card(c.code) for c in cards)


def deal_cards(
    players: int, dealer: int, rng: random.Random
) -> tuple[list[list[TarotCard]], list[TarotCard], list[Event]]:
    """Shuffle and deal in packets from the dealer's right; the chien gets one card at a
    time between two packets (never the first or the last card of the deal)."""
    deck = shuffled_deck78(rng)
    size, chien_size = PACKET_SIZE[players], CHIEN_SIZE[players]
    packets = (78 - chien_size) // size
    chien_after = set(rng.sample(range(packets - 1), chien_size))  # never after the last
    hands: list[list[TarotCard]] = [[] for _ in range(players)]
    chien: list[TarotCard] = []
    events: list[Event] = []
    position = 0
    for packet in range(packets):
        seat = (dealer + 1 + packet) % players
        cards = tuple(deck[position:position + size])
        position += size
        hands[seat].extend(cards)
        events.append(TarotPacketDealt(seat, size, cards))
        if packet in chien_after:
            chien.append(deck[position])
            position += 1
            events.append(ChienCardDealt())
    return hands, chien, events


def new_tarot_deal(rules: TrickGameRules | TarotRules, seed: int, dealer: int,
                   totals: tuple[int, ...]) -> tuple[TarotDeal, list[Event]]:
    """A new deal, as the registry starts one (``games.TAROT``); the match's totals
    change nothing at tarot."""
    assert isinstance(rules, TarotRules)
    return TarotDeal.new(rules, seed, dealer)
