"""Thinking on the player's time never changes what the Expert decides, only how many
worlds it has seen when its deadline comes (``game.ai.ponder``)."""

from __future__ import annotations

import random

import pytest

from game.ai import Level, appraise, decide
from game.ai.memory import build_memory
from game.ai.play import choose_card
from game.ai.ponder import Ponder, card_search
from game.ai.resumable import CancellableRandom, DecisionCancelled
from game.ai.search import SearchSource, WorldSearch, play_worlds, weigh_cards
from game.ai.tarot_search import TarotSource, TarotWorldSearch, table_worlds, weigh_tarot_cards
from game.engine.actions import PlayCard
from game.engine.match import Match
from game.engine.protocol import Phase
from game.engine.rules import BeloteRules, CoincheRules, TarotRules
from game.engine.tarot_actions import TarotPlayCard
from game.engine.tarot_cards import TarotCard
from game.engine.tarot_tricks import TarotView
from game.engine.trick_view import TrickView

# Every test here is handed a compiled kernel: `make test` runs them on the Python path too.
pytestmark = pytest.mark.kernel

WORLDS = 6  # a small cap keeps the searches fast; the default think's is ``play_worlds``


def card_positions(rules: CoincheRules | BeloteRules, seed: int) -> list[Match]:
    """Positions of a deal played by the Confirmé where the seat to play chooses among
    cards (no announcement or arrêt to decide first)."""
    match, _ = Match.new(rules, seed)
    found: list[Match] = []
    while match.current_player is not None and len(found) < 12 and not match.history:
        view = match.view(match.current_player)
        legal = view.deal.legal
        if view.deal.phase is Phase.PLAY and len({a for a in legal if isinstance(a, PlayCard)}) \
                == len(legal) > 1:
            found.append(match)
        match, _ = match.apply(decide(view, Level.CONFIRME, random.Random(0)).action)
    return found


def seat_view(match: Match) -> TrickView:
    assert match.current_player is not None
    view = match.view(match.current_player).deal
    assert isinstance(view, TrickView)
    return view


def search_args(view: TrickView) -> tuple[object, list, tuple]:
    mem = build_memory(view)
    cards = sorted({a.card for a in view.legal if isinstance(a, PlayCard)})
    return mem, cards, choose_card(view, mem, cards)


def given(search: WorldSearch) -> SearchSource:
    """A source of searches that hands over ``search``, prepared ahead."""
    return lambda *args: search


def test_a_search_prepared_in_steps_on_a_copy_holds_what_the_decision_computes() -> None:
    for match in card_positions(CoincheRules(), 4)[:4]:
        view = seat_view(match)
        mem, cards, _ = search_args(view)
        fresh, copied = random.Random(9), random.Random(9)
        whole = WorldSearch(view, mem, cards, fresh, WORLDS)
        while whole.step():
            pass
        copy = random.Random()
        copy.setstate(copied.getstate())
        stepped = WorldSearch(view, mem, cards, copy, WORLDS)
        for _ in range(WORLDS + 2):  # the draw and a few rollouts, not all
            stepped.step()
        assert stepped.matches(view, cards, copied, WORLDS)
        stepped.draw_all()
        stepped.settle(copied)
        while stepped.step():
            pass
        assert stepped.worlds == whole.worlds and stepped.values == whole.values
        assert copied.getstate() == fresh.getstate()


def test_a_pondered_decision_equals_the_unpondered_one_without_a_deadline() -> None:
    """Each position is pondered part-way (several situations, the real one among them):
    the decision, the values weighed and the seat's generator afterwards are the same."""
    for rules, seed in ((CoincheRules(), 4), (BeloteRules(), 8)):
        positions = card_positions(rules, seed)
        assert len(positions) >= 6
        reused = 0
        for k, match in enumerate(positions[:5]):
            view = match.view(match.current_player)  # type: ignore[arg-type]
            alone, pondered = random.Random(k), random.Random(k)
            by_itself = Ponder()  # nothing prepared: the decision as without pondering
            expected = by_itself.decide(view, Level.EXPERT, alone, None)
            ponder = Ponder()
            decoy = (seat_view(positions[k + 1]), pondered)
            ponder.prepare([(view, pondered), decoy], None)
            # A step draws a world or rolls one card out: from part of the draw to part
            # of a world's rollouts, to everything (and on to the other situation).
            for _ in range((10, 40, 100, 200, 2000)[k]):
                ponder.work(0.0)
            got = ponder.decide(view, Level.EXPERT, pondered, None)
            assert got == expected
            assert pondered.getstate() == alone.getstate()
            # every world the cap allows (after another seat's card, the distinct ones
            # the inference from the play kept of them)
            cap = play_worlds(view.deal)  # type: ignore[arg-type]
            assert ponder.last_seen == by_itself.last_seen and 0 < ponder.last_seen <= cap
            reused += ponder.last_reused
        assert reused > 0


