"""The tarot Expert's chelem announcement and poignée by simulation
(``tarot_declarations``), and the chelem announcer's play."""

from __future__ import annotations

import random

import pytest

from game.ai import Decision, Level, decide
from game.ai.tarot import choose_tarot_card, tarot_memory
from game.ai.tarot_declarations import chelem_plausible, weigh_chelem, weigh_poignee
from game.ai.tarot_endgame import DealFrame, Tally, solve_after
from game.ai.tarot_search import OpenTable
from game.engine.rules import TarotRules
from game.engine.tarot import Step, TarotDeal, TarotTrick
from game.engine.tarot_actions import (
    AnnounceChelem,
    DeclineChelem,
    ShowPoignee,
    TarotBid,
    TarotPass,
    TarotPlayCard,
)
from game.engine.tarot_cards import EXCUSE, tarot_card, tarot_cards
from game.engine.tarot_scoring import Contract
from tests.tarot_hands import full_hands, play_state

# Fourteen trumps from the 21 down, the Excuse and three kings: the trumps drawn, every
# king is master and the Excuse wins the last trick.
SURE_CHELEM = "A21 A20 A19 A18 A17 A16 A15 A14 A13 A12 A11 A10 A09 A08 EXC RS RH RC"
# As strong by the Confirmé's measure, but the 21 is out: a defender wins a trick with it.
NO_21 = "A20 A19 A18 A17 A16 A15 A14 A13 A12 A11 A10 RS DS RH DH RC DC RD"


def at_step(hands: dict[int, str], step: Step, turn: int = 0, players: int = 4) -> TarotDeal:
    """A Garde Sans of seat 0 at ``step``: the chelem's, or the first card, ``turn``
    leading it."""
    full, chien = full_hands(players, hands)
    return TarotDeal(TarotRules(players=players), dealer=(turn - 1) % players,
                     hands=tuple(tuple(h) for h in full), chien=tuple(chien), step=step,
                     turn=turn, contract=Contract.GARDE_SANS, taker=0)


# --- the chelem -------------------------------------------------------------------------------


# The same at three (24 cards: the trumps down to the 4, four kings and a queen) and at
# five players (15 cards: down to the 11, the taker alone: no king called here).
SURE_CHELEMS = {
    3: "A21 A20 A19 A18 A17 A16 A15 A14 A13 A12 A11 A10 A09 A08 A07 A06 A05 A04 EXC "
       "RS RH RC RD DS",
    4: SURE_CHELEM,
    5: "A21 A20 A19 A18 A17 A16 A15 A14 A13 A12 A11 EXC RS RH RC",
}


@pytest.mark.parametrize("players", [3, 5])
def test_a_sure_chelem_is_announced_at_three_and_five(players: int) -> None:
    view = at_step({0: SURE_CHELEMS[players]}, Step.CHELEM, players=players).view(0)
    decision, weighing = weigh_chelem(view, random.Random(1), deadline=None)
    assert decision.action == AnnounceChelem()
    assert weighing is not None and weighing.made == len(weighing.announced)


def test_a_sure_chelem_is_announced() -> None:
    view = at_step({0: SURE_CHELEM}, Step.CHELEM).view(0)
    decision, weighing = weigh_chelem(view, random.Random(1), deadline=None)
    assert decision.action == AnnounceChelem()
    assert decision.reason == "hint.chelem_simulated"
    assert weighing is not None and weighing.made == len(weighing.announced) >= 10
    expert = decide(view, Level.EXPERT, random.Random(1), think=None)
    assert expert.action == AnnounceChelem()


def test_a_chelem_the_21_can_stop_is_not_announced() -> None:
    view = at_step({0: NO_21}, Step.CHELEM).view(0)
    assert chelem_plausible(view)  # simulated, not set aside by the hand's look
    decision, weighing = weigh_chelem(view, random.Random(1), deadline=None)
    assert decision.action == DeclineChelem()
    assert weighing is not None and weighing.made == 0
    assert weighing.probed_out  # two failed worlds were enough


def test_an_ordinary_hand_costs_no_simulation() -> None:
    view = at_step({0: "A21 A05 A07 RS 2S 3H"}, Step.CHELEM).view(0)
    assert weigh_chelem(view, random.Random(1), deadline=None) == (
        Decision(DeclineChelem(), "hint.no_chelem"), None)


def test_the_announcer_draws_trumps_with_his_master_before_cashing_a_king() -> None:
    # the Confirmé's usual lead is the master king (a defender may trump it); a chelem
    # announced, he draws the trumps with the 21 first
    hands = {0: "A21 A20 A19 A04 A03 A02 RS RH", 1: "A05 A06 1S 2S 3S 4S 5S 6S",
             2: "A07 A08 1H 2H 3H 4H 5H 6H", 3: "A09 A10 1C 2C 3C 4C 5C 6C"}
    usual = play_state(4, hands, taker=0, turn=0)
    announced = play_state(4, hands, taker=0, turn=0, chelem_announcer=0)
    cards = list(tarot_cards(hands[0]))
    assert choose_tarot_card(usual.view(0), tarot_memory(usual.view(0)), cards)[0] \
        == tarot_card("RS")
    chosen, reason = choose_tarot_card(announced.view(0), tarot_memory(announced.view(0)),
                                       cards)
    assert chosen == tarot_card("A21") and reason == "hint.draw_trumps"


