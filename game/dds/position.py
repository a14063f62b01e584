"""A compact play-phase position of the 32-card games, for search.

A card is a bit of a 32-bit mask: ``index = suit * 8 + strength``, where ``strength`` is
the card's trick-taking order in its suit *for this deal's trump* (0 = weakest).  With
this order, "beats" within a suit is "has a higher bit", and the strongest card of a suit
in a mask is its highest bit.  ``index_of`` / ``card_of`` translate with the engine's
cards, given the deal's ``Trump``.

Belote-rebelote and announcements do not depend on the play (belote scores once declared,
whoever wins the tricks), so they stay out of the search; the dix de der is counted.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.engine.cards import DECK32, Card, Suit, TrumpMode
from game.engine.rules import OvertrumpPartner, PartnerRuff, TrickGameRules, Undertrump
from game.engine.trick_view import DIX_DE_DER
from game.engine.trickgame import TrickDeal
from game.engine.tricks import Play, Trump

SUIT_MASKS = tuple(0xFF << (8 * s) for s in range(4))
# ABOVE[i]: the cards of i's suit that beat i.
ABOVE = tuple(SUIT_MASKS[i >> 3] & ~((2 << i) - 1) for i in range(32))


def index_of(c: Card, trump: Trump) -> int:
    return int(c.suit) * 8 + trump.strength[c]


def card_of(index: int, trump: Trump) -> Card:
    return _CARD_AT[_trump_key(trump)][index]


def mask_of(cards: Iterable[Card], trump: Trump) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << index_of(c, trump)
    return mask


def cards_of(mask: int, trump: Trump) -> list[Card]:
    table = _CARD_AT[_trump_key(trump)]
    return [table[i] for i in bits(mask)]


def bits(mask: int) -> list[int]:
    """The set bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def points_table(trump: Trump) -> tuple[int, ...]:
    return _POINTS_AT[_trump_key(trump)]


def _trump_key(trump: Trump) -> tuple[TrumpMode, Suit | None]:
    return (trump.mode, trump.suit)


def _tables() -> tuple[
    dict[tuple[TrumpMode, Suit | None], tuple[Card, ...]],
    dict[tuple[TrumpMode, Suit | None], tuple[int, ...]],
]:
    trumps = [Trump(TrumpMode.NO_TRUMP), Trump(TrumpMode.ALL_TRUMP)]
    trumps += [Trump.of_suit(s) for s in Suit]
    cards: dict[tuple[TrumpMode, Suit | None], tuple[Card, ...]] = {}
    points: dict[tuple[TrumpMode, Suit | None], tuple[int, ...]] = {}
    for trump in trumps:
        by_index = {index_of(c, trump): c for c in DECK32}
        cards[_trump_key(trump)] = tuple(by_index[i] for i in range(32))
        points[_trump_key(trump)] = tuple(trump.points[by_index[i]] for i in range(32))
    return cards, points


_CARD_AT, _POINTS_AT = _tables()


@dataclass(frozen=True)
class PlayRules:
    """What decides legality and sides in the play, in the solver's terms.

    ``trump_suit`` is -1 unless the mode is SUIT.  With 2 or 3 players each plays for
    himself: there is no partner, and the search maximises one player's points against
    the coalition of the others (the "paranoid" reduction, which keeps it a two-sided
    game: maximising one's own points is maximising them minus the others' sum).
    """

    players: int
    mode: TrumpMode
    trump_suit: int
    undertrump_must: bool
    overtrump_relaxed: bool
    partner_ruff: PartnerRuff

    @staticmethod
    def of(rules: TrickGameRules, trump: Trump) -> PlayRules:
        return PlayRules(
            players=rules.players,
            mode=trump.mode,
            trump_suit=-1 if trump.suit is None else int(trump.suit),
            undertrump_must=rules.undertrump is Undertrump.MUST,
            overtrump_relaxed=(
                rules.overtrump_partner_when_trump_led is OvertrumpPartner.RELAXED
            ),
            partner_ruff=rules.partner_ruff,
        )

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.players == 4 else seat

    def partner_of(self, seat: int) -> int:
        """The partner's seat, or -1 when each plays for himself."""
        return (seat + 2) % 4 if self.players == 4 else -1


def master_of(trick: Sequence[tuple[int, int]], trump_suit: int) -> tuple[int, int]:
    """(seat, index) of the play winning a trick of (seat, index) plays so far."""
    best_seat, best = trick[0]
    for seat, i in trick[1:]:
        if (i >> 3) == (best >> 3):
            if i > best:
                best_seat, best = seat, i
        elif (i >> 3) == trump_suit:
            best_seat, best = seat, i
    return best_seat, best


