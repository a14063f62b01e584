"""The tarot Expert's écart by simulation: within the engine's rule on many hands,
reproducible, blind to the other hands, and a void made where the simulation shows it
pays."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.ai import Level, decide
from game.ai.tarot import tarot_decision
from game.ai.tarot_ecart import candidate_ecarts, weigh_ecarts
from game.engine.protocol import Phase
from game.engine.rules import TarotRules
from game.engine.tarot import TarotDeal
from game.engine.tarot_actions import TarotBid, TarotDiscard, TarotPass
from game.engine.tarot_cards import KING, PLAIN_SUITS, TarotCard, TarotSuit
from game.engine.tarot_scoring import Contract
from game.engine.tarot_tricks import ecart_refusal
from tests.tarot_hands import C, full_hands


def at_ecart(players: int, seed: int) -> TarotDeal | None:
    """The deal dealt from ``seed``, bid the Confirmé's way, at the taker's first
    discard (None: no écart in it)."""
    deal, _ = TarotDeal.new(TarotRules(players=players), seed, seed % players)
    while not deal.is_over and deal.phase is not Phase.PLAY:
        view = deal.view(deal.current_player)
        if any(isinstance(a, TarotDiscard) for a in view.legal):
            return deal
        deal, _ = deal.apply(tarot_decision(view).action)
    return None


def ecart_deals(players: int, count: int) -> list[TarotDeal]:
    found = []
    seed = 0
    while len(found) < count:
        deal = at_ecart(players, seed)
        if deal is not None:
            found.append(deal)
        seed += 1
    return found


def is_legal_ecart(hand: tuple[TarotCard, ...], ecart: tuple[TarotCard, ...]) -> bool:
    """The engine's rule, card by card in the candidate's order."""
    chosen: list[TarotCard] = []
    for card in ecart:
        if card not in hand or card in chosen:
            return False
        if ecart_refusal(hand, chosen, card, len(ecart)) is not None:
            return False
        chosen.append(card)
    return True


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_candidate_is_a_legal_ecart(players: int) -> None:
    size = 3 if players == 5 else 6
    for deal in ecart_deals(players, 25):
        view = deal.view(deal.current_player)
        candidates = candidate_ecarts(view.hand, size)
        assert len(candidates) >= 2
        assert len({frozenset(e) for e in candidates}) == len(candidates)
        for ecart in candidates:
            assert len(ecart) == size
            assert is_legal_ecart(view.hand, ecart), ecart
            assert not any(c.is_bout or (c.suit.is_plain and c.rank == KING) for c in ecart)


def test_trumps_only_when_the_plain_cards_run_short() -> None:
    # 4 plain cards that may go (the kings may not), 6 to discard: two trumps, no bout
    hand = C("RH RC RD RS 1H 2H 3C 4C A01 A21 EXC "
             "A02 A03 A04 A05 A06 A07 A08 A09 A10 A11 A12 A13 A14")
    for ecart in candidate_ecarts(hand, 6):
        assert sorted(c for c in ecart if c.suit.is_plain) == sorted(C("1H 2H 3C 4C"))
        assert sum(c.is_trump for c in ecart) == 2
        assert is_legal_ecart(hand, ecart)


@pytest.mark.kernel
@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_expert_discards_through_the_engine(players: int) -> None:
    for deal in ecart_deals(players, 4):
        taker = deal.current_player
        rng = random.Random(players)
        while deal.phase is Phase.EXCHANGE and deal.current_player == taker:
            view = deal.view(taker)
            decision = weigh_ecarts(view, rng, None, 2)[0]
            assert decision.action in view.legal
            deal, _ = deal.apply(decision.action)  # the engine refuses an illegal card
        assert len(deal.ecart) == (3 if players == 5 else 6)


@pytest.mark.kernel
def test_reproducible() -> None:
    for deal in ecart_deals(4, 3):
        view = deal.view(deal.current_player)
        first = weigh_ecarts(view, random.Random(7), None, 3)
        again = weigh_ecarts(view, random.Random(7), None, 3)
        assert first == again
        assert first[1]  # the candidates were compared
    # the table's entry point: its default worlds, no deadline
    assert decide(view, Level.EXPERT, random.Random(7), think=None) == \
        decide(view, Level.EXPERT, random.Random(7), think=None)


def moved_between_others(deal: TarotDeal, rng: random.Random) -> TarotDeal:
    """The same deal, two cards of a suit swapped between two hands the taker does not see."""
    taker = deal.current_player
    others = [s for s in range(deal.players) if s != taker]
    a, b = rng.sample(others, 2)
    pairs = [(x, y) for x in deal.hands[a] for y in deal.hands[b] if x.suit is y.suit]
    x, y = rng.choice(pairs)
    hands = list(deal.hands)
    hands[a] = tuple(y if c == x else c for c in hands[a])
    hands[b] = tuple(x if c == y else c for c in hands[b])
    return dataclasses.replace(deal, hands=tuple(hands))


@pytest.mark.kernel
@pytest.mark.parametrize("players", [4, 5])
def test_the_other_hands_change_nothing(players: int) -> None:
    rng = random.Random(3)
    for deal in ecart_deals(players, 3):
        other = moved_between_others(deal, rng)
        seat = deal.current_player
        assert other.hands != deal.hands and other.view(seat) == deal.view(seat)
        mine = weigh_ecarts(deal.view(seat), random.Random(1), None, 3)
        theirs = weigh_ecarts(other.view(seat), random.Random(1), None, 3)
        assert mine == theirs


def garde_at_four(taker_cards: str, chien: str) -> TarotDeal:
    """Seat 0 takes a Garde at four with ``taker_cards`` (the ``chien`` among them),
    the others pass: the deal at its écart."""
    cards = C(taker_cards)
    dealt = " ".join(c.code for c in cards if c not in C(chien))
    hands, dog = full_hands(4, {0: dealt}, chien)
    deal = TarotDeal.from_hands(TarotRules(players=4), hands, dog, 3)
    for call in (TarotBid(Contract.GARDE), TarotPass(), TarotPass(), TarotPass()):
        deal, _ = deal.apply(call)
    return deal


def kept_voids(hand: tuple[TarotCard, ...], ecart: tuple[TarotCard, ...]) -> set[TarotSuit]:
    return {s for s in PLAIN_SUITS if not any(c.suit is s and c not in ecart for c in hand)}


@pytest.mark.kernel
@pytest.mark.parametrize("seed", [0, 1])
def test_the_simulation_voids_the_suit_the_confirme_keeps(seed: int) -> None:
    # Twelve trumps, three kings with little guard and four small spades: the Confirmé
    # discards its shortest suits first and keeps three spades that lose three tricks;
    # the simulation sets the four spades aside, to trump them.
    deal = garde_at_four("A21 A20 A19 A18 A17 A16 A15 A14 A13 A12 A01 EXC "
                         "2S 3S 4S 5S RH DH 2H RC 2C RD 2D 3D", "5S 2H 3D A12 2C EXC")
    full = deal.hands[0]
    confirme = candidate_ecarts(full, 6)[0]
    assert not kept_voids(full, confirme)
    rng = random.Random(seed)
    reasons = set()
    while deal.current_player == 0 and deal.phase is Phase.EXCHANGE:
        decision = weigh_ecarts(deal.view(0), rng, None, 8)[0]
        reasons.add(decision.reason)
        deal, _ = deal.apply(decision.action)
    assert kept_voids(full, deal.ecart) == {TarotSuit.SPADES}
    assert "hint.ecart_simulated" in reasons  # the player is told why
