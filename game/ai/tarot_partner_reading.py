"""Tarot at five, Expert level: what the card play tells about who holds the called card.

Until the called card falls only its holder knows the camps (``tarot.known_camps``): he
plays for the taker (charges points on a trick the taker is sure to win, leads for his
ruff...), every other seat against him.  So each card another seat played meanwhile is
scored under the Confirmé's play (``tarot.choose_tarot_card``) twice, from that seat's
hand then in a world: as the holder of the called card would have chosen, and as a seat
without it.  A world is weighed by the likelihood ratio of its holder's cards, as holder
against as a defender (the soft model of ``play_inference``: the Confirmé's card with
probability ``P_CONFIRME``, any other legal card with an equal share of the rest); the
other seats' cards, scored as a defender's whichever world, leave the ratio at one, and
so does a world with the called card in the pile.

Weighing every world the search draws would cost too much (a world's ratio is a dozen
Confirmé choices): the card search weighs ``SEAT_WORLDS`` uniform worlds once a
decision, sums their weights by where the called card lies (``holder_odds``: P(this seat
holds it | its plays), up to a factor), then draws each world's holder from those odds
and the rest of the world given it (``tarot_search.sample_world``), when
``tarot_search.READ_THE_PARTNER`` is on.  It is off: the worlds put the called card with
its holder more often (``bench/tarot_partner_reading.py``), but no gain was measured at
the table (``bench/RESULTS.md``, "Tarot at five: reading the called card's holder").

What a seat had seen at each moment is rebuilt from the public play up to it
(``tarot.play_memory``), never from the world's other hands.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.ai.play_inference import P_CONFIRME
from game.ai.tarot import RolloutView, TarotMemory, choose_tarot_card, known_camps, play_memory
from game.engine.tarot_cards import TarotCard
from game.engine.tarot_tricks import TarotView, first_lead_cards, legal_cards

Holdings = Sequence[Sequence[TarotCard]]


@dataclass(frozen=True)
class Moment:
    """One card a seat played before the called card fell, and what it had seen then."""

    seat: int
    card: TarotCard
    situation: RolloutView  # its hand left empty: the world's fills it
    first_lead: bool  # the deal's first card: not the called suit, but the called card
    as_defender: TarotMemory  # built with an empty hand, the seat not holding the card
    as_holder: TarotMemory  # the same, the seat holding it: it knows the camps
    later: tuple[TarotCard, ...]  # what the seat played from then on, this card included


def reads_the_partner(view: TarotView) -> bool:
    """Five players, the called card unseen by the seat: neither fallen, nor in its hand."""
    return (view.players == 5 and view.partner is None and not view.alone
            and view.called is not None and view.called not in view.hand)


def partner_moments(view: TarotView) -> list[Moment]:
    """Every card the seats other than this one and the taker played in this deal."""
    assert view.taker is not None, "the card play comes after the contract"
    sequences = [(k, t.plays) for k, t in enumerate(view.tricks)] + [(len(view.tricks),
                                                                       view.trick)]
    in_order = [play for _, plays in sequences for play in plays]
    moments, index = [], 0
    for k, plays in sequences:
        for i, (seat, card) in enumerate(plays):
            index += 1
            if seat in (view.seat, view.taker):
                continue
            tricks, prefix = view.tricks[:k], tuple(plays[:i])
            defender, holder = (
                play_memory(seat, view.players, (), (), tricks, prefix,
                            *known_camps(view.players, view.taker, seat, None, False, holds))
                for holds in (False, True))
            later = tuple(c for s, c in in_order[index - 1:] if s == seat)
            situation = RolloutView(seat, (), view.taker, prefix, tricks)
            moments.append(Moment(seat, card, situation, not tricks and not prefix,
                                  defender, holder, later))
    return moments


SEAT_WORLDS = 32  # uniform worlds a decision weighs to tell each seat's odds


def holder_weight(view: TarotView) -> Callable[[Holdings], float] | None:
    """A world's weight (its ``holdings`` by seat) by what the play tells of the called
    card's holder; None when it tells nothing (not at five, the called card fallen or
    the seat's own, no card played by a seat that may hold it)."""
    if not reads_the_partner(view):
        return None
    moments = partner_moments(view)
    if not moments:
        return None
    by_seat: dict[int, list[Moment]] = {}
    for moment in moments:
        by_seat.setdefault(moment.seat, []).append(moment)
    called = view.called
    assert called is not None

    def weight(holdings: Holdings) -> float:
        holder = next((s for s, hand in enumerate(holdings) if called in hand), None)
        ratio = 1.0
        for moment in by_seat.get(holder, []) if holder is not None else []:
            hand = frozenset(holdings[moment.seat]) | frozenset(moment.later)
            ratio *= holder_ratio(moment, hand, called)
        return ratio

    return weight


def holder_odds(view: TarotView, worlds: Sequence[Holdings]) -> dict[int | None, float] | None:
    """Each place of the called card (a seat, None: the pile) weighed by the play, from
    ``worlds`` drawn uniformly among those the view allows: the sum of their weights
    (``holder_weight``) where it lies there.  None when the play tells nothing."""
    weight = holder_weight(view)
    if weight is None or not worlds:
        return None
    odds: dict[int | None, float] = {}
    for holdings in worlds:
        holder = next((s for s, hand in enumerate(holdings) if view.called in hand), None)
        odds[holder] = odds.get(holder, 0.0) + weight(holdings)
    return odds


def holder_ratio(moment: Moment, hand: frozenset[TarotCard], called: TarotCard,
                 p_confirme: float = P_CONFIRME) -> float:
    """How much likelier ``moment``'s card was from ``hand`` (the called card in it)
    played as the called card's holder than as a defender."""
    ordered = sorted(hand)
    cards = (first_lead_cards(ordered, called) if moment.first_lead
             else legal_cards(ordered, moment.situation.trick))
    if len(cards) <= 1 or moment.card not in cards:
        return 1.0
    situation = dataclasses.replace(moment.situation, hand=tuple(ordered))
    miss = (1 - p_confirme) / (len(cards) - 1)
    odds = []
    for seen in (moment.as_holder, moment.as_defender):
        mem = dataclasses.replace(seen, hand=tuple(ordered), unseen=seen.unseen - hand)
        chosen = choose_tarot_card(situation, mem, cards)[0]
        odds.append(p_confirme if chosen == moment.card else miss)
    return odds[0] / odds[1]
