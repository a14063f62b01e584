"""The Expert's chelem announcement and poignée by simulation against the rules before.

Before ``tarot_declarations`` the Expert made both choices the Confirmé's way: a chelem
announced only past twice the Garde Contre's hand strength (never, in practice), the
taker showing his largest poignée, a defender never showing one.  This bench replays
each such decision both ways, in duplicate: the same deal, the same play afterwards
(``--play``: the Confirmé's, or the Expert's with no deadline, the seats' generators the
same in both plays), so a deal where both choices agree scores exactly 0.

- **Chelem**: deals where the taker's hand is one ``chelem_plausible`` lets through
  (the only ones where the new code simulates; elsewhere it declines, as before).  Plain
  random deals seldom give one, so with ``--strong`` seat 0 is dealt a trump-heavy hand
  (the 9 to 14 highest trumps at four players, scaled by the hand size, the Excuse one
  time in two, the rest one time in two the head of a plain suit from its king down,
  else at random): the decision then arises often, and goes both ways.  The bidding and
  the écart are the Confirmé's.
- **Poignée**: plain random deals bid and discarded the Confirmé's way; every seat that
  may show a poignée decides with the new code in one play, by the old rule in the
  other.  Printed: the marks of each seat whose choice differed, new − old.

Decision times are the new code's at ``--think`` (seconds; ``none``: its default worlds,
no deadline): the chelem's simulation, and the Expert's whole decision at a poignée (the
poignée, or the card when it is kept hidden).  Ends with one JSON line.

    python -m bench.tarot_declarations --players 4 --deals 400 --strong --part chelem
    python -m bench.tarot_declarations --players 4 --deals 200 --part poignee
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable

from bench.arena import mean_ci, time_stats
from game.ai import Level, decide
from game.ai.tarot import tarot_decision
from game.ai.tarot_declarations import (
    chelem_plausible,
    poignee_to_weigh,
    weigh_chelem,
    without_poignees,
)
from game.engine.match import new_deal_state
from game.engine.protocol import Action, Phase
from game.engine.rules import TarotRules
from game.engine.tarot import CHIEN_SIZE, TarotDeal
from game.engine.tarot_actions import AnnounceChelem, ShowPoignee
from game.engine.tarot_cards import DECK78, EXCUSE, PLAIN_SUITS, TarotCard
from game.engine.tarot_tricks import TarotView

HAND_SIZE = {3: 24, 4: 18, 5: 15}


def strong_deal(rules: TarotRules, seed: int, index: int) -> TarotDeal:
    """A deal where seat 0 holds many of the highest trumps (``--strong``)."""
    rng = random.Random(f"{seed}-strong-{index}")
    size = HAND_SIZE[rules.players]
    top = sorted((c for c in DECK78 if c.is_trump), key=lambda c: -c.rank)
    count = rng.randint(round(9 * size / 18), round(14 * size / 18))
    mine = top[:count]
    if rng.random() < 0.5:
        mine.append(EXCUSE)
    rest = [c for c in DECK78 if c not in mine]
    rng.shuffle(rest)
    if rng.random() < 0.5:  # the head of one plain suit first
        suit = rng.choice(PLAIN_SUITS)
        rest.sort(key=lambda c: (c.suit is not suit, -c.rank if c.suit is suit else 0))
    fill = size - len(mine)
    mine += rest[:fill]
    rest = rest[fill:]
    hands: list[tuple[TarotCard, ...]] = [tuple(mine)]
    for _ in range(1, rules.players):
        hands.append(tuple(rest[:size]))
        rest = rest[size:]
    assert len(rest) == CHIEN_SIZE[rules.players]
    return TarotDeal.from_hands(rules, hands, tuple(rest), index % rules.players)


def random_deal(rules: TarotRules, seed: int, index: int) -> TarotDeal:
    deal_seed = random.Random(f"{seed}-deal-{index}").getrandbits(62)
    state, _ = new_deal_state(rules, deal_seed, index % rules.players)
    assert isinstance(state, TarotDeal)
    return state


def confirme_until(state: TarotDeal, stop: Callable[[TarotDeal], bool]) -> TarotDeal | None:
    """The deal played the Confirmé's way until ``stop`` (None: the deal ended first)."""
    while not state.is_over:
        if stop(state):
            return state
        seat = state.current_player
        assert seat is not None
        state, _ = state.apply(tarot_decision(state.view(seat)).action)
    return None


