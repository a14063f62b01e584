"""Inference from the play in the tarot Expert's card search, as at coinche
(``play_inference``): a sampled world is as likely as the cards the other seats played
are under the soft Confirmé model (``play_inference.soft_choice``: a seat plays the
Confirmé's card with probability ``P_CONFIRME``, any other legal card with an equal share
of the rest).

To score a past card in a world, that seat's situation then is rebuilt from the world
and the public play only: its hand then (its cards in the world and those it played from
then on), the trick so far, the finished tricks, and what it had seen (``play_memory``:
the voids and trump caps the play had shown, the camps as it knew them, the taker his
écart, which is the world's pile); its card then is the Confirmé's
(``choose_tarot_card``), or one it ties with: the Confirmé breaks its ties by the
order of the cards in the hand, which the deal sets and no one sees, so the card played
is offered first.  A card the seat had no choice about says nothing.  Only the
``RECENT`` last cards the other seats played are scored: each costs a Confirmé choice
per world, and the search has 0.3 s.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.ai.play_inference import P_CONFIRME, soft_choice
from game.ai.tarot import RolloutView, TarotMemory, choose_tarot_card, known_camps, play_memory
from game.engine.tarot_cards import TarotCard, sorted_tarot_hand
from game.engine.tarot_tricks import (
    TarotPlay,
    TarotTrick,
    TarotView,
    announcer_hand,
    first_lead_cards,
    legal_cards,
)

RECENT = 8  # the other seats' last cards scored (the older ones say nothing here)


@dataclass(frozen=True)
class TarotMoment:
    """One card another seat played, and what it saw then apart from its own hand."""

    seat: int
    card: TarotCard
    trick: tuple[TarotPlay, ...]  # the trick under way before the card
    tricks: tuple[TarotTrick, ...]  # the tricks finished then
    seen: TarotMemory  # built with an empty hand and the camps as a non-holder knew them
    later: tuple[TarotCard, ...]  # what the seat played from then on, this card included
    partner: int | None  # the called card's holder, once it had fallen


def past_moments(view: TarotView, recent: int = RECENT) -> list[TarotMoment]:
    """The last ``recent`` cards the other seats played in this deal, with what each
    seat had seen, from the view's public play only."""
    tricks = tuple(view.tricks)
    sequences = [(k, t.plays) for k, t in enumerate(tricks)] + [(len(tricks), view.trick)]
    order = [(k, i) for k, plays in sequences for i in range(len(plays))]
    plays_in_order = [p for _, plays in sequences for p in plays]
    moments: list[TarotMoment] = []
    for index in reversed(range(len(order))):
        if len(moments) == recent:
            break
        seat, card = plays_in_order[index]
        if seat == view.seat:
            continue
        k, i = order[index]
        moments.append(_moment(view, tricks[:k], tuple(sequences[k][1][:i]), seat, card,
                               plays_in_order[:index], plays_in_order[index:]))
    return moments


def _moment(view: TarotView, tricks: tuple[TarotTrick, ...], trick: tuple[TarotPlay, ...],
            seat: int, card: TarotCard, before: Sequence[TarotPlay],
            after: Sequence[TarotPlay]) -> TarotMoment:
    assert view.taker is not None
    partner = next((s for s, c in before if c == view.called), None)
    attack, defence = known_camps(view.players, view.taker, seat, partner,
                                  view.alone and seat == view.taker, False)
    seen = play_memory(seat, view.players, (), (), tricks, trick, attack, defence,
                       announcer=view.chelem_announcer)
    later = tuple(c for s, c in after if s == seat)
    return TarotMoment(seat, card, trick, tricks, seen, later, partner)


def play_likelihood(view: TarotView, moments: Sequence[TarotMoment],
                    p_confirme: float = P_CONFIRME,
                    ) -> Callable[[Sequence[Sequence[TarotCard]], Sequence[TarotCard]], float]:
    """A world's (its holdings, its pile) likelihood of the cards played at ``moments``
    (``past_moments``), memoised per moment and hand then."""
    memo: dict[tuple[int, frozenset[TarotCard]], float] = {}
    ecart = view.contract is not None and view.contract.chien_shown

    def likelihood(holdings: Sequence[Sequence[TarotCard]], pile: Sequence[TarotCard]) -> float:
        total = 1.0
        for k, moment in enumerate(moments):
            hand = frozenset(holdings[moment.seat]).union(moment.later)
            key = (k, hand)
            if key not in memo:
                aside = pile if ecart and moment.seat == view.taker else ()
                memo[key] = card_likelihood(view, moment, hand, aside, p_confirme)
            total *= memo[key]
        return total

    return likelihood


def card_likelihood(view: TarotView, moment: TarotMoment, hand: frozenset[TarotCard],
                    aside: Sequence[TarotCard], p_confirme: float = P_CONFIRME) -> float:
    """How likely ``moment``'s card was from ``hand`` (the taker's écart ``aside``) under
    the soft Confirmé model."""
    assert view.taker is not None
    held = sorted_tarot_hand(hand)
    playable = announcer_hand(held, moment.seat == view.chelem_announcer)
    if not moment.tricks and not moment.trick and view.called is not None:
        cards = first_lead_cards(playable, view.called)
    else:
        cards = legal_cards(playable, moment.trick)
    if len(cards) <= 1:
        return 1.0
    if moment.card not in cards:  # the hard facts rule it out: never for a sampled world
        return 1e-9
    seen = moment.seen
    if moment.partner is None and view.called in hand:  # the holder knew the camps
        attack, defence = known_camps(view.players, view.taker, moment.seat, None, False, True)
        seen = dataclasses.replace(seen, attack=attack, defence=defence)
    mem = dataclasses.replace(seen, hand=tuple(held), unseen=seen.unseen - hand - set(aside))
    situation = RolloutView(moment.seat, tuple(held), view.taker, moment.trick, moment.tricks)
    first = [moment.card, *(c for c in cards if c != moment.card)]
    chosen = choose_tarot_card(situation, mem, first)[0]
    return soft_choice(chosen == moment.card, len(cards), p_confirme)
