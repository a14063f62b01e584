"""The Expert's card play at the découverte: its worlds hide the face-down cards, and
nothing else.

Every face-up card of both sides is seen (``view.table_piles``), so the only hidden
cards are those lying face down, the seat's own included (nobody has seen them).  A world
deals them at random to the piles that still cover one, as many to each side as it has
covered piles: no play and no call says anything of them (a player who did not follow
may hold the suit face down; a call was made on the face-up cards, seen by all).  Each
world is then played out by the search's rollouts (``search.WorldSearch.played_out``),
every seat seeing every card of that world and playing only the tops of its piles: the
card under a card played turns over.  No inference from the cards played, then
(``play_inference``: the other seat chose among cards everyone saw).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

from game.engine.cards import DECK32, Card
from game.engine.trick_view import TrickView

World = list[tuple[Card, ...]]  # per seat: the face-down cards, in the order of its piles
# After ``seat`` played ``card``, the card under it joins ``seat``'s playable cards
# (``hand``, in place).  Two players: he plays no more in that trick, so turning it over
# at once is as turning it over when the trick is over.
Reveal = Callable[[int, list[Card], Card], None]


def covered_counts(view: TrickView) -> list[int]:
    """How many face-down cards each seat still has."""
    return [sum(covered for _, covered in piles) for piles in view.table_piles]


def face_down_cards(view: TrickView) -> list[Card]:
    """The cards nobody has seen: neither played nor face up on a pile."""
    played = {c for t in view.tricks for c in t.cards} | {c for _, c in view.trick}
    face_up = {up for piles in view.table_piles for up, _ in piles if up is not None}
    return [c for c in DECK32 if c not in played and c not in face_up]


def sample_face_down(view: TrickView, rng: random.Random) -> World:
    """One random deal of the face-down cards to the covered piles."""
    cards = face_down_cards(view)
    rng.shuffle(cards)
    world, start = [], 0
    for count in covered_counts(view):
        world.append(tuple(cards[start:start + count]))
        start += count
    return world


def face_down_worlds(view: TrickView, rng: random.Random, count: int) -> Iterator[World]:
    for _ in range(count):
        yield sample_face_down(view, rng)


def piles_of(view: TrickView, world: Sequence[Sequence[Card]]
             ) -> tuple[list[list[Card]], list[dict[Card, Card]]]:
    """Each seat's playable cards in ``world`` and, for each covered pile, the card
    under its top.  A pile whose top was played in this trick shows its card at once:
    its seat plays no more in this trick."""
    tops: list[list[Card]] = []
    under: list[dict[Card, Card]] = []
    for piles, downs in zip(view.table_piles, world, strict=True):
        hidden = iter(downs)
        seat_tops: list[Card] = []
        seat_under: dict[Card, Card] = {}
        for up, covered in piles:
            down = next(hidden) if covered else None
            if up is None and down is not None:
                seat_tops.append(down)
            elif up is not None:
                seat_tops.append(up)
                if down is not None:
                    seat_under[up] = down
        tops.append(seat_tops)
        under.append(seat_under)
    return tops, under


def pile_rollout(view: TrickView, world: Sequence[Sequence[Card]]
                 ) -> tuple[list[list[Card]], Reveal, list[list[Card]]]:
    """What a rollout of ``world`` starts from: each seat's playable cards, the turn-over
    that shows the card under each card played (``search.finish_tricks``), and each
    seat's cards (face up and down, for the belote's holder)."""
    tops, under = piles_of(view, world)
    owned = [[*seat_tops, *seat_under.values()]
             for seat_tops, seat_under in zip(tops, under, strict=True)]

    def reveal(seat: int, hand: list[Card], played: Card) -> None:
        down = under[seat].pop(played, None)
        if down is not None:
            hand.append(down)

    return tops, reveal, owned
