"""Tarot, Expert level: the last tricks of one world, solved exactly.

Once the cards left are few enough (``affordable``: four or five tricks), the Expert no
longer finishes each sampled deal with Confirmé rollouts: it plays the rest of it by
minimax, the attack maximising and the defence minimising what each defender pays (the
engine's scoring, in marks), exactly, made cheaper by alpha-beta with its cards tried in a
likely order, one card of each run of interchangeable ones (``one_of_each_run``), bounds
at each trick from the points still to win, and a table of the positions met at a trick's
start shared by the solves of one world (``Transpositions``), which also caps the
positions searched (``OverBudget``).  The finished tricks are kept as a running ``Tally``
of what the attack has won, so a leaf costs one scoring of the deal.

The scoring here is the one the rollouts use, the Excuse's fate the engine's
(``tarot_tricks.excuse_fate``): before the last trick it stays with its camp for a
half-point card (owed or not); in the last trick it changes camp (FFT) or goes to the
winner, as the table's rules say, and wins it to end a chelem.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from types import MappingProxyType

from game.ai.bounds import narrowed
from game.core.kernels import OverBudget as OverBudget  # the core raises it too
from game.engine.rules import ExcuseLastTrick, TarotRules
from game.engine.tarot_cards import DECK78, EXCUSE, THE_PETIT, TarotCard
from game.engine.tarot_scoring import (
    DEFAULT_RULES,
    Camp,
    Contract,
    DealOutcome,
    ExcuseFate,
    PoigneeKind,
    score_deal,
)
from game.engine.tarot_tricks import (
    TarotPlay,
    TarotTrick,
    announcer_hand,
    card_power,
    excuse_ends_with_attack,
    excuse_fate,
    led_suit,
    legal_cards,
    trick_winner,
)

# The tricks left from which a world is solved exactly, by players: what the solver
# (alpha-beta, interchangeable cards merged, a transposition table) mostly finishes within
# a world's node budget (``tarot_search.WORLD_NODES``; ``bench/tarot_endgame.py``).
ENDGAME_TRICKS: Mapping[int, int] = MappingProxyType({3: 5, 4: 4, 5: 4})
# The same with the compiled solver (``game/core/_tarot.c``, the same search about thirty
# times faster, within ``tarot_search.CORE_WORLD_NODES`` positions a world): two tricks
# more at three players, one at four.  At five, solving from one trick further back lost
# more marks than the rollouts on the true deals measured (``bench/core_tarot.py
# --reach``: the worlds there are too unsure of the camps), so it stays.
CORE_ENDGAME_TRICKS: Mapping[int, int] = MappingProxyType({3: 7, 4: 5, 5: 4})


def affordable(hand_sizes: Sequence[int], reach: Mapping[int, int] = ENDGAME_TRICKS) -> bool:
    """The rest of the deal is small enough to be solved within a decision's budget:
    the tricks left at most ``reach``'s for the table."""
    return max(hand_sizes) <= reach[len(hand_sizes)]


_HALF = {card: card.half_points for card in DECK78}  # read once: the solver's hot loops
_BOUT = {card: card.is_bout for card in DECK78}


