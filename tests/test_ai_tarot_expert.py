"""The tarot Expert: worlds consistent with the view, legal and timely choices, blind to
hidden cards."""

from __future__ import annotations

import random
import time

import pytest

from bench.tarot_limits import true_world
from game.ai import Level, appraise, decide, tarot_search
from game.ai.ponder import card_search
from game.ai.tarot import tarot_decision
from game.ai.tarot_search import (
    TarotWorldSearch,
    World,
    distinct_cards,
    same_value,
    sample_world,
    tarot_expert_decision,
    weigh_tarot_cards,
)
from game.core import FORCE_PYTHON, compiled
from game.engine.tarot import TarotDeal, TarotPlayCard, TarotTrick, TarotView, led_suit
from game.engine.tarot_cards import (
    DECK78,
    EXCUSE,
    THE_21,
    THE_PETIT,
    TarotCard,
    TarotSuit,
    tarot_card,
    tarot_cards,
    trump,
)
from tests.replay import replay
from tests.tarot_hands import play_state
from tests.tarot_positions import SIZES, advance, to_play


def positions(players: int, count: int, seed: int) -> list[TarotDeal]:
    rng = random.Random(seed)
    found = []
    for k in range(count):
        start, actions = to_play(players, seed * 100 + k)
        cards = rng.randrange(players * (SIZES[players] - 1))
        deal, _ = advance(start, actions, cards, rng)
        if not deal.is_over:
            found.append(deal)
    return found


def played(view: TarotView) -> set[TarotCard]:
    return {c for t in view.tricks for _, c in t.plays} | {c for _, c in view.trick}


def check_world(view: TarotView, world: World) -> None:
    gone = played(view)
    assert sorted(world.holdings[view.seat]) == sorted(view.hand)
    for seat, hand in enumerate(world.holdings):
        assert len(hand) == view.hand_sizes[seat]
        assert not set(hand) & gone
    everything = [c for h in world.holdings for c in h] + list(world.pile) + list(gone)
    assert sorted(everything) == sorted(DECK78)
    assert set(view.ecart_trumps) <= set(world.pile)
    assert view.contract is not None
    if view.seat == view.taker and view.contract.chien_shown:
        assert set(world.pile) == set(view.ecart)
    for seat, cards in view.poignees:
        assert set(cards) - gone <= set(world.holdings[seat])
    if view.chien and view.seat != view.taker:  # taken: in the taker's hand or his écart
        taken = set(world.holdings[view.taker]) | set(world.pile)
        assert set(view.chien) - gone <= taken
    for seat, suits in revealed_voids(view).items():
        assert not any(c.suit in suits for c in world.holdings[seat])


def revealed_voids(view: TarotView) -> dict[int, set[TarotSuit]]:
    voids: dict[int, set[TarotSuit]] = {s: set() for s in range(view.players)}
    for plays in [t.plays for t in view.tricks] + [view.trick]:
        for i in range(1, len(plays)):
            seat, c = plays[i]
            led = led_suit(plays[:i])
            if c is EXCUSE or led is None or c.suit is led:
                continue
            voids[seat].add(led)
            if not c.is_trump:
                voids[seat].add(TarotSuit.TRUMP)
    return voids


def plain_voids(hand: tuple[TarotCard, ...] | list[TarotCard]) -> int:
    """How many plain suits the hand has none of."""
    return sum(1 for suit in TarotSuit if suit.is_plain and not any(c.suit is suit for c in hand))


def test_a_defenders_worlds_give_the_taker_the_voids_his_ecart_made() -> None:
    """A taker discards his short suits: at the first lead of 29 four-player deals (each
    a Prise or a Garde, the chien shown), the real takers are void in 38 plain suits in
    all.  The worlds the next seat draws give them about as many (a uniform draw of the
    hidden écart: about 2), and each world still agrees with the view."""
    real = drawn = 0.0
    for seed in range(1, 30):
        start, actions = to_play(4, seed)
        deal = replay(start, actions)
        assert deal is not None and deal.contract is not None and deal.taker is not None
        assert deal.contract.chien_shown
        view = deal.view((deal.taker + 1) % 4)
        rng = random.Random(seed)
        worlds = [sample_world(view, rng) for _ in range(40)]
        for world in worlds:
            check_world(view, world)
        real += plain_voids(deal.hands[deal.taker])
        drawn += sum(plain_voids(w.holdings[deal.taker]) for w in worlds) / len(worlds)
    assert real == 38
    assert 0.6 * real <= drawn <= 1.4 * real


