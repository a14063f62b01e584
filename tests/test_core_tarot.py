"""The compiled tarot core (``game/core/_tarot.c``) gives what its Python twin gives.

Random positions at three, four and five players, with random table options: the same
legal cards, trick winners and points, the same play-out marks for every legal first
card (``tarot_search.rollout``), the same deals played by ``tarot_bid_search.play_from``,
and the Expert's same card decision and means with and without the core, at a budget
counted in worlds.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

import pytest

from bench.core_tarot import (
    HAND,
    PLAYERS,
    compiled_rollouts,
    playout_differences,
    random_deals,
    random_rules,
    random_view,
    rule_differences,
    solve_differences,
    tail_differences,
)
from game.ai import tarot_search
from game.ai.tarot_bid_search import play_from
from game.ai.tarot_endgame import (
    CORE_ENDGAME_TRICKS,
    ENDGAME_TRICKS,
)
from game.ai.tarot_search import (
    CORE_WORLD_NODES,
    WORLD_NODES,
    partner_secret,
    rollout,
    weigh_tarot_cards,
)
from game.core import FORCE_PYTHON, compiled, kernels
from game.core import tarot as tarot_adapter
from game.engine.tarot_cards import DECK78, KING, PLAIN_SUITS, TarotCard, suited
from game.engine.tarot_tricks import TarotView
from tests.gil import lets_other_threads_run
from tests.tarot_positions import SIZES, advance, to_play
from tests.test_ai_tarot_expert import positions

built = pytest.mark.skipif(compiled("tarot") is None,
                           reason="the compiled core is not built (make core)")


@built
@pytest.mark.parametrize("players", PLAYERS)
def test_legal_cards_winners_and_points_are_pythons(players: int) -> None:
    rng = random.Random(players)
    assert sum(rule_differences(rng, players) for _ in range(3000)) == 0


def check_playouts(players: int, count: int, seed: int) -> None:
    rng = random.Random(seed)
    compared = wrong = 0
    for _ in range(count):
        played, differ = playout_differences(rng, players)
        compared, wrong = compared + played, wrong + differ
    assert compared >= count
    assert wrong == 0


@built
@pytest.mark.parametrize("players", PLAYERS)
def test_playouts_give_pythons_marks(players: int) -> None:
    check_playouts(players, 25, seed=players)


@built
@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYERS)
def test_playouts_give_pythons_marks_long_sweep(players: int) -> None:
    check_playouts(players, 400, seed=100 + players)


@built
def test_the_random_positions_reach_the_rare_play_out_rules() -> None:
    """The sweeps above meet a chelem's announcer, the secret partner at five, the
    first lead at five, a trick under way and every Excuse option."""
    rng = random.Random(5)
    views = [random_view(rng, 5)[0] for _ in range(60)]
    assert any(v.chelem_announcer is not None for v in views)
    assert any(partner_secret(v) for v in views)
    assert any(not v.tricks and not v.trick for v in views)
    assert any(v.trick for v in views)
    assert {v.rules.excuse_last_trick for v in views} == {
        r.excuse_last_trick for r in (random_rules(random.Random(k), 5) for k in range(20))}


@built
def test_the_batch_entry_gives_each_single_play_out() -> None:
    rng = random.Random(9)
    for players in PLAYERS:
        view, world, firsts = random_view(rng, players)
        kernel = compiled_rollouts(view)
        assert kernel.values([world, world], firsts) == [[rollout(view, world, c)
                                                          for c in firsts]] * 2


@built
def test_a_batch_lets_other_threads_run_while_it_plays() -> None:
    """The batch releases the GIL while it plays out (a UI thread keeps its frames)."""
    view, world, firsts = random_view(random.Random(9), 4)
    kernel = compiled_rollouts(view)
    worlds = [world] * 6000
    assert any(lets_other_threads_run(lambda: kernel.values(worlds, firsts)) for _ in range(3))


Start = tuple[list[list[TarotCard]], tuple[TarotCard, ...], int, int, TarotCard | None, bool]


def random_start(rng: random.Random, players: int) -> Start:
    """Hands dealt at random, what lies aside, the taker, the leader, the called king
    (five players) and whether the taker knows what lies aside."""
    deck = list(DECK78)
    rng.shuffle(deck)
    size = HAND[players]
    hands = [deck[s * size:(s + 1) * size] for s in range(players)]
    called = suited(rng.choice(PLAIN_SUITS), KING) if players == 5 else None
    return (hands, tuple(deck[players * size:]), rng.randrange(players),
            rng.randrange(players), called, rng.random() < 0.5)


@built
@pytest.mark.parametrize("players", PLAYERS)
def test_play_from_plays_the_same_deal(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bidding's and the écart's play-outs (each seat sees its own hand)."""
    rng = random.Random(20 + players)
    for _ in range(15):
        hands, aside, taker, leader, called, exchange = random_start(rng, players)
        rules = random_rules(rng, players)
        monkeypatch.delenv(FORCE_PYTHON, raising=False)
        fast = play_from([list(h) for h in hands], aside, taker, leader, called, exchange, rules)
        monkeypatch.setenv(FORCE_PYTHON, "python")
        reference = play_from([list(h) for h in hands], aside, taker, leader, called, exchange,
                              rules)
        monkeypatch.delenv(FORCE_PYTHON)
        assert fast == reference


