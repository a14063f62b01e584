"""What limits the Expert's tarot card play: its worlds, measured against an oracle.

``oracle``: the Expert's search run on the one true deal (the hidden hands and the
écart, or the chien of a Garde Sans / Contre), every card it weighs rolled out or solved
there, ungated (the best mean is played).  The oracle reads the hidden cards: an
experiment's upper bound for perfect inference with this evaluator, never a player of
the game.  ``worlds-N``: the same search on N sampled worlds, ungated too, so that the
gap oracle − worlds-N is the worlds' alone (the Expert itself is gated in defence and
for the taker at three and five).  ``holder-N`` (five players): N sampled worlds, ungated,
each with the called card in its true holder's hand (the one hidden fact read): how much of
the oracle's gap is the partner's identity.  ``blind-N``: N sampled worlds, ungated, the
play-outs' opponents of the seat (in each world's camps) playing as the real ones do, seeing
their own hand and the play only (``ClosedTable``), the seat's camp still open-handed.

Seat by seat as ``bench/tarot_card_play.py`` (the same contract for both, one seat's
cards the variant's, the Confirmé elsewhere), ``--think none``.  Ends with one JSON line.

    python -m bench.tarot_limits --players 4 --a oracle --b worlds-16 --deals 40 --seed 1
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from bench.arena import Player, Variant, parse_player, player_name
from bench.tarot_card_play import ROLES, play, report
from game.ai import tarot_search
from game.ai.tarot import TarotMemory
from game.ai.tarot_search import (
    ClosedTable,
    OpenTable,
    TarotWorldSearch,
    World,
    table_worlds,
    weigh_tarot_cards,
)
from game.engine.protocol import Action
from game.engine.tarot import TarotDeal, TarotPlay, TarotTrick, TarotView
from game.engine.tarot_cards import TarotCard


class Ungated(TarotWorldSearch):
    """The Expert's search, its best mean always played (no gate towards the Confirmé)."""

    def _worth_leaving(self, usual: TarotCard, best: TarotCard) -> bool:
        return True


class Oracle(Ungated):
    """The search on the one true deal (``truth``: the experiment's peek)."""

    def __init__(self, truth: World, view: TarotView, rng: random.Random, worlds: int,
                 exact_endgame: bool = True) -> None:
        super().__init__(view, rng, 1, exact_endgame)
        self.truth = truth

    def world_stream(self) -> Iterator[World]:
        return iter([self.truth])


class KnownHolder(Ungated):
    """The sampled worlds, each drawn again until the called card lies with ``holder``
    (the experiment's one peek; ``HOLDER_TRIES`` draws, then the last one)."""

    def __init__(self, holder: int, view: TarotView, rng: random.Random, worlds: int,
                 exact_endgame: bool = True) -> None:
        super().__init__(view, rng, worlds, exact_endgame)
        self.holder = holder

    def _draw(self) -> World | None:
        world = None
        for _ in range(HOLDER_TRIES):
            world = super()._draw()
            if world is None or self.view.called in world.holdings[self.holder]:
                break
        return world


HOLDER_TRIES = 40


@dataclass(frozen=True)
class BlindFoes(ClosedTable):
    """A play-out table where the ``blind`` seats play as ``ClosedTable``'s, the others as
    ``OpenTable``'s (every hand seen)."""

    blind: frozenset[int] = frozenset()

    def _table(self, seat: int) -> type[OpenTable]:
        return ClosedTable if seat in self.blind else OpenTable

    def petit_hunt(self, holdings: Sequence[Sequence[TarotCard]], seat: int,
                   trick: Sequence[TarotPlay], cards: Sequence[TarotCard]) -> TarotCard | None:
        return self._table(seat).petit_hunt(self, holdings, seat, trick, cards)

    def sure_trick_card(self, holdings: Sequence[Sequence[TarotCard]], seat: int,
                        trick: Sequence[TarotPlay], cards: list[TarotCard]) -> TarotCard | None:
        return self._table(seat).sure_trick_card(self, holdings, seat, trick, cards)

    def memory(self, holdings: list[list[TarotCard]], seat: int, trick: list[TarotPlay],
               tricks: list[TarotTrick]) -> TarotMemory:
        return self._table(seat).memory(self, holdings, seat, trick, tricks)


