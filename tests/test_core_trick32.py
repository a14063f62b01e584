"""The 32-card kernel (``game/core/_trick32.c``) computes what its Python twin computes:
legal cards (and their order), trick winners and points, the Confirmé's card of the
play-outs, whole play-outs, the bidding's play-outs and the Expert's decisions, on
random positions of belote at 2, 3 and 4 players and of coinche, under random rule
options and trump modes (``bench/core_trick32.py`` runs the same check on 100,000
positions of each).  And the search really plays out by the core when it is built, by
its Python twin otherwise; at two players the contrée à deux's play-outs by the core
(the same decisions), the découverte's always by the Python twin (the core does not turn
the card under a card played over)."""

from __future__ import annotations

import os
import random
from types import ModuleType

import pytest

from bench.core_trick32 import (
    GAMES,
    HAND_SIZES,
    TRUMPS,
    expert_positions,
    python_random_deals,
    random_rules,
    sweep,
)
from game.ai import appraise
from game.ai import search as search_module
from game.ai.bid_search import weigh_coinche_calls
from game.ai.memory import build_memory
from game.ai.play import choose_card
from game.ai.search import python_play_out, weigh_cards
from game.core import FORCE_PYTHON, compiled, kernels, trick32
from game.engine.actions import PlayCard
from game.engine.cards import DECK32, Suit
from game.engine.match import new_deal_state
from game.engine.protocol import Action, Phase
from game.engine.rules import BeloteRules, CoincheRules, Layout
from game.engine.trick_view import TrickView
from game.engine.tricks import Trump
from tests.gil import lets_other_threads_run

CORE = compiled("trick32")
pytestmark = pytest.mark.skipif(CORE is None, reason="game.core._trick32 is not built")

POSITIONS = 2000  # per game and player count; the slow sweep reads ATOUT_TRICK32_POSITIONS
SLOW_POSITIONS = int(os.environ.get("ATOUT_TRICK32_POSITIONS", "4000"))
DECISIONS = 2  # Expert decisions per game and player count, both ways
SLOW_DECISIONS = int(os.environ.get("ATOUT_TRICK32_DECISIONS", "4"))
# Every rule that can choose the legal cards (``tricks.card_rule``'s reasons).
REASONS = {"illegal.not_in_hand", "illegal.follow_suit", "illegal.overtrump",
           "illegal.undertrump", "illegal.must_trump", "illegal.overtrump_partner",
           "illegal.undertrump_partner"}


@pytest.fixture(autouse=True)
def the_core_in_use(monkeypatch: pytest.MonkeyPatch) -> None:
    """The core against the Python twin even in a run on the Python path
    (``ATOUT_CORE=python``): each test asks for the Python path where it compares."""
    monkeypatch.delenv(FORCE_PYTHON, raising=False)