def test_without_the_core_the_searches_roll_out_in_python(monkeypatch: pytest.MonkeyPatch,
                                                          ) -> None:
    monkeypatch.setenv(FORCE_PYTHON, "python")
    assert kernels.tarot() is None


def same_reach(monkeypatch: pytest.MonkeyPatch, reach: Mapping[int, int], nodes: int,
               tail: Mapping[int, int] = tarot_search.TAIL_TRICKS,
               tail_nodes: int = tarot_search.TAIL_NODES) -> None:
    """Both paths solve from ``reach``'s tricks left within ``nodes`` positions a world,
    and end their play-outs solved from ``tail``'s cards a hand within ``tail_nodes``
    (by default the Python path's: played to the end)."""
    for name in ("ENDGAME_TRICKS", "CORE_ENDGAME_TRICKS"):
        monkeypatch.setattr(tarot_search, name, reach)
    for name in ("WORLD_NODES", "CORE_WORLD_NODES"):
        monkeypatch.setattr(tarot_search, name, nodes)
    for name in ("TAIL_TRICKS", "CORE_TAIL_TRICKS"):
        monkeypatch.setattr(tarot_search, name, tail)
    for name in ("TAIL_NODES", "CORE_TAIL_NODES"):
        monkeypatch.setattr(tarot_search, name, tail_nodes)


def both_ways(view: TarotView, seed: int, worlds: int, monkeypatch: pytest.MonkeyPatch,
              ) -> tuple[object, object]:
    """The Expert's decision and means, with the core and on the Python path."""
    monkeypatch.delenv(FORCE_PYTHON, raising=False)
    fast = weigh_tarot_cards(view, random.Random(seed), None, worlds)
    monkeypatch.setenv(FORCE_PYTHON, "python")
    reference = weigh_tarot_cards(view, random.Random(seed), None, worlds)
    monkeypatch.delenv(FORCE_PYTHON)
    return fast, reference


def endgame_views(players: int, left: int, count: int, seed: int) -> list[TarotView]:
    """Views of the next seat to play in real deals, ``left`` tricks from the end."""
    rng = random.Random(seed)
    views = []
    for k in range(count):
        start, actions = to_play(players, seed * 100 + k)
        deal, _ = advance(start, actions, players * (SIZES[players] - left), rng)
        if deal.current_player is not None and not deal.is_over:
            views.append(deal.view(deal.current_player))
    return views


