"""Tarot, Expert level: the contract chosen by simulation, at three, four and five.

The Confirmé bids from a hand strength against fixed thresholds.  The Expert plays the
deal out instead: it deals the cards it does not see (the other hands and the chien) a
few times, weighted by what the earlier calls say (a seat that bid holds a hand at
least as strong as the Confirmé's threshold for its contract, a seat that passed one
weaker than the lowest contract it could bid; found by a Metropolis walk, as the
coinche Expert's ``bid_search`` does).  In each world the seats still to speak bid the
Confirmé's way (``auction_end``), so a call may be outbid, and a pass leave the deal to
another taker or to nobody; the final contract is then played out with the Confirmé
play, each seat seeing only its own hand and the cards played (``ClosedTable``: the
open-handed play-outs first tried gave the defence a sight it does not have):

- Prise and Garde: the chien taken and the écart made the Confirmé's way (within the
  engine's rule, ``discardable``: no king, no bout, trumps only when forced); one
  play-out scores both (only the multiplier differs);
- Garde Sans and Garde Contre: no exchange, the chien counts for the attack or for the
  defence; one play-out scores both;
- at five, the taker first calls a king the Confirmé's way; its holder is his partner,
  unknown to the others until the card falls (the chien holding it: he plays alone).

Each call is worth its mean marks for me (the table's scoring: ``score_deal`` and
``marks``, with the Petit au bout, the taker's poignée and an unannounced chelem); an
auction where everybody passes is worth 0.  The play-outs play my cards the Confirmé's
way, but I play them better as taker (``bench/tarot_play_edge.py``): a world where I
take is worth ``Boldness.taker_edge`` marks more a unit of the contract's multiplier
(25 at three and five players, 18 at four).  I start from the Confirmé's call, at three
with its thresholds lowered a tenth (``Boldness.start``; the Confirmé takes about one
deal in ten there), so that a hand a little under the Prise is taken unless the worlds
show the pass clearly better.  That call is kept unless another gains
``Boldness.margin`` marks on average and more than ``Boldness.risk`` standard errors of
the gain, paired world by world (``sure_gain``): with a dozen worlds the best of five
noisy means is picked for its luck more than its worth (a Garde Contre on one lucky
world).  8 marks and 1.5 standard errors at three, four and five players, where the
bolder Expert did best (``bench/tarot_bold_arena.py``).
Nor does it bid a Garde Sans or a Garde Contre more than one contract over the call
it starts from: such a contract made in all of a dozen worlds still fails often enough at
the table to lose (measured at five players, ``bench/tarot_bids.py``).
``bench/tarot_bids.py`` sets the predictions against the marks each call realised.  The
play-outs leave out the Excuse owed for want of a trick and a chelem announcement.
"""

from __future__ import annotations

import functools
import random
import statistics
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.ai.budget import DEFAULT_THINK, ends_at, past, seconds_left, within
from game.ai.decision import Decision
from game.ai.metropolis import Walk, walk_deals
from game.ai.tarot import (
    confirme_bid,
    confirme_call,
    confirme_contract,
    ecart_decision,
    hand_strength,
    tarot_decision,
)
from game.ai.tarot_auction_reading import call_bounds
from game.ai.tarot_endgame import DealFrame, Tally
from game.ai.tarot_search import sure_margin, tarot_kernel
from game.engine.protocol import Action, Phase
from game.engine.rules import TarotRules
from game.engine.tarot_actions import TarotBid, TarotDiscard, TarotPass
from game.engine.tarot_cards import DECK78, TarotCard
from game.engine.tarot_scoring import (
    DEFAULT_RULES,
    Camp,
    Contract,
    marks,
    poignee_kind,
)
from game.engine.tarot_tricks import (
    TarotTrick,
    TarotView,
    callable_cards,
    discardable,
    poignee_choices,
)

WORLDS = 12  # at the default thinking time, unless the table's ``Boldness.worlds`` says more


