"""The tarot Expert's exact endgame: its values are the engine's, played out by plain
minimax over every line, and the plain enumeration's on many sampled worlds; it takes the
last tricks, within a node budget per world, and finds what the rollouts miss."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from bench.tarot_endgame import plain_solve
from bench.tarot_limits import true_world
from game.ai import tarot_search
from game.ai.tarot_endgame import (
    OverBudget,
    Transpositions,
    affordable,
    one_of_each_run,
    solve_after,
)
from game.ai.tarot_search import (
    TarotWorldSearch,
    World,
    deal_frame,
    rollout,
    solved,
    start_rollout,
    tally_of,
    tarot_expert_decision,
    weigh_tarot_cards,
)
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
    """Real deals, bid by the Confirmé and played at random, stopped in the last three
    tricks (the engine's minimax is slow beyond)."""
    rng = random.Random(seed)
    found = []
    for k in range(count):
        start, actions = to_play(players, seed * 100 + k)
        deal, actions = advance(start, actions, 0, rng)
        while max(len(h) for h in deal.hands) > 3:
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
        true_deal = true_world(deal)
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


def test_the_last_tricks_are_affordable_deeper_at_three_players() -> None:
    assert affordable([4, 4, 4, 4]) and affordable([4, 3, 3, 3]) and affordable([3, 3, 2])
    assert affordable([5, 5, 5]) and affordable([4, 4, 4, 4, 3])
    assert not affordable([5, 4, 4, 4]) and not affordable([5, 5, 5, 5, 5])
    assert not affordable([6, 6, 6]) and not affordable([SIZES[3]] * 3)


def sampled_endgames(players: int, tricks_left: int, count: int, seed: int,
                     ) -> list[tuple[TarotDeal, World]]:
    """Real deals played at random to ``tricks_left`` tricks from the end (some in the
    middle of a trick), each with a world its current player's view allows."""
    rng = random.Random(seed)
    found = []
    for k in range(count):
        start, actions = to_play(players, seed * 100 + k)
        deal, actions = advance(start, actions, (SIZES[players] - tricks_left) * players
                                + rng.randrange(players), rng)
        if deal.is_over:
            continue
        seat = deal.current_player
        assert seat is not None
        search = TarotWorldSearch(deal.view(seat), rng, 1)
        search.draw_all()
        found.extend((deal, world) for world in search.worlds)
    return found


@pytest.mark.kernel
@pytest.mark.parametrize(("players", "tricks_left"),
                         [(3, 3), (4, 3), (5, 3), (4, 2), (3, 4), (3, 5), (5, 4)])
def test_the_solver_equals_the_plain_enumeration_on_sampled_worlds(players: int,
                                                                    tricks_left: int) -> None:
    """Merged interchangeable cards, the shared table and the bounds change no value:
    every card of each world, solved one after another with one table, as the Expert
    does, against the enumeration of every line."""
    checked = 0
    for deal, world in sampled_endgames(players, tricks_left, 20, seed=90 + players):
        view = deal.view(deal.current_player or 0)
        table = Transpositions()
        for action in view.legal:
            assert isinstance(action, TarotPlayCard)
            game = start_rollout(view, world)
            frame = deal_frame(view, game.partner)
            game.holdings[view.seat].remove(action.card)
            trick = [*game.trick, (view.seat, action.card)]
            tally = tally_of(frame, world, game.tricks)
            expected = plain_solve(frame, [list(h) for h in game.holdings], trick, tally,
                                   view.chelem_announcer)
            assert solve_after(frame, game.holdings, trick, tally, view.chelem_announcer,
                               table) == expected
            checked += 1
    assert checked >= 30


def test_one_card_of_each_run_of_interchangeable_ones_is_tried() -> None:
    """Cards next to each other among those in play are one move, unless their points
    differ, one is a bout, or they are of two suits (the last spade and the first heart)."""
    in_play = tarot_cards("7S TS 1H 2H 3H 4H 6H VH CH A01 A02 A03 A09 A10")
    order = {c: k for k, c in enumerate(sorted(in_play))}
    hand = tarot_cards("TS 1H 2H 4H VH CH A01 A02 A09 A10")  # 3H, 6H, 7S, A03 elsewhere
    assert one_of_each_run(list(hand), order) == list(tarot_cards("TS 1H 4H VH CH A01 A02 A09"))


@pytest.mark.kernel
def test_a_solve_beyond_its_budget_stops() -> None:
    deal, world = sampled_endgames(4, 4, 1, seed=5)[0]
    view = deal.view(deal.current_player or 0)
    card = next(a.card for a in view.legal if isinstance(a, TarotPlayCard))
    table = Transpositions()
    value = solved(view, world, card, table)
    assert table.nodes > 10 and not table.spent
    with pytest.raises(OverBudget):
        solved(view, world, card, Transpositions(budget=10))
    assert solved(view, world, card, Transpositions(budget=table.nodes)) == value


# A real deal (Confirmé bidding and play, bench seed 21), four tricks from the end: the
# taker, Prise, leads.  The defence holds two trumps (A18 with seat 1, A09 with seat 2)
# and one spade (8S).  Played perfectly, the 4S draws both trumps on a spade, seat 1 being
# void there, and the taker's A16, DS and Excuse take the rest: made.  Leading the Excuse
# (or A16) lets seat 1 keep A18 over the A16: the contract falls.
FOUR_LEFT = {
    "hands": {0: "A16 DS EXC 4S", 1: "A18 8H CD TH", 2: "A09 4H 9D 7H", 3: "7D 9H 5D 8S"},
    "ecart": "DH CH 1H DD TD 6D",
    "tricks": [(0, "RD 1D 4D 3D", 0), (0, "7S 9S A02 CS", 2), (2, "RH VH A20 2H", 0),
               (0, "1S TS A05 VS", 2), (2, "RC 3C 5C 2C", 2), (2, "DC 4C 1C 9C", 2),
               (2, "6C TC VC A06", 1), (1, "RS A07 2S 6S", 2), (2, "7C A04 CC A08", 1),
               (1, "5H 3H 6H A03", 0), (0, "5S A11 A17 3S", 2), (2, "8C A14 A21 A13", 0),
               (0, "A10 A15 A19 A01", 2), (2, "8D 2D A12 VD", 0)],
}


def four_left() -> TarotDeal:
    tricks = tuple(TarotTrick(leader, tuple(((leader + k) % 4, c) for k, c
                                            in enumerate(tarot_cards(codes))), winner)
                   for leader, codes, winner in FOUR_LEFT["tricks"])
    return play_state(4, FOUR_LEFT["hands"], contract=Contract.PRISE,
                      ecart=tuple(tarot_cards(FOUR_LEFT["ecart"])), tricks=tricks)


@pytest.mark.kernel
def test_four_tricks_from_the_end_the_solve_finds_what_the_rollouts_miss() -> None:
    deal = four_left()
    view = deal.view(0)
    world = World(deal.hands, deal.ecart)
    assert affordable(view.hand_sizes)
    exact = {c: solved(view, world, c) for c in tarot_cards("4S EXC A16")}
    assert exact[tarot_card("4S")] > 0 > exact[tarot_card("EXC")]  # made, and failed
    assert exact[tarot_card("A16")] < 0
    rolled = {c: rollout(view, world, c) for c in exact}
    assert rolled[tarot_card("EXC")] > rolled[tarot_card("4S")]  # the rollouts' mistake

    class TrueWorld(TarotWorldSearch):
        def world_stream(self) -> Iterator[World]:
            yield world  # the search given the true hands as its only world

    choice = {}
    for exact_endgame in (True, False):
        decision, _ = weigh_tarot_cards(view, random.Random(0), None,
                                        exact_endgame=exact_endgame, source=TrueWorld)
        assert isinstance(decision.action, TarotPlayCard)
        choice[exact_endgame] = decision.action.card
    assert choice == {True: tarot_card("4S"), False: tarot_card("EXC")}


@pytest.mark.kernel
def test_a_world_beyond_the_budget_is_rolled_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every card of that world rolled out, those solved before the budget ran out too."""
    deal = four_left()
    view = deal.view(0)
    world = World(deal.hands, deal.ecart)

    class TrueWorld(TarotWorldSearch):
        def world_stream(self) -> Iterator[World]:
            yield world

    first = TarotWorldSearch(view, random.Random(0), 1).cards[0]
    table = Transpositions()
    assert solved(view, world, first, table) != rollout(view, world, first)
    for budget in ("WORLD_NODES", "CORE_WORLD_NODES"):  # the first card's solve, either path
        monkeypatch.setattr(tarot_search, budget, table.nodes)
    _, means = weigh_tarot_cards(view, random.Random(0), None, source=TrueWorld)
    assert means == {c: rollout(view, world, c) for c in means}


@pytest.mark.kernel
def test_the_expert_plays_its_endgames_legally_and_reproducibly() -> None:
    for deal in endgames(4, 3, seed=71):
        seat = deal.current_player
        assert seat is not None
        view = deal.view(seat)
        first = tarot_expert_decision(view, random.Random(3), deadline=None, max_worlds=6)
        again = tarot_expert_decision(view, random.Random(3), deadline=None, max_worlds=6)
        assert first == again
        assert first.action in view.legal
