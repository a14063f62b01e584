"""The race's judgement when many cards are compared (``game.advice``): a card leaves
the race only when it is worse beyond the chance of the many comparisons and looks the
budget allows; the race is not settled on a few likely deals; and at tarot with the
compiled core's budget every world drawn is kept, weighed by how well it fits the
auction, and counted as the likely deals its weights are worth."""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator

import pytest

import game.advice as advice
from game.advice import Budget, CardPlay, Difference, Outcome, Position, Sample
from game.advice.sample import LEVEL, family_level
from game.ai import Decision, Level, decide
from game.ai.resumable import ResumableSearch
from game.ai.tarot_auction_reading import auction_fit, shown_strengths
from game.engine.actions import PlayCard
from game.engine.cards import Rank, Suit, card
from game.engine.match import Match
from game.engine.protocol import Action, Phase
from game.engine.rules import CoincheRules, TarotRules
from game.engine.tarot_tricks import TarotView

EIGHTEEN = [f"c{i:02d}" for i in range(18)]
ACTIONS: dict[Action, Hashable] = {PlayCard(c): k for c, k in zip(
    [card(s, r) for s in Suit for r in Rank], EIGHTEEN, strict=False)}


class Even(ResumableSearch[None, float, str]):
    """Worlds of shared luck (hundreds of points) in which every card has the same
    expectation, each with its own toss of ±30 points (``heavy``: none), but ``worse``
    40 points below; ``heavy``: one world in five weighs a thousand times the others
    (``draws``, as the auction weighs tarot's)."""

    def __init__(self, rng: random.Random, worlds: int, cards: list[str],
                 heavy: bool = False, worse: str = "") -> None:
        super().__init__(None, cards, rng, worlds)
        self.details: dict[tuple[int, Hashable], Outcome] = {}
        self.heavy, self.worse = heavy, worse
        self.draws: list[float] = []

    def world_stream(self) -> Iterator[float]:
        for k in range(self.cap):
            self.draws.append(1.0 if not self.heavy or k % 5 == 0 else 0.001)
            yield self.rng.random()

    def value(self, world: float, card: str) -> float:
        toss = 30.0 if random.Random(f"{world}/{card}").random() < 0.5 else -30.0
        toss *= not self.heavy
        value = 1000.0 * world + toss - (40.0 if card == self.worse else 0.0)
        self.details[(len(self.values), card)] = Outcome(value, value, None, None)
        return value


@pytest.fixture
def position() -> Position:
    match, _ = Match.new(CoincheRules(), 1)
    seat = match.current_player
    assert seat is not None
    return advice.current_position(match, seat)


def finished(play: CardPlay) -> CardPlay:
    while play.step():
        pass
    return play


def even_race(position: Position, cards: list[str], heavy: bool = False,
              worse: str = "", settled: int = advice.budget.EQUAL_WORLDS,
              batches: int = 6) -> CardPlay:
    def new_search(rng: random.Random, worlds: int, only: list[str] | None) -> Even:
        return Even(rng, worlds, only or cards, heavy, worse)

    budget = Budget("test", 10 ** 9, batch=24, batches=batches, first=24,
                    least=advice.MIN_WORLDS, within=8.0, settled=settled)
    actions: dict[Action, Hashable] = {a: k for a, k in ACTIONS.items() if k in cards}
    return CardPlay(position, new_search, budget, Decision(next(iter(actions)),
                    "hint.search_best", ()), actions, None, None, 1)


def test_cards_as_good_as_each_other_stay_in_a_race_of_eighteen(position: Position) -> None:
    """Eighteen cards of the same worth: the leader after a batch is the luckiest of
    eighteen, and each of the seventeen others is compared with it after each batch.
    At 95 % a comparison, some would leave the race by chance; at the level that keeps
    the chance of dropping any of them within 5 % over all comparisons, none does."""
    play = even_race(position, EIGHTEEN)
    by_chance: set[Hashable] = set()  # what the plain 95 % test would drop after some batch
    while play.step():
        if play.search is None:
            sample, leader = play.sample, play._leader()
            by_chance |= {c for c in play.racing
                          if c != leader and sample.difference(leader, c).above(0.0)}
    assert by_chance
    assert sorted(map(str, play.racing)) == EIGHTEEN and play.batches == 6


def test_a_card_clearly_worse_still_leaves_the_race(position: Position) -> None:
    """A card 40 points below the others in every world (its toss apart) leaves the race
    early, whatever the number of comparisons."""
    play = finished(even_race(position, EIGHTEEN[:6], worse="c03"))
    assert "c03" not in play.racing
    assert len(play.sample.outcomes["c03"]) < len(play.sample.weights)


