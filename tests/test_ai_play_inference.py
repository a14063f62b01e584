"""Inference from the play (``game/ai/play_inference.py``, the Expert's card search): a
world is as likely as the other seats' cards under a soft Confirmé model of their play,
judged from what each seat saw then."""

from __future__ import annotations

import functools
import random

import pytest

from bench.arena import Variant, parse_player
from bench.play_inference import inference_player, world_search_player
from game.ai import Level, appraise, decide
from game.ai.card_worlds import card_worlds
from game.ai.memory import build_memory
from game.ai.play_inference import (
    P_CONFIRME,
    InferenceSearch,
    card_likelihood,
    past_moments,
    play_likelihood,
    weighted_worlds,
)
from game.ai.sampler import default_rules, knowledge
from game.ai.search import WorldSearch
from game.engine.actions import Pass, PlayCard, bid
from game.engine.cards import Card, Rank, Suit, card, parse_cards
from game.engine.coinche import CoincheDeal
from game.engine.rules import CoincheRules
from game.engine.trick_view import TrickView
from tests.replay import replay
from tests.test_ai_hidden import coinche_builder, hidden_swaps, play_with_ai, swapped

# Seat 2 takes at hearts; seat 1, a defender with no ace, leads.  Played the Confirmé's
# way: 1 ♠7 (low, no master), 2 ♠K, 3 ♠A, 0 ♠9; 3 ♦A, 0 ♦7, 1 ♣10 (void: charges its
# partner's trick), 2 ♦Q.
HANDS = ("♦7 ♦8 ♦J ♥Q ♠10 ♠9 ♣A ♣9", "♣10 ♣7 ♠Q ♠8 ♥7 ♥8 ♠7 ♣8",
         "♦K ♥J ♥9 ♥A ♥10 ♠K ♣K ♦Q", "♦A ♦10 ♦9 ♠A ♠J ♣Q ♣J ♥K")
World = list[tuple[Card, ...]]


def confirme_deal(cards_played: int) -> CoincheDeal:
    state = CoincheDeal.from_hands(CoincheRules(), [parse_cards(h) for h in HANDS], 0)
    for action in (Pass(), bid(80, Suit.HEARTS), Pass(), Pass(), Pass()):
        state, _ = state.apply(action)
    played = 0
    while played < cards_played:
        seat = state.current_player
        assert seat is not None
        action = decide(state.view(seat), Level.CONFIRME, random.Random(0)).action
        played += isinstance(action, PlayCard)
        state, _ = state.apply(action)
    return state


def truth(state: CoincheDeal) -> World:
    return [tuple(hand) for hand in state.hands]  # the test's knowledge, not the AI's


def moved(world: World, giver: int, taker: int, given: Card, returned: Card) -> World:
    """``world`` with ``given`` moved from ``giver`` to ``taker`` for ``returned``."""
    hands = [list(hand) for hand in world]
    hands[giver].remove(given)
    hands[taker].remove(returned)
    hands[giver].append(returned)
    hands[taker].append(given)
    return [tuple(sorted(hand)) for hand in hands]


def test_a_low_lead_is_less_likely_from_a_hand_with_an_ace_to_cash() -> None:
    state = confirme_deal(1)
    view = state.view(2)  # the taker, after seat 1's ♠7
    assert view.trick == ((1, card(Suit.SPADES, Rank.SEVEN)),)
    likelihood = play_likelihood(view, default_rules(view))
    explained = truth(state)
    with_ace = moved(explained, 3, 1, card(Suit.DIAMONDS, Rank.ACE), card(Suit.CLUBS, Rank.EIGHT))
    assert likelihood(explained) == P_CONFIRME
    assert likelihood(with_ace) < likelihood(explained) / 3


def test_a_charge_of_the_ten_is_less_likely_from_a_hand_that_held_the_ace() -> None:
    """Seat 1 gave its partner's trick ♣10: holding ♣A too, the Confirmé gives the ace."""
    state = confirme_deal(8)
    view = state.view(2)
    ten = card(Suit.CLUBS, Rank.TEN)
    charge = next(m for m in past_moments(view) if m.card == ten)
    assert charge.seat == 1 and charge.later[0] == ten
    rules = default_rules(view)
    explained = truth(state)
    with_ace = moved(explained, 0, 1, card(Suit.CLUBS, Rank.ACE), card(Suit.CLUBS, Rank.EIGHT))

    def then(world: World) -> frozenset[Card]:
        return frozenset(world[1]) | frozenset(charge.later)

    assert card_likelihood(charge, then(explained), rules) == P_CONFIRME
    assert card_likelihood(charge, then(with_ace), rules) < P_CONFIRME / 3


def test_a_seats_own_cards_and_forced_cards_say_nothing() -> None:
    """Seat 2's ♠K was its only spade; the viewer's own cards are not judged."""
    view = confirme_deal(8).view(2)
    seats = [m.seat for m in past_moments(view)]
    assert 2 not in seats and len(seats) == 6
    spade_king = next(m for m in past_moments(confirme_deal(4).view(1))
                      if m.card == card(Suit.SPADES, Rank.KING))
    assert card_likelihood(spade_king, frozenset(parse_cards("♠K ♥J ♥9")),
                           default_rules(view)) == 1.0


def with_an_ace(world: World) -> bool:
    return any(c.rank == Rank.ACE and c.suit != Suit.HEARTS for c in world[1])


