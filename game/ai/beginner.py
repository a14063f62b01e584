"""The Débutant level: legal and plausible, often wrong.  It knows the trump jack is
strong and likes winning tricks, but it does not count cards, bids on a hunch, and now
and then plays any legal card."""

from __future__ import annotations

import random

from game.ai.bidding import last_bid
from game.ai.decision import Decision
from game.ai.tarot import tarot_decision
from game.engine.actions import Announce, Bid, ChooseTrump, ExchangeSeven, PlayCard, Take
from game.engine.cards import Card, Rank, Suit
from game.engine.games import COINCHE, game_of
from game.engine.protocol import Action, PassAction, Phase
from game.engine.tarot_actions import TarotBid, TarotPlayCard
from game.engine.tarot_tricks import TarotView
from game.engine.trick_view import TrickView
from game.engine.tricks import winning_play
from game.engine.views import AnyView

WHIM = 0.3  # share of card plays chosen at random
HUNCH = 0.1  # share of bidding turns where a weak hand still bids


def beginner_decision(view: AnyView, rng: random.Random) -> Decision:
    legal: tuple[Action, ...] = view.legal
    if isinstance(view, TarotView):
        return _tarot(view, rng)
    if view.phase is Phase.PLAY:
        return _play(view, rng)
    if view.phase is Phase.BIDDING:
        return _bid(view, rng)
    action = rng.choice(legal)  # the 7 of trump: a coin toss
    swap = isinstance(action, ExchangeSeven)
    return Decision(action, "hint.exchange_seven" if swap else "hint.keep_seven")


def _bid(view: TrickView, rng: random.Random) -> Decision:
    legal: tuple[Action, ...] = view.legal
    passing = next(a for a in legal if isinstance(a, PassAction))
    hunch = rng.random() < HUNCH
    if game_of(view.game) is COINCHE:
        bids = [a for a in legal if isinstance(a, Bid) and not a.is_capot]
        current = last_bid(view.bids)
        ours = current is not None and current[0] % 2 == view.seat % 2
        suit = _favourite_suit(view.hand)
        lowest = [b for b in bids if b.suit == suit]
        if lowest and not ours and (_has_jack_and_length(view.hand, suit) or hunch):
            return Decision(lowest[0], "hint.bid_strength",
                            (("value", str(lowest[0].value)), ("trump", suit.symbol)))
        return Decision(passing, "hint.pass_weak")
    for action in legal:
        named: Suit | None = None
        if isinstance(action, Take):
            assert view.retourne is not None, "belote is bid on the retourne"
            named = view.retourne.suit
        if isinstance(action, ChooseTrump):
            named = action.suit
        if named is not None and (_has_jack_and_length(view.hand, named, 1) or hunch):
            return Decision(action, "hint.take_strong", (("suit", named.symbol),))
    return Decision(passing, "hint.pass_weak")


def _favourite_suit(hand: tuple[Card, ...]) -> Suit:
    return max(Suit, key=lambda s: sum(1 for c in hand if c.suit == s))


def _has_jack_and_length(hand: tuple[Card, ...], suit: Suit, others: int = 2) -> bool:
    in_suit = [c for c in hand if c.suit == suit]
    return any(c.rank == Rank.JACK for c in in_suit) and len(in_suit) > others


def _play(view: TrickView, rng: random.Random) -> Decision:
    legal: tuple[Action, ...] = view.legal
    if Announce() in legal and rng.random() < 0.7:
        return Decision(Announce(), "hint.announce")
    plays = [a for a in legal if isinstance(a, PlayCard)]
    if rng.random() < WHIM:
        action = rng.choice(plays)
        return Decision(action, "hint.whim", (("card", str(action.card)),))
    trump = view.trump
    assert trump is not None, "the card play comes after the contract"
    strength = trump.strength
    if view.trick:
        _, master = winning_play(view.trick, trump)
        winners = [a for a in plays if trump.beats(a.card, master)]
        if winners:
            action = max(winners, key=lambda a: strength[a.card])
            return Decision(action, "hint.win_trick", (("card", str(action.card)),))
        action = min(plays, key=lambda a: trump.points[a.card])
        return Decision(action, "hint.discard_low", (("card", str(action.card)),))
    action = max(plays, key=lambda a: strength[a.card])
    return Decision(action, "hint.play_master", (("card", str(action.card)),))


def _tarot(view: TarotView, rng: random.Random) -> Decision:
    """The Confirmé tarot play, with a bid one step too bold and random cards."""
    legal: tuple[Action, ...] = view.legal
    decision = tarot_decision(view)
    if view.phase is Phase.BIDDING and rng.random() < HUNCH * 3:
        bolder = [a for a in legal if isinstance(a, TarotBid)]
        if bolder:
            bid = bolder[0]
            return Decision(bid, "hint.tarot_contract", (("contract", bid.contract.label),))
    plays = [a for a in legal if isinstance(a, TarotPlayCard)]
    if view.phase is Phase.PLAY and plays and rng.random() < WHIM:
        action = rng.choice(plays)
        return Decision(action, "hint.whim", (("card", action.card.code),))
    return decision