def legal_mask(
    hand: int, led: int, master: int, partner_master: bool, rules: PlayRules
) -> int:
    """The cards of ``hand`` that may be played (``tricks.legal_cards`` on bitmasks).

    ``led`` is the led suit (-1 on an empty trick), ``master`` the index of the card
    winning the trick, ``partner_master`` whether the player's partner played it."""
    if led < 0:
        return hand
    follow = hand & SUIT_MASKS[led]
    mode = rules.mode
    trump_suit = rules.trump_suit
    if follow:
        if mode is TrumpMode.NO_TRUMP or (mode is TrumpMode.SUIT and led != trump_suit):
            return follow
        if partner_master and rules.overtrump_relaxed:
            return follow
        # Trump led (or all trump): the master card is of the led suit.
        return (follow & ABOVE[master]) or follow
    if mode is not TrumpMode.SUIT:
        return hand
    trumps = hand & SUIT_MASKS[trump_suit]
    if not trumps:
        return hand
    master_is_trump = (master >> 3) == trump_suit
    if partner_master:
        ruff = rules.partner_ruff
        if ruff is PartnerRuff.FREE or not master_is_trump:
            return hand
        over = trumps & ABOVE[master]
        if ruff is PartnerRuff.MUST_OVERTRUMP:
            return over or hand
        return ((hand & ~SUIT_MASKS[trump_suit]) | over) or hand
    if master_is_trump:
        over = trumps & ABOVE[master]
        if over:
            return over
        return trumps if rules.undertrump_must else hand
    return trumps


@dataclass(frozen=True)
class Position:
    """A play-phase position with every hand known (one sampled world, or a real deal).

    ``trick`` holds the (seat, index) plays of the trick in progress, ``turn`` the seat
    to play, ``taken`` the trick points each side took so far (dix de der included).
    """

    rules: PlayRules
    trump: Trump
    masks: tuple[int, ...]  # each seat's cards, a bit per card
    trick: tuple[tuple[int, int], ...]
    turn: int
    taken: tuple[int, ...]

    @staticmethod
    def build(
        rules: TrickGameRules,
        trump: Trump,
        hands: Sequence[Iterable[Card]],
        trick: Sequence[Play],
        turn: int,
        taken: Sequence[int] | None = None,
    ) -> Position:
        play_rules = PlayRules.of(rules, trump)
        sides = 2 if rules.players == 4 else rules.players
        return Position(
            rules=play_rules,
            trump=trump,
            masks=tuple(mask_of(h, trump) for h in hands),
            trick=tuple((seat, index_of(c, trump)) for seat, c in trick),
            turn=turn,
            taken=tuple(taken) if taken is not None else (0,) * sides,
        )

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def tricks_left(self) -> int:
        """Tricks still to be completed, the one in progress included."""
        return bin(self.masks[self.turn]).count("1")

    def points_left(self) -> int:
        """Trick points still to take: the trick in progress, every hand, the dix de der."""
        live = 0
        for _, index in self.trick:
            live |= 1 << index
        for hand in self.masks:
            live |= hand
        table = points_table(self.trump)
        return sum(table[i] for i in bits(live)) + DIX_DE_DER

    def master(self) -> tuple[int, int]:
        return master_of(self.trick, self.rules.trump_suit)

    def legal(self) -> int:
        """The mask of the cards the player to move may play."""
        if not self.trick:
            return self.masks[self.turn]
        master_seat, master = self.master()
        partner_master = master_seat == self.rules.partner_of(self.turn)
        return legal_mask(
            self.masks[self.turn], self.trick[0][1] >> 3, master, partner_master, self.rules
        )

    def legal_cards(self) -> list[Card]:
        return cards_of(self.legal(), self.trump)

    def play(self, index: int) -> Position:
        """The position after the player to move plays the card ``index``."""
        seat = self.turn
        bit = 1 << index
        if not self.masks[seat] & bit:
            raise ValueError(f"card {index} is not in seat {seat}'s hand")
        masks = list(self.masks)
        masks[seat] ^= bit
        trick = (*self.trick, (seat, index))
        if len(trick) < self.players:
            return Position(self.rules, self.trump, tuple(masks), trick,
                            (seat + 1) % self.players, self.taken)
        winner = master_of(trick, self.rules.trump_suit)[0]
        table = points_table(self.trump)
        points = sum(table[i] for _, i in trick) + (0 if masks[winner] else DIX_DE_DER)
        taken = list(self.taken)
        taken[self.rules.side_of(winner)] += points
        return Position(self.rules, self.trump, tuple(masks), (), winner, tuple(taken))


def position_of(state: TrickDeal) -> Position:
    """The position of a real deal in play (every hand: benches and tests only)."""
    assert state.trump is not None and state.turn is not None
    rules = PlayRules.of(state.rules, state.trump)
    taken = [0] * (2 if state.rules.has_teams else state.players)
    for t in state.tricks:
        taken[rules.side_of(t.winner)] += t.points
    return Position.build(state.rules, state.trump, state.hands, state.trick, state.turn, taken)
