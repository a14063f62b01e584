"""The compiled tarot core (``game/core/_tarot.c``) against its Python twin.

On random positions of tarot at three, four and five players, random table options
included (the Excuse in the last trick, the Petit au bout's value, the chelem bonuses,
the poignée sizes), it checks that the core gives the same legal cards, trick winners
and card points as ``tarot_tricks`` and ``tarot_cards``, and the same marks as
``tarot_search.rollout`` for every legal first card (the Expert's play-outs, a chelem
announcer and the secret partner at five included); then it measures a play-out card's
cost in the core and the random-legal deals a second of each path.

    python bench/core_tarot.py [--positions N] [--playouts N] [--deals N]

``--reach N``: the compiled solver's reach instead.  On ``N`` positions of Confirmé deals
at each count of tricks left, one sampled world's solve (every distinct card, one table)
costs so many positions and milliseconds, the share within ``CORE_WORLD_NODES``; and at
the tricks the core now solves and the Python path rolls out, the Expert's card each way
(four worlds, no deadline), valued on the true deal played perfectly: the marks each
way loses against the true deal's best card.

    python bench/core_tarot.py --reach 40

It ends with one JSON line of its figures; it exits 1 on the first difference.
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.tarot_endgame import confirme_positions
from bench.tarot_limits import true_world
from game.ai.tarot_endgame import (
    CORE_ENDGAME_TRICKS,
    ENDGAME_TRICKS,
    OverBudget,
    Transpositions,
)
from game.ai.tarot_search import (
    CORE_WORLD_NODES,
    TarotWorldSearch,
    World,
    partner_secret,
    rollout,
    rollout_solved,
    solved,
    weigh_tarot_cards,
)
from game.core import compiled
from game.core import tarot as tarot_kernel
from game.engine.protocol import Phase
from game.engine.rules import (
    ExcuseLastTrick,
    PetitAuBoutValue,
    PoigneeSizes,
    TarotRules,
)
from game.engine.tarot import TarotDeal
from game.engine.tarot_actions import TarotPlayCard
from game.engine.tarot_cards import (
    DECK78,
    KING,
    PLAIN_SUITS,
    TarotCard,
    half_points,
    suited,
)
from game.engine.tarot_scoring import Contract
from game.engine.tarot_tricks import (
    TarotPlay,
    TarotTrick,
    TarotView,
    announcer_hand,
    first_lead_cards,
    legal_cards,
    trick_winner,
)

HAND = {3: 24, 4: 18, 5: 15}
PLAYERS = (3, 4, 5)


def random_rules(rng: random.Random, players: int) -> TarotRules:
    """A table with random options among those that change the play-outs' marks."""
    return TarotRules(
        players=players, poignee_sizes=rng.choice(list(PoigneeSizes)),
        petit_au_bout=rng.choice(list(PetitAuBoutValue)),
        unannounced_chelem=rng.choice((200, 0)), defence_chelem=rng.choice((200, 0)),
        excuse_last_trick=rng.choice(list(ExcuseLastTrick)))


def playable(hand: Sequence[TarotCard], trick: Sequence[TarotPlay], first: bool,
             called: TarotCard | None, announcer: bool) -> list[TarotCard]:
    """The cards a seat may play (the rules the play-outs follow)."""
    cards = announcer_hand(hand, announcer)
    if first and called is not None:
        return first_lead_cards(cards, called)
    return legal_cards(cards, trick)


