"""Tarot, Expert level: the chelem announcement and the poignée decided by simulation.

Both are weighed as the écart is (``tarot_ecart``): the cards the seat does not see are
dealt a few times, consistent with its view and weighed by the auction
(``tarot_search.sample_world``, ``tarot_auction_reading.read_draw``), and the deal is
played out in each world with the Confirmé play, each seat seeing its own hand and the
play (``ClosedTable``).  A choice is taken over the default (no chelem; the Confirmé's
poignée: the taker shows his largest, a defender none) only when it gains ``MARGIN``
marks a deal on average and more than ``RISK`` standard errors of the gain, paired world
by world (``tarot_bid_search.sure_gain``).

- **The chelem** (the taker, after the écart): each world is played twice, announced
  (the taker leads, aims at every trick, keeps his Excuse for the last card, and the
  table scores +400 made, -200 failed) and not (the usual leader and play, an
  unannounced chelem scored as the table's options say).  Only a hand that could win
  every trick is simulated (``chelem_plausible``, a cheap test of the hand), and the
  simulation stops early once the announced play has failed in half the worlds played
  (``PROBE_FAILURES``): an ordinary hand costs nothing.
- **The poignée** (any seat, at its first card): it scores its bonus to the camp that
  wins the deal, whoever showed it; one play-out a world scores both showing (each size
  offered) and keeping it hidden.  What a poignée tells the other seats is not played
  out (the Confirmé play does not read poignées): the margin stands for it.
"""

from __future__ import annotations

import dataclasses
import random
import statistics
from collections.abc import Iterator
from dataclasses import dataclass

from game.ai.budget import DEFAULT_THINK, within
from game.ai.decision import Decision
from game.ai.tarot import hand_strength, tarot_decision, threshold
from game.ai.tarot_auction_reading import read_draw
from game.ai.tarot_bid_search import sure_gain
from game.ai.tarot_endgame import DealFrame
from game.ai.tarot_search import (
    ClosedTable,
    NoWorld,
    TarotRollout,
    World,
    deal_frame,
    partner_secret,
    play_tricks,
    sample_world,
    start_rollout,
    tally_of,
)
from game.engine.tarot_actions import AnnounceChelem, DeclareMisere, DeclineChelem, ShowPoignee
from game.engine.tarot_cards import DECK78
from game.engine.tarot_scoring import Camp, Contract, marks, poignee_kind
from game.engine.tarot_tricks import TarotView

CHELEM_WORLDS = 12  # at the default thinking time
CHELEM_MARGIN = 20.0  # marks a deal the announcement must gain for the taker
CHELEM_RISK = 1.0  # and standard errors of that gain
PROBE_FAILURES = 2  # failed chelems (and half the worlds played) that end the simulation
POIGNEE_WORLDS = 12
POIGNEE_MARGIN = 10.0  # marks a deal a poignée must gain: it also tells where trumps are
POIGNEE_RISK = 2.0  # strong evidence: the camp that wins is hard to tell from one card
PLAUSIBLE_TRUMP_SHARE = 0.5  # of the trumps still out: fewer, and a defender keeps one


# --- the worlds -----------------------------------------------------------------------------


def _worlds(view: TarotView, rng: random.Random) -> Iterator[World]:
    """Worlds drawn one by one, each weighed by the auction, until none fits the view."""
    def draw() -> World | None:
        try:
            return sample_world(view, rng)
        except NoWorld:
            return None

    while (world := read_draw(view, rng, draw, lambda w: (w.holdings, w.pile))) is not None:
        yield world


def play_closed(view: TarotView, world: World, leader: int,
                announcer: int | None = None) -> TarotRollout:
    """The deal in ``world`` finished from ``view``'s position, ``leader`` next, every
    seat playing the Confirmé's way and seeing its own hand and the play (the taker his
    écart too); ``announcer``: the seat that announced a chelem."""
    assert view.taker is not None and view.contract is not None
    game = start_rollout(view, world)
    aside = world.pile if view.contract.chien_shown else ()
    table = ClosedTable(view.taker, deal_frame(view, game.partner).attack, view.called,
                        game.holder, partner_secret(view), announcer, aside=aside)
    play_tricks(game.holdings, game.trick, game.tricks, leader, table)
    return game