def test_the_race_is_not_settled_on_a_few_likely_deals(position: Position) -> None:
    """A card 40 points worse in every world, of which one in five weighs a thousand
    times the others: the first batch's 24 worlds count for 5 likely deals, too few to
    call the race; it goes on until the worlds are worth 20 likely deals at least, or
    the budget's ``settled`` (tarot's with the core: 100)."""
    play = even_race(position, ["c00", "c01"], heavy=True, worse="c01", batches=8)
    play.step()
    while play.search is not None:
        play.step()
    assert play.sample.likely_deals() < advice.budget.EQUAL_WORLDS
    assert play.sample.difference("c00", "c01").above(0.0)  # told apart on 5 deals
    finished(play)
    assert play.batches > 1
    assert play.sample.likely_deals() >= advice.budget.EQUAL_WORLDS
    assert play.verdict().worlds == play.sample.likely_deals() < len(play.sample.weights)
    settled = finished(even_race(position, ["c00", "c01"], heavy=True, worse="c01",
                                 settled=30, batches=8))  # the budget's floor
    assert play.batches < settled.batches < 8
    assert settled.sample.likely_deals() >= 30 > play.sample.likely_deals()


def test_likely_deals_count_the_worlds_by_their_weights() -> None:
    sample = Sample()
    for weight in (1.0, 1.0, 1.0, 1.0):
        sample.add(weight, {"a": Outcome(0.0, 0.0, None, None)})
    assert sample.likely_deals() == sample.likely_deals("a") == 4
    sample.add(100.0, {"b": Outcome(0.0, 0.0, None, None)})
    assert sample.likely_deals("b") == 1 and sample.likely_deals() == 1


def test_a_family_of_comparisons_asks_more_of_each() -> None:
    difference = Difference(2.0, 1.0, 100.0)
    assert family_level(1) == LEVEL and family_level(17) == pytest.approx(1 - 0.05 / 17)
    assert difference.above(0.0) and not difference.above(0.0, family_level(17))
    assert difference.reach(family_level(17)) > difference.reach() > 2.0


def tarot_view(position: Position) -> TarotView:
    view = position.view.deal
    assert isinstance(view, TarotView)
    return view


def tarot_first_lead(seed: int) -> Position:
    """Seat 0's first card at tarot four in match ``seed``, after an auction in which
    another seat spoke (the worlds are weighed by it)."""
    match, _ = Match.new(TarotRules(players=4), seed)
    rng = random.Random(seed)
    while match.current_player != 0 or match.view(0).deal.phase is not Phase.PLAY:
        seat = match.current_player
        assert seat is not None
        match, _ = match.apply(decide(match.view(seat), Level.CONFIRME, rng).action)
    return advice.current_position(match, 0)


@pytest.mark.kernel  # weighed draws rolled out by the kernel, or by its twin on the Python path
def test_the_tarot_core_budget_keeps_every_draw_weighed_by_the_auction() -> None:
    """With the core's budget, every world drawn is rolled out, weighed by how well it
    fits the auction (the Expert's resampling kept one draw in twelve); the race's
    worlds carry those weights, and the verdict counts the likely deals they are
    worth."""
    from game.advice.searches import _TarotSearch, card_play

    position = next(p for p in map(tarot_first_lead, range(1, 40))
                    if any(s != 0 for s in shown_strengths(tarot_view(p))))
    view = tarot_view(position)
    search = _TarotSearch(view, random.Random(3), 30, weighed=True)
    while search.step():
        pass
    assert len(search.worlds) == len(search.draws) == len(search.values) == 30
    assert search.draws == [auction_fit(view, w.holdings, w.pile) for w in search.worlds]
    assert len(set(search.draws)) > 1
    assert advice.budget.TAROT_CORE.weighed_draws and not advice.budget.TAROT_PYTHON.weighed_draws
    play = card_play(position, lambda tarot: advice.budget.TAROT_CORE)
    assert play is not None
    play.step()
    while play.search is not None:
        play.step()
    assert play.sample.weights == play_weights(play)
    assert len(play.sample.weights) >= advice.budget.TAROT_CORE.first


def play_weights(play: CardPlay) -> list[float]:
    """The auction's fit of each world the race's first batch drew, drawn again."""
    from game.advice.searches import _TarotSearch

    view = tarot_view(play.position)
    again = _TarotSearch(view, play.position.rng(0), len(play.sample.weights), weighed=True)
    while not again._drawn:
        again.draw_next()
    return [auction_fit(view, w.holdings, w.pile) for w in again.worlds]
