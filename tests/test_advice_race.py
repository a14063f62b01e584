"""The verdict's race (``game.advice``): a card is dropped from it only when it is
significantly worse world by world (the paired test), its figures and its loss stay
paired on the worlds it was rolled out in, and the race spends a number of rollouts,
never a deadline, within the budget that keeps the hint within the thinking time."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterator

import pytest

import game.advice as advice
from game.advice import Outcome, Position, Sample, _CardPlay, current_position
from game.ai import Decision
from game.ai.resumable import ResumableSearch
from game.engine.actions import PlayCard
from game.engine.cards import Rank, Suit, card
from game.engine.match import Match
from game.engine.protocol import Action
from game.engine.rules import CoincheRules, TarotRules

Values = Callable[[float, str], float]
ACE, KING, QUEEN = (PlayCard(card(Suit.HEARTS, r)) for r in (Rank.ACE, Rank.KING, Rank.QUEEN))
ACTIONS: dict[Action, Hashable] = {ACE: "ace", KING: "king", QUEEN: "queen"}


class Scripted(ResumableSearch[None, float, str]):
    """A search whose worlds are numbers drawn from the batch's generator, and whose
    rollouts ``values`` gives (a world's luck, shared by every card in it, and each
    card's own)."""

    def __init__(self, values: Values, rng: random.Random, worlds: int,
                 cards: list[str]) -> None:
        super().__init__(None, cards, rng, worlds)
        self.values_of = values
        self.details: dict[tuple[int, Hashable], Outcome] = {}

    def world_stream(self) -> Iterator[float]:
        for _ in range(self.cap):
            yield self.rng.random()

    def value(self, world: float, card: str) -> float:
        value = self.values_of(world, card)
        self.details[(len(self.values), card)] = Outcome(value, value, None, None)
        return value


def luck(world: float) -> float:
    """What a world gives every card: hundreds of points either way."""
    return 1000.0 * world


def coin(world: float) -> float:
    """A world's toss, ±30 points: the queen's own luck, independent of the ace's."""
    return 30.0 if int(world * 1e6) % 2 else -30.0


def three_cards(world: float, card: str) -> float:
    """The king exactly 1 point below the ace in every world (far below the worlds'
    spread: only a paired comparison sees it); the queen 0.5 below on average, ±30
    (within the noise)."""
    base = luck(world)
    return {"ace": base, "king": base - 1.0, "queen": base - 0.5 + coin(world)}[card]


def race(position: Position, budget: int) -> _CardPlay:
    def new_search(rng: random.Random, worlds: int, only: list[str] | None) -> Scripted:
        return Scripted(three_cards, rng, worlds, only or ["ace", "king", "queen"])

    rule = Decision(ACE, "hint.search_best", ())
    return _CardPlay(position, new_search, 10, rule, ACTIONS, None, None, 1, budget)


@pytest.fixture
def position() -> Position:
    match, _ = Match.new(CoincheRules(), 1)
    seat = match.current_player
    assert seat is not None
    return current_position(match, seat)


def finished(play: _CardPlay) -> _CardPlay:
    while play.step():
        pass
    return play


def test_a_card_leaves_the_race_only_when_the_paired_test_says_it_is_worse(
        position: Position) -> None:
    play = finished(race(position, budget=90))  # 3 cards x 10 worlds, then 2 x 30
    worlds = len(play.sample.weights)
    assert worlds == 40
    # the king, 1 point worse in every world: dropped after the first batch, though its
    # mean is within a hair of the others' against the worlds' spread of hundreds
    assert len(play.sample.outcomes["king"]) == 10
    # the queen, worse on average but within the noise: kept to the end with the ace
    assert len(play.sample.outcomes["queen"]) == worlds == len(play.sample.outcomes["ace"])
    verdict = play.verdict()
    assert verdict.decision.action == ACE and set(verdict.equals) == {ACE, QUEEN}
    assert verdict.worlds == worlds
    king = verdict.loss(KING)
    assert king is not None and king.mean == 1.0 and king.error == 0.0 and king.above(0.0)
    queen = verdict.loss(QUEEN)
    assert queen is not None and not queen.above(0.0)


def test_the_closer_look_pairs_a_dropped_card_with_the_best_on_the_same_worlds(
        position: Position, monkeypatch: pytest.MonkeyPatch) -> None:
    play = finished(race(position, budget=90))
    monkeypatch.setattr(advice.race, "CLOSER_ERROR", -1.0)  # every batch of the closer look
    closer = play.closer("ace", "king")
    assert len(closer.outcomes["king"]) == 10 + advice.CLOSER_BATCHES * 10
    assert len(closer.outcomes["ace"]) == 40 + advice.CLOSER_BATCHES * 10
    loss = closer.difference("ace", "king")  # world by world: exactly 1 point each
    assert loss.mean == 1.0 and loss.error == 0.0
    assert play.sample.outcomes["king"] == {i: o for i, o in closer.outcomes["king"].items()
                                            if i < 40}  # the race's own worlds untouched


def test_the_race_spends_its_budget_in_rollouts_the_same_in_any_slices(
        position: Position) -> None:
    small, large = finished(race(position, budget=30)), finished(race(position, budget=90))
    assert len(small.sample.weights) == 10  # the first batch only: the budget is spent
    assert large.sample.weights[:10] == small.sample.weights  # the same first worlds
    assert finished(race(position, budget=90)).verdict() == large.verdict()


def test_the_first_batch_has_a_few_worlds_even_beyond_the_budget(position: Position) -> None:
    play = finished(race(position, budget=0))
    assert len(play.sample.weights) == advice.MIN_WORLDS


def test_a_sample_compares_two_cards_on_the_worlds_both_were_rolled_out_in() -> None:
    sample = Sample()
    sample.add(1.0, {"a": Outcome(10.0, 0.0, None, None), "b": Outcome(4.0, 0.0, None, None)})
    sample.add(1.0, {"a": Outcome(20.0, 0.0, None, None), "b": Outcome(14.0, 0.0, None, None)})
    sample.add(1.0, {"a": Outcome(500.0, 0.0, None, None)})  # b dropped: a's lucky world
    difference = sample.difference("a", "b")
    assert difference.mean == 6.0 and difference.error == 0.0 and difference.worlds == 2.0
    assert sample.mean("a", lambda o: o.value) == 530.0 / 3
    assert sample.shared("a", "b") == [0, 1]


def test_the_tarot_opening_lead_is_weighed_within_the_budget() -> None:
    """Seat 0's opening lead at tarot four (18 cards): the race plays no more cards than
    the budget allows, beyond a first batch of a few worlds."""
    match, _ = Match.new(TarotRules(players=4), 1)
    rng = random.Random(1)
    from game.ai import Level, decide

    while match.current_player != 0 or match.view(0).deal.phase.name != "PLAY":
        seat = match.current_player
        assert seat is not None
        match, _ = match.apply(decide(match.view(seat), Level.CONFIRME, rng).action)
    evaluation = advice.Advisor().evaluation(current_position(match, 0))
    verdict = evaluation.run()
    play = evaluation._cards
    assert play is not None and len(play.actions) >= 15
    first_batch = advice.MIN_WORLDS * len(set(play.actions.values())) * play.plays
    assert play.spent <= max(advice.TAROT_BUDGET, first_batch)
    assert verdict.worlds >= advice.MIN_WORLDS and verdict.decision.action in play.actions


def test_many_cards_as_good_as_each_other_are_counted_not_hidden() -> None:
    """The tarot opening lead within the thinking time rarely tells its cards apart: the
    hint names three and says how many more are as good, in both languages."""
    from game.advice import Figures, Verdict
    from game.ui.table.words import advice_lines
    from tests.words import ENGLISH, FRENCH

    hearts = [PlayCard(card(Suit.HEARTS, r)) for r in
              (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)]
    rule = Decision(hearts[0], "hint.search_best", ())
    figures = tuple(Figures(a, 10.0, 10.0, 0.5) for a in hearts)
    verdict = Verdict(rule, figures, tuple(hearts), 5, True)
    assert ("Ace of hearts, king of hearts, queen of hearts and 2 other cards: as good as "
            "each other here.") in advice_lines(ENGLISH, verdict)
    assert ("As de cœur, roi de cœur, dame de cœur et 2 autres cartes : aussi bonnes les "
            "unes que les autres ici.") in advice_lines(FRENCH, verdict)
    four = Verdict(rule, figures[:4], tuple(hearts[:4]), 5, True)
    assert any(line.endswith("and 1 other card: as good as each other here.")
               for line in advice_lines(ENGLISH, four))
    three = Verdict(rule, figures[:3], tuple(hearts[:3]), 5, True)
    assert ("Ace of hearts or king of hearts or queen of hearts: as good as each other "
            "here.") in advice_lines(ENGLISH, three)
