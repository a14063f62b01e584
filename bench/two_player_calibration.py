"""The two-player bidding's straight lines (``game/ai/two_players.py``): what a hand's
value says of the points its holder makes alone.

Contrée à deux and coinche découverte: each deal, the first to speak takes his
best-valued suit at the lowest bid, the other passes, and the Confirmé plays it out in
both seats; the taker's total (tricks, announcements, belote) is fitted against his hand's
value (``evaluate.hand_value``; at the découverte, of his face-up cards), the defender's
against his defence value.  Belote découverte: the first to speak takes each suit in
turn (the retourne's in the first round, the others in the second); the margin (taker's
total less the opponent's) and the score margin by eighths of the take value.

    python -m bench.two_player_calibration --deals 600
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from collections.abc import Sequence

from game.ai import Level, decide
from game.ai.evaluate import defence_value, hand_value, suit_trump_value
from game.engine.actions import ChooseTrump, Pass, Take, bid
from game.engine.belote import BeloteDeal
from game.engine.cards import Suit, TrumpMode
from game.engine.coinche import CoincheDeal
from game.engine.rules import BeloteRules, CoincheRules, Layout
from game.engine.trickgame import TrickDeal


def fit(xs: Sequence[float], ys: Sequence[float]) -> dict[str, float]:
    """The least-squares line y = at_zero + slope × x, and its residual spread."""
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    slope = (sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
             / sum((x - mx) ** 2 for x in xs))
    spread = statistics.pstdev([y - (my + slope * (x - mx)) for x, y in zip(xs, ys, strict=True)])
    return {"at_zero": round(my - slope * mx, 1), "slope": round(slope, 3),
            "mean_value": round(mx, 1), "mean_points": round(my, 1), "spread": round(spread, 1)}


def played_out(state: TrickDeal, rng: random.Random) -> TrickDeal:
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state, _ = state.apply(decide(state.view(seat), Level.CONFIRME, rng).action)
    return state


def coinche_fits(layout: Layout, deals: int) -> dict[str, object]:
    rules = CoincheRules(players=2, layout=layout)
    rng = random.Random(0)
    values, made, defences, defended, in_play = [], [], [], [], []
    for seed in range(deals):
        state, _ = CoincheDeal.new(rules, seed, seed % 2)
        taker = state.turn
        assert taker is not None
        hand = state.hands[taker]
        suit = max(Suit, key=lambda s: hand_value(hand, TrumpMode.SUIT, s))
        values.append(hand_value(hand, TrumpMode.SUIT, suit))
        defences.append(defence_value(state.hands[1 - taker], TrumpMode.SUIT, suit))
        state, _ = state.apply(bid(rules.lowest_bid, suit))
        state, _ = state.apply(Pass())
        tally = played_out(state, rng).tally()
        made.append(tally.total(taker))
        defended.append(tally.total(1 - taker))
        in_play.append(tally.total(0) + tally.total(1))
    return {"taker": fit(values, made), "defender": fit(defences, defended),
            "in_play": round(statistics.fmean(in_play), 1)}


def belote_margins(deals: int) -> list[dict[str, float]]:
    rules = BeloteRules(players=2, layout=Layout.DECOUVERTE)
    rng = random.Random(0)
    rows = []
    for seed in range(deals):
        start, _ = BeloteDeal.new(rules, seed, seed % 2)
        taker = start.turn
        assert taker is not None and start.retourne is not None
        for suit in Suit:
            state = start
            calls = ([Take()] if suit == start.retourne.suit
                     else [Pass(), Pass(), ChooseTrump(suit)])
            for call in calls:
                state, _ = state.apply(call)
            finished = played_out(state, rng)
            tally, result = finished.tally(), finished.result()
            assert result is not None
            rows.append((suit_trump_value(start.hands[taker], suit),
                         tally.total(taker) - tally.total(1 - taker),
                         result.scores[taker] - result.scores[1 - taker]))
    rows.sort()
    eighths = []
    for k in range(8):
        part = rows[k * len(rows) // 8:(k + 1) * len(rows) // 8]
        eighths.append({"from": round(part[0][0]), "to": round(part[-1][0]),
                        "points_margin": round(statistics.fmean(r[1] for r in part), 1),
                        "score_margin": round(statistics.fmean(r[2] for r in part), 1)})
    return eighths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=600)
    args = parser.parse_args()
    figures = {
        "contree_a_deux": coinche_fits(Layout.HAND, args.deals),
        "coinche_decouverte": coinche_fits(Layout.DECOUVERTE, args.deals * 2 // 3),
        "belote_decouverte": belote_margins(args.deals * 5 // 12),
    }
    for name, value in figures.items():
        print(name, value)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
