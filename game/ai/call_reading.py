"""What a call at coinche or belote shows, as the computer players read it ("what
does this call show?"): hands the caller may hold, drawn from the cards the asking seat
cannot see and weighed by the same model of calls the Expert weighs its deals with,
then summed up: the trumps, the jack and the nine, the outside aces.

- coinche: a hand is kept when the call is in keeping with it (``calls.call_misfit``);
- belote classique: each hand weighs what it explains the take by
  (``sampler.holding_likelihood``: the jack and the nine of trumps); a pass is not read
  (the Expert does not read it: the five cards a seat held when it passed are unknown);
- the contrée à deux: the caller's ten cards are drawn among the 22 unseen, twelve of
  which lie aside: the reading says so (``CallReading.aside``), none of them is the
  caller's for sure;
- the découverte: nothing is read (``is_open_call``): a call there is made on the face-up
  cards, which everybody sees, and says nothing of the face-down ones.

From a seat's view only, and reproducible: the draws are seeded by the deal and the
call."""

from __future__ import annotations

import dataclasses
import random
import statistics
from dataclasses import dataclass

from game.ai.calls import call_misfit
from game.ai.sampler import TAKE_NEEDED, default_rules, holding_likelihood
from game.engine.actions import Bid, ChooseTrump, Pass, Take
from game.engine.cards import DECK32, Card, Rank, Suit
from game.engine.rules import BeloteRules, CoincheRules
from game.engine.trick_view import TrickView

DRAWS = 400  # hands drawn for one reading: the shares below move by a few points


@dataclass(frozen=True)
class CallReading:
    """A call read: a suit bid's trumps (the median), how often the jack and the nine
    are among them (None: the viewer sees where the card is), the outside aces (on
    average); for a pass, how often the caller holds the jack and the nine of one suit;
    how many drawn hands fitted; ``shown``: the caller's cards the viewer has seen."""

    seat: int
    call: Bid | Pass
    fitted: int
    trumps: int = 0
    jack: float | None = 0.0
    nine: float | None = 0.0
    aces: float = 0.0
    jack_and_nine: float = 0.0  # a pass: some suit's jack and nine together
    shown: tuple[Card, ...] = ()
    aside: int = 0  # the contrée à deux: of the cards unseen, how many lie out of the deal
    unseen: int = 0  # the cards the viewer does not see (the caller's and those aside)


def read_call(view: TrickView, index: int, seed: int) -> CallReading | None:
    """Call ``index`` of ``view.bids`` (a suit bid or a pass, at coinche) as the
    computers read it, from ``view``'s cards only; None for another call."""
    rules = default_rules(view)
    seat, call = view.bids[index]
    if not isinstance(rules, CoincheRules) or seat == view.seat:
        return None
    if not (isinstance(call, Pass) or (isinstance(call, Bid) and call.suit is not None
            and not call.is_capot)):
        return None
    known, pool = _cards(view, seat)
    rng = random.Random(seed * 1000 + index)
    fitting = []
    for _ in range(DRAWS):
        hand = known + rng.sample(pool, _dealt(view) - len(known))
        if call_misfit(rules, view.bids, index, hand) == 0:
            fitting.append(hand)
    if not fitting:
        return CallReading(seat, call, 0, aside=view.aside_count, unseen=len(pool))
    return dataclasses.replace(_summed(seat, call, fitting, known, pool),
                               aside=view.aside_count, unseen=len(pool))


def is_open_call(view: TrickView, index: int) -> bool:
    """Whether call ``index`` is another seat's at the découverte: made on the face-up
    cards everybody sees, it tells nothing of the face-down ones (nobody reads it)."""
    return bool(view.table_piles) and view.bids[index][0] != view.seat


def _dealt(view: TrickView) -> int:
    """How many cards each seat was dealt: the viewer's, those held and those played."""
    return len(view.hand) + sum(player == view.seat for player, _ in _plays(view))


@dataclass(frozen=True)
class TakeReading:
    """A belote take read: over ``DRAWS`` hands, each weighed by how well it explains
    the take, the trumps (the weighted median) and how often the jack and the nine of
    trumps are among them (None: the viewer sees where the card is); ``shown``: the
    taker's cards the viewer has seen (played, or the retourne it took)."""

    seat: int
    call: Take | ChooseTrump
    trump: Suit
    trumps: int
    jack: float | None
    nine: float | None
    shown: tuple[Card, ...] = ()


