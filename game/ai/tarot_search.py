"""Tarot, Expert level: card play by determinization.

Worlds are drawn among the placements of the hidden cards that the seat's view allows
(hand sizes, voids and trump caps shown by the play, poignées, the écart's shown trumps,
the chien's cards with the taker or in his écart).  In each world every legal card is
played and the deal finished with the Confirmé play; the card with the best mean score
for the seat (its marks for the deal) is played, the Confirmé card when tied.

The rollouts use the pure trick rules and scoring; two rare details are simplified
there (an Excuse owed for want of a trick, the chelem's Excuse): they only weigh the
candidates, which are always ``view.legal``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.ai.budget import DEFAULT_THINK, within
from game.ai.decision import Decision
from game.ai.tarot import (
    TarotMemory,
    card_args,
    choose_tarot_card,
    tarot_decision,
    tarot_memory,
)
from game.engine.tarot_actions import TarotPlayCard
from game.engine.tarot_cards import (
    DECK78,
    EXCUSE,
    KING,
    THE_PETIT,
    TarotCard,
    TarotSuit,
    count_bouts,
    half_points,
)
from game.engine.tarot_scoring import Camp, DealOutcome, marks, poignee_kind, score_deal
from game.engine.tarot_tricks import (
    TarotPlay,
    TarotTrick,
    first_lead_cards,
    legal_cards,
    trick_winner,
)

MAX_WORLDS = 16  # at the default thinking time
SAMPLING_TRIES = 60


class NoWorld(Exception):
    """No placement of the hidden cards fits the view (found in the tries allowed)."""


@dataclass(frozen=True)
class World:
    holdings: tuple[tuple[TarotCard, ...], ...]
    pile: tuple[TarotCard, ...]  # the écart (Prise, Garde) or the chien (Garde Sans, Contre)


# --- sampling --------------------------------------------------------------------------------


def _pile_hidden(view: Any) -> bool:
    return not (view.contract.chien_shown and view.seat == view.taker)


def _played(view: Any) -> set[TarotCard]:
    return {c for t in view.tricks for _, c in t.plays} | {c for _, c in view.trick}


def sample_world(view: Any, rng: random.Random) -> World:
    """One placement of the cards ``view`` does not locate, consistent with it."""
    n, me = view.players, view.seat
    played = _played(view)
    mem = tarot_memory(view)
    hidden = sorted(c for c in DECK78 if c not in played and c not in view.hand
                    and c not in view.ecart)
    pile_place = n  # the places are the seats and the pile
    capacity = [0 if s == me else view.hand_sizes[s] for s in range(n)]
    capacity.append(len(hidden) - sum(capacity) if _pile_hidden(view) else 0)
    allowed = {c: _places(view, mem, c, pile_place) for c in hidden}
    for _ in range(SAMPLING_TRIES):
        placed = _try_placing(allowed, capacity, rng)
        if placed is not None:
            holdings = tuple(view.hand if s == me else tuple(placed[s]) for s in range(n))
            pile = tuple(placed[pile_place]) if _pile_hidden(view) else tuple(view.ecart)
            return World(holdings, pile)
    raise NoWorld(f"no world fits seat {me}'s view")


def _places(view: Any, mem: Any, c: TarotCard, pile: int) -> list[int]:
    shown = [s for s, cards in view.poignees if c in cards]
    if shown:
        return shown
    if c in view.ecart_trumps:
        return [pile]
    seats = [s for s in range(view.players) if s != view.seat and mem.may_hold(s, c)]
    if c in view.chien:  # taken by the taker: in his hand or his écart
        seats = [s for s in seats if s == view.taker]
    places = seats + ([pile] if _may_lie_aside(view, c) else [])
    return places


def _may_lie_aside(view: Any, c: TarotCard) -> bool:
    if not _pile_hidden(view):
        return False
    if not view.contract.chien_shown:
        return c not in view.chien  # the unseen chien may hold anything
    # an écart: no king, no bout, and the trumps in it are shown
    return not (c.is_trump or c is EXCUSE or (c.suit.is_plain and c.rank == KING))


def _try_placing(allowed: dict[TarotCard, list[int]], capacity: list[int],
                 rng: random.Random) -> list[list[TarotCard]] | None:
    left = list(capacity)
    placed: list[list[TarotCard]] = [[] for _ in capacity]
    order = sorted(allowed, key=lambda c: (len(allowed[c]), rng.random()))
    for c in order:
        options = [p for p in allowed[c] if left[p] > 0]
        if not options:
            return None
        place = rng.choices(options, weights=[left[p] for p in options])[0]
        left[place] -= 1
        placed[place].append(c)
    return placed


# --- the choice ------------------------------------------------------------------------------


def tarot_expert_decision(view: Any, rng: random.Random,
                          deadline: float | None = DEFAULT_THINK,
                          max_worlds: int = MAX_WORLDS) -> Decision:
    """Confirmé everywhere but the choice among several cards before the last trick.
    ``deadline`` None: exactly ``max_worlds`` worlds (reproducible for a given ``rng``)."""
    confirme = tarot_decision(view)
    cards = [a.card for a in view.legal if isinstance(a, TarotPlayCard)]
    if not isinstance(confirme.action, TarotPlayCard) or len(cards) < 2 or len(view.hand) < 2:
        return confirme
    located = _played(view) | set(view.hand)
    cards = distinct_cards(cards, located)
    totals = dict.fromkeys(cards, 0.0)
    for _ in within(deadline, max_worlds):
        try:
            world = sample_world(view, rng)
        except NoWorld:
            break
        for c in cards:
            totals[c] += rollout(view, world, c)
    favourite: TarotCard = confirme.action.card
    its_class = next(c for c in cards if same_value(c, favourite, located))
    totals[its_class] += 0.5  # ties keep the Confirmé card (and its reason)
    best = max(cards, key=lambda c: totals[c])
    if best == its_class:
        return confirme
    return Decision(TarotPlayCard(best), "hint.search_best", card_args(best))


def same_value(a: TarotCard, b: TarotCard, located: set[TarotCard]) -> bool:
    """Playing ``a`` or ``b`` makes no difference: same suit and points, and every card
    ranked between them is played or in the same hand (``located``)."""
    if a.suit is not b.suit or a.half_points != b.half_points or a.is_bout or b.is_bout:
        return a == b
    low, high = sorted((a.rank, b.rank))
    return all(c in located for c in DECK78 if c.suit is a.suit and low < c.rank < high)


def distinct_cards(cards: list[TarotCard], located: set[TarotCard]) -> list[TarotCard]:
    """One card of each set of equivalent ones (the lowest): their rollouts would tell
    the same."""
    kept: list[TarotCard] = []
    for c in sorted(cards):
        if not kept or not same_value(kept[-1], c, located):
            kept.append(c)
    return kept


# --- rollouts --------------------------------------------------------------------------------


@dataclass
class _Play:
    """A deal being finished in one world."""

    view: Any
    holdings: list[list[TarotCard]]
    partner: int | None
    trick: list[TarotPlay]
    tricks: list[TarotTrick]

    def in_attack(self, seat: int) -> bool:
        return seat == self.view.taker or seat == self.partner


def rollout(view: Any, world: World, first: TarotCard) -> float:
    called = view.called
    partner = next((s for s, h in enumerate(world.holdings) if called in h), view.partner)
    if partner == view.taker:
        partner = None
    game = _Play(view, [list(h) for h in world.holdings], partner, list(view.trick),
                 list(view.tricks))
    seat, card = view.seat, first
    while True:
        game.holdings[seat].remove(card)
        game.trick.append((seat, card))
        if len(game.trick) < view.players:
            seat = (seat + 1) % view.players
        else:
            seat = trick_winner(game.trick)
            game.tricks.append(TarotTrick(game.trick[0][0], tuple(game.trick), seat))
            game.trick = []
            if not game.holdings[seat]:
                return _score(game, world)
        card = _rollout_card(game, world, seat)


@dataclass(frozen=True)
class RolloutView:
    """The view fields the Confirmé card choice reads, for a seat in a rollout."""

    seat: int
    hand: tuple[TarotCard, ...]
    taker: int
    trick: tuple[TarotPlay, ...]


def _rollout_card(game: _Play, world: World, seat: int) -> TarotCard:
    view, hand = game.view, game.holdings[seat]
    if not game.tricks and not game.trick and view.called is not None:
        cards = first_lead_cards(hand, view.called)
    else:
        cards = legal_cards(hand, game.trick)
    if len(cards) == 1:
        return cards[0]
    seen = RolloutView(seat, tuple(hand), view.taker, tuple(game.trick))
    return choose_tarot_card(seen, perfect_memory(game, seat), cards)[0]


def perfect_memory(game: _Play, seat: int) -> TarotMemory:
    """What ``seat`` would know seeing every hand of the world: the rollouts are
    played open-handed, as the 32-card Expert's are."""
    attack = {game.view.taker} | ({game.partner} if game.partner is not None else set())
    return open_memory(game.holdings, seat, frozenset(attack))


