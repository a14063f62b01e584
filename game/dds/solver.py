"""Double-dummy search of a 32-card play position: every hand is known.

Fail-soft alpha-beta on the trick points (cards and dix de der) that the optimising
side takes from the position on, driven by MTD(f) zero-window searches.  A
transposition table keyed on the hands, the leader and the horizon left stores bounds
and the best lead at trick starts.  With two or three players each for himself, the
others are one coalition ("paranoid" search, see ``PlayRules``).

Moves are ordered (winning cards first, points given to one's own side, cheap cards to
the other) and equivalent cards are merged: two cards of a suit in one hand with no
other live card between them in strength order and with the same points play the
same.  (Cards of different points never merge: in belote which of two equally strong
cards is played changes the score.)

``horizon`` limits the search to that many trick ends after the trick in progress; the
rest of the deal is then estimated (``HorizonEstimate``).  ``node_cap`` and ``deadline``
bound the work: past either, the search raises ``SearchAborted`` and the caller keeps
what an earlier, cheaper search found (see ``bench/dds/player.py``).

The search is one of ``game.core.kernels.DoubleDummySearch``, chosen in one place
(``double_dummy_kernel``): the compiled core's (``kernels.double_dummy``: the same values
and nodes, without the interpreter lock, checking the cap and the clock itself) when it
was built, else ``PythonSearch`` below, the reference it matches and the fallback.
``Solver`` is the front the callers hold: a position, a side, a budget.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Sequence

from game.ai.bounds import narrowed
from game.core import kernels
from game.core.kernels import SearchAborted as SearchAborted  # the callers import it here
from game.dds.position import (
    Position,
    legal_mask,
    points_table,
)
from game.dds.position import bits as _bits
from game.engine.trick_view import DIX_DE_DER

EXACT = 99  # the horizon of a search to the end of the deal
_CHECK_EVERY = 1023  # nodes between two clock reads
PaceCall = Callable[[], None] | None  # called where the Python search checks its budget


class Solver:
    """Searches one position for the side of ``seat`` within ``node_cap`` nodes and
    before ``deadline`` (``time.perf_counter``), by the compiled search or its Python
    twin (``double_dummy_kernel``).  The table is kept between calls on the same deal
    (``values`` of each root move share it)."""

    def __init__(
        self,
        position: Position,
        seat: int,
        node_cap: int | None = None,
        deadline: float | None = None,
        horizon: int | None = None,
        use_core: bool = True,
        between: PaceCall = None,
    ) -> None:
        """``use_core``: False keeps the Python search even where the core was built;
        ``between``: called every thousand nodes or so by the Python search (the
        compiled one runs without the interpreter lock, so nothing waits on it)."""
        self.node_cap = node_cap
        self.deadline = deadline
        kernel = double_dummy_kernel(use_core, between)
        self.search = kernel.search(position, seat, EXACT if horizon is None else horizon,
                                    points_table(position.trump))

    @property
    def compiled(self) -> bool:
        """The compiled core searches (not the Python twin)."""
        return not isinstance(self.search, PythonSearch)

    @property
    def nodes(self) -> int:
        """The nodes visited so far, by every call (an aborted one too)."""
        return self.search.nodes

    def value(self) -> int:
        """The best value for the maximising side, from the position on."""
        return self.search.value(self.node_cap, self.deadline)

    def values(self) -> dict[int, int]:
        """The exact value of each legal card (its index) of the player to move."""
        return self.search.values(self.node_cap, self.deadline)


def double_dummy_kernel(use_core: bool = True, between: PaceCall = None) -> kernels.DoubleDummy:
    """The double-dummy search: the compiled core's when it is in use and ``use_core``
    (``kernels.double_dummy``), else its Python twin (``PythonDoubleDummy``), paced by
    ``between``.  The one place the solver chooses."""
    core = kernels.double_dummy() if use_core else None
    return core if core is not None else PythonDoubleDummy(between)


class PythonDoubleDummy:
    """``kernels.DoubleDummy`` in Python: ``PythonSearch``es calling ``between`` (when
    given) where they check their budget."""

    def __init__(self, between: PaceCall = None) -> None:
        self.between = between

    def search(self, position: Position, seat: int, horizon: int,
               points: Sequence[int]) -> PythonSearch:
        return PythonSearch(position, seat, horizon, points, self.between)


class PythonSearch:
    """``kernels.DoubleDummySearch`` in Python, the reference of the compiled search:
    one position searched for the side of ``seat``, ``horizon`` tricks deep (``EXACT``:
    to the end), each card worth its ``points``.  The table and the nodes are kept
    between calls."""

    def __init__(self, position: Position, seat: int, horizon: int,
                 points: Sequence[int], between: PaceCall = None) -> None:
        rules = position.rules
        self.position = position
        self.players = rules.players
        self.rules = rules
        self.trump_suit = rules.trump_suit
        self.points = tuple(points)
        side = rules.side_of(seat)
        self.maximiser = tuple(rules.side_of(s) == side for s in range(rules.players))
        self.partner = tuple(rules.partner_of(s) for s in range(rules.players))
        self.estimate = HorizonEstimate(self.points, self.trump_suit, self.maximiser)
        self.between = between
        self.node_cap: int | None = None
        self.deadline: float | None = None
        self.horizon = horizon
        self.table: dict[int, tuple[int, int, int]] = {}  # key -> (low, high, best lead)
        self.nodes = 0
        # The lead that was best (or cut off) when a trick start was last searched:
        # set by ``_card`` for the lead, read back by ``_trick_start``.
        self.best_lead = -1
        self.masks = list(position.masks)

    # --- the root ---------------------------------------------------------------------

    def value(self, node_cap: int | None, deadline: float | None) -> int:
        """The best value for the maximising side, from the position on."""
        self.node_cap, self.deadline = node_cap, deadline
        return self._mtdf(None, self.position.points_left() // 2)

    def values(self, node_cap: int | None, deadline: float | None) -> dict[int, int]:
        """The exact value of each legal card (its index) of the player to move."""
        self.node_cap, self.deadline = node_cap, deadline
        out: dict[int, int] = {}
        guess = self.position.points_left() // 2
        for index in _bits(self.position.legal()):
            out[index] = guess = self._mtdf(index, guess)
        return out

    def _mtdf(self, only: int | None, guess: int) -> int:
        """MTD(f): zero-window searches closing on the value from a first guess (they
        cut more than one wide window, and the table keeps what each one proved)."""
        low, high = 0, self.position.points_left()
        value = guess
        while low < high:
            beta = value + 1 if value == low else value
            value = self._root(beta - 1, beta, only)
            if value < beta:
                high = value
            else:
                low = value
        return value

    def _root(self, alpha: int, beta: int, only: int | None) -> int:
        pos = self.position
        self.masks = list(pos.masks)
        trick = pos.trick
        if only is None and not trick:
            return self._trick_start(pos.turn, self.horizon, alpha, beta)
        led, master, master_seat, trick_points, table = -1, -1, -1, 0, 0
        if trick:
            led = trick[0][1] >> 3
            master_seat, master = pos.master()
            trick_points = sum(self.points[i] for _, i in trick)
            table = sum(1 << i for _, i in trick)
        if only is None:
            return self._card(pos.turn, len(trick), led, master, master_seat, trick_points,
                              table, self.horizon, alpha, beta)
        return self._after(pos.turn, only, len(trick), led, master, master_seat,
                           trick_points, table, self.horizon, alpha, beta)

    # --- the search ---------------------------------------------------------------------

    def _check_budget(self) -> None:
        if self.node_cap is not None and self.nodes > self.node_cap:
            raise SearchAborted(f"node cap {self.node_cap}")
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise SearchAborted("deadline")
        if self.between is not None:
            self.between()

    def _trick_start(self, leader: int, depth: int, alpha: int, beta: int) -> int:
        masks = self.masks
        if not masks[leader]:
            return 0
        if depth < 0:
            return self.estimate(masks, leader)
        key = 0
        for hand in masks:
            key = (key << 32) | hand
        key = (key << 3 | leader) << 7 | depth
        entry = self.table.get(key)
        if entry is not None:
            low, high, hint = entry
            if low >= beta:
                return low
            if high <= alpha:
                return high
            if low == high:
                return low
            alpha, beta = max(alpha, low), min(beta, high)
        else:
            low, high, hint = 0, 1000, -1
        self.best_lead = hint
        value = self._card(leader, 0, -1, -1, -1, 0, 0, depth, alpha, beta)
        low, high = narrowed(low, high, value, alpha, beta)
        self.table[key] = (low, high, self.best_lead)
        return value

    def _card(
        self, seat: int, count: int, led: int, master: int, master_seat: int,
        trick_points: int, table: int, depth: int, alpha: int, beta: int,
    ) -> int:
        """The value with ``seat`` to play the ``count``-th card of the trick."""
        self.nodes += 1
        if not self.nodes & _CHECK_EVERY:
            self._check_budget()
        hand = self.masks[seat]
        if led < 0:
            legal = hand
            moves = self._ordered(seat, legal, led, master, master_seat, table)
            hint = self.best_lead
            if hint >= 0 and hint in moves:
                moves.remove(hint)
                moves.insert(0, hint)
        else:
            legal = legal_mask(hand, led, master, master_seat == self.partner[seat], self.rules)
            moves = self._ordered(seat, legal, led, master, master_seat, table)
        maximise = self.maximiser[seat]
        best = -1 if maximise else 100_000
        best_move = moves[0]
        for index in moves:
            value = self._after(seat, index, count, led, master, master_seat, trick_points,
                                table, depth, alpha, beta)
            if maximise:
                if value > best:
                    best, best_move = value, index
                    if best > alpha:
                        alpha = best
                        if alpha >= beta:
                            break
            elif value < best:
                best, best_move = value, index
                if best < beta:
                    beta = best
                    if alpha >= beta:
                        break
        if led < 0:
            self.best_lead = best_move
        return best

    def _after(
        self, seat: int, index: int, count: int, led: int, master: int, master_seat: int,
        trick_points: int, table: int, depth: int, alpha: int, beta: int,
    ) -> int:
        """The value once ``seat`` plays ``index``."""
        masks = self.masks
        bit = 1 << index
        if led < 0:
            led, master, master_seat = index >> 3, index, seat
        elif (index >> 3) == (master >> 3):
            if index > master:
                master, master_seat = index, seat
        elif (index >> 3) == self.trump_suit:
            master, master_seat = index, seat
        trick_points += self.points[index]
        # No try/finally: an abort leaves ``masks`` changed, and ``_root`` resets them.
        masks[seat] ^= bit
        if count + 1 < self.players:
            value = self._card((seat + 1) % self.players, count + 1, led, master,
                               master_seat, trick_points, table | bit, depth, alpha, beta)
        else:
            if not masks[master_seat]:
                trick_points += DIX_DE_DER
            gain = trick_points if self.maximiser[master_seat] else 0
            value = gain + self._trick_start(master_seat, depth - 1, alpha - gain, beta - gain)
        masks[seat] ^= bit
        return value

    def _ordered(
        self, seat: int, legal: int, led: int, master: int, master_seat: int, table: int
    ) -> list[int]:
        """The distinct moves of ``legal``, the most promising first: on a lead the
        strongest cards; else winning cards (with points) when an opponent is master,
        points when a friend is, and cheap cards when the trick is lost."""
        if not legal & (legal - 1):
            return [legal.bit_length() - 1]
        live = table
        for hand in self.masks:
            live |= hand
        others = live & ~legal
        points = self.points
        trump_suit = self.trump_suit
        friend = led >= 0 and self.maximiser[master_seat] == self.maximiser[seat]
        master_suit = master >> 3
        moves: list[tuple[int, int]] = []
        kept = -1
        rest = legal
        while rest:
            low = rest & -rest
            rest ^= low
            index = low.bit_length() - 1
            suit = index >> 3
            value = points[index]
            if (kept >> 3) == suit and points[kept] == value and not (
                others & ((1 << index) - (2 << kept))
            ):
                continue  # the same as the card kept just below
            kept = index
            if led < 0:
                score = (index & 7) * 4 + value // 4
            else:
                wins = (index > master) if suit == master_suit else suit == trump_suit
                if friend:
                    score = value - 8 if wins else value
                else:
                    score = 100 + value - (index & 7) if wins else -value
            moves.append((score, index))
        moves.sort(reverse=True)
        return [index for _, index in moves]


class HorizonEstimate:
    """The value of a position past the search's horizon: the maximising side's share of
    the points left, by the strength it holds.  Each card weighs 1 + the live cards of
    its suit below it, trumps twice.  (Per suit, from tables indexed by the 8-bit masks:
    this runs at every leaf.)"""

    def __init__(self, points: tuple[int, ...], trump_suit: int,
                 maximiser: tuple[bool, ...]) -> None:
        self.suit_points = [_point_sums(points[8 * suit:8 * suit + 8]) for suit in range(4)]
        self.trump_suit = trump_suit
        self.maximiser = maximiser

    def __call__(self, masks: Sequence[int], leader: int) -> int:
        """With these hands (``masks``) and ``leader`` to lead."""
        maximiser = self.maximiser
        live = 0
        for hand in masks:
            live |= hand
        total = DIX_DE_DER
        mine = theirs = 0
        for suit in range(4):
            shift = 8 * suit
            live_suit = (live >> shift) & 0xFF
            if not live_suit:
                continue
            total += self.suit_points[suit][live_suit]
            row = _weight_row(live_suit)
            factor = 2 if suit == self.trump_suit else 1
            for seat, hand in enumerate(masks):
                weight = row[(hand >> shift) & 0xFF] * factor
                if maximiser[seat]:
                    mine += weight
                else:
                    theirs += weight
        if maximiser[leader]:
            mine += 2  # the lead is worth a little
        return total * mine // max(1, mine + theirs)


@functools.cache
def _weight_row(live: int) -> tuple[int, ...]:
    """For the live cards of a suit (8 bits): each holding's weight, every card counting
    1 + the live cards below it."""
    card_weight = [1 + bin(live & ((1 << i) - 1)).count("1") for i in range(8)]
    return tuple(sum(card_weight[i] for i in range(8) if holding >> i & 1)
                 for holding in range(256))


@functools.cache
def _point_sums(points: tuple[int, ...]) -> tuple[int, ...]:
    """For a suit's card points (8, in strength order): the points of each 8-bit mask."""
    return tuple(sum(points[i] for i in range(8) if mask >> i & 1) for mask in range(256))


def solve(position: Position, seat: int) -> int:
    """The exact double-dummy value of ``position`` for ``seat``'s side."""
    return Solver(position, seat).value()