@dataclass(frozen=True)
class Boldness:
    """How readily the Expert leaves the call it starts from, at a player count."""

    margin: float = 20.0  # marks per deal another call must gain over the starting call
    risk: float = 3.0  # standard errors of the gain, in the worlds drawn, it must clear
    taker_edge: float = 0.0  # marks its own play adds where it takes, at the Prise's rate
    start: float = 1.0  # the Confirmé's thresholds scaled for the call it starts from
    worlds: int = WORLDS  # worlds drawn at the default thinking time (fewer standard errors)


# Three players: the Expert's own play as taker gains about 24 marks a Prise over the
# Confirmé play-outs (18 deals, bench/tarot_play_edge.py; about 13 on 27 deals since),
# and a bolder switch did best, started from thresholds a tenth lower
# (bench/tarot_bold_arena.py); four: about 18 marks a Prise since its rollouts charge and
# cash (50 deals), kept with the bolder switch (the edge alone changed no call); five:
# about 33 marks a Prise (26 deals), kept with the bolder switch since the rollouts charge
# and cash (before them it gained nothing).  24 worlds instead of 12 at four and five
# gained nothing shown (+0.1 a deal over 200 at four; at five +5.4 over 111, then +1.8 over
# 159 on new seeds, +3.3 over 270 pooled, the interval holding 0; 18 worlds +0.3 over 173)
# and the deadline cuts 24 under load: 12 at every table.
BOLDNESS = {3: Boldness(margin=8.0, risk=1.5, taker_edge=25.0, start=0.9),
            4: Boldness(margin=8.0, risk=1.5, taker_edge=18.0),
            5: Boldness(margin=8.0, risk=1.5, taker_edge=25.0)}
RISK = Boldness().risk
WALK = Walk(burn_in=60, thinning=8, span=10.0)  # a deal 10 strength off a call: 10x rarer
SIMULATED_PLAYERS = (3, 4, 5)


def bid_worlds(players: int) -> int:
    """The worlds the Expert's calls draw at the default thinking time, at ``players``."""
    return BOLDNESS.get(players, Boldness()).worlds


def expert_tarot_bidding(view: TarotView, rng: random.Random,
                         deadline: float | None = DEFAULT_THINK, worlds: int | None = None,
                         boldness: Boldness | None = None) -> Decision:
    """The call at ``view``'s bidding turn.  ``deadline`` None: exactly ``worlds``
    worlds (None: the table's, ``bid_worlds``; reproducible for a given ``rng``)."""
    return weigh_tarot_calls(view, rng, deadline, worlds, boldness)[0]


def weigh_tarot_calls(view: TarotView, rng: random.Random, deadline: float | None = DEFAULT_THINK,
                      worlds: int | None = None, boldness: Boldness | None = None,
                      ) -> tuple[Decision, dict[Action, float]]:
    """The call, and my mean marks for passing and for each legal contract (none when
    the simulation was not used).  ``boldness``: the table's (``BOLDNESS``) by default;
    ``worlds``: its ``worlds`` by default."""
    bold = boldness or BOLDNESS.get(view.players, Boldness())
    worlds = bold.worlds if worlds is None else worlds
    confirme = starting_call(view, bold.start)
    ceiling = max(Contract.GARDE, _contract_of(confirme.action) + 1)
    contracts = [a.contract for a in view.legal if isinstance(a, TarotBid)
                 and a.contract <= ceiling]
    if view.players not in SIMULATED_PLAYERS or view.phase is not Phase.BIDDING or not contracts:
        return confirme, {}
    samples = world_marks(view, rng, contracts, deadline, worlds, bold.taker_edge)
    if samples is None:
        return confirme, {}
    calls: dict[Action, list[float]] = {TarotPass(): samples.pop(None)}
    calls.update({TarotBid(c): v for c, v in samples.items() if c is not None})
    options = {call: statistics.fmean(v) for call, v in calls.items()}
    mine = calls.get(confirme.action)
    if mine is None:
        return confirme, options
    best, gain = max(((call, sure_gain(v, mine, bold.risk)) for call, v in calls.items()),
                     key=lambda item: item[1])
    if best == confirme.action or gain <= 0 \
            or options[best] < options[confirme.action] + bold.margin:
        return confirme, options
    return Decision(best, *_switch_reason(best, confirme.action, calls, bold)), options