def random_view(rng: random.Random, players: int, played: int | None = None,
                ) -> tuple[TarotView, World, list[TarotCard]]:
    """A random deal played at random to a random point (after ``played`` cards if
    given), the view of the seat next to play, the world it is in, and that seat's legal
    cards."""
    deck = list(DECK78)
    rng.shuffle(deck)
    size = HAND[players]
    hands = [deck[s * size:(s + 1) * size] for s in range(players)]
    pile = tuple(deck[players * size:])
    taker = rng.randrange(players)
    called = suited(rng.choice(PLAIN_SUITS), KING) if players == 5 else None
    announcer = rng.choice((None, None, None, None, taker, rng.randrange(players)))
    tricks: list[TarotTrick] = []
    trick: list[TarotPlay] = []
    seat = rng.randrange(players)
    for _ in range(rng.randrange(players * size) if played is None else played):
        cards = playable(hands[seat], trick, not tricks and not trick, called, seat == announcer)
        card = rng.choice(cards)
        hands[seat].remove(card)
        trick.append((seat, card))
        seat = (seat + 1) % players
        if len(trick) == players:
            seat = trick_winner(trick)
            tricks.append(TarotTrick(trick[0][0], tuple(trick), seat))
            trick = []
    played_by = {c: s for t in tricks for s, c in t.plays} | {c: s for s, c in trick}
    partner = alone = None
    if called is not None:
        shown = played_by.get(called)
        partner = shown if shown is not None and shown != taker else None
        alone = partner is None and rng.random() < 0.3
    rules = random_rules(rng, players)
    poignees = tuple((s, tuple(hands[s][:rng.choice((8, 10, 13, 15, 18))]))
                     for s in range(players) if rng.random() < 0.15)
    contract = rng.choice(list(Contract))
    view = TarotView(
        game="tarot", rules=rules, seat=seat, players=players, dealer=0, phase=Phase.PLAY,
        current_player=seat, hand=tuple(hands[seat]), legal=(), bids=(), contract=contract,
        taker=taker, called=called, partner=partner, alone=bool(alone), chien=(), ecart=(),
        ecart_trumps=(), poignees=poignees, miseres=(), chelem_announcer=announcer,
        trick=tuple(trick), tricks=tuple(tricks), excuse=None,
        hand_sizes=tuple(len(h) for h in hands), result=None)
    firsts = playable(hands[seat], trick, not tricks and not trick, called, seat == announcer)
    return view, World(tuple(tuple(h) for h in hands), pile), firsts


def compiled_rollouts(view: TarotView) -> tarot_kernel.Rollouts:
    module = compiled("tarot")
    assert module is not None, "the compiled core is not built: make core"
    return tarot_kernel.Rollouts(module, tarot_kernel.view_position(view, partner_secret(view)))


def rule_differences(rng: random.Random, players: int) -> int:
    """Legal cards, the winner and the points of a random hand and trick, both paths:
    the number that differ."""
    module = compiled("tarot")
    assert module is not None
    deck = list(DECK78)
    rng.shuffle(deck)
    hand = deck[:rng.randrange(1, HAND[players] + 1)]
    trick_cards = deck[HAND[players]:HAND[players] + rng.randrange(players)]
    seats = [(k + rng.randrange(players)) % players for k in range(len(trick_cards))]
    trick = list(zip(seats, trick_cards, strict=True))
    legal = module.legal(tarot_kernel.ids(hand), tarot_kernel.ids(trick_cards))
    wrong = tarot_kernel.cards_of(legal) != legal_cards(hand, trick)
    last = deck[-players:]
    winner = module.winner(bytes(range(players)), tarot_kernel.ids(last))
    wrong |= winner != trick_winner(list(zip(range(players), last, strict=True)))
    wrong |= module.half_points(tarot_kernel.ids(hand)) != half_points(hand)
    return int(wrong)


def playout_differences(rng: random.Random, players: int) -> tuple[int, int]:
    """One random position, every legal first card rolled out by both paths: the
    play-outs compared and those that differ."""
    view, world, firsts = random_view(rng, players)
    kernel = compiled_rollouts(view)
    wrong = sum(kernel.value(world, c) != rollout(view, world, c) for c in firsts)
    return len(firsts), wrong


Table = TypeVar("Table", Transpositions, tarot_kernel.CompiledTable)


def solve_each(solve: Callable[[TarotCard, Table], float], table: Table,
               cards: Sequence[TarotCard]) -> tuple[list[float | None], int]:
    """Each card's value (None from the card the budget ran out), and the positions."""
    values: list[float | None] = []
    for card in cards:
        try:
            values.append(solve(card, table))
        except OverBudget:
            values.append(None)
            break
    return values, table.nodes


