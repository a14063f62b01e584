"""What the engine promises to everything above it: no pygame, views that hide what a
seat may not see, and illegal actions that change nothing."""

from __future__ import annotations

import ast
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from game.engine.actions import (
    Announce,
    ChooseMode,
    ChooseTrump,
    Coinche,
    ExchangeSeven,
    Pass,
    Stop,
    Surcoinche,
    Take,
    play,
)
from game.engine.cards import DECK32, Card, Suit, TrumpMode
from game.engine.coinche import all_bids
from game.engine.deal import Deal
from game.engine.match import AnyRules, new_deal_state
from game.engine.protocol import (
    Action,
    CardPlayAction,
    CardPlayedEvent,
    DealState,
    Event,
    IllegalAction,
    PacketDealtEvent,
    PassAction,
    Phase,
    TrickWonEvent,
)
from game.engine.rules import BeloteRules, CoincheRules, TarotRules
from game.engine.tarot import TarotDeal
from game.engine.tarot_actions import (
    AnnounceChelem,
    CallKing,
    DeclineChelem,
    ShowPoignee,
    TarotBid,
    TarotDiscard,
    TarotPass,
    TarotPlayCard,
)
from game.engine.tarot_cards import DECK78, TarotCard
from game.engine.tarot_scoring import Contract
from game.engine.trickgame import TrickDeal, TrickView
from game.engine.views import TarotView

AnyDeal = TrickDeal | TarotDeal

