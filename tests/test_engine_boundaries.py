"""What the engine promises to everything above it: no pygame, views that hide what a
seat may not see, and illegal actions that change nothing."""

from __future__ import annotations

import ast
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine.cards import Card
from game.engine.match import new_deal_state
from game.engine.protocol import Action, IllegalAction, Phase
from game.engine.rules import BeloteRules, CoincheRules, TrickGameRules
from game.engine.trickgame import TrickDeal, TrickView

ENGINE = Path(__file__).resolve().parent.parent / "game" / "engine"
GAMES: list[TrickGameRules] = [
    CoincheRules(), CoincheRules(sans_atout_tout_atout=True), BeloteRules(),
    BeloteRules(arret=True), BeloteRules(players=3), BeloteRules(players=2),
    BeloteRules(sans_atout_tout_atout=True), BeloteRules(players=3, sans_atout_tout_atout=True),
]


def imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("path", sorted(ENGINE.glob("*.py")), ids=lambda p: p.name)
def test_engine_modules_import_no_pygame_no_clock_no_files(path: Path) -> None:
    forbidden = {"pygame", "time", "os", "pathlib", "threading", "socket"}
    assert not imported_modules(path) & forbidden


def test_importing_and_playing_the_engine_never_loads_pygame() -> None:
    code = (
        "import sys, pkgutil, importlib, game.engine as e\n"
        "for m in pkgutil.iter_modules(e.__path__):\n"
        "    importlib.import_module('game.engine.' + m.name)\n"
        "from game.engine.match import Match\n"
        "from game.engine.rules import CoincheRules\n"
        "m, _ = Match.new(CoincheRules(), 1)\n"
        "m, _ = m.apply(m.legal_actions()[0])\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
    )
    root = ENGINE.parent.parent
    subprocess.run([sys.executable, "-c", code], check=True, cwd=root)


def public_cards(view: TrickView) -> set[Card]:
    """Cards anybody at the table has seen: played, turned up, shown in announcements."""
    seen = {c for _, c in view.trick} | {c for t in view.tricks for _, c in t.plays}
    seen |= {c for _, anns in view.shown_announcements for a in anns for c in a.cards}
    seen |= {c for c in (view.retourne, view.bergere) if c is not None}
    return seen


def random_states(rules: TrickGameRules, seeds: int) -> list[TrickDeal]:
    rng = random.Random(7)
    states = []
    for seed in range(seeds):
        deal, _ = new_deal_state(rules, seed, seed % rules.players)
        while not deal.is_over:
            states.append(deal)
            deal, _ = deal.apply(rng.choice(deal.legal_actions()))
    return states


@pytest.mark.parametrize("rules", GAMES, ids=lambda r: f"{r.game}{r.players}")
def test_a_view_shows_no_card_of_another_hand_that_was_not_made_public(
    rules: TrickGameRules,
) -> None:
    for state in random_states(rules, 6):
        for seat in range(state.players):
            view = state.view(seat)
            assert sorted(view.hand) == sorted(state.hands[seat])
            others = {c for s, h in enumerate(state.hands) if s != seat for c in h}
            leaked = set(_cards_in(view)) & others - public_cards(view)
            assert not leaked, f"seat {seat} sees {leaked}"
            assert view.legal == (state.legal_actions() if state.turn == seat else ())


def _cards_in(value: object) -> list[Card]:
    """Every card reachable from a view's fields (tuples and dataclasses walked)."""
    if isinstance(value, Card):
        return [value]
    if isinstance(value, tuple | list):
        return [c for item in value for c in _cards_in(item)]
    if hasattr(value, "__dataclass_fields__"):
        return [c for name in value.__dataclass_fields__ for c in _cards_in(getattr(value, name))]
    return []


@pytest.mark.parametrize("rules", GAMES, ids=lambda r: f"{r.game}{r.players}")
def test_dealt_packets_are_hidden_from_the_other_seats(rules: TrickGameRules) -> None:
    _, events = new_deal_state(rules, 3, 0)
    packets = [e for e in events if type(e).__name__ == "PacketDealt"]
    assert packets
    for event in packets:
        for seat in range(rules.players):
            seen = event.visible_to(seat)
            assert seen is not None
            assert (seen.cards is not None) == (seat == event.seat)  # type: ignore[attr-defined]


def every_candidate_action(state: TrickDeal) -> list[Action]:
    """Actions of every kind the engine knows, most of them illegal here."""
    from game.engine.actions import (
        ChooseMode,
        ChooseTrump,
        Coinche,
        Pass,
        Stop,
        Surcoinche,
        Take,
        play,
    )
    from game.engine.cards import DECK32, Suit, TrumpMode
    from game.engine.coinche import all_bids

    candidates: list[Action] = [Pass(), Take(), Coinche(), Surcoinche(), Stop()]
    candidates += [ChooseTrump(s) for s in Suit]
    candidates += [ChooseMode(TrumpMode.NO_TRUMP), ChooseMode(TrumpMode.ALL_TRUMP)]
    candidates += [play(c) for c in DECK32] + [play(c, belote=True) for c in DECK32[:8]]
    candidates += list(all_bids(CoincheRules(sans_atout_tout_atout=True)))[::5]
    return candidates


@pytest.mark.parametrize("rules", GAMES, ids=lambda r: f"{r.game}{r.players}")
def test_illegal_actions_raise_a_clear_error_and_change_nothing(rules: TrickGameRules) -> None:
    states = random_states(rules, 2)
    assert {Phase.BIDDING, Phase.PLAY} <= {s.phase for s in states}
    for state in states[::3]:
        legal = set(state.legal_actions())
        before = dict(state.__dict__)
        before.pop("_legal", None)
        for action in every_candidate_action(state):
            if action in legal:
                continue
            with pytest.raises(IllegalAction) as error:
                state.apply(action)
            assert str(error.value), "the error says what was wrong"
        after = dict(state.__dict__)
        after.pop("_legal", None)
        assert after == before
