"""The 32-card kernel's adapter: the engine's cards and rules in, masks and indices to
``_trick32`` (the compiled core), the engine's cards out.

The searches reach it through ``game.core.kernels.trick32()`` (``Trick32``), asked for
by ``search.trick32_kernel``: the Expert's play-outs (``game/ai/search.py``) and the
bidding's (``game/ai/bid_search.py``); without the core they get its Python twin
(``search.PythonTrick32``, the same protocol), which stays the reference: both give the
same result for every position (``tests/test_core_trick32.py``).

A card is ``suit * 8 + strength`` for the deal's trump (``game/dds/position.py``'s
index), a trump a key (0-3 a suit, 4 sans-atout, 5 tout-atout), the rule options that
decide legality bits of ``flags_of``.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Protocol

from game.engine.cards import DECK32, Card, Suit, TrumpMode
from game.engine.rules import OvertrumpPartner, PartnerRuff, TrickGameRules, Undertrump
from game.engine.trick_view import Trick
from game.engine.tricks import Play, Trump

NO_TRUMP_KEY = 4
ALL_TRUMP_KEY = 5
UNDERTRUMP_MUST = 1
OVERTRUMP_RELAXED = 2
PARTNER_RUFF_BITS = {PartnerRuff.FREE: 0, PartnerRuff.NO_UNDERTRUMP: 4,
                     PartnerRuff.MUST_OVERTRUMP: 8}
NO_SEAT = -1  # no taker, no partner, no first card chosen in advance

# A finished play-out: points and tricks per seat, the trick that was under way (its
# plays from its leader on) and its winner.
Rollout = tuple[list[int], list[int], tuple[Play, ...], int]


class PlaySeat(Protocol):
    """A seat at a 32-card trick: what the Confirmé's card play reads, in Python
    (``game.ai.search.rollout_card``) and in the core."""

    @property
    def seat(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def taker(self) -> int | None: ...
    @property
    def trick(self) -> tuple[Play, ...]: ...


class Position(PlaySeat, Protocol):
    """What a play-out reads of the seat's view (``TrickView`` is one): the seat, and
    the tricks already finished."""

    @property
    def tricks(self) -> tuple[Trick, ...]: ...


# --- translation ---------------------------------------------------------------------------


def key_of(trump: Trump) -> int:
    if trump.mode is TrumpMode.NO_TRUMP:
        return NO_TRUMP_KEY
    if trump.mode is TrumpMode.ALL_TRUMP:
        return ALL_TRUMP_KEY
    assert trump.suit is not None
    return int(trump.suit)


def _trumps() -> list[Trump]:
    return [Trump.of_suit(s) for s in Suit] + [Trump(TrumpMode.NO_TRUMP),
                                               Trump(TrumpMode.ALL_TRUMP)]


_INDEX: dict[int, dict[Card, int]] = {
    key_of(t): {c: int(c.suit) * 8 + t.strength[c] for c in DECK32} for t in _trumps()}
_CARD: dict[int, tuple[Card, ...]] = {
    key: tuple(sorted(index, key=index.__getitem__)) for key, index in _INDEX.items()}


def index_of(trump: Trump) -> dict[Card, int]:
    """Each card's index under ``trump``."""
    return _INDEX[key_of(trump)]


def card_at(trump: Trump) -> tuple[Card, ...]:
    """The card at each index under ``trump``."""
    return _CARD[key_of(trump)]


def flags_of(rules: TrickGameRules) -> int:
    """The rule options the legal cards read, as the kernel's bits."""
    flags = PARTNER_RUFF_BITS[rules.partner_ruff]
    if rules.undertrump is Undertrump.MUST:
        flags |= UNDERTRUMP_MUST
    if rules.overtrump_partner_when_trump_led is OvertrumpPartner.RELAXED:
        flags |= OVERTRUMP_RELAXED
    return flags


def _hands(hands: Sequence[Sequence[Card]], index: dict[Card, int]) -> list[list[int]]:
    return [[index[c] for c in hand] for hand in hands]


def _trick(trick: Sequence[Play], index: dict[Card, int]) -> list[tuple[int, int]]:
    return [(seat, index[c]) for seat, c in trick]


