"""The AI decides from a seat's view only: hidden cards cannot change a decision."""

from __future__ import annotations

import ast
import dataclasses
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from game.ai import Level, decide
from game.engine.belote import BeloteDeal
from game.engine.cards import DECK32, Card, Rank, shuffled_deck32
from game.engine.coinche import CoincheDeal
from game.engine.match import AnyRules, Match
from game.engine.protocol import Action
from game.engine.rules import BeloteRules, CoincheRules
from game.engine.trickgame import TrickDeal, TrickView
from tests.replay import replay

ROOT = Path(__file__).resolve().parent.parent
AI = ROOT / "game" / "ai"
# The project's code outside the game (the benches, the tests, the tools) may read every
# hand: the AI imports none of it, nor the game's double-dummy solver (``game.dds``) and
# the review's hindsight (``game.hindsight``), which see every hand.
OUTSIDE_THE_GAME = {
    p.stem for p in ROOT.iterdir()
    if not p.name.startswith(".") and (p.suffix == ".py" or any(p.glob("*.py")))
} - {"game"}
# Modules of pure rules (cards, trick rules, actions, rule options): no game state, so no
# hidden card.
ALLOWED_ENGINE_MODULES = {
    "game.engine.cards", "game.engine.tricks", "game.engine.actions",
    "game.engine.protocol", "game.engine.announcements", "game.engine.rules",
    "game.engine.tarot_actions", "game.engine.tarot_tricks", "game.engine.tarot_cards",
    "game.engine.tarot_scoring", "game.engine.trick_view", "game.engine.deal_scoring",
    "game.engine.views", "game.engine.games",
}
# Outside the engine: the settings' choices (constants), kept apart so that the menu is
# drawn before the AI is imported; the compiled core's one door (``game.core.kernels``),
# pure functions of the cards they are given.
ALLOWED_OTHER_MODULES = {"game.choices", "game.core", "game.core.kernels"}
# The classes that hold a whole deal (every hand): the AI never names them.
DEAL_CLASSES = {"TrickDeal", "BeloteDeal", "CoincheDeal", "TarotDeal", "Match"}
# A deal's fields that hold hidden cards: the AI never reads them.
HIDDEN_FIELDS = {"hands", "stock", "announceable", "belote_holder", "piles", "undealt"}

Builder = Callable[[tuple[Card, ...]], TrickDeal]


def play_with_ai(
    start: TrickDeal, steps: int, rng: random.Random
) -> tuple[TrickDeal, list[Action]]:
    state, actions = start, []
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        action = decide(state.view(seat), Level.CONFIRME, rng).action
        actions.append(action)
        state, _ = state.apply(action)
    return state, actions


def swapped(cards: tuple[Card, ...], x: Card, y: Card) -> tuple[Card, ...]:
    return tuple(y if c == x else x if c == y else c for c in cards)


def hidden_swaps(state: TrickDeal, seat: int, rng: random.Random) -> list[tuple[Card, Card]]:
    """Pairs of same-suit cards hidden from ``seat`` in two different places: two other
    hands, or another hand and the cards left undealt (belote à 2 / 3).  Never the 7 of
    trump, which the belote exchange follows."""
    played = {c for t in state.tricks for _, c in t.plays} | {c for _, c in state.trick}
    public = {c for c in (getattr(state, "retourne", None), getattr(state, "bergere", None)) if c}
    held = {c for hand in state.hands for c in hand}
    undealt = [c for c in DECK32 if c not in held | played | public]
    places = [list(state.hands[s]) for s in range(state.players) if s != seat] + [undealt]
    pairs = [(x, y) for i, xs in enumerate(places) for ys in places[i + 1:]
             for x in xs for y in ys
             if x.suit == y.suit and Rank.SEVEN not in (x.rank, y.rank)]
    rng.shuffle(pairs)
    return pairs[:6]


def coinche_builder(seed: int) -> tuple[tuple[Card, ...], Builder]:
    rules = CoincheRules()
    first, _ = CoincheDeal.new(rules, seed, seed % 4)
    cards = tuple(c for hand in first.hands for c in hand)

    def build(order: tuple[Card, ...]) -> TrickDeal:
        return CoincheDeal.from_hands(rules, [order[i:i + 8] for i in range(0, 32, 8)],
                                      seed % 4)
    return cards, build


