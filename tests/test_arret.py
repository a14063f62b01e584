"""The arrêt ("j'arrête", belote.md, option ``arret``): who may stop, and what it decides."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.engine.actions import Pass, Stop
from game.engine.belote import BeloteDeal
from game.engine.match import Match
from game.engine.protocol import IllegalAction, Phase
from game.engine.rules import BeloteRules

ARRET = BeloteRules(arret=True)


def play_until(deal: BeloteDeal, stop_here: Callable[[BeloteDeal], bool]) -> BeloteDeal:
    """Plays the first legal action, neither a pass nor a stop, until ``stop_here`` holds
    (or the deal ends)."""
    while not deal.is_over and not stop_here(deal):
        action = next(a for a in deal.legal_actions() if not isinstance(a, Stop | Pass))
        deal, _ = deal.apply(action)
    return deal


def in_play(deal: BeloteDeal) -> bool:
    return deal.phase is Phase.PLAY and deal.taker is not None and not deal.trick


def side_to_play(deal: BeloteDeal) -> int:
    assert deal.turn is not None
    return deal.side_of(deal.turn)


def takers_of(deal: BeloteDeal) -> int:
    assert deal.taker is not None
    return deal.side_of(deal.taker)


def first_played_deal(totals: tuple[int, int]) -> BeloteDeal:
    deal, _ = BeloteDeal.new(ARRET, 0, 0, totals)
    return play_until(deal, in_play)


def test_stop_is_offered_only_with_the_option_and_before_the_seventh_trick() -> None:
    deal = first_played_deal((0, 0))
    assert Stop() in deal.legal_actions()
    plain, _ = BeloteDeal.new(BeloteRules(), 0, 0)
    plain = play_until(plain, lambda d: d.phase is Phase.PLAY)
    assert all(not isinstance(a, Stop) for a in plain.legal_actions())
    late = play_until(deal, lambda d: len(d.tricks) == 6)
    assert Stop() not in late.legal_actions()
    with pytest.raises(IllegalAction):
        late.apply(Stop())


def test_stop_is_not_offered_at_three_players() -> None:
    deal, _ = BeloteDeal.new(BeloteRules(players=3, arret=True), 1, 0)
    deal = play_until(deal, lambda d: d.phase is Phase.PLAY)
    assert all(not isinstance(a, Stop) for a in deal.legal_actions())


def defender_stop(totals: tuple[int, int]) -> tuple[BeloteDeal, BeloteDeal, int]:
    """(the deal just before a defender's arrêt, the deal after it, the defence side),
    the defender stopping once his side has taken points."""
    for seed in range(30):
        deal, _ = BeloteDeal.new(ARRET, seed, 0, totals)
        deal = play_until(deal, in_play)
        defence = 1 - takers_of(deal)
        deal = play_until(deal, lambda d, s=defence: side_to_play(d) == s  # type: ignore[misc]
                          and d.tally().total(s) > 0 and len(d.tricks) < 6)
        if not deal.is_over:
            stopped, _ = deal.apply(Stop())
            assert stopped.is_over, "a defender's arrêt ends the deal"
            return deal, stopped, defence
    raise AssertionError("no defender ever took points")


def test_a_defender_who_reaches_the_target_wins_the_game_at_once() -> None:
    before, stopped, defence = defender_stop((995, 995))
    result = stopped.result()
    assert result is not None and result.facts.arret_winner == defence
    tally = before.tally()
    assert result.scores == (tally.total(0), tally.total(1))


def test_a_defender_who_stops_short_of_the_target_loses_and_the_takers_score_everything() -> None:
    _, stopped, defence = defender_stop((0, 0))
    result = stopped.result()
    assert result is not None and result.facts.arret_winner == 1 - defence
    assert result.scores[1 - defence] >= 162 and result.scores[defence] == 0


def taker_stop_outcomes(totals: tuple[int, int]) -> list[tuple[bool, int, tuple[int, ...]]]:
    """(takers won the last trick, the arrêt winner, scores) over a few deals."""
    outcomes = []
    for seed in range(12):
        deal, _ = BeloteDeal.new(ARRET, seed, 0, totals)
        deal = play_until(deal, in_play)
        if deal.is_over:
            continue
        takers = takers_of(deal)
        deal = play_until(deal, lambda d, t=takers: side_to_play(d) == t  # type: ignore[misc]
                          and d.tally().total(t) > 0 and not d.trick)
        if deal.is_over or Stop() not in deal.legal_actions():
            continue
        deal, _ = deal.apply(Stop())
        assert not deal.is_over, "a taker's arrêt lets play go on"
        deal = play_until(deal, lambda d: False)
        result = deal.result()
        assert result is not None
        last_by_takers = deal.side_of(deal.tricks[-1].winner) == takers
        outcomes.append((last_by_takers, result.facts.arret_winner == takers, result.scores))
    return outcomes


def test_a_taker_who_reached_the_target_must_also_win_the_last_trick() -> None:
    outcomes = taker_stop_outcomes((990, 990))
    assert outcomes
    for last_by_takers, takers_won, _ in outcomes:
        assert takers_won == last_by_takers
    assert {last for last, _, _ in outcomes} == {True, False}, "both branches are exercised"


def test_a_taker_who_stops_short_of_the_target_loses_the_game() -> None:
    outcomes = taker_stop_outcomes((0, 0))
    assert outcomes
    assert all(not takers_won for _, takers_won, _ in outcomes)


def test_the_arret_decides_the_match_whatever_the_totals() -> None:
    match, _ = Match.new(ARRET, 7)
    while not match.is_over:
        legal = match.legal_actions()
        if Stop() in legal and match.deal.tricks:
            match, _ = match.apply(Stop())
            continue
        match, _ = match.apply(next(a for a in legal if not isinstance(a, Stop | Pass)))
    last = match.history[-1].result
    assert last.facts.outcome == "arret"
    assert match.winner == last.facts.arret_winner
    assert Match.from_json(match.to_json()).winner == match.winner


def test_the_computer_claims_the_arret_against_the_tables_target() -> None:
    """A deal's view carries the target, so a defender over a 500-point target stops."""
    import random

    from game.ai import Level, decide

    rules = BeloteRules(arret=True, target=500)
    for seed in range(30):
        deal, _ = BeloteDeal.new(rules, seed, 0, (495, 495))
        deal = play_until(deal, in_play)
        defence = 1 - takers_of(deal)
        deal = play_until(deal, lambda d, s=defence: side_to_play(d) == s  # type: ignore[misc]
                          and d.tally().total(s) >= 5 and len(d.tricks) < 6)
        if not deal.is_over:
            break
    assert deal.turn is not None and not deal.is_over
    decision = decide(deal.view(deal.turn), Level.CONFIRME, random.Random(0))
    assert decision.action == Stop()
