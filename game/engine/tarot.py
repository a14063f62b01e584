"""Tarot, 3, 4 and 5 players (``shared/rules/tarot.md``): one deal as an immutable state.

Steps of a deal: the deal itself (the chien built card by card, a petit sec redealt by the
same dealer), the bidding (each speaks once), at five the king call, for Prise and Garde
the chien shown and the écart (one card at a time), the chelem announcement, then the
play; poignées are shown at one's turn just before one's first card.  Scoring is the
pure ``tarot_scoring.score_deal``.

Choices where ``tarot.md`` is silent: the petit au bout goes to the camp that wins the
trick holding the Petit (FFT); an Excuse whose camp never wins a trick goes to the other
camp; a chelem announcer may play the Excuse only as his last card.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Self

from game.engine.actions import BidMade, DealScored, DealVoid
from game.engine.protocol import (
    Action,
    DealResult,
    Event,
    IllegalAction,
    Phase,
    register_action,
    register_codec,
)
from game.engine.rules import TarotRules
from game.engine.tarot_cards import (
    DECK78,
    EXCUSE,
    KING,
    THE_PETIT,
    TarotCard,
    TarotSuit,
    count_bouts,
    half_points,
    shuffled_deck78,
    sorted_tarot_hand,
    suited,
    tarot_card,
)
from game.engine.tarot_scoring import (
    Camp,
    Contract,
    DealOutcome,
    PoigneeKind,
    marks,
    poignee_kind,
    poignee_size,
    score_deal,
    score_lines,
)

register_codec(TarotCard, lambda c: c.code, tarot_card)

CHIEN_SIZE = {3: 6, 4: 6, 5: 3}
PACKET_SIZE = {3: 4, 4: 3, 5: 3}
TarotPlay = tuple[int, TarotCard]  # (seat, card)


# --- actions -----------------------------------------------------------------------------


@register_action
@dataclass(frozen=True)
class TarotPass(Action):
    def describe(self) -> str:
        return "pass"


@register_action
@dataclass(frozen=True)
class TarotBid(Action):
    contract: Contract

    def describe(self) -> str:
        return self.contract.label


@register_action
@dataclass(frozen=True)
class CallKing(Action):
    """Five players: the taker calls a card (a king, or a queen holding the four kings...)."""

    card: TarotCard

    def describe(self) -> str:
        return f"call {self.card}"


@register_action
@dataclass(frozen=True)
class TarotDiscard(Action):
    """One card of the écart (the taker makes it one card at a time)."""

    card: TarotCard

    def describe(self) -> str:
        return f"discard {self.card}"


@register_action
@dataclass(frozen=True)
class AnnounceChelem(Action):
    def describe(self) -> str:
        return "announce a chelem"


@register_action
@dataclass(frozen=True)
class DeclineChelem(Action):
    def describe(self) -> str:
        return "no chelem"


@register_action
@dataclass(frozen=True)
class ShowPoignee(Action):
    """Show trumps (and at most the Excuse) just before one's first card.

    ``legal_actions`` lists one poignée per kind (the lowest trumps, see
    ``poignee_choices``); any other valid choice of trumps is accepted too."""

    cards: tuple[TarotCard, ...]

    def describe(self) -> str:
        return f"poignée of {len(self.cards)}"


@register_action
@dataclass(frozen=True)
class TarotPlayCard(Action):
    card: TarotCard

    def describe(self) -> str:
        return f"play {self.card}"


_PASS = TarotPass()
_BID_OF = {c: TarotBid(c) for c in Contract}
_ANNOUNCE, _DECLINE = AnnounceChelem(), DeclineChelem()
# Interned actions: legal-action lists are rebuilt on every move, and ``is_legal`` finds
# an interned action by identity.
PLAY_OF: dict[TarotCard, TarotPlayCard] = {c: TarotPlayCard(c) for c in DECK78}
_DISCARD_OF: dict[TarotCard, TarotDiscard] = {c: TarotDiscard(c) for c in DECK78}
_CALL_OF: dict[TarotCard, CallKing] = {c: CallKing(c) for c in DECK78 if c.suit.is_plain}


# --- events ------------------------------------------------------------------------------


@dataclass(frozen=True)
class TarotPacketDealt(Event):
    """A packet dealt to ``seat``; ``cards`` is None in the other seats' views."""

    seat: int
    count: int
    cards: tuple[TarotCard, ...] | None

    def visible_to(self, seat: int) -> Event:
        return self if seat == self.seat else TarotPacketDealt(self.seat, self.count, None)


