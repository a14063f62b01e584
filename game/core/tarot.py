"""The tarot kernel's adapter: tarot's searches and the compiled core (``_tarot``).

The compiled play-outs compute exactly what ``tarot_search.rollout`` (the Expert's
play-outs, every hand seen: ``OpenTable``) and ``tarot_bid_search.play_from`` (the
bidding's and the écart's, each seat seeing its own hand: ``ClosedTable``) compute, and
its solver what ``tarot_endgame``'s does.  Here the Python objects become what the core
reads (card ids in ``DECK78``'s order, bytes) and its answers become Python objects
again.  The searches reach it through ``game.core.kernels.tarot()`` (``Tarot``), asked for
by ``tarot_search.tarot_kernel``; without the core they get its Python twin
(``tarot_search.PythonTarot``, the same protocol), the reference.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from types import ModuleType
from typing import Protocol

from game.engine.rules import ExcuseLastTrick, PetitAuBoutValue, TarotRules
from game.engine.tarot_cards import DECK78, TarotCard
from game.engine.tarot_scoring import Contract, poignee_kind
from game.engine.tarot_tricks import TarotPlay, TarotTrick, TarotView

CARD_ID: dict[TarotCard, int] = {card: index for index, card in enumerate(DECK78)}
NONE = 255  # no seat, no card


class OverBudget(Exception):
    """A solve would search more positions than its table allows (the core's solver and
    ``tarot_endgame``'s raise it)."""


class Dealt(Protocol):
    """A world: every seat's hand (in order: it breaks the play's ties) and the pile."""

    @property
    def holdings(self) -> Sequence[Sequence[TarotCard]]: ...

    @property
    def pile(self) -> Sequence[TarotCard]: ...


class SolveTable(Protocol):
    """What the exact solves of one world share (``CompiledTable`` here,
    ``tarot_endgame.Transpositions`` in Python): the world it is for, whether a solve ran
    past its budget, the positions searched."""

    @property
    def world(self) -> object: ...

    @property
    def spent(self) -> bool: ...

    @property
    def nodes(self) -> int: ...


def ids(cards: Iterable[TarotCard]) -> bytes:
    return bytes(CARD_ID[c] for c in cards)


def cards_of(data: bytes) -> list[TarotCard]:
    return [DECK78[k] for k in data]


def _seat(seat: int | None) -> int:
    return NONE if seat is None else seat


def _plays(plays: Iterable[TarotPlay]) -> bytes:
    return bytes(k for seat, card in plays for k in (seat, CARD_ID[card]))


def position(players: int, seat: int, taker: int, called: TarotCard | None, *,
             partner: int | None = None, announcer: int | None = None, secret: bool = False,
             closed: bool = False, frame: bytes = bytes(8),
             tricks: Sequence[TarotTrick] = (), trick: Sequence[TarotPlay] = (),
             aside: Sequence[TarotCard] = ()) -> bytes:
    """A play-out's start as the core reads it (``_tarot.c`` describes the layout):
    ``seat`` next to play, the camps' facts, ``frame`` the scoring's (``scoring``),
    the finished ``tricks`` and the ``trick`` under way, what the taker knows ``aside``
    (a ``closed`` table)."""
    head = bytes([players, seat, taker, NONE if called is None else CARD_ID[called],
                  _seat(partner), _seat(announcer), secret, closed])
    body = b"".join(bytes([t.winner]) + _plays(t.plays) for t in tricks)
    return (head + frame + bytes([len(tricks), len(trick)]) + body + _plays(trick)
            + bytes([len(aside)]) + ids(aside))


def scoring(view: TarotView) -> bytes:
    """What the scoring of ``view``'s deal needs besides the cards won (``DealFrame``)."""
    assert view.contract is not None
    return frame_bytes(view.players, view.contract, [len(cards) for _, cards in view.poignees],
                       view.chelem_announcer is not None, view.rules)


def frame_bytes(players: int, contract: Contract, shown: Iterable[int], announced: bool,
                rules: TarotRules) -> bytes:
    """The contract's multiplier, whether the pile counts for the attack, the bonus of
    the poignées of ``shown`` trumps, the chelem ``announced``, and the table's scoring
    options."""
    kinds = (poignee_kind(players, count, rules.poignee_sizes) for count in shown)
    bonus = sum(kind.bonus for kind in kinds if kind is not None)
    return bytes([contract.multiplier, contract.chien_to_attack, bonus // 10, announced,
                  rules.petit_au_bout is PetitAuBoutValue.MULTIPLIED,
                  rules.unannounced_chelem // 10, rules.defence_chelem // 10,
                  rules.excuse_last_trick is ExcuseLastTrick.TRICK_WINNER])


def world_bytes(holdings: Sequence[Sequence[TarotCard]], pile: Sequence[TarotCard]) -> bytes:
    parts = [bytes([len(hand)]) + ids(hand) for hand in holdings]
    return b"".join(parts) + bytes([len(pile)]) + ids(pile)


def view_position(view: TarotView, secret: bool) -> bytes:
    """The Expert's play-out from ``view`` (``tarot_search.rollout``), ``secret``: the
    partner unknown at five (``tarot_search.partner_secret``)."""
    assert view.taker is not None
    return position(view.players, view.seat, view.taker, view.called, partner=view.partner,
                    announcer=view.chelem_announcer, secret=secret, frame=scoring(view),
                    tricks=view.tricks, trick=view.trick)


class Rollouts:
    """``tarot_search.rollout`` of one view, in the core: ``value(world, first)``, the
    seat's marks; ``values(worlds, firsts)``, many at once with the GIL released."""

    def __init__(self, module: ModuleType, start: bytes) -> None:
        self.module, self.start = module, start
        self._world: Dealt | None = None
        self._bytes = b""

    def world_data(self, world: Dealt) -> bytes:
        if world is not self._world:  # a world's cards are valued one after another
            self._world, self._bytes = world, world_bytes(world.holdings, world.pile)
        return self._bytes

    def value(self, world: Dealt, first: TarotCard) -> float:
        marks: float = self.module.rollout(self.start, self.world_data(world), CARD_ID[first])
        return marks

    def values(self, worlds: Sequence[Dealt], firsts: Sequence[TarotCard]) -> list[list[float]]:
        data = [world_bytes(w.holdings, w.pile) for w in worlds]
        rows: list[list[float]] = self.module.rollouts(self.start, data, ids(firsts))
        return rows

    def traced(self, world: Dealt, firsts: Sequence[TarotCard],
               ) -> list[tuple[float, frozenset[int], TarotTrick]]:
        """``value`` of each of ``firsts`` in ``world``, with the camps (the attack's
        seats) and the trick under way as each play-out finished it."""
        rows, data = self.module.traced(self.start, [self.world_data(world)], ids(firsts))
        return [(marks, _seats(data[k * TRACE]), _trick(data[k * TRACE + 1:(k + 1) * TRACE]))
                for k, marks in enumerate(rows[0])]

    def table(self, budget: int, world: object = None) -> CompiledTable:
        """A table for the exact solves of ``world``, at most ``budget`` positions."""
        return CompiledTable(self.module, budget, world)

    def solved(self, world: Dealt, first: TarotCard, table: SolveTable) -> float:
        """``tarot_search.solved`` in the core: the seat's marks when it plays ``first``
        and the rest of the deal is played perfectly (``OverBudget`` past the table's
        budget; ``table`` from ``table``)."""
        marks: float | None = self.module.solve(_core_table(table), self.start,
                                                self.world_data(world), CARD_ID[first])
        if marks is None:
            raise OverBudget
        return marks

    def tail(self, world: Dealt, first: TarotCard, stop: int, table: SolveTable) -> float:
        """``tarot_search.rollout_solved`` in the core: the play-out after ``first`` until
        a trick starts with at most ``stop`` cards a hand, the rest played perfectly
        (``OverBudget`` past the table's budget)."""
        marks: float | None = self.module.tail(_core_table(table), self.start,
                                               self.world_data(world), CARD_ID[first], stop)
        if marks is None:
            raise OverBudget
        return marks


def _core_table(table: SolveTable) -> object:
    """The compiled table behind ``table`` (one this adapter's ``table`` made)."""
    assert isinstance(table, CompiledTable), "a table of the core's own (Rollouts.table)"
    return table.table


TRACE = 2 + 2 * 5  # a play-out's trace in ``_tarot.traced``'s bytes (``rollout_traced``)


def _seats(bits: int) -> frozenset[int]:
    return frozenset(s for s in range(8) if bits >> s & 1)


def _trick(data: bytes) -> TarotTrick:
    """A trace's trick: its winner, then (seat, card) pairs, padded with ``NONE``."""
    plays = tuple((data[i], DECK78[data[i + 1]]) for i in range(1, len(data), 2)
                  if data[i] != NONE)
    return TarotTrick(plays[0][0], plays, data[0])


class CompiledTable:
    """``tarot_endgame.Transpositions`` in the core: what the exact solves of one
    ``world`` share, at most ``budget`` positions searched."""

    def __init__(self, module: ModuleType, budget: int, world: object = None) -> None:
        self.table, self.world = module.Table(budget), world

    @property
    def spent(self) -> bool:
        spent: bool = self.table.spent
        return spent

    @property
    def nodes(self) -> int:
        nodes: int = self.table.nodes
        return nodes


class CompiledTarot:
    """Tarot's play-outs and exact solves in the compiled core (``kernels.Tarot``)."""

    def __init__(self, module: ModuleType) -> None:
        self.module = module

    def rollouts(self, view: TarotView, secret: bool) -> Rollouts:
        """The play-outs of ``view`` (``secret``: the partner unknown at five)."""
        return Rollouts(self.module, view_position(view, secret))

    def closed_play(self, hands: Sequence[Sequence[TarotCard]], aside: Sequence[TarotCard],
                    taker: int, leader: int, called: TarotCard | None, secret: bool,
                    ) -> list[TarotTrick]:
        """The tricks of the deal played from its first card by ``ClosedTable``
        (``play_from``), ``aside`` what the taker knows of the cards set aside."""
        start = position(len(hands), leader, taker, called, secret=secret, closed=True,
                         aside=aside)
        return tricks_of(self.module.play(start, world_bytes(hands, ())), len(hands))


def tricks_of(data: bytes, players: int) -> list[TarotTrick]:
    """The tricks the core played (``_tarot.play``'s bytes)."""
    size = 1 + 2 * players
    tricks = []
    for k in range(0, len(data), size):
        chunk = data[k:k + size]
        plays = tuple((chunk[i], DECK78[chunk[i + 1]]) for i in range(1, size, 2))
        tricks.append(TarotTrick(plays[0][0], plays, chunk[0]))
    return tricks
