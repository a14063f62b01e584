"""Every refusal says the rule that refused: the engine's ``IllegalAction`` carries an i18n
key and its arguments, and the player is shown that reason, through the controller.

One position per rule of the card play (``shared/rules``): each click on a refused card
must bring that rule's own words, and each click the rule allows must be played."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from game.engine.actions import Bid, play
from game.engine.cards import Card, Suit, parse_cards
from game.engine.coinche import CoincheDeal
from game.engine.match import Match
from game.engine.protocol import IllegalAction, Phase, Reason
from game.engine.rules import CoincheRules, PartnerRuff, TarotRules, Undertrump
from game.engine.tarot import TarotDeal, TarotPlayCard
from game.engine.tarot_cards import TarotCard, tarot_card
from game.engine.tricks import Trump
from game.i18n import Texts
from game.match_in_play import MatchInPlay, Step
from game.ui.table.controller import Controller, SeatConfig
from game.ui.table.words import say_text
from tests.tarot_hands import C, play_state

ROOT = Path(__file__).resolve().parent.parent
HEARTS = Trump.of_suit(Suit.HEARTS)


def coinche_position(rules: CoincheRules, actor_hand: str, trick: str) -> CoincheDeal:
    """Seat 0 to play its ``actor_hand`` (hearts trump, taken by seat 1) on ``trick``,
    the cards played so far from seat 0 + 4 − len(trick) on.  The other hands are
    irrelevant to seat 0's legal cards: they hold the rest."""
    played = parse_cards(trick)
    hand = parse_cards(actor_hand)
    first = (4 - len(played)) % 4
    seats = [(first + k) % 4 for k in range(len(played))]
    return CoincheDeal(
        rules=rules, dealer=3, hands=(hand, (), (), ()), phase=Phase.PLAY, turn=0,
        trump=HEARTS, taker=1, contract=Bid(80, Suit.HEARTS),
        trick=tuple(zip(seats, played, strict=True)), announceable=((),) * 4)


def controller_at(deal: CoincheDeal | TarotDeal) -> Controller:
    """A controller whose human (seat 0) is to act in ``deal``."""
    rules = deal.rules
    sides = 2 if rules.has_teams else rules.players
    match = Match(rules, 1, deal, 1, deal.dealer, (0,) * sides)
    seats = [SeatConfig(human=True)] + [SeatConfig() for _ in range(rules.players - 1)]
    position = MatchInPlay([Step(match, ())], resumed=True)  # set up: no past to undo
    controller = Controller(position, seats, ponder=False)
    assert controller.human_to_act
    return controller


def shown_for(texts: Texts, deal: CoincheDeal | TarotDeal, card: Card | TarotCard
              ) -> str | None:
    """The words the player reads after clicking ``card``; None when it was played."""
    controller = controller_at(deal)
    before = controller.match
    try:
        if controller.play_card(card):
            assert controller.message is None
            return None
        assert controller.match is before  # nothing applied
        assert controller.message is not None
        return say_text(texts, controller.message)
    finally:
        controller.close()


@pytest.fixture(params=["en", "fr"])
def texts(request: pytest.FixtureRequest) -> Texts:
    """Each test in each language."""
    return Texts(request.param)


# --- belote and coinche --------------------------------------------------------------------


def test_follow_suit(texts: Texts) -> None:
    deal = coinche_position(CoincheRules(), "♠7 ♦7 ♥7", "♠A")
    spades = texts.tr("illegal.follow_suit", suit=texts.tr("suit.S"))
    assert shown_for(texts, deal, parse_cards("♦7")[0]) == spades
    assert shown_for(texts, deal, parse_cards("♥7")[0]) == spades  # even a trump: follow first
    assert shown_for(texts, deal, parse_cards("♠7")[0]) is None


def test_must_trump_when_void_and_an_opponent_holds_the_trick(texts: Texts) -> None:
    deal = coinche_position(CoincheRules(), "♦7 ♥7 ♣8", "♠A")  # seat 3, an opponent, led
    assert shown_for(texts, deal, parse_cards("♦7")[0]) == texts.tr("illegal.must_trump")
    assert shown_for(texts, deal, parse_cards("♥7")[0]) is None


def test_must_overtrump_an_opponents_trump(texts: Texts) -> None:
    # Seat 2 (partner) led ♠A, seat 3 (opponent) trumped with the 9: seat 0 holds the J.
    deal = coinche_position(CoincheRules(), "♥J ♥7 ♦7", "♠A ♥9")
    assert shown_for(texts, deal, parse_cards("♥7")[0]) == texts.tr("illegal.overtrump")
    assert shown_for(texts, deal, parse_cards("♦7")[0]) == texts.tr("illegal.overtrump")
    assert shown_for(texts, deal, parse_cards("♥J")[0]) is None