@dataclass(frozen=True)
class ChienCardDealt(Event):
    """One card put face down in the chien."""


@dataclass(frozen=True)
class PetitSecShown(Event):
    """The seat's only trump is the Petit, without the Excuse: it shows its hand, the
    deal is void and the same dealer deals again."""

    seat: int
    hand: tuple[TarotCard, ...]


@dataclass(frozen=True)
class TarotContractSet(Event):
    taker: int
    contract: Contract


@dataclass(frozen=True)
class KingCalled(Event):
    taker: int
    card: TarotCard


@dataclass(frozen=True)
class ChienShown(Event):
    cards: tuple[TarotCard, ...]


@dataclass(frozen=True)
class TarotDiscarded(Event):
    """A card of the écart: seen by the taker only, unless it is a trump (shown to all)."""

    seat: int
    card: TarotCard | None

    def visible_to(self, seat: int) -> Event:
        card = self.card
        if seat == self.seat or card is None or card.is_trump:
            return self
        return TarotDiscarded(self.seat, None)


@dataclass(frozen=True)
class ChelemDecided(Event):
    seat: int
    announced: bool


@dataclass(frozen=True)
class PoigneeShown(Event):
    seat: int
    kind: PoigneeKind
    cards: tuple[TarotCard, ...]


@dataclass(frozen=True)
class TarotCardPlayed(Event):
    seat: int
    card: TarotCard


@dataclass(frozen=True)
class PartnerRevealed(Event):
    """The called card was played (or seen in the chien): ``partner`` None, alone."""

    partner: int | None


@dataclass(frozen=True)
class TarotTrickWon(Event):
    seat: int
    cards: tuple[TarotCard, ...]
    last: bool


@dataclass(frozen=True)
class ExcuseExchanged(Event):
    """The Excuse's owner gave a half-point card to the camp of ``to_seat``."""

    owner: int
    to_seat: int


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


class ExcuseFate(Enum):
    SAME_CAMP = "same_camp"  # its own camp won the trick
    EXCHANGED = "exchanged"  # kept, a half-point card given
    OWED = "owed"  # kept, the half-point card given when its camp wins a trick
    LAST_TRICK = "last_trick"  # played in the last trick: goes to the winner's camp
    CHELEM = "chelem"  # last card of a chelem: wins the trick


@dataclass(frozen=True)
class ExcuseStatus:
    seat: int  # who played it
    trick: int  # index of the trick
    fate: ExcuseFate


@dataclass(frozen=True)
class TarotTrick:
    leader: int
    plays: tuple[TarotPlay, ...]
    winner: int

    @property
    def cards(self) -> tuple[TarotCard, ...]:
        return tuple(c for _, c in self.plays)


@dataclass(frozen=True)
class TarotView:
    """What one seat may know of a tarot deal."""

    game: str
    seat: int
    players: int
    dealer: int
    phase: Phase
    current_player: int | None
    hand: tuple[TarotCard, ...]
    legal: tuple[Action, ...]
    bids: tuple[tuple[int, Action], ...]
    contract: Contract | None
    taker: int | None
    called: TarotCard | None
    partner: int | None  # once revealed (None also when unknown or alone: see ``alone``)
    alone: bool  # known to play alone
    chien: tuple[TarotCard, ...]  # when public (Prise, Garde; everyone's at the end)
    ecart: tuple[TarotCard, ...]  # the taker's own, in his view only
    ecart_trumps: tuple[TarotCard, ...]  # trumps discarded, shown to all
    poignees: tuple[tuple[int, tuple[TarotCard, ...]], ...]
    chelem_announcer: int | None
    trick: tuple[TarotPlay, ...]
    tricks: tuple[TarotTrick, ...]
    excuse: ExcuseStatus | None
    hand_sizes: tuple[int, ...]
    result: DealResult | None