@dataclass(frozen=True)
class Tally:
    """What the finished tricks have given the attack."""

    points: int = 0  # half points, the Excuse's exchange included
    bouts: int = 0
    winners: frozenset[bool] = frozenset()  # the camps that won a trick (True: attack)

    def after(self, trick: TarotTrick, in_attack: Callable[[int], bool], last: bool,
              rule: ExcuseLastTrick = ExcuseLastTrick.CHANGES_CAMP) -> Tally:
        """The tally with ``trick`` won, ``last`` the deal's last trick: the Excuse's
        fate is the engine's (``excuse_fate``), under the table's ``rule``."""
        winner_attack = in_attack(trick.winner)
        excuse_attack, points = winner_attack, self.points
        owner = next((s for s, c in trick.plays if c is EXCUSE), None)
        if owner is not None:
            owner_attack = in_attack(owner)
            fate = excuse_fate(owner_attack, winner_attack, last=last,
                               chelem=last and self.winners == {owner_attack},
                               camp_has_trick=owner_attack in self.winners, rule=rule)
            if fate is ExcuseFate.CHELEM:
                winner_attack = owner_attack  # the Excuse wins the trick
            excuse_attack = excuse_ends_with_attack(fate, owner_attack, winner_attack)
            if fate in (ExcuseFate.EXCHANGED, ExcuseFate.OWED):
                points += -1 if owner_attack else 1  # a half-point card for the Excuse
        bouts = self.bouts
        for _, card in trick.plays:
            if excuse_attack if card is EXCUSE else winner_attack:
                points += _HALF[card]
                bouts += _BOUT[card]
        return Tally(points, bouts, self.winners | {winner_attack})

    def with_cards(self, cards: Sequence[TarotCard]) -> Tally:
        """The attack also counts ``cards`` (its écart, or the chien at Garde Sans)."""
        return replace(self, points=self.points + sum(c.half_points for c in cards),
                       bouts=self.bouts + sum(c.is_bout for c in cards))


@dataclass(frozen=True)
class DealFrame:
    """What is fixed in one world for the rest of the deal: the camps and the bonuses
    already decided."""

    players: int
    contract: Contract
    attack: frozenset[int]
    poignees: tuple[tuple[PoigneeKind, Camp], ...]
    chelem_announced: bool
    rules: TarotRules = DEFAULT_RULES  # the table's scoring options

    def in_attack(self, seat: int) -> bool:
        return seat in self.attack

    def camp(self, seat: int) -> Camp:
        return Camp.ATTACK if seat in self.attack else Camp.DEFENCE

    def per_defender(self, tally: Tally, last: TarotTrick) -> int:
        """What each defender pays when the deal ends with ``last`` (negative: receives)."""
        return _per_defender(self, *self.deal_end(tally, last))

    def deal_end(self, tally: Tally, last: TarotTrick) -> _Scored:
        """What the scoring of a deal ending with ``last`` depends on: the attack's points
        and bouts, the Petit au bout's camp and the chelem's."""
        petit = self.camp(last.winner) if THE_PETIT in last.cards else None
        chelem = None
        if len(tally.winners) == 1:
            chelem = Camp.ATTACK if next(iter(tally.winners)) else Camp.DEFENCE
        return tally.points, tally.bouts, petit, chelem


_Scored = tuple[int, int, Camp | None, Camp | None]


@lru_cache(maxsize=4096)
def _per_defender(frame: DealFrame, points: int, bouts: int, petit: Camp | None,
                  chelem: Camp | None) -> int:
    outcome = DealOutcome(
        players=frame.players, contract=frame.contract, points=points, bouts=bouts,
        poignees=frame.poignees, petit_au_bout=petit,
        chelem_announced=frame.chelem_announced, chelem=chelem,
        alone=frame.players == 5 and len(frame.attack) == 1)
    return score_deal(outcome, frame.rules).per_defender


def solve_after(frame: DealFrame, holdings: list[list[TarotCard]], trick: list[TarotPlay],
                tally: Tally, announcer: int | None = None,
                table: Transpositions | None = None) -> int:
    """What each defender pays when every seat plays the rest of the deal perfectly,
    seeing every hand: ``holdings`` (one list per seat, as it was on return), ``trick``
    under way, its last card just played, ``tally`` for the tricks before it;
    ``announcer``: the seat that announced a chelem (his Excuse kept for his last card);
    ``table``: what earlier solves of the same world found (``Transpositions``).  Raises
    ``OverBudget`` (``holdings`` then left as they were at that point) when the table's
    budget runs out."""
    seat = trick[-1][0]
    solver = _Solver(frame, holdings, announcer, table if table is not None else Transpositions())
    solver.live_order([c for _, c in trick])
    solver.held = sum(_BIT[c] for hand in holdings for c in hand)
    return solver.after(seat, trick, tally, -_UNBOUNDED, _UNBOUNDED)


