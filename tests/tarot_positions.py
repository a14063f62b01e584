"""Tarot positions reached by playing real deals, for the Expert's tests."""

from __future__ import annotations

import random

from game.ai.tarot import tarot_decision
from game.engine.protocol import Action, Phase
from game.engine.rules import TarotRules
from game.engine.tarot import TarotDeal
from tests.replay import replay

SIZES = {3: 24, 4: 18, 5: 15}


def to_play(players: int, seed: int) -> tuple[TarotDeal, list[Action]]:
    """A deal dealt from ``seed`` and bid by the Confirmé until its play starts."""
    while True:
        deal, _ = TarotDeal.new(TarotRules(players=players), seed, seed % players)
        start, actions = deal, []
        while not deal.is_over and deal.phase is not Phase.PLAY:
            seat = deal.current_player
            assert seat is not None
            action = tarot_decision(deal.view(seat)).action
            actions.append(action)
            deal, _ = deal.apply(action)
        if not deal.is_over:
            return start, actions
        seed += 1000  # everyone passed


def advance(start: TarotDeal, actions: list[Action], cards: int,
            rng: random.Random) -> tuple[TarotDeal, list[Action]]:
    """``cards`` more plays, random ones, from where ``actions`` lead."""
    deal = replay(start, actions)
    assert deal is not None
    actions = list(actions)
    for _ in range(cards):
        if deal.is_over:
            break
        action = rng.choice(deal.legal_actions())
        actions.append(action)
        deal, _ = deal.apply(action)
    return deal, actions
