"""Inference from the play in the tarot Expert's search (``tarot_play_inference``): the
other seats' past situations rebuilt from a world and the public play, and the worlds
kept in proportion to how likely they make the cards played."""

from __future__ import annotations

import random

import pytest

from bench.tarot_times import tarot_deals
from game.ai.play_inference import P_CONFIRME
from game.ai.tarot import tarot_decision
from game.ai.tarot_play_inference import card_likelihood, past_moments
from game.ai.tarot_search import TarotWorldSearch, sample_world
from game.engine.protocol import Phase
from game.engine.rules import TarotRules
from game.engine.tarot import Step, TarotDeal
from game.engine.tarot_cards import TarotCard, tarot_cards
from game.engine.tarot_scoring import Contract
from tests.tarot_hands import full_hands


@pytest.mark.parametrize("players", [3, 4, 5])
def test_in_the_true_deal_every_past_card_is_the_confirmes(players: int) -> None:
    """Deals the Confirmé plays at every seat: each card another seat played, rebuilt
    from its true hand then, is the Confirmé's (the situation, memory and camps rebuilt
    as that seat saw them), or a forced one."""
    confirme = forced = 0
    for state in tarot_deals(TarotRules(players=players), 7, 4):
        while not state.is_over:
            view = state.view(state.current_player or 0)
            if view.phase is Phase.PLAY and not view.trick and len(view.tricks) in (2, 7, 11):
                assert view.contract is not None
                for moment in past_moments(view, 100):
                    hand = frozenset(state.hands[moment.seat]) | frozenset(moment.later)
                    aside = state.ecart if (view.contract.chien_shown
                                            and moment.seat == view.taker) else ()
                    likelihood = card_likelihood(view, moment, hand, aside)
                    assert likelihood in (1.0, P_CONFIRME)
                    confirme += likelihood == P_CONFIRME
                    forced += likelihood == 1.0
            state, _ = state.apply(tarot_decision(view).action)
    assert confirme > 40 and forced > 0


def test_the_moments_are_the_other_seats_last_cards_with_what_they_played_since() -> None:
    view = _ducked_trick().view(2)
    moments = past_moments(view)
    assert [(m.seat, m.card) for m in moments] == [(1, C("2H")), (0, C("5H"))]
    assert all(m.later == (m.card,) for m in moments)
    assert moments[0].trick == ((0, C("5H")),) and moments[1].trick == ()
    assert [(m.seat, m.card) for m in past_moments(view, 1)] == [(1, C("2H"))]


def C(code: str) -> TarotCard:
    return tarot_cards(code)[0]


HIGH_HEARTS = frozenset(tarot_cards("DH RH"))  # the hearts above the 5 hidden from seat 2


def _ducked_trick(plays: int = 2) -> TarotDeal:
    """Four players, a Garde Sans by seat 0, who led the 5 of hearts; seat 1, a defender
    with only low hearts, played the 2 (holding a higher heart, the Confirmé would
    have taken the trick with the lowest that wins it: its partners play after it).
    ``plays``: those of the two cards played."""
    low = "2H 3H 4H 1S 2S 3S 4S 5S 1D 2D 3D 4D 5D 1C 2C 3C 4C 5C"
    hands, chien = full_hands(4, {0: "5H", 1: low, 2: "1H 6H 7H 8H 9H TH VH CH", 3: "DH RH"})
    trick = ((0, C("5H")), (1, C("2H")))[:plays]
    played = dict(trick)
    rest = tuple(tuple(c for c in h if c != played.get(s)) for s, h in enumerate(hands))
    return TarotDeal(TarotRules(players=4), dealer=3, hands=rest, chien=tuple(chien),
                     step=Step.PLAY, turn=plays, contract=Contract.GARDE_SANS, taker=0,
                     trick=trick)


def test_a_defender_who_did_not_take_the_trick_holds_a_higher_heart_far_less_often() -> None:
    """Seat 2's worlds: seat 1 holds a heart above the 5 led (the queen or the king) in
    half the uniform draws, in few of the weighed worlds (each counted as often as the
    resampling drew it)."""
    view = _ducked_trick().view(2)
    weighed = uniform = drawn = uniform_drawn = 0
    for seed in range(6):
        search = TarotWorldSearch(view, random.Random(seed), 16)
        search.draw_all()
        assert search.inferring and len(search.worlds) <= 16 <= sum(search.draws)
        for world, draws in zip(search.worlds, search.draws, strict=True):
            weighed += draws * bool(HIGH_HEARTS & set(world.holdings[1]))
            drawn += draws
        rng = random.Random(100 + seed)
        for _ in range(16):
            uniform += bool(HIGH_HEARTS & set(sample_world(view, rng).holdings[1]))
            uniform_drawn += 1
    assert uniform / uniform_drawn > 0.4
    assert weighed / drawn < 0.5 * uniform / uniform_drawn


def test_a_seat_that_saw_no_other_card_weighs_nothing() -> None:
    """The first card of the deal: the cap of worlds drawn, none resampled."""
    search = TarotWorldSearch(_ducked_trick(0).view(0), random.Random(1), 4)
    search.draw_all()
    assert not search.inferring and not search.draws and len(search.worlds) == 4
