"""Tarot at five, Expert level: the king called by simulation.

The Confirmé calls the king of the suit it holds best (``confirme_call``).  The Expert
deals the cards it does not see (the other hands and the chien, weighted by the
auction as its bidding does: ``tarot_bid_search.sample_deals``) and plays each
callable card out in the same worlds with the Confirmé play (``play_out``: the écart
made the Confirmé's way, the partner unknown to the others until the card falls).  It
keeps the Confirmé's call unless another gains ``MARGIN`` marks a deal and ``RISK``
standard errors of that gain, world by world (``sure_gain``): among four noisy means
over a dozen worlds the best is often only the luckiest.
"""

from __future__ import annotations

import random
import statistics

from game.ai.budget import DEFAULT_THINK, within
from game.ai.decision import Decision
from game.ai.tarot import card_args, tarot_decision
from game.ai.tarot_bid_search import play_out, sample_deals, sure_gain
from game.engine.protocol import Action
from game.engine.tarot_actions import CallKing
from game.engine.tarot_tricks import TarotView

WORLDS = 12  # at the default thinking time
MARGIN = 10.0  # marks a deal another call must gain over the Confirmé's
RISK = 2.0  # and standard errors of that gain, paired world by world


def weigh_king_calls(view: TarotView, rng: random.Random, deadline: float | None = DEFAULT_THINK,
                     worlds: int = WORLDS) -> tuple[Decision, dict[Action, float]]:
    """The card to call, and the taker's mean marks for each callable card (none when
    there was nothing to compare).  ``deadline`` None: exactly ``worlds`` worlds
    (reproducible for a given ``rng``)."""
    confirme = tarot_decision(view)
    calls = [a for a in view.legal if isinstance(a, CallKing)]
    if len(calls) < 2 or view.contract is None or not isinstance(confirme.action, CallKing):
        return confirme, {}
    samples = call_marks(view, calls, rng, deadline, worlds)
    if not samples[confirme.action]:  # no world played
        return confirme, {}
    means: dict[Action, float] = {call: statistics.fmean(v) for call, v in samples.items()}
    mine = samples[confirme.action]
    best = max(calls, key=lambda call: means[call])
    if means[best] < means[confirme.action] + MARGIN or sure_gain(samples[best], mine, RISK) <= 0:
        return confirme, means
    return Decision(best, "hint.call_simulated", card_args(best.card)), means


def call_marks(view: TarotView, calls: list[CallKing], rng: random.Random,
               deadline: float | None, worlds: int) -> dict[CallKing, list[float]]:
    """The taker's marks for each call in each world played (the same worlds for all)."""
    contract = view.contract
    assert contract is not None
    leader = (view.dealer + 1) % view.players
    samples: dict[CallKing, list[float]] = {call: [] for call in calls}
    deals = sample_deals(view, rng, worlds)
    for k in within(deadline, len(deals)):
        hands, chien = deals[k]
        for call, values in samples.items():
            played = play_out(hands, chien, view.seat, leader, contract.chien_shown,
                              view.rules, call.card)
            values.append(float(played.marks(contract)[view.seat]))
    return samples
