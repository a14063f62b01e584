"""The 32-card kernel (``game/core/_trick32.c``) against its Python twin, in one run.

1. **Differential check** on random positions of belote at 2, 3 and 4 players and of
   coinche, each under random rule options (undertrump, the partner exceptions) and a
   random trump mode (a suit, sans-atout, tout-atout): the legal cards (and their
   order), the current and the last trick's winner and points, the Confirmé's card of
   the play-outs with every hand seen (``search.rollout_card``) and, on every
   ``--rollout-every``-th position, a whole play-out (``search.python_play_rollout``: points and
   tricks per seat, the trick under way, its winner).  Every mismatch is printed.
2. **Speed:** µs per card of a play-out (the core's batch entry; through
   ``game/core/trick32.py``; the Python twin), and random-legal deals a second, the core
   against the same deals played by the engine's ``tricks`` functions (one generator,
   splitmix64, written in both languages: the deals' checksums must agree).
3. **The Expert's card decision** (``game.ai.appraise``, no deadline: its full budget of
   worlds) on positions of real deals, with the core and on the Python path: the same
   decision and values, the time of each, and the card search's time drawing its worlds
   and playing them out (with their scoring).

    .venv/bin/python bench/core_trick32.py [--positions 100000] [--rollout-every 10]
        [--deals 2000] [--decisions 12]

Times are this process's CPU seconds (``time.process_time``): the machine's other jobs do
not count.  Ends with one JSON line of the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.memory import build_memory
from game.ai.search import Finished, python_play_rollout, rollout_card
from game.core import FORCE_PYTHON, compiled, trick32
from game.engine.actions import PlayCard
from game.engine.cards import DECK32, Card, Suit, TrumpMode
from game.engine.games import COINCHE, game_of
from game.engine.protocol import Phase
from game.engine.rules import (
    BeloteRules,
    CoincheRules,
    OvertrumpPartner,
    PartnerRuff,
    TrickGameRules,
    Undertrump,
)
from game.engine.trick_view import Trick, TrickView
from game.engine.tricks import Play, Trump, card_rule, legal_cards, trick_points, winning_play

GAMES = (("belote", 2), ("belote", 3), ("belote", 4), ("coinche", 4))
HAND_SIZES = {2: 9, 3: 9, 4: 8}  # as the engine deals the card play (tests/play_fixtures)
TRUMPS = [Trump.of_suit(s) for s in Suit] + [Trump(TrumpMode.NO_TRUMP),
                                             Trump(TrumpMode.ALL_TRUMP)]
MASK64 = (1 << 64) - 1


# --- random positions ------------------------------------------------------------------------


def random_rules(game: str, players: int, trump: Trump, rng: random.Random) -> TrickGameRules:
    """A table of ``game`` with random options of the play."""
    options: dict[str, Any] = {
        "undertrump": rng.choice(list(Undertrump)),
        "overtrump_partner_when_trump_led": rng.choice(list(OvertrumpPartner)),
        "partner_ruff": rng.choice(list(PartnerRuff)),
        "sans_atout_tout_atout": trump.mode is not TrumpMode.SUIT or rng.random() < 0.5,
    }
    if game_of(game) is COINCHE:
        return CoincheRules(**options)
    return BeloteRules(players=players, **options)


@dataclass(frozen=True)
class Position:
    """A random position of the card play: the view of the seat to play, every hand now,
    the table's options and the last trick finished (none before the first)."""

    view: TrickView
    hands: list[tuple[Card, ...]]
    rules: TrickGameRules
    last: tuple[Play, ...]