@built
@pytest.mark.parametrize("players", PLAYERS)
def test_the_experts_decision_is_the_same_with_and_without_the_core(
        players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Four worlds a decision, no deadline, the Python solver's reach: the same card and
    the same means, rolled out or solved (a world over the budget rolled out)."""
    same_reach(monkeypatch, ENDGAME_TRICKS, WORLD_NODES)
    views = [deal.view(deal.current_player) for deal in positions(players, 8, seed=40 + players)
             if deal.current_player is not None]
    views += endgame_views(players, ENDGAME_TRICKS[players], 4, seed=60 + players)
    for seat, view in enumerate(views):
        fast, reference = both_ways(view, seat, 4, monkeypatch)
        assert fast == reference


@built
def test_the_compiled_solver_reaches_further_with_the_same_values(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With the core the worlds are solved from further back; the Python solver given
    the same reach and budget decides the same."""
    monkeypatch.delenv(FORCE_PYTHON, raising=False)
    view = endgame_views(4, CORE_ENDGAME_TRICKS[4], 1, seed=3)[0]
    search = tarot_search.TarotWorldSearch(view, random.Random(0), 2)
    assert search.endgame_reach() is CORE_ENDGAME_TRICKS
    assert search._evaluate is tarot_search.solved
    same_reach(monkeypatch, CORE_ENDGAME_TRICKS, CORE_WORLD_NODES)
    fast, reference = both_ways(view, 0, 2, monkeypatch)
    assert fast == reference


@built
@pytest.mark.parametrize("players", PLAYERS)
def test_with_the_core_the_playouts_end_solved_with_the_same_decisions(
        players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the core the play-outs end solved from ``CORE_TAIL_TRICKS``' cards a hand,
    the Python path's from ``TAIL_TRICKS``' (0: played to the end); the Python path given
    the same tail and budget (one small enough that some worlds run past it) decides the
    same, card and means."""
    views = [deal.view(deal.current_player) for deal in positions(players, 6, seed=80 + players)
             if deal.current_player is not None]
    stop = ENDGAME_TRICKS[players] - 1
    monkeypatch.setattr(tarot_search, "CORE_TAIL_TRICKS", dict.fromkeys(PLAYERS, stop))
    monkeypatch.setattr(tarot_search, "TAIL_TRICKS", dict.fromkeys(PLAYERS, 0))
    monkeypatch.delenv(FORCE_PYTHON, raising=False)
    early = next(view for view in views if len(view.hand) > stop
                 and tarot_search.TarotWorldSearch(view, random.Random(0), 2).weighs)
    assert tarot_search.TarotWorldSearch(early, random.Random(0), 2).tail == stop
    monkeypatch.setenv(FORCE_PYTHON, "python")
    assert tarot_search.TarotWorldSearch(early, random.Random(0), 2).tail == 0
    same_reach(monkeypatch, ENDGAME_TRICKS, WORLD_NODES, dict.fromkeys(PLAYERS, stop), 400)
    for seat, view in enumerate(views):
        fast, reference = both_ways(view, seat, 3, monkeypatch)
        assert fast == reference


def no_differences(differences: Callable[[random.Random, int], int], players: int,
                   count: int, seed: int) -> None:
    """``count`` random positions at ``players``, compiled against Python: none differ."""
    rng = random.Random(seed)
    assert sum(differences(rng, players) for _ in range(count)) == 0


@built
@pytest.mark.parametrize("players", PLAYERS)
def test_the_playouts_solved_at_their_end_give_pythons_values(players: int) -> None:
    no_differences(tail_differences, players, 40, seed=players)


@built
@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYERS)
def test_the_playouts_solved_at_their_end_give_pythons_values_long_sweep(players: int) -> None:
    no_differences(tail_differences, players, 400, seed=70 + players)


@built
def test_the_python_path_keeps_its_reach(monkeypatch: pytest.MonkeyPatch) -> None:
    view = endgame_views(4, CORE_ENDGAME_TRICKS[4], 1, seed=3)[0]
    monkeypatch.setenv(FORCE_PYTHON, "python")
    search = tarot_search.TarotWorldSearch(view, random.Random(0), 2)
    assert search.endgame_reach() is ENDGAME_TRICKS
    assert search._evaluate is tarot_search.rollout


@built
@pytest.mark.parametrize("players", PLAYERS)
def test_the_core_spends_its_speed_on_more_worlds_the_python_path_keeps_its_cap(
        players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(FORCE_PYTHON, raising=False)
    assert tarot_search.table_worlds(players) == tarot_search.CORE_MAX_WORLDS[players]
    monkeypatch.setenv(FORCE_PYTHON, "python")
    assert tarot_search.table_worlds(players) == tarot_search.MAX_WORLDS[players] == 16
    assert tarot_search.CORE_MAX_WORLDS[players] >= 16


@built
@pytest.mark.parametrize("players", PLAYERS)
def test_the_exact_endgame_gives_pythons_values(players: int) -> None:
    no_differences(solve_differences, players, 60, seed=players)


@built
@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYERS)
def test_the_exact_endgame_gives_pythons_values_long_sweep(players: int) -> None:
    no_differences(solve_differences, players, 600, seed=50 + players)


@built
def test_the_random_legal_deals_draw_as_the_python_twin() -> None:
    module = compiled("tarot")
    assert module is not None
    for players in PLAYERS:
        assert module.random_deals(players, 30, 77) == random_deals(players, 30, 77)


@built
def test_a_malformed_position_is_refused() -> None:
    module = compiled("tarot")
    assert module is not None
    with pytest.raises(ValueError):
        module.rollout(bytes([9] * 18), b"", 0)
    view, world, _ = random_view(random.Random(3), 4)
    start = tarot_adapter.view_position(view, False)
    absent = next(c for c in DECK78 if c not in world.holdings[view.seat])
    with pytest.raises(ValueError):
        module.rollout(start, tarot_adapter.world_bytes(world.holdings, world.pile),
                       tarot_adapter.CARD_ID[absent])
    mine = world.holdings[view.seat]
    other = (view.seat + 1) % 4
    twice = [mine if s == other else h for s, h in enumerate(world.holdings)]
    uneven = [h[1:] if s == other else h for s, h in enumerate(world.holdings)]
    for holdings in (twice, uneven):
        with pytest.raises(ValueError):
            module.rollout(start, tarot_adapter.world_bytes(holdings, world.pile),
                           tarot_adapter.CARD_ID[mine[0]])


@built
def test_solve_and_tail_refuse_a_card_not_held_and_a_tail_without_a_stop() -> None:
    """The shared entry of ``solve`` and ``tail`` (``exact_marks``) checks its input for
    both: a card the seat does not hold, and a tail stopping at no card a hand."""
    module = compiled("tarot")
    assert module is not None
    view, world, firsts = random_view(random.Random(5), 4, 4 * 12)
    start = tarot_adapter.view_position(view, False)
    data = tarot_adapter.world_bytes(world.holdings, world.pile)
    absent = tarot_adapter.CARD_ID[next(c for c in DECK78 if c not in world.holdings[view.seat])]
    first = tarot_adapter.CARD_ID[firsts[0]]
    table = module.Table(10**9)
    for bad in ((table, start, data, absent), (table, start, data, absent, 2),
                (table, start, data, first, 0), (table, b"\x09" * 18, data, first, 2)):
        entry = module.tail if len(bad) == 5 else module.solve
        with pytest.raises(ValueError):
            entry(*bad)
    assert isinstance(module.solve(table, start, data, first), float)
    assert isinstance(module.tail(table, start, data, first, 2), float)


def exact_answers(playouts: kernels.TarotPlayOuts, world: kernels.Dealt,
                  firsts: list[TarotCard], stop: int) -> tuple[list[float], int]:
    """Each card's exact value (``stop`` 0) or solved tail, on one table of the
    play-outs' own, and the positions searched."""
    table = playouts.table(10**9, world)
    values = [playouts.tail(world, card, stop, table) if stop else
              playouts.solved(world, card, table) for card in firsts]
    return values, table.nodes


@built
@pytest.mark.parametrize("players", PLAYERS)
def test_the_python_twin_answers_every_question_of_the_protocol_as_the_core(
        players: int) -> None:
    """``tarot_search.PythonTarot`` is the compiled kernel's twin object: the same
    play-outs (one, a batch, traced), exact solves and solved tails, each on a table of
    its own, and the same closed deal."""
    rng = random.Random(40 + players)
    module = compiled("tarot")
    assert module is not None
    core, twin = tarot_adapter.CompiledTarot(module), tarot_search.PYTHON_TAROT  # on either path
    for _ in range(4):
        view, world, firsts = random_view(rng, players,
                                          players * (HAND[players] - 3) + rng.randrange(players))
        fast, slow = (kernel.rollouts(view, partner_secret(view)) for kernel in (core, twin))
        assert slow.values([world], firsts) == fast.values([world], firsts)
        assert slow.traced(world, firsts) == fast.traced(world, firsts)
        assert [slow.value(world, c) for c in firsts] == [fast.value(world, c) for c in firsts]
        for stop in (0, 2):
            answers = exact_answers(slow, world, firsts, stop)
            assert answers == exact_answers(fast, world, firsts, stop) and answers[1] > 0
        hands, aside, taker, leader, called, _ = random_start(rng, players)
        secret = any(called in hand for seat, hand in enumerate(hands) if seat != taker)
        assert (twin.closed_play(hands, aside, taker, leader, called, secret)
                == core.closed_play(hands, aside, taker, leader, called, secret))