def open_memory(hands: Sequence[Sequence[TarotCard]], seat: int,
                attack: frozenset[int]) -> TarotMemory:
    """What ``seat`` would know seeing every hand, the camps known."""
    others = {c for s, h in enumerate(hands) if s != seat for c in h}
    voids, caps = [], []
    for hand in hands:
        voids.append(frozenset(TarotSuit) - {c.suit for c in hand})
        caps.append(max((c.rank for c in hand if c.is_trump), default=0))
    return TarotMemory(
        seat=seat, players=len(hands), hand=tuple(hands[seat]), unseen=frozenset(others),
        voids=tuple(voids), trump_caps=tuple(caps), attack=attack,
        defence=frozenset(range(len(hands))) - attack)


def _score(game: _Play, world: World) -> float:
    view = game.view
    attack: list[TarotCard] = list(world.pile) if view.contract.chien_to_attack else []
    exchange = 0
    last = len(game.tricks) - 1
    for i, trick in enumerate(game.tricks):
        for seat, c in trick.plays:
            keeper = seat if c is EXCUSE and i != last else trick.winner
            if game.in_attack(keeper):
                attack.append(c)
            if keeper != trick.winner and game.in_attack(seat) != game.in_attack(trick.winner):
                exchange += -1 if game.in_attack(seat) else 1
    camp = {True: Camp.ATTACK, False: Camp.DEFENCE}
    winners = {game.in_attack(t.winner) for t in game.tricks}
    final = game.tricks[-1]
    poignees = []
    for seat, cards in view.poignees:
        kind = poignee_kind(view.players, len(cards))
        if kind is not None:
            poignees.append((kind, camp[game.in_attack(seat)]))
    outcome = DealOutcome(
        players=view.players, contract=view.contract,
        points=half_points(attack) + exchange, bouts=count_bouts(attack),
        poignees=tuple(poignees),
        petit_au_bout=camp[game.in_attack(final.winner)] if THE_PETIT in final.cards else None,
        chelem_announced=view.chelem_announcer is not None,
        chelem=camp[winners.pop()] if len(winners) == 1 else None,
        alone=view.players == 5 and game.partner is None,
    )
    score = score_deal(outcome)
    return float(marks(view.players, view.taker, game.partner, score.per_defender)[view.seat])


def world_cards(world: World) -> Sequence[TarotCard]:
    return [c for h in world.holdings for c in h] + list(world.pile)
