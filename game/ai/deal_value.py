"""What a deal played to its end is worth to a seat: the engine's own scoring
(``deal_scoring``) of the contract on the table, under the table's rules.

The Expert's rollouts and the benches' double-dummy utility (``game/dds``) both finish
a deal in a sampled world; they score it here, so a coinched contract, a failure base of
162, belote prenable or a capot count as the score sheet will count them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.engine.actions import Bid
from game.engine.cards import Card, Rank, card
from game.engine.deal_scoring import (
    SideTally,
    score_belote_each,
    score_belote_teams,
    score_coinche,
    tally_of,
)
from game.engine.protocol import DealResult
from game.engine.rules import BeloteRules, CoincheRules, TrickGameRules
from game.engine.trick_view import TrickView
from game.engine.tricks import Trump

Scorer = Callable[[SideTally], tuple[int, ...]]  # what each side scores


def table_scorer(view: TrickView, rules: TrickGameRules) -> Scorer | None:
    """The scores of this deal's contract for a tally (memoised: rollouts repeat the same
    tallies); None before there is a taker."""
    result = table_result(view, rules)
    if result is None:
        return None
    return lambda tally: result(tally).scores


def table_result(view: TrickView,
                 rules: TrickGameRules) -> Callable[[SideTally], DealResult] | None:
    """The engine's result of this deal's contract for a tally (its scores, whether the
    contract is made), memoised; None before there is a taker."""
    if view.taker is None:
        return None
    score: Callable[[SideTally], DealResult]
    if isinstance(rules, CoincheRules):
        contract = next(a for _, a in reversed(view.bids) if isinstance(a, Bid))
        level, takers = view.coinche_level, view.taker % 2
        score = lambda tally: score_coinche(rules, contract, level, takers, tally)  # noqa: E731
    else:
        assert isinstance(rules, BeloteRules)
        if rules.has_teams:
            takers = view.taker % 2
            score = lambda tally: score_belote_teams(rules, takers, tally)  # noqa: E731
        else:
            taker = view.taker
            score = lambda tally: score_belote_each(rules, taker, tally)  # noqa: E731
    memo: dict[SideTally, DealResult] = {}

    def result(tally: SideTally) -> DealResult:
        if tally not in memo:
            memo[tally] = score(tally)
        return memo[tally]

    return result


def side_of(players: int, seat: int) -> int:
    return seat % 2 if players == 4 else seat


def finished_tally(view: TrickView, rules: TrickGameRules, points: Sequence[int],
                   tricks: Sequence[int], belote_seat: int | None) -> SideTally:
    """The tally of a deal finished from ``view`` (the engine's ``tally_of``): ``points``
    and ``tricks`` per seat over the whole deal (dix de der included), the seat that
    scores belote (if any), the announcements already shown to the table."""
    announced = [(seat, sum(a.value for a in anns)) for seat, anns in view.shown_announcements]
    return tally_of(rules, points, tricks, announced, belote_seat)


def belote_scorer(view: TrickView, trump: Trump, hands: Sequence[Sequence[Card]]) -> int | None:
    """The seat whose belote will score in the world ``hands`` (each seat's cards now):
    the one that said it, or else the one holding both trump king and queen, neither
    played yet (the computer players always say it)."""
    said: int | None = view.belote_seat
    if said is not None or trump.suit is None:
        return said
    pair = {card(trump.suit, Rank.KING), card(trump.suit, Rank.QUEEN)}
    return next((seat for seat, hand in enumerate(hands) if pair <= set(hand)), None)


def seat_value(view: TrickView, scores: Sequence[int]) -> float:
    """My side's score minus the mean of the others'."""
    me = side_of(view.players, view.seat)
    others = [v for s, v in enumerate(scores) if s != me]
    return scores[me] - sum(others) / len(others)