def test_the_values_weighed_are_the_same_with_a_prepared_search() -> None:
    match = card_positions(CoincheRules(), 4)[5]
    view = match.view(match.current_player)  # type: ignore[arg-type]
    alone, pondered = random.Random(2), random.Random(2)
    expected = appraise(view, alone, None)
    ponder = Ponder()
    ponder.prepare([(view, pondered)], None)
    while ponder.work(0.01):
        pass
    prepared = ponder.prepared[0]
    got = appraise(view, pondered, None, source=ponder._search_for)
    assert prepared.finished and ponder.last_reused == len(prepared.values) > 0
    assert got == expected and pondered.getstate() == alone.getstate()


def test_with_a_deadline_a_pondered_decision_sees_more_worlds() -> None:
    """A deadline too short for a second world: alone, the search sees one world; with
    the search prepared part-way it goes on from there; prepared fully, it sees them all
    and decides as with no deadline."""
    view = seat_view(card_positions(CoincheRules(), 4)[2])
    mem, cards, fallback = search_args(view)
    seen = []
    # the draw's steps (a world each, then its end), then three worlds' rollouts
    for prepared_steps in (0, WORLDS + 1 + 3 * len(cards), 1000):
        rng = random.Random(5)
        copy = random.Random()
        copy.setstate(rng.getstate())
        search = WorldSearch(view, mem, cards, copy, WORLDS)
        for _ in range(prepared_steps):
            search.step()
        weigh_cards(view, mem, cards, fallback, rng, WORLDS, 1e-9, given(search))
        seen.append(len(search.values))
    assert seen == [1, 4, WORLDS]  # alone one world; else one more than prepared, at most all
    full = weigh_cards(view, mem, cards, fallback, random.Random(5), WORLDS, None)
    rng = random.Random(5)
    copy = random.Random()
    copy.setstate(rng.getstate())
    search = WorldSearch(view, mem, cards, copy, WORLDS)
    while search.step():
        pass
    assert weigh_cards(view, mem, cards, fallback, rng, WORLDS, 1e-9,
                       given(search)) == full


def test_a_search_is_not_reused_for_another_situation_or_generator_state() -> None:
    positions = card_positions(CoincheRules(), 4)
    view = positions[3].view(positions[3].current_player)  # type: ignore[arg-type]
    other = positions[4].view(positions[4].current_player)  # type: ignore[arg-type]
    rng = random.Random(1)
    ponder = Ponder()
    ponder.prepare([(other, rng)], None)
    while ponder.work(0.01):
        pass
    assert ponder.prepared and ponder.prepared[0].finished
    alone = random.Random(1)
    assert ponder.decide(view, Level.EXPERT, rng, None) == decide(view, Level.EXPERT, alone,
                                                                  None)
    assert ponder.last_reused == 0 and not ponder.prepared  # dropped after the decision
    advanced = random.Random(1)
    ponder.prepare([(view, advanced)], None)
    while ponder.work(0.01):
        pass
    advanced.random()  # the seat's generator moved on since: the preparation is stale
    ponder.decide(view, Level.EXPERT, advanced, None)
    assert ponder.last_reused == 0


def test_only_the_expert_card_play_is_prepared() -> None:
    match, _ = Match.new(CoincheRules(), 4)  # the bidding
    assert card_search(match.view(match.current_player), random.Random(0),  # type: ignore[arg-type]
                       None) is None
    play = card_positions(CoincheRules(), 4)[0]
    view = play.view(play.current_player)  # type: ignore[arg-type]
    search = card_search(view, random.Random(0), 0.3)
    assert search is not None and search.cap == play_worlds(view.deal) and not search.worlds


def test_the_work_stops_at_the_next_step_when_the_host_needs_the_processor() -> None:
    match = card_positions(CoincheRules(), 4)[1]
    ponder = Ponder()
    ponder.prepare([(match.view(match.current_player), random.Random(0))], None)  # type: ignore[arg-type]
    assert ponder.work(10.0, lambda: True)  # more to do
    assert len(ponder.prepared[0].worlds) == 1  # one step: one world drawn
    while ponder.work(10.0):
        pass
    search = ponder.prepared[0]
    cap = play_worlds(match.view(match.current_player).deal)  # type: ignore[arg-type]
    assert search.finished and 0 < len(search.values) == len(search.worlds) <= cap


