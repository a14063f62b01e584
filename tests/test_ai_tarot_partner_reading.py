"""Tarot at five, the Expert: what the play tells of the called card's holder
(``tarot_partner_reading``) draws the card search's worlds with it where the play shows
it, until the called card falls."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

from game.ai import tarot_search
from game.ai.tarot import tarot_decision
from game.ai.tarot_partner_reading import holder_odds, partner_moments, reads_the_partner
from game.ai.tarot_search import TarotWorldSearch, sample_world
from game.engine.tarot import TarotDeal
from game.engine.tarot_actions import TarotPlayCard
from game.engine.tarot_cards import TarotCard
from game.engine.tarot_tricks import TarotView
from tests.test_ai_tarot_five import at_first_card

FACE = 5  # half points: a cavalier, a queen, a king


def charged_by_the_holder(count: int) -> Iterator[tuple[TarotDeal, TarotCard]]:
    """Five-player deals played the Confirmé's way up to the end of the first trick in
    which the called card's holder (not the taker) gave a face card to a trick his camp
    was sure to win, the called card still hidden; with that card."""
    found, seed = 0, 0
    while found < count:
        seed += 1
        deal = at_first_card(seed)
        holder = deal.partner
        if holder is None or holder == deal.taker:
            continue
        charged = None
        while not deal.is_over and not deal.partner_revealed:
            seat = deal.current_player
            decision = tarot_decision(deal.view(seat))
            action = decision.action
            if (seat == holder and decision.reason == "hint.partner_master"
                    and isinstance(action, TarotPlayCard) and action.card.half_points >= FACE):
                charged = action.card
            deal, _ = deal.apply(action)
            if charged is not None and not deal.trick:
                break
        if charged is not None and not deal.partner_revealed and not deal.is_over:
            found += 1
            yield deal, charged


def holder_share(view: TarotView, holder: int, reading: bool,
                 monkeypatch: pytest.MonkeyPatch) -> float:
    """The share of the card search's worlds for ``view`` that put the called card with
    ``holder``, the partner reading on or off."""
    monkeypatch.setattr(tarot_search, "READ_THE_PARTNER", reading)
    search = TarotWorldSearch.__new__(TarotWorldSearch)  # its worlds only: no card to choose
    search.view, search.rng, search.cap = view, random.Random(7), 32
    worlds = list(search.world_stream())
    assert len(worlds) == 32
    return sum(view.called in w.holdings[holder] for w in worlds) / len(worlds)


def test_a_holder_that_charged_a_face_card_is_found_in_most_worlds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    read, blind = [], []
    for deal, _ in charged_by_the_holder(4):
        assert deal.partner is not None and deal.taker is not None
        defender = next(s for s in range(5) if s not in (deal.taker, deal.partner))
        for seat in (deal.taker, defender):
            read.append(holder_share(deal.view(seat), deal.partner, True, monkeypatch))
            blind.append(holder_share(deal.view(seat), deal.partner, False, monkeypatch))
    mean_read, mean_blind = sum(read) / len(read), sum(blind) / len(blind)
    assert mean_read > 0.5, (read, blind)
    assert mean_read > 1.5 * mean_blind, (read, blind)


def test_the_holder_odds_favour_the_seat_that_charged() -> None:
    deal, card = next(charged_by_the_holder(1))
    assert deal.partner is not None and deal.taker is not None
    view = deal.view(deal.taker)
    rng = random.Random(1)
    worlds = [sample_world(view, rng).holdings for _ in range(64)]
    odds = holder_odds(view, worlds)
    assert odds is not None
    uniform = sum(view.called in w[deal.partner] for w in worlds) / len(worlds)
    weighed = odds[deal.partner] / sum(odds.values())
    assert max(odds, key=lambda place: odds[place]) == deal.partner, (card, odds)
    assert weighed > 1.25 * uniform, (card, odds, uniform)


def test_only_the_other_seats_cards_are_read_and_only_while_the_card_is_hidden() -> None:
    deal, _ = next(charged_by_the_holder(1))
    assert deal.partner is not None and deal.taker is not None
    view = deal.view(deal.taker)
    assert reads_the_partner(view)
    seats = {m.seat for m in partner_moments(view)}
    assert deal.partner in seats and deal.taker not in seats
    assert not reads_the_partner(deal.view(deal.partner))  # he holds it: nothing to read
    while not deal.partner_revealed:
        seat = deal.current_player
        assert seat is not None
        deal, _ = deal.apply(tarot_decision(deal.view(seat)).action)
    assert not reads_the_partner(deal.view(deal.taker))


def test_the_reading_draws_the_same_worlds_whatever_the_hidden_cards(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Swapping two cards of a suit between two hands the seat cannot see (the called
    card and its holder untouched) changes none of the worlds it draws."""
    deal, _ = next(charged_by_the_holder(1))
    assert deal.partner is not None and deal.taker is not None
    viewer = deal.taker
    others = [s for s in range(5) if s not in (viewer, deal.partner)]
    a, b = others[0], others[1]
    x, y = next((x, y) for x in deal.hands[a] for y in deal.hands[b]
                if x.suit is y.suit and not x.is_bout and not y.is_bout)
    hands = [list(h) for h in deal.hands]
    hands[a][hands[a].index(x)], hands[b][hands[b].index(y)] = y, x
    moved = dataclasses.replace(deal, hands=tuple(tuple(h) for h in hands))
    monkeypatch.setattr(tarot_search, "READ_THE_PARTNER", True)
    drawn = []
    for state in (deal, moved):
        search = TarotWorldSearch.__new__(TarotWorldSearch)
        search.view, search.rng, search.cap = state.view(viewer), random.Random(5), 16
        drawn.append(list(search.world_stream()))
    assert drawn[0] == drawn[1]
