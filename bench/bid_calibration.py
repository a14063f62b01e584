"""How well the coinche bidding simulation judges a contract: for Confirmé auctions,
the share of contracts it expects made (from the last caller's seat, over its sampled
deals), the share the same open-handed play-out makes on the true deal, and the share
the Confirmé play really makes.  The gaps measure inference and the evaluator.

    python -m bench.bid_calibration --deals 60
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from collections.abc import Sequence

from game.ai import Level, decide
from game.ai.bid_search import WORLDS, play_out, sample_deals
from game.ai.bidding import coinche_bidding
from game.engine.cards import Card, TrumpMode
from game.engine.coinche import CoincheDeal
from game.engine.deal_scoring import score_coinche
from game.engine.protocol import Phase
from game.engine.rules import CoincheRules
from game.engine.tricks import Trump


def _made(rules: CoincheRules, deal: CoincheDeal, hands: Sequence[Sequence[Card]]) -> bool:
    assert deal.contract is not None and deal.contract.suit is not None
    assert deal.taker is not None
    tally = play_out(hands, Trump(TrumpMode.SUIT, deal.contract.suit), deal.taker,
                     (deal.dealer + 1) % 4, rules)
    facts = score_coinche(rules, deal.contract, 0, deal.taker % 2, tally).facts
    return facts is not None and facts.made


def calibrate(seed: int, rules: CoincheRules) -> tuple[float, bool, bool] | None:
    """(predicted share made, made open-handed on the true deal, made really)."""
    deal, _ = CoincheDeal.new(rules, seed, seed % 4)
    before_last = deal
    while deal.phase is Phase.BIDDING and not deal.is_over:
        before_last = deal
        seat = deal.current_player
        assert seat is not None
        deal, _ = deal.apply(coinche_bidding(deal.view(seat)).action)
    if deal.is_over or deal.contract is None or deal.contract.suit is None:
        return None
    caller = before_last.current_player
    assert caller is not None
    worlds = sample_deals(before_last.view(caller), random.Random(seed), WORLDS)
    predicted = statistics.fmean(_made(rules, deal, hands) for hands in worlds)
    open_handed = _made(rules, deal, deal.hands)
    rng = random.Random(seed)
    played = deal
    while not played.is_over:
        seat = played.current_player
        assert seat is not None
        played, _ = played.apply(decide(played.view(seat), Level.CONFIRME, rng).action)
    result = played.result()
    assert result is not None
    return predicted, open_handed, result.facts is not None and result.facts.made


def main(argv: Sequence[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--deals", type=int, default=60)
    args = parser.parse_args(argv)
    rules = CoincheRules()
    found = [c for c in (calibrate(seed, rules) for seed in range(args.deals)) if c]
    figures = {
        "contracts": len(found),
        "predicted_made": round(statistics.fmean(c[0] for c in found), 3),
        "open_handed_true_deal_made": round(statistics.fmean(c[1] for c in found), 3),
        "really_made": round(statistics.fmean(c[2] for c in found), 3),
    }
    for key, value in figures.items():
        print(f"{key:>28}: {value}")
    print(json.dumps(figures))
    return figures


if __name__ == "__main__":
    main()