def test_the_announcer_keeps_his_excuse_for_his_last_card_in_the_rollouts() -> None:
    # a trick already lost: without the announcement the Excuse goes before the last trick
    lost = TarotTrick(1, ((1, tarot_card("A05")), (2, tarot_card("1C")), (3, tarot_card("2C")),
                          (0, tarot_card("3C"))), 1)
    holdings = [list(tarot_cards("EXC A21")), list(tarot_cards("5S 6S")),
                list(tarot_cards("7S 8S")), list(tarot_cards("9S TS"))]
    usual = OpenTable(0, frozenset({0}))
    announced = OpenTable(0, frozenset({0}), announcer=0)
    assert usual.card(holdings, 0, [], [lost]) is EXCUSE
    assert announced.card(holdings, 0, [], [lost]) == tarot_card("A21")


# --- the poignée ------------------------------------------------------------------------------


def test_a_taker_sure_to_win_shows_his_poignee() -> None:
    deal = at_step({0: SURE_CHELEM}, Step.PLAY)
    view = deal.view(0)
    decision, means = weigh_poignee(view, random.Random(2), deadline=None)
    assert decision is not None and isinstance(decision.action, ShowPoignee)
    assert means[decision.action] > means[None]


@pytest.mark.kernel
def test_a_taker_sure_to_fail_keeps_his_poignee_hidden_and_plays_a_card() -> None:
    weak = "A02 A03 A04 A05 A06 A07 A08 A09 A10 A11 1S 2S 3S 4S 1H 2H 3H 4H"
    deal = at_step({0: weak, 1: "A21 EXC RS RH RC RD DS DH DC DD"}, Step.PLAY)
    view = deal.view(0)
    assert any(isinstance(a, ShowPoignee) for a in view.legal)
    decision, means = weigh_poignee(view, random.Random(2), deadline=None)
    assert decision is None and means[None] > max(v for k, v in means.items() if k)
    expert = decide(view, Level.EXPERT, random.Random(2), think=None)
    assert isinstance(expert.action, TarotPlayCard)


def test_a_defender_shows_his_poignee_when_the_taker_is_sure_to_fail() -> None:
    strong = "A21 A20 A19 A18 A17 A16 A15 A14 A13 A12 EXC RS RH RC RD DS DH DC"
    deal = at_step({0: "1S 2S 3S 4S 5S 6S 7S 8S 1H 2H 3H 4H 5H 6H 7H 8H 1C 2C",
                    1: strong}, Step.PLAY, turn=1)
    view = deal.view(1)
    decision, _ = weigh_poignee(view, random.Random(3), deadline=None)
    assert decision is not None and isinstance(decision.action, ShowPoignee)
    assert decision.reason == "hint.poignee_simulated"
    assert decision.reason_args[1:] == (("won", "12"), ("worlds", "12"))


def test_a_defender_keeps_his_poignee_hidden_when_the_taker_showed_every_high_trump() -> None:
    # the taker showed the eleven trumps from the 21 down and led his king: the
    # defender with the ten others would give the bonus to the taker
    taker = "A21 A20 A19 A18 A17 A16 A15 A14 A13 A12 A11 EXC RS RH RC RD DS DH"
    defender = "A10 A09 A08 A07 A06 A05 A04 A03 A02 A01 1S 2S 3S 4S 5S 6S 7S 8S"
    shown = tuple(c for c in tarot_cards(taker) if c.is_trump)
    deal = at_step({0: taker, 1: defender}, Step.PLAY).evolve(
        poignees=((0, shown),), trick=((0, tarot_card("RS")),), turn=1,
        bids=((0, TarotBid(Contract.GARDE_SANS)), (1, TarotPass()), (2, TarotPass()),
              (3, TarotPass())))
    deal = deal.evolve(hands=(tuple(c for c in deal.hands[0] if c != tarot_card("RS")),
                              *deal.hands[1:]))
    view = deal.view(1)
    assert any(isinstance(a, ShowPoignee) for a in view.legal)
    decision, means = weigh_poignee(view, random.Random(3), deadline=None)
    assert decision is None and means[None] > max(v for k, v in means.items() if k)


def test_the_exact_endgame_keeps_the_announcers_excuse_for_his_last_card() -> None:
    # a trick already lost, seat 3 leads: free, the taker would play his Excuse now
    # (it stays with him) and win the last trick with the 21; as the announcer he must
    # win this one with the 21 and play the Excuse last, where it changes camp
    frame = DealFrame(4, Contract.GARDE, frozenset({0}), (), True)
    lost = Tally(winners=frozenset({False}))

    def pays(announcer: int | None) -> int:
        holdings = [list(tarot_cards("EXC A21")), list(tarot_cards("5S 6S")),
                    list(tarot_cards("7S 8S")), list(tarot_cards("TS"))]
        return solve_after(frame, holdings, [(3, tarot_card("9S"))], lost, announcer)

    assert pays(0) < pays(None)
