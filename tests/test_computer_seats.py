"""The computer seats across an undo: the decision being thought when the position
changed is cancelled (the worker is free at once) and advances no seat's generator, and
a move made again after an undo is the move made the first time."""

from __future__ import annotations

import random
import time

import pytest

from game.ai import Level, decide
from game.engine.match import Match
from game.engine.protocol import Action, Phase
from game.engine.rules import CoincheRules
from game.par_replay import seat_generator
from game.ui.table.computer_seats import ComputerSeats, SeatConfig

HUMAN = SeatConfig(human=True)
THINK = 0.05


def seats_of(level: Level, ponder: bool = False) -> ComputerSeats:
    return ComputerSeats((HUMAN, SeatConfig(level=level), SeatConfig(level=level),
                          SeatConfig(level=level)), viewer=0, ponder=ponder)


def decided(computers: ComputerSeats, match: Match, think: float = THINK) -> Action:
    """The computer's move in ``match``, once thought (no delay to wait for)."""
    for _ in range(2000):
        action = computers.decision(match, 0.0, 0.0, think)
        if action is not None:
            return action
        computers.wait(0.05)
    raise AssertionError("the computer never decided")


def computer_turn(seed: int) -> Match:
    """A coinche match at its first computer turn."""
    match, _ = Match.new(CoincheRules(), seed)
    while match.current_player == 0:
        match, _ = match.apply(match.legal_actions()[0])
    return match


def human_moves(match: Match) -> Match:
    while match.current_player == 0:
        match, _ = match.apply(match.legal_actions()[0])
    return match


def played(computers: ComputerSeats, match: Match, moves: int) -> list[Match]:
    """The positions of ``moves`` computer moves from ``match`` (the human's moves made
    by his first legal action), the first position first."""
    positions = [match]
    for _ in range(moves):
        match, _ = match.apply(decided(computers, match))
        positions.append(match := human_moves(match))
    return positions


def test_a_decision_dropped_by_an_undo_advances_no_generator() -> None:
    match = computer_turn(seed=11)
    seat = match.current_player
    assert seat is not None
    computers = seats_of(Level.DEBUTANT)
    try:
        assert computers.decision(match, 0.0, 1.0, THINK) is None  # submitted, delayed
        computers.wait(5)  # thought to the end: the generator it was given drew
        computers.drop()
        start = seat_generator(match.deal_number(), seat).getstate()
        assert computers.generator(match, seat).getstate() == start
        reference = seats_of(Level.DEBUTANT)
        assert decided(computers, match) == decided(reference, match)
        reference.close()
    finally:
        computers.close()


def test_the_moves_made_again_after_an_undo_are_the_first_ones() -> None:
    computers = seats_of(Level.DEBUTANT)
    try:
        positions = played(computers, computer_turn(seed=12), moves=12)
        first = [decided(computers, position) for position in positions[:-1]]
        computers.drop()  # the undo back to the deal's first computer turn
        again = played(computers, positions[0], moves=12)
        assert [p.actions for p in again] == [p.actions for p in positions]
        assert [decided(computers, p) for p in again[:-1]] == first
    finally:
        computers.close()


@pytest.mark.parametrize("ponder", [False, True], ids=["alone", "pondered"])
@pytest.mark.parametrize("under_way", [0.1, 1.5], ids=["drawing", "rolling-out"])
def test_an_undo_cancels_the_decision_being_thought(ponder: bool, under_way: float) -> None:
    """The Expert thinks for seconds over its card: dropped, whether it draws its
    worlds or plays them out, the worker is free at once for the next work (the hint,
    the next decision), with or without the searches prepared on the human's time."""
    match, _ = Match.new(CoincheRules(), 7)
    while match.phase is not Phase.PLAY:
        seat = match.current_player
        assert seat is not None
        match, _ = match.apply(decide(match.view(seat), Level.CONFIRME,
                                      random.Random(0)).action)
    while match.current_player == 0:
        match, _ = match.apply(match.legal_actions()[0])
    computers = seats_of(Level.EXPERT, ponder)
    try:
        assert computers.decision(match, 0.0, 1.0, 10.0) is None
        time.sleep(under_way)  # drawing its worlds (the first tenth), or rolling out
        computers.drop()
        started = time.perf_counter()
        computers.submit(lambda: None).result(timeout=30)
        assert time.perf_counter() - started < 0.5  # not the seconds of the search
    finally:
        computers.close()