ENGINE = Path(__file__).resolve().parent.parent / "game" / "engine"
GAMES: list[AnyRules] = [
    CoincheRules(), CoincheRules(sans_atout_tout_atout=True), BeloteRules(),
    BeloteRules(arret=True), BeloteRules(players=3), BeloteRules(players=2),
    BeloteRules(sans_atout_tout_atout=True), BeloteRules(players=3, sans_atout_tout_atout=True),
    TarotRules(players=3), TarotRules(players=4), TarotRules(players=5),
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


def seen_in_events(events: list[Event], seat: int) -> set[Card | TarotCard]:
    """Every card the events, as ``seat`` receives them, have shown it."""
    seen: set[Card | TarotCard] = set()
    for event in events:
        shown = event.visible_to(seat)
        if shown is not None:
            seen.update(_cards_in(shown))
    return seen


def random_states(rules: AnyRules, seeds: int) -> list[tuple[AnyDeal, list[Event]]]:
    """The states of ``seeds`` deals played at random, each with the events so far."""
    rng = random.Random(7)
    states: list[tuple[AnyDeal, list[Event]]] = []
    for seed in range(seeds):
        deal, events = new_deal_state(rules, seed, seed % rules.players)
        while not deal.is_over:
            states.append((deal, events))
            deal, new_events = deal.apply(rng.choice(deal.legal_actions()))
            events = events + new_events
    return states


# What a view is walked for: its seat's legal actions are checked against the state
# (a king call names cards it has not seen), and the rules hold no card.
NOT_WALKED = {"legal", "rules"}


@pytest.mark.parametrize("rules", GAMES, ids=lambda r: f"{r.game}{r.players}")
def test_a_view_shows_no_card_its_seat_was_not_shown(rules: AnyRules) -> None:
    """Before the deal's end, every card in a seat's view reached that seat through the
    events it received (its packets, the retourne, cards played, the chien shown, the
    announcements and poignées shown, its own écart): the view tells nothing more."""
    states = random_states(rules, 6)
    assert {Phase.BIDDING, Phase.PLAY} <= {state.phase for state, _ in states}
    for state, events in states:
        for seat in range(state.players):
            view = state.view(seat)
            assert Counter(view.hand) == Counter(state.hands[seat])
            shown = {c for name in view.__dataclass_fields__ if name not in NOT_WALKED
                     for c in _cards_in(getattr(view, name))}
            leaked = shown - seen_in_events(events, seat)
            assert not leaked, f"seat {seat} sees {leaked}"
            assert view.legal == (state.legal_actions() if state.turn == seat else ())


def _cards_in(value: object) -> list[Card | TarotCard]:
    """Every card reachable from a value's fields (tuples and dataclasses walked)."""
    if isinstance(value, Card | TarotCard):
        return [value]
    if isinstance(value, tuple | list):
        return [c for item in value for c in _cards_in(item)]
    if hasattr(value, "__dataclass_fields__"):
        return [c for name in value.__dataclass_fields__ for c in _cards_in(getattr(value, name))]
    return []


@pytest.mark.parametrize("rules", GAMES, ids=lambda r: f"{r.game}{r.players}")
def test_every_deal_state_shares_the_base_and_follows_the_protocol(rules: AnyRules) -> None:
    """Both card families' states are ``deal.Deal``s: legal actions cached on the state,
    legality by identity, and views of the family's type."""
    state, _ = new_deal_state(rules, 5, 0)
    assert isinstance(state, Deal) and isinstance(state, DealState)
    assert state.legal_actions() is state.legal_actions()
    assert all(state.is_legal(action) for action in state.legal_actions())
    view = state.view(state.current_player or 0)
    assert isinstance(view, TarotView if rules.game == "tarot" else TrickView)
    assert view.legal == state.legal_actions()


@pytest.mark.parametrize("rules", GAMES, ids=lambda r: f"{r.game}{r.players}")
def test_the_shared_concepts_have_one_type_in_every_game(rules: AnyRules) -> None:
    """A card played, a trick won, a packet dealt, playing a card and passing are the
    same types (the protocol's) whatever the game: a deal played out shows each."""
    rng = random.Random(3)
    seed, played, tricks, packets, passes = 0, 0, 0, 0, 0
    while tricks == 0:
        seed += 1
        deal, events = new_deal_state(rules, seed, 0)
        while not deal.is_over:
            legal = deal.legal_actions()
            passes += sum(isinstance(a, PassAction) for a in legal)
            if deal.phase is Phase.PLAY:
                cards = [a.card for a in legal if isinstance(a, CardPlayAction)]
                assert cards and set(cards) <= set(deal.hands[deal.turn or 0])
            deal, new_events = deal.apply(rng.choice(legal))
            events += new_events
        played += sum(isinstance(e, CardPlayedEvent) for e in events)
        tricks += sum(isinstance(e, TrickWonEvent) for e in events)
        packets += sum(isinstance(e, PacketDealtEvent) for e in events)
    assert passes > 0 and packets > 0
    assert played == tricks * rules.players == len(deal.tricks) * rules.players


@pytest.mark.parametrize("rules", GAMES, ids=lambda r: f"{r.game}{r.players}")
def test_dealt_packets_are_hidden_from_the_other_seats(rules: AnyRules) -> None:
    _, events = new_deal_state(rules, 3, 0)
    packets = [e for e in events if isinstance(e, PacketDealtEvent)]
    assert packets
    for event in packets:
        for seat in range(rules.players):
            seen = event.visible_to(seat)
            assert isinstance(seen, type(event))
            assert (seen.cards is not None) == (seat == event.seat)


def every_candidate_action() -> list[Action]:
    """Actions of every kind both card families know, most of them illegal in a given
    state (and those of the other family always)."""
    candidates: list[Action] = [Pass(), Take(), Coinche(), Surcoinche(), Stop(), Announce(),
                                ExchangeSeven()]
    candidates += [ChooseTrump(s) for s in Suit]
    candidates += [ChooseMode(TrumpMode.NO_TRUMP), ChooseMode(TrumpMode.ALL_TRUMP)]
    candidates += [play(c) for c in DECK32] + [play(c, belote=True) for c in DECK32[:8]]
    candidates += list(all_bids(CoincheRules(sans_atout_tout_atout=True)))[::5]
    candidates += [TarotPass(), AnnounceChelem(), DeclineChelem()]
    candidates += [TarotBid(c) for c in Contract]
    candidates += [TarotPlayCard(c) for c in DECK78] + [TarotDiscard(c) for c in DECK78]
    candidates += [CallKing(c) for c in DECK78 if c.suit.is_plain]
    trumps = [c for c in DECK78 if c.is_trump]
    candidates += [ShowPoignee(tuple(trumps[:n])) for n in (8, 10, 13, 15)]
    return candidates


@pytest.mark.parametrize("rules", GAMES, ids=lambda r: f"{r.game}{r.players}")
def test_illegal_actions_raise_a_clear_error_and_change_nothing(rules: AnyRules) -> None:
    states = [state for state, _ in random_states(rules, 2)]
    assert {Phase.BIDDING, Phase.PLAY} <= {s.phase for s in states}
    candidates = every_candidate_action()
    refused = 0
    for state in states[::3]:
        legal = set(state.legal_actions())
        before = dict(state.__dict__)
        before.pop("_legal", None)
        for action in candidates:
            if action in legal:
                continue
            with pytest.raises(IllegalAction) as error:
                state.apply(action)
            assert str(error.value), "the error says what was wrong"
            refused += 1
        after = dict(state.__dict__)
        after.pop("_legal", None)
        assert after == before
    assert refused > len(states[::3]) * 100