def solve_differences(rng: random.Random, players: int) -> int:
    """Every legal card of a random position in its last tricks solved with one table,
    by both solvers, at a random budget: 1 when the values, the positions searched or
    the card the budget ran out at differ."""
    left = rng.randrange(2, ENDGAME_TRICKS[players] + 1)
    view, world, firsts = random_view(rng, players,
                                      players * (HAND[players] - left) + rng.randrange(players))
    budget = rng.choice((200, 2_000, 10**9))
    kernel = compiled_rollouts(view)
    reference = solve_each(functools.partial(solved, view, world),
                           Transpositions(budget, world), firsts)
    fast = solve_each(functools.partial(kernel.solved, world),
                      kernel.table(budget, world), firsts)
    return int(fast != reference)


def tail_differences(rng: random.Random, players: int) -> int:
    """Every legal card of a random position played out until a trick starts with at
    most ``stop`` cards a hand (random, 1 to 3), the rest solved, one table a world, by
    both paths, at a random budget: 1 when the values, the positions searched or the card
    the budget ran out at differ."""
    stop = rng.randrange(1, 4)
    left = rng.randrange(stop + 1, stop + 5)
    view, world, firsts = random_view(rng, players,
                                      players * (HAND[players] - left) + rng.randrange(players))
    budget = rng.choice((200, 2_000, 30_000))
    kernel = compiled_rollouts(view)
    reference = solve_each(
        lambda card, table: rollout_solved(view, world, card, stop, table),
        Transpositions(budget, world), firsts)
    fast = solve_each(lambda card, table: kernel.tail(world, card, stop, table),
                      kernel.table(budget, world), firsts)
    return int(fast != reference)


# --- random-legal deals: the same generator in both paths (splitmix64) --------------------

_MASK = (1 << 64) - 1


