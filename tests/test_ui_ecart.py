"""The tarot écart at the table, headless, with real mouse and key events: cards go to a
visible écart and come back, nothing reaches the engine before "Valider l'écart", the
hand never moves under the pointer, and each refusal says its own rule."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.engine.rules import TarotRules
from game.engine.tarot import TarotDeal, TarotDiscard
from game.engine.tarot_cards import TarotCard, tarot_card
from game.engine.tarot_tricks import ecart_order, ecart_refusal
from game.ui.app.app import App
from game.ui.app.smoke import click
from game.ui.table.scene import TableScene
from tests.table_driver import DT, card_click, human_turn, run_until_human, start_table
from tests.words import tr


def cards(codes: str) -> list[TarotCard]:
    return [tarot_card(code) for code in codes.split()]


def to_ecart(app: App, players: int) -> TableScene:
    """Match seed 1: the human takes (Prise) and is asked for his écart."""
    table = start_table(app, TarotRules(players=players), seed=1)
    for _ in range(12):
        run_until_human(app, table)
        if table.ecart.active:
            return table
        human_turn(app, table)
    raise AssertionError("match seed 1 no longer brings the human to the écart")


def deal_of(table: TableScene) -> TarotDeal:
    deal = table.controller.match.deal
    assert isinstance(deal, TarotDeal)
    return deal


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")


# --- the rule, asked of the engine -----------------------------------------------------------


def test_the_refusal_names_its_rule() -> None:
    hand = cards("RS A21 EXC A01 A05 2H 3H 4H 5H 6H 7H 8H")
    assert ecart_refusal(hand, [], tarot_card("RS"), 6) == "ecart_king"
    assert ecart_refusal(hand, [], tarot_card("A21"), 6) == "ecart_bout"
    assert ecart_refusal(hand, [], tarot_card("EXC"), 6) == "ecart_bout"
    assert ecart_refusal(hand, [], tarot_card("A01"), 6) == "ecart_bout"
    assert ecart_refusal(hand, [], tarot_card("A05"), 6) == "ecart_trump"  # 7 plain cards
    assert ecart_refusal(hand, [], tarot_card("2H"), 6) is None
    assert ecart_refusal(hand, cards("2H 3H 4H 5H 6H 7H"), tarot_card("8H"), 6) == "ecart_full"


def test_trumps_fill_only_what_the_plain_cards_cannot() -> None:
    hand = cards("RS 2H 3H 4H 5H A05 A06 A07")  # four plain cards for an écart of six
    assert ecart_refusal(hand, [], tarot_card("A05"), 6) is None
    assert ecart_refusal(hand, cards("A05"), tarot_card("A06"), 6) is None
    assert ecart_refusal(hand, cards("A05 A06"), tarot_card("A07"), 6) == "ecart_trump"
    assert ecart_order(cards("A05 2H A06 3H")) == tuple(cards("2H 3H A05 A06"))


# --- the table -----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_card_goes_to_the_ecart_and_comes_back_without_the_hand_moving(
    app: App, players: int
) -> None:
    table = to_ecart(app, players)
    full_hand = deal_of(table).hands[0]
    places = dict(table.hand_layout())
    first = min(table.ecart.allowed(), key=lambda c: c.code)
    app.step(DT, click(app, card_click(table, first)))
    assert table.ecart.chosen == [first]
    assert deal_of(table).hands[0] == full_hand  # nothing given to the engine yet
    after = dict(table.hand_layout())
    assert first not in after  # shown in the écart instead
    assert all(after[c] == places[c] for c in after)  # every other card kept its place
    slot = table.ecart.slot_rects()[0]
    app.step(DT, click(app, slot.center))  # a click on it in the écart takes it back
    assert table.ecart.chosen == []
    assert dict(table.hand_layout())[first] == places[first]


def test_valider_gives_the_whole_ecart_to_the_engine(app: App) -> None:
    table = to_ecart(app, 4)
    assert not table.ecart.confirm.enabled
    chosen = sorted(table.ecart.allowed(), key=lambda c: c.code)[:6]
    for c in chosen:
        app.step(DT, click(app, card_click(table, c)))
        assert deal_of(table).ecart == ()
    assert table.ecart.confirm.enabled
    app.step(DT, [])
    app.step(DT, click(app, table.ecart.confirm.rect.center))
    assert set(deal_of(table).ecart) == set(chosen)
    assert not table.ecart.active


def test_each_refusal_is_said_with_its_own_rule(app: App) -> None:
    table = to_ecart(app, 3)  # the hand holds the king of spades and the 21
    hand = table.ecart.hand
    assert tarot_card("RS") in hand and tarot_card("A21") in hand
    app.step(DT, click(app, card_click(table, tarot_card("RS"))))
    assert table.message_text() == tr("illegal.ecart_king")
    app.step(DT, click(app, card_click(table, tarot_card("A21"))))
    assert table.message_text() == tr("illegal.ecart_bout")
    app.step(DT, click(app, card_click(table, tarot_card("A19"))))
    assert table.message_text() == tr("illegal.ecart_trump")
    assert table.ecart.chosen == []
    for c in sorted(table.ecart.allowed(), key=lambda c: c.code)[:6]:
        app.step(DT, click(app, card_click(table, c)))
    extra = next(c for c in hand if c.code == "TD")
    app.step(DT, click(app, card_click(table, extra)))
    assert table.message_text() == tr("illegal.ecart_full")
    assert len(table.ecart.chosen) == 6


def test_the_keyboard_chooses_and_confirms(app: App) -> None:
    table = to_ecart(app, 5)  # an écart of three
    for _ in range(3):
        table.selected = min(table.ecart.allowed(), key=lambda c: c.code)
        app.step(DT, [key(pygame.K_RETURN)])
    assert len(table.ecart.chosen) == 3 and deal_of(table).ecart == ()
    table.selected = None
    app.step(DT, [key(pygame.K_RETURN)])
    assert len(deal_of(table).ecart) == 3


def test_the_count_says_how_many_are_left_in_good_french(app: App) -> None:

    table = to_ecart(app, 5)
    for c in sorted(table.ecart.allowed(), key=lambda c: c.code)[:2]:
        app.step(DT, click(app, card_click(table, c)))
    app.choose_language("fr")  # the first line (the taker called his own king: alone)
    assert table.message_text().split("\n")[0] == "Écart : encore 1 carte à choisir"
    app.choose_language("en")
    assert table.message_text().split("\n")[0] == "Écart: choose 1 more card"
    assert any(isinstance(a, TarotDiscard) for a in table.controller.human_legal())


def test_a_full_ecart_invites_to_validate_and_an_earlier_refusal_is_gone(app: App) -> None:

    table = to_ecart(app, 3)  # an écart of six; the hand holds the king of spades
    app.step(DT, click(app, card_click(table, tarot_card("RS"))))
    assert table.message_text() == tr("illegal.ecart_king")  # shown in red
    for c in sorted(table.ecart.allowed(), key=lambda c: c.code)[:6]:
        app.step(DT, click(app, card_click(table, c)))
    assert table.controller.message is None  # the refusal was answered: not kept
    assert table.message_text() == tr("table.ecart_complete")
    app.choose_language("fr")
    assert table.message_text().startswith("Écart complet : validez-le")
    app.choose_language("en")
    app.step(DT, click(app, card_click(table, tarot_card("RS"))))  # too many now
    assert table.message_text() == tr("illegal.ecart_full")
    app.step(DT, click(app, table.ecart.slot_rects()[0].center))  # one taken back
    assert table.message_text() == "Écart: choose 1 more card"
