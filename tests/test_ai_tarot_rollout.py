"""The tarot Expert's rollouts (``tarot_search.OpenTable``): every hand seen, a seat on
lead hunts a Petit an opponent guards badly or leads a trick its camp wins for sure, a
seat following charges a trick its camp wins whatever the others play."""

from __future__ import annotations

from game.ai.tarot import choose_tarot_card
from game.ai.tarot_search import (
    ClosedTable,
    OpenTable,
    RolloutView,
    camp_wins_trick,
    open_memory,
    petit_hunt_lead,
    play_tricks,
    sure_lead,
)
from game.engine.tarot_cards import THE_PETIT, TarotCard, tarot_cards
from game.engine.tarot_tricks import TarotTrick, legal_cards

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


DEFENCE = frozenset({1, 2, 3})


def confirme_card(hands: list[list[TarotCard]], seat: int,
                  trick: list[tuple[int, TarotCard]]) -> TarotCard:
    """The Confirmé's card for ``seat`` seeing every hand (the rollouts' memory)."""
    seen = RolloutView(seat, tuple(hands[seat]), TAKER, tuple(trick), ())
    cards = legal_cards(hands[seat], trick)
    return choose_tarot_card(seen, open_memory(hands, seat, ATTACK), cards)[0]


def test_a_defender_charges_his_queen_when_a_partner_after_him_holds_the_king() -> None:
    # the taker led the 2 of hearts; seat 2 wins with the king whatever follows
    hands = [list(tarot_cards("A10 5S")), list(tarot_cards("DH 3H")),
             list(tarot_cards("RH 4S")), list(tarot_cards("4H 6S"))]
    trick = [(TAKER, tarot_cards("2H")[0])]
    assert camp_wins_trick(hands, 1, trick, DEFENCE)
    assert OpenTable(TAKER, ATTACK).card(hands, 1, trick, []) == tarot_cards("DH")[0]
    # the Confirmé wins it with his 3, the queen kept back
    assert confirme_card(hands, 1, trick) == tarot_cards("3H")[0]


def test_a_defender_saves_his_petit_under_a_partners_higher_trump_still_to_come() -> None:
    hands = [list(tarot_cards("A12 5S")), list(tarot_cards("A01 A05")),
             list(tarot_cards("A21 4S")), list(tarot_cards("4H 6S"))]
    trick = [(TAKER, tarot_cards("A10")[0])]
    assert OpenTable(TAKER, ATTACK).card(hands, 1, trick, []) == THE_PETIT
    assert confirme_card(hands, 1, trick) == tarot_cards("A05")[0]


def test_a_charge_only_when_the_taker_still_to_play_cannot_win_the_trick() -> None:
    # seat 2 led the king of hearts; seat 3 plays, then the taker, then seat 1
    trick = [(2, tarot_cards("RH")[0])]
    def hands(taker: str) -> list[list[TarotCard]]:
        return [list(tarot_cards(taker)), list(tarot_cards("4S 6S")),
                list(tarot_cards("7S 8S")), list(tarot_cards("DH 3H"))]

    ruffs = hands("A10 5S")  # void in hearts: he trumps the king
    assert not camp_wins_trick(ruffs, 3, trick, DEFENCE)
    assert OpenTable(TAKER, ATTACK).card(ruffs, 3, trick, []) == tarot_cards("3H")[0]
    follows = hands("5H A10")  # he must follow under the king
    assert camp_wins_trick(follows, 3, trick, DEFENCE)
    assert OpenTable(TAKER, ATTACK).card(follows, 3, trick, []) == tarot_cards("DH")[0]


def test_a_seat_that_sees_only_its_hand_does_not_charge_on_what_it_cannot_see() -> None:
    hands = [list(tarot_cards("A10 5S")), list(tarot_cards("DH 3H")),
             list(tarot_cards("RH 4S")), list(tarot_cards("4H 6S"))]
    trick = [(TAKER, tarot_cards("2H")[0])]
    assert ClosedTable(TAKER, ATTACK).card(hands, 1, trick, []) == tarot_cards("3H")[0]


def test_at_five_a_known_partner_charges_the_takers_sure_trick() -> None:
    # the taker led the king of hearts; the defenders after seat 1 must follow under it,
    # though the Confirmé, seeing only two hearts out, fears they may trump it
    attack = frozenset({TAKER, 1})
    hands = [list(tarot_cards("A20 5S")), list(tarot_cards("DH 3H")),
             list(tarot_cards("2H A05")), list(tarot_cards("4H A06")),
             list(tarot_cards("6S 7S"))]
    trick = [(TAKER, tarot_cards("RH")[0])]
    assert OpenTable(TAKER, attack).card(hands, 1, trick, []) == tarot_cards("DH")[0]
    seen = RolloutView(1, tuple(hands[1]), TAKER, tuple(trick), ())
    usual, _ = choose_tarot_card(seen, open_memory(hands, 1, attack), hands[1])
    assert usual == tarot_cards("3H")[0]


def test_a_defender_leads_the_king_the_taker_must_follow_under() -> None:
    # two hearts out: the Confirmé fears a ruff, but the taker holds one and no one else
    # may beat the king
    hands = [list(tarot_cards("5H A10 A11")), list(tarot_cards("RH 3S 4S")),
             list(tarot_cards("6H 5S 6S")), list(tarot_cards("A02 7S 8S"))]
    assert OpenTable(TAKER, ATTACK).card(hands, 1, [], []) == tarot_cards("RH")[0]
    assert confirme_card(hands, 1, []) != tarot_cards("RH")[0]


def test_no_sure_lead_into_the_takers_ruff() -> None:
    hands = [list(tarot_cards("5S A10 A11")), list(tarot_cards("RH 3S 4S")),
             list(tarot_cards("6H 5S 6S")), list(tarot_cards("A02 7S 8S"))]
    hands[0][0] = tarot_cards("9S")[0]  # the taker: no heart, trumps
    assert sure_lead(hands, 1, hands[1], DEFENCE) is None
    # the Confirmé's lead then: his longest suit, low
    assert OpenTable(TAKER, ATTACK).card(hands, 1, [], []) == tarot_cards("3S")[0]


def test_a_defender_leads_low_to_a_partners_sure_king() -> None:
    # the partner after the taker holds the king of spades; the taker wins the hearts
    # and trumps the clubs
    hands = [list(tarot_cards("5S 8H A11")), list(tarot_cards("3S 2H 4C")),
             list(tarot_cards("RS 7H 9C")), list(tarot_cards("9S 8S 7C"))]
    assert sure_lead(hands, 1, hands[1], DEFENCE) == tarot_cards("3S")[0]
