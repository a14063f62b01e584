"""The tarot Expert's rollouts (``tarot_search.OpenTable``): every hand seen, a seat on
lead hunts a Petit an opponent guards badly."""

from __future__ import annotations

from game.ai.tarot import choose_tarot_card
from game.ai.tarot_search import (
    ClosedTable,
    OpenTable,
    RolloutView,
    open_memory,
    petit_hunt_lead,
    play_tricks,
)
from game.engine.tarot_cards import THE_PETIT, TarotCard, tarot_cards
from game.engine.tarot_tricks import TarotTrick

TAKER = 0
ATTACK = frozenset({TAKER})


def endgame() -> list[list[TarotCard]]:
    """Four players, four cards each, seat 1 (a defender) to lead; the taker keeps the
    Petit with one trump to guard it and is void in hearts."""
    return [list(tarot_cards("A01 A05 2S 3S")),
            list(tarot_cards("A21 A10 4H 5H")),
            list(tarot_cards("A20 6H 7H 8H")),
            list(tarot_cards("A19 A02 9H TH"))]


def test_a_defender_leads_trumps_at_a_badly_guarded_petit() -> None:
    hands = endgame()
    table = OpenTable(TAKER, ATTACK)
    assert table.card(hands, 1, [], []) == tarot_cards("A21")[0]
    # the Confirmé alone leads his hearts, where the taker would ruff
    seen = RolloutView(1, tuple(hands[1]), TAKER, (), ())
    plain, _ = choose_tarot_card(seen, open_memory(hands, 1, ATTACK), hands[1])
    assert not plain.is_trump


def test_the_hunted_petit_falls_to_the_defence() -> None:
    hands, tricks = endgame(), list[TarotTrick]()
    play_tricks(hands, [], tricks, 1, OpenTable(TAKER, ATTACK))
    petit_trick = next(t for t in tricks if THE_PETIT in t.cards)
    assert petit_trick.winner != TAKER


def test_no_hunt_at_a_well_guarded_petit_or_without_trumps_to_spare() -> None:
    guarded = tarot_cards("A01 A03 A06 A08 A12 2S")
    assert petit_hunt_lead(tarot_cards("A21 A20 A19 A18 A17 4H"), guarded) is None
    # one trump against the taker's one guard: leading it would only clear his way
    assert petit_hunt_lead(tarot_cards("A21 4H 5H"), tarot_cards("A01 A05 2S")) is None
    # no Petit with the taker
    assert petit_hunt_lead(tarot_cards("A21 A10 4H"), tarot_cards("A05 2S 3S")) is None
    # the guard above the leader's trumps: the lowest goes first
    assert petit_hunt_lead(tarot_cards("A09 A04 4H"), tarot_cards("A01 A15 2S")) \
        == tarot_cards("A04")[0]


def test_a_seat_that_sees_only_its_hand_does_not_hunt() -> None:
    hands = endgame()
    table = ClosedTable(TAKER, ATTACK)
    assert not table.card(hands, 1, [], []).is_trump


def test_the_taker_hunts_a_defenders_badly_guarded_petit() -> None:
    hands = [list(tarot_cards("A21 A18 A12 2S")),
             list(tarot_cards("A01 A04 3H 4H")),
             list(tarot_cards("5H 6H 7H 8H")),
             list(tarot_cards("A02 9H TH VH"))]
    assert OpenTable(TAKER, ATTACK).card(hands, TAKER, [], []) == tarot_cards("A21")[0]


def test_at_five_the_taker_does_not_hunt_before_he_knows_his_partner() -> None:
    hands = [list(tarot_cards("A21 A18 A12")), list(tarot_cards("A01 A04 3H")),
             list(tarot_cards("5H 6H 7H")), list(tarot_cards("A02 9H TH")),
             list(tarot_cards("RS 8H VH"))]
    attack = frozenset({TAKER, 4})
    called = tarot_cards("RS")[0]
    assert OpenTable(TAKER, attack, called, 4, secret=True).card(hands, TAKER, [], []) \
        == tarot_cards("A12")[0]  # the Confirmé's trump lead: the Petit may be a partner's
    assert OpenTable(TAKER, attack, called, 4).card(hands, TAKER, [], []) \
        == tarot_cards("A21")[0]


def test_a_taker_does_not_lead_his_lone_petit_into_the_defences_trumps() -> None:
    # one trump each side: drawing it would only give the Petit away
    hands = [list(tarot_cards("A01 5H")), list(tarot_cards("A02 6H")),
             list(tarot_cards("7H 8H")), list(tarot_cards("9H TH"))]
    assert OpenTable(TAKER, ATTACK).card(hands, TAKER, [], []) == tarot_cards("5H")[0]