class SplitMix64:
    """The generator ``_tarot.random_deals`` draws from, written again in Python."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)


def random_deal(players: int, gen: SplitMix64) -> int:
    """One deal dealt and played at random by the rules, seat 0 leading: the half
    points of seat 0's tricks (``_tarot.random_deals``' twin)."""
    deck = list(DECK78)
    for i in range(len(deck) - 1, 0, -1):
        j = gen.next() % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    size = HAND[players]
    hands = [deck[s * size:(s + 1) * size] for s in range(players)]
    points, leader = 0, 0
    for _ in range(size):
        trick: list[TarotPlay] = []
        for k in range(players):
            seat = (leader + k) % players
            cards = legal_cards(hands[seat], trick)
            card = cards[gen.next() % len(cards)]
            hands[seat].remove(card)
            trick.append((seat, card))
        leader = trick_winner(trick)
        if leader == 0:
            points += half_points(c for _, c in trick)
    return points


def random_deals(players: int, count: int, seed: int) -> list[int]:
    gen = SplitMix64(seed)
    return [random_deal(players, gen) for _ in range(count)]


# --- the bench -------------------------------------------------------------------------------


def check(positions: int, playouts: int, seed: int) -> dict[str, int]:
    """Rules on ``positions`` random positions and the play-outs of ``playouts`` random
    positions, every player count; exits on a difference."""
    figures: dict[str, int] = {}
    for players in PLAYERS:
        rng = random.Random(seed * 10 + players)
        wrong = sum(rule_differences(rng, players) for _ in range(positions))
        compared = differ = 0
        for _ in range(playouts):
            count, bad = playout_differences(rng, players)
            compared, differ = compared + count, differ + bad
        unsolved = sum(solve_differences(rng, players) for _ in range(playouts))
        print(f"{players} players: {positions} rule positions ({wrong} differ), "
              f"{compared} play-outs from {playouts} positions ({differ} differ), "
              f"{playouts} endgames solved ({unsolved} differ)")
        if wrong or differ or unsolved:
            sys.exit(1)
        figures[f"rule_positions_{players}p"] = positions
        figures[f"playouts_{players}p"] = compared
        figures[f"endgames_{players}p"] = playouts
    return figures


def playout_speed(players: int, count: int, seed: int) -> tuple[float, float]:
    """µs per play-out card, core (the batch entry, the positions already packed) and
    Python (a twentieth of the positions), over ``count`` random positions."""
    rng = random.Random(seed)
    cases = [random_view(rng, players) for _ in range(count)]
    packed = [(compiled_rollouts(view), [tarot_kernel.world_bytes(world.holdings, world.pile)],
               tarot_kernel.ids(firsts)) for view, world, firsts in cases]

    def cards(some: Sequence[tuple[TarotView, World, list[TarotCard]]]) -> int:
        return sum(sum(len(h) for h in world.holdings) * len(firsts) for _, world, firsts in some)
    start = time.process_time()
    for kernel, worlds, candidates in packed:
        kernel.module.rollouts(kernel.start, worlds, candidates)
    core = time.process_time() - start
    sample = cases[:max(1, count // 20)]
    start = time.process_time()
    for view, world, legal in sample:
        for c in legal:
            rollout(view, world, c)
    python = time.process_time() - start
    return 1e6 * core / cards(cases), 1e6 * python / cards(sample)


def deal_speed(players: int, deals: int, seed: int) -> tuple[float, float]:
    """Random-legal deals a second, core and Python, after checking they agree."""
    module = compiled("tarot")
    assert module is not None
    python_deals = max(1, deals // 50)
    twin = random_deals(players, python_deals, seed)
    twin = random_deals(players, python_deals, seed)
    if module.random_deals(players, python_deals, seed) != twin:
        print(f"{players} players: the random-legal deals differ")
        sys.exit(1)
    start = time.process_time()
    module.random_deals(players, deals, seed)
    core = deals / (time.process_time() - start)
    start = time.process_time()
    random_deals(players, python_deals, seed)
    python = python_deals / (time.process_time() - start)
    return core, python


# --- the compiled solver's reach ------------------------------------------------------------


def reach_positions(players: int, left: int, count: int, seed: int) -> list[TarotDeal]:
    """Confirmé deals up to a turn ``left`` tricks from the end with several cards."""
    return confirme_positions(players, count, seed, lambda v: v.phase is Phase.PLAY
                              and len(v.hand) == left and len(v.legal) > 1)


def world_cost(view: TarotView, world: World, cards: Sequence[TarotCard]) -> tuple[int, float]:
    """Every card of ``cards`` solved in ``world`` by the core with one table: the
    positions searched and the milliseconds."""
    kernel = compiled_rollouts(view)
    table = kernel.table(10**12, world)
    start = time.process_time()
    for card in cards:
        kernel.solved(world, card, table)
    return table.nodes, 1000 * (time.process_time() - start)


def solver_reach(players: int, left: int, count: int, seed: int) -> dict[str, float]:
    """One sampled world's solve at ``left`` tricks from the end: positions, ms."""
    nodes, millis = [], []
    for k, deal in enumerate(reach_positions(players, left, count, seed)):
        view = deal.view(deal.current_player or 0)
        search = TarotWorldSearch(view, random.Random(k), 1)
        search.draw_all()
        for world in search.worlds:
            searched, spent = world_cost(view, world, search.cards)
            nodes.append(searched)
            millis.append(spent)
    nodes.sort()
    millis.sort()
    return {"worlds": len(nodes), "nodes_median": nodes[len(nodes) // 2],
            "nodes_p90": nodes[int(0.9 * (len(nodes) - 1))],
            "ms_median": round(millis[len(millis) // 2], 2),
            "ms_p90": round(millis[int(0.9 * (len(millis) - 1))], 2),
            "within_budget": round(sum(n <= CORE_WORLD_NODES for n in nodes) / len(nodes), 3)}


def reach_search(reach: Mapping[int, int]) -> type[TarotWorldSearch]:
    """The Expert's search solving its worlds from ``reach``'s tricks left."""
    class Reach(TarotWorldSearch):
        def endgame_reach(self) -> Mapping[int, int]:
            return reach
    return Reach


def true_values(deal: TarotDeal, view: TarotView) -> dict[TarotCard, float]:
    """Each legal card's marks for the seat on the true deal played perfectly after it."""
    world = true_world(deal)
    kernel = compiled_rollouts(view)
    table = kernel.table(10**12, world)
    return {a.card: kernel.solved(world, a.card, table)
            for a in view.legal if isinstance(a, TarotPlayCard)}


def deeper_reach(players: int) -> int:
    """The tricks left the core's reach is measured at: its own, or one trick more than
    the Python path's where it kept that."""
    return max(CORE_ENDGAME_TRICKS[players], ENDGAME_TRICKS[players] + 1)


def reach_effect(players: int, count: int, seed: int) -> dict[str, float]:
    """From the Python path's reach to the core's (``deeper_reach``), where one rolls out
    and the other solves: the marks the Expert's card loses against the true deal's
    best with each reach."""
    deeper = deeper_reach(players)
    sources = {"core": reach_search({players: deeper}), "python": reach_search(ENDGAME_TRICKS)}
    lost: dict[str, list[float]] = {"core": [], "python": []}
    for left in range(ENDGAME_TRICKS[players] + 1, deeper + 1):
        for k, deal in enumerate(reach_positions(players, left, count, seed + left)):
            view = deal.view(deal.current_player or 0)
            values = true_values(deal, view)
            best = max(values.values())
            for name, source in sources.items():
                decision, _ = weigh_tarot_cards(view, random.Random(k), None, 4, source=source)
                assert isinstance(decision.action, TarotPlayCard)
                lost[name].append(best - values[decision.action.card])
    return {f"lost_{name}": round(statistics.fmean(v), 2) for name, v in lost.items()} | {
        "reach": deeper, "positions": len(lost["core"]),
        "differ": sum(a != b for a, b in zip(lost["core"], lost["python"], strict=True))}


def reach(count: int, seed: int) -> dict[str, float]:
    figures: dict[str, float] = {}
    for players in PLAYERS:
        for left in range(ENDGAME_TRICKS[players], deeper_reach(players) + 2):
            cost = solver_reach(players, left, count, seed)
            print(f"{players} players, {left} tricks left: {cost}")
            figures |= {f"{key}_{players}p_{left}": value for key, value in cost.items()}
        effect = reach_effect(players, count, seed)
        print(f"{players} players, the deeper reach: {effect}")
        figures |= {f"{key}_{players}p": value for key, value in effect.items()}
    return figures


def main(argv: Sequence[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100_000)
    parser.add_argument("--playouts", type=int, default=300)
    parser.add_argument("--speed", type=int, default=400)
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--reach", type=int, default=0,
                        help="positions a count of tricks left: the compiled solver's reach")
    args = parser.parse_args(argv)
    if args.reach:
        reached = reach(args.reach, args.seed)
        print(json.dumps(reached))
        return reached
    figures: dict[str, float] = dict(check(args.positions, args.playouts, args.seed))
    for players in PLAYERS:
        core_us, python_us = playout_speed(players, args.speed, args.seed)
        core_deals, python_deals = deal_speed(players, args.deals, args.seed)
        print(f"{players} players: a play-out card {core_us:.2f} µs (Python {python_us:.1f} µs, "
              f"x{python_us / core_us:.0f}); random-legal deals a second {core_deals:,.0f} "
              f"(Python {python_deals:,.0f}, x{core_deals / python_deals:.0f})")
        figures |= {f"card_us_{players}p": round(core_us, 3),
                    f"python_card_us_{players}p": round(python_us, 1),
                    f"deals_per_s_{players}p": round(core_deals),
                    f"python_deals_per_s_{players}p": round(python_deals),
                    f"deal_speedup_{players}p": round(core_deals / python_deals, 1)}
    print(json.dumps(figures))
    return figures


if __name__ == "__main__":
    main()
