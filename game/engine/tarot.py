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
from enum import Enum
from typing import Any, Self

from game.engine.actions import BidMade, DealScored, DealVoid
from game.engine.deal import Deal
from game.engine.protocol import Action, DealResult, Event, IllegalAction, Phase, Reason
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
    THE_PETIT,
    TarotCard,
    count_bouts,
    half_points,
    shuffled_deck78,
    sorted_tarot_hand,
    tarot_card,
)
from game.engine.tarot_scoring import (
    Camp,
    Contract,
    DealOutcome,
    ExcuseFate,
    MisereKind,
    PoigneeKind,
    TarotFacts,
    deal_marks,
    poignee_kind,
    score_deal,
    score_lines,
)
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
    excuse_ends_with_attack,
    excuse_fate,
    first_lead_cards,
    has_petit_sec,
    led_suit,
    legal_cards,
    misere_kinds,
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
LAST_TRICK_FATES = (ExcuseFate.CHANGED_CAMP, ExcuseFate.LAST_TRICK, ExcuseFate.CHELEM)


# --- state -------------------------------------------------------------------------------


class Step(Enum):
    BID = "bid"
    CALL = "call"
    DISCARD = "discard"
    CHELEM = "chelem"
    PLAY = "play"
    OVER = "over"


_PHASE_OF = {Step.BID: Phase.BIDDING, Step.CALL: Phase.EXCHANGE, Step.DISCARD: Phase.EXCHANGE,
             Step.CHELEM: Phase.DECLARING, Step.PLAY: Phase.PLAY, Step.OVER: Phase.OVER}