def blind_foes_rollout(view: TarotView, world: World, first: TarotCard) -> float:
    """``tarot_search.rollout`` with the seat's opponents in ``world`` blind."""
    game = tarot_search.start_rollout(view, world)
    assert view.taker is not None
    attack = tarot_search.deal_frame(view, game.partner).attack
    everyone = frozenset(range(view.players))
    foes = everyone - attack if view.seat in attack else attack
    table = BlindFoes(view.taker, attack, view.called, game.holder,
                      tarot_search.partner_secret(view), view.chelem_announcer,
                      aside=tuple(view.ecart), blind=foes)
    tarot_search.play_tricks(game.holdings, game.trick, game.tricks, view.seat, table, first)
    return tarot_search.seat_marks(game, tarot_search.defenders_pay(game, world))


class BlindFoesSearch(Ungated):
    """The search whose play-outs (not its exact endgame) have the seat's foes blind."""

    def value(self, world: World, card: TarotCard) -> float:
        if self._evaluate is tarot_search.rollout:
            return blind_foes_rollout(self.view, world, card)
        return super().value(world, card)


def true_world(state: TarotDeal) -> World:
    """The deal's hidden cards as the search's world: the hands, and the cards set aside
    (``TarotDeal.set_aside``)."""
    return World(tuple(tuple(hand) for hand in state.hands), state.set_aside)


def _choose(source: Callable[[TarotDeal], Callable[..., TarotWorldSearch]], worlds: int | None,
            state: TarotDeal, seat: int, rng: random.Random) -> Action:
    decision, _ = weigh_tarot_cards(state.view(seat), rng, None, worlds,
                                    source=source(state))
    return decision.action


def _oracle_source(state: TarotDeal) -> Callable[..., TarotWorldSearch]:
    return functools.partial(Oracle, true_world(state))


def _holder_source(state: TarotDeal) -> Callable[..., TarotWorldSearch]:
    holder = next((seat for seat, hand in enumerate(state.hands) if state.called in hand), None)
    if holder is None:  # played (or in the chien): the view places it as the truth does
        return Ungated
    return functools.partial(KnownHolder, holder)


def _ungated_source(state: TarotDeal) -> Callable[..., TarotWorldSearch]:
    return Ungated


def _blind_source(state: TarotDeal) -> Callable[..., TarotWorldSearch]:
    return BlindFoesSearch


def variant(name: str) -> Variant:
    """``oracle``, ``worlds-N`` (N sampled worlds, ungated), ``holder-N`` (the same with
    the called card's true holder) or ``blind-N`` (the same with blind foes)."""
    if name == "oracle":
        return Variant(name, functools.partial(_choose, _oracle_source, 1))
    prefix, _, count = name.partition("-")
    sources = {"worlds": _ungated_source, "holder": _holder_source, "blind": _blind_source}
    if prefix not in sources or not count.isdigit():
        raise ValueError(f"unknown variant {name!r}: oracle, worlds-N, holder-N or blind-N")
    return Variant(name, functools.partial(_choose, sources[prefix], int(count)))


def player(name: str) -> Player:
    """A variant of this module, else a level as ``bench/arena.py`` reads it (no deadline)."""
    if name == "oracle" or name.startswith(("worlds-", "holder-", "blind-")):
        return variant(name)
    return parse_player(name, None)


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    parser.add_argument("--a", default="oracle")
    parser.add_argument("--b", default=None, help="by default worlds-N, N the table's cap")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--roles", nargs="+", choices=ROLES, default=list(ROLES))
    args = parser.parse_args(argv)
    a = player(args.a)
    b = player(args.b or f"worlds-{table_worlds(args.players)}")
    by_role = play(args.players, args.seed, args.deals, a, b, None, args.roles)
    data: dict[str, Any] = {"players": args.players, "a": player_name(a), "b": player_name(b),
                            "deals": args.deals, "seed": args.seed}
    print(f"tarot {args.players}p, {args.deals} deals (seed {args.seed}), "
          f"A={data['a']} B={data['b']}, no deadline: a seat's marks less the all-Confirmé deal's")
    report(by_role, data)
    print(json.dumps(data, sort_keys=True))
    return data


if __name__ == "__main__":
    main(sys.argv[1:])
