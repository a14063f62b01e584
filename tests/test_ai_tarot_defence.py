"""The tarot Expert's defence: it leaves the Confirmé's card only for one that gains
clearly over the worlds it searched (``tarot_search.LEAVING_RISK``), and so do the
taker at three and five and the called card's holder; the taker at four for any that
gains."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.ai.tarot import tarot_decision
from game.ai.tarot_search import (
    TarotWorldSearch,
    World,
    defending,
    same_value,
    sure_margin,
    weigh_tarot_cards,
)
from game.engine.tarot import TarotDeal, TarotPlayCard, TarotView
from game.engine.tarot_cards import TarotCard, TarotSuit
from tests.replay import replay
from tests.tarot_positions import advance, to_play

NOISY = (40.0, -10.0, -10.0, -10.0)  # a mean gain of 2.5, one lucky world
STEADY = (3.0, 4.0, 3.0, 4.0)


def scripted(gains: tuple[float, ...]) -> type[TarotWorldSearch]:
    """A search whose worlds value the Confirmé's card 0 and every other card ``gains``
    (by world): the choice among the values, without rollouts."""

    class Scripted(TarotWorldSearch):
        def value(self, world: World, card: TarotCard) -> float:
            usual = tarot_decision(self.view).action
            assert isinstance(usual, TarotPlayCard)
            same = same_value(card, usual.card, self.located)
            return 0.0 if same else gains[len(self.values)]

    return Scripted


def a_position(defender: bool, seed: int = 3, players: int = 4,
               taker: bool | None = None) -> TarotView:
    """A position early in the play where the seat to play, the taker (or at five his
    partner) or a defender, has several distinct cards and the Confirmé plays one of
    them; ``taker``, when given, whether that seat is the taker."""
    rng = random.Random(seed)
    for k in range(60):
        start, actions = to_play(players, seed * 100 + k)
        deal, _ = advance(start, actions, rng.randrange(8), rng)
        assert isinstance(deal, TarotDeal)
        seat = deal.current_player
        if deal.is_over or seat is None:
            continue
        view = deal.view(seat)
        cards = {a.card for a in view.legal if isinstance(a, TarotPlayCard)}
        if len(cards) >= 3 and defending(view) == defender \
                and taker in (None, seat == view.taker) \
                and isinstance(tarot_decision(view).action, TarotPlayCard):
            return view
    raise AssertionError("no such position in 60 deals")


def chosen(view: TarotView, gains: tuple[float, ...]) -> TarotPlayCard:
    decision, _ = weigh_tarot_cards(view, random.Random(1), None, len(gains),
                                    source=scripted(gains))
    assert isinstance(decision.action, TarotPlayCard)
    return decision.action


@pytest.mark.kernel
def test_a_defender_keeps_the_confirme_card_against_a_lucky_gain() -> None:
    view = a_position(defender=True)
    assert chosen(view, NOISY) == tarot_decision(view).action


@pytest.mark.kernel
def test_a_defender_leaves_the_confirme_card_for_a_steady_gain() -> None:
    view = a_position(defender=True)
    assert chosen(view, STEADY) != tarot_decision(view).action


@pytest.mark.kernel
def test_the_taker_at_four_plays_the_best_mean_however_noisy() -> None:
    view = a_position(defender=False)
    assert view.seat == view.taker
    assert chosen(view, NOISY) != tarot_decision(view).action


@pytest.mark.kernel
def test_the_taker_at_three_keeps_the_confirme_card_against_a_lucky_gain() -> None:
    view = a_position(defender=False, players=3)
    assert view.seat == view.taker
    assert chosen(view, NOISY) == tarot_decision(view).action


@pytest.mark.kernel
def test_the_taker_at_three_leaves_the_confirme_card_for_a_steady_gain() -> None:
    view = a_position(defender=False, players=3)
    assert chosen(view, STEADY) != tarot_decision(view).action


@pytest.mark.kernel
def test_the_taker_at_five_keeps_the_confirme_card_against_a_lucky_gain() -> None:
    view = a_position(defender=False, players=5)
    assert view.seat == view.taker
    assert chosen(view, NOISY) == tarot_decision(view).action
    assert chosen(view, STEADY) != tarot_decision(view).action


@pytest.mark.kernel
def test_the_called_card_holder_keeps_the_confirme_card_against_a_lucky_gain() -> None:
    view = a_position(defender=False, players=5, taker=False)
    assert view.seat != view.taker and view.called in view.hand  # he alone knows his camp
    assert chosen(view, NOISY) == tarot_decision(view).action
    assert chosen(view, STEADY) != tarot_decision(view).action


def seat_view(deal: TarotDeal) -> TarotView:
    """The view of the seat to play."""
    assert deal.current_player is not None
    return deal.view(deal.current_player)


@pytest.mark.kernel
def test_the_taker_at_five_ruffs_low_when_last_to_play() -> None:
    """Seed 5's first trick: hearts led, every other seat followed, the taker last and
    void in hearts; any trump of his wins the trick.  The Confirmé ruffs with his 6;
    the search without the gate, its 16 worlds drawn from this generator, ruffed with
    the 13 (a lucky mean)."""
    start, actions = to_play(5, 5)
    deal = replay(start, actions)
    assert isinstance(deal, TarotDeal)
    for _ in range(4):
        deal, _ = deal.apply(tarot_decision(seat_view(deal)).action)
    view = seat_view(deal)
    assert view.seat == view.taker and len(view.trick) == 4 and not view.tricks
    assert all(c.suit is TarotSuit.HEARTS for _, c in view.trick)
    usual = tarot_decision(view).action
    assert usual == TarotPlayCard(TarotCard(TarotSuit.TRUMP, 6))
    decision, means = weigh_tarot_cards(view, random.Random(1), None)
    assert decision.action == usual
    assert max(means, key=means.__getitem__) == TarotCard(TarotSuit.TRUMP, 13)


def test_the_holder_of_the_called_card_is_no_defender() -> None:
    view = a_position(defender=True)
    # at five, before the called card falls, only its holder knows he attacks
    assert not defending(replace(view, players=5, called=view.hand[0]))
    assert not defending(replace(view, taker=view.seat))
    assert defending(replace(view, called=None))


def test_the_sure_margin_is_the_mean_less_the_standard_errors() -> None:
    assert sure_margin(STEADY, 1.0) > 0 > sure_margin(NOISY, 1.0)
    assert sure_margin(NOISY, 0.0) == 2.5
    assert sure_margin([5.0], 1.0) == 0.0  # one world tells nothing
