"""What a seat can deduce from its view of a 32-card deal: the cards gone, the cards
still hidden, who cannot hold what, and the points each side has taken so far.

Everything here is computed from the public part of the view (tricks, the trick in
progress, the retourne and the bergère) and the seat's own hand, never from another
hand.  The inferences hold under every rule option, so the view's lack of rules does not
matter: a player who did not follow is void in the led suit; a player who neither
followed nor trumped while an opponent was master holds no trump (or none above the
master trump); a player who did not go over the master card of a trump-like led suit
holds none above it.

At the découverte (``view.table_piles``) the face-up cards of every pile are seen, and a
player may hold a suit face down that he does not follow: no void is inferred.  The
face-down cards stay ``unseen`` (a card of mine is master only when none of them beats
it) but nobody may hold one now (``holders``: ``FACE_DOWN``): none can be played in this
trick; the other seat's face-up cards are his.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from game.ai.seat import SeenSeat
from game.engine.cards import DECK32, Card, Rank, Suit, TrumpMode
from game.engine.tricks import Play, Trump, winning_play

VOID = -1  # the strength cap of a suit a seat is known to be void in
NO_CAP = 99
FACE_DOWN = -1  # the découverte: the holder of a face-down card, which nobody may play now


@dataclass(frozen=True)
class Memory:
    seat: int
    players: int
    trump: Trump
    hand: tuple[Card, ...]
    played: frozenset[Card]
    unseen: frozenset[Card]  # cards another seat may hold (or, at 2 and 3, left undealt)
    caps: tuple[dict[Suit, int], ...]  # per seat: the strongest card it may hold, by suit
    # Who holds which hidden card, when that is known (the Expert's sampled deals).
    holders: Mapping[Card, int] = field(default_factory=dict)

    # --- seats -----------------------------------------------------------------------------

    def partner(self, seat: int | None = None) -> int | None:
        seat = self.seat if seat is None else seat
        return (seat + 2) % 4 if self.players == 4 else None

    def same_side(self, a: int, b: int) -> bool:
        return a == b or (self.players == 4 and a % 2 == b % 2)

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.players == 4 else seat

    def opponents(self) -> list[int]:
        return [s for s in range(self.players) if not self.same_side(s, self.seat)]

    # --- cards -----------------------------------------------------------------------------

    def may_hold(self, seat: int, c: Card) -> bool:
        if self.holders.get(c, seat) != seat:
            return False
        return c in self.unseen and self.trump.strength[c] <= self.caps[seat].get(c.suit, NO_CAP)

    def is_void(self, seat: int, suit: Suit) -> bool:
        return self.caps[seat].get(suit) == VOID

    def is_trump_suit(self, suit: Suit) -> bool:
        return self.trump.mode is TrumpMode.SUIT and suit == self.trump.suit

    def is_master(self, c: Card) -> bool:
        """No hidden card of its suit is stronger."""
        strength = self.trump.strength
        return not any(u.suit == c.suit and strength[u] > strength[c] for u in self.unseen)

    def unseen_in(self, suit: Suit) -> list[Card]:
        return [u for u in self.unseen if u.suit == suit]

    def trumps_with(self, seats: Iterable[int]) -> list[Card]:
        """Hidden trumps that one of ``seats`` may hold."""
        if self.trump.mode is not TrumpMode.SUIT or self.trump.suit is None:
            return []
        chosen = list(seats)
        return [u for u in self.unseen_in(self.trump.suit)
                if any(self.may_hold(s, u) for s in chosen)]

    def may_beat(self, seat: int, card: Card, led: Suit) -> bool:
        """Could ``seat``, still to play, beat ``card`` (the master card of the trick)?"""
        strength = self.trump.strength
        if any(u.suit == card.suit and strength[u] > strength[card] and self.may_hold(seat, u)
               for u in self.unseen):
            return True
        if self.trump.mode is not TrumpMode.SUIT or card.suit == self.trump.suit:
            return False
        # A ruff is possible only for a seat that may be out of the led suit.
        might_be_void = self.is_void(seat, led) or len(self.unseen_in(led)) < 3
        return might_be_void and bool(self.trumps_with([seat]))

    # --- points ----------------------------------------------------------------------------

    def card_points(self, cards: Iterable[Card]) -> int:
        return sum(self.trump.points[c] for c in cards)


def build_memory(view: SeenSeat) -> Memory:
    trump = view.trump
    assert trump is not None, "the card play comes after the contract"
    tricks = [t.plays for t in view.tricks]
    if view.trick:
        tricks.append(view.trick)
    played = frozenset(c for plays in tricks for _, c in plays)
    out_of_play = set(view.hand) | played
    # The retourne (or the 7 swapped for it) and the bergère, out of play at 2 and 3; the
    # découverte's trump card is the dealer's, on his pile.
    if view.players < 4 and not view.table_piles:
        out_of_play.update(c for c in (view.retourne, view.bergere) if c is not None)
    caps: list[dict[Suit, int]] = [{} for _ in range(view.players)]
    unseen = frozenset(c for c in DECK32 if c not in out_of_play)
    if view.table_piles:
        return Memory(seat=view.seat, players=view.players, trump=trump,
                      hand=tuple(view.hand), played=played, unseen=unseen, caps=tuple(caps),
                      holders=piles_holders(view.table_piles, unseen))
    for plays in tricks:
        _infer_caps(plays, trump, view.players, caps)
    return Memory(
        seat=view.seat, players=view.players, trump=trump, hand=tuple(view.hand),
        played=played, unseen=unseen, caps=tuple(caps),
    )


def piles_holders(piles: tuple[tuple[tuple[Card | None, bool], ...], ...],
                  unseen: frozenset[Card]) -> dict[Card, int]:
    """The découverte: each unseen card's holder, the seat whose pile shows it face up,
    or ``FACE_DOWN``."""
    face_up = {up: seat for seat, seat_piles in enumerate(piles) for up, _ in seat_piles if up}
    return {c: face_up.get(c, FACE_DOWN) for c in unseen}


def _cap(caps: dict[Suit, int], suit: Suit, strength: int) -> None:
    caps[suit] = min(caps.get(suit, NO_CAP), strength)


def _infer_caps(plays: tuple[Play, ...], trump: Trump, players: int,
                caps: list[dict[Suit, int]]) -> None:
    led = plays[0][1].suit
    trump_like_led = trump.mode is TrumpMode.ALL_TRUMP or led == trump.suit
    for i in range(1, len(plays)):
        seat, c = plays[i]
        master_seat, master = winning_play(plays[:i], trump)
        partner_master = players == 4 and master_seat % 2 == seat % 2
        beaten = trump.beats(c, master)
        if c.suit == led:
            if trump_like_led and not beaten and not partner_master:
                _cap(caps[seat], led, trump.strength[master])
            continue
        _cap(caps[seat], led, VOID)
        if trump.mode is not TrumpMode.SUIT or partner_master or trump.suit is None:
            continue
        if c.suit != trump.suit:
            no_trump_above = trump.strength[master] if master.suit == trump.suit else VOID
            _cap(caps[seat], trump.suit, no_trump_above)
        elif master.suit == trump.suit and not beaten:
            _cap(caps[seat], trump.suit, trump.strength[master])


def belote_pair(hand: Iterable[Card], trump: Trump) -> tuple[Card, ...]:
    if trump.mode is not TrumpMode.SUIT:
        return ()
    return tuple(c for c in hand if c.suit == trump.suit and c.rank in (Rank.KING, Rank.QUEEN))
