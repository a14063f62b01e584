"""Trick rules shared by belote and coinche: card points, legal cards, the trick winner."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.engine.cards import (
    ALL_TRUMP_POINTS,
    DECK32,
    NO_TRUMP_POINTS,
    PLAIN_POINTS,
    PLAIN_STRENGTH,
    TRUMP_POINTS,
    TRUMP_STRENGTH,
    Card,
    Suit,
    TrumpMode,
)
from game.engine.protocol import Reason
from game.engine.rules import OvertrumpPartner, PartnerRuff, TrickGameRules, Undertrump

# A trick in progress: (seat, card) in play order.
Play = tuple[int, Card]


@dataclass(frozen=True)
class Trump:
    """What is trump in a deal, with the per-card points and strengths it implies."""

    mode: TrumpMode
    suit: Suit | None = None
    points: dict[Card, int] = field(init=False, repr=False, compare=False)
    strength: dict[Card, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if (self.mode is TrumpMode.SUIT) != (self.suit is not None):
            raise ValueError("a trump suit is named exactly when the mode is SUIT")
        points: dict[Card, int] = {}
        strength: dict[Card, int] = {}
        for c in DECK32:
            if self.mode is TrumpMode.NO_TRUMP:
                points[c], strength[c] = NO_TRUMP_POINTS[c.rank], PLAIN_STRENGTH[c.rank]
            elif self.mode is TrumpMode.ALL_TRUMP:
                points[c], strength[c] = ALL_TRUMP_POINTS[c.rank], TRUMP_STRENGTH[c.rank]
            elif c.suit == self.suit:
                points[c], strength[c] = TRUMP_POINTS[c.rank], TRUMP_STRENGTH[c.rank]
            else:
                points[c], strength[c] = PLAIN_POINTS[c.rank], PLAIN_STRENGTH[c.rank]
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "strength", strength)

    @staticmethod
    def of_suit(suit: Suit) -> Trump:
        return _SUIT_TRUMPS[suit]

    def is_trump(self, c: Card) -> bool:
        return c.suit == self.suit

    def beats(self, challenger: Card, holder: Card) -> bool:
        """Does ``challenger`` beat ``holder``, the card currently winning the trick?"""
        if challenger.suit == holder.suit:
            return self.strength[challenger] > self.strength[holder]
        return challenger.suit == self.suit

    def describe(self) -> str:
        if self.mode is TrumpMode.NO_TRUMP:
            return "sans-atout"
        if self.mode is TrumpMode.ALL_TRUMP:
            return "tout-atout"
        assert self.suit is not None
        return self.suit.symbol


_SUIT_TRUMPS = {suit: Trump(TrumpMode.SUIT, suit) for suit in Suit}
NO_TRUMP = Trump(TrumpMode.NO_TRUMP)
ALL_TRUMP = Trump(TrumpMode.ALL_TRUMP)


def winning_play(trick: Sequence[Play], trump: Trump) -> Play:
    """The play currently winning the trick: that player is "master"."""
    best = trick[0]
    strength, trump_suit = trump.strength, trump.suit
    for play in trick[1:]:
        challenger, holder = play[1], best[1]
        # Trump.beats, inlined: this runs for every legal-move query.
        if challenger.suit == holder.suit:
            if strength[challenger] > strength[holder]:
                best = play
        elif challenger.suit == trump_suit:
            best = play
    return best


def trick_points(cards: Sequence[Card], trump: Trump) -> int:
    return sum(trump.points[c] for c in cards)


# No rule narrows the hand: no card of it is refused (a card not in it is, elsewhere).
_FREE: Reason = ("illegal.not_in_hand", ())
# The rules that narrow the cards one may play, each the reason a card outside is refused.
MUST_TRUMP: Reason = ("illegal.must_trump", ())
OVERTRUMP: Reason = ("illegal.overtrump", ())
UNDERTRUMP: Reason = ("illegal.undertrump", ())
OVERTRUMP_PARTNER: Reason = ("illegal.overtrump_partner", ())
NO_UNDERTRUMP_PARTNER: Reason = ("illegal.undertrump_partner", ())
_FOLLOW: dict[Suit, Reason] = {suit: ("illegal.follow_suit", (("suit", suit),)) for suit in Suit}


def legal_cards(
    hand: Sequence[Card],
    trick: Sequence[Play],
    trump: Trump,
    rules: TrickGameRules,
    partner: int | None,
) -> list[Card]:
    """The cards of ``hand`` that may be played on ``trick`` (``shared/rules`` 1-4).

    ``partner`` is the seat of the player's partner, or None when each plays for himself.
    """
    return card_rule(hand, trick, trump, rules, partner)[0]


def card_refusal(
    hand: Sequence[Card],
    trick: Sequence[Play],
    trump: Trump,
    rules: TrickGameRules,
    partner: int | None,
    card: Card,
) -> Reason | None:
    """Why ``card`` of ``hand`` may not be played on ``trick``: the reason of the rule
    that excludes it, or None when it may.  Following suit comes first: a card off the
    led suit is refused for that while the hand holds it, whatever else is asked."""
    cards, reason = card_rule(hand, trick, trump, rules, partner)
    if card in cards:
        return None
    led = trick[0][1].suit
    if card.suit != led and any(c.suit == led for c in hand):
        return _FOLLOW[led]
    return reason


def card_rule(
    hand: Sequence[Card],
    trick: Sequence[Play],
    trump: Trump,
    rules: TrickGameRules,
    partner: int | None,
) -> tuple[list[Card], Reason]:
    """The cards of ``hand`` that may be played on ``trick``, and the rule that chose
    them: the reason a card of the hand outside them is refused."""
    if not trick:
        return list(hand), _FREE
    led = trick[0][1].suit
    master_seat, master_card = winning_play(trick, trump)
    partner_master = partner is not None and master_seat == partner
    follow = [c for c in hand if c.suit == led]
    if follow:
        if trump.mode is TrumpMode.NO_TRUMP or (
            trump.mode is TrumpMode.SUIT and led != trump.suit
        ):
            return follow, _FOLLOW[led]
        # Trump led (or every suit is trump): go over the highest card if possible.
        if partner_master and (
            rules.overtrump_partner_when_trump_led is OvertrumpPartner.RELAXED
        ):
            return follow, _FOLLOW[led]
        higher = [c for c in follow if trump.beats(c, master_card)]
        return (higher, OVERTRUMP) if higher else (follow, _FOLLOW[led])
    if trump.mode is not TrumpMode.SUIT:
        return list(hand), _FREE
    trumps = [c for c in hand if c.suit == trump.suit]
    if not trumps:
        return list(hand), _FREE
    if partner_master:
        return _partner_master_cards(hand, trumps, master_card, trump, rules)
    if master_card.suit == trump.suit:
        over = [c for c in trumps if trump.beats(c, master_card)]
        if over:
            return over, OVERTRUMP
        if rules.undertrump is Undertrump.MUST:
            return trumps, UNDERTRUMP
        return list(hand), _FREE
    return trumps, MUST_TRUMP


def _partner_master_cards(
    hand: Sequence[Card],
    trumps: list[Card],
    master_card: Card,
    trump: Trump,
    rules: TrickGameRules,
) -> tuple[list[Card], Reason]:
    """Void in the led plain suit while the partner is master (``partner_ruff``)."""
    if rules.partner_ruff is PartnerRuff.FREE or master_card.suit != trump.suit:
        return list(hand), _FREE
    over = [c for c in trumps if trump.beats(c, master_card)]
    if rules.partner_ruff is PartnerRuff.MUST_OVERTRUMP:
        return (over, OVERTRUMP_PARTNER) if over else (list(hand), _FREE)
    # NO_UNDERTRUMP: anything but a trump below the partner's, unless nothing else is left.
    allowed = [c for c in hand if c.suit != trump.suit] + over
    return (allowed, NO_UNDERTRUMP_PARTNER) if allowed else (list(hand), _FREE)