def read_take(view: TrickView, index: int, seed: int) -> TakeReading | None:
    """Call ``index`` of ``view.bids``, a belote take (the retourne's suit or a suit
    named) by another seat, as the computers read it; None for another call."""
    seat, call = view.bids[index]
    trump = _taken_suit(view, call)
    if seat == view.seat or trump is None or not isinstance(call, (Take, ChooseTrump)):
        return None
    known, pool = _cards(view, seat)
    rng = random.Random(seed * 1000 + index)
    hands = [known + rng.sample(pool, _dealt(view) - len(known)) for _ in range(DRAWS)]
    weights = [holding_likelihood(hand, trump, TAKE_NEEDED) for hand in hands]
    total = sum(weights)

    def share(card: Card) -> float | None:
        if card not in pool and card not in known:
            return None  # the viewer sees it: in its hand, or played by another seat
        return sum(w for hand, w in zip(hands, weights, strict=True) if card in hand) / total

    return TakeReading(seat, call, trump,
                       trumps=_weighted_median([sum(c.suit is trump for c in hand)
                                                for hand in hands], weights),
                       jack=share(Card(trump, Rank.JACK)), nine=share(Card(trump, Rank.NINE)),
                       shown=tuple(known))


def is_unread_pass(view: TrickView, index: int) -> bool:
    """Whether call ``index`` is a belote pass by another seat: the computers read
    nothing from it."""
    seat, call = view.bids[index]
    return (isinstance(default_rules(view), BeloteRules) and isinstance(call, Pass)
            and seat != view.seat)


def _taken_suit(view: TrickView, call: object) -> Suit | None:
    if isinstance(call, ChooseTrump):
        return call.suit
    if isinstance(call, Take) and view.retourne is not None:
        return view.retourne.suit
    return None


def _weighted_median(values: list[int], weights: list[float]) -> int:
    pairs = sorted(zip(values, weights, strict=True))
    half, running = sum(weights) / 2, 0.0
    for value, weight in pairs:
        running += weight
        if running >= half:
            return value
    return pairs[-1][0]


def _plays(view: TrickView) -> list[tuple[int, Card]]:
    return [play for trick in view.tricks for play in trick.plays] + list(view.trick)


def _cards(view: TrickView, seat: int) -> tuple[list[Card], list[Card]]:
    """The caller's cards known to ``view`` (those it played; at four players the
    retourne, which the taker gets; the king and queen of trumps of a seat that said
    belote) and the cards it may hold besides: neither the viewer's own, nor played by
    another seat, nor set aside face up (the retourne and the bergère at two and
    three players)."""
    plays = _plays(view)
    known = {card for player, card in plays if player == seat}
    public = {c for c in (view.retourne, view.bergere) if c is not None}
    if view.players == 4 and view.taker == seat and view.retourne is not None:
        known.add(view.retourne)
    if view.belote_seat == seat and view.trump is not None and view.trump.suit is not None:
        known |= {Card(view.trump.suit, rank) for rank in (Rank.KING, Rank.QUEEN)}
    seen = set(view.hand) | {card for _, card in plays} | public | known
    return sorted(known), [card for card in DECK32 if card not in seen]


def _summed(seat: int, call: Bid | Pass, hands: list[list[Card]], known: list[Card],
            pool: list[Card]) -> CallReading:
    count = len(hands)
    if isinstance(call, Pass):
        both = sum(any({Card(suit, Rank.JACK), Card(suit, Rank.NINE)} <= set(hand)
                       for suit in Suit) for hand in hands)
        aces = statistics.fmean(sum(c.rank is Rank.ACE for c in hand) for hand in hands)
        return CallReading(seat, call, count, aces=aces, jack_and_nine=both / count)
    trump = call.suit
    assert trump is not None

    def share(card: Card) -> float | None:
        if card not in pool and card not in known:
            return None  # the viewer sees it: in its hand, or played by another seat
        return sum(card in hand for hand in hands) / count

    return CallReading(
        seat, call, count,
        trumps=round(statistics.median(sum(c.suit is trump for c in hand) for hand in hands)),
        jack=share(Card(trump, Rank.JACK)), nine=share(Card(trump, Rank.NINE)),
        aces=statistics.fmean(sum(c.rank is Rank.ACE and c.suit is not trump for c in hand)
                              for hand in hands),
        shown=tuple(known))