@dataclass(frozen=True, eq=False)
class TarotDeal:
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
    def players(self) -> int:
        return self.rules.players

    @property
    def phase(self) -> Phase:
        return _PHASE_OF[self.step]

    @property
    def current_player(self) -> int | None:
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.step is Step.OVER

    def result(self) -> DealResult | None:
        return self.outcome

    def legal_actions(self) -> tuple[Action, ...]:
        cached: tuple[Action, ...] | None = self.__dict__.get("_legal")
        if cached is None:
            cached = self.__dict__["_legal"] = self._legal_actions()
        return cached

    def is_legal(self, action: Action) -> bool:
        legal = self.legal_actions()
        return any(candidate is action for candidate in legal) or action in legal

    def apply(self, action: Action) -> tuple[Self, list[Event]]:
        if self.step is Step.OVER:
            raise IllegalAction("the deal is over")
        seat = self.turn
        assert seat is not None
        if isinstance(action, ShowPoignee):
            return self._show_poignee(seat, action)
        if not self.is_legal(action):
            raise IllegalAction(self._why_illegal(seat, action))
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
            game="tarot", seat=seat, players=self.players, dealer=self.dealer,
            phase=self.phase, current_player=self.turn,
            hand=sorted_tarot_hand(self.hands[seat]),
            legal=self.legal_actions() if self.turn == seat else (),
            bids=self.bids, contract=self.contract, taker=self.taker, called=self.called,
            partner=self.partner if self.partner_revealed else None,
            alone=self.players == 5 and self.partner_revealed and self.partner is None,
            chien=self.chien if chien_public else (),
            ecart=self.ecart if seat == self.taker or over else (),
            ecart_trumps=tuple(c for c in self.ecart if c.is_trump),
            poignees=self.poignees, chelem_announcer=self.chelem_announcer,
            trick=self.trick, tricks=self.tricks, excuse=self.excuse,
            hand_sizes=tuple(len(h) for h in self.hands), result=self.outcome,
        )

    # --- helpers -----------------------------------------------------------------------

    def evolve(self, **changes: Any) -> Self:
        new = object.__new__(type(self))
        fields = new.__dict__
        fields.update(self.__dict__)
        fields.update(changes)
        fields.pop("_legal", None)
        return new

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.players

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
            return (_PASS, *(_BID_OF[c] for c in Contract if c > best))
        if self.step is Step.CALL:
            return tuple(_CALL_OF[c] for c in callable_cards(self.hands[seat]))
        if self.step is Step.DISCARD:
            return tuple(_DISCARD_OF[c] for c in self._discardable(seat))
        if self.step is Step.CHELEM:
            return (_ANNOUNCE, _DECLINE)
        plays: list[Action] = [PLAY_OF[c] for c in self._legal_cards(seat)]
        if self._may_show_poignee(seat):
            plays.extend(ShowPoignee(cards) for cards in poignee_choices(
                self.hands[seat], self.players))
        return tuple(plays)

    def _why_illegal(self, seat: int, action: Action) -> str:
        if isinstance(action, TarotPlayCard):
            if self.step is not Step.PLAY:
                return "the play has not started"
            if action.card not in self.hands[seat]:
                return f"{action.card} is not in your hand"
            return why_card_illegal(self.hands[seat], self.trick, action.card)
        if isinstance(action, TarotDiscard) and self.step is Step.DISCARD:
            return ("the écart may hold no king and no bout, and trumps only when the "
                    "other cards are not enough")
        if isinstance(action, TarotBid) and self.step is Step.BID:
            return "a bid must be higher than every earlier bid"
        if isinstance(action, CallKing) and self.step is Step.CALL:
            return "call a king (a queen when holding the four kings, and so on)"
        return (f"{action.describe()} is not allowed now (phase {self.phase.value}, "
                f"player {seat} to act)")

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
        return discardable(self.hands[seat], CHIEN_SIZE[self.players] - len(self.ecart))

    def _discard(self, seat: int, card: TarotCard) -> tuple[Self, list[Event]]:
        hand = list(self.hands[seat])
        card = hand.pop(hand.index(card))
        ecart = (*self.ecart, card)
        state = self.evolve(hands=self._with_hand(seat, hand), ecart=ecart)
        events: list[Event] = [TarotDiscarded(seat, card)]
        if len(ecart) == CHIEN_SIZE[self.players]:
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
            raise IllegalAction("a poignée is shown once, at one's turn before one's first card")
        kind = check_poignee(self.hands[seat], action.cards, self.players)
        cards = tuple(sorted(action.cards, key=lambda c: (c.is_excuse, c.rank)))
        state = self.evolve(poignees=(*self.poignees, (seat, cards)))
        return state, [PoigneeShown(seat, kind, cards)]

    # --- play --------------------------------------------------------------------------

    def _legal_cards(self, seat: int) -> list[TarotCard]:
        hand = self.hands[seat]
        if self.chelem_announcer == seat and len(hand) > 1:
            hand = tuple(c for c in hand if c is not EXCUSE)
        if not self.trick and not self.tricks and self.called is not None:
            return first_lead_cards(hand, self.called)
        return legal_cards(hand, self.trick)

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
        if chelem:
            fate = ExcuseFate.CHELEM
        elif last:
            fate = ExcuseFate.LAST_TRICK
        elif self.in_attack(owner) == self.in_attack(winner):
            fate = ExcuseFate.SAME_CAMP
        elif self._camp_has_trick(owner, before=index):
            fate = ExcuseFate.EXCHANGED
            events.append(ExcuseExchanged(owner, winner))
        else:
            fate = ExcuseFate.OWED
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
        score = score_deal(outcome)
        partner = None if outcome.alone else self.partner
        seat_marks = marks(self.players, self.taker, partner, score.per_defender)
        result = DealResult(
            sides=tuple(f"player_{s}" for s in range(self.players)),
            scores=seat_marks,
            lines=score_lines(score, outcome, self.taker, partner),
            summary="won" if score.won else "lost",
            facts=(("won", score.won), ("taker", self.taker), ("partner", partner),
                   ("contract", outcome.contract), ("points", outcome.points),
                   ("bouts", outcome.bouts), ("per_defender", score.per_defender),
                   ("chelem", outcome.chelem), ("chelem_announced", outcome.chelem_announced),
                   ("petit_au_bout", outcome.petit_au_bout)),
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
        kept = self._excuse_is_kept()
        for trick in self.tricks:
            winner_attack = self.in_attack(trick.winner)
            for seat, c in trick.plays:
                to_attack = self.in_attack(seat) if c is EXCUSE and kept else winner_attack
                (attack if to_attack else defence).append(c)
        return attack, defence

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
            poignees=tuple((_kind(self.players, cards), camp_of[self.in_attack(s)])
                           for s, cards in self.poignees),
            petit_au_bout=self._petit_au_bout(camp_of),
            chelem_announced=self.chelem_announcer is not None, chelem=chelem,
            alone=self.players == 5 and self.partner is None,
        )

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


