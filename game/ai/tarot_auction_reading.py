"""Tarot, Expert level: what the auction tells the card search about the hidden hands.

Drawn uniformly among the placements the play allows, the taker's hand is an average
one: at a defender's first card, four players, 5.6 trumps where takers hold 7.6 (three
players 7.6 for 9.1, five 4.4 for 6.4; Confirmé deals, ``bench/tarot_auction_reading.py``,
where the worlds kept hold 6.7, 8.4 and 5.7).  The auction says more: a seat
that took holds a hand strong enough for its contract and, having stopped there, not for
the next; a seat that passed, one too weak for the lowest contract it could have bid.

Each seat's dealt hand in a world (its cards left, those it played, and for the taker of
a Prise or a Garde his écart back and the chien out) is scored by the Confirmé's hand
strength (``tarot.hand_strength``) against the Confirmé's thresholds, softly
(``SOFTNESS``): the Expert and the other players bid otherwise near the thresholds.
The card search draws ``CANDIDATES`` worlds for each one it keeps, and keeps one of them
in proportion to how well it fits the auction (sampling importance resampling).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from game.ai.tarot import hand_strength, threshold
from game.engine.protocol import Action
from game.engine.tarot_actions import TarotBid, TarotPass
from game.engine.tarot_cards import TarotCard
from game.engine.tarot_scoring import Contract
from game.engine.tarot_tricks import TarotView

SOFTNESS = 3.0  # hand-strength points (a trump is worth 2 to 4): a threshold's blur
CANDIDATES = 12  # worlds drawn for each one kept

W = TypeVar("W")
Bounds = tuple[float | None, float | None]  # the strength a seat's calls show: at least, below


def shown_strengths(view: TarotView) -> dict[int, Bounds]:
    """For each seat that spoke, the hand strength its call shows (``call_bounds``)."""
    return {seat: call_bounds(view.bids, index, view.players)
            for index, (seat, action) in enumerate(view.bids)
            if isinstance(action, TarotBid | TarotPass)}


def call_bounds(bids: Sequence[tuple[int, Action]], index: int, players: int) -> Bounds:
    """The hand strength call ``index`` of ``bids`` shows under the Confirmé's
    thresholds: a contract, at least the threshold of the contract bid, below that of
    the next one (it would have bid it); a pass, below the threshold of the lowest
    contract it could have bid (no bound when none was left)."""
    action = bids[index][1]
    if isinstance(action, TarotBid):
        higher = _next_contract(action.contract)
        return (threshold(action.contract, players),
                None if higher is None else threshold(higher, players))
    above = max((a.contract for _, a in bids[:index] if isinstance(a, TarotBid)), default=0)
    lowest = _next_contract(above)
    return None, None if lowest is None else threshold(lowest, players)


def _next_contract(contract: int) -> Contract | None:
    return next((c for c in Contract if c > contract), None)


def dealt_hand(view: TarotView, seat: int, holding: Sequence[TarotCard],
               pile: Sequence[TarotCard]) -> list[TarotCard]:
    """The cards ``seat`` was dealt in a world where it holds ``holding`` now and the
    pile (``tarot_search.World``) is ``pile``."""
    played = [c for t in view.tricks for s, c in t.plays if s == seat]
    played += [c for s, c in view.trick if s == seat]
    cards = [*holding, *played]
    assert view.contract is not None, "the card play comes after the contract"
    if seat == view.taker and view.contract.chien_shown:
        chien = set(view.chien)
        ecart = view.ecart if view.seat == view.taker else pile
        cards = [c for c in [*cards, *ecart] if c not in chien]
    return cards


def auction_fit(view: TarotView, holdings: Sequence[Sequence[TarotCard]],
                pile: Sequence[TarotCard],
                shown: dict[int, Bounds] | None = None) -> float:
    """How well a world (``holdings`` by seat, ``pile``) fits the auction, in (0, 1]:
    the product over the other seats that spoke of a soft step at each bound."""
    fit = 1.0
    for seat, (least, below) in (shown if shown is not None else shown_strengths(view)).items():
        if seat == view.seat:
            continue
        strength = hand_strength(dealt_hand(view, seat, holdings[seat], pile))
        if least is not None:
            fit *= _step((strength - least) / SOFTNESS)
        if below is not None:
            fit *= _step((below - strength) / SOFTNESS)
    return fit


def _step(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def read_draw(view: TarotView, rng: random.Random, draw: Callable[[], W | None],
              parts: Callable[[W], tuple[Sequence[Sequence[TarotCard]],
                                         Sequence[TarotCard]]]) -> W | None:
    """One world of ``draw`` (a uniform draw among those the play allows; None: none
    found) reweighed by the auction: ``CANDIDATES`` of them drawn, one kept in
    proportion to its fit (``parts``: a world's holdings and pile)."""
    shown = shown_strengths(view)
    if not any(seat != view.seat for seat in shown):
        return draw()
    candidates = [w for w in (draw() for _ in range(CANDIDATES)) if w is not None]
    if not candidates:
        return None
    fits = [auction_fit(view, *parts(w), shown=shown) for w in candidates]
    return rng.choices(candidates, weights=fits)[0]