@pytest.fixture(autouse=True)
def the_same_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Both paths at the Python path's cap on worlds: the core's own cap
    (``search.CORE_WORLDS``) is only its budget, the same decisions at the same cap are
    what is compared here."""
    monkeypatch.setattr(search_module, "CORE_WORLDS", search_module.WORLDS)


def kernel() -> ModuleType:
    assert CORE is not None
    return CORE


def check_sweeps(count: int, rollout_every: int) -> None:
    reasons: set[str] = set()
    for game, players in GAMES:
        check = sweep(kernel(), game, players, count, rollout_every=rollout_every)
        assert check.mismatches == [], check.mismatches[:5]
        assert check.positions == count and check.rollouts == -(-count // rollout_every)
        reasons |= set(check.rule_reasons)
    assert reasons == REASONS  # the positions met every rule of legality


def test_legal_cards_tricks_confirme_cards_and_play_outs_equal_python() -> None:
    check_sweeps(POSITIONS, rollout_every=5)


@pytest.mark.slow
def test_legal_cards_tricks_confirme_cards_and_play_outs_equal_python_long_sweep() -> None:
    check_sweeps(SLOW_POSITIONS, rollout_every=3)


def test_random_legal_deals_are_the_same_deals_in_both_languages() -> None:
    """One generator written twice: the same deals, every trump mode, every table."""
    rng = random.Random(5)
    for game, players in GAMES:
        for trump in TRUMPS:
            rules = random_rules(game, players, trump, rng)
            args = (rng.getrandbits(64), 20, players, HAND_SIZES[players])
            core = kernel().random_deals(*args, trick32.key_of(trump), trick32.flags_of(rules))
            assert core == python_random_deals(*args, trump, rules) > 0


def test_the_bidding_play_outs_equal_python() -> None:
    rng = random.Random(11)
    for _ in range(150):
        deck = list(DECK32)
        rng.shuffle(deck)
        hands = [tuple(deck[i:i + 8]) for i in range(0, 32, 8)]
        trump = Trump.of_suit(rng.choice(list(Suit)))
        rules = random_rules("coinche", 4, trump, rng)
        assert isinstance(rules, CoincheRules)
        taker, leader = rng.randrange(4), rng.randrange(4)
        kernel = kernels.trick32()
        assert kernel is not None
        core = kernel.play_out(hands, trump, taker, leader, rules)
        assert core == python_play_out(hands, trump, taker, leader, rules)
        assert sum(core[1]) == 8 and sum(core[0]) == 162


def python_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(FORCE_PYTHON, "python")


def card_decisions(views: list[TrickView]) -> list[tuple[Action, dict[Action, float]]]:
    found = []
    for view in views:
        appraisal = appraise(view, random.Random(7), None)
        found.append((appraisal.decision.action, dict(appraisal.values)))
    return found


def check_expert_card_play(count: int, monkeypatch: pytest.MonkeyPatch) -> None:
    views = expert_positions(count)
    assert len(views) == count * len(GAMES)
    with_core = card_decisions(views)
    python_path(monkeypatch)
    assert kernels.trick32() is None
    assert card_decisions(views) == with_core
    assert all(len(values) > 1 for _, values in with_core)  # the search weighed them


def test_the_experts_card_play_is_the_same_with_and_without_the_core(
        monkeypatch: pytest.MonkeyPatch) -> None:
    check_expert_card_play(DECISIONS, monkeypatch)


@pytest.mark.slow
def test_the_experts_card_play_is_the_same_with_and_without_the_core_long(
        monkeypatch: pytest.MonkeyPatch) -> None:
    check_expert_card_play(SLOW_DECISIONS, monkeypatch)


def bidding_views(count: int) -> list[TrickView]:
    """Coinche auctions a few random calls in, the seat to call with a choice."""
    rng = random.Random(3)
    views: list[TrickView] = []
    for seed in range(count):
        state, _ = new_deal_state(CoincheRules(), seed, seed % 4)
        for _ in range(rng.randrange(3)):
            if state.phase is Phase.BIDDING:
                state, _ = state.apply(rng.choice(state.legal_actions()))
        seat = state.current_player
        assert seat is not None and state.phase is Phase.BIDDING
        views.append(state.view(seat))
    return views


def test_the_experts_coinche_calls_are_the_same_with_and_without_the_core(
        monkeypatch: pytest.MonkeyPatch) -> None:
    views = bidding_views(6)
    with_core = [weigh_coinche_calls(v, random.Random(2)) for v in views]
    python_path(monkeypatch)
    assert [weigh_coinche_calls(v, random.Random(2)) for v in views] == with_core
    assert any(values for _, values in with_core)  # the simulation was used


def a_card_search() -> tuple[TrickView, float]:
    """A search's best mean at the first position of the Expert's that weighs cards."""
    view = expert_positions(1)[-1]
    mem = build_memory(view)
    cards = sorted({a.card for a in view.legal if isinstance(a, PlayCard)})
    fallback = choose_card(view, mem, cards)
    means = weigh_cards(view, mem, cards, fallback, random.Random(1), 6, None)[1]
    return view, max(means.values())


def test_the_search_plays_out_by_the_core_when_built_else_by_python(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object) -> None:
        raise AssertionError("the Python play-out ran")

    reference = a_card_search()[1]
    with monkeypatch.context() as patch:
        patch.setattr(search_module, "python_play_rollout", refuse)
        assert a_card_search()[1] == reference  # every rollout by the core
        python_path(patch)
        with pytest.raises(AssertionError, match="the Python play-out ran"):
            a_card_search()


def test_the_python_twin_gives_the_cores_play_outs() -> None:
    """``search.PythonTrick32`` is the compiled kernel's twin object: a batch of every
    candidate in every world drawn for the Expert's positions, the same rollouts."""
    compared = 0
    for view in expert_positions(2):
        mem = build_memory(view)
        cards = sorted({a.card for a in view.legal if isinstance(a, PlayCard)})
        search = search_module.WorldSearch(view, mem, cards, random.Random(5), 6)
        search.draw_all(None)
        if view.table_piles or not search.worlds:
            continue  # the découverte's play-outs turn cards over: the twin's alone
        core = kernels.trick32()
        assert core is not None
        asked = (view, mem.trump, search.rules, search.worlds, cards)
        assert search_module.PYTHON_TRICK32.rollouts(*asked) == core.rollouts(*asked)
        compared += len(search.worlds) * len(cards)
    assert compared >= 100


