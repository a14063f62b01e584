"""Coinche and surcoinche by the calibrated simulation: an experiment, off the product path.

The Expert's bidding simulation (``game.ai.bid_search``: sampled deals that fit the
calls, played out open-handed, scored by the table's rules) judges the takers too weak
(``bench/bid_calibration.py``: from the defender's seat 59 % of Confirmé contracts
predicted made, 83 % really made: the open-handed defence is too strong, the sampled
hands of bold bidders too weak).  So each play-out first moves ``TAKER_EDGE_PER_10``
card points from the defence to the takers for each 10 points of the bid above the
lowest bid (fitted on ``bench/bid_calibration.py --fit``).  Over ``DOUBLING_WORLDS``
deals (drawn from a copy of the generator, so that a coinche weighed and not called
changes nothing else the player draws) it coinches (surcoinches) a suit contract, not a
capot, when its side's expected score with the contract doubled beats letting it stand
by ``DOUBLING_MARGIN``; otherwise it calls as the Expert, leaving the Confirmé's
coinche and surcoinche aside.

It measured no significant gain against the Expert (+11.5 points a deal over 200 arena
deals, -5.7 .. +28.6; +5.7 over 361, -8.0 .. +19.4; its 5 surcoinches never right:
bench/HISTORY.md, "Coinche and surcoinche by calibrated simulation"), so it lives here
as an arena player, not in ``game/ai``.

    python -m bench.simulated_doubling --game coinche --a doubling --b expert \\
        --deals 200 --seed 7 --think none

Any ``bench.arena`` option; ``doubling`` names the Expert coinching this way.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Sequence
from typing import Any

from bench import arena
from game.ai import DEFAULT_THINK, Decision, appraise
from game.ai.bid_search import Contract, Judge, sample_deals
from game.ai.bidding import last_bid
from game.ai.budget import worlds_for
from game.ai.sampler import default_rules
from game.engine.actions import Bid, Coinche, Pass, Surcoinche
from game.engine.deal_scoring import SideTally
from game.engine.games import COINCHE, game_of
from game.engine.protocol import Action, Phase
from game.engine.rules import CoincheRules
from game.engine.trick_view import TrickView
from game.engine.views import MatchView

TAKER_EDGE_PER_10 = 12  # card points the play-outs under-credit the takers with, for
# each 10 points their bid stands above the lowest bid (fitted: bench/bid_calibration.py)
DOUBLING_MARGIN = 20.0  # points per deal a coinche (surcoinche) must gain over none
DOUBLING_WORLDS = 24  # deals behind a coinche or surcoinche at the default thinking time


def taker_edge(rules: CoincheRules, bid: Bid) -> int:
    """The card points a play-out under-credits the takers of ``bid`` with."""
    return TAKER_EDGE_PER_10 * (bid.value - rules.lowest_bid) // 10


def with_edge(tally: SideTally, takers: int, edge: int) -> SideTally:
    """``tally`` with ``edge`` card points moved from the defence to the takers (within
    what the defence took; a capot stays as it is)."""
    if edge == 0 or tally.capot_side is not None:
        return tally
    moved = max(-tally.trick_points[takers], min(edge, tally.trick_points[1 - takers]))
    points = list(tally.trick_points)
    points[takers] += moved
    points[1 - takers] -= moved
    return dataclasses.replace(tally, trick_points=tuple(points))


class CalibratedJudge(Judge):
    """The Expert's judge with the takers' edge added to every play-out."""

    def tallies(self, contract: Contract) -> list[SideTally]:
        edge = taker_edge(self.rules, contract.bid)
        return [with_edge(t, contract.takers, edge) for t in super().tallies(contract)]


def doubling_call(view: Any) -> Coinche | Surcoinche | None:
    """The coinche or surcoinche this seat may call on a suit contract, not a capot."""
    current = last_bid(view.bids)
    if current is None or current[1].suit is None or current[1].is_capot:
        return None
    return next((a for a in view.legal if isinstance(a, Coinche | Surcoinche)), None)


def weigh_doubling(view: Any, doubling: Coinche | Surcoinche, rng: random.Random,
                   worlds: int, margin: float = DOUBLING_MARGIN,
                   ) -> tuple[Decision, dict[Action, float]] | None:
    """Whether to call ``doubling`` on the contract on the table, and the calibrated
    expected score of my side with the contract doubled and standing as it is (the
    value of a pass, one step ahead; None when no deal could be sampled).  The decision
    is ``doubling`` when it gains ``margin``, else a pass (the caller then makes its
    own call but this one)."""
    rules = default_rules(view)
    assert isinstance(rules, CoincheRules)
    deals = sample_deals(view, rng, worlds)
    if not deals:
        return None
    judge = CalibratedJudge(view, rules, deals)
    assert judge.current is not None
    standing = judge.expected(judge.current)
    level = judge.current.coinche_level + 1
    value = judge.expected(Contract(judge.current.takers, judge.current.bid, level))
    values: dict[Action, float] = {doubling: value, Pass(): standing}
    if value < standing + margin:
        return Decision(Pass(), "hint.pass_simulated"), values
    if isinstance(doubling, Surcoinche):
        return Decision(doubling, "hint.surcoinche"), values
    bid = judge.current.bid
    return Decision(doubling, "hint.coinche_failing", (("value", str(bid.value)),)), values


def doubling_decision(view: Any, rng: random.Random,
                      think: float | None = DEFAULT_THINK) -> Decision:
    """The Expert's decision, but a coinche or surcoinche is the calibrated
    simulation's, never the Confirmé's."""
    deal = view.deal if isinstance(view, MatchView) else view
    doubling = None
    if isinstance(deal, TrickView) and game_of(deal.game) is COINCHE \
            and deal.phase is Phase.BIDDING:
        doubling = doubling_call(deal)
    if doubling is None:
        return appraise(view, rng, think).decision
    twin = random.Random()
    twin.setstate(rng.getstate())
    worlds = worlds_for(DEFAULT_THINK if think is None else think, DOUBLING_WORLDS)
    weighed = weigh_doubling(deal, doubling, twin, worlds)
    if weighed is not None and weighed[0].action == doubling:
        return weighed[0]
    others = tuple(a for a in deal.legal if not isinstance(a, Coinche | Surcoinche))
    without = dataclasses.replace(deal, legal=others)
    if isinstance(view, MatchView):
        return appraise(dataclasses.replace(view, deal=without), rng, think).decision
    return appraise(without, rng, think).decision


def _choose(think: float | None, state: Any, seat: int, rng: random.Random) -> Action:
    return doubling_decision(state.view(seat), rng, think).action


def doubling_player(think: float | None) -> arena.Variant:
    """The Expert coinching and surcoinching by the calibrated simulation."""
    return arena.Variant("doubling", functools.partial(_choose, think))


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    return arena.main(argv, {"doubling": doubling_player})


if __name__ == "__main__":
    main()