def random_position(game: str, players: int, rng: random.Random) -> Position:
    """Random hands, trump, taker and options, then random legal cards up to a random
    point of the deal (at least one card left to play)."""
    trump = rng.choice(TRUMPS)
    rules = random_rules(game, players, trump, rng)
    size = HAND_SIZES[players]
    deck = list(DECK32)
    rng.shuffle(deck)
    hands = [deck[s * size:(s + 1) * size] for s in range(players)]
    seat = rng.randrange(players)
    trick: list[Play] = []
    tricks: list[Trick] = []
    for _ in range(rng.randrange(players * size)):
        card = rng.choice(legal_cards(hands[seat], trick, trump, rules, partner(players, seat)))
        hands[seat].remove(card)
        trick.append((seat, card))
        seat = (seat + 1) % players
        if len(trick) == players:
            seat = winning_play(trick, trump)[0]
            cards = [c for _, c in trick]
            tricks.append(Trick(trick[0][0], tuple(trick), seat, trick_points(cards, trump)))
            trick = []
    taker = rng.choice([None, *range(players)]) if rng.random() < 0.1 else rng.randrange(players)
    view = TrickView(
        game=game, seat=seat, players=players, dealer=0, phase=Phase.PLAY,
        current_player=seat, hand=tuple(hands[seat]), legal=(), trump=trump, taker=taker,
        bids=(), trick=tuple(trick), tricks=tuple(tricks), declared=(),
        shown_announcements=(), belote_seat=None, rules=rules)
    return Position(view, [tuple(h) for h in hands], rules, tricks[-1].plays if tricks else ())


def partner(players: int, seat: int) -> int | None:
    return (seat + 2) % 4 if players == 4 else None


def positions(game: str, players: int, count: int, seed: int) -> Iterator[Position]:
    rng = random.Random(f"{game}{players}-{seed}")
    for _ in range(count):
        yield random_position(game, players, rng)


# --- the differential check ------------------------------------------------------------------


@dataclass
class Check:
    """What a sweep compared, the rules that chose the legal cards it met, its mismatches."""

    positions: int = 0
    rollouts: int = 0
    rule_reasons: Counter[str] = field(default_factory=Counter)
    mismatches: list[str] = field(default_factory=list)

    def compare(self, what: str, core: object, python: object, position: Position) -> None:
        if core != python:
            view = position.view
            self.mismatches.append(
                f"{what}: core {core!r} != python {python!r} (seat {view.seat}, trump "
                f"{view.trump}, trick {view.trick}, hands {position.hands}, "
                f"rules {position.rules})")


def check_position(module: ModuleType, position: Position, check: Check, rollout: bool) -> None:
    """Compare the core with the Python twin at ``position``."""
    view, hands, rules = position.view, position.hands, position.rules
    assert view.trump is not None
    kernel = trick32.Kernel(module, view.trump, rules)
    seat, trick = view.seat, view.trick
    mate = partner(view.players, seat)
    python_legal, reason = card_rule(hands[seat], trick, view.trump, rules, mate)
    check.rule_reasons[reason[0]] += 1
    check.compare("legal", kernel.legal_cards(hands[seat], trick, mate), python_legal, position)
    for plays in (trick, position.last):
        if plays:
            check.compare("winner", kernel.winning_play(plays),
                          winning_play(plays, view.trump), position)
            cards = [c for _, c in plays]
            check.compare("points", kernel.trick_points(cards),
                          trick_points(cards, view.trump), position)
    mem = build_memory(view)
    check.compare("card", kernel.rollout_card(hands, seat, trick, view.taker),
                  rollout_card(view, mem, [list(h) for h in hands], seat, trick, rules),
                  position)
    check.positions += 1
    if rollout:
        first = random.Random(check.positions).choice(python_legal)
        played = trick32.CompiledTrick32(module).rollouts(view, view.trump, rules, [hands],
                                                          [first])[0][0]
        check.compare("rollout", Finished(*played),
                      python_play_rollout(view, mem, rules, hands, first), position)
        check.rollouts += 1


def sweep(module: ModuleType, game: str, players: int, count: int, seed: int = 0,
          rollout_every: int = 1) -> Check:
    """``count`` random positions of ``game`` at ``players`` checked."""
    check = Check()
    for k, position in enumerate(positions(game, players, count, seed)):
        check_position(module, position, check, k % rollout_every == 0)
    return check