def test_trump_led_must_go_over(texts: Texts) -> None:
    deal = coinche_position(CoincheRules(), "♥J ♥7 ♦7", "♥9")
    assert shown_for(texts, deal, parse_cards("♥7")[0]) == texts.tr("illegal.overtrump")
    assert shown_for(texts, deal, parse_cards("♦7")[0]) == texts.tr(
        "illegal.follow_suit", suit=texts.tr("suit.H"))


def test_partner_exception_no_need_to_trump_the_partners_trick(texts: Texts) -> None:
    # Seat 2 (partner) led ♠A and holds the trick; seat 3 followed.
    deal = coinche_position(CoincheRules(), "♦7 ♥7 ♣8", "♠A ♠7")
    assert shown_for(texts, deal, parse_cards("♦7")[0]) is None


@pytest.mark.parametrize(("ruff", "under", "plain"), [
    (PartnerRuff.FREE, None, None),
    (PartnerRuff.NO_UNDERTRUMP, "illegal.undertrump_partner", None),
    (PartnerRuff.MUST_OVERTRUMP, "illegal.overtrump_partner", "illegal.overtrump_partner"),
])
def test_over_the_partners_trump_as_the_table_plays(
    ruff: PartnerRuff, under: str | None, plain: str | None
, texts: Texts) -> None:
    # Seat 1 led ♠7, seat 2 (partner) trumped with the 9, seat 3 followed.
    deal = coinche_position(CoincheRules(partner_ruff=ruff), "♥J ♥7 ♦7", "♠7 ♥9 ♠8")
    assert shown_for(texts, deal, parse_cards("♥7")[0]) == (under and texts.tr(under))
    assert shown_for(texts, deal, parse_cards("♦7")[0]) == (plain and texts.tr(plain))


@pytest.mark.parametrize(("undertrump", "reason"), [
    (Undertrump.MUST, "illegal.undertrump"), (Undertrump.OPTIONAL, None)])
def test_undertrump_when_unable_to_overtrump(undertrump: Undertrump, reason: str | None,
                                             texts: Texts) -> None:
    # Seat 2 led ♠A, seat 3 (opponent) trumped with the J: seat 0 has only lower trumps.
    deal = coinche_position(CoincheRules(undertrump=undertrump), "♥7 ♥8 ♦7", "♠A ♥J")
    assert shown_for(texts, deal, parse_cards("♦7")[0]) == (reason and texts.tr(reason))
    assert shown_for(texts, deal, parse_cards("♥7")[0]) is None


def test_saying_belote_with_the_second_card_is_refused_with_its_rule() -> None:
    deal = coinche_position(CoincheRules(), "♥K ♦7", "♠A")
    deal = deal.evolve(belote_holder=0, belote_seat=0)
    with pytest.raises(IllegalAction) as refused:
        deal.apply(play(parse_cards("♥K")[0], belote=True))
    assert refused.value.reason == ("illegal.belote_first", ())


# --- tarot -----------------------------------------------------------------------------------


def tarot_position(players: int, actor_hand: str, trick: str, **fields: object) -> TarotDeal:
    played = C(trick)
    first = (players - len(played)) % players
    seats = [(first + k) % players for k in range(len(played))]
    return play_state(players, {0: actor_hand}, taker=1,
                      trick=tuple(zip(seats, played, strict=True)), **fields)


def test_tarot_follow_suit(texts: Texts) -> None:
    deal = tarot_position(4, "5H A02 1S EXC", "RH")
    hearts = texts.tr("illegal.follow_suit", suit=texts.tr("suit.H"))
    assert shown_for(texts, deal, tarot_card("1S")) == hearts
    assert shown_for(texts, deal, tarot_card("A02")) == hearts
    assert shown_for(texts, deal, tarot_card("5H")) is None


def test_tarot_must_trump_when_void(texts: Texts) -> None:
    deal = tarot_position(4, "A02 1S EXC", "RH")
    assert shown_for(texts, deal, tarot_card("1S")) == texts.tr("illegal.must_trump")
    assert shown_for(texts, deal, tarot_card("A02")) is None


def test_tarot_must_play_over_a_trump_played(texts: Texts) -> None:
    deal = tarot_position(4, "A02 A15 1S", "RH A10")
    assert shown_for(texts, deal, tarot_card("A02")) == texts.tr("illegal.overtrump")
    assert shown_for(texts, deal, tarot_card("1S")) == texts.tr("illegal.overtrump")
    assert shown_for(texts, deal, tarot_card("A15")) is None


def test_tarot_trump_led_must_follow_with_a_trump(texts: Texts) -> None:
    deal = tarot_position(4, "A02 1S", "A10")
    assert shown_for(texts, deal, tarot_card("1S")) == texts.tr("illegal.follow_trump")


def test_tarot_the_excuse_is_always_allowed_and_the_next_card_sets_the_suit(texts: Texts) -> None:
    deal = tarot_position(4, "5H A02 EXC", "RH")
    assert shown_for(texts, deal, tarot_card("EXC")) is None
    after_excuse = tarot_position(4, "5H A02 1S", "EXC 1C")  # clubs led after the Excuse
    assert shown_for(texts, after_excuse, tarot_card("5H")) == texts.tr("illegal.must_trump")


