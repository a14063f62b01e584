"""Random engine deals played to the card play, for the tests of the sampler and of the
double-dummy solver (``game/dds``), and its speed benchmark; the check that a sampled
world fits a view.

Everything here goes through the real engine (``match.new_deal_state`` and legal
actions), so positions are exactly those a game can reach.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

from game.engine.actions import Announce, Pass, PlayCard, bid
from game.engine.cards import Card, Suit
from game.engine.coinche import CoincheDeal
from game.engine.match import new_deal_state
from game.engine.protocol import Phase
from game.engine.rules import (
    BeloteRules,
    BidValues,
    CoincheRules,
    Layout,
    Litige,
    OvertrumpPartner,
    Packets,
    PartnerRuff,
    TrickGameRules,
    Undertrump,
)
from game.engine.trickgame import TrickDeal, TrickView
from game.engine.tricks import legal_cards

# The contrée à deux and the découverte of both games, their options each way.
TWO_PLAYER_TABLES: list[TrickGameRules] = [
    CoincheRules(players=2),
    CoincheRules(players=2, two_player_winner_takes_all=True, packets=Packets.P332,
                 round_to_10=True, belote_prenable=True, surcoinche_multiplier=3),
    CoincheRules(players=2, layout=Layout.DECOUVERTE),
    CoincheRules(players=2, layout=Layout.DECOUVERTE, decouverte_announcements=True,
                 bid_values=BidValues.V82_162, two_player_winner_takes_all=True),
    BeloteRules(players=2, layout=Layout.DECOUVERTE, target=500),
    BeloteRules(players=2, layout=Layout.DECOUVERTE, decouverte_announcements=True,
                litige=Litige.DEDANS, sans_atout_tout_atout=True, target=500),
]


def rule_sets() -> Iterator[TrickGameRules]:
    """Every combination of the options that change legality, for every player count
    (coinche with sans-atout and tout-atout allowed)."""
    for undertrump, overtrump, ruff in itertools.product(
        Undertrump, OvertrumpPartner, PartnerRuff
    ):
        options = {"undertrump": undertrump, "overtrump_partner_when_trump_led": overtrump,
                   "partner_ruff": ruff}
        yield CoincheRules(sans_atout_tout_atout=True, **options)  # type: ignore[arg-type]
        for players in (2, 3, 4):
            yield BeloteRules(players=players, **options)  # type: ignore[arg-type]


def play_started(rules: TrickGameRules, seed: int) -> TrickDeal:
    """A deal whose bidding (random legal actions) gave a contract: the first card is next.

    Seeds whose bidding ends with every player passing are skipped."""
    for attempt in itertools.count():
        rng = random.Random(seed * 1009 + attempt)
        state, _ = new_deal_state(rules, seed * 1009 + attempt, rng.randrange(rules.players))
        while not state.is_over and state.phase is not Phase.PLAY:
            state, _ = state.apply(rng.choice(state.legal_actions()))
        if not state.is_over:
            return state
    raise AssertionError("unreachable")


def play_cards(state: TrickDeal, cards: int, rng: random.Random) -> TrickDeal:
    """``state`` after ``cards`` random legal cards (announcing now and then)."""
    played = 0
    while played < cards and not state.is_over:
        legal = state.legal_actions()
        if any(isinstance(a, Announce) for a in legal) and rng.random() < 0.5:
            state, _ = state.apply(Announce())
            continue
        plays = [a for a in legal if isinstance(a, PlayCard)]
        state, _ = state.apply(rng.choice(plays))
        played += 1
    return state


def coinche_play(hands: list[list[Card]], trump: Suit) -> TrickDeal:
    """A coinche deal of ``hands`` (seat 0 deals) bid 80 in ``trump`` by seat 1, the
    others passing: seat 1 leads the first card."""
    state: TrickDeal = CoincheDeal.from_hands(CoincheRules(), hands)
    state, _ = state.apply(bid(80, trump))
    for _ in range(3):
        state, _ = state.apply(Pass())
    return state


def replays_legally(view: TrickView, rules: TrickGameRules, hands: list[tuple[Card, ...]]) -> bool:
    """Could these hands have played the view's tricks?  (Each seat's hand at a trick is
    its hand now plus the cards it played from that trick on.)"""
    assert view.trump is not None
    tricks = [t.plays for t in view.tricks] + [view.trick]
    held = [set(h) for h in hands]
    for trick in reversed(tricks):
        for seat, c in trick:
            held[seat].add(c)
        for k, (seat, c) in enumerate(trick):
            if c not in legal_cards(tuple(held[seat]), trick[:k], view.trump, rules,
                                    view.partner_of(seat)):
                return False
            held[seat].discard(c)
        for seat, c in trick:
            held[seat].add(c)
    return True


def check_world(
    view: TrickView, state: TrickDeal, rules: TrickGameRules | None,
    world: list[tuple[Card, ...]],
) -> None:
    """The world fits the view (and, given ``rules``, every play of the view)."""
    played = {c for t in view.tricks for _, c in t.plays} | {c for _, c in view.trick}
    assert world[view.seat] == view.hand
    assert [len(h) for h in world] == [len(h) for h in state.hands]
    dealt = [c for h in world for c in h]
    assert len(dealt) == len(set(dealt)), "a card dealt twice"
    assert not set(dealt) & played
    if view.players < 4:
        assert view.retourne not in dealt and view.bergere not in dealt
    if rules is not None:
        assert replays_legally(view, rules, world)