def seat_marks_under(game: TarotRollout, world: World, frame: DealFrame) -> float:
    """The seat's marks for the deal ``game`` finished, scored by ``frame``."""
    view = game.view
    assert view.taker is not None
    tally = tally_of(frame, world, game.tricks, through_last=True)
    per_defender = frame.per_defender(tally, game.tricks[-1])
    return float(marks(view.players, view.taker, game.partner, per_defender)[view.seat])


def _chelem_made(game: TarotRollout, world: World, frame: DealFrame) -> bool:
    """The attack won every trick (a chelem's Excuse led last wins its trick)."""
    return tally_of(frame, world, game.tricks, through_last=True).winners == {True}


# --- the chelem -------------------------------------------------------------------------------


@dataclass(frozen=True)
class ChelemWeighing:
    """The taker's marks world by world, announcing and not (the worlds played both
    ways), how often the announced play won every trick, and whether the probe ended
    the simulation (the chelem failed in half the worlds or more: not worth the rest)."""

    announced: tuple[float, ...]
    declined: tuple[float, ...]
    made: int
    probed_out: bool


def chelem_plausible(view: TarotView) -> bool:
    """A hand that could win every trick: strong enough for a Garde Sans, and at least
    ``PLAUSIBLE_TRUMP_SHARE`` of the trumps the others may hold (fewer, and one of
    them keeps a trump above or a guard the taker cannot draw)."""
    mine = sum(1 for c in view.hand if c.is_trump)
    seen = set(view.hand) | set(view.ecart)
    out = sum(1 for c in DECK78 if c.is_trump and c not in seen)
    return (hand_strength(view.hand) >= threshold(Contract.GARDE_SANS, view.players)
            and mine >= PLAUSIBLE_TRUMP_SHARE * out)


def weigh_chelem(view: TarotView, rng: random.Random, deadline: float | None = DEFAULT_THINK,
                 worlds: int = CHELEM_WORLDS) -> tuple[Decision, ChelemWeighing | None]:
    """Announce a chelem or not, at the taker's chelem step, and what the simulation
    found (None: the hand is no chelem's, nothing simulated).  ``deadline`` None:
    exactly ``worlds`` worlds, or fewer when the probe stops (reproducible)."""
    decline = Decision(DeclineChelem(), "hint.no_chelem")
    if not chelem_plausible(view):
        return decline, None
    weighing = chelem_marks(view, rng, deadline, worlds)
    played = len(weighing.announced)
    if weighing.probed_out or played < 2:
        return decline, weighing
    gains = [a - d for a, d in zip(weighing.announced, weighing.declined, strict=True)]
    if statistics.fmean(gains) < CHELEM_MARGIN \
            or sure_gain(weighing.announced, weighing.declined, CHELEM_RISK) <= 0:
        return decline, weighing
    told = (("count", str(weighing.made)), ("worlds", str(played)))
    return Decision(AnnounceChelem(), "hint.chelem_simulated", told), weighing


def chelem_marks(view: TarotView, rng: random.Random, deadline: float | None,
                 worlds: int) -> ChelemWeighing:
    """The taker's marks in each world drawn, the chelem announced and not."""
    assert view.taker is not None
    announced: list[float] = []
    declined: list[float] = []
    made = 0
    usual_leader = (view.dealer + 1) % view.players
    stream = _worlds(view, rng)
    for _ in within(deadline, worlds):
        world = next(stream, None)
        if world is None:
            break
        game = play_closed(view, world, view.taker, announcer=view.taker)
        frame = dataclasses.replace(deal_frame(view, game.partner), chelem_announced=True)
        announced.append(seat_marks_under(game, world, frame))
        made += _chelem_made(game, world, frame)
        failed = len(announced) - made
        if failed >= PROBE_FAILURES and 2 * failed >= len(announced):
            announced.pop()  # unpaired: the probe ends here
            return ChelemWeighing(tuple(announced), tuple(declined), made, probed_out=True)
        usual = play_closed(view, world, usual_leader)
        declined.append(seat_marks_under(usual, world, deal_frame(view, usual.partner)))
    return ChelemWeighing(tuple(announced), tuple(declined), made, probed_out=False)


