"""Card play of the Confirmé level for the 32-card games, and the play-phase extras
(announcements, belote, the arrêt)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.ai.decision import Decision
from game.ai.memory import Memory, belote_pair, build_memory
from game.ai.seat import PlaySeat
from game.engine.actions import Announce, PlayCard, Stop
from game.engine.cards import Card, Rank, TrumpMode
from game.engine.trick_view import BELOTE_POINTS, TrickView
from game.engine.tricks import winning_play

DEFAULT_TARGET = 1000  # BeloteRules' default, used when the view does not carry the target
# What keeping a card is worth beyond its points (``keep_cost``), and when to ruff.
TRUMP_KEEP = 15
MASTER_KEEP = 12
TEN_GUARD_KEEP = 6
GIFT_MASTER_PENALTY = 9  # a master card given to partner would have won a trick itself
RUFF_MIN_POINTS = 10  # ruff a trick an opponent may still overruff only when it is worth it


def card_args(c: Card) -> tuple[tuple[str, str], ...]:
    return (("card", str(c)),)


# Improves on the Confirmé card: (view, memory, legal cards, Confirmé's choice) -> choice.
Refiner = Callable[[TrickView, Memory, list[Card], tuple[Card, str]], tuple[Card, str]]


def play_phase(view: TrickView, target: int | None, refine: Refiner | None = None) -> Decision:
    legal = view.legal
    mem = build_memory(view)
    if Stop() in legal and should_stop(view, mem, target or DEFAULT_TARGET):
        return Decision(Stop(), "hint.stop_reached")
    if Announce() in legal:
        return Decision(Announce(), "hint.announce")
    plays = [a for a in legal if isinstance(a, PlayCard)]
    cards = list(dict.fromkeys(a.card for a in plays))
    chosen, reason = choose_card(view, mem, cards)
    if refine is not None:
        chosen, reason = refine(view, mem, cards, (chosen, reason))
    return Decision(play_action(plays, chosen), reason, card_args(chosen))


def play_action(plays: Sequence[PlayCard], chosen: Card) -> PlayCard:
    """The action for ``chosen``: saying "belote" with it whenever that is allowed."""
    options = [a for a in plays if a.card == chosen]
    return max(options, key=lambda a: a.belote)


# --- the arrêt ------------------------------------------------------------------------------


def side_points(view: TrickView, mem: Memory) -> int:
    """What my side has secured in this deal: tricks, validated announcements, belote."""
    side = mem.side_of(view.seat)
    points: int = sum(t.points for t in view.tricks if mem.side_of(t.winner) == side)
    points += sum(a.value for s, anns in view.shown_announcements
                  if mem.side_of(s) == side for a in anns)
    holder = view.belote_seat
    if holder is not None and mem.side_of(holder) == side:
        played_by_holder = {c for t in view.tricks for s, c in t.plays if s == holder}
        played_by_holder |= {c for s, c in view.trick if s == holder}
        if len(belote_pair(played_by_holder, mem.trump)) == 2:
            points += BELOTE_POINTS
    return points


def should_stop(view: TrickView, mem: Memory, target: int) -> bool:
    """Stop only when certain: the target is reached, and a taker must also be sure to
    win the last trick (he holds only trumps and nobody else has any)."""
    totals = view.match_totals
    side = mem.side_of(view.seat)
    if side >= len(totals) or totals[side] + side_points(view, mem) < target:
        return False
    if view.taker is None or not mem.same_side(view.taker, view.seat):
        return True
    return _holds_every_trick(mem)


def _holds_every_trick(mem: Memory) -> bool:
    trump = mem.trump
    if trump.mode is not TrumpMode.SUIT or not mem.hand:
        return False
    only_trumps = all(c.suit == trump.suit for c in mem.hand)
    return only_trumps and not mem.trumps_with(s for s in range(mem.players) if s != mem.seat)


# --- choosing a card ------------------------------------------------------------------------


def choose_card(view: PlaySeat, mem: Memory, cards: list[Card]) -> tuple[Card, str]:
    if len(cards) == 1:
        return cards[0], "hint.only_card"
    if not view.trick:
        return lead(view, mem, cards)
    return follow(view, mem, cards)


def keep_cost(mem: Memory, c: Card) -> float:
    """How much it costs to give ``c`` away: its points, plus the tricks it may still win."""
    trump = mem.trump
    cost = trump.points[c] + trump.strength[c] / 10
    if mem.is_trump_suit(c.suit) or trump.mode is TrumpMode.ALL_TRUMP:
        cost += TRUMP_KEEP
    if mem.is_master(c):
        cost += MASTER_KEEP
    if c in belote_pair(mem.hand, trump) and len(belote_pair(mem.hand, trump)) == 2:
        cost += BELOTE_POINTS
    if c.rank == Rank.TEN and not mem.is_master(c) and _suit_count(mem, c) == 2:
        cost += TEN_GUARD_KEEP  # keep the small card that guards a ten
    return cost


def _suit_count(mem: Memory, c: Card) -> int:
    return sum(1 for h in mem.hand if h.suit == c.suit)


def cheapest(mem: Memory, cards: Sequence[Card]) -> Card:
    return min(cards, key=lambda c: keep_cost(mem, c))


# --- leading ----------------------------------------------------------------------------------


def lead(view: PlaySeat, mem: Memory, cards: list[Card]) -> tuple[Card, str]:
    trump = mem.trump
    takers_side = view.taker is not None and mem.same_side(view.taker, view.seat)
    opponents = mem.opponents()
    opponent_trumps = mem.trumps_with(opponents)
    my_trumps = [c for c in cards if mem.is_trump_suit(c.suit)]
    if takers_side and opponent_trumps and my_trumps:
        top = max(my_trumps, key=lambda c: trump.strength[c])
        if mem.is_master(top):
            return top, "hint.draw_trumps"
        if view.taker == view.seat and len(my_trumps) >= 3:
            return min(my_trumps, key=lambda c: trump.strength[c]), "hint.draw_trumps"
    masters = [c for c in cards if not mem.is_trump_suit(c.suit) and mem.is_master(c)
               and not _ruff_feared(mem, c, opponents)]
    if masters:
        best = max(masters, key=lambda c: (trump.points[c], len(mem.unseen_in(c.suit))))
        return best, "hint.play_master"
    ruff = _lead_for_partner_ruff(mem, cards, opponents)
    if ruff is not None:
        return ruff, "hint.partner_ruff"
    plain = [c for c in cards if not mem.is_trump_suit(c.suit)] or cards
    return min(plain, key=lambda c: _lead_cost(mem, c)), "hint.lead_low"


def _ruff_feared(mem: Memory, c: Card, opponents: list[int]) -> bool:
    return any(mem.is_void(s, c.suit) and mem.trumps_with([s]) for s in opponents)


def _lead_for_partner_ruff(mem: Memory, cards: list[Card], opponents: list[int]) -> Card | None:
    partner = mem.partner()
    if partner is None or not mem.trumps_with([partner]):
        return None
    options = [c for c in cards if not mem.is_trump_suit(c.suit) and mem.is_void(partner, c.suit)
               and not _ruff_feared(mem, c, opponents)]
    return min(options, key=lambda c: keep_cost(mem, c)) if options else None


def _lead_cost(mem: Memory, c: Card) -> float:
    """Leading a low card: cheap cards, from suits where it does not strip a guard."""
    cost = keep_cost(mem, c)
    if c.rank != Rank.TEN and any(h.suit == c.suit and h.rank == Rank.TEN
                                  and not mem.is_master(h) for h in mem.hand):
        cost += 5
    return cost


# --- following --------------------------------------------------------------------------------


def follow(view: PlaySeat, mem: Memory, cards: list[Card]) -> tuple[Card, str]:
    trump = mem.trump
    trick = view.trick
    led = trick[0][1].suit
    master_seat, master_card = winning_play(trick, trump)
    later = [(view.seat + k) % mem.players for k in range(1, mem.players - len(trick))]
    later_opponents = [s for s in later if not mem.same_side(s, view.seat)]
    partner_master = mem.same_side(master_seat, view.seat)
    if partner_master and not any(mem.may_beat(s, master_card, led) for s in later_opponents):
        return _charge(mem, cards), "hint.partner_master"
    winners = [c for c in cards if trump.beats(c, master_card)]
    if winners:
        safe = [c for c in winners
                if not any(mem.may_beat(s, c, led) for s in later_opponents)]
        if safe:
            choice = min(safe, key=lambda c: trump.strength[c] + 100 * mem.is_trump_suit(c.suit))
            reason = "hint.ruff" if choice.suit != led else "hint.win_trick"
            return choice, reason
        ruffs = [c for c in winners if c.suit != led]
        points = mem.card_points(c for _, c in trick)
        if ruffs and points >= RUFF_MIN_POINTS:
            return min(ruffs, key=lambda c: trump.strength[c]), "hint.ruff"
    return cheapest(mem, cards), "hint.discard_low"


def _charge(mem: Memory, cards: list[Card]) -> Card:
    """Partner wins this trick: give him points, but not trumps or sure tricks."""
    plain = [c for c in cards if not mem.is_trump_suit(c.suit)] or cards

    def gift(c: Card) -> float:
        value = mem.trump.points[c]
        if mem.is_master(c):
            value -= GIFT_MASTER_PENALTY
        if mem.trump.mode is TrumpMode.ALL_TRUMP and c.rank in (Rank.JACK, Rank.NINE):
            value -= 20
        return value

    return max(plain, key=gift)