def test_the_worlds_rolled_out_rarely_give_the_low_leader_an_ace() -> None:
    view = confirme_deal(1).view(2)
    rules = default_rules(view)
    candidates = list(card_worlds(view, rules, knowledge(view, rules), random.Random(2), 240))
    kept = weighted_worlds(view, rules, candidates, 80, random.Random(3))
    assert 40 <= len(kept) <= 80
    draws = sum(count for _, count in kept)
    before = sum(map(with_an_ace, candidates)) / len(candidates)
    after = sum(count for world, count in kept if with_an_ace(world)) / draws
    assert before > 0.3 and after < before / 2


def test_without_a_played_card_to_explain_every_candidate_counts_alike() -> None:
    view: TrickView = confirme_deal(0).view(1)
    rules = default_rules(view)
    candidates = list(card_worlds(view, rules, knowledge(view, rules), random.Random(2), 30))
    kept = weighted_worlds(view, rules, candidates, 10, random.Random(3))
    assert len(kept) == 10 and {count for _, count in kept} == {1}


def share_with_an_ace(search: WorldSearch) -> float:
    """The share of the search's worlds, as its totals count them, that give seat 1 an
    ace: every card's rollout set to 1 where it does, 0 elsewhere."""
    search.draw_all()
    for world in search.worlds:
        search.values.append(dict.fromkeys(search.cards, float(with_an_ace(world))))
    totals, count = search.totals()
    return totals[search.cards[0]] / count


def test_the_search_weighs_its_worlds_by_the_play_after_a_card_of_another_seat() -> None:
    view = confirme_deal(1).view(2)
    mem, cards = build_memory(view), list(view.hand)

    def search(source: type[WorldSearch]) -> WorldSearch:
        return source(view, mem, cards, random.Random(5), 60)

    inferring = search(InferenceSearch)
    assert share_with_an_ace(inferring) < share_with_an_ace(search(WorldSearch)) / 2
    assert len(inferring.worlds) <= 60


def test_before_any_card_of_another_seat_the_search_is_todays() -> None:
    view = confirme_deal(0).view(1)
    mem, cards = build_memory(view), list(view.hand)
    plain = WorldSearch(view, mem, cards, random.Random(5), 12)
    inferring = InferenceSearch(view, mem, cards, random.Random(5), 12)
    plain.draw_all()
    inferring.draw_all()
    assert inferring.worlds == plain.worlds and len(plain.worlds) == 12


@pytest.mark.kernel
def test_with_the_inference_it_reads_no_hidden_card() -> None:
    """Two deals that differ only in cards hidden from the seat: the same decision."""
    rng = random.Random(4)
    compared = 0
    for seed in range(4):
        cards, build = coinche_builder(seed)
        for steps in (9, 17, 26):
            state, actions = play_with_ai(build(cards), steps, random.Random(seed))
            seat = state.current_player
            assert seat is not None and not state.is_over
            for x, y in hidden_swaps(state, seat, rng)[:2]:
                other = replay(build(swapped(cards, x, y)), actions)
                if other is None or other.view(seat) != state.view(seat):
                    continue
                assert other.hands != state.hands
                mine, theirs = (appraise(s.view(seat), random.Random(seed), None,
                                         source=InferenceSearch) for s in (state, other))
                assert mine == theirs
                compared += 1
    assert compared >= 8


def test_a_world_drawn_k_times_counts_k_times_in_the_totals() -> None:
    view = confirme_deal(1).view(2)  # with these draws one world is drawn twice
    cards = list(view.hand)
    search = InferenceSearch(view, build_memory(view), cards, random.Random(5), 20)
    search.draw_all()
    most = max(search.draws)
    assert most > 1 and len(search.worlds) == len(search.draws) <= 20
    heavy = search.draws.index(most)
    for k in range(len(search.worlds)):
        search.values.append(dict.fromkeys(cards, 1.0 if k == heavy else 0.0))
    totals, count = search.totals()
    assert totals[cards[0]] == most and count == sum(search.draws) > len(search.worlds)


def test_the_arena_names_the_inference_player_and_the_expert_without_it() -> None:
    extra = {"inference": functools.partial(inference_player, 0.8),
             "world-search": world_search_player}
    player = parse_player("inference", None, extra)
    assert isinstance(player, Variant) and player.name == "inference-p0.8"
    assert parse_player("expert", None, extra) is Level.EXPERT
    assert parse_player("world-search", None, extra).name == "world-search"  # type: ignore[union-attr]


@pytest.mark.kernel
def test_the_expert_searches_with_the_inference() -> None:
    """After another seat's card the Expert's decision is the inference search's, which
    differs from the plain search's on these worlds."""
    state = confirme_deal(5)
    assert state.current_player is not None
    view = state.view(state.current_player)
    by_default = appraise(view, random.Random(5), None)
    assert isinstance(by_default.decision.action, PlayCard) and by_default.values
    assert by_default == appraise(view, random.Random(5), None, source=InferenceSearch)
    assert by_default != appraise(view, random.Random(5), None, source=WorldSearch)


def test_a_draw_out_of_time_weighs_the_worlds_drawn_so_far() -> None:
    """With a time to end by already past (a busy machine), the draw stops after its
    first world, and the inference from the play still weighs what it drew (the one
    world, drawn every time); without one, every candidate is drawn."""
    view = confirme_deal(1).view(2)
    mem, cards = build_memory(view), list(view.hand)
    late = InferenceSearch(view, mem, cards, random.Random(5), 20)
    late.draw_all(ends=0.0)
    assert len(late.worlds) == len(late.draws) == 1 and late.draws[0] >= 20
    plain = WorldSearch(view, mem, cards, random.Random(5), 20)
    plain.draw_all(ends=0.0)
    assert len(plain.worlds) == 1 and plain.finished is False
    whole = InferenceSearch(view, mem, cards, random.Random(5), 20)
    whole.draw_all(ends=None)
    assert 1 < len(whole.worlds) == len(whole.draws) <= 20