def _past(position: Position) -> tuple[list[int], list[int]]:
    """Each seat's points and tricks in the tricks already finished."""
    points, tricks = [0] * position.players, [0] * position.players
    for t in position.tricks:
        points[t.winner] += t.points
        tricks[t.winner] += 1
    return points, tricks


def _rollout(raw: tuple[Sequence[int], Sequence[int], Sequence[tuple[int, int]], int],
             cards: tuple[Card, ...]) -> Rollout:
    points, tricks, current, winner = raw
    return list(points), list(tricks), tuple((s, cards[i]) for s, i in current), winner


# --- the play-outs -------------------------------------------------------------------------


class CompiledTrick32:
    """The play-outs of the 32-card games in the compiled core (``kernels.Trick32``)."""

    def __init__(self, kernel: ModuleType) -> None:
        self.kernel = kernel

    def rollouts(self, position: Position, trump: Trump, rules: TrickGameRules,
                 worlds: Sequence[Sequence[Sequence[Card]]],
                 firsts: Sequence[Card]) -> list[list[Rollout]]:
        """``search.python_play_rollout`` of every card of ``firsts`` in every world (each
        seat's cards now), in one call of the core (the GIL released while it plays): the
        seat plays the card, every seat then the Confirmé's card seeing every hand; a
        list per world, a rollout per card."""
        index, cards = index_of(trump), card_at(trump)
        points, tricks = _past(position)
        taker = NO_SEAT if position.taker is None else position.taker
        raw = self.kernel.rollouts([_hands(world, index) for world in worlds],
                                   _trick(position.trick, index), position.seat,
                                   [index[c] for c in firsts], key_of(trump), taker,
                                   flags_of(rules), points, tricks)
        return [[_rollout(r, cards) for r in row] for row in raw]

    def play_out(self, dealt: Sequence[Sequence[Card]], trump: Trump, taker: int, leader: int,
                 rules: TrickGameRules) -> tuple[list[int], list[int]]:
        """``bid_search.play_out``'s play: the whole deal ``dealt`` played by the
        Confirmé's card, every hand seen, ``leader`` first; each seat's points (dix de der
        included) and tricks."""
        index = index_of(trump)
        zeros = [0] * len(dealt)
        points, tricks, _, _ = self.kernel.rollout(_hands(dealt, index), [], leader, NO_SEAT,
                                                   key_of(trump), taker, flags_of(rules),
                                                   zeros, zeros)
        return list(points), list(tricks)


# --- the rules, one question at a time (the differential tests, the bench) ---------------


class Kernel:
    """The compiled kernel's rules of play on the engine's cards, for one trump and one
    table's options: the twins of ``tricks.legal_cards``, ``winning_play``,
    ``trick_points`` and ``search.rollout_card``."""

    def __init__(self, kernel: ModuleType, trump: Trump, rules: TrickGameRules) -> None:
        self.kernel, self.key, self.flags = kernel, key_of(trump), flags_of(rules)
        self.index, self.cards = index_of(trump), card_at(trump)

    def legal_cards(self, hand: Sequence[Card], trick: Sequence[Play],
                    partner: int | None) -> list[Card]:
        found = self.kernel.legal([self.index[c] for c in hand], _trick(trick, self.index),
                                  self.key, self.flags, NO_SEAT if partner is None else partner)
        return [self.cards[i] for i in found]

    def winning_play(self, trick: Sequence[Play]) -> Play:
        seat, i = self.kernel.winner(_trick(trick, self.index), self.key)
        return seat, self.cards[i]

    def trick_points(self, cards: Sequence[Card]) -> int:
        points: int = self.kernel.points([self.index[c] for c in cards], self.key)
        return points

    def rollout_card(self, hands: Sequence[Sequence[Card]], seat: int,
                     trick: Sequence[Play], taker: int | None) -> Card:
        i: int = self.kernel.choose(_hands(hands, self.index), _trick(trick, self.index), seat,
                                    self.key, NO_SEAT if taker is None else taker, self.flags)
        return self.cards[i]