@dataclass(frozen=True, eq=False)
class TarotDeal(Deal[TarotView]):
    rules: TarotRules
    dealer: int
    hands: tuple[tuple[TarotCard, ...], ...]
    chien: tuple[TarotCard, ...]
    step: Step
    turn: int | None
    bids: tuple[tuple[int, Action], ...] = ()
    contract: Contract | None = None
    taker: int | None = None
    called: TarotCard | None = None
    partner: int | None = None  # the called card's holder (hidden until revealed)
    partner_revealed: bool = False
    ecart: tuple[TarotCard, ...] = ()
    chelem_announcer: int | None = None
    poignees: tuple[tuple[int, tuple[TarotCard, ...]], ...] = ()
    miseres: tuple[tuple[int, MisereKind], ...] = ()
    trick: tuple[TarotPlay, ...] = ()
    tricks: tuple[TarotTrick, ...] = ()
    excuse: ExcuseStatus | None = None
    outcome: DealResult | None = None
    void: bool = False  # everyone passed

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

    # --- helpers -----------------------------------------------------------------------

    def in_attack(self, seat: int) -> bool:
        return seat == self.taker or seat == self.partner

    def _with_hand(self, seat: int, hand: Iterable[TarotCard]) -> tuple[tuple[TarotCard, ...], ...]:
        hands = list(self.hands)
        hands[seat] = tuple(hand)
        return tuple(hands)

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

    # --- bidding -----------------------------------------------------------------------

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

    # --- the écart ---------------------------------------------------------------------

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

    # --- declarations ------------------------------------------------------------------

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

    def _camp_has_trick(self, seat: int, before: int) -> bool:
        camp = self.in_attack(seat)
        return any(self.in_attack(t.winner) == camp for t in self.tricks[:before])

    # --- end of the deal ---------------------------------------------------------------

    def _finish(self, events: list[Event]) -> tuple[Self, list[Event]]:
        if not self.partner_revealed:
            events.append(PartnerRevealed(self.partner))
        outcome = self.deal_outcome()
        assert self.taker is not None
        score = score_deal(outcome, self.rules)
        partner = None if outcome.alone else self.partner
        result = DealResult(
            sides=tuple(f"player_{s}" for s in range(self.players)),
            scores=deal_marks(score, outcome, self.taker, partner),
            lines=score_lines(score, outcome, self.taker, partner, self.rules),
            summary="won" if score.won else "lost",
            facts=TarotFacts.of(outcome, score, self.taker, partner),
        )
        events.append(DealScored(result))
        state = self.evolve(step=Step.OVER, turn=None, outcome=result, partner_revealed=True)
        return state, events

    def camp_cards(self) -> tuple[list[TarotCard], list[TarotCard]]:
        """The cards each camp ends with (attack, defence), the Excuse exchange made:
        the exchanged half-point card is not a real card, see ``attack_half_points``."""
        attack: list[TarotCard] = []
        defence: list[TarotCard] = []
        contract = self.contract
        assert contract is not None
        set_aside = self.ecart if contract.chien_shown else self.chien
        (attack if contract.chien_to_attack else defence).extend(set_aside)
        for trick in self.tricks:
            winner_attack = self.in_attack(trick.winner)
            for seat, c in trick.plays:
                to_attack = self._excuse_to_attack(seat, winner_attack) if c is EXCUSE \
                    else winner_attack
                (attack if to_attack else defence).append(c)
        return attack, defence

    def _excuse_to_attack(self, owner: int, winner_attack: bool) -> bool:
        """Whether the Excuse played by ``owner`` in a trick the attack won (or not,
        ``winner_attack``) ends with the attack; still owed at the end, its camp never
        won a trick: it stays in the trick."""
        status = self.excuse
        assert status is not None
        if status.fate is ExcuseFate.OWED:
            return winner_attack
        return excuse_ends_with_attack(status.fate, self.in_attack(owner), winner_attack)

    def _excuse_is_kept(self) -> bool:
        status = self.excuse
        return status is not None and status.fate in (
            ExcuseFate.SAME_CAMP, ExcuseFate.EXCHANGED, ExcuseFate.OWED
        ) and self._camp_has_trick(status.seat, before=len(self.tricks))

    def attack_half_points(self) -> int:
        attack, _ = self.camp_cards()
        points = half_points(attack)
        status = self.excuse
        if status is not None and self._excuse_is_kept() and status.fate is not \
                ExcuseFate.SAME_CAMP:
            points += -1 if self.in_attack(status.seat) else 1
        return points

    def deal_outcome(self) -> DealOutcome:
        contract, taker = self.contract, self.taker
        assert contract is not None and taker is not None
        attack, _ = self.camp_cards()
        camp_of = {True: Camp.ATTACK, False: Camp.DEFENCE}
        chelem = None
        for camp in (True, False):
            if all(self.in_attack(t.winner) == camp for t in self.tricks):
                chelem = camp_of[camp]
        return DealOutcome(
            players=self.players, contract=contract, points=self.attack_half_points(),
            bouts=count_bouts(attack),
            poignees=tuple((self._poignee_kind(cards), camp_of[self.in_attack(s)])
                           for s, cards in self.poignees),
            petit_au_bout=self._petit_au_bout(camp_of),
            chelem_announced=self.chelem_announcer is not None, chelem=chelem,
            alone=self.players == 5 and self.partner is None, miseres=self.miseres,
            excuse_last_trick=self._excuse_last_trick(EXCUSE in attack),
        )

    def _excuse_last_trick(self, to_attack: bool) -> tuple[ExcuseFate, Camp] | None:
        """An Excuse played in the last trick: its fate and the camp it ended with."""
        status = self.excuse
        if status is None or status.fate not in LAST_TRICK_FATES:
            return None
        return status.fate, Camp.ATTACK if to_attack else Camp.DEFENCE

    def _poignee_kind(self, cards: tuple[TarotCard, ...]) -> PoigneeKind:
        kind = poignee_kind(self.players, len(cards), self.rules.poignee_sizes)
        assert kind is not None
        return kind

    def _petit_au_bout(self, camp_of: dict[bool, Camp]) -> Camp | None:
        tricks = self.tricks
        bout = tricks[-1]
        if self.excuse is not None and self.excuse.fate is ExcuseFate.CHELEM:
            bout = tricks[-2]
        if THE_PETIT not in bout.cards:
            return None
        return camp_of[self.in_attack(bout.winner)]


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
