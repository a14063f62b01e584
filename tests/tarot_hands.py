"""Tarot deals from given hands, for the engine's and the AI's tests."""

from __future__ import annotations

from typing import Any

from game.engine.rules import TarotRules
from game.engine.tarot import (
    Step,
    TarotDeal,
)
from game.engine.tarot_cards import DECK78, TarotCard, tarot_cards
from game.engine.tarot_scoring import Contract

C = tarot_cards


def full_hands(
    players: int, given: dict[int, str], chien: str = ""
) -> tuple[list[list[TarotCard]], list[TarotCard]]:
    """Hands holding the ``given`` cards, the rest of the deck filled in deck order."""
    size = {3: 24, 4: 18, 5: 15}[players]
    chien_size = 3 if players == 5 else 6
    hands = [list(C(given.get(s, ""))) for s in range(players)]
    dog = list(C(chien))
    used = {c for h in hands for c in h} | set(dog)
    rest = [c for c in DECK78 if c not in used]
    for hand in hands:
        while len(hand) < size:
            hand.append(rest.pop(0))
    while len(dog) < chien_size:
        dog.append(rest.pop(0))
    assert not rest
    return hands, dog


def play_state(players: int, hands: dict[int, str], taker: int = 0, **fields: Any) -> TarotDeal:
    """A deal in the middle of its play: the given hands, ``taker`` with a Garde."""
    rules = TarotRules(players=players)
    return TarotDeal(
        rules, dealer=players - 1, hands=tuple(C(hands.get(s, "")) for s in range(players)),
        chien=(), step=Step.PLAY, turn=fields.pop("turn", 0),
        contract=fields.pop("contract", Contract.GARDE_SANS), taker=taker, **fields,
    )