def solve_from(frame: DealFrame, holdings: list[list[TarotCard]], leader: int, tally: Tally,
               announcer: int | None = None, table: Transpositions | None = None) -> int:
    """``solve_after`` at a trick's start: ``leader`` to lead, ``tally`` for the tricks
    before it."""
    solver = _Solver(frame, holdings, announcer, table if table is not None else Transpositions())
    solver.held = sum(_BIT[c] for hand in holdings for c in hand)
    return solver.value(leader, [], tally, -_UNBOUNDED, _UNBOUNDED)


_UNBOUNDED = 10**9
# a trick's start: the cards held (one bit each), the leader, the tally's points, bouts
# and trick winners
_Key = tuple[int, int, int, int, frozenset[bool]]
_BIT = {card: 1 << index for index, card in enumerate(DECK78)}


class Transpositions:
    """What the solves of one world (its hands and camps fixed) share: bounds on the
    value of the positions met at the start of a trick, keyed on the cards still held,
    the leader and the tally, which is all such a value depends on; the cards that cut
    the search off before, tried first; and the positions searched, at most ``budget``
    (else ``OverBudget``).  ``world``: the one it is for, for the caller to tell."""

    def __init__(self, budget: int = 10**12, world: object = None) -> None:
        self.budget, self.world = budget, world
        self.bounds: dict[_Key, tuple[int, int]] = {}
        self.history: dict[TarotCard, int] = {}
        self.scores: dict[_Scored, int] = {}  # each deal end's per-defender payment
        self.left: dict[int, tuple[int, int, bool]] = {}  # the cards held: points, bouts, Petit
        self.nodes = 0  # positions searched

    @property
    def spent(self) -> bool:
        """The budget is spent: a solve of this world ran out of it."""
        return self.nodes > self.budget


def one_of_each_run(cards: list[TarotCard], order: Mapping[TarotCard, int]) -> list[TarotCard]:
    """The lowest card of each run of interchangeable ones among ``cards`` (one hand's):
    of the same suit and points, no bout, next to each other in ``order`` (the places of
    the cards still in play, ``_Solver.live_order``)."""
    cards = sorted(cards)
    kept, last = [cards[0]], cards[0]
    for card in cards[1:]:
        if not (order[card] == order[last] + 1 and card.suit is last.suit
                and _HALF[card] == _HALF[last] and not _BOUT[card] and not _BOUT[last]):
            kept.append(card)
        last = card
    return kept