def test_the_kernel_refuses_what_no_deal_holds() -> None:
    hands = [[0, 1], [8, 9], [16, 17], [24, 25]]
    start: tuple[list[tuple[int, int]], int] = ([], 0)
    with pytest.raises(ValueError, match="not in its seat's hand"):
        kernel().rollout(hands, *start, 30, 0, 0, 0, [0] * 4, [0] * 4)
    with pytest.raises(ValueError, match="twice"):
        kernel().rollout([[0, 0], *hands[1:]], *start, 0, 0, 0, 0, [0] * 4, [0] * 4)
    with pytest.raises(ValueError, match="no card to play"):
        kernel().rollout([[0, 1], [8], [16, 17], [24, 25]], *start, 0, 0, 0, 0, [0] * 4,
                         [0] * 4)
    with pytest.raises(ValueError, match="trump key"):
        kernel().rollout(hands, *start, 0, 6, 0, 0, [0] * 4, [0] * 4)


def test_a_batch_lets_other_threads_run_while_it_plays() -> None:
    """The batch releases the GIL while it plays: the main thread runs in the middle of
    the call (a UI thread keeps its frames).  Holding the GIL, the call would let no
    other thread run from its start to its end."""
    rng = random.Random(4)
    mine = list(range(0, 32, 4))
    rest = [c for c in range(32) if c not in mine]
    worlds = []
    for _ in range(8000):
        rng.shuffle(rest)
        worlds.append([mine, rest[0:8], rest[8:16], rest[16:24]])
    rollouts = kernel().rollouts

    def batch() -> None:
        rollouts(worlds, [], 0, mine, 1, 0, 1, [0] * 4, [0] * 4)

    # A machine loaded enough may not wake the main thread before the batch ends; a
    # batch holding the GIL would never let it run, however often tried.
    assert any(lets_other_threads_run(batch) for _ in range(3))


# --- the two-player tables --------------------------------------------------------------------


def two_player_views(rules: CoincheRules | BeloteRules, count: int) -> list[TrickView]:
    """Card decisions of ``rules`` a few cards into the play, the seat with a choice."""
    from tests.test_ai_hidden_two_players import at_play

    views: list[TrickView] = []
    for seed in range(40):
        state = at_play(rules, seed, 1 + seed % 5)
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        if len({a.card for a in view.legal if isinstance(a, PlayCard)}) > 1:
            views.append(view)
        if len(views) == count:
            return views
    raise AssertionError("too few positions with a choice of cards")


@pytest.mark.parametrize("rules", [CoincheRules(players=2, layout=Layout.DECOUVERTE),
                                   BeloteRules(players=2, layout=Layout.DECOUVERTE)],
                         ids=["coinche", "belote"])
def test_a_decouverte_play_out_never_goes_to_the_core(
        rules: CoincheRules | BeloteRules, monkeypatch: pytest.MonkeyPatch) -> None:
    """The core plays hands, it does not turn over the card under a card played: the
    découverte's play-outs are the Python twin's, the core built or not."""
    def refuse(*args: object) -> None:
        raise AssertionError("a découverte play-out went to the core")

    views = two_player_views(rules, 3)
    with monkeypatch.context() as patch:
        patch.setattr(trick32.CompiledTrick32, "rollouts", refuse)
        without_core = card_decisions(views)
    assert all(len(values) > 1 for _, values in without_core)  # the search weighed them
    python_path(monkeypatch)
    assert card_decisions(views) == without_core


def test_the_contree_a_deux_card_play_is_the_same_with_and_without_the_core(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Ten cards a hand, two seats, twelve aside: the core plays the contrée à deux's
    play-outs (none in Python) and the Expert's cards and values are the Python path's."""
    def refuse(*args: object) -> None:
        raise AssertionError("the Python play-out ran")

    views = two_player_views(CoincheRules(players=2), 3)
    with monkeypatch.context() as patch:
        patch.setattr(search_module, "python_play_rollout", refuse)
        with_core = card_decisions(views)
    assert all(len(values) > 1 for _, values in with_core)
    python_path(monkeypatch)
    assert card_decisions(views) == with_core
