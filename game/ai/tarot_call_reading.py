"""What a tarot call shows, as the computer players read it ("what does this call
show?"): hands the caller may have been dealt, drawn from the cards the asking seat
cannot see in proportion to how well they explain the call by the model the Expert
bids with (``tarot_bid_search.call_misfit`` on ``hand_strength``: a contract from a
hand at least as strong as its threshold, a pass from one weaker than the lowest
contract left; each ``WALK.span`` of strength off, 10 times less likely), then summed
up: the trumps and the bouts.  And the king called at five players, read as the
Expert's card play reads it (``tarot_search``: a seat calls a king of its own only
when it must).  From a seat's view only, and reproducible: the walk is seeded by the
deal and the call."""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass

from game.ai.metropolis import walk_deals
from game.ai.tarot import HAND_SIZE, hand_strength
from game.ai.tarot_bid_search import WALK, call_misfit
from game.engine.tarot_actions import TarotBid, TarotPass
from game.engine.tarot_cards import DECK78, TarotCard
from game.engine.tarot_tricks import TarotView

HANDS = 200  # hands kept along the walk for one reading: the shares move by a few points


@dataclass(frozen=True)
class TarotCallReading:
    """A contract or a pass read: the caller's trumps (the median, the Excuse apart),
    how often it holds at least one bout and at least two, over ``HANDS`` hands; and
    how many bouts the viewer does not see (the others are in its hand, or elsewhere)."""

    seat: int
    call: TarotBid | TarotPass
    trumps: int
    one_bout: float
    two_bouts: float
    bouts_unseen: int


def read_tarot_call(view: TarotView, index: int, seed: int) -> TarotCallReading | None:
    """Call ``index`` of ``view.bids`` as the computers read it, from ``view``'s cards
    only; None for the viewer's own call."""
    seat, call = view.bids[index]
    if seat == view.seat or not isinstance(call, (TarotBid, TarotPass)):
        return None
    known, pool = _cards(view, seat)
    size = HAND_SIZE[view.players] - len(known)
    rng = random.Random(seed * 1000 + index)
    rng.shuffle(pool)
    places = [pool[:size], pool[size:]]  # the caller's unknown cards, and the rest

    def misfit(placed: list[list[TarotCard]]) -> float:
        return call_misfit(view.bids, index, hand_strength([*placed[0], *known]),
                           view.players)

    if all(places):
        deals = walk_deals(places, (0, 1), misfit, rng, HANDS, WALK)
    else:  # the caller's hand all seen (late in the deal), or every unseen card its
        deals = [[tuple(places[0])]]
    hands = [[*deal[0], *known] for deal in deals]
    bouts = [sum(c.is_bout for c in hand) for hand in hands]
    return TarotCallReading(
        seat, call,
        trumps=round(statistics.median(sum(c.is_trump for c in hand) for hand in hands)),
        one_bout=sum(b >= 1 for b in bouts) / len(hands),
        two_bouts=sum(b >= 2 for b in bouts) / len(hands),
        bouts_unseen=sum(c.is_bout for c in [*known, *pool]))


def _cards(view: TarotView, seat: int) -> tuple[list[TarotCard], list[TarotCard]]:
    """The cards ``seat`` was surely dealt, known to ``view`` (those it played, when it
    did not take the chien), and the cards it may have been dealt besides: neither the
    viewer's, nor in the chien shown or the viewer's écart, nor played by another seat
    (the taker's own plays among them: they may be the chien's or its own)."""
    plays = [play for trick in view.tricks for play in trick.plays] + list(view.trick)
    taker = seat == view.taker  # his cards played may be the chien's
    known = [] if taker else [c for player, c in plays if player == seat]
    seen = set(view.hand) | set(view.chien) | set(view.ecart)
    seen |= {c for player, c in plays if player != seat or not taker}
    return known, [c for c in DECK78 if c not in seen]


def called_off_taker(view: TarotView) -> bool:
    """Whether the computers read the called card as out of the taker's hand: they
    place it with another seat whenever the cards they cannot see allow it (``tarot_search``),
    so unless the viewer holds it (then it knows) or saw the taker play it."""
    if view.called is None or view.taker is None or view.taker == view.seat:
        return False
    played_by_taker = any(player == view.taker and c == view.called
                          for trick in view.tricks for player, c in trick.plays)
    return view.called not in view.hand and not played_by_taker