def _kind(players: int, cards: tuple[TarotCard, ...]) -> PoigneeKind:
    kind = poignee_kind(players, len(cards))
    assert kind is not None
    return kind


# --- rules as functions (shared with the AI and the tests) ---------------------------------


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


def has_petit_sec(hand: Iterable[TarotCard]) -> bool:
    trumps = [c for c in hand if c.is_trump or c.is_excuse]
    return trumps == [THE_PETIT]


def callable_cards(hand: Sequence[TarotCard]) -> tuple[TarotCard, ...]:
    """The four cards of the highest rank (king, then queen...) not all in ``hand``."""
    for rank in range(KING, 0, -1):
        cards = tuple(suited(suit, rank) for suit in TarotSuit if suit.is_plain)
        if not all(c in hand for c in cards):
            return cards
    raise AssertionError("a hand cannot hold every suited card")


def discardable(hand: Sequence[TarotCard], remaining: int) -> tuple[TarotCard, ...]:
    """Cards the écart may take next: no king, no bout; trumps only if the plain cards
    left are fewer than the cards still to discard."""
    plain = tuple(c for c in hand if c.suit.is_plain and c.rank != KING)
    if len(plain) >= remaining:
        return plain
    return plain + tuple(c for c in hand if c.is_trump and not c.is_bout)


