"""The tarot Expert's exact endgame: its values are the engine's, played out by plain
minimax over every line, and it only takes the last tricks."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.ai.tarot_endgame import ENDGAME_LINES, affordable
from game.ai.tarot_search import World, solved, tarot_expert_decision
from game.engine.rules import ExcuseLastTrick
from game.engine.tarot import TarotDeal, TarotPlayCard, TarotTrick
from game.engine.tarot_cards import TarotCard, tarot_card, tarot_cards
from game.engine.tarot_scoring import Contract, seat_factors
from tests.tarot_hands import play_state
from tests.tarot_positions import SIZES, advance, to_play


def plays(codes: str) -> tuple[tuple[int, TarotCard], ...]:
    """A trick's cards, played by seat 0, 1, 2..."""
    return tuple(enumerate(tarot_cards(codes)))


def endgames(players: int, count: int, seed: int) -> list[TarotDeal]:
    """Real deals, bid by the Confirmé and played at random, stopped where the cards
    left are just few enough to be solved."""
    rng = random.Random(seed)
    found = []
    for k in range(count):
        start, actions = to_play(players, seed * 100 + k)
        deal, actions = advance(start, actions, 0, rng)
        while not affordable([len(h) for h in deal.hands]):
            deal, actions = advance(start, actions, 1, rng)
        deal, _ = advance(start, actions, rng.randrange(players), rng)
        if not deal.is_over:
            found.append(deal)
    return found


def engine_minimax(deal: TarotDeal) -> int:
    """What each defender pays, every line played in the engine: the attack takes the
    most, the defence the least."""
    if deal.is_over:
        assert deal.outcome is not None
        return deal.outcome.facts.per_defender
    seat = deal.current_player
    assert seat is not None
    values = [engine_minimax(deal.apply(action)[0]) for action in deal.legal_actions()
              if isinstance(action, TarotPlayCard)]
    return max(values) if deal.in_attack(seat) else min(values)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_solver_values_every_card_as_the_engine_played_out(players: int) -> None:
    checked = 0
    for deal in endgames(players, 4, seed=60 + players):
        seat = deal.current_player
        assert seat is not None and deal.contract is not None and deal.taker is not None
        view = deal.view(seat)
        pile = deal.ecart if deal.contract.chien_shown else deal.chien
        true_deal = World(deal.hands, pile)
        partner = None if deal.partner == deal.taker else deal.partner
        factor = seat_factors(players, deal.taker, partner)[seat]
        for action in deal.legal_actions():
            assert isinstance(action, TarotPlayCard)
            expected = factor * engine_minimax(deal.apply(action)[0])
            assert solved(view, true_deal, action.card) == expected
            checked += 1
    assert checked >= 6


# The Excuse in the last trick (docs/rules.md): E1's and E4's last trick, and E3's
# position a trick earlier, the taker free to keep his Excuse for the chelem's last trick.
EXCUSE_ENDGAMES = {
    "defender's Excuse": (4, {0: "1H", 1: "EXC", 2: "RH", 3: "2H"},
                          {"tricks": (TarotTrick(0, plays("RS 1S 2S 3S"), 0),)}),
    "partner's Excuse at five": (
        5, {0: "A10", 1: "5C", 2: "EXC", 3: "6C", 4: "7C"},
        {"tricks": (TarotTrick(0, plays("1C 2C RC 3C 4C"), 2),
                    TarotTrick(0, plays("6S DS 7S 8S 9S"), 1)),
         "called": tarot_card("RC"), "partner": 2, "partner_revealed": True}),
    "a chelem in reach": (4, {0: "EXC A21", 1: "5S 6S", 2: "7S 8S", 3: "9S TS"},
                          {"tricks": (TarotTrick(0, plays("RC 1C 2C 3C"), 0),)}),
}


@pytest.mark.parametrize("name", EXCUSE_ENDGAMES)
def test_the_solver_scores_the_excuse_as_the_engine(name: str) -> None:
    """Under either rule the solver values the taker's cards as the engine's minimax
    does; the rule changes the values but where the chelem's Excuse wins the trick."""
    players, hands, fields = EXCUSE_ENDGAMES[name]
    values = {}
    for rule in ExcuseLastTrick:
        deal = play_state(players, hands, contract=Contract.PRISE, **fields)
        deal = deal.evolve(rules=replace(deal.rules, excuse_last_trick=rule))
        factor = seat_factors(players, 0, deal.partner)[0]
        for action in deal.legal_actions():
            assert isinstance(action, TarotPlayCard)
            value = solved(deal.view(0), World(deal.hands, ()), action.card)
            assert value == factor * engine_minimax(deal.apply(action)[0])
            values[rule, action.card] = value
    by_rule = [sorted(v for (r, _), v in values.items() if r is rule) for rule in ExcuseLastTrick]
    assert (by_rule[0] == by_rule[1]) == (name == "a chelem in reach")


def test_only_the_last_tricks_are_affordable() -> None:
    assert affordable([3, 3, 3, 3]) and affordable([3, 3, 2])
    assert affordable([3, 3, 3, 3, 2])
    assert not affordable([4, 4, 4, 4])
    assert not affordable([SIZES[3]] * 3)
    assert ENDGAME_LINES < 24 ** 3  # four tricks at three players is already too many


def test_the_expert_plays_its_endgames_legally_and_reproducibly() -> None:
    for deal in endgames(4, 3, seed=71):
        seat = deal.current_player
        assert seat is not None
        view = deal.view(seat)
        first = tarot_expert_decision(view, random.Random(3), deadline=None, max_worlds=6)
        again = tarot_expert_decision(view, random.Random(3), deadline=None, max_worlds=6)
        assert first == again
        assert first.action in view.legal
