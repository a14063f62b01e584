"""How well the coinche bidding simulation judges a contract: for Confirmé auctions,
the share of contracts it expects made (from the last caller's seat, over its sampled
deals), the share the same open-handed play-out makes on the true deal, and the share
the Confirmé play really makes.  The gaps measure inference and the evaluator.

The same, calibrated: with card points moved to the takers in every play-out,
``TAKER_EDGE_PER_10`` of ``bench/simulated_doubling.py`` for each 10 points of the bid
above the lowest bid
(``--per-10`` to try another), and from the seat that would coinche
(the first defender to speak after the last bid, over ``DOUBLING_WORLDS`` deals): the
share predicted made, the Brier score of the predictions (lower is better) by contract
level, and what coinching by the calibrated simulation (``weigh_doubling``'s rule)
would have gained against letting the contract stand, scored on the real play.
``--fit`` prints those figures for a range of edges and margins (the correction's
fit: the lowest Brier score on deals of other seeds than those reported).

    python -m bench.bid_calibration --deals 60
    python -m bench.bid_calibration --deals 800 --first 1000 --fit
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from bench.simulated_doubling import (
    DOUBLING_MARGIN,
    DOUBLING_WORLDS,
    TAKER_EDGE_PER_10,
    with_edge,
)
from game.ai import Level, decide
from game.ai.bid_search import WORLDS, play_out, sample_deals
from game.ai.bidding import coinche_bidding
from game.engine.actions import Bid
from game.engine.cards import Card, TrumpMode
from game.engine.coinche import CoincheDeal
from game.engine.deal_scoring import SideTally, score_coinche
from game.engine.protocol import Phase
from game.engine.rules import CoincheRules
from game.engine.tricks import Trump

LEVELS = ((80, 90), (100, 110), (120, 160))  # contract values reported apart


@dataclass(frozen=True)
class Contract:
    """One Confirmé contract: what the simulation played out and what really happened."""

    bid: Bid
    takers: int
    caller_worlds: list[SideTally]  # the last caller's sampled deals, played out
    defender_worlds: list[SideTally]  # the first defender's after the last bid
    open_handed: SideTally  # the true deal, played out open-handed
    real: SideTally  # the true deal, played by the Confirmé


def _play_out(rules: CoincheRules, deal: CoincheDeal,
              hands: Sequence[Sequence[Card]]) -> SideTally:
    assert deal.contract is not None and deal.contract.suit is not None
    assert deal.taker is not None
    return play_out(hands, Trump(TrumpMode.SUIT, deal.contract.suit), deal.taker,
                    (deal.dealer + 1) % 4, rules)


def collect(seed: int, rules: CoincheRules) -> Contract | None:
    deal, _ = CoincheDeal.new(rules, seed, seed % 4)
    before_last = after_bid = deal
    while deal.phase is Phase.BIDDING and not deal.is_over:
        before_last = deal
        seat = deal.current_player
        assert seat is not None
        action = coinche_bidding(deal.view(seat)).action
        deal, _ = deal.apply(action)
        if isinstance(action, Bid):
            after_bid = deal
    if deal.is_over or deal.contract is None or deal.contract.suit is None:
        return None
    assert deal.taker is not None
    caller = before_last.current_player
    assert caller is not None
    caller_hands = sample_deals(before_last.view(caller), random.Random(seed), WORLDS)
    defender = (deal.taker + 1) % 4
    defender_hands = sample_deals(after_bid.view(defender), random.Random(seed),
                                  DOUBLING_WORLDS)
    rng = random.Random(seed)
    played = deal
    while not played.is_over:
        seat = played.current_player
        assert seat is not None
        played, _ = played.apply(decide(played.view(seat), Level.CONFIRME, rng).action)
    return Contract(deal.contract, deal.taker % 2,
                    [_play_out(rules, deal, h) for h in caller_hands],
                    [_play_out(rules, deal, h) for h in defender_hands],
                    _play_out(rules, deal, deal.hands), played.tally())


def _score(rules: CoincheRules, c: Contract, tally: SideTally, level: int = 0,
           per_10: int = 0) -> tuple[bool, int]:
    """Made, and the takers' score minus the defence's, the takers' edge ``per_10`` card
    points for each 10 of their bid above the lowest (``simulated_doubling.taker_edge``)."""
    edge = per_10 * (c.bid.value - rules.lowest_bid) // 10
    result = score_coinche(rules, c.bid, level, c.takers, with_edge(tally, c.takers, edge))
    assert result.facts is not None
    return result.facts.made, result.scores[c.takers] - result.scores[1 - c.takers]


def predicted(rules: CoincheRules, c: Contract, worlds: list[SideTally], per_10: int) -> float:
    return statistics.fmean(_score(rules, c, t, 0, per_10)[0] for t in worlds)


def coinche_gain(rules: CoincheRules, c: Contract, worlds: list[SideTally],
                 per_10: int) -> float:
    """The defence's simulated gain of a coinche over letting the contract stand."""
    return -statistics.fmean(_score(rules, c, t, 1, per_10)[1] - _score(rules, c, t, 0, per_10)[1]
                             for t in worlds)


