"""Tarot rules (tarot.md): deck, deal, bidding, chien and écart, king call, declarations,
play, the Excuse, and the scoring of real deals."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import pytest

from game.engine.match import tarot_match_winner
from game.engine.protocol import IllegalAction, Op, Phase
from game.engine.rules import Direction, ExcuseLastTrick, RulesError, TarotRules
from game.engine.tarot import (
    AnnounceChelem,
    CallKing,
    ChienCardDealt,
    ChienShown,
    DeclineChelem,
    ExcuseFate,
    PartnerRevealed,
    PetitSecShown,
    PoigneeShown,
    ShowPoignee,
    TarotBid,
    TarotDeal,
    TarotDiscard,
    TarotDiscarded,
    TarotPacketDealt,
    TarotPass,
    TarotPlayCard,
    TarotTrick,
    callable_cards,
    check_poignee,
    discardable,
    has_petit_sec,
    legal_cards,
    poignee_choices,
    trick_winner,
)
from game.engine.tarot_cards import (
    DECK78,
    EXCUSE,
    TOTAL_POINTS,
    TarotCard,
    TarotSuit,
    count_bouts,
    half_points,
    tarot_card,
    tarot_cards,
)
from game.engine.tarot_scoring import Camp, Contract, PoigneeKind
from game.engine.tarot_tricks import card_power
from tests.tarot_hands import full_hands, play_state

C = tarot_cards


# --- helpers -------------------------------------------------------------------------------




def new_deal(players: int, given: dict[int, str], chien: str = "", dealer: int = 0) -> TarotDeal:
    hands, dog = full_hands(players, given, chien)
    return TarotDeal.from_hands(TarotRules(players=players), hands, dog, dealer)




def bid_all(deal: TarotDeal, *actions: Any) -> tuple[TarotDeal, list[Any]]:
    events: list[Any] = []
    for action in actions:
        deal, new = deal.apply(action)
        events.extend(new)
    return deal, events


PASS = TarotPass()


def codes(cards: tuple[TarotCard, ...] | list[TarotCard]) -> set[str]:
    return {c.code for c in cards}


# --- cards ---------------------------------------------------------------------------------


def test_deck_has_78_cards_91_points_and_three_bouts() -> None:
    assert len(set(DECK78)) == 78
    assert half_points(DECK78) == TOTAL_POINTS == 182
    assert count_bouts(DECK78) == 3
    assert codes([c for c in DECK78 if c.is_bout]) == {"A01", "A21", "EXC"}
    assert sum(1 for c in DECK78 if c.is_trump) == 21


@pytest.mark.parametrize(("code", "half"), [
    ("RH", 9), ("DS", 7), ("CC", 5), ("VD", 3), ("TH", 1), ("1S", 1), ("A21", 9),
    ("A01", 9), ("EXC", 9), ("A20", 1)])
def test_card_codes_and_half_points(code: str, half: int) -> None:
    card = tarot_card(code)
    assert card.code == code
    assert card.half_points == half


def test_unknown_code_is_refused() -> None:
    with pytest.raises(ValueError, match="not a tarot card"):
        tarot_card("A22")


# --- the deal ------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "size", "chien", "packet"), [
    (3, 24, 6, 4), (4, 18, 6, 3), (5, 15, 3, 3)])
def test_deal_sizes_and_chien_never_first_or_last(
    players: int, size: int, chien: int, packet: int
) -> None:
    for seed in range(20):
        deal, events = TarotDeal.new(TarotRules(players=players), seed, dealer=1)
        assert all(len(h) == size for h in deal.hands)
        assert len(deal.chien) == chien
        assert len({c for h in deal.hands for c in h} | set(deal.chien)) == 78
        last_deal = max(i for i, e in enumerate(events) if isinstance(e, PetitSecShown)) \
            if any(isinstance(e, PetitSecShown) for e in events) else -1
        events = events[last_deal + 1:]
        assert isinstance(events[0], TarotPacketDealt) and events[0].seat == 2
        assert isinstance(events[-1], TarotPacketDealt)
        assert sum(isinstance(e, ChienCardDealt) for e in events) == chien
        assert all(e.count == packet for e in events if isinstance(e, TarotPacketDealt))
        assert deal.current_player == 2  # the dealer's right speaks first


def test_deal_is_reproducible_and_packets_are_hidden() -> None:
    rules = TarotRules()
    first, events = TarotDeal.new(rules, 42, 0)
    again, _ = TarotDeal.new(rules, 42, 0)
    assert first.hands == again.hands and first.chien == again.chien
    packet = next(e for e in events if isinstance(e, TarotPacketDealt))
    assert packet.visible_to(packet.seat) == packet
    hidden = packet.visible_to((packet.seat + 1) % 4)
    assert isinstance(hidden, TarotPacketDealt) and hidden.cards is None


def test_petit_sec() -> None:
    assert has_petit_sec(C("A01 RH DS 1C"))
    assert not has_petit_sec(C("A01 EXC RH"))
    assert not has_petit_sec(C("A01 A02 RH"))
    assert not has_petit_sec(C("A02 RH"))


def test_petit_sec_is_shown_and_redealt_by_the_same_dealer() -> None:
    rules = TarotRules(players=5)
    for seed in range(3000):
        deal, events = TarotDeal.new(rules, seed, 2)
        shown = [e for e in events if isinstance(e, PetitSecShown)]
        if shown:
            break
    else:
        pytest.fail("no petit sec in 3000 deals")
    assert has_petit_sec(shown[0].hand)
    assert not any(has_petit_sec(h) for h in deal.hands)
    assert deal.dealer == 2 and deal.phase is Phase.BIDDING
    assert sum(isinstance(e, TarotPacketDealt) for e in events) == 50  # dealt twice


# --- bidding -------------------------------------------------------------------------------


def test_each_speaks_once_and_must_bid_higher() -> None:
    deal = new_deal(4, {})
    assert deal.current_player == 1
    deal, _ = deal.apply(TarotBid(Contract.GARDE))
    assert TarotBid(Contract.PRISE) not in deal.legal_actions()
    with pytest.raises(IllegalAction, match=r"^illegal.bid_higher\b"):
        deal.apply(TarotBid(Contract.PRISE))
    deal, _ = bid_all(deal, TarotBid(Contract.GARDE_SANS), PASS, PASS)
    assert deal.taker == 2 and deal.contract is Contract.GARDE_SANS
    assert deal.phase is Phase.DECLARING  # no chien to show at Garde Sans


def test_after_garde_contre_the_others_can_only_pass() -> None:
    deal, _ = new_deal(4, {}).apply(TarotBid(Contract.GARDE_CONTRE))
    assert deal.legal_actions() == (PASS,)


def test_all_pass_voids_the_deal() -> None:
    deal, _ = bid_all(new_deal(3, {}), PASS, PASS, PASS)
    assert deal.is_over and deal.void and deal.result() is None


# --- chien and écart -----------------------------------------------------------------------


def test_prise_shows_the_chien_then_the_ecart_hides_all_but_trumps() -> None:
    chien = "RS A05 EXC 1H 2H 3H"
    deal, events = bid_all(new_deal(4, {1: "4S 5S 6S"}, chien), TarotBid(Contract.PRISE),
                           PASS, PASS, PASS)
    assert ChienShown(C(chien)) in events
    assert deal.phase is Phase.EXCHANGE and deal.current_player == 1
    assert all(deal.view(s).chien == C(chien) for s in range(4))
    assert len(deal.hands[1]) == 24
    legal = {a.card.code for a in deal.legal_actions() if isinstance(a, TarotDiscard)}
    assert not legal & {"RS", "EXC", "A05"}  # no king, no bout, no trump while avoidable
    with pytest.raises(IllegalAction, match=r"^illegal.ecart_king\b"):
        deal.apply(TarotDiscard(tarot_card("RS")))
    deal, events = deal.apply(TarotDiscard(tarot_card("1H")))
    discarded = events[0]
    assert isinstance(discarded, TarotDiscarded)
    assert discarded.visible_to(2) == TarotDiscarded(1, None)
    assert deal.view(1).ecart == C("1H") and deal.view(2).ecart == ()
    for code in ("2H", "3H", "4S", "5S", "6S"):
        deal, _ = deal.apply(TarotDiscard(tarot_card(code)))
    assert deal.phase is Phase.DECLARING and len(deal.hands[1]) == 18


def test_trumps_go_to_the_ecart_only_when_unavoidable_and_are_shown() -> None:
    hand = C("RS RH RD RC A21 A01 EXC A02 A03 1S")
    assert codes(discardable(hand, 1)) == {"1S"}
    assert codes(discardable(hand, 2)) == {"1S", "A02", "A03"}
    given = "RS RH RD RC DS DH DD DC A21 A01 A02 A03 A04 A05 A06 A07 A08 A09"
    chien = "EXC A10 A11 A12 CS VS"
    deal, _ = bid_all(new_deal(4, {1: given}, chien), TarotBid(Contract.GARDE),
                      PASS, PASS, PASS)
    for code in ("CS", "VS", "DS", "DH", "DD", "DC"):
        deal, _ = deal.apply(TarotDiscard(tarot_card(code)))
    assert deal.view(2).ecart_trumps == ()
    deal, _ = bid_all(new_deal(4, {1: given}, chien), TarotBid(Contract.GARDE),
                      PASS, PASS, PASS)
    # 4 queens + knight + jack of spades: exactly 6 plain non-kings, so no trump is legal
    assert not any(a.card.is_trump for a in deal.legal_actions() if isinstance(a, TarotDiscard))
    narrow = "RS RH RD RC DS A21 A01 A02 A03 A04 A05 A06 A07 A08 A09 A13 A14 A15"
    deal, _ = bid_all(new_deal(4, {1: narrow}, "EXC A10 A11 A12 A16 A17"),
                      TarotBid(Contract.GARDE), PASS, PASS, PASS)
    deal, _ = deal.apply(TarotDiscard(tarot_card("DS")))
    deal, events = deal.apply(TarotDiscard(tarot_card("A02")))
    assert events[0].visible_to(3) == TarotDiscarded(1, tarot_card("A02"))
    assert deal.view(3).ecart_trumps == C("A02")


@pytest.mark.parametrize(("contract", "to_attack"), [
    (Contract.GARDE_SANS, True), (Contract.GARDE_CONTRE, False)])
def test_unseen_chien_goes_to_the_right_camp(contract: Contract, to_attack: bool) -> None:
    deal = play_state(4, {}, contract=contract)
    deal = TarotDeal(**{**deal.__dict__, "chien": C("RS RH A21 1S 2S 3S")})
    attack, defence = deal.camp_cards()
    assert codes(attack if to_attack else defence) == {"RS", "RH", "A21", "1S", "2S", "3S"}
    assert all(deal.view(s).chien == () for s in range(4))


# --- five players: the king call -----------------------------------------------------------


def test_callable_cards() -> None:
    assert codes(callable_cards(C("RS 1H"))) == {"RS", "RH", "RD", "RC"}
    assert codes(callable_cards(C("RS RH RD RC"))) == {"DS", "DH", "DD", "DC"}
    assert codes(callable_cards(C("RS RH RD RC DS DH DD DC"))) == {"CS", "CH", "CD", "CC"}


def test_king_call_secret_partner_revealed_when_played() -> None:
    deal = new_deal(5, {3: "RH 5H"}, dealer=2)
    deal, _ = bid_all(deal, PASS, TarotBid(Contract.GARDE_SANS), PASS, PASS, PASS)
    assert deal.phase is Phase.EXCHANGE and deal.current_player == 4
    assert CallKing(tarot_card("RS")) in deal.legal_actions()
    deal, events = deal.apply(CallKing(tarot_card("RH")))
    assert deal.partner == 3 and deal.view(1).partner is None
    assert all(deal.view(s).called == tarot_card("RH") for s in range(5))
    deal, _ = deal.apply(DeclineChelem())
    assert deal.current_player == 3
    legal = {a.card.code for a in deal.legal_actions() if isinstance(a, TarotPlayCard)}
    assert "RH" in legal and "5H" not in legal  # the called king, but no other heart
    deal, events = deal.apply(TarotPlayCard(tarot_card("RH")))
    assert PartnerRevealed(3) in events
    assert deal.view(1).partner == 3
    deal = finish(deal)
    result = deal.result()
    assert result is not None
    x = result.facts.per_defender
    assert result.scores == (-x, -x, -x, x, 2 * x)


def test_first_lead_may_not_be_the_called_suit_except_the_king() -> None:
    deal = play_state(5, {0: "RH 1H 2S A05"}, called=tarot_card("RH"), partner=None)
    legal = {a.card.code for a in deal.legal_actions() if isinstance(a, TarotPlayCard)}
    assert legal == {"RH", "2S", "A05"}


def test_calling_own_king_plays_alone_for_four_times() -> None:
    deal = new_deal(5, {0: "RH"}, dealer=4)
    deal, _ = bid_all(deal, TarotBid(Contract.GARDE_SANS), PASS, PASS, PASS, PASS)
    deal, _ = deal.apply(CallKing(tarot_card("RH")))
    assert deal.partner is None
    deal, _ = deal.apply(DeclineChelem())
    while not deal.is_over:
        deal, _ = deal.apply(deal.legal_actions()[0])
    result = deal.result()
    assert result is not None
    x = result.facts.per_defender
    assert result.scores == (4 * x, -x, -x, -x, -x)
    assert deal.view(2).alone


def test_called_king_in_the_chien_is_revealed_alone_at_once() -> None:
    deal = new_deal(5, {}, chien="RC 1S 2S", dealer=4)
    deal, _ = bid_all(deal, TarotBid(Contract.PRISE), PASS, PASS, PASS, PASS)
    deal, events = deal.apply(CallKing(tarot_card("RC")))
    assert ChienShown(C("RC 1S 2S")) in events and PartnerRevealed(None) in events
    assert deal.view(3).alone


# --- declarations --------------------------------------------------------------------------


def test_chelem_announcer_leads_and_keeps_the_excuse_for_last() -> None:
    deal = new_deal(4, {2: "EXC"})
    deal, _ = bid_all(deal, PASS, TarotBid(Contract.GARDE_SANS), PASS, PASS)
    assert deal.legal_actions() == (AnnounceChelem(), DeclineChelem())
    deal, _ = deal.apply(AnnounceChelem())
    assert deal.current_player == 2 and deal.view(0).chelem_announcer == 2
    assert EXCUSE not in [a.card for a in deal.legal_actions() if isinstance(a, TarotPlayCard)]


def test_poignee_choices_and_excuse_rule() -> None:
    hand = C("A01 A02 A03 A04 A05 A06 A07 A08 A09 A10 A11 RS")
    assert [len(p) for p in poignee_choices(hand, 4)] == [10]
    assert poignee_choices(hand, 4)[0] == C("A01 A02 A03 A04 A05 A06 A07 A08 A09 A10")
    with_excuse = C("A01 A02 A03 A04 A05 A06 A07 A08 A09 EXC RS")
    assert poignee_choices(with_excuse, 4) == [C("A01 A02 A03 A04 A05 A06 A07 A08 A09 EXC")]
    assert check_poignee(with_excuse, C("A01 A02 A03 A04 A05 A06 A07 A08 A09 EXC"),
                         4) is PoigneeKind.SIMPLE
    with pytest.raises(IllegalAction, match=r"^illegal.poignee_excuse\b"):
        check_poignee((*hand, EXCUSE), C("A01 A02 A03 A04 A05 A06 A07 A08 A09 EXC"), 4)
    with pytest.raises(IllegalAction, match=r"^illegal.poignee_size\b"):
        check_poignee(hand, C("A01 A02 A03 A04 A05 A06 A07 A08 A09 A10 A11"), 4)
    with pytest.raises(IllegalAction, match=r"^illegal.poignee_own_cards\b"):
        check_poignee(hand, C("A12 A02 A03 A04 A05 A06 A07 A08 A09 A10"), 4)
    assert [len(p) for p in poignee_choices(hand, 5)] == [8, 10]
    assert poignee_choices(hand, 3) == []


def test_poignee_shown_before_first_card_and_visible_to_all() -> None:
    trumps = "A02 A03 A04 A05 A06 A07 A08 A09 A10 A11 A12"
    deal = play_state(4, {0: trumps + " RS", 1: "1S", 2: "2S", 3: "3S"})
    shows = [a for a in deal.legal_actions() if isinstance(a, ShowPoignee)]
    assert len(shows) == 1
    hidden_high = ShowPoignee(C("A03 A04 A05 A06 A07 A08 A09 A10 A11 A12"))
    deal, events = deal.apply(hidden_high)
    assert events == [PoigneeShown(0, PoigneeKind.SIMPLE, hidden_high.cards)]
    assert all(deal.view(s).poignees == ((0, hidden_high.cards),) for s in range(4))
    assert not any(isinstance(a, ShowPoignee) for a in deal.legal_actions())
    with pytest.raises(IllegalAction, match=r"^illegal.poignee_once\b"):
        deal.apply(hidden_high)


def test_poignee_of_a_defender_scores_for_the_winning_attack() -> None:
    suits = {1: "RS DS CS VS RH DH CH VH", 2: "RD DD CD VD RC DC CC VC",
             3: "1D 2D 3D 4D 5D 6D 7D 8D", 4: "A02 A03 A04 A05 A06 A07 A08 A09"}
    deal = play_state(5, {0: "A10 A11 A12 A13 A14 A15 A16 A17", **suits}, partner=None)
    deal, _ = deal.apply(deal.legal_actions()[0])
    for _ in range(3):
        deal, _ = deal.apply(deal.legal_actions()[0])
    deal, events = deal.apply(ShowPoignee(C(suits[4])))
    assert events == [PoigneeShown(4, PoigneeKind.SIMPLE, C(suits[4]))]
    deal = finish(deal)
    outcome = deal.deal_outcome()
    assert outcome.poignees == ((PoigneeKind.SIMPLE, Camp.DEFENCE),)
    assert outcome.chelem is Camp.ATTACK
    result = deal.result()
    assert result is not None and result.facts.made
    assert result.facts.chelem is Camp.ATTACK and not result.facts.chelem_announced
    poignee = next(line for line in result.lines if line.key == "poignee_simple_defence")
    assert poignee.values == (20,) * 5  # each defender pays it to the winning attack
    factor = next(line for line in result.lines if line.key == "seat_factor")
    assert factor.values == (4, -1, -1, -1, -1)  # the taker alone


# --- play ----------------------------------------------------------------------------------


def trick(*codes_: str) -> tuple[tuple[int, TarotCard], ...]:
    return tuple((seat, tarot_card(code)) for seat, code in enumerate(codes_))


@pytest.mark.parametrize(("played", "hand", "expected"), [
    (("5H",), "1H RH A03 EXC", "1H RH EXC"),  # follow suit, no need to go higher
    (("5H",), "A03 A10 1S", "A03 A10"),  # void: trump
    (("5H", "A08"), "A03 A10 1S", "A10"),  # overtrump
    (("5H", "A08"), "A03 A05 1S", "A03 A05"),  # cannot overtrump: undertrump
    (("5H",), "1S 2C", "1S 2C"),  # neither suit nor trump
    (("A08",), "A03 A10 1H EXC", "A10 EXC"),  # trump led: beat the highest
    (("A08", "A12"), "A03 A10 1H", "A03 A10"),  # cannot beat: any trump
    (("A08",), "1H 2S", "1H 2S"),  # no trump at all
    (("EXC",), "1H A02", "1H A02"),  # the Excuse led: the next card sets the suit
    (("EXC", "5H"), "1H A02", "1H"),
    ((), "1H A02 EXC", "1H A02 EXC"),
])
def test_legal_cards(played: tuple[str, ...], hand: str, expected: str) -> None:
    assert codes(legal_cards(C(hand), trick(*played))) == set(expected.split())


def test_overtrump_even_over_a_partner() -> None:
    deal = play_state(5, {1: "A10 A03"}, turn=1, partner=1, trick=((0, tarot_card("A05")),))
    legal = {a.card.code for a in deal.legal_actions() if isinstance(a, TarotPlayCard)}
    assert legal == {"A10"}


@pytest.mark.parametrize(("played", "winner"), [
    (("5H", "RH", "1H", "DH"), 1), (("5H", "RH", "A01", "DH"), 2),
    (("EXC", "5H", "RH", "A02"), 3), (("5S", "EXC", "RH", "1S"), 0),
])
def test_trick_winner(played: tuple[str, ...], winner: int) -> None:
    assert trick_winner(trick(*played)) == winner


def test_card_power_ranks_trumps_over_the_led_suit_and_never_the_excuse() -> None:
    hearts = TarotSuit.HEARTS
    assert card_power(tarot_card("A01"), hearts) > card_power(tarot_card("RH"), hearts)
    assert card_power(tarot_card("RH"), hearts) > card_power(tarot_card("5H"), hearts)
    assert card_power(tarot_card("RS"), hearts) == -1
    assert card_power(tarot_card("EXC"), hearts) == -1


def test_illegal_card_raises_with_reason_and_changes_nothing() -> None:
    deal = play_state(4, {0: "5H", 1: "1H RS", 2: "2H", 3: "3H"})
    deal, _ = deal.apply(TarotPlayCard(tarot_card("5H")))
    before = deal.view(1)
    with pytest.raises(IllegalAction, match=r"^illegal.follow_suit\b"):
        deal.apply(TarotPlayCard(tarot_card("RS")))
    with pytest.raises(IllegalAction, match=r"^illegal.not_in_hand\b"):
        deal.apply(TarotPlayCard(tarot_card("RD")))
    assert deal.view(1) == before


# --- the Excuse ------------------------------------------------------------------------------


def finish(deal: TarotDeal) -> TarotDeal:
    while not deal.is_over:
        deal, _ = deal.apply(deal.legal_actions()[0])
    return deal


def test_excuse_exchanged_for_a_half_point_card() -> None:
    # attack (seat 0) has a trick already; its Excuse then falls in a defence trick
    won = TarotTrick(0, trick("RS", "1S", "2S", "3S"), 0)
    deal = play_state(4, {0: "EXC 4S", 1: "RH 5S", 2: "1H 6S", 3: "2H 7S"},
                      tricks=(won,), turn=0)
    deal, _ = deal.apply(TarotPlayCard(EXCUSE))
    deal, _ = deal.apply(TarotPlayCard(tarot_card("RH")))
    deal, _ = deal.apply(TarotPlayCard(tarot_card("1H")))
    deal, _ = deal.apply(TarotPlayCard(tarot_card("2H")))
    assert deal.excuse is not None and deal.excuse.fate is ExcuseFate.EXCHANGED
    deal = finish(deal)
    attack, _ = deal.camp_cards()
    assert EXCUSE in attack
    # the attack keeps RS 1S 2S 3S and its Excuse, less the half point given for it
    assert deal.attack_half_points() == half_points(attack) - 1


def test_excuse_exchange_deferred_until_its_camp_wins_a_trick() -> None:
    deal = play_state(4, {0: "EXC RS", 1: "RH 1S", 2: "1H 2S", 3: "2H 3S"}, turn=0)
    deal, _ = deal.apply(TarotPlayCard(EXCUSE))
    for code in ("RH", "1H", "2H"):
        deal, _ = deal.apply(TarotPlayCard(tarot_card(code)))
    assert deal.excuse is not None and deal.excuse.fate is ExcuseFate.OWED
    assert deal.view(2).excuse == deal.excuse
    deal = finish(deal)
    assert deal.excuse is not None and deal.excuse.fate is ExcuseFate.EXCHANGED
    attack, _ = deal.camp_cards()
    assert codes(attack) == {"EXC", "RS", "1S", "2S", "3S"}
    assert deal.attack_half_points() == 9 + 12 - 1


# The Excuse played in the last trick (docs/rules.md, E1-E5): one worked example per case,
# each under the FFT rule and under option ``excuse_last_trick: trick_winner``.  The
# deals are a Prise that neither camp wins trick by trick (no chelem); the figures are
# the attack's points (in half points), its bouts and X, what each defender pays,
# computed by hand in docs/rules.md.
ATTACK_TRICK_4 = TarotTrick(0, trick("RS", "1S", "2S", "3S"), 0)  # 6 points to the attack
ATTACK_TRICK_5 = TarotTrick(0, trick("1S", "2S", "3S", "4S", "5S"), 0)  # 2.5 points
KING_TRICK_5 = TarotTrick(0, trick("1C", "2C", "RC", "3C", "4C"), 2)  # the partner's RC
DEFENCE_TRICK_4 = TarotTrick(0, trick("4S", "DS", "5S", "6S"), 1)  # no chelem for the attack
DEFENCE_TRICK_5 = TarotTrick(0, trick("6S", "DS", "7S", "8S", "9S"), 1)
TRICK_WINNER = TarotRules(excuse_last_trick=ExcuseLastTrick.TRICK_WINNER)


@dataclass(frozen=True)
class LastTrickCase:
    players: int
    hands: dict[int, str]  # one card each: the last trick
    fields: dict[str, Any]  # the deal so far
    fft: tuple[str, int, int, int]  # the note's key, attack half points, bouts, X
    trick_winner: tuple[str, int, int, int]  # the same under the option


LAST_TRICK_CASES = {
    # E1: a defender's Excuse, the defence wins the trick: the FFT gives it to the attack
    "own camp wins": LastTrickCase(
        4, {0: "1H", 1: "EXC", 2: "RH", 3: "2H"}, {"tricks": (ATTACK_TRICK_4,)},
        ("excuse_changed_camp_attack", 21, 1, -66),
        ("excuse_last_trick_defence", 12, 0, -75)),
    # E2: the taker's Excuse, the defence wins the trick: to the defence either way
    "other camp wins": LastTrickCase(
        4, {0: "EXC", 1: "RH", 2: "1H", 3: "2H"},
        {"tricks": (ATTACK_TRICK_4, DEFENCE_TRICK_4)},
        ("excuse_changed_camp_defence", 12, 0, -75),
        ("excuse_last_trick_defence", 12, 0, -75)),
    # E4: five players, the partner (seat 2) known since his king fell; his Excuse in the
    # taker's last trick goes to the defence
    "five, partner known": LastTrickCase(
        5, {0: "A10", 1: "5C", 2: "EXC", 3: "6C", 4: "7C"},
        {"tricks": (KING_TRICK_5, DEFENCE_TRICK_5), "called": tarot_card("RC"), "partner": 2,
         "partner_revealed": True},
        ("excuse_changed_camp_defence", 17, 0, -73),
        ("excuse_last_trick_attack", 26, 1, -63)),
    # E5: five players, seat 1 plays the Excuse before the partner (seat 3) shows the
    # called king; seat 2 trumps: the Excuse still changes camp, to the real attack
    "five, partner unknown": LastTrickCase(
        5, {1: "EXC", 2: "A05", 3: "RC", 4: "1C", 0: "2C"},
        {"tricks": (ATTACK_TRICK_5,), "called": tarot_card("RC"), "partner": 3, "turn": 1},
        ("excuse_changed_camp_attack", 14, 1, -69),
        ("excuse_last_trick_defence", 5, 0, -79)),
}


@pytest.mark.parametrize("name", LAST_TRICK_CASES)
@pytest.mark.parametrize("option", [False, True])
def test_excuse_in_the_last_trick(name: str, option: bool) -> None:
    case = LAST_TRICK_CASES[name]
    deal = play_state(case.players, case.hands, contract=Contract.PRISE, **case.fields)
    if option:
        deal = deal.evolve(rules=dataclasses.replace(
            deal.rules, excuse_last_trick=ExcuseLastTrick.TRICK_WINNER))
    excuse_seat = next(s for s, h in case.hands.items() if h == "EXC")
    while deal.turn != excuse_seat:
        deal, _ = deal.apply(deal.legal_actions()[0])
    assert deal.view(excuse_seat).partner is None or case.fields.get("partner_revealed")
    deal = finish(deal)
    key, points, bouts, per_defender = case.trick_winner if option else case.fft
    assert deal.excuse is not None and deal.excuse.fate is (
        ExcuseFate.LAST_TRICK if option else ExcuseFate.CHANGED_CAMP)
    outcome = deal.deal_outcome()
    assert (outcome.points, outcome.bouts) == (points, bouts)
    assert deal.outcome is not None and deal.outcome.facts is not None
    assert deal.outcome.facts.per_defender == per_defender
    notes = [line for line in deal.outcome.lines if line.key.startswith("excuse_")]
    assert [(n.key, n.op) for n in notes] == [(key, Op.NOTE)]


def test_excuse_wins_the_last_trick_of_a_chelem_and_petit_au_bout_moves_back() -> None:
    won = TarotTrick(0, trick("RS", "1S", "2S", "3S"), 0)
    deal = play_state(4, {0: "A21 EXC", 1: "A01 1H", 2: "A02 2H", 3: "A03 3H"},
                      tricks=(won,), chelem_announcer=0)
    assert {a.card for a in deal.legal_actions() if isinstance(a, TarotPlayCard)} == {
        tarot_card("A21")}
    deal = finish(deal)
    assert deal.excuse is not None and deal.excuse.fate is ExcuseFate.CHELEM
    assert deal.tricks[-1].winner == 0
    outcome = deal.deal_outcome()
    assert outcome.chelem is Camp.ATTACK and outcome.chelem_announced
    assert outcome.petit_au_bout is Camp.ATTACK  # the Petit fell in the next-to-last trick
    assert outcome.excuse_last_trick == (ExcuseFate.CHELEM, Camp.ATTACK)


@pytest.mark.parametrize("rules", [TarotRules(), TRICK_WINNER])
def test_a_chelem_excuse_led_last_wins_the_trick_under_either_rule(rules: TarotRules) -> None:
    """E3: the attack has won every trick; the taker leads the Excuse last: it wins the
    trick and stays with the attack, the chelem made (not announced)."""
    deal = play_state(4, {0: "EXC", 1: "1H", 2: "2H", 3: "3H"},
                      tricks=(ATTACK_TRICK_4,), contract=Contract.PRISE).evolve(rules=rules)
    deal = finish(deal)
    assert deal.excuse is not None and deal.excuse.fate is ExcuseFate.CHELEM
    assert deal.tricks[-1].winner == 0
    outcome = deal.deal_outcome()
    assert (outcome.points, outcome.bouts, outcome.chelem) == (12 + 9 + 3, 1, Camp.ATTACK)
    assert outcome.excuse_last_trick == (ExcuseFate.CHELEM, Camp.ATTACK)
    assert deal.outcome is not None
    assert "excuse_chelem_attack" in [line.key for line in deal.outcome.lines]


def test_petit_au_bout_goes_to_the_camp_winning_the_last_trick() -> None:
    deal = finish(play_state(4, {0: "A01", 1: "A05", 2: "1H", 3: "2H"}))
    assert deal.deal_outcome().petit_au_bout is Camp.DEFENCE
    deal = finish(play_state(4, {0: "A01", 1: "1S", 2: "1H", 3: "2H"}))
    assert deal.deal_outcome().petit_au_bout is Camp.ATTACK


def test_defence_chelem() -> None:
    deal = finish(play_state(4, {0: "1S", 1: "RS", 2: "1H", 3: "2H"}))
    outcome = deal.deal_outcome()
    assert outcome.chelem is Camp.DEFENCE


# --- a deal scored end to end ----------------------------------------------------------------


def test_deal_result_is_zero_sum_with_a_breakdown() -> None:
    deal, _ = TarotDeal.new(TarotRules(players=3), 5, 0)
    deal, _ = bid_all(deal, TarotBid(Contract.GARDE_SANS), PASS, PASS, DeclineChelem())
    deal = finish(deal)
    result = deal.result()
    assert result is not None and sum(result.scores) == 0
    assert result.lines[-1].key == "deal_score" and result.lines[-1].values == result.scores
    attack, defence = deal.camp_cards()
    assert len(attack) + len(defence) == 78
    assert deal.view(1).result == result


def test_tarot_match_ends_after_its_deals_or_at_the_target() -> None:
    by_deals = TarotRules(deals=4)
    assert tarot_match_winner(by_deals, (30, -10, -10, -10), 3) is None
    assert tarot_match_winner(by_deals, (30, -10, -10, -10), 4) == 0
    assert tarot_match_winner(by_deals, (30, 30, -30, -30), 4) is None  # a tie: one more
    to_score = TarotRules(deals=None, target=500)
    assert tarot_match_winner(to_score, (400, -100, -150, -150), 9) is None
    assert tarot_match_winner(to_score, (-500, 300, 100, 100), 9) == 1


# --- options -------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [
    TarotRules(), TarotRules(players=3, deals=16), TarotRules(players=5, deals=None,
                                                              target=500),
    TarotRules(direction=Direction.CW), TarotRules(deals=4)])
def test_rules_round_trip(rules: TarotRules) -> None:
    assert TarotRules.from_json(rules.to_json()) == rules


def test_rules_defaults_and_errors() -> None:
    rules = TarotRules()
    assert (rules.players, rules.deals, rules.target, rules.direction) == (
        4, 8, 1000, Direction.CCW)
    for bad in ({"players": 6}, {"deals": 5}, {"target": 0}, {"deals": "8"}):
        with pytest.raises(RulesError):
            TarotRules.from_json(bad)
