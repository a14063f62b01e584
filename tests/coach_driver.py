"""Playing one deal of a match with the viewer's seat driven by a test's policy, the
others by the Confirmé: material for the coach's tests and benchmark."""

from __future__ import annotations

import random
from collections.abc import Callable

from game.ai import Level, appraise, decide
from game.coach import decision_rng
from game.engine.actions import PlayCard
from game.engine.cards import Rank, Suit, card
from game.engine.match import AnyRules, Match, MatchView
from game.engine.protocol import Action

# (the seat's view, the deal number, the action's place in the deal) -> the action
Policy = Callable[[MatchView, int, int], Action]


def expert_policy(view: MatchView, deal: int, position: int) -> Action:
    """The Expert's own choice, with the coach's random generator and no deadline."""
    return appraise(view, decision_rng(deal, position), None).decision.action


def play_first_deal(rules: AnyRules, seed: int, policy: Policy, seat: int = 0) -> Match:
    """The match once its first scored deal is over (void deals are played through)."""
    match, _ = Match.new(rules, seed)
    others = random.Random(seed)
    start, deal = 0, match.deal_number()
    while not match.history:
        player = match.current_player
        assert player is not None
        if player == seat:
            action = policy(match.view(seat), deal, len(match.actions) - start)
        else:
            action = decide(match.view(player), Level.CONFIRME, others).action
        number = match.number
        match, _ = match.apply(action)
        if match.number != number and not match.history:  # a void deal: dealt again
            start, deal = len(match.actions), match.deal_number()
    return match


# The planted blunder: coinche match 21, trick 5, the player to lead with ♣A (master)
# and ♣7 among his cards leads the seven.
BLUNDER_MATCH, BLUNDER_TRICK = 21, 5
BLUNDER_ACE, BLUNDER_LOW = card(Suit.CLUBS, Rank.ACE), card(Suit.CLUBS, Rank.SEVEN)


def lead_low_under_the_ace(view: MatchView, deal: int, position: int) -> PlayCard:
    """The Expert's play, but at ``BLUNDER_TRICK`` of coinche match ``BLUNDER_MATCH``
    (the player to lead, ♣A master and ♣7 in hand) the seven instead of the ace."""
    deal_view = view.deal
    if len(deal_view.tricks) == BLUNDER_TRICK - 1 and BLUNDER_ACE in deal_view.hand:
        assert BLUNDER_LOW in deal_view.hand and deal_view.trick == ()
        return PlayCard(BLUNDER_LOW)
    action = expert_policy(view, deal, position)
    assert isinstance(action, PlayCard) or deal_view.tricks == ()
    return action  # type: ignore[return-value]