def figures(rules: CoincheRules, found: list[Contract], per_10: int,
            margin: float) -> dict[str, float]:
    made = [float(_score(rules, c, c.real)[0]) for c in found]
    by_caller = [predicted(rules, c, c.caller_worlds, per_10) for c in found]
    by_defender = [predicted(rules, c, c.defender_worlds, per_10) for c in found]
    out: dict[str, float] = {
        "edge_per_10": per_10, "contracts": len(found),
        "really_made": round(statistics.fmean(made), 3),
        "open_handed_true_deal_made": round(statistics.fmean(
            _score(rules, c, c.open_handed)[0] for c in found), 3),
        "predicted_made": round(statistics.fmean(by_caller), 3),
        "predicted_made_by_defender": round(statistics.fmean(by_defender), 3),
        "brier_by_defender": round(_brier(by_defender, made), 4),
    }
    for low, high in LEVELS:
        keep = [i for i, c in enumerate(found) if low <= c.bid.value <= high]
        if keep:
            out[f"{low}-{high}_contracts"] = len(keep)
            out[f"{low}-{high}_really_made"] = round(statistics.fmean(made[i] for i in keep), 3)
            out[f"{low}-{high}_predicted_by_defender"] = round(
                statistics.fmean(by_defender[i] for i in keep), 3)
    out.update(_doubling(rules, found, per_10, margin))
    return out


def _brier(predictions: Sequence[float], outcomes: Sequence[float]) -> float:
    return statistics.fmean((p - o) ** 2 for p, o in zip(predictions, outcomes, strict=True))


def _doubling(rules: CoincheRules, found: list[Contract], per_10: int,
              margin: float) -> dict[str, float]:
    """The first defender coinching when the simulated gain reaches ``margin``: how
    often, how often the contract really failed, and the defence's real gain a
    contract (the real play scored coinched minus scored as it stands)."""
    coinched, right, gain = 0, 0, 0.0
    for c in found:
        if coinche_gain(rules, c, c.defender_worlds, per_10) < margin:
            continue
        coinched += 1
        right += not _score(rules, c, c.real)[0]
        gain -= _score(rules, c, c.real, 1)[1] - _score(rules, c, c.real, 0)[1]
    return {"margin": margin, "coinched": coinched, "coinched_failed": right,
            "coinche_gain_per_contract": round(gain / max(1, len(found)), 2)}


def main(argv: Sequence[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--first", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--per-10", type=int, default=TAKER_EDGE_PER_10)
    parser.add_argument("--margin", type=float, default=DOUBLING_MARGIN)
    parser.add_argument("--fit", action="store_true",
                        help="the figures for edges 0..20 a 10 and margins 0..80")
    args = parser.parse_args(argv)
    rules = CoincheRules()
    seeds = range(args.first, args.first + args.deals)
    found = [c for c in (collect(seed, rules) for seed in seeds) if c]
    if args.fit:
        for per_10 in range(0, 21, 2):
            for margin in (0.0, 20.0, 40.0, 60.0, 80.0):
                print(json.dumps(figures(rules, found, per_10, margin)))
    before = figures(rules, found, 0, args.margin)
    after = figures(rules, found, args.per_10, args.margin)
    shown = {**{f"uncalibrated_{k}": v for k, v in before.items()},
             **{f"calibrated_{k}": v for k, v in after.items()}}
    for key, value in shown.items():
        print(f"{key:>50}: {value}")
    print(json.dumps(shown))
    return shown


if __name__ == "__main__":
    main()