def _switch_reason(best: Action, instead: Action, calls: Mapping[Action, Sequence[float]],
                   bold: Boldness) -> tuple[str, tuple[tuple[str, str], ...]]:
    """Why ``best`` rather than ``instead`` (the call the Expert started from): its mean,
    and in how many of the worlds it did better and worse than ``instead`` (the same
    worlds), so the player sees how sure the figure is."""
    ours, theirs = calls[best], calls[instead]
    args = (("value", str(round(statistics.fmean(ours)))), ("count", str(len(ours))),
            ("instead", _call_word(instead)),
            ("better", str(sum(a > b for a, b in zip(ours, theirs, strict=True)))),
            ("worse", str(sum(a < b for a, b in zip(ours, theirs, strict=True)))))
    if not isinstance(best, TarotBid):
        return "hint.tarot_pass_simulated", args
    # where the worlds count my edge as taker, the figure is my play's, not the play-outs'
    reason = "hint.tarot_simulated_played" if bold.taker_edge else "hint.tarot_simulated"
    return reason, (("contract", best.contract.label), *args)


def _call_word(call: Action) -> str:
    """A call as the hint's words name it: a contract's label, or "pass"."""
    return call.contract.label if isinstance(call, TarotBid) else "pass"


def starting_call(view: TarotView, scale: float) -> Decision:
    """The Confirmé's call, its thresholds scaled by ``scale`` (1: the Confirmé's own)."""
    if scale == 1.0 or view.phase is not Phase.BIDDING:
        return tarot_decision(view)
    return confirme_bid(view, scale)


def _contract_of(call: Action) -> int:
    return call.contract if isinstance(call, TarotBid) else 0


def sure_gain(values: Sequence[float], base: Sequence[float], risk: float = RISK) -> float:
    """How much a call worth ``values`` gains over one worth ``base`` in the same
    worlds, at the low end of its confidence (the mean gain less ``risk`` standard
    errors): a gain the few worlds cannot tell from noise is none."""
    return sure_margin([v - b for v, b in zip(values, base, strict=True)], risk)


def world_marks(view: TarotView, rng: random.Random, contracts: Sequence[Contract],
                deadline: float | None, worlds: int, taker_edge: float = 0.0,
                ) -> dict[Contract | None, list[float]] | None:
    """My marks in each world played, for each contract (me bidding it) and for passing
    (key None); None when no world was played.  In each world the seats still to speak
    bid the Confirmé's way (``auction_end``): my call may be outbid, and I then defend.
    ``taker_edge`` times the contract's multiplier is added where I take (my own play,
    better than the play-out's).  ``deadline`` counts the drawing of the deals too, and
    is also checked between a world's play-outs (after the first world): a world it
    interrupts is left out, so that every call is weighed on the same worlds."""
    ends = ends_at(deadline, time.perf_counter())
    marks_of: dict[Contract | None, list[float]] = {c: [] for c in [None, *contracts]}
    deals = sample_deals(view, rng, worlds)
    for k in within(seconds_left(ends), len(deals)):
        values = one_world(view, deals[k], list(marks_of), taker_edge, ends if k else None)
        if values is None:
            break  # past the deadline within this world
        for call, value in zip(marks_of.values(), values, strict=True):
            call.append(value)
    if not marks_of[None]:
        return None
    return marks_of


def one_world(view: TarotView, deal: Deal, calls: Sequence[Contract | None],
              taker_edge: float, ends: float | None = None) -> list[float] | None:
    """My marks in the world ``deal`` for each of ``calls`` (``world_marks``); None when
    the clock passes ``ends`` (``budget.ends_at``) before a play-out."""
    hands, chien = deal
    leader = (view.dealer + 1) % view.players
    outcomes: dict[tuple[int, bool], PlayedDeal] = {}  # by taker and exchange
    values = []
    for call in calls:
        end = auction_end(view, hands, call)
        if end is None:
            values.append(0.0)  # everybody passed
            continue
        taker, contract = end
        key = (taker, contract.chien_shown)
        if key not in outcomes:
            if past(ends):
                return None
            outcomes[key] = play_out(hands, chien, taker, leader, contract.chien_shown,
                                     view.rules)
        edge = taker_edge * contract.multiplier if taker == view.seat else 0.0
        values.append(float(outcomes[key].marks(contract)[view.seat]) + edge)
    return values


