"""Worlds consistent with a seat's view: the hidden cards dealt to the other seats.

Only the view (and the table's rule options, which every player knows) is read:

- the seat's own hand, the cards played, and the public cards out of play (the retourne
  and the bergère at two and three players, where the cards not dealt form a "stock");
- the hand sizes (each seat holds as many cards as it has not played yet);
- cards known to be in a hand: at four players the retourne went to the taker; the seat
  that said belote holds the trump K and Q it has not played; shown announcements;
- what each play reveals: a card ``x`` is ruled out of a seat's hand when the card it
  played would not have been legal from a hand holding both (``tricks.legal_cards``, so
  every rule option is read where the engine reads it).  Every rule of the play (follow,
  trump, overtrump, the partner options) forbids a card by its own presence, so testing
  the pairs finds exactly the cards the play rules out;
- the bidding, as a soft weight only (``bid_likelihood``): a seat that named a suit
  more likely holds its jack and nine.

Not used: which seat exchanged the 7 of trump for the retourne at two and three players
(the view does not tell it), and the kinds of announcements declared in the first trick
before they are shown.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.engine.actions import Bid, ChooseTrump, Take
from game.engine.cards import DECK32, Card, Rank, Suit, card
from game.engine.games import game_of
from game.engine.rules import TrickGameRules
from game.engine.trick_view import TrickView
from game.engine.tricks import Play, Trump, legal_cards

STOCK = -1  # the holder of the cards not dealt, at two and three players


class NoWorld(ValueError):
    """No deal of the hidden cards fits the view (a view from another rule set?)."""


@dataclass(frozen=True)
class Knowledge:
    """What one seat knows of the hidden cards of a deal."""

    seat: int
    players: int
    hand: tuple[Card, ...]
    known: tuple[tuple[Card, ...], ...]  # per seat: hidden cards it surely holds
    hidden: tuple[Card, ...]  # the other hidden cards, to deal
    room: dict[int, int]  # holder (seat or STOCK) -> how many of ``hidden`` it gets
    holders: dict[Card, tuple[int, ...]]  # hidden card -> the holders that may have it

    @functools.cached_property
    def allowed(self) -> dict[int, frozenset[Card]]:
        """Holder -> the hidden cards it may have (``holders`` the other way round)."""
        return {h: frozenset(c for c, may in self.holders.items() if h in may)
                for h in self.room}


def default_rules(view: TrickView) -> TrickGameRules:
    """The table's rules, which every view carries; the game's defaults otherwise."""
    if view.rules is not None:
        return view.rules
    rules = game_of(view.game).rules(players=view.players)
    assert isinstance(rules, TrickGameRules)
    return rules


def knowledge(view: TrickView, rules: TrickGameRules | None) -> Knowledge:
    """What ``view``'s seat knows; ``rules`` None leaves out what the plays reveal (for a
    view the rules at hand cannot explain: no world would fit it)."""
    trump = view.trump
    if trump is None:
        raise ValueError("the play has not started")
    plays = [p for t in view.tricks for p in t.plays] + list(view.trick)
    played = {c for _, c in plays}
    public = set() if view.players == 4 else {c for c in (view.retourne, view.bergere) if c}
    hidden = set(DECK32) - set(view.hand) - played - public
    sizes = _hand_sizes(view, plays)
    known = _known_holdings(view, trump, played, hidden)
    for seat, cards in enumerate(known):
        hidden -= set(cards)
        sizes[seat] -= len(cards)
    room = {seat: size for seat, size in enumerate(sizes) if seat != view.seat}
    stock = len(hidden) - sum(room.values())
    if stock:
        room[STOCK] = stock
    forbidden = (_ruled_out(view, rules, trump, hidden) if rules is not None
                 else [set() for _ in range(view.players)])
    holders = {
        c: tuple(h for h in room if h == STOCK or c not in forbidden[h])
        for c in sorted(hidden)
    }
    return Knowledge(view.seat, view.players, view.hand, tuple(known),
                     tuple(sorted(hidden)), room, holders)


def _hand_sizes(view: TrickView, plays: Sequence[Play]) -> list[int]:
    played_by = [0] * view.players
    for seat, _ in plays:
        played_by[seat] += 1
    dealt = len(view.hand) + played_by[view.seat]
    return [dealt - n for n in played_by]


def _known_holdings(
    view: TrickView, trump: Trump, played: set[Card], hidden: set[Card]
) -> list[tuple[Card, ...]]:
    known: list[set[Card]] = [set() for _ in range(view.players)]
    if view.players == 4 and view.retourne is not None and view.taker is not None:
        known[view.taker].add(view.retourne)
    if view.belote_seat is not None and trump.suit is not None:
        known[view.belote_seat].update(card(trump.suit, r) for r in (Rank.KING, Rank.QUEEN))
    for seat, anns in view.shown_announcements:
        for ann in anns:
            known[seat].update(ann.cards)
    return [tuple(sorted(cards & hidden)) for cards in known]


def _ruled_out(
    view: TrickView, rules: TrickGameRules, trump: Trump, hidden: set[Card]
) -> list[set[Card]]:
    """Per seat, the hidden cards its plays prove it does not hold."""
    forbidden: list[set[Card]] = [set() for _ in range(view.players)]
    tricks = [t.plays for t in view.tricks] + [view.trick]
    for trick in tricks:
        for k in range(1, len(trick)):
            seat, played = trick[k]
            if seat == view.seat:
                continue
            partner = view.partner_of(seat)
            prefix = trick[:k]
            for x in hidden - forbidden[seat]:
                if played not in legal_cards((played, x), prefix, trump, rules, partner):
                    forbidden[seat].add(x)
    return forbidden


def sample_world(know: Knowledge, rng: random.Random, tries: int = 50) -> list[tuple[Card, ...]]:
    """Every seat's hand in one random world fitting ``know`` (the seat's own included).

    Cards with the fewest possible holders are placed first, each with a random holder
    that still has room; a dead end restarts (rare: the constraints are mostly voids)."""
    return hands_of(know, sample_placement(know, rng, tries))


def sample_placement(know: Knowledge, rng: random.Random,
                     tries: int = 50) -> dict[int, list[Card]]:
    """The hidden cards of one random world fitting ``know``, by holder (seat or STOCK)."""
    for _ in range(tries):
        deal = _try_deal(know, rng)
        if deal is not None:
            return deal
    deal = _backtrack(know, rng)
    if deal is None:
        raise NoWorld("no deal of the hidden cards fits the view")
    return deal


def fits(know: Knowledge, holder: int, cards: Sequence[Card]) -> bool:
    """Whether ``holder`` may hold every one of ``cards`` (all hidden)."""
    return know.allowed[holder].issuperset(cards)


def _try_deal(know: Knowledge, rng: random.Random) -> dict[int, list[Card]] | None:
    room = dict(know.room)
    hands: dict[int, list[Card]] = {h: [] for h in room}
    for c in _placing_order(know, rng):
        options = [h for h in know.holders[c] if room[h] > 0]
        if not options:
            return None
        holder = rng.choices(options, weights=[room[h] for h in options])[0]
        room[holder] -= 1
        hands[holder].append(c)
    return hands


def _backtrack(know: Knowledge, rng: random.Random) -> dict[int, list[Card]] | None:
    order = _placing_order(know, rng)
    room = dict(know.room)
    hands: dict[int, list[Card]] = {h: [] for h in room}

    def place(i: int) -> bool:
        if i == len(order):
            return True
        c = order[i]
        for holder in know.holders[c]:
            if room[holder] > 0:
                room[holder] -= 1
                hands[holder].append(c)
                if place(i + 1):
                    return True
                hands[holder].pop()
                room[holder] += 1
        return False

    return hands if place(0) else None


def _placing_order(know: Knowledge, rng: random.Random) -> list[Card]:
    cards = list(know.hidden)
    rng.shuffle(cards)
    cards.sort(key=lambda c: len(know.holders[c]))
    return cards


def hands_of(know: Knowledge, dealt: dict[int, list[Card]]) -> list[tuple[Card, ...]]:
    """Every seat's hand once the hidden cards are ``dealt`` (by holder)."""
    hands = []
    for seat in range(know.players):
        if seat == know.seat:
            hands.append(know.hand)
        else:
            hands.append(tuple(sorted(dealt.get(seat, []) + list(know.known[seat]))))
    return hands