def led_suit(trick: Sequence[TarotPlay]) -> TarotSuit | None:
    for _, c in trick:
        if c is not EXCUSE:
            return c.suit
    return None


def legal_cards(hand: Sequence[TarotCard], trick: Sequence[TarotPlay]) -> list[TarotCard]:
    """Follow suit; void, trump (over the highest trump if possible, else under); with
    neither, anything.  The Excuse is always allowed."""
    led = led_suit(trick)
    if led is None:
        return list(hand)
    if led is not TarotSuit.TRUMP:
        follow = [c for c in hand if c.suit is led]
        if follow:
            return _with_excuse(follow, hand)
    trumps = [c for c in hand if c.is_trump]
    if not trumps:
        return list(hand)
    top = max((c.rank for _, c in trick if c.is_trump), default=0)
    over = [c for c in trumps if c.rank > top]
    return _with_excuse(over or trumps, hand)


def _with_excuse(cards: list[TarotCard], hand: Sequence[TarotCard]) -> list[TarotCard]:
    return [*cards, EXCUSE] if EXCUSE in hand else cards


def first_lead_cards(hand: Sequence[TarotCard], called: TarotCard) -> list[TarotCard]:
    """Five players: the first lead may not be in the called suit, but the called card."""
    allowed = [c for c in hand if c.suit is not called.suit or c is called]
    return allowed or list(hand)


def why_card_illegal(
    hand: Sequence[TarotCard], trick: Sequence[TarotPlay], card: TarotCard
) -> str:
    led = led_suit(trick)
    if not trick or led is None:
        return "this card may not lead now (the called suit at the first lead, or the " \
               "Excuse of a chelem announcer before his last card)"
    if card.suit is not led and any(c.suit is led for c in hand):
        return f"you must follow suit ({led.symbol})"
    if card.is_trump:
        return "you must play a higher trump"
    return "you must trump"


def trick_winner(plays: Sequence[TarotPlay]) -> int:
    """The highest trump, else the highest card of the led suit (never the Excuse)."""
    led = led_suit(plays)
    best_seat, best_key = plays[0][0], -1
    for seat, c in plays:
        if c.is_trump:
            key = 100 + c.rank
        elif c.suit is led:
            key = c.rank
        else:
            continue
        if key > best_key:
            best_seat, best_key = seat, key
    return best_seat


def poignee_choices(hand: Sequence[TarotCard], players: int) -> list[tuple[TarotCard, ...]]:
    """One poignée per kind the hand allows: its lowest trumps (the strongest stay
    hidden), the Excuse standing for a trump only when every trump is shown."""
    trumps = sorted((c for c in hand if c.is_trump), key=lambda c: c.rank)
    choices = []
    for kind in PoigneeKind:
        size = poignee_size(players, kind)
        if len(trumps) >= size:
            choices.append(tuple(trumps[:size]))
        elif len(trumps) == size - 1 and EXCUSE in hand:
            choices.append((*trumps, EXCUSE))
    return choices


def check_poignee(
    hand: Sequence[TarotCard], cards: Sequence[TarotCard], players: int
) -> PoigneeKind:
    """The kind of poignée ``cards`` make; raises IllegalAction when it is not one."""
    if len(set(cards)) != len(cards) or any(c not in hand for c in cards):
        raise IllegalAction("a poignée shows cards of one's own hand, each once")
    if any(not (c.is_trump or c.is_excuse) for c in cards):
        raise IllegalAction("a poignée shows only trumps (and the Excuse)")
    if EXCUSE in cards and any(c.is_trump and c not in cards for c in hand):
        raise IllegalAction("the Excuse may stand for a trump only when no trump is hidden")
    kind = poignee_kind(players, len(cards))
    if kind is None or len(cards) != poignee_size(players, kind):
        sizes = ", ".join(str(poignee_size(players, k)) for k in PoigneeKind)
        raise IllegalAction(f"a poignée at {players} players is exactly {sizes} trumps")
    return kind