# --- speed: the play-outs --------------------------------------------------------------------


def rollout_speed(module: ModuleType, game: str, players: int, count: int) -> dict[str, float]:
    """µs per card of a play-out from ``count`` positions, each of its legal cards: the
    core's batch, the same through ``trick32.CompiledTrick32.rollouts``, and the Python twin on a
    tenth of them."""
    cases = list(positions(game, players, count, seed=1))
    cards_played = 0
    kernel = trick32.CompiledTrick32(module)
    started = time.process_time()
    for p in cases:
        assert p.view.trump is not None
        firsts = legal_cards(p.hands[p.view.seat], p.view.trick, p.view.trump, p.rules,
                             partner(players, p.view.seat))
        kernel.rollouts(p.view, p.view.trump, p.rules, [p.hands], firsts)
        cards_played += len(firsts) * sum(len(h) for h in p.hands)
    adapter = (time.process_time() - started) / cards_played
    raw_args = [_raw_args(p) for p in cases]
    started = time.process_time()
    for args in raw_args:
        module.rollouts(*args)
    raw = (time.process_time() - started) / cards_played
    python_cards = 0
    started = time.process_time()
    for p in cases[::10]:
        view = p.view
        mem = build_memory(view)
        for first in legal_cards(p.hands[view.seat], view.trick, mem.trump, p.rules,
                                 partner(players, view.seat)):
            python_play_rollout(view, mem, p.rules, p.hands, first)
            python_cards += sum(len(h) for h in p.hands)
    python = (time.process_time() - started) / python_cards
    return {"core_us_per_card": raw * 1e6, "adapter_us_per_card": adapter * 1e6,
            "python_us_per_card": python * 1e6}


def _raw_args(p: Position) -> tuple[Any, ...]:
    """The kernel's ``rollouts`` arguments for every legal first card at ``p``."""
    view = p.view
    assert view.trump is not None
    index = trick32.index_of(view.trump)
    firsts = legal_cards(p.hands[view.seat], view.trick, view.trump, p.rules,
                         partner(view.players, view.seat))
    points, tricks = [0] * view.players, [0] * view.players
    return ([[[index[c] for c in h] for h in p.hands]], [(s, index[c]) for s, c in view.trick],
            view.seat, [index[c] for c in firsts], trick32.key_of(view.trump),
            -1 if view.taker is None else view.taker, trick32.flags_of(p.rules), points, tricks)


# --- speed: random-legal deals ---------------------------------------------------------------


