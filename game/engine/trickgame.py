"""The deal state shared by belote classique and coinche: the card play, announcements,
belote-rebelote, dix de der and capot.  Bidding and scoring are the subclasses' own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Self

from game.engine.actions import (
    PLAY_OF,
    Announce,
    Announced,
    AnnouncementsShown,
    BeloteSaid,
    CardPlayed,
    CardTurned,
    DealScored,
    FaceDownDealt,
    FaceUpDealt,
    PlayCard,
    TrickWon,
    play,
)
from game.engine.cards import Card, sorted_hand
from game.engine.deal_scoring import SideTally as SideTally
from game.engine.deal_scoring import round_to_10 as round_to_10
from game.engine.protocol import Action, DealResult, Event, IllegalAction, Phase
from game.engine.trick_announcing import TrickAnnouncing
from game.engine.trick_state import Pile
from game.engine.trick_view import DIX_DE_DER as DIX_DE_DER
from game.engine.trick_view import Trick as Trick
from game.engine.trick_view import TrickView as TrickView
from game.engine.tricks import Play, Trump, card_refusal, card_rule, trick_points, winning_play

PILES = 8  # a découverte player's piles
ROW = 4  # the piles the dealer lays at a time


def lay_out(
    deck: Sequence[Card], dealer: int
) -> tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Pile, ...], ...], list[Event]]:
    """The découverte's deal of ``deck`` (two players): for each row of four piles, four
    cards face down before the dealer's opponent, four before the dealer, then one face up
    on each, the opponent's first.  The face-up cards (each seat's playable cards), the
    piles and the events (the face-down cards in none of them)."""
    first = 1 - dealer
    ups: list[list[Card]] = [[], []]
    downs: list[list[Card]] = [[], []]
    events: list[Event] = []
    position = 0
    for _row in range(PILES // ROW):
        for target, face_up in ((downs, False), (ups, True)):
            for seat in (first, dealer):
                packet = tuple(deck[position:position + ROW])
                position += ROW
                target[seat].extend(packet)
                events.append(FaceUpDealt(seat, ROW, packet) if face_up
                              else FaceDownDealt(seat, ROW))
    piles = tuple(tuple(zip(ups[s], downs[s], strict=True)) for s in (0, 1))
    return tuple(tuple(u) for u in ups), piles, events


@dataclass(frozen=True, eq=False)
class TrickDeal(TrickAnnouncing):
    """Base state of a 32-card deal.  Subclasses add the bidding and the scoring.  Its
    fields and shared helpers are ``trick_state.TrickState``'s, its announcements,
    belote and tally ``trick_announcing.TrickAnnouncing``'s."""

    # --- the protocol (the rest is the base's, ``deal.Deal``) ------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def apply(self, action: Action) -> tuple[Self, list[Event]]:
        if self.phase is Phase.OVER:
            raise IllegalAction("illegal.deal_over")
        if self.phase is Phase.PLAY:
            return self._apply_play(action)
        if isinstance(action, PlayCard):
            raise IllegalAction("illegal.not_playing")
        return self._apply_other(action)

    def view(self, seat: int) -> TrickView:
        return TrickView(
            game=self.rules.game,
            seat=seat,
            players=self.players,
            dealer=self.dealer,
            phase=self.phase,
            current_player=self.turn,
            hand=sorted_hand(self.hands[seat], self.trump.suit if self.trump else None),
            legal=self.legal_actions() if self.turn == seat else (),
            trump=self.trump,
            taker=self.taker,
            bids=self.bids,
            trick=self.trick,
            tricks=self.tricks,
            declared=tuple(
                (s, tuple(a.kind.value for a in anns)) for s, anns in self.declared
            ),
            shown_announcements=self._shown_announcements(),
            belote_seat=self.belote_seat,
            rules=self.rules,
            table_piles=self._table_piles(),
            **self._view_extra(seat),
        )

    # --- hooks for the subclasses ------------------------------------------------------

    def _legal_actions(self) -> tuple[Action, ...]:
        if self.phase is Phase.PLAY:
            return self._legal_play_actions()
        return self._legal_other_actions()

    def _legal_other_actions(self) -> tuple[Action, ...]:
        raise NotImplementedError

    def _apply_other(self, action: Action) -> tuple[Self, list[Event]]:
        raise NotImplementedError

    def _score(self, tally: SideTally) -> DealResult:
        raise NotImplementedError

    def _view_extra(self, seat: int) -> dict[str, Any]:
        return {}

    def _table_piles(self) -> tuple[tuple[tuple[Card | None, bool], ...], ...]:
        """The découverte's piles as every seat sees them: the face-up card (None once
        played) and whether a face-down card still lies under it, never which."""
        return tuple(tuple((up, down is not None) for up, down in seat_piles)
                     for seat_piles in self.piles)

    # --- helpers -------------------------------------------------------------------------

    def _start_play(self, trump: Trump, taker: int, **changes: Any) -> Self:
        state = self.evolve(
            phase=Phase.PLAY, trump=trump, taker=taker, turn=self.next_seat(self.dealer),
            **changes,
        )
        return state.with_announceable()

    # --- play ------------------------------------------------------------------------------

    def _legal_play_actions(self) -> tuple[Action, ...]:
        seat = self.turn
        assert seat is not None and self.trump is not None
        hand = self.hands[seat]
        cards, _ = card_rule(hand, self.trick, self.trump, self.rules, self.partner_of(seat))
        actions: list[Action] = [PLAY_OF[c] for c in cards]
        if seat == self.belote_holder:
            belote_cards = self._belote_cards(seat)
            actions.extend(play(c, belote=True) for c in cards if c in belote_cards)
        if not self.tricks and self._may_announce(seat):
            actions.append(Announce())
        extra = self._extra_play_actions(seat)
        return tuple(actions + extra) if extra else tuple(actions)

    def _extra_play_actions(self, seat: int) -> list[Action]:
        return []

    def _apply_play(self, action: Action) -> tuple[Self, list[Event]]:
        seat = self.turn
        assert seat is not None
        if isinstance(action, Announce):
            if not self._may_announce(seat):
                raise IllegalAction("illegal.no_announcement")
            anns = self.announceable[seat]
            state = self.evolve(declared=(*self.declared, (seat, anns)))
            return state, [Announced(seat, tuple(a.kind for a in anns))]
        if not isinstance(action, PlayCard):
            extra = self._apply_extra_play_action(action)
            if extra is None:
                raise IllegalAction("illegal.not_now")
            return extra
        self._check_card(seat, action)
        return self._play_card(seat, action)

    def _apply_extra_play_action(self, action: Action) -> tuple[Self, list[Event]] | None:
        return None

    def _check_card(self, seat: int, action: PlayCard) -> None:
        c = action.card
        if c not in self.hands[seat]:
            raise IllegalAction("illegal.not_in_hand")
        if not self.is_legal(action):
            assert self.trump is not None
            refusal = card_refusal(self.hands[seat], self.trick, self.trump, self.rules,
                                   self.partner_of(seat), c)
            if refusal is None:  # the card may be played, but not with the belote said
                raise IllegalAction("illegal.belote_first")
            raise IllegalAction.because(refusal)

    def _play_card(self, seat: int, action: PlayCard) -> tuple[Self, list[Event]]:
        c = action.card
        events: list[Event] = []
        changes: dict[str, Any] = {}
        if not self.trick and len(self.tricks) == 1 and self.validated is None:
            validated, shown = self._compare_announcements()
            changes["validated"] = validated
            events.append(AnnouncementsShown(validated, shown))
        if action.belote:
            changes["belote_seat"] = seat
            events.append(BeloteSaid(seat, rebelote=False))
            if self._first_of_pair_played(seat):  # the découverte: both said at once
                changes["rebelote_done"] = True
                events.append(BeloteSaid(seat, rebelote=True))
        elif self.belote_seat == seat and self._completes_belote(seat, c):
            changes["rebelote_done"] = True
            events.append(BeloteSaid(seat, rebelote=True))
        hand = list(self.hands[seat])
        hand.remove(c)
        hands = list(self.hands)
        hands[seat] = tuple(hand)
        changes["hands"] = tuple(hands)
        if self.piles:
            changes["piles"] = self._lifted(seat, c)
        trick = (*self.trick, (seat, c))
        events.append(CardPlayed(seat, c))
        if len(trick) < self.players:
            changes["trick"] = trick
            changes["turn"] = (seat + 1) % self.players
            return self.evolve(**changes), events
        return self._close_trick(trick, changes, events)

    def _close_trick(
        self, trick: tuple[Play, ...], changes: dict[str, Any], events: list[Event]
    ) -> tuple[Self, list[Event]]:
        assert self.trump is not None
        winner = winning_play(trick, self.trump)[0]
        cards = tuple(c for _, c in trick)
        turned = self._turn_over(trick, changes)
        last = not changes["hands"][winner]
        points = trick_points(cards, self.trump) + (DIX_DE_DER if last else 0)
        tricks = (*self.tricks, Trick(trick[0][0], trick, winner, points))
        events.append(TrickWon(winner, cards, points, last))
        events.extend(turned)
        state = self.evolve(trick=(), tricks=tricks, turn=winner, **changes)
        if last:
            return state._finish(events)
        return state, events

    def _lifted(self, seat: int, played: Card) -> tuple[tuple[Pile, ...], ...]:
        """The découverte's piles once ``seat`` played ``played`` off the top of one:
        the card under it stays face down until the trick is over."""
        piles = list(self.piles)
        piles[seat] = tuple((None, down) if up is played else (up, down)
                            for up, down in piles[seat])
        return tuple(piles)

    def _turn_over(self, trick: tuple[Play, ...], changes: dict[str, Any]) -> list[Event]:
        """The découverte, a trick over: each card that lay under a card played is turned
        over, into its owner's playable cards (``changes`` gets the hands and piles)."""
        if not self.piles:
            return []
        hands = list(changes["hands"])
        piles = [list(p) for p in changes["piles"]]
        events: list[Event] = []
        for seat, _ in trick:
            for index, (up, down) in enumerate(piles[seat]):
                if up is None and down is not None:
                    piles[seat][index] = (down, None)
                    hands[seat] = (*hands[seat], down)
                    events.append(CardTurned(seat, index, down))
        changes["hands"], changes["piles"] = tuple(hands), tuple(tuple(p) for p in piles)
        return events

    def _finish(self, events: list[Event]) -> tuple[Self, list[Event]]:
        if self.validated is None:  # a one-trick deal cannot happen, but be safe
            self = self.evolve(validated=self._compare_announcements()[0])
        result = self._score(self.tally())
        events.append(DealScored(result))
        return self.evolve(phase=Phase.OVER, turn=None, outcome=result), events