def test_tarot_the_chelem_announcer_keeps_the_excuse_for_his_last_card(texts: Texts) -> None:
    deal = tarot_position(4, "5H A02 EXC", "", chelem_announcer=0)
    assert shown_for(texts, deal, tarot_card("EXC")) == texts.tr("illegal.chelem_excuse")
    last = tarot_position(4, "EXC", "", chelem_announcer=0)
    assert shown_for(texts, last, tarot_card("EXC")) is None


def test_tarot_at_five_the_called_suit_cannot_open_the_first_trick(texts: Texts) -> None:
    called = tarot_card("RH")
    deal = tarot_position(5, "5H 3H 1S A02", "", called=called, partner=2)
    hearts = texts.tr("illegal.called_suit_lead", suit=texts.tr("suit.H"))
    assert shown_for(texts, deal, tarot_card("5H")) == hearts
    assert shown_for(texts, deal, tarot_card("1S")) is None
    with_king = tarot_position(5, "RH 5H 1S", "", called=called, partner=0)
    assert shown_for(texts, with_king, tarot_card("RH")) is None
    assert shown_for(texts, with_king, tarot_card("5H")) == hearts


def test_tarot_a_card_not_in_the_hand_and_a_play_during_the_bidding() -> None:
    deal = tarot_position(4, "5H", "")
    with pytest.raises(IllegalAction) as refused:
        deal.apply(TarotPlayCard(tarot_card("RS")))
    assert refused.value.reason == ("illegal.not_in_hand", ())
    bidding, _ = TarotDeal.new(TarotRules(players=4), 3, 0)
    with pytest.raises(IllegalAction) as refused:
        bidding.apply(TarotPlayCard(bidding.hands[bidding.turn or 0][0]))
    assert refused.value.reason == ("illegal.not_playing", ())


# --- every key the engine gives exists in both languages ------------------------------------


def engine_reason_keys() -> set[str]:
    keys: set[str] = set()
    for path in (ROOT / "game" / "engine").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and node.value.startswith("illegal.") and node.value != "illegal.":
                keys.add(node.value)
            if isinstance(node, ast.JoinedStr) and isinstance(node.values[0], ast.Constant) \
                    and node.values[0].value == "illegal.":
                keys |= {f"illegal.{code}" for code in ("ecart_bout", "ecart_king",
                                                        "ecart_trump", "ecart_full")}
    return keys


def test_every_reason_key_of_the_engine_is_in_both_catalogues() -> None:
    keys = engine_reason_keys()
    assert len(keys) > 25
    for language in ("fr", "en"):
        catalogue = json.loads((ROOT / "game" / "locales" / f"{language}.json").read_text(
            encoding="utf-8"))
        assert not sorted(keys - set(catalogue)), language


def test_the_reason_is_data_not_english() -> None:
    reason: Reason = ("illegal.follow_suit", (("suit", Suit.SPADES),))
    refused = IllegalAction.because(reason)
    assert refused.reason == reason
    assert IllegalAction("illegal.poignee_size", players=4, sizes="10, 13, 15").reason == (
        "illegal.poignee_size", (("players", 4), ("sizes", "10, 13, 15")))


# --- the other refusals, through the controller ---------------------------------------------


def test_a_poignee_of_the_wrong_size_says_the_sizes(texts: Texts) -> None:
    trumps = "A02 A03 A04 A05 A06 A07 A08 A09 A10 A11 A12"
    deal = play_state(4, {0: trumps + " RS", 1: "1S", 2: "2S", 3: "3S"})
    controller = controller_at(deal)
    try:
        assert not controller.show_poignee(C("A02 A03 A04 A05 A06 A07 A08 A09 A10 A11 A12"))
        assert controller.message is not None
        assert say_text(texts, controller.message) == texts.tr(
            "illegal.poignee_size", players=4, sizes="10, 13, 15")
    finally:
        controller.close()


def test_a_bid_below_the_contract_says_it_must_be_higher(texts: Texts) -> None:
    ranks = ("7", "8", "9", "10", "J", "Q", "K", "A")
    hands = [parse_cards(" ".join(f"{suit}{rank}" for rank in ranks)) for suit in "♠♥♦♣"]
    deal = CoincheDeal.from_hands(CoincheRules(), hands, dealer=2)  # seat 3 bids first
    deal, _ = deal.apply(Bid(100, Suit.SPADES))
    assert deal.turn == 0  # the human calls next
    controller = controller_at(deal)
    try:
        assert not controller.act(Bid(90, Suit.HEARTS))
        assert controller.message is not None
        assert say_text(texts, controller.message) == texts.tr("illegal.bid_higher")
    finally:
        controller.close()
