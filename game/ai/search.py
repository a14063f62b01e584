"""The Expert level's card play: Monte-Carlo sampling of the hidden cards.

For each of a few deals drawn at random among those consistent with the seat's view
(hand sizes, voids and trump caps from ``memory``, the retourne in the taker's hand),
every legal card is played and the deal finished by all four players with the Confirmé
play, each seeing every hand of that sampled deal.  The card with the best mean
outcome (the deal's score, contract made or failed) is played.  The rollouts use the
default trick rules of the game: an approximation that only weighs the candidates;
the candidates themselves are always ``view.legal``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.ai.memory import VOID, Memory
from game.ai.play import choose_card
from game.engine.cards import Card, Suit
from game.engine.rules import BeloteRules, CoincheRules, TrickGameRules
from game.engine.tricks import Play, legal_cards, trick_points, winning_play

WORLDS = 12
SAMPLE_TRIES = 30
DIX_DE_DER = 10


@dataclass(frozen=True)
class SimView:
    """The few view fields the Confirmé play reads, for a seat in a rollout."""

    seat: int
    players: int
    taker: int | None
    trick: tuple[Play, ...]


def search_card(view: Any, mem: Memory, cards: list[Card], fallback: tuple[Card, str],
                rng: random.Random) -> tuple[Card, str]:
    if len(cards) == 1:
        return fallback
    totals = dict.fromkeys(cards, 0.0)
    worlds = 0
    for _ in range(WORLDS):
        hands = sample_hands(view, mem, rng)
        if hands is None:
            continue
        worlds += 1
        for c in cards:
            totals[c] += rollout(view, mem, hands, c)
    if not worlds:
        return fallback
    totals[fallback[0]] += 0.5  # ties keep the Confirmé card (and its reason)
    best = max(cards, key=lambda c: totals[c])
    return (best, fallback[1]) if best == fallback[0] else (best, "hint.search_best")


# --- sampling the hidden cards -----------------------------------------------------------------


def hand_sizes(view: Any) -> list[int]:
    in_trick = {s for s, _ in view.trick}
    mine = len(view.hand) + (1 if view.seat in in_trick else 0)
    return [mine - (1 if s in in_trick else 0) for s in range(view.players)]


def known_holdings(view: Any, mem: Memory) -> dict[Card, int]:
    """Hidden cards whose holder is public: the retourne (taken at four) and the cards
    of announcements shown, while not played."""
    known: dict[Card, int] = {}
    if view.players == 4 and view.retourne is not None and view.taker is not None:
        known[view.retourne] = view.taker
    for seat, anns in view.shown_announcements:
        for a in anns:
            known.update(dict.fromkeys(a.cards, seat))
    return {c: s for c, s in known.items() if c in mem.unseen and s != view.seat}


def sample_hands(view: Any, mem: Memory, rng: random.Random) -> list[list[Card]] | None:
    """Other seats' hands drawn among the hidden cards, respecting what is known; None
    when the draws keep failing (constraints too tight for plain random tries)."""
    sizes = hand_sizes(view)
    known = known_holdings(view, mem)
    others = [s for s in range(view.players) if s != view.seat]
    undealt = len(mem.unseen) - sum(sizes[s] for s in others)  # belote à 2 / 3
    free = sorted(c for c in mem.unseen if c not in known)
    for _ in range(SAMPLE_TRIES):
        hands: list[list[Card]] = [[] for _ in range(view.players)]
        hands[view.seat] = list(view.hand)
        for c, s in known.items():
            hands[s].append(c)
        room = {s: sizes[s] - len(hands[s]) for s in others}
        room[-1] = undealt
        if _deal_free(free, room, hands, mem, rng):
            return hands
    return None


def _deal_free(free: list[Card], room: dict[int, int], hands: list[list[Card]], mem: Memory,
               rng: random.Random) -> bool:
    options = {c: [s for s in room if s == -1 or mem.may_hold(s, c)] for c in free}
    order = sorted(free, key=lambda c: (len(options[c]), rng.random()))
    for c in order:
        open_seats = [s for s in options[c] if room[s] > 0]
        if not open_seats:
            return False
        seat = rng.choice(open_seats)
        room[seat] -= 1
        if seat >= 0:
            hands[seat].append(c)
    return True


# --- rollouts ----------------------------------------------------------------------------------


def rules_for(view: Any) -> TrickGameRules:
    if view.game == "coinche":
        return CoincheRules()
    return BeloteRules(players=view.players)


def rollout(view: Any, mem: Memory, sampled: Sequence[list[Card]], first: Card) -> float:
    rules = rules_for(view)
    hands = [list(h) for h in sampled]
    points = [0] * view.players
    for t in view.tricks:
        points[t.winner] += t.points
    trick: list[Play] = list(view.trick)
    seat = view.seat
    card = first
    while True:
        hands[seat].remove(card)
        trick.append((seat, card))
        if len(trick) == view.players:
            winner = winning_play(trick, mem.trump)[0]
            last = not hands[winner]
            points[winner] += trick_points([c for _, c in trick], mem.trump)
            points[winner] += DIX_DE_DER if last else 0
            if last:
                return outcome(view, mem, points)
            trick, seat = [], winner
        else:
            seat = (seat + 1) % view.players
        card = _rollout_card(view, mem, hands, seat, tuple(trick), rules)


def _rollout_card(view: Any, mem: Memory, hands: list[list[Card]], seat: int,
                  trick: tuple[Play, ...], rules: TrickGameRules) -> Card:
    partner = (seat + 2) % 4 if view.players == 4 else None
    cards = legal_cards(hands[seat], trick, mem.trump, rules, partner)
    if len(cards) == 1:
        return cards[0]
    seen = perfect_memory(mem, hands, seat)
    return choose_card(SimView(seat, view.players, view.taker, trick), seen, cards)[0]


def perfect_memory(mem: Memory, hands: list[list[Card]], seat: int) -> Memory:
    """What ``seat`` would know if it saw every hand of the sampled deal."""
    strength = mem.trump.strength
    caps: list[dict[Suit, int]] = []
    for hand in hands:
        top = dict.fromkeys(Suit, VOID)
        for c in hand:
            top[c.suit] = max(top[c.suit], strength[c])
        caps.append(top)
    holders = {c: s for s, hand in enumerate(hands) if s != seat for c in hand}
    return Memory(seat=seat, players=mem.players, trump=mem.trump, hand=tuple(hands[seat]),
                  played=mem.played, unseen=frozenset(holders), caps=tuple(caps),
                  holders=holders)


def outcome(view: Any, mem: Memory, points: list[int]) -> float:
    """The deal's score for my side minus the others', as the game scores it (the
    announcements and belote already known to the table included)."""
    n = view.players
    sides = [mem.side_of(s) for s in range(n)]
    totals: dict[int, float] = {}
    for s in range(n):
        totals[sides[s]] = totals.get(sides[s], 0.0) + points[s]
    for seat, anns in view.shown_announcements:
        totals[sides[seat]] += sum(a.value for a in anns)
    if view.belote_seat is not None:
        totals[sides[view.belote_seat]] += 20
    me = sides[view.seat]
    if view.taker is None:
        return totals[me] - sum(v for k, v in totals.items() if k != me) / (len(totals) - 1)
    taker = sides[view.taker]
    best_other = max(v for k, v in totals.items() if k != taker)
    bid = view.contract_value or 0
    made = totals[taker] > best_other and totals[taker] >= bid
    scores = dict(totals)
    if not made:
        scores = dict.fromkeys(totals, 0.0)
        winners = [k for k, v in totals.items() if k != taker and v == best_other]
        for k in winners:
            scores[k] = (160 + bid) / len(winners)
    elif bid:
        scores[taker] += bid
    others = [v for k, v in scores.items() if k != me]
    return scores[me] - sum(others) / len(others)
