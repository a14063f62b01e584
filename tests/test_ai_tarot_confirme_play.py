"""The Confirmé's tarot card play, fixed: every card of a few whole deals played by the
Confirmé at every seat, as it played them before the Expert's rollouts got their own
rules (``tarot_search.OpenTable.sure_trick_card``).  The Confirmé level must not change
with them."""

from __future__ import annotations

import pytest

from game.ai.tarot import tarot_decision
from game.engine.match import new_deal_state
from game.engine.rules import TarotRules
from game.engine.tarot_actions import TarotPlayCard

# (players, seed of the deal, dealer 0): the cards in the order played
CONFIRME_PLAY = {
    (3, 4): (
        "RC DC 4C RD DD 9D 7H DH A01 A02 A03 A06 CD 4D 7D 4S RS 5S "
        "A04 A08 A10 1S A05 TS A07 A09 A15 6S A12 8S A16 A11 A20 TH A17 9H "
        "CC 7C 3C 1C TC 6C 2H 3H A18 8C A13 2C 6D 2D 8D 5C A14 A21 "
        "2S A19 3S 9C 5D 7S 3D TD RH 8H 6H 1D VH CS EXC CH 9S VC"),
    (3, 9): (
        "2D RD 7D A09 A12 A19 DD TD CD 2S DS 5S A10 A15 A03 RC 7C A01 "
        "A13 A20 A06 TC 1C A14 RS CS 9S RH 8H 3H 9H VH DH VS TS A02 "
        "CH 7H 6H 9C A07 A16 A17 A04 A11 A18 A05 4D A21 A08 9D 3S 3C 4S "
        "6D 5H DC 1D 7S CC 8S 1S 8C 1H TH 4H EXC 5C 5D 6C 6S 2H"),
    (4, 4): (
        "RD DD CD 4D 7H 1H RH A01 A03 A09 A14 A15 1C RC 7C 3C A04 A11 "
        "A20 A02 DC VC A05 TC A07 A21 CS A06 5S 4S VS RS A08 7D 6D A10 "
        "DS A12 TS 1S A13 9H 6C A16 8C A18 CC 2C 5D TD 6S 9D 8H TH "
        "6H 8D 7S A17 1D 2S 9C 3D CH 3H EXC 2D 8S 3S VD VH 9S A19"),
    (4, 12): (
        "RH DH CH A01 A04 A09 A10 A14 9H A20 6H 4H A05 A13 A06 A16 2H A21 "
        "A03 3H A08 A17 RC A19 7H A11 8C 1H A18 7S TS A02 A15 3S 3D A07 "
        "RD 1D TD 4C 9C DC 1C 7C 8S RS CS A12 TC 5D 6C 6S 2C 5S "
        "6D 8H 5C 1S 9D 2S 3C 2D 4S 5H EXC CD VD VH DS 8D VS VC"),
    (5, 3): (
        "3C 4C A21 DC 7C A02 A03 A20 A10 A12 2H 9H 5H CH 7H A19 A05 A04 "
        "4S A16 A18 A06 A14 8S TC A17 A08 A15 2C TH A07 A13 A01 8D 1D RS "
        "6S 7S 5S A11 RD VD 4D TD 2D RH 3H 4H 5C VH 5D 7D 3D DD "
        "6D 3S CS 9D A09 TS 6C RC CC 8C 8H 6H 9C 1C DH EXC CD VC "
        "1H VS DS"),
    (5, 4): (
        "7C RC 4C A20 8C A02 A11 A19 A03 A04 7H DH 2H 9H 5H RH VH 8H "
        "A16 CH RS DS 4S CS 7S 7D 6D TD RD A01 A06 A17 1H A18 A05 3C "
        "CC A21 VC 6C A07 5S 2C A13 A15 2S A08 TS VS 8S A09 2D 4H A14 "
        "A10 1C 9D A12 1S 5C 3H 3D 8D TC 5D 6H VD 1D EXC 3S TH DD "
        "DC CD 9S"),
}


def confirme_play(players: int, seed: int) -> str:
    state, _ = new_deal_state(TarotRules(players=players), seed, 0)
    played = []
    while not state.is_over:
        action = tarot_decision(state.view(state.current_player)).action
        if isinstance(action, TarotPlayCard):
            played.append(action.card.code)
        state, _ = state.apply(action)
    return " ".join(played)


@pytest.mark.parametrize(("players", "seed"), sorted(CONFIRME_PLAY))
def test_the_confirme_plays_these_deals_as_before(players: int, seed: int) -> None:
    assert confirme_play(players, seed) == CONFIRME_PLAY[players, seed]
