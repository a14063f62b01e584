"""Playing one deal of a match with the viewer's seat driven by a test's policy, the
others by the Confirmé: material for the coach's tests and benchmark."""

from __future__ import annotations

import random
from collections.abc import Callable

from game.advice import Advisor, current_position
from game.ai import Level, decide
from game.engine.actions import PlayCard
from game.engine.cards import Rank, Suit, card
from game.engine.match import AnyRules, Match
from game.engine.protocol import Action

# (the match, the seat to act) -> its action
Policy = Callable[[Match, int], Action]


def expert_policy(match: Match, seat: int) -> Action:
    """The hint's choice: the position's verdict (``game.advice``), from an advisor of
    its own (the analysis must find the same verdict again, not read it back)."""
    return Advisor().verdict(current_position(match, seat)).decision.action


def play_first_deal(rules: AnyRules, seed: int, policy: Policy, seat: int = 0) -> Match:
    """The match once its first scored deal is over (void deals are played through)."""
    match, _ = Match.new(rules, seed)
    others = random.Random(seed)
    while not match.history:
        player = match.current_player
        assert player is not None
        if player == seat:
            action = policy(match, seat)
        else:
            action = decide(match.view(player), Level.CONFIRME, others).action
        match, _ = match.apply(action)
    return match


# The planted blunder: coinche match 21, trick 5, the player to lead with ♣A (master)
# and ♣7 among his cards leads the seven.
BLUNDER_MATCH, BLUNDER_TRICK = 21, 5
BLUNDER_ACE, BLUNDER_LOW = card(Suit.CLUBS, Rank.ACE), card(Suit.CLUBS, Rank.SEVEN)


def lead_low_under_the_ace(match: Match, seat: int) -> PlayCard:
    """The hint's play, but at ``BLUNDER_TRICK`` of coinche match ``BLUNDER_MATCH``
    (the player to lead, ♣A master and ♣7 in hand) the seven instead of the ace."""
    deal_view = match.view(seat).deal
    if len(deal_view.tricks) == BLUNDER_TRICK - 1 and BLUNDER_ACE in deal_view.hand:
        assert BLUNDER_LOW in deal_view.hand and deal_view.trick == ()
        return PlayCard(BLUNDER_LOW)
    action = expert_policy(match, seat)
    assert isinstance(action, PlayCard) or deal_view.tricks == ()
    return action  # type: ignore[return-value]