# --- what the bidding says (a soft weight, not a constraint) --------------------------------

# How much a card of the named suit says "I can bid it": the jack and the nine lead.
_BID_WEIGHTS = {Rank.JACK: 3.0, Rank.NINE: 2.0, Rank.ACE: 1.0}
_OTHER_TRUMP_WEIGHT = 0.5
TAKE_NEEDED = 5.0  # a belote take: the jack and the nine of trumps' worth
_FLOOR = 0.2  # the likelihood of a bid from the weakest hand: bids are sometimes bluffs


def bid_likelihood(view: TrickView, world: Sequence[tuple[Card, ...]]) -> float:
    """How well ``world`` explains the suit bids of the other seats, in (0, 1].

    A seat that named a suit is taken to hold about jack, nine and ace of it for the
    lowest coinche bid (weights 3 + 2 + 1; other cards of the suit 0.5), one more ace's
    worth per 20 points above; a belote taker, jack and nine.  A weaker holding makes
    the world proportionally less likely, down to ``_FLOOR``.
    Hands are judged as dealt: the cards held now and those played since."""
    played: dict[int, list[Card]] = {}
    for seat, c in [p for t in view.tricks for p in t.plays] + list(view.trick):
        played.setdefault(seat, []).append(c)
    likelihood = 1.0
    for seat, suit, needed in _suit_bids(view):
        if seat == view.seat:
            continue
        likelihood *= holding_likelihood(list(world[seat]) + played.get(seat, []), suit, needed)
    return likelihood


def holding_likelihood(hand: Sequence[Card], suit: Suit, needed: float) -> float:
    """How well ``hand`` (as dealt) explains naming ``suit`` with ``needed`` strength
    (``bid_likelihood``'s factor for one seat), in [``_FLOOR``, 1]."""
    strength = sum(_BID_WEIGHTS.get(c.rank, _OTHER_TRUMP_WEIGHT) for c in hand if c.suit == suit)
    return _FLOOR + (1 - _FLOOR) * min(1.0, strength / needed)


def _suit_bids(view: TrickView) -> list[tuple[int, Suit, float]]:
    """(seat, suit, strength needed) for each seat's last bid naming a suit."""
    last: dict[int, tuple[Suit, float]] = {}
    trump_suit = view.trump.suit if view.trump is not None else None
    for seat, action in view.bids:
        if isinstance(action, Bid) and action.suit is not None:
            value = 180 if action.is_capot else action.value
            last[seat] = (action.suit, 6.0 + max(0, value - 80) / 20)
        elif isinstance(action, (Take, ChooseTrump)) and trump_suit is not None:
            last[seat] = (trump_suit, TAKE_NEEDED)
    return [(seat, suit, needed) for seat, (suit, needed) in last.items()]
