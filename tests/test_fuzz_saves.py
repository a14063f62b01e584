"""Reading saved games: arbitrary or mutated JSON fails only with ``SaveError``."""

from __future__ import annotations

import contextlib
import copy
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.match import AnyRules, Match
from game.engine.protocol import SaveError, action_from_json
from game.engine.rules import BeloteRules, CoincheRules, TarotRules

EXAMPLES = int(os.environ.get("ATOUT_FUZZ_EXAMPLES", "150"))
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)


def saved_match(rules: AnyRules, seed: int, moves: int) -> dict[str, Any]:
    rng = random.Random(seed)
    match, _ = Match.new(rules, seed)
    for _ in range(moves):
        if match.is_over:
            break
        match, _ = match.apply(rng.choice(match.legal_actions()))
    data: dict[str, Any] = json.loads(json.dumps(match.to_json()))
    return data


SAVES = [saved_match(CoincheRules(), 1, 30), saved_match(BeloteRules(), 2, 30),
         saved_match(BeloteRules(players=3), 3, 30), saved_match(BeloteRules(players=2), 4, 30),
         saved_match(TarotRules(players=3), 5, 40), saved_match(TarotRules(), 6, 40),
         saved_match(TarotRules(players=5), 7, 40)]


def load_or_save_error(data: object) -> None:
    try:
        Match.from_json(data)
    except SaveError as error:
        assert str(error)


@settings(max_examples=EXAMPLES, deadline=None)
@given(JSON)
def test_arbitrary_json_is_refused_with_a_save_error(data: object) -> None:
    load_or_save_error(data)


@settings(max_examples=EXAMPLES, deadline=None)
@given(JSON)
def test_arbitrary_actions_are_refused_with_a_save_error(data: object) -> None:
    with contextlib.suppress(SaveError):
        action_from_json(data)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.integers(0, len(SAVES) - 1), st.randoms(use_true_random=False), JSON)
def test_mutated_saves_load_or_are_refused_with_a_save_error(
    which: int, rng: random.Random, replacement: object
) -> None:
    data = copy.deepcopy(SAVES[which])
    path = rng.choice(_paths(data)[1:])
    parent: Any = data
    for step in path[:-1]:
        parent = parent[step]
    if rng.random() < 0.3 and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = replacement
    load_or_save_error(data)


def save_id(data: dict[str, Any]) -> str:
    return f"{data['rules']['game']}{data['rules']['players']}"


@pytest.mark.parametrize("data", SAVES, ids=save_id)
def test_truncated_action_lists_replay_to_a_prefix_of_the_match(data: dict[str, Any]) -> None:
    assert len(data["actions"]) >= 30
    for cut in range(0, len(data["actions"]), 7):
        shorter = {**data, "actions": data["actions"][:cut]}
        assert len(Match.from_json(shorter).actions) == cut


def test_actions_read_back_in_a_fresh_interpreter_that_imported_only_the_protocol() -> None:
    """The protocol knows every game's actions by itself: no import of the match (or of
    the actions' modules) is needed first, in whatever order a tool imports things."""
    written = [action for save in SAVES for action in save["actions"]]
    code = (
        "import json, sys\n"
        "from game.engine.protocol import action_from_json, action_to_json\n"
        "written = json.loads(sys.stdin.read())\n"
        "read = [action_to_json(action_from_json(data)) for data in written]\n"
        "assert read == written, 'an action did not read back as written'\n"
        "print(len(read))\n"
    )
    root = Path(__file__).resolve().parent.parent
    run = subprocess.run([sys.executable, "-c", code], input=json.dumps(written), cwd=root,
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    assert int(run.stdout) == len(written)
    assert {data["type"] for data in written} >= {"Pass", "PlayCard", "TarotPlayCard"}