def tarot_positions(players: int, seed: int) -> list[Match]:
    """Positions of a tarot deal played by the Confirmé where the Expert weighs cards."""
    match, _ = Match.new(TarotRules(players=players), seed)
    found: list[Match] = []
    while match.current_player is not None and len(found) < 8 and not match.history:
        view = match.view(match.current_player)
        if card_search(view, random.Random(0), None) is not None:
            found.append(match)
        match, _ = match.apply(decide(view, Level.CONFIRME, random.Random(0)).action)
    return found


def test_a_pondered_tarot_decision_equals_the_unpondered_one_without_a_deadline() -> None:
    """As at the 32-card games: pondered part-way, or wholly, the same decision and
    values, the same generator afterwards, every world seen."""
    reused = 0
    for players, seed in ((3, 1), (4, 2), (5, 3)):
        positions = tarot_positions(players, seed)
        assert len(positions) >= 4
        for k, match in enumerate(positions[:3]):
            view = match.view(match.current_player)  # type: ignore[arg-type]
            alone, pondered = random.Random(k), random.Random(k)
            expected = appraise(view, alone, None)
            ponder = Ponder()
            decoy = positions[k + 1].view(positions[k + 1].current_player)  # type: ignore[arg-type]
            ponder.prepare([(decoy, pondered), (view, pondered)], None)
            for _ in range((30, 60, 5000)[k]):
                ponder.work(0.0)
            assert isinstance(ponder.prepared[-1], TarotWorldSearch)
            got = appraise(view, pondered, None, tarot_source=ponder._tarot_search_for)
            assert got == expected and pondered.getstate() == alone.getstate()
            reused += ponder.last_reused
    assert reused > 0


def test_with_a_deadline_a_pondered_tarot_decision_sees_more_worlds() -> None:
    """A deadline too short for a second world: alone the search sees one; prepared
    part-way it goes on from there; prepared fully it sees all and decides as with no
    deadline."""
    match = tarot_positions(4, 2)[1]
    view = match.view(match.current_player).deal  # type: ignore[arg-type]
    assert isinstance(view, TarotView)
    seen, decisions = [], []
    for steps in (0, 16 + 1 + 2 * len(legal_cards(view)), 10_000):
        rng = random.Random(4)
        copy = random.Random()
        copy.setstate(rng.getstate())
        search = TarotWorldSearch(view, copy, 16)
        for _ in range(steps):
            search.step()
        decisions.append(weigh_tarot_cards(view, rng, 1e-9, 16, source=given_tarot(search)))
        seen.append(len(search.values))
    assert seen[0] == 1 and 2 <= seen[1] < 16 and seen[2] == 16
    assert decisions[2] == weigh_tarot_cards(view, random.Random(4), None, 16)


def given_tarot(search: TarotWorldSearch) -> TarotSource:
    """A source of tarot searches that hands over ``search``, prepared ahead."""
    return lambda *args: search


def legal_cards(view: TarotView) -> set[TarotCard]:
    return {a.card for a in view.legal if isinstance(a, TarotPlayCard)}


def test_the_tarot_card_play_is_prepared_not_its_bidding() -> None:
    match, _ = Match.new(TarotRules(players=4), 2)
    assert card_search(match.view(match.current_player), random.Random(0),  # type: ignore[arg-type]
                       None) is None
    play = tarot_positions(4, 2)[0]
    search = card_search(play.view(play.current_player), random.Random(0), 0.3)  # type: ignore[arg-type]
    assert isinstance(search, TarotWorldSearch) and search.cap == table_worlds(4) \
        and not search.worlds


def test_a_search_resumed_by_a_cancelled_decision_stops_the_pondering_quietly() -> None:
    """An undo cancels the decision that resumed a prepared search: the decision stops
    (``DecisionCancelled``), nothing prepared is left, and the pondering that goes on at
    the table's next frames neither raises nor works for it."""
    match = card_positions(CoincheRules(), 4)[0]
    view = match.view(match.current_player)  # type: ignore[arg-type]
    ponder = Ponder()
    ponder.prepare([(view, random.Random(1))], None)
    ponder.work(0.0)
    rng = CancellableRandom(1)
    rng.cancel()
    with pytest.raises(DecisionCancelled):
        ponder.decide(view, Level.EXPERT, rng, None)
    assert ponder.work(1.0) is False


def test_the_pondering_drops_a_prepared_search_whose_decision_was_cancelled() -> None:
    match = card_positions(CoincheRules(), 4)[0]
    view = match.view(match.current_player)  # type: ignore[arg-type]
    ponder = Ponder()
    ponder.prepare([(view, random.Random(1))], None)
    [search] = ponder._searches
    cancelled = CancellableRandom(1)
    cancelled.cancel()
    search.decision_rng = cancelled  # handed to a decision an undo then cancelled
    assert ponder.work(1.0) is False
    assert ponder._searches == []