def auction_end(view: TarotView, hands: Sequence[Sequence[TarotCard]],
                call: Contract | None) -> tuple[int, Contract] | None:
    """The taker and contract when I make ``call`` (None: pass) and the seats after me
    bid the Confirmé's way with ``hands`` (None: everybody passed)."""
    n, me = view.players, view.seat
    best = _standing_bid(view)
    if call is not None:
        best = (me, call)
    for k in range(1, n - len(view.bids)):
        seat = (me + k) % n
        contract = confirme_contract(hands[seat], n, best[1] if best else 0)
        if contract is not None:
            best = (seat, contract)
    return best


def _standing_bid(view: TarotView) -> tuple[int, Contract] | None:
    bids = [(s, a.contract) for s, a in view.bids if isinstance(a, TarotBid)]
    return bids[-1] if bids else None


# --- the worlds -------------------------------------------------------------------------------


Deal = tuple[list[tuple[TarotCard, ...]], tuple[TarotCard, ...]]


def sample_deals(view: TarotView, rng: random.Random, count: int) -> list[Deal]:
    """``count`` deals of the cards I do not hold (the other hands, then the chien), in
    proportion to how well they explain the earlier calls (``calls_misfit``, by the
    ``metropolis`` walk; the chien is one of the places cards move between)."""
    n, me = view.players, view.seat
    hidden = [c for c in DECK78 if c not in view.hand]
    rng.shuffle(hidden)
    places: list[list[TarotCard]] = []
    for s in range(n):
        if s == me:
            places.append(list(view.hand))
        else:
            size = view.hand_sizes[s]
            places.append(hidden[:size])
            hidden = hidden[size:]
    places.append(hidden)  # the chien
    movable = [s for s in range(n) if s != me] + [n]

    def misfit(placed: list[list[TarotCard]]) -> float:
        strengths = [0.0 if s == me else _strength(tuple(placed[s])) for s in range(n)]
        return calls_misfit(view, strengths)

    judged = any(s != me for s, _ in view.bids)
    deals = walk_deals(places, movable, misfit if judged else None, rng, count, WALK)
    return [(list(deal[:n]), deal[n]) for deal in deals]


@functools.lru_cache(maxsize=256)
def _strength(hand: tuple[TarotCard, ...]) -> float:
    """``hand_strength``, remembered: a step of the walk changes two hands only."""
    return hand_strength(hand)


def calls_misfit(view: TarotView, strengths: Sequence[float]) -> float:
    """How far the strengths are from the earlier calls of the other seats
    (``call_misfit`` of each).  Each ``WALK.span`` off makes a deal 10 times less
    likely (players bluff, and judge hands their own way)."""
    return sum(call_misfit(view.bids, index, strengths[seat], view.players)
               for index, (seat, _) in enumerate(view.bids) if seat != view.seat)


def call_misfit(bids: Sequence[tuple[int, Action]], index: int, strength: float,
                players: int) -> float:
    """How far a hand of ``strength`` is from making call ``index`` of ``bids`` the
    Confirmé's way (0: in keeping), by the bounds the call shows
    (``tarot_auction_reading.call_bounds``), but for a contract's ceiling: a bid read
    from a hand at least as strong as its threshold, a pass from one weaker than the
    lowest contract left."""
    least, below = call_bounds(bids, index, players)
    if isinstance(bids[index][1], TarotBid):
        below = None  # the bid search and the call reading read a contract as a floor
    short = 0.0 if least is None else max(0.0, least - strength)
    over = 0.0 if below is None else max(0.0, strength - below)
    return short + over


# --- playing a world out ---------------------------------------------------------------------