class SplitMix64:
    """The generator of the kernel's ``random_deals``, the same numbers in Python."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        return self.next() % n


def python_random_deals(seed: int, count: int, players: int, hand_size: int, trump: Trump,
                        rules: TrickGameRules) -> int:
    """The kernel's ``random_deals`` by the engine's ``tricks`` functions: ``count`` deals
    (the deck shuffled from its top, dealt ``hand_size`` a seat, seat 0 leading, each
    card uniform among the legal ones); the checksum of their tricks (winner + 1 times
    points)."""
    rng, cards = SplitMix64(seed), trick32.card_at(trump)
    total = 0
    for _ in range(count):
        deck = list(range(32))
        for i in range(31, 0, -1):
            j = rng.below(i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        hands = [[cards[i] for i in deck[s * hand_size:(s + 1) * hand_size]]
                 for s in range(players)]
        seat, trick = 0, list[Play]()
        for _ in range(players * hand_size):
            legal = legal_cards(hands[seat], trick, trump, rules, partner(players, seat))
            card = legal[rng.below(len(legal))]
            hands[seat].remove(card)
            trick.append((seat, card))
            if len(trick) < players:
                seat = (seat + 1) % players
                continue
            seat = winning_play(trick, trump)[0]
            total += (seat + 1) * trick_points([c for _, c in trick], trump)
            trick = []
    return total


def deal_speed(module: ModuleType, game: str, players: int, deals: int) -> dict[str, float]:
    """Random-legal card plays a second, core and Python, and whether they agree."""
    trump = Trump.of_suit(Suit.HEARTS)
    rules = random_rules(game, players, trump, random.Random(players))
    args = (12345, deals, players, HAND_SIZES[players])
    started = time.process_time()
    python_sum = python_random_deals(*args, trump, rules)
    python = deals / (time.process_time() - started)
    core_deals = deals * 100
    started = time.process_time()
    module.random_deals(12345, core_deals, players, HAND_SIZES[players], trump32(trump),
                        trick32.flags_of(rules))
    core = core_deals / (time.process_time() - started)
    same = module.random_deals(*args, trump32(trump), trick32.flags_of(rules)) == python_sum
    return {"core_deals_per_s": core, "python_deals_per_s": python, "same_deals": same}


def trump32(trump: Trump) -> int:
    return trick32.key_of(trump)


# --- the Expert's decisions ------------------------------------------------------------------


def expert_positions(count: int) -> list[TrickView]:
    """Positions of real deals (the engine's random deals, bidding and cards) where the
    seat to play has a choice of cards: ``count`` per game and player count."""
    from tests.play_fixtures import play_cards, play_started

    found: list[TrickView] = []
    for game, players in GAMES:
        rng = random.Random(f"expert-{game}{players}")
        made = 0
        for seed in range(1000):
            if made == count:
                break
            rules: TrickGameRules = (CoincheRules(sans_atout_tout_atout=True)
                                     if game_of(game) is COINCHE else BeloteRules(players=players))
            state = play_cards(play_started(rules, seed), rng.randrange(24), rng)
            if state.is_over or state.phase is not Phase.PLAY:
                continue
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            if sum(isinstance(a, PlayCard) for a in view.legal) > 1:
                found.append(view)
                made += 1
    return found


def expert_decision(view: TrickView, python: bool) -> tuple[Any, dict[Any, float], float]:
    """``appraise`` at the Expert's full budget (no deadline), with the core or not: its
    action, its values, its seconds."""
    from game.ai import appraise

    if python:
        os.environ[FORCE_PYTHON] = "python"
    try:
        started = time.process_time()
        found = appraise(view, random.Random(7), None)
        seconds = time.process_time() - started
    finally:
        os.environ.pop(FORCE_PYTHON, None)
    return found.decision.action, dict(found.values), seconds


def search_split(views: list[TrickView], python: bool) -> tuple[float, float]:
    """The card search's mean seconds a decision drawing its worlds, then playing them
    out and scoring them (``InferenceSearch``, the Expert's, at its full budget)."""
    from game.ai.play_inference import InferenceSearch
    from game.ai.search import WORLDS

    draw = roll = 0.0
    if python:
        os.environ[FORCE_PYTHON] = "python"
    try:
        for view in views:
            cards = sorted({a.card for a in view.legal if isinstance(a, PlayCard)})
            search = InferenceSearch(view, build_memory(view), cards, random.Random(7), WORLDS)
            started = time.process_time()
            search.draw_all()
            drawn = time.process_time()
            while search.left:
                search.roll_next()
            draw += drawn - started
            roll += time.process_time() - drawn
    finally:
        os.environ.pop(FORCE_PYTHON, None)
    return draw / len(views), roll / len(views)


def expert_times(count: int) -> dict[str, Any]:
    """Each decision with and without the core: the same?, and their times; and where
    the card search spends them."""
    core_s, python_s, differ = [], [], 0
    views = expert_positions(count)
    for view in views:
        a = expert_decision(view, python=False)
        b = expert_decision(view, python=True)
        differ += a[:2] != b[:2]
        core_s.append(a[2])
        python_s.append(b[2])
    core_draw, core_roll = search_split(views, python=False)
    python_draw, python_roll = search_split(views, python=True)
    return {"decisions": len(core_s), "different": differ,
            "core_draw_ms": 1000 * core_draw, "core_roll_ms": 1000 * core_roll,
            "python_draw_ms": 1000 * python_draw, "python_roll_ms": 1000 * python_roll,
            "core_median_ms": 1000 * statistics.median(core_s),
            "core_p95_ms": 1000 * _p95(core_s),
            "python_median_ms": 1000 * statistics.median(python_s),
            "python_p95_ms": 1000 * _p95(python_s),
            "speedup_median": statistics.median(p / c for p, c in zip(python_s, core_s,
                                                                       strict=True))}


def _p95(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


# --- the run ---------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=100_000,
                        help="random positions checked per game and player count")
    parser.add_argument("--rollout-every", type=int, default=10,
                        help="a whole play-out compared on every Nth position")
    parser.add_argument("--speed-positions", type=int, default=2000)
    parser.add_argument("--deals", type=int, default=2000,
                        help="random-legal deals the Python twin plays (the core: 100x)")
    parser.add_argument("--decisions", type=int, default=12,
                        help="Expert decisions per game and player count (both ways)")
    args = parser.parse_args()
    module = compiled("trick32")
    if module is None:
        sys.exit("game.core._trick32 is not built: make core")
    figures: dict[str, Any] = {"positions": args.positions}
    mismatches = 0
    for game, players in GAMES:
        name = f"{game}{players}"
        print(f"{name}:", flush=True)
        started = time.process_time()
        check = sweep(module, game, players, args.positions, rollout_every=args.rollout_every)
        print(f"  (checked in {time.process_time() - started:.1f} s)", flush=True)
        for line in check.mismatches[:20]:
            print("  MISMATCH", line)
        mismatches += len(check.mismatches)
        speed = rollout_speed(module, game, players, args.speed_positions)
        deals = deal_speed(module, game, players, args.deals)
        figures[name] = {
            "checked": check.positions, "rollouts_checked": check.rollouts,
            "mismatches": len(check.mismatches),
            **{k: round(v, 4) for k, v in speed.items()},
            "core_deals_per_s": round(deals["core_deals_per_s"]),
            "python_deals_per_s": round(deals["python_deals_per_s"], 1),
            "deals_ratio": round(deals["core_deals_per_s"] / deals["python_deals_per_s"], 1),
            "same_deals": deals["same_deals"]}
        f = figures[name]
        print(f"  {f['checked']} positions ({f['rollouts_checked']} play-outs) checked, "
              f"{f['mismatches']} mismatches; rules met: {dict(check.rule_reasons)}")
        print(f"  play-out card: core {f['core_us_per_card']:.3f} µs, through trick32.py "
              f"{f['adapter_us_per_card']:.3f} µs, Python {f['python_us_per_card']:.2f} µs")
        print(f"  random-legal deals/s: core {f['core_deals_per_s']}, Python "
              f"{f['python_deals_per_s']} ({f['deals_ratio']}x), same deals: "
              f"{f['same_deals']}", flush=True)
    figures["mismatches"] = mismatches
    if args.decisions:
        expert = expert_times(args.decisions)
        figures["expert"] = {k: round(v, 2) if isinstance(v, float) else v
                             for k, v in expert.items()}
        e = figures["expert"]
        print(f"Expert card decisions (full budget, no deadline): {e['decisions']}, "
              f"{e['different']} different; core median {e['core_median_ms']} ms "
              f"(p95 {e['core_p95_ms']}), Python median {e['python_median_ms']} ms "
              f"(p95 {e['python_p95_ms']}), {e['speedup_median']}x faster (median)")
        print(f"  the card search a decision: drawing the worlds {e['core_draw_ms']} ms "
              f"(Python path {e['python_draw_ms']}), playing them out and scoring them "
              f"{e['core_roll_ms']} ms (Python path {e['python_roll_ms']})")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