@pytest.mark.parametrize("players", [3, 4, 5])
def test_sampled_worlds_agree_with_the_view(players: int) -> None:
    rng = random.Random(players)
    checked = 0
    for deal in positions(players, 12, seed=players):
        for seat in range(players):
            view = deal.view(seat)
            for _ in range(5):
                check_world(view, sample_world(view, rng))
                checked += 1
    assert checked >= 150


def test_the_true_deal_is_among_the_worlds_that_fit() -> None:
    """The real placement passes the same check: the check is not vacuous either way."""
    for deal in positions(4, 6, seed=11):
        view = deal.view(deal.current_player or 0)
        check_world(view, true_world(deal))
        wrong = World(tuple(tuple(h) for h in deal.hands), ())
        with pytest.raises(AssertionError):
            check_world(view, wrong)


@pytest.mark.kernel
@pytest.mark.parametrize("players", [3, 4, 5])
def test_expert_plays_a_legal_card_within_its_budget(players: int) -> None:
    for k, deal in enumerate(positions(players, 3, seed=20 + players)):
        seat = deal.current_player
        assert seat is not None
        view = deal.view(seat)
        start = time.process_time()
        decision = decide(view, Level.EXPERT, random.Random(k))
        assert time.process_time() - start < 2.0
        assert decision.action in view.legal
        assert decision.reason


@pytest.mark.kernel
def test_expert_is_reproducible_for_a_given_rng() -> None:
    for deal in positions(4, 3, seed=31):
        view = deal.view(deal.current_player or 0)
        first = tarot_expert_decision(view, random.Random(5), deadline=None, max_worlds=4)
        again = tarot_expert_decision(view, random.Random(5), deadline=None, max_worlds=4)
        assert first == again


@pytest.mark.kernel
@pytest.mark.parametrize("core", [pytest.param(True, marks=pytest.mark.skipif(
    compiled("tarot") is None, reason="the compiled core is not built (make core)")), False])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_with_no_deadline_the_expert_weighs_its_tables_cap_of_worlds(
        players: int, core: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cap of worlds is the table size's (``MAX_WORLDS``; ``CORE_MAX_WORLDS`` when
    the compiled core plays the worlds out), in the Expert's decision without deadline as
    in the search the ponder prepares, and every world is weighed."""
    if core:
        monkeypatch.delenv(FORCE_PYTHON, raising=False)
    else:
        monkeypatch.setenv(FORCE_PYTHON, "python")
    monkeypatch.setattr(tarot_search, "MAX_WORLDS", {3: 2, 4: 3, 5: 4})
    monkeypatch.setattr(tarot_search, "CORE_MAX_WORLDS", {3: 3, 4: 4, 5: 5})
    cap = players - 1 + core
    view = next(v for v in (d.view(d.current_player or 0)
                            for d in positions(players, 8, seed=40 + players))
                if TarotWorldSearch(v, random.Random(1), 1).weighs)
    searches: list[TarotWorldSearch] = []

    def source(view: TarotView, rng: random.Random, worlds: int,
               exact: bool) -> TarotWorldSearch:
        searches.append(TarotWorldSearch(view, rng, worlds, exact))
        return searches[-1]

    appraise(view, random.Random(2), None, tarot_source=source)
    assert [(s.cap, len(s.values)) for s in searches] == [(cap, cap)]
    prepared = card_search(view, random.Random(2), None)
    assert isinstance(prepared, TarotWorldSearch) and prepared.cap == cap


@pytest.mark.kernel
def test_a_world_the_deadline_interrupts_is_left_out_of_the_verdict() -> None:
    """The clock is read between a world's cards: past the deadline the world under way
    is dropped; the first world is always weighed whole, the one a deadline of 0 leaves."""
    view = next(v for v in (d.view(d.current_player or 0) for d in positions(5, 6, seed=33))
                if TarotWorldSearch(v, random.Random(5), 4).weighs)
    search = TarotWorldSearch(view, random.Random(5), 4)
    search.draw_all()
    assert not search.roll_world(time.perf_counter() - 1.0) and not search.values
    assert search.roll_world() and len(search.values) == 1
    hurried = weigh_tarot_cards(view, random.Random(5), 0.0, 4)
    assert hurried == weigh_tarot_cards(view, random.Random(5), None, 1)


@pytest.mark.kernel
def test_expert_leaves_the_lone_card_and_the_last_trick_to_the_confirme() -> None:
    checked = 0
    for deal in positions(3, 6, seed=41):
        view = deal.view(deal.current_player or 0)
        cards = [a for a in view.legal if isinstance(a, TarotPlayCard)]
        if len(cards) == 1 or len(view.hand) == 1:
            assert tarot_expert_decision(view, random.Random(0)) == tarot_decision(view)
            checked += 1
    assert checked >= 1, "these positions (seed 41) hold a forced card"


def hidden_swap(deal: TarotDeal, seat: int, rng: random.Random) -> TarotDeal | None:
    """``deal`` with two cards of one suit swapped between two other hands (None: no
    such pair): ``seat``'s view is the same."""
    others = [s for s in range(deal.players) if s != seat]
    pairs = [(a, i, b, j) for a in others for b in others if a < b
             for i, x in enumerate(deal.hands[a]) for j, y in enumerate(deal.hands[b])
             if x.suit is y.suit and x.suit.is_plain]
    if not pairs:
        return None
    a, i, b, j = rng.choice(pairs)
    hands = [list(h) for h in deal.hands]
    hands[a][i], hands[b][j] = hands[b][j], hands[a][i]
    return deal.evolve(hands=tuple(tuple(h) for h in hands))


