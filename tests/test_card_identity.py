"""The rules and the players compare some cards by identity (``card is EXCUSE``): a
card that went through pickle (the arena's processes) or a copy must come back as the
deck's own object, or the Excuse would be played as an ordinary card."""

from __future__ import annotations

import copy
import pickle

from game.engine.cards import DECK32
from game.engine.tarot_cards import DECK78, EXCUSE, tarot_card
from game.engine.tarot_tricks import legal_cards


def test_every_card_survives_pickle_and_copy_as_the_decks_own() -> None:
    for card in (*DECK32, *DECK78):
        assert pickle.loads(pickle.dumps(card)) is card
        assert copy.deepcopy(card) is card
        assert copy.copy(card) is card


def test_after_an_unpickled_excuse_led_the_next_card_sets_the_suit() -> None:
    excuse = pickle.loads(pickle.dumps(EXCUSE))
    hand = [tarot_card("2H"), tarot_card("3S")]
    # the Excuse led, hearts follow: the next seat may play anything
    assert legal_cards(hand, [(0, excuse)]) == hand
    assert legal_cards(hand, [(0, excuse), (1, tarot_card("RS"))]) == [tarot_card("3S")]
