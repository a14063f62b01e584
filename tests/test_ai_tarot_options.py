"""The computer players under tarot's house rules: the misère declared, the poignée
sizes of the table, and the Expert's search scoring with the table's options."""

from __future__ import annotations

import random

import pytest

from game.ai import Level, decide
from game.ai.tarot import tarot_memory
from game.ai.tarot_endgame import DealFrame, Tally
from game.ai.tarot_search import deal_frame, sample_world
from game.engine.rules import PetitAuBoutValue, PoigneeSizes, TarotRules
from game.engine.tarot import DeclareMisere, ShowPoignee, TarotPlayCard, TarotTrick
from game.engine.tarot_cards import tarot_card, tarot_cards
from game.engine.tarot_scoring import Contract, MisereKind
from tests.test_tarot_options import play_misere_deal, taken

C = tarot_cards
TEN_TRUMPS = "A02 A03 A04 A05 A06 A07 A08 A09 A10 A11"


@pytest.mark.kernel
@pytest.mark.parametrize("level", [Level.CONFIRME, Level.EXPERT])
def test_a_misere_held_is_declared_when_the_table_plays_it(level: Level) -> None:
    on = play_misere_deal(TarotRules(misere=True), declare=False, cards=1)
    decision = decide(on.view(1), level, random.Random(1), think=None)
    assert decision.action == DeclareMisere(MisereKind.TRUMP)
    assert decision.reason == "hint.misere_trump"
    off = play_misere_deal(TarotRules(), declare=False, cards=1)
    assert isinstance(decide(off.view(1), level, random.Random(1), think=None).action,
                      TarotPlayCard)


@pytest.mark.parametrize("sizes, shows", [(PoigneeSizes.FFT, False),
                                          (PoigneeSizes.FOUR_PLAYER, True)])
def test_the_taker_shows_the_poignee_the_table_allows(sizes: PoigneeSizes, shows: bool) -> None:
    # Three players: 10 trumps are no poignée by the FFT (13), a simple one at 10-13-15.
    deal = taken(TarotRules(players=3, poignee_sizes=sizes), {0: TEN_TRUMPS})
    action = decide(deal.view(0), Level.CONFIRME, random.Random(1)).action
    assert isinstance(action, ShowPoignee) == shows
    if shows:
        assert isinstance(action, ShowPoignee) and len(action.cards) == 10


def test_the_expert_s_rollouts_score_with_the_table_s_options() -> None:
    fixed = TarotRules(petit_au_bout=PetitAuBoutValue.FIXED)
    deal = taken(fixed, {0: TEN_TRUMPS})
    frame = deal_frame(deal.view(1), None)
    assert frame.rules == fixed
    # A Garde Sans made with 49 points and 2 bouts, the Petit in the last trick won by
    # the taker: (25 + 8) × 4 = 132, the petit 10 fixed (FFT: 10 × 4 = 40).
    last = TarotTrick(0, tuple(zip(range(4), C("A01 1S 2S 3S"), strict=True)), 0)
    tally = Tally(points=98, bouts=2, winners=frozenset({True, False}))
    assert frame.per_defender(tally, last) == 142
    fft_frame = DealFrame(4, Contract.GARDE_SANS, frame.attack, (), False)
    assert fft_frame.per_defender(tally, last) == 172


def test_the_expert_s_worlds_respect_the_misères_declared() -> None:
    # Seat 1 declared a trump misère, seat 2 a heads misère; seat 3 imagines the hands.
    deal = play_misere_deal(TarotRules(misere=True), declare=True, cards=3)
    view = deal.view(3)
    assert view.miseres == ((1, MisereKind.TRUMP), (2, MisereKind.HEADS))
    rng = random.Random(5)
    for _ in range(30):
        world = sample_world(view, rng)
        assert not any(c.is_trump for c in world.holdings[1])
        assert not any(c.suit.is_plain and c.rank >= 11 for c in world.holdings[2])
    memory = tarot_memory(view)
    assert not memory.may_hold(1, tarot_card("A21")) and memory.may_hold(0, tarot_card("A21"))