def belote_builder(players: int) -> Callable[[int], tuple[tuple[Card, ...], Builder]]:
    def make(seed: int) -> tuple[tuple[Card, ...], Builder]:
        rules = BeloteRules(players=players)
        deck = tuple(shuffled_deck32(random.Random(seed)))

        def build(order: tuple[Card, ...]) -> TrickDeal:
            return BeloteDeal.from_deck(rules, order, seed % players)[0]
        return deck, build
    return make


@pytest.mark.kernel
@pytest.mark.parametrize("make", [coinche_builder, belote_builder(4), belote_builder(3),
                                  belote_builder(2)], ids=["coinche", "belote4", "belote3",
                                                           "belote2"])
def test_shuffling_the_hidden_cards_changes_no_decision(
    make: Callable[[int], tuple[tuple[Card, ...], Builder]],
) -> None:
    rng = random.Random(4)
    compared = 0
    for seed in range(12):
        cards, build = make(seed)
        for steps in (2, 9, 17, 26):
            state, actions = play_with_ai(build(cards), steps, random.Random(seed))
            if state.is_over or state.current_player is None:
                continue
            seat = state.current_player
            for x, y in hidden_swaps(state, seat, rng):
                other = replay(build(swapped(cards, x, y)), actions)
                if other is None or other.view(seat) != state.view(seat):
                    continue  # not consistent with what the seat saw (announcements...)
                assert other.hands != state.hands
                # The Expert's search is slower: one comparison in four.
                levels = list(Level) if compared % 4 == 0 else [Level.DEBUTANT, Level.CONFIRME]
                for level in levels:
                    mine = decide(state.view(seat), level, random.Random(seed), think=None)
                    theirs = decide(other.view(seat), level, random.Random(seed), think=None)
                    assert mine == theirs
                compared += 1
    assert compared >= 40


VIEW_FIELDS = frozenset(f.name for f in dataclasses.fields(TrickView))


class RecordingView(TrickView):
    """A seat's view that notes which of its fields the AI reads."""

    def __init__(self, view: TrickView) -> None:
        object.__setattr__(self, "_view", view)
        object.__setattr__(self, "read", set())

    def __getattribute__(self, name: str) -> Any:
        if name in VIEW_FIELDS:
            object.__getattribute__(self, "read").add(name)
            return getattr(object.__getattribute__(self, "_view"), name)
        return object.__getattribute__(self, name)


def fields_read_by_decide(tables: Sequence[AnyRules], actions: int) -> set[str]:
    """The fields of the deal's view the Confirmé reads over the first ``actions`` of a
    match of each table (every seat deciding through a recording view)."""
    read: set[str] = set()
    rng = random.Random(8)
    for rules in tables:
        match, _ = Match.new(rules, 3)
        for _ in range(actions):
            if match.is_over:
                break
            seat = match.current_player
            assert seat is not None
            deal_view = match.view(seat).deal
            assert isinstance(deal_view, TrickView)
            proxy = RecordingView(deal_view)
            match, _ = match.apply(decide(proxy, Level.CONFIRME, rng).action)
            read |= proxy.read
    return read


def test_decide_reads_only_the_fields_of_the_view() -> None:
    fields = {f.name for f in dataclasses.fields(TrickView)}
    assert not HIDDEN_FIELDS & fields
    read = fields_read_by_decide((CoincheRules(), BeloteRules(arret=True),
                                  BeloteRules(players=3)), 120)
    assert read <= fields
    assert {"hand", "legal", "trick", "tricks"} <= read


def ai_modules() -> list[Path]:
    """Every module of the AI, any subpackage included."""
    return sorted(AI.rglob("*.py"))


@pytest.mark.parametrize("path", ai_modules(), ids=lambda p: p.relative_to(AI).as_posix())
def test_the_ai_imports_nothing_that_holds_a_whole_deal(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            assert node.module.split(".")[0] not in OUTSIDE_THE_GAME, node.module
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("game"):
            assert node.module.startswith("game.ai") or node.module in (
                ALLOWED_ENGINE_MODULES | ALLOWED_OTHER_MODULES)
            assert not {alias.name for alias in node.names} & DEAL_CLASSES
        if isinstance(node, ast.Import):
            assert not any(alias.name.startswith("game.") and not alias.name.startswith(
                "game.ai") for alias in node.names)
            assert not {alias.name.split(".")[0] for alias in node.names} & OUTSIDE_THE_GAME
        if isinstance(node, ast.Attribute):
            assert node.attr not in HIDDEN_FIELDS
        if isinstance(node, ast.Name):
            assert node.id not in DEAL_CLASSES
