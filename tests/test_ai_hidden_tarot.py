"""At tarot too, the AI decides from a seat's view only: moving the cards a seat cannot
see (between the other hands, and the chien while it is unseen) changes none of its
decisions, at any level, at three, four and five players."""

from __future__ import annotations

import random

import pytest

from game.ai import Level, decide
from game.ai.tarot_declarations import poignee_to_weigh, weigh_chelem
from game.engine.protocol import Action, Phase
from game.engine.rules import TarotRules
from game.engine.tarot import Step, TarotDeal
from game.engine.tarot_actions import TarotDiscard
from game.engine.tarot_cards import TarotCard, TarotSuit
from game.engine.tarot_scoring import Contract
from tests.replay import replay
from tests.tarot_hands import full_hands

Places = tuple[tuple[TarotCard, ...], ...]  # the hands, then the chien


def play_with_confirme(state: TarotDeal, steps: int,
                       rng: random.Random) -> tuple[TarotDeal, list[Action]]:
    actions: list[Action] = []
    for _ in range(steps):
        if state.is_over or state.current_player is None:
            break
        action = decide(state.view(state.current_player), Level.CONFIRME, rng).action
        actions.append(action)
        state, _ = state.apply(action)
    return state, actions


def moved(places: Places, x: TarotCard, y: TarotCard) -> Places:
    return tuple(tuple(y if c == x else x if c == y else c for c in cards) for cards in places)


def hidden_swaps(places: Places, state: TarotDeal, seat: int,
                 rng: random.Random) -> list[tuple[TarotCard, TarotCard]]:
    """Pairs of cards of one suit, never the Excuse or a bout, hidden from ``seat`` in two
    places (two other hands, or another hand and the chien) and not played yet."""
    played = {c for t in state.tricks for _, c in t.plays} | {c for _, c in state.trick}
    hidden = [[c for c in cards if c not in played]
              for place, cards in enumerate(places) if place != seat]
    pairs = [(x, y) for i, xs in enumerate(hidden) for ys in hidden[i + 1:]
             for x in xs for y in ys
             if x.suit == y.suit and x.suit is not TarotSuit.EXCUSE
             and not (x.is_bout or y.is_bout)]
    rng.shuffle(pairs)
    return pairs[:4]


@pytest.mark.kernel
@pytest.mark.parametrize("players", [3, 4, 5])
def test_moving_the_hidden_cards_changes_no_tarot_decision(players: int) -> None:
    rules = TarotRules(players=players)
    rng = random.Random(players)
    compared, expert_cards, expert_calls, expert_ecarts = 0, 0, 0, 0
    for seed in range(6):
        first, _ = TarotDeal.new(rules, seed, seed % players)
        places: Places = (*first.hands, first.chien)
        for steps in (1, 3 + players, 4 * players + 2, 9 * players, 30 * players // 2):
            state, actions = play_with_confirme(first, steps, random.Random(seed))
            if state.is_over or state.current_player is None:
                continue
            seat = state.current_player
            for x, y in hidden_swaps(places, state, seat, rng):
                swapped = moved(places, x, y)
                other = replay(TarotDeal.from_hands(rules, swapped[:-1], swapped[-1],
                                                    seed % players), actions)
                if other is None or other.view(seat) != state.view(seat):
                    continue  # not what the seat saw (a poignée shown, the chien...)
                assert other.hands != state.hands or other.chien != state.chien
                # The Expert's search is slower: one comparison in three.
                levels = list(Level) if compared % 3 == 0 else [Level.DEBUTANT, Level.CONFIRME]
                for level in levels:
                    mine = decide(state.view(seat), level, random.Random(seed), think=None)
                    theirs = decide(other.view(seat), level, random.Random(seed), think=None)
                    assert mine == theirs, (level, seat, x, y)
                compared += 1
                expert_cards += Level.EXPERT in levels and state.phase is Phase.PLAY
                expert_calls += Level.EXPERT in levels and state.phase is Phase.BIDDING
                expert_ecarts += Level.EXPERT in levels and any(
                    isinstance(a, TarotDiscard) for a in state.legal_actions())
    assert compared >= 20
    assert expert_cards >= 3  # the Expert's card search, not only its calls
    assert expert_calls >= 1  # its bidding by simulation, five players included
    assert expert_ecarts >= 1  # its écart by simulation (``tarot_ecart``)


@pytest.mark.parametrize("step", [Step.CHELEM, Step.PLAY])
def test_the_chelem_and_the_poignee_read_no_hidden_card(step: Step) -> None:
    """The Expert's chelem announcement and poignée (``tarot_declarations``, simulated
    for this hand) are the same whatever the cards the taker does not see."""
    hand = "A21 A20 A19 A18 A17 A16 A15 A14 A13 A12 A11 A10 A09 A08 EXC RS RH RC"
    hands, chien = full_hands(4, {0: hand})
    first = TarotDeal(TarotRules(players=4), dealer=3, hands=tuple(tuple(h) for h in hands),
                      chien=tuple(chien), step=step, turn=0, contract=Contract.GARDE_SANS,
                      taker=0)
    view = first.view(0)
    assert weigh_chelem(view, random.Random(5), None)[1] is not None if step is Step.CHELEM \
        else poignee_to_weigh(view)
    places: Places = (*first.hands, first.chien)
    rng = random.Random(9)
    pairs = hidden_swaps(places, first, 0, rng)
    assert len(pairs) == 4
    expected = decide(view, Level.EXPERT, random.Random(5), think=None)
    for x, y in pairs:
        swapped = moved(places, x, y)
        other = first.evolve(hands=swapped[:-1], chien=swapped[-1])
        assert other.view(0) == view and other.hands != first.hands
        assert decide(other.view(0), Level.EXPERT, random.Random(5), think=None) == expected
