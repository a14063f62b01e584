"""What a long match costs: the memory of the match in play, and of every state of a
match kept, grows with the number of actions, not with its square (each state used
to copy the whole record of actions, and the match in play kept every state)."""

from __future__ import annotations

import copy
import gc
import pickle
import random
import tracemalloc
from collections.abc import Callable

from game.engine.match import Match
from game.engine.rules import CoincheRules
from game.match_in_play import MatchInPlay

LONG = CoincheRules(target=100_000)  # a match that outlasts the actions played


def memory_of(build: Callable[[int], object], actions: int) -> int:
    """The bytes still held by what ``build(actions)`` returns."""
    tracemalloc.start()
    try:
        kept = build(actions)
        gc.collect()  # what is still held, not garbage a collection had not reached yet
        size = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    del kept
    return size


def every_state(actions: int) -> list[Match]:
    rng = random.Random(1)
    match, _ = Match.new(LONG, 5)
    states = [match]
    for _ in range(actions):
        match, _ = match.apply(rng.choice(match.legal_actions()))
        states.append(match)
    return states


def match_in_play(actions: int) -> MatchInPlay:
    rng = random.Random(2)
    play = MatchInPlay.new(LONG, 6)
    for _ in range(actions):
        play.apply(rng.choice(play.match.legal_actions()))
    return play


def test_every_state_of_a_match_kept_costs_memory_in_proportion_to_its_actions() -> None:
    short, long = memory_of(every_state, 1500), memory_of(every_state, 6000)
    assert long < 5 * short  # four times the actions: four times the memory, not 16


def test_the_match_in_play_costs_memory_in_proportion_to_its_actions_at_most() -> None:
    short, long = memory_of(match_in_play, 1500), memory_of(match_in_play, 6000)
    assert long < 5 * short


def test_the_record_of_actions_reads_as_a_tuple_does() -> None:
    states = every_state(300)
    last, earlier = states[-1], states[120]
    record = tuple(last.actions)
    assert len(last.actions) == len(record) == 300
    assert last.actions == record and record == last.actions
    assert last.actions[:120] == tuple(earlier.actions) == earlier.actions
    assert last.actions[-1] is record[-1] and last.actions[7] is record[7]
    assert last.actions[100:110] == record[100:110]
    assert list(reversed(last.actions)) == list(reversed(record))
    assert last.actions != earlier.actions and hash(earlier.actions) == hash(record[:120])
    assert copy.deepcopy(last.actions) == record
    assert pickle.loads(pickle.dumps(last.actions)) == record
    assert Match.replay(LONG, 5, last.actions).actions == record