@dataclass(frozen=True)
class PlayedDeal:
    """A deal played out: the tricks and what lies aside (the écart, or the chien)."""

    players: int
    taker: int
    tricks: tuple[TarotTrick, ...]
    aside: tuple[TarotCard, ...]
    poignee: int  # trumps the taker showed (0: none)
    rules: TarotRules = DEFAULT_RULES  # the table's options (poignée sizes, scoring)
    partner: int | None = None  # five players: the called card's holder (None: alone)

    def tally(self, aside_to_attack: bool) -> Tally:
        """What the taker won, with what lies aside when it counts for him."""
        tally = Tally().with_cards(self.aside if aside_to_attack else ())
        for index, trick in enumerate(self.tricks):
            tally = tally.after(trick, self._attacks, index == len(self.tricks) - 1,
                                self.rules.excuse_last_trick)
        return tally

    def _attacks(self, seat: int) -> bool:
        return seat == self.taker or seat == self.partner

    def marks(self, contract: Contract) -> tuple[int, ...]:
        sizes = self.rules.poignee_sizes
        kind = poignee_kind(self.players, self.poignee, sizes) if self.poignee else None
        attack = frozenset(s for s in range(self.players) if self._attacks(s))
        frame = DealFrame(self.players, contract, attack,
                          ((kind, Camp.ATTACK),) if kind is not None else (), False,
                          self.rules)
        x = frame.per_defender(self.tally(contract.chien_to_attack), self.tricks[-1])
        return marks(self.players, self.taker, self.partner, x)


def confirme_ecart(hand: Sequence[TarotCard], size: int) -> tuple[list[TarotCard], list[TarotCard]]:
    """The hand after the Confirmé's écart of ``size`` cards, and the écart, one card at
    a time among the engine's ``discardable``."""
    hand = list(hand)
    ecart: list[TarotCard] = []
    for k in range(size):
        options = tuple(TarotDiscard(c) for c in discardable(hand, size - k))
        action = ecart_decision(hand, options).action
        assert isinstance(action, TarotDiscard)
        hand.remove(action.card)
        ecart.append(action.card)
    return hand, ecart


def play_out(dealt: Sequence[Sequence[TarotCard]], chien: Sequence[TarotCard], taker: int,
             leader: int, exchange: bool, rules: TarotRules = DEFAULT_RULES) -> PlayedDeal:
    """The deal played to its end by the Confirmé play, each seat seeing its own hand
    and the play (``ClosedTable``), ``taker`` taking the chien and discarding
    (``exchange``) or leaving it aside; at five, calling a king the Confirmé's way
    first, his partner unknown to the others until it falls."""
    hands = [list(h) for h in dealt]
    called = None
    if len(dealt) == 5:
        called = confirme_call(hands[taker], callable_cards(hands[taker], rules.king_call))
    aside: tuple[TarotCard, ...] = tuple(chien)
    if exchange:
        hands[taker], ecart = confirme_ecart([*hands[taker], *chien], len(chien))
        aside = tuple(ecart)
    return play_from(hands, aside, taker, leader, called, exchange, rules)


def play_from(hands: list[list[TarotCard]], aside: tuple[TarotCard, ...], taker: int,
              leader: int, called: TarotCard | None, exchange: bool,
              rules: TarotRules = DEFAULT_RULES) -> PlayedDeal:
    """The deal played from its first card (``hands`` emptied in place) as ``play_out``
    plays it, once the king is ``called`` (five players) and ``aside`` set aside: the
    taker's écart (``exchange``: he knows it) or the chien.  Played by the kernel's
    ``closed_play`` (``tarot_kernel``: the compiled core, or ``ClosedTable`` in Python)."""
    players = len(hands)
    partner = None
    if called is not None:
        partner = next((s for s in range(players) if s != taker and called in hands[s]), None)
    shown = poignee_choices(hands[taker], players, rules.poignee_sizes)
    poignee = max((len(p) for p in shown), default=0)
    known = aside if exchange else ()
    tricks = tarot_kernel().closed_play(hands, known, taker, leader, called, partner is not None)
    for hand in hands:
        hand.clear()
    return PlayedDeal(players, taker, tuple(tricks), aside, poignee, rules, partner)
