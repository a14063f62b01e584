"""The two-player tables hide what they hide from the computer players too: at the
contrée à deux the opponent's ten cards and the twelve aside (never taken for the
opponent's), at the découverte the face-down cards (their owner's included), and nothing
else.  Moving a hidden card changes no decision at any level; the Expert's worlds deal
exactly the hidden cards to the places that may hold them."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from game.ai import Level, decide
from game.ai.decouverte import covered_counts, face_down_cards, piles_of, sample_face_down
from game.ai.memory import FACE_DOWN, build_memory
from game.ai.sampler import STOCK, knowledge
from game.ai.search import WorldSearch
from game.engine.actions import PlayCard
from game.engine.belote import BeloteDeal
from game.engine.cards import DECK32, Card, shuffled_deck32
from game.engine.coinche import CoincheDeal
from game.engine.protocol import Phase
from game.engine.rules import BeloteRules, CoincheRules, Layout
from game.engine.trickgame import TrickDeal, TrickView
from tests.replay import replay
from tests.test_ai_hidden import fields_read_by_decide, hidden_swaps, play_with_ai, swapped

A_DEUX = CoincheRules(players=2)
DECOUVERTES: list[CoincheRules | BeloteRules] = [
    CoincheRules(players=2, layout=Layout.DECOUVERTE),
    BeloteRules(players=2, layout=Layout.DECOUVERTE)]
Build = Callable[[tuple[Card, ...]], TrickDeal]


def builder(rules: CoincheRules | BeloteRules, dealer: int) -> Build:
    def build(deck: tuple[Card, ...]) -> TrickDeal:
        if isinstance(rules, CoincheRules):
            return CoincheDeal.from_deck(rules, deck, dealer)[0]
        return BeloteDeal.from_deck(rules, deck, dealer)[0]
    return build


def face_down_swaps(state: TrickDeal, rng: random.Random) -> list[tuple[Card, Card]]:
    """Pairs of cards still face down (either side's: nobody has seen them)."""
    downs = [d for piles in state.piles for _, d in piles if d is not None]
    pairs = [(x, y) for i, x in enumerate(downs) for y in downs[i + 1:]]
    rng.shuffle(pairs)
    return pairs[:4]


def compare(state: TrickDeal, other: TrickDeal | None, seat: int, seed: int,
            expert: bool) -> bool:
    """Both positions decide the same at each level (False: not comparable)."""
    if other is None or other.view(seat) != state.view(seat):
        return False
    levels = list(Level) if expert else [Level.DEBUTANT, Level.CONFIRME]
    for level in levels:
        mine = decide(state.view(seat), level, random.Random(seed), think=None)
        theirs = decide(other.view(seat), level, random.Random(seed), think=None)
        assert mine == theirs, level
    return True


@pytest.mark.kernel
def test_at_the_contree_a_deux_the_opponents_cards_and_the_aside_change_no_decision() -> None:
    rng = random.Random(2)
    compared = 0
    for seed in range(10):
        deck = tuple(shuffled_deck32(random.Random(seed)))
        build = builder(A_DEUX, seed % 2)
        for steps in (1, 6, 13):
            state, actions = play_with_ai(build(deck), steps, random.Random(seed))
            if state.is_over or state.current_player is None:
                continue
            seat = state.current_player
            for x, y in hidden_swaps(state, seat, rng)[:3]:
                other = replay(build(swapped(deck, x, y)), actions)
                if compare(state, other, seat, seed, expert=compared % 4 == 0):
                    assert other is not None and other.hands != state.hands
                    compared += 1
    assert compared >= 20


@pytest.mark.kernel
@pytest.mark.parametrize("rules", DECOUVERTES, ids=["coinche", "belote"])
def test_at_the_decouverte_the_face_down_cards_change_no_decision(
    rules: CoincheRules | BeloteRules,
) -> None:
    rng = random.Random(3)
    compared = 0
    for seed in range(8):
        deck = tuple(shuffled_deck32(random.Random(seed)))
        build = builder(rules, seed % 2)
        for steps in (0, 3, 9, 20):
            state, actions = play_with_ai(build(deck), steps, random.Random(seed))
            if state.is_over or state.current_player is None:
                continue
            seat = state.current_player
            for x, y in face_down_swaps(state, rng)[:2]:
                other = replay(build(swapped(deck, x, y)), actions)
                if compare(state, other, seat, seed, expert=compared % 3 == 0):
                    assert other is not None and other.piles != state.piles
                    compared += 1
    assert compared >= 25


def at_play(rules: CoincheRules | BeloteRules, seed: int, cards: int) -> TrickDeal:
    """A deal of ``rules`` played by the Confirmé to its ``cards``-th card."""
    for attempt in range(20):
        deck = tuple(shuffled_deck32(random.Random(seed * 100 + attempt)))
        state = builder(rules, seed % 2)(deck)
        bidder = random.Random(seed)
        while state.phase is Phase.BIDDING:
            seat = state.current_player
            assert seat is not None
            state, _ = state.apply(decide(state.view(seat), Level.CONFIRME, bidder).action)
        if state.phase is Phase.PLAY:
            played, _ = play_with_ai(state, cards, random.Random(seed))
            if not played.is_over:
                return played
    raise AssertionError("every deal passed out")


def test_the_contree_a_deux_worlds_hide_22_cards_and_never_give_one_to_the_opponent_for_sure(
) -> None:
    for seed in range(6):
        state = at_play(A_DEUX, seed, 0)
        seat = state.current_player
        assert seat is not None
        know = knowledge(state.view(seat), A_DEUX)
        assert len(know.hidden) + sum(len(k) for k in know.known) == 22
        assert know.room == {1 - seat: 10 - len(know.known[1 - seat]), STOCK: 12}
        assert all(STOCK in holders for holders in know.holders.values())
        assert isinstance(state, CoincheDeal)
        assert set(know.hidden) == set(state.hands[1 - seat]) | set(state.undealt) - set(
            know.known[1 - seat])


@pytest.mark.parametrize("rules", DECOUVERTES, ids=["coinche", "belote"])
def test_the_decouverte_worlds_deal_only_the_face_down_cards_to_the_covered_piles(
    rules: CoincheRules | BeloteRules,
) -> None:
    for seed in range(6):
        for cards in (0, 5, 14):
            state = at_play(rules, seed, cards)
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            truly_down = {d for piles in state.piles for _, d in piles if d is not None}
            assert set(face_down_cards(view)) == truly_down  # the seat's own included
            assert covered_counts(view) == [sum(d is not None for _, d in piles)
                                            for piles in state.piles]
            world = sample_face_down(view, random.Random(seed))
            assert sorted(c for cards_ in world for c in cards_) == sorted(truly_down)
            tops, under = piles_of(view, world)  # the seat to play: nothing played yet
            assert sorted(tops[seat]) == sorted(state.hands[seat])
            assert set(under[seat]) <= set(state.hands[seat])
            assert sorted(under[seat].values()) == sorted(world[seat])
            mem = build_memory(view)
            assert all(mem.holders[c] == FACE_DOWN for c in truly_down)
            assert all(mem.holders[c] == 1 - seat for c in state.hands[1 - seat])


def test_decide_reads_only_the_view_at_the_two_player_tables() -> None:
    fields = set(TrickView.__dataclass_fields__)
    read = fields_read_by_decide((A_DEUX, *DECOUVERTES), 80)
    assert read <= fields and "table_piles" in read


def test_no_view_of_the_aside_or_of_a_face_down_card_exists_for_any_seat() -> None:
    tables: list[CoincheRules | BeloteRules] = [A_DEUX, *DECOUVERTES]
    for rules in tables:
        state = at_play(rules, 1, 3)
        unseen = set(getattr(state, "undealt", ())) | {
            d for piles in state.piles for _, d in piles if d is not None}
        assert unseen
        for seat in (0, 1):
            shown = repr(state.view(seat))
            assert not [c for c in unseen if repr(c) in shown]
        assert set(DECK32) >= unseen


@pytest.mark.parametrize("rules", DECOUVERTES, ids=["coinche", "belote"])
def test_a_decouverte_rollout_turns_over_the_card_under_each_card_played(
    rules: CoincheRules | BeloteRules,
) -> None:
    """Rolled out in the true world (each pile's real face-down card), every card of the
    deal is played once: 162 points in all, the face-down cards played once turned."""
    for seed in range(4):
        state = at_play(rules, seed, 3)
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        truth = [tuple(d for _, d in piles if d is not None) for piles in state.piles]
        cards = sorted({a.card for a in view.legal if isinstance(a, PlayCard)})
        search = WorldSearch(view, build_memory(view), cards, random.Random(seed), 1)
        finished, owned = search.played_out(truth, cards[0])
        assert sum(finished.points) == 162
        assert sum(finished.tricks) == 16
        assert sorted(c for hand in owned for c in hand) == sorted(
            [*(c for hand in state.hands for c in hand), *(c for t in truth for c in t)])
