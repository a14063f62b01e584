"""The verdict's race (``game.advice``): a card is dropped from it only when it is
significantly worse world by world (the paired test), its figures and its loss stay
paired on the worlds it was rolled out in, and the race spends a number of rollouts,
never a deadline, within the budget that keeps the hint within the thinking time."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterator

import pytest

import game.advice as advice
from game.advice import Budget, CardPlay, Outcome, Position, Sample, current_position
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


def race(position: Position, budget: int, within: float = 20.0,
         rule: Action = ACE) -> CardPlay:
    """The three cards' race: ``budget`` rollout cards (a rollout plays one), batches of
    10 worlds, cards within ``within`` points called as good as each other."""
    def new_search(rng: random.Random, worlds: int, only: list[str] | None) -> Scripted:
        return Scripted(three_cards, rng, worlds, only or ["ace", "king", "queen"])

    work = Budget("test", budget, batch=10, batches=6, first=10, least=advice.MIN_WORLDS,
                  within=within)
    return CardPlay(position, new_search, work, Decision(rule, "hint.search_best", ()),
                    ACTIONS, None, None, 1)


@pytest.fixture
def position() -> Position:
    match, _ = Match.new(CoincheRules(), 1)
    seat = match.current_player
    assert seat is not None
    return current_position(match, seat)


def finished(play: CardPlay) -> CardPlay:
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


@pytest.mark.kernel
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
    assert play.spent <= max(advice.table_budget(True).cards, first_batch)
    assert verdict.worlds >= advice.MIN_WORLDS and verdict.decision.action in play.actions


def test_many_cards_as_good_as_each_other_are_counted_not_hidden() -> None:
    """The tarot opening lead within the thinking time rarely tells its cards apart: the
    hint names up to three; past three it names two and says how many more are as good,
    in both languages."""
    from game.advice import Figures, Verdict
    from game.ui.table.words import advice_lines
    from tests.words import ENGLISH, FRENCH

    hearts = [PlayCard(card(Suit.HEARTS, r)) for r in
              (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)]
    rule = Decision(hearts[0], "hint.search_best", ())
    figures = tuple(Figures(a, 10.0, 10.0, 0.5) for a in hearts)
    verdict = Verdict(rule, figures, tuple(hearts), 5, True)
    assert ("Ace of hearts, king of hearts and 3 other cards: as good as each other "
            "here.") in advice_lines(ENGLISH, verdict)
    assert ("As de cœur, roi de cœur et 3 autres cartes : aussi bonnes les unes que les "
            "autres ici.") in advice_lines(FRENCH, verdict)
    four = Verdict(rule, figures[:4], tuple(hearts[:4]), 5, True)
    assert ("Ace of hearts, king of hearts and 2 other cards: as good as each other "
            "here.") in advice_lines(ENGLISH, four)
    three = Verdict(rule, figures[:3], tuple(hearts[:3]), 5, True)
    lines = advice_lines(ENGLISH, three)
    assert ("Ace of hearts or king of hearts or queen of hearts: as good as each other "
            "here.") in lines
    # The best two cards' figures: the third, named as good, would lengthen the hint
    # past the room above the hand.
    assert [line for line in lines if "points expected" in line] == [
        "Ace of hearts: +10 points expected, contract made 50%",
        "King of hearts: +10 points expected, contract made 50%"]


def test_a_card_is_equal_only_within_the_stated_bound(position: Position) -> None:
    """The queen, not significantly worse than the ace but ±30 points a world, is called
    as good as it only when the bound on their difference is within the budget's points:
    never by the lack of a significant difference alone."""
    loose, tight = (finished(race(position, 90, within=w)).verdict() for w in (20.0, 2.0))
    queen = loose.loss(QUEEN)
    assert queen is not None and not queen.above(0.0)
    assert set(loose.equals) == {ACE, QUEEN}
    assert loose.within is not None and abs(queen.mean) < loose.within <= 20.0
    assert tight.decision.action == ACE and tight.equals == () and tight.within is None
    assert tight.among_best(ACE) and not tight.among_best(QUEEN) and loose.among_best(QUEEN)


def test_the_rules_card_stays_only_within_the_noise(position: Position) -> None:
    """When the race ends undecided, the rule's card (the Confirmé's) is suggested only if
    it is as good as the best mean's within the bound; otherwise the best mean's card."""
    kept = finished(race(position, 90, within=20.0, rule=QUEEN)).verdict()
    assert kept.decision.action == QUEEN and set(kept.equals) == {ACE, QUEEN}
    assert kept.decision.reason == "hint.search_best"  # the rule's own reason
    undecided = finished(race(position, 90, within=2.0, rule=QUEEN))
    assert "queen" in undecided.racing  # not significantly worse: still in the race
    verdict = undecided.verdict()
    ace, queen = verdict.figures_of(ACE), verdict.figures_of(QUEEN)
    assert ace is not None and queen is not None and ace.value > queen.value
    assert verdict.decision.action == ACE and verdict.equals == ()


def test_the_budget_is_the_cores_when_its_rollouts_are_compiled(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from game.advice import budget
    from game.core import kernels

    monkeypatch.setattr(kernels, "_module", {}.get)  # no core built
    assert budget.table_budget(False) == budget.TRICK_PYTHON
    assert budget.table_budget(True) == budget.TAROT_PYTHON
    compiled = {"trick32": object(), "tarot": object()}
    monkeypatch.setattr(kernels, "_module", compiled.get)
    assert budget.table_budget(False) == budget.TRICK_CORE
    assert budget.table_budget(True) == budget.TAROT_CORE
    assert budget.TRICK_CORE.cards >= 10 * budget.TRICK_PYTHON.cards
    assert budget.TAROT_CORE.cards >= 10 * budget.TAROT_PYTHON.cards


def test_a_tarot_opening_lead_with_the_core_rests_on_a_hundred_deals(
        position: Position) -> None:
    """The core's tarot budget: an opening lead's 18 candidates (a rollout plays 72
    cards), 100 likely deals in the first batch at least, the verdict naming its
    budget."""
    cards = [f"c{i}" for i in range(18)]

    def new_search(rng: random.Random, worlds: int, only: list[str] | None) -> Scripted:
        return Scripted(lambda world, card: luck(world) + coin(world * (1 + len(card))),
                        rng, worlds, only or cards)

    actions: dict[Action, Hashable] = {PlayCard(c): k for c, k in zip(
        [card(s, r) for s in Suit for r in Rank], cards, strict=False)}
    rule = Decision(next(iter(actions)), "hint.search_best", ())
    play = CardPlay(position, new_search, advice.budget.TAROT_CORE, rule, actions, None,
                    None, 72)
    play.step()
    assert play.batches == 1 and play.search is not None and play.search.cap >= 100
    verdict = finished(play).verdict()
    assert verdict.worlds >= 100 and verdict.budget == "core"
    assert play.spent <= max(advice.budget.TAROT_CORE.cards, 100 * 18 * 72)


def test_the_equals_line_says_the_bound_in_points_in_both_languages() -> None:
    from game.advice import Figures, Verdict
    from game.ui.table.words import advice_lines
    from tests.words import ENGLISH, FRENCH

    ace, king = (PlayCard(card(Suit.HEARTS, r)) for r in (Rank.ACE, Rank.KING))
    figures = (Figures(ace, 10.0, 10.0, None), Figures(king, 9.8, 9.8, None))
    rule = Decision(ace, "hint.search_best", ())
    close = Verdict(rule, figures, (ace, king), 40, within=0.4, budget="python")
    assert "Ace of hearts or king of hearts: as good as each other here, within ±1 point." \
        in advice_lines(ENGLISH, close)
    assert "As de cœur ou roi de cœur : aussi bons l'un que l'autre ici, à ±1 point près." \
        in advice_lines(FRENCH, close)
    wide = Verdict(rule, figures, (ace, king), 40, within=5.2, budget="python")
    assert "Ace of hearts or king of hearts: as good as each other here, within ±6 points." \
        in advice_lines(ENGLISH, wide)


def test_a_few_worlds_never_make_two_cards_equal(position: Position) -> None:
    """However wide the bound allowed, two cards are called as good as each other only
    over enough shared worlds: one batch of 10 names no equals, four batches do."""
    few = finished(race(position, 30, within=1e9)).verdict()
    assert few.worlds == 10 and few.equals == () and few.within is None
    many = finished(race(position, 90, within=1e9)).verdict()
    assert many.worlds == 40 and set(many.equals) == {ACE, QUEEN}


@pytest.mark.kernel
@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_tarot_verdicts_outcomes_are_the_same_with_and_without_the_core(
        players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each world's value and outcome of every candidate (the trick under way, who won
    it, the aim reached), rolled out or solved exactly, the same with the compiled core
    (a world's candidates in one call) as on the Python path."""
    from game.advice.searches import _TarotSearch
    from game.ai.tarot_endgame import ENDGAME_TRICKS
    from game.core import FORCE_PYTHON, compiled
    from tests.test_ai_tarot_expert import positions
    from tests.test_core_tarot import endgame_views

    if compiled("tarot") is None:
        pytest.skip("the compiled core is not built (make core)")
    views = [deal.view(deal.current_player) for deal in positions(players, 6, seed=80 + players)
             if deal.current_player is not None]
    views += endgame_views(players, ENDGAME_TRICKS[players], 2, seed=90 + players)
    searched = solved = 0
    for seed, view in enumerate(views):
        found = []
        for force in (False, True):
            if force:
                monkeypatch.setenv(FORCE_PYTHON, "python")
            else:
                monkeypatch.delenv(FORCE_PYTHON, raising=False)
            search = _TarotSearch(view, random.Random(seed), 3)
            while search.step():
                pass
            found.append((search.values, search.details,
                          search.weighs and not search.core))
        (fast, fast_details, fast_python), (slow, slow_details, slow_python) = found
        assert not fast_python and slow_python == bool(slow)
        assert fast == slow and fast_details == slow_details
        searched += bool(fast)
        solved += any(o.trick_ours is None for o in fast_details.values())
    assert searched >= 4 and solved >= 1
