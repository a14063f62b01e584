"""The deal review's coach: how long the analysis of a deal takes, and how often its
marks are confirmed by the exact solver on the true deal.

For each game, ``DEALS`` deals are played with the player's seat (0) in the Confirmé's
hands (a real player's kind of mistakes) and the others too; each deal is then
analysed as the review does (each decision's verdict, ``game.advice``), in this thread,
so CPU time is the analysis's own.
Reported per game: CPU seconds per deal (mean, max), CPU seconds to the first weighed
decision and to the first marked one, decisions weighed and marked.

Confirmation (32-card games): each marked card decision is solved double-dummy on the
true deal (``game/dds``, every hand seen: a bench's privilege); it is confirmed when
the solver also finds the Expert's card strictly better than the player's for the
player's side.  Decisions the solver cannot finish within its node cap are left out.

    .venv/bin/python bench/coach.py [--deals N] [--seed S]

Ends with one JSON line of the figures.
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.analysed_deals import measured_games, played_deal, timed_analysis
from game.coach import DEFAULT_THRESHOLD, Remark
from game.dds.position import index_of, position_of
from game.dds.solver import SearchAborted, Solver
from game.engine.actions import PlayCard
from game.engine.games import Deck, deck_of
from game.engine.match import AnyRules, Match, deal_bounds
from game.engine.rules import BeloteRules, CoincheRules, TarotRules
from game.engine.trickgame import TrickDeal

GAMES: dict[str, AnyRules] = {
    "coinche": CoincheRules(), "belote4": BeloteRules(), "belote3": BeloteRules(players=3),
    "tarot3": TarotRules(players=3), "tarot4": TarotRules(players=4),
    "tarot5": TarotRules(players=5),
}
NODE_CAP = 2_000_000


def confirmed(match: Match, remark: Remark) -> bool | None:
    """Does the exact solver on the true deal agree that the player's card was worse?
    None: not a card, or the solver ran out of nodes."""
    played, better = remark.action, remark.suggestion.action
    if not isinstance(played, PlayCard) or not isinstance(better, PlayCard):
        return None
    start, _ = deal_bounds(match)[0]
    state = Match.replay(match.rules, match.seed,
                         match.actions[:start + remark.point.position], match.first_deal).deal
    assert isinstance(state, TrickDeal) and state.trump is not None
    position = position_of(state)
    try:
        values = Solver(position, position.turn, node_cap=NODE_CAP).values()
    except SearchAborted:
        return None
    mine, its = (values[index_of(c.card, state.trump)] for c in (played, better))
    return its > mine


def measure(name: str, rules: AnyRules, deals: int, seed: int) -> dict[str, float | int]:
    seconds, firsts, first_marks = [], [], []
    weighed = marked = checked = agreed = 0
    for k in range(deals):
        match = played_deal(rules, seed + k)
        timed = timed_analysis(match)
        analysis = timed.analysis
        seconds.append(timed.seconds)
        firsts += [timed.first_weighed] if timed.first_weighed is not None else []
        first_marks += [timed.first_marked] if timed.first_marked is not None else []
        weighed += sum(r.lost is not None for r in analysis.remarks)
        costly = analysis.marked(DEFAULT_THRESHOLD)
        marked += len(costly)
        if deck_of(rules.game) == Deck.PIQUET:  # the solver plays the 32 cards
            verdicts = [confirmed(match, r) for r in costly]
            checked += sum(v is not None for v in verdicts)
            agreed += sum(v is True for v in verdicts)
    row: dict[str, float | int] = {
        "deal_cpu_mean_s": round(statistics.mean(seconds), 2),
        "deal_cpu_max_s": round(max(seconds), 2),
        "first_weighed_max_s": round(max(firsts, default=0.0), 2),
        "first_marked_max_s": round(max(first_marks, default=0.0), 2),
        "weighed": weighed, "marked": marked, "dd_checked": checked, "dd_confirmed": agreed,
    }
    print(f"{name:8} {row}", flush=True)
    return row


def main() -> None:
    figures, _ = measured_games(GAMES, measure, 3, __doc__.splitlines()[0])
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
