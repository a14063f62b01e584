"""Tarot, Expert level: the last tricks of one world, solved exactly.

Once the cards left are few enough (``affordable``), the Expert no longer finishes each
sampled deal with Confirmé rollouts: it plays the rest of it by minimax, the attack
maximising and the defence minimising what each defender pays (the engine's scoring, in
marks), with alpha-beta pruning.  The finished tricks are kept as a running ``Tally`` of
what the attack has won, so a leaf costs one scoring of the deal.

The scoring here is the one the rollouts use, the Excuse's fate the engine's
(``tarot_tricks.excuse_fate``): before the last trick it stays with its camp for a
half-point card (owed or not); in the last trick it changes camp (FFT) or goes to the
winner, as the table's rules say, and wins it to end a chelem.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from math import factorial, prod

from game.engine.rules import ExcuseLastTrick, TarotRules
from game.engine.tarot_cards import EXCUSE, THE_PETIT, TarotCard
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
    excuse_ends_with_attack,
    excuse_fate,
    legal_cards,
    trick_winner,
)

# Orderings of the hands' cards allowed (the product of their factorials): the last three
# tricks at any table (3!⁵ = 7,776 at five players; four tricks at three players would be
# 13,824).  Following suit prunes most of them, and alpha-beta most of the rest.
ENDGAME_LINES = 8_000


def affordable(hand_sizes: Sequence[int]) -> bool:
    """The rest of the deal is small enough to be solved within a decision's budget."""
    return prod(factorial(size) for size in hand_sizes) <= ENDGAME_LINES


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
                points += card.half_points
                bouts += card.is_bout
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
        petit = self.camp(last.winner) if THE_PETIT in last.cards else None
        chelem = None
        if len(tally.winners) == 1:
            chelem = Camp.ATTACK if next(iter(tally.winners)) else Camp.DEFENCE
        return _per_defender(self, tally.points, tally.bouts, petit, chelem)


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
                tally: Tally, announcer: int | None = None) -> int:
    """What each defender pays when every seat plays the rest of the deal perfectly,
    seeing every hand: ``holdings`` (one list per seat, as it was on return), ``trick``
    under way, its last card just played, ``tally`` for the tricks before it;
    ``announcer``: the seat that announced a chelem (his Excuse kept for his last card)."""
    seat = trick[-1][0]
    return _Solver(frame, holdings, announcer).after(seat, trick, tally, -_UNBOUNDED,
                                                      _UNBOUNDED)


_UNBOUNDED = 10**9


@dataclass
class _Solver:
    frame: DealFrame
    holdings: list[list[TarotCard]]
    announcer: int | None = None

    def value(self, seat: int, trick: list[TarotPlay], tally: Tally,
              alpha: int, beta: int) -> int:
        attacking = self.frame.in_attack(seat)
        hand = self.holdings[seat]
        best = -_UNBOUNDED if attacking else _UNBOUNDED
        for card in legal_cards(announcer_hand(hand, seat == self.announcer), trick):
            index = hand.index(card)
            del hand[index]
            after = self.after(seat, [*trick, (seat, card)], tally, alpha, beta)
            hand.insert(index, card)
            if attacking:
                best, alpha = max(best, after), max(alpha, after)
            else:
                best, beta = min(best, after), min(beta, after)
            if alpha >= beta:
                break
        return best

    def after(self, seat: int, trick: list[TarotPlay], tally: Tally,
              alpha: int, beta: int) -> int:
        if len(trick) < self.frame.players:
            return self.value((seat + 1) % self.frame.players, trick, tally, alpha, beta)
        winner = trick_winner(trick)
        done = TarotTrick(trick[0][0], tuple(trick), winner)
        last = not self.holdings[winner]
        tally = tally.after(done, self.frame.in_attack, last, self.frame.rules.excuse_last_trick)
        if last:
            return self.frame.per_defender(tally, done)
        return self.value(winner, [], tally, alpha, beta)