@dataclass
class _Solver:
    frame: DealFrame
    holdings: list[list[TarotCard]]
    announcer: int | None
    table: Transpositions
    order: dict[TarotCard, int] = field(default_factory=dict)
    held: int = 0  # the cards in the holdings, one bit each (``_BIT``)

    def live_order(self, played: Sequence[TarotCard] = ()) -> None:
        """Each card's place among the cards still held and those ``played`` in the
        trick under way (by suit, then rank): two cards of a hand next to each other
        there are interchangeable until the trick is over."""
        live = sorted([*played, *(c for hand in self.holdings for c in hand)])
        self.order = {c: k for k, c in enumerate(live)}

    def moves(self, seat: int, trick: list[TarotPlay]) -> list[TarotCard]:
        """The legal cards worth trying: one of each run of interchangeable ones (same
        suit and points, no bout, no card held elsewhere or in the trick between them),
        the likeliest best first (``_likely_best``)."""
        legal = legal_cards(announcer_hand(self.holdings[seat], seat == self.announcer), trick)
        if len(legal) == 1:
            return legal
        kept = one_of_each_run(legal, self.order)
        if len(kept) > 1:
            kept.sort(key=self._likely_best(seat, trick))
        return kept

    def _likely_best(self, seat: int, trick: list[TarotPlay],
                     ) -> Callable[[TarotCard], tuple[int, int]]:
        """The order of trial, which alpha-beta prunes by: on lead, the cards that cut
        the search off most often before; following, the most points when the trick is
        one's camp's, else the lowest card that takes it, then the cheapest that does not."""
        if not trick:
            history = self.table.history
            return lambda c: (-history.get(c, 0), 0)
        winner = trick_winner(trick)
        if self.frame.in_attack(winner) == self.frame.in_attack(seat):
            return lambda c: (-_HALF[c], c.rank)
        led = led_suit(trick)
        top = card_power(dict(trick)[winner], led)
        return lambda c: (0, c.rank) if card_power(c, led) > top else (1, _HALF[c])

    def value(self, seat: int, trick: list[TarotPlay], tally: Tally,
              alpha: int, beta: int) -> int:
        self.table.nodes += 1
        if self.table.spent:
            raise OverBudget
        if not trick:
            held = self.held
            key = (held, seat, tally.points, tally.bouts, tally.winners)
            low, high = self.table.bounds.get(key) or self._reach(held, tally)
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
            outer = self.order  # the trick before this one's, restored on return
            self.live_order()
            best = self._search(seat, trick, tally, alpha, beta)
            self.order = outer
            self._store(key, best, alpha, beta)
            return best
        return self._search(seat, trick, tally, alpha, beta)

    def _search(self, seat: int, trick: list[TarotPlay], tally: Tally,
                alpha: int, beta: int) -> int:
        """The position's value, alpha-beta (fail-soft: beyond the window, a bound)."""
        attacking = self.frame.in_attack(seat)
        hand = self.holdings[seat]
        best = -_UNBOUNDED if attacking else _UNBOUNDED
        for card in self.moves(seat, trick):
            index = hand.index(card)
            del hand[index]
            self.held ^= _BIT[card]
            after = self.after(seat, [*trick, (seat, card)], tally, alpha, beta)
            self.held ^= _BIT[card]
            hand.insert(index, card)
            if attacking:
                best, alpha = max(best, after), max(alpha, after)
            else:
                best, beta = min(best, after), min(beta, after)
            if alpha >= beta:
                history = self.table.history
                history[card] = history.get(card, 0) + (1 << len(hand))
                break
        return best

    def _reach(self, held: int, tally: Tally) -> tuple[int, int]:
        """Bounds on the value of a trick's start, ``held`` the cards left: the defence
        winning them all, and the attack winning them all (what each defender pays grows
        with the attack's points and bouts, the Petit au bout and the chelem its way)."""
        left = self.table.left.get(held)
        if left is None:
            cards = [c for hand in self.holdings for c in hand]
            left = self.table.left[held] = (sum(_HALF[c] for c in cards),
                                            sum(_BOUT[c] for c in cards), THE_PETIT in cards)
        points, bouts, petit = left
        low = self._score((tally.points, tally.bouts, Camp.DEFENCE if petit else None,
                           Camp.DEFENCE if True not in tally.winners else None))
        high = self._score((tally.points + points, tally.bouts + bouts,
                            Camp.ATTACK if petit else None,
                            Camp.ATTACK if False not in tally.winners else None))
        return low, high

    def _score(self, end: _Scored) -> int:
        scores = self.table.scores
        value = scores.get(end)
        if value is None:
            value = scores[end] = _per_defender(self.frame, *end)
        return value

    def _store(self, key: _Key, best: int, alpha: int, beta: int) -> None:
        low, high = self.table.bounds.get(key, (-_UNBOUNDED, _UNBOUNDED))
        self.table.bounds[key] = narrowed(low, high, best, alpha, beta)

    def after(self, seat: int, trick: list[TarotPlay], tally: Tally,
              alpha: int, beta: int) -> int:
        if len(trick) < self.frame.players:
            return self.value((seat + 1) % self.frame.players, trick, tally, alpha, beta)
        winner = trick_winner(trick)
        done = TarotTrick(trick[0][0], tuple(trick), winner)
        last = not self.holdings[winner]
        tally = tally.after(done, self.frame.in_attack, last, self.frame.rules.excuse_last_trick)
        if last:
            return self._score(self.frame.deal_end(tally, done))
        return self.value(winner, [], tally, alpha, beta)