def at_chelem(state: TarotDeal) -> bool:
    seat = state.current_player
    return seat is not None and AnnounceChelem() in state.legal_actions()


def play_on(state: TarotDeal, play: Level, seed: int, index: int,
            poignee: Callable[[TarotDeal, int], Action | None] | None = None) -> TarotDeal:
    """The deal to its end at ``play``'s level; ``poignee`` decides each seat's poignée
    (None from it: kept hidden) when given."""
    rngs = [random.Random(f"{seed}-{index}-{s}") for s in range(state.rules.players)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        action: Action | None = None
        if poignee is not None and poignee_to_weigh(view):
            action = poignee(state, seat)
            if action is None:  # hidden: the level's card
                action = card_of(view, play, rngs[seat])
        if action is None:
            action = decide(view, play, rngs[seat], think=None).action
        state, _ = state.apply(action)
    return state


def card_of(view: TarotView, play: Level, rng: random.Random) -> Action:
    """The level's card, the poignée kept hidden."""
    return decide(without_poignees(view), play, rng, think=None).action


def marks(state: TarotDeal, seat: int) -> int:
    result = state.result()
    assert result is not None
    return result.scores[seat]


def chelem_part(args: argparse.Namespace, rules: TarotRules, play: Level,
                think: float | None) -> dict[str, object]:
    diffs: list[float] = []
    announced = made = 0
    times: list[float] = []
    for index in range(args.deals):
        dealt = (strong_deal if args.strong else random_deal)(rules, args.seed, index)
        state = confirme_until(dealt, at_chelem)
        if state is None:
            continue
        taker = state.current_player
        assert taker is not None
        view = state.view(taker)
        if not chelem_plausible(view):
            continue  # the new code declines without simulating, as the old rule did
        started = time.perf_counter()
        decision = weigh_chelem(view, random.Random(f"{args.seed}-{index}-chelem"), think)[0]
        times.append(time.perf_counter() - started)
        old = tarot_decision(view).action
        if decision.action == old:
            diffs.append(0.0)
            continue
        announced += decision.action == AnnounceChelem()
        mine = play_on(state.apply(decision.action)[0], play, args.seed, index)
        base = play_on(state.apply(old)[0], play, args.seed, index)
        made += all(t.winner == taker or t.winner == mine.partner for t in mine.tricks)
        diffs.append(float(marks(mine, taker) - marks(base, taker)))
    mean, low, high = mean_ci(diffs)
    print(f"  chelem: {len(diffs)} deals with a plausible hand, announced on {announced} "
          f"(every trick won on {made}); taker's marks new - old {mean:+.1f} "
          f"(95% CI {low:+.1f} .. {high:+.1f})")
    return {"plausible": len(diffs), "announced": announced, "made": made,
            "mean_new_minus_old": round(mean, 2), "ci95": [round(low, 2), round(high, 2)],
            "decision_time": time_stats(times)}


def old_poignee(state: TarotDeal, seat: int) -> Action | None:
    """The rule before: the taker shows his largest poignée, a defender none."""
    if seat != state.taker:
        return None
    return max((a for a in state.legal_actions() if isinstance(a, ShowPoignee)),
               key=lambda a: len(a.cards))


class NewPoignee:
    """The new code's poignée at each seat: the Expert's decision there (its generator
    seeded by the deal and the seat), a poignée or, kept hidden, a card; its choices
    and the whole decision's times noted."""

    def __init__(self, tag: str, think: float | None, times: list[float]) -> None:
        self.tag, self.think, self.times = tag, think, times
        self.choices: dict[int, Action | None] = {}

    def __call__(self, state: TarotDeal, seat: int) -> Action | None:
        if seat not in self.choices:
            started = time.perf_counter()
            rng = random.Random(f"{self.tag}-{seat}-poignee")
            action = decide(state.view(seat), Level.EXPERT, rng, self.think).action
            self.choices[seat] = action if isinstance(action, ShowPoignee) else None
            self.times.append(time.perf_counter() - started)
        return self.choices[seat]


def poignee_part(args: argparse.Namespace, rules: TarotRules, play: Level,
                 think: float | None) -> dict[str, object]:
    diffs: list[float] = []
    # chances, shown by the new code, by the old rule; "others": the defenders and, at
    # five, the called king's holder
    by_role = {"taker": [0, 0, 0], "others": [0, 0, 0]}
    times: list[float] = []
    changes: list[float] = []  # the seat-deals where the choice changed
    for index in range(args.deals):
        state = confirme_until(random_deal(rules, args.seed, index),
                               lambda s: s.phase is Phase.PLAY)
        if state is None:
            continue
        new_poignee = NewPoignee(f"{args.seed}-{index}", think, times)
        mine = play_on(state, play, args.seed, index, new_poignee)
        new_choice = new_poignee.choices
        if not new_choice:
            continue
        base = play_on(state, play, args.seed, index, old_poignee)
        old_shows = {s: s == state.taker for s in new_choice}  # ``old_poignee``
        differing = [s for s in new_choice if (new_choice[s] is not None) != old_shows[s]]
        for seat, action in new_choice.items():
            role = by_role["taker" if seat == state.taker else "others"]
            role[0] += 1
            role[1] += action is not None
            role[2] += old_shows[seat]
        if not differing:
            diffs.append(0.0)
            continue
        changed = [float(marks(mine, s) - marks(base, s)) for s in differing]
        diffs.extend(changed)
        changes.extend(changed)
    mean, low, high = mean_ci(diffs)
    changed_mean, changed_low, changed_high = mean_ci(changes)
    for name, (chances, new, old) in by_role.items():
        print(f"  poignée, {name}: {chances} chances, shown {new} times (before: {old})")
    print(f"  marks a deal with a poignée, new - old: {mean:+.1f} "
          f"(95% CI {low:+.1f} .. {high:+.1f}, {len(diffs)} seat-deals: each seat whose "
          f"choice changed, else 0)")
    print(f"  where the choice changed: {changed_mean:+.1f} "
          f"(95% CI {changed_low:+.1f} .. {changed_high:+.1f}, {len(changes)} seat-deals)")
    return {"by_role": by_role, "seat_deals": len(diffs), "mean_new_minus_old": round(mean, 2),
            "ci95": [round(low, 2), round(high, 2)], "changed": len(changes),
            "changed_mean": round(changed_mean, 2),
            "changed_ci95": [round(changed_low, 2), round(changed_high, 2)],
            "decision_time": time_stats(times)}


def main(argv: list[str] | None = None) -> dict[str, object]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--part", choices=["chelem", "poignee"], default="chelem")
    parser.add_argument("--strong", action="store_true",
                        help="seat 0 dealt a trump-heavy hand (the chelem part)")
    parser.add_argument("--play", choices=["confirme", "expert"], default="confirme")
    parser.add_argument("--think", default="none",
                        help="the new decisions' seconds, or none: their default worlds")
    args = parser.parse_args(argv)
    think = None if args.think == "none" else float(args.think)
    play = Level.EXPERT if args.play == "expert" else Level.CONFIRME
    rules = TarotRules(players=args.players)
    started = time.perf_counter()
    print(f"tarot {args.players}p, {args.deals} deals dealt{' (strong)' if args.strong else ''}, "
          f"seed {args.seed}, play: {args.play}, think: {args.think}")
    part = chelem_part if args.part == "chelem" else poignee_part
    data = part(args, rules, play, think)
    stats = data["decision_time"]
    assert isinstance(stats, dict)
    print(f"  new decision: median {stats['median_ms']:.0f} ms, p95 {stats['p95_ms']:.0f} ms, "
          f"max {stats['max_ms']:.0f} ms ({stats.get('decisions', 0)} decisions)")
    data.update({"players": args.players, "deals": args.deals, "seed": args.seed,
                 "part": args.part, "strong": args.strong, "play": args.play,
                 "think": args.think, "wall_s": round(time.perf_counter() - started, 1)})
    print(json.dumps(data, sort_keys=True))
    return data


if __name__ == "__main__":
    main(sys.argv[1:])