@pytest.mark.kernel
def test_swapping_hidden_cards_changes_no_expert_decision() -> None:
    rng = random.Random(7)
    compared = 0
    for k, deal in enumerate(positions(4, 10, seed=51)):
        seat = deal.current_player
        assert seat is not None
        other = hidden_swap(deal, seat, rng)
        if other is None or other.view(seat) != deal.view(seat):
            continue
        mine = tarot_expert_decision(deal.view(seat), random.Random(k), None, 3)
        theirs = tarot_expert_decision(other.view(seat), random.Random(k), None, 3)
        assert mine == theirs
        compared += 1
    assert compared >= 4


def test_equivalent_cards_are_searched_once() -> None:
    """Trumps 3, 4 and 6 with the 5 played are one choice; the 8 is another (the 7 is
    hidden); the Petit and the 21 are bouts, never merged."""
    cards = [trump(3), trump(4), trump(6), trump(8), THE_PETIT, THE_21]
    located = {*cards, trump(5)}
    assert distinct_cards(cards, located) == [THE_PETIT, trump(3), trump(8), THE_21]
    assert same_value(trump(6), trump(3), located)
    assert not same_value(trump(6), trump(8), located)
    assert not same_value(THE_PETIT, trump(2), located | {trump(2)})


@pytest.mark.kernel
def test_a_card_of_the_trick_under_way_between_two_of_the_hand_tells_them_apart() -> None:
    """The 7H led lies between the 6H and the 8H: the 8H takes the trick, the 6H does
    not, so both are weighed (they were one card when the 7H counted as played)."""
    deal = play_state(4, {0: "6H 8H 2S", 1: "9S A02 3S", 2: "4S 5S 6S", 3: "7S 8S"},
                      trick=((3, tarot_card("7H")),), turn=0)
    search = TarotWorldSearch(deal.view(0), random.Random(0), 4)
    assert search.cards == [tarot_card("6H"), tarot_card("8H")]
    plays = tuple(zip((3, 0, 1, 2), tarot_cards("7H 9H 1H 2H"), strict=True))
    finished = play_state(4, {0: "6H 8H 2S", 1: "9S A02 3S", 2: "4S 5S 6S", 3: "7S 8S"},
                          tricks=(TarotTrick(3, plays, 0),))
    kept = TarotWorldSearch(finished.view(0), random.Random(0), 4).cards
    assert set(kept) == {tarot_card("2S"), tarot_card("6H")}  # the 7H gone: 6H is 8H
