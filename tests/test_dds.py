"""The double-dummy solver's position and search (``game/dds``) against the engine: the
same legal moves on random positions of every rule set, and the values of a brute-force
minimax written on the engine's own card functions."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

from game.dds.position import (
    SUIT_MASKS,
    bits,
    card_of,
    cards_of,
    index_of,
    mask_of,
    points_table,
    position_of,
)
from game.dds.solver import EXACT, PythonSearch, SearchAborted, Solver
from game.engine.cards import DECK32, Card, Suit
from game.engine.protocol import Phase
from game.engine.rules import CoincheRules
from game.engine.trickgame import DIX_DE_DER, TrickDeal
from game.engine.tricks import (
    ALL_TRUMP,
    NO_TRUMP,
    Play,
    Trump,
    legal_cards,
    trick_points,
    winning_play,
)
from tests.play_fixtures import play_cards, play_started, rule_sets

RULE_SETS = list(rule_sets())
TRUMPS = [NO_TRUMP, ALL_TRUMP, *(Trump.of_suit(s) for s in Suit)]


def cards_in_deal(state: TrickDeal) -> int:
    return sum(len(h) for h in state.hands) + sum(len(t.plays) for t in state.tricks) + len(
        state.trick
    )


def engine_legal(state: TrickDeal) -> set[Card]:
    assert state.turn is not None and state.trump is not None
    return set(legal_cards(state.hands[state.turn], state.trick, state.trump, state.rules,
                           state.partner_of(state.turn)))


@pytest.mark.parametrize("trump", TRUMPS, ids=lambda t: t.describe())
def test_card_indices_follow_the_strength_order(trump: Trump) -> None:
    assert {index_of(c, trump) for c in DECK32} == set(range(32))
    for c in DECK32:
        assert card_of(index_of(c, trump), trump) is c
        assert points_table(trump)[index_of(c, trump)] == trump.points[c]
        for other in DECK32:
            if other.suit == c.suit and other != c:
                assert (index_of(c, trump) > index_of(other, trump)) == trump.beats(c, other)
    hand = DECK32[3:20:3]
    assert set(cards_of(mask_of(hand, trump), trump)) == set(hand)


def sweep_legal_moves(seeds: Sequence[int]) -> int:
    checked = 0
    for rules in RULE_SETS:
        for seed in seeds:
            state = play_started(rules, seed)
            rng = random.Random(seed)
            while not state.is_over:
                assert state.phase is Phase.PLAY
                assert set(position_of(state).legal_cards()) == engine_legal(state), (
                    rules, state.trick, state.hands[state.turn or 0])
                checked += 1
                state = play_cards(state, 1, rng)
    return checked


def test_legal_moves_equal_the_engine_on_random_deals() -> None:
    # Every position of 8 whole deals for each of the 72 rule sets (≈ 10,000 positions).
    assert sweep_legal_moves(range(8)) > 10_000


@pytest.mark.slow
def test_legal_moves_equal_the_engine_long_sweep() -> None:
    assert sweep_legal_moves(range(8, 68)) > 75_000


def test_playing_a_card_follows_the_engine() -> None:
    rng = random.Random(7)
    for rules in RULE_SETS[:8]:
        state = play_started(rules, 3)
        pos = position_of(state)
        while not state.is_over:
            assert pos.masks == position_of(state).masks
            assert pos.turn == state.turn and pos.taken == position_of(state).taken
            state = play_cards(state, 1, rng)
            played = state.tricks[-1].plays[-1][1] if not state.trick else state.trick[-1][1]
            assert state.trump is not None
            pos = pos.play(index_of(played, state.trump))
        assert sum(pos.taken) == sum(t.points for t in state.tricks)


def brute_force(state: TrickDeal, first: Card | None = None) -> int:
    """Minimax on the engine's cards: the points the side to move takes from ``state`` on
    (after it plays ``first``, when given)."""
    assert state.trump is not None and state.turn is not None
    side_of = position_of(state).rules.side_of
    search = _Minimax(state, side_of, side_of(state.turn))
    if first is None:
        return search.value(state.hands, state.trick, state.turn)
    return search.after(state.hands, state.trick, state.turn, first)


class _Minimax:
    def __init__(self, state: TrickDeal, side_of: Callable[[int], int], side: int) -> None:
        assert state.trump is not None
        self.state, self.trump, self.side_of, self.side = state, state.trump, side_of, side

    def value(self, hands: Sequence[tuple[Card, ...]], trick: tuple[Play, ...], turn: int) -> int:
        legal = legal_cards(hands[turn], trick, self.trump, self.state.rules,
                            self.state.partner_of(turn))
        values = [self.after(hands, trick, turn, c) for c in legal]
        return max(values) if self.side_of(turn) == self.side else min(values)

    def after(
        self, hands: Sequence[tuple[Card, ...]], trick: tuple[Play, ...], turn: int, c: Card
    ) -> int:
        after = list(hands)
        after[turn] = tuple(x for x in hands[turn] if x != c)
        played = (*trick, (turn, c))
        if len(played) < self.state.players:
            return self.value(after, played, (turn + 1) % self.state.players)
        winner = winning_play(played, self.trump)[0]
        points = trick_points([x for _, x in played], self.trump)
        points += 0 if after[winner] else DIX_DE_DER
        rest = self.value(after, (), winner) if after[winner] else 0
        return (points if self.side_of(winner) == self.side else 0) + rest


def endgame(rules_index: int, seed: int, tricks_left: int) -> TrickDeal:
    """A random position with ``tricks_left`` tricks to play, a trick started or not."""
    rules = RULE_SETS[rules_index % len(RULE_SETS)]
    state = play_started(rules, seed)
    rng = random.Random(seed)
    to_play = cards_in_deal(state) - rules.players * tricks_left + rng.randrange(rules.players)
    return play_cards(state, to_play, rng)


def check_endgames(cases: Sequence[tuple[int, int, int]]) -> int:
    checked = 0
    for rules_index, seed, tricks_left in cases:
        state = endgame(rules_index, seed, tricks_left)
        assert state.trump is not None
        pos = position_of(state)
        assert Solver(pos, pos.turn).value() == brute_force(state)
        values = Solver(pos, pos.turn).values()
        assert {card_of(i, state.trump) for i in values} == engine_legal(state)
        for index, value in values.items():
            assert value == brute_force(state, card_of(index, state.trump))
            checked += 1
    return checked


@pytest.mark.kernel
def test_solver_values_equal_brute_force_on_two_and_three_trick_endgames() -> None:
    cases = [(i, seed, 2 + seed % 2) for i in range(len(RULE_SETS)) for seed in range(4)]
    assert check_endgames(cases) > 300


@pytest.mark.kernel
@pytest.mark.slow
def test_solver_values_equal_brute_force_on_four_trick_endgames() -> None:
    check_endgames([(i, seed, 4) for i in range(len(RULE_SETS)) for seed in range(4, 6)])


@pytest.mark.kernel
def test_the_value_of_the_other_side_is_what_is_left() -> None:
    """Four players: what one team does not take, the other does (a zero-sum check)."""
    for seed in range(6):
        state = endgame(0, seed, 4)
        pos = position_of(state)
        total = pos.points_left()
        mine = Solver(pos, pos.turn).value()
        theirs = Solver(pos, (pos.turn + 1) % 4).value()
        assert mine + theirs == total


@pytest.mark.kernel
def test_node_cap_and_deadline_abort_the_search() -> None:
    state = play_started(CoincheRules(), 0)
    pos = position_of(state)
    with pytest.raises(SearchAborted):
        Solver(pos, pos.turn, node_cap=5000).value()
    with pytest.raises(SearchAborted):
        Solver(pos, pos.turn, deadline=0.0).value()


@pytest.mark.kernel
def test_a_horizon_search_estimates_within_the_points_left() -> None:
    state = play_started(CoincheRules(), 1)
    pos = position_of(state)
    solver = Solver(pos, pos.turn, horizon=1)
    values = solver.values()
    assert {card_of(i, pos.trump) for i in values} == engine_legal(state)
    assert all(0 <= v <= pos.points_left() for v in values.values())
    assert solver.nodes < 200_000


def reference_estimate(search: PythonSearch, leader: int) -> int:
    """The horizon estimate card by card (``HorizonEstimate`` computes it by tables)."""
    live = 0
    for hand in search.masks:
        live |= hand
    total = sum(search.points[i] for i in bits(live)) + DIX_DE_DER
    weights = [0, 0]
    for seat, hand in enumerate(search.masks):
        for i in bits(hand):
            below = bin(live & SUIT_MASKS[i >> 3] & ((1 << i) - 1)).count("1")
            weights[search.maximiser[seat]] += (1 + below) * (2 if i >> 3 == search.trump_suit
                                                              else 1)
    mine = weights[True] + (2 if search.maximiser[leader] else 0)
    return total * mine // max(1, mine + weights[False])


@pytest.mark.kernel
def test_the_horizon_estimate_weighs_each_card_by_the_live_cards_below_it() -> None:
    checked = 0
    for rules in RULE_SETS[::6]:
        for seed in range(3):
            state = play_started(rules, seed)
            rng = random.Random(seed)
            while not state.is_over:
                if not state.trick:
                    position = position_of(state)
                    search = PythonSearch(position, rng.randrange(rules.players), EXACT,
                                          points_table(position.trump))
                    for leader in range(rules.players):
                        assert (search.estimate(search.masks, leader)
                                == reference_estimate(search, leader))
                        checked += 1
                state = play_cards(state, 1, rng)
    assert checked > 300


def test_the_python_search_calls_between_at_each_budget_check() -> None:
    """The review's pacing (``game.hindsight``): ``between`` runs every 1,024 nodes of the
    Python search, where it checks its budget, and not once the search is past it."""
    pos = position_of(play_started(CoincheRules(), 0))
    at_nodes: list[int] = []
    solver = Solver(pos, pos.turn, node_cap=5000, use_core=False,
                    between=lambda: at_nodes.append(solver.nodes))
    with pytest.raises(SearchAborted, match="node cap"):
        solver.values()
    assert at_nodes == [1024, 2048, 3072, 4096]  # aborted at 5,120