# --- the poignée ------------------------------------------------------------------------------


def poignee_to_weigh(view: TarotView) -> bool:
    """The seat may show a poignée now (and has no misère to declare first)."""
    return (any(isinstance(a, ShowPoignee) for a in view.legal)
            and not any(isinstance(a, DeclareMisere) for a in view.legal))


def without_poignees(view: TarotView) -> TarotView:
    """``view`` with the poignée kept hidden: the cards (and misères) left to choose."""
    return dataclasses.replace(
        view, legal=tuple(a for a in view.legal if not isinstance(a, ShowPoignee)))


def weigh_poignee(view: TarotView, rng: random.Random, deadline: float | None = DEFAULT_THINK,
                  worlds: int = POIGNEE_WORLDS,
                  ) -> tuple[Decision | None, dict[ShowPoignee | None, float]]:
    """The poignée to show (None: keep it hidden) and the seat's mean marks for each
    choice (key None: hidden; none when nothing was simulated).  The Confirmé's choice
    (the taker shows his largest, a defender none) is kept unless another gains
    ``POIGNEE_MARGIN`` marks and ``POIGNEE_RISK`` standard errors of the gain.
    ``deadline`` None: exactly ``worlds`` worlds."""
    options = [a for a in view.legal if isinstance(a, ShowPoignee)]
    confirme = tarot_decision(view)
    default = confirme.action if isinstance(confirme.action, ShowPoignee) else None
    kept = confirme if default is not None else None
    samples = poignee_marks(view, options, rng, deadline, worlds)
    if len(samples[None]) < 2:
        return kept, {}
    means = {choice: statistics.fmean(v) for choice, v in samples.items()}
    best = max(samples, key=lambda choice: sure_gain(samples[choice], samples[default],
                                                     POIGNEE_RISK))
    if best == default or means[best] < means[default] + POIGNEE_MARGIN \
            or sure_gain(samples[best], samples[default], POIGNEE_RISK) <= 0:
        return kept, means
    if best is None:
        return None, means
    won = sum(1 for s, h in zip(samples[best], samples[None], strict=True) if s > h)
    told = (("count", str(len(best.cards))), ("won", str(won)),
            ("worlds", str(len(samples[None]))))
    return Decision(best, "hint.poignee_simulated", told), means


def poignee_marks(view: TarotView, options: list[ShowPoignee], rng: random.Random,
                  deadline: float | None, worlds: int,
                  ) -> dict[ShowPoignee | None, list[float]]:
    """The seat's marks in each world drawn, for each poignée shown and hidden (key
    None): one play-out a world, the poignée only changes the score."""
    samples: dict[ShowPoignee | None, list[float]] = {a: [] for a in [None, *options]}
    stream = _worlds(view, rng)
    for _ in within(deadline, worlds):
        world = next(stream, None)
        if world is None:
            break
        game = play_closed(view, world, view.seat)
        frame = deal_frame(view, game.partner)
        camp = Camp.ATTACK if frame.in_attack(view.seat) else Camp.DEFENCE
        for option, values in samples.items():
            shown = frame
            if option is not None:
                kind = poignee_kind(view.players, len(option.cards), view.rules.poignee_sizes)
                assert kind is not None, "the engine offers poignées of a valid size"
                shown = dataclasses.replace(frame, poignees=(*frame.poignees, (kind, camp)))
            values.append(seat_marks_under(game, world, shown))
    return samples

