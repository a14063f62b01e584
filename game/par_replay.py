"""The par's replay: a scored deal played again from its first action with the Expert in
one seat, and the margin it gives that seat's side.

The same cards (the deal number deals them), the match as it stood (score, carried
points), every computer seat at its level with the random generator it started the deal
with at the table (``seat_generator``: one per deal number and seat, which the table's
computer seats use too).  Every seat, the Expert's included, decides from its own view
(``Match.view``), never a hidden card.  No clock: each decision takes the Expert's
default sample of worlds, so the same deal gives the same margin on any machine.

Run in the par's own process (``game.par_process``); ``game.par`` keeps the pars the
table shows.  No pygame here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.ai import Level, decide
from game.engine.match import Match, NewDeal, deal_bounds, deal_scored
from game.engine.protocol import Action, DealResult
from game.storage.stats import side_of


def seat_generator(deal_number: int, seat: int) -> random.Random:
    """The random generator a computer seat starts deal ``deal_number`` with, at the
    table and in the par's replay."""
    return random.Random(deal_number * 31 + seat)


def deal_margin(result: DealResult | None, side: int) -> float:
    """What the deal gave ``side`` against the others: its score when the scores sum to
    zero (tarot), else its points less the mean of the others'.  A deal thrown in
    (``None``: nobody took) gives nothing."""
    if result is None:
        return 0.0
    scores = result.scores
    own = scores[side]
    if sum(scores) == 0:
        return float(own)
    others = [score for index, score in enumerate(scores) if index != side]
    return round(own - sum(others) / len(others), 1)



def replay_deal_start(match: Match, index: int) -> Match:
    """The match just before the first action of its scored deal ``index``."""
    start, _ = deal_bounds(match)[index]
    return Match.replay(match.rules, match.seed, match.actions[:start], match.first_deal)


def expert_play(start: Match, seat: int,
                levels: Sequence[str]) -> tuple[tuple[Action, ...], DealResult | None]:
    """The deal of ``start`` played out with the Expert at ``seat`` and every other seat
    at its level (``levels``: one per seat, names of ``game.ai.Level``), each seat from
    its own view with its deal's generator, no clock: the actions, and the result (None:
    the deal was thrown in)."""
    number = start.deal_number()
    generators = [seat_generator(number, s) for s in range(start.players)]
    state, actions = start, []
    while True:
        turn = state.current_player
        assert turn is not None, "a deal in progress has a seat to act"
        level = Level.EXPERT if turn == seat else Level(levels[turn])
        decision = decide(state.view(turn), level, generators[turn], None)
        state, events = state.apply(decision.action)
        actions.append(decision.action)
        result = deal_scored(events)
        if result is not None or any(isinstance(event, NewDeal) for event in events):
            return tuple(actions), result  # scored, or everybody passed: dealt again


def expert_margin(match: Match, index: int, seat: int, levels: Sequence[str]) -> float:
    """The Expert's margin in ``seat`` over scored deal ``index`` of ``match``."""
    start = replay_deal_start(match, index)
    _, result = expert_play(start, seat, levels)
    if result is None:
        return deal_margin(None, seat)
    return deal_margin(result, side_of(seat, start.players, len(result.scores)))


def player_margin(match: Match, index: int, seat: int) -> float:
    """The margin the player at ``seat`` made in scored deal ``index``."""
    result = match.history[index].result
    return deal_margin(result, side_of(seat, match.players, len(result.scores)))
