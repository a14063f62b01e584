"""Tarot, Confirmé level: contract from hand strength, king call, écart, chelem and
poignée, and a card play that counts trumps, protects the Petit and the Excuse and gives
points to a camp that is sure to win the trick.

Camps are what the view tells: the taker, and at five the partner once the called card
appears (or oneself when holding it).  A seat whose camp is unknown is treated as a
possible opponent.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from game.ai.decision import Decision
from game.ai.seat import TarotPlaySeat
from game.engine.protocol import Action, Phase
from game.engine.tarot_actions import (
    AnnounceChelem,
    CallKing,
    DeclareMisere,
    DeclineChelem,
    ShowPoignee,
    TarotBid,
    TarotDiscard,
    TarotPass,
    TarotPlayCard,
)
from game.engine.tarot_cards import (
    DECK78,
    EXCUSE,
    KING,
    PETIT,
    PLAIN_SUITS,
    QUEEN,
    THE_21,
    THE_PETIT,
    VINGT_ET_UN,
    TarotCard,
    TarotSuit,
)
from game.engine.tarot_scoring import Contract
from game.engine.tarot_tricks import (
    TarotPlay,
    TarotTrick,
    TarotView,
    breaks_misere,
    card_power,
    led_suit,
    trick_winner,
)

_TRUMP, _EXCUSE = TarotSuit.TRUMP, TarotSuit.EXCUSE  # looked up once (hot loops)
HAND_SIZE = {3: 24, 4: 18, 5: 15}
# Hand strength needed for each contract at four players (scaled by the hand size);
# Prise and Garde tuned in the arena (+6 points per deal at four, neutral at 3 and 5).
THRESHOLDS = {Contract.PRISE: 46, Contract.GARDE: 52, Contract.GARDE_SANS: 71,
              Contract.GARDE_CONTRE: 81}
CHELEM_FACTOR = 2.0  # times the Garde Contre strength: a near-certain slam
FEW_LEFT_IN_SUIT = 2  # with so few hidden cards of a suit, someone may be void
TRUMP_LEAD_RATIO = 1.5  # the taker leads trumps holding this many times an opponent's share


def card_args(c: TarotCard) -> tuple[tuple[str, str], ...]:
    return (("card", c.code),)


def tarot_decision(view: TarotView) -> Decision:
    legal: tuple[Action, ...] = view.legal
    if view.phase is Phase.BIDDING:
        return _bid(view)
    if any(isinstance(a, CallKing) for a in legal):
        return _call(view)
    if any(isinstance(a, TarotDiscard) for a in legal):
        return _discard(view)
    if AnnounceChelem() in legal:
        return _chelem(view)
    return _play(view)


# --- before the play ---------------------------------------------------------------------------


def hand_strength(hand: Sequence[TarotCard]) -> float:
    trumps = high = 0  # the trumps, those from the 16
    petit = twenty_one = excuse = False
    ranks: list[list[int]] = [[] for _ in PLAIN_SUITS]  # by plain suit (its value)
    for c in hand:  # one pass, no card property read: the worlds' auction reading's loop
        suit, rank = c.suit, c.rank
        if suit is _TRUMP:
            trumps += 1
            high += rank >= 16
            petit = petit or rank == PETIT
            twenty_one = twenty_one or rank == VINGT_ET_UN
        elif suit is _EXCUSE:
            excuse = True
        else:
            ranks[suit].append(rank)
    value = 2.0 * trumps + 2 * max(0, trumps - 5)
    value += high
    value += 10 if twenty_one else 0
    value += 8 if excuse else 0
    if petit:
        value += 8 if trumps >= 6 else 5 if trumps >= 5 else 0
    for suited in ranks:
        value += 6 * (KING in suited) + 3 * (QUEEN in suited) + (KING in suited and QUEEN in suited)
        value += 2 * (12 in suited) + (11 in suited)
        value += 2 * max(0, len(suited) - 4)
        if trumps >= 4:
            value += {0: 6, 1: 3}.get(len(suited), 0)
    return value


def threshold(contract: Contract, players: int, scale: float = 1.0) -> float:
    """The hand strength the Confirmé needs for ``contract`` at ``players`` (``scale``:
    a bolder or shyer bidder's)."""
    return scale * THRESHOLDS[contract] * HAND_SIZE[players] / HAND_SIZE[4]


def confirme_contract(hand: Sequence[TarotCard], players: int,
                      above: int = 0, scale: float = 1.0) -> Contract | None:
    """The highest contract over ``above`` that ``hand``'s strength reaches (None: pass)."""
    strength = hand_strength(hand)
    return max((c for c in Contract if c > above and strength >= threshold(c, players, scale)),
               default=None)


def _bid(view: TarotView) -> Decision:
    return confirme_bid(view)


def confirme_bid(view: TarotView, scale: float = 1.0) -> Decision:
    """The Confirmé's call at a bidding turn, its thresholds scaled by ``scale``."""
    legal = [a.contract for a in view.legal if isinstance(a, TarotBid)]
    above = min(legal) - 1 if legal else Contract.GARDE_CONTRE
    best = confirme_contract(view.hand, view.players, above, scale)
    if best is None:
        return Decision(TarotPass(), "hint.pass_weak")
    return Decision(TarotBid(best), "hint.tarot_contract", (("contract", best.label),))


def confirme_call(hand: Sequence[TarotCard], callable_: Iterable[TarotCard]) -> TarotCard:
    """The king (or card) of the suit I hold best, never one of my own if I can help it."""
    held = set(hand)

    def merit(card: TarotCard) -> tuple[bool, int]:
        return (card not in held, sum(c.rank for c in hand if c.suit is card.suit))

    return max(callable_, key=merit)


def _call(view: TarotView) -> Decision:
    calls = {a.card: a for a in view.legal if isinstance(a, CallKing)}
    best = calls[confirme_call(view.hand, calls)]
    return Decision(best, "hint.call_king", card_args(best.card))


def _discard(view: TarotView) -> Decision:
    return ecart_decision(view.hand, view.legal)


def ecart_decision(hand: Sequence[TarotCard], legal: Sequence[Action]) -> Decision:
    """The next card of the écart: short suits first (voids let the taker trump), high
    cards of them first (their points are safe in the écart), trumps last."""
    options = [a for a in legal if isinstance(a, TarotDiscard)]
    order = discard_order(Counter(c.suit for c in hand))
    best = min(options, key=lambda a: order(a.card))
    return Decision(best, "hint.ecart", card_args(best.card))


def discard_order(length: Mapping[TarotSuit, int]) -> Callable[[TarotCard], tuple[bool, int, int]]:
    """How a taker ranks cards for his écart, given how many cards of each suit he
    holds: short suits first (voids let him trump), high cards of them first (their
    points are safe in the écart), trumps last."""
    def order(c: TarotCard) -> tuple[bool, int, int]:
        return (c.is_trump, length.get(c.suit, 0), -c.half_points)
    return order


def _chelem(view: TarotView) -> Decision:
    sure = hand_strength(view.hand) >= CHELEM_FACTOR * threshold(
        Contract.GARDE_CONTRE, view.players)
    if sure:
        return Decision(AnnounceChelem(), "hint.announce_chelem")
    return Decision(DeclineChelem(), "hint.no_chelem")


# --- what the play tells ------------------------------------------------------------------------


@dataclass(frozen=True)
class TarotMemory:
    seat: int
    players: int
    hand: tuple[TarotCard, ...]
    unseen: frozenset[TarotCard]
    voids: tuple[frozenset[TarotSuit], ...]
    trump_caps: tuple[int, ...]  # the highest trump each seat may still hold
    attack: frozenset[int]  # seats known to be in the attack
    defence: frozenset[int]  # seats known to be in the defence
    barred: tuple[frozenset[TarotCard], ...] = ()  # by seat: cards its misère rules out
    announcer: int | None = None  # the seat that announced a chelem

    def same_camp(self, a: int, b: int) -> bool:
        """Known to be in the same camp."""
        return a == b or ({a, b} <= self.attack) or ({a, b} <= self.defence)

    def may_hold(self, seat: int, c: TarotCard) -> bool:
        if c not in self.unseen or c.suit in self.voids[seat]:
            return False
        if self.barred and c in self.barred[seat]:
            return False
        return not c.is_trump or c.rank <= self.trump_caps[seat]

    def unseen_in(self, suit: TarotSuit) -> list[TarotCard]:
        return [c for c in self.unseen if c.suit is suit]

    def may_beat(self, seat: int, master: TarotCard, led: TarotSuit) -> bool:
        if master.is_trump:
            return any(self.may_hold(seat, c) for c in self.unseen_in(_TRUMP)
                       if c.rank > master.rank)
        if any(self.may_hold(seat, c) for c in self.unseen_in(led) if c.rank > master.rank):
            return True
        might_be_void = led in self.voids[seat] or len(self.unseen_in(led)) <= FEW_LEFT_IN_SUIT
        return might_be_void and any(self.may_hold(seat, c)
                                     for c in self.unseen_in(_TRUMP))

    def is_master(self, c: TarotCard) -> bool:
        return not any(u.suit is c.suit and u.rank > c.rank for u in self.unseen)


def tarot_memory(view: TarotView) -> TarotMemory:
    attack, defence = _camps(view)
    return play_memory(view.seat, view.players, view.hand, view.ecart, view.tricks,
                       view.trick, frozenset(attack), frozenset(defence), _barred(view),
                       view.chelem_announcer)


def play_memory(seat: int, players: int, hand: Sequence[TarotCard],
                known: Iterable[TarotCard], tricks: Sequence[TarotTrick],
                trick: Sequence[tuple[int, TarotCard]], attack: frozenset[int],
                defence: frozenset[int],
                barred: tuple[frozenset[TarotCard], ...] = (),
                announcer: int | None = None) -> TarotMemory:
    """What ``seat`` knows from its ``hand``, the cards it saw aside (``known``: the
    taker's écart) and the play so far (the voids and trump caps it showed)."""
    plays = [t.plays for t in tricks] + ([tuple(trick)] if trick else [])
    gone = {c for played in plays for _, c in played} | set(hand) | set(known)
    voids: list[set[TarotSuit]] = [set() for _ in range(players)]
    caps = [21] * players
    for played in plays:
        _infer(played, voids, caps)
    return TarotMemory(
        seat=seat, players=players, hand=tuple(hand),
        unseen=frozenset(c for c in DECK78 if c not in gone),
        voids=tuple(frozenset(v) for v in voids), trump_caps=tuple(caps),
        attack=attack, defence=defence, barred=barred, announcer=announcer,
    )


def _barred(view: TarotView) -> tuple[frozenset[TarotCard], ...]:
    """The cards each seat's misère says it was not dealt; only the taker may hold
    some, from the chien he showed."""
    barred: list[set[TarotCard]] = [set() for _ in range(view.players)]
    for seat, kind in view.miseres:
        barred[seat] |= {c for c in DECK78 if breaks_misere(kind, c) and c not in view.chien}
    return tuple(frozenset(cards) for cards in barred)


def _infer(plays: Sequence[tuple[int, TarotCard]], voids: list[set[TarotSuit]],
           caps: list[int]) -> None:
    for i in range(1, len(plays)):
        seat, c = plays[i]
        led = led_suit(plays[:i])
        if c is EXCUSE or led is None:
            continue
        top = max((p.rank for _, p in plays[:i] if p.is_trump), default=0)
        if c.suit is not led:
            voids[seat].add(led)
            if not c.is_trump:
                voids[seat].add(_TRUMP)
        if c.is_trump and c.rank < top and (led is _TRUMP or c.suit is not led):
            caps[seat] = min(caps[seat], top)  # could not go over: none above ``top``


def _camps(view: TarotView) -> tuple[set[int], set[int]]:
    assert view.taker is not None, "the card play comes after the contract"
    attack, defence = known_camps(view.players, view.taker, view.seat, view.partner,
                                  view.alone, view.called in view.hand)
    return set(attack), set(defence)


def known_camps(players: int, taker: int, seat: int, partner: int | None, alone: bool,
                holds_called: bool) -> tuple[frozenset[int], frozenset[int]]:
    """The seats ``seat`` knows in the attack and in the defence: everyone's camp but at
    five before the called card falls (``partner`` None and not ``alone``), when only
    its holder knows; the taker then knows no partner, a defender only himself."""
    everyone = frozenset(range(players))
    if players < 5 or alone:
        return frozenset({taker}), everyone - {taker}
    if partner is None and holds_called:
        partner = seat
    if partner is not None:
        return frozenset({taker, partner}), everyone - {taker, partner}
    if seat == taker:
        return frozenset({taker}), frozenset()
    return frozenset({taker}), frozenset({seat})


# --- the play --------------------------------------------------------------------------------


def _play(view: TarotView) -> Decision:
    legal: tuple[Action, ...] = view.legal
    misere = next((a for a in legal if isinstance(a, DeclareMisere)), None)
    if misere is not None:  # a prime paid by every other player, whatever the deal
        return Decision(misere, f"hint.misere_{misere.kind.value}")
    poignees = [a for a in legal if isinstance(a, ShowPoignee)]
    if poignees and view.seat == view.taker:
        shown = max(poignees, key=lambda a: len(a.cards))
        return Decision(shown, "hint.poignee", (("count", str(len(shown.cards))),))
    cards = [a.card for a in legal if isinstance(a, TarotPlayCard)]
    chosen, reason = choose_tarot_card(view, tarot_memory(view), cards)
    return Decision(TarotPlayCard(chosen), reason, card_args(chosen))


@dataclass(frozen=True)
class RolloutView:
    """The view fields the Confirmé card choice reads, for a seat in a rollout."""

    seat: int
    hand: tuple[TarotCard, ...]
    taker: int
    trick: tuple[TarotPlay, ...]
    tricks: tuple[TarotTrick, ...]


def choose_tarot_card(view: TarotPlaySeat, mem: TarotMemory,
                      cards: list[TarotCard]) -> tuple[TarotCard, str]:
    """The card among ``cards`` and its reason; of ``view`` only ``seat``, ``hand``,
    ``taker``, ``trick`` and ``tricks`` are read (the Expert's rollouts pass a lighter
    object)."""
    if len(cards) == 1:
        return cards[0], "hint.only_card"
    if mem.announcer == mem.seat:
        return _chelem_card(view, mem, cards)
    if EXCUSE in cards and len(view.hand) == 2 and not _chelem_in_reach(view, mem):
        return EXCUSE, "hint.excuse_before_last"  # in the last trick: the other camp's
    if view.trick:
        return _follow(view, mem, cards)
    return _lead(view, mem, cards)


def _chelem_in_reach(view: TarotPlaySeat, mem: TarotMemory) -> bool:
    """My camp has won every trick so far: the Excuse, kept for the last, would win it."""
    return bool(view.tricks) and all(mem.same_camp(t.winner, mem.seat) for t in view.tricks)


def keep_value(c: TarotCard) -> float:
    """What losing ``c`` in a trick lost costs (``_keep_value_of``, looked up)."""
    return _KEEP_VALUES[c]


def _keep_value_of(c: TarotCard) -> float:
    if c is EXCUSE:
        return 40  # played before the last trick (``choose_tarot_card``), or for a chelem
    if c is THE_PETIT or c is THE_21:
        return 50
    value = float(c.half_points)
    if c.is_trump:
        value += 3 + c.rank / 10
    elif c.rank == KING:
        value += 10
    return value


_KEEP_VALUES = {c: _keep_value_of(c) for c in DECK78}  # the rollouts ask it often


def _cheapest(cards: Iterable[TarotCard]) -> TarotCard:
    return min(cards, key=keep_value)


def _opponents(mem: TarotMemory, seats: Iterable[int]) -> list[int]:
    return [s for s in seats if not mem.same_camp(s, mem.seat)]


def _follow(view: TarotPlaySeat, mem: TarotMemory, cards: list[TarotCard]) -> tuple[TarotCard, str]:
    trick = view.trick
    led = led_suit(trick)
    if led is None:  # the Excuse was led: the next card sets the suit
        return _lead(view, mem, cards)
    winner = trick_winner(trick)
    master = next(c for s, c in trick if s == winner)
    later = [(view.seat + k) % mem.players for k in range(1, mem.players - len(trick))]
    threats = _opponents(mem, later)
    if mem.same_camp(winner, mem.seat) and not any(mem.may_beat(s, master, led)
                                                   for s in threats):
        return give_card(cards)
    winners = [c for c in cards if c is not EXCUSE and _beats(c, master, led)]
    safe = [c for c in winners if not any(mem.may_beat(s, c, led) for s in threats)]
    if safe:
        choice = min(safe, key=lambda c: (c.is_trump, c.rank))
        return choice, ("hint.ruff" if choice.is_trump and led is not _TRUMP
                        else "hint.win_trick")
    rest = [c for c in cards if c is not THE_PETIT] or cards
    choice = _cheapest(rest)
    if EXCUSE in cards and keep_value(choice) >= 9:
        return EXCUSE, "hint.excuse"
    return choice, "hint.discard_low"


def _chelem_card(view: TarotPlaySeat, mem: TarotMemory,
                 cards: list[TarotCard]) -> tuple[TarotCard, str]:
    """The announcer of a chelem must win every trick: the lowest card sure to win it,
    else the highest that wins it for now; leading, the master trump while the others
    may hold trumps, then a card nobody can beat.  With none, the chelem is lost: the
    usual play."""
    led = led_suit(view.trick)
    later = [(mem.seat + k) % mem.players for k in range(1, mem.players - len(view.trick))]
    threats = _opponents(mem, later)
    if led is None:  # leading, or after an Excuse led
        choice = _chelem_lead(mem, cards, threats)
        if choice is not None:
            return choice
        return _lead(view, mem, cards)
    winner = trick_winner(view.trick)
    master = next(c for s, c in view.trick if s == winner)
    winners = [c for c in cards if c is not EXCUSE and _beats(c, master, led)]
    safe = [c for c in winners if not any(mem.may_beat(s, c, led) for s in threats)]
    if safe:
        return min(safe, key=_strength_order), "hint.win_trick"
    if winners and not mem.same_camp(winner, mem.seat):
        return max(winners, key=_strength_order), "hint.win_trick"
    return _follow(view, mem, cards)


def _chelem_lead(mem: TarotMemory, cards: list[TarotCard],
                 threats: list[int]) -> tuple[TarotCard, str] | None:
    """A chelem announcer's lead: his master trump while a threat may hold a trump
    (drawing them), then the plain cards nobody may beat, then his trumps."""
    sure = [c for c in cards if c is not EXCUSE
            and not any(mem.may_beat(s, c, c.suit) for s in threats)]
    trumps_out = any(mem.may_hold(s, c) for s in threats
                     for c in mem.unseen_in(_TRUMP))
    sure_trumps = [c for c in sure if c.is_trump]
    if trumps_out and sure_trumps:
        return max(sure_trumps, key=_strength_order), "hint.draw_trumps"
    plain = [c for c in sure if not c.is_trump]
    if plain:
        return max(plain, key=_strength_order), "hint.play_master"
    if sure_trumps:
        return min(sure_trumps, key=_strength_order), "hint.play_master"
    return None


def _strength_order(c: TarotCard) -> tuple[bool, int]:
    return c.is_trump, c.rank


def _beats(c: TarotCard, master: TarotCard, led: TarotSuit) -> bool:
    return card_power(c, led) > card_power(master, led)


def give_card(cards: list[TarotCard]) -> tuple[TarotCard, str]:
    """My camp wins this trick for sure: save the Petit, or give points."""
    if THE_PETIT in cards:
        return THE_PETIT, "hint.save_petit"
    plain = [c for c in cards if not c.is_trump and c is not EXCUSE]
    if plain:
        return max(plain, key=lambda c: c.half_points), "hint.partner_master"
    return _cheapest(cards), "hint.partner_master"


def _lead(view: TarotPlaySeat, mem: TarotMemory, cards: list[TarotCard]) -> tuple[TarotCard, str]:
    others = _opponents(mem, range(mem.players))
    trumps = sorted((c for c in cards if c.is_trump), key=lambda c: c.rank)
    their_trumps = [c for c in mem.unseen_in(_TRUMP)
                    if any(mem.may_hold(s, c) for s in others)]
    if view.seat == view.taker and trumps and their_trumps:
        top = trumps[-1]
        if mem.is_master(top) and top is not THE_21:
            return top, "hint.draw_trumps"
        small = [c for c in trumps if c is not THE_PETIT]  # the lone Petit led would fall
        if small and len(trumps) * len(others) >= TRUMP_LEAD_RATIO * len(their_trumps):
            return small[0], "hint.draw_trumps"
    kings = [c for c in cards if c.suit.is_plain and mem.is_master(c)
             and len(mem.unseen_in(c.suit)) >= 4 and not _ruff_feared(mem, c.suit, others)]
    if kings:
        return max(kings, key=lambda c: c.half_points), "hint.play_master"
    ruff = _lead_for_a_partner_ruff(mem, cards, others)
    if ruff is not None:
        return ruff, "hint.partner_ruff"
    plain = [c for c in cards if c.suit.is_plain]
    if not plain:
        rest = [c for c in cards if c is not THE_PETIT and c is not EXCUSE] or cards
        return _cheapest(rest), "hint.lead_low"
    length = {s: sum(1 for c in cards if c.suit is s) for s in PLAIN_SUITS}
    return min(plain, key=lambda c: (-length[c.suit], keep_value(c))), "hint.lead_low"


def _ruff_feared(mem: TarotMemory, suit: TarotSuit, others: list[int]) -> bool:
    return any(suit in mem.voids[s] and _TRUMP not in mem.voids[s] for s in others)


def _lead_for_a_partner_ruff(mem: TarotMemory, cards: list[TarotCard],
                             others: list[int]) -> TarotCard | None:
    """A low card of a suit a known partner is void in (and may trump), when no
    opponent is known to trump it too."""
    partners = [s for s in range(mem.players) if s != mem.seat and mem.same_camp(s, mem.seat)]
    options = [c for c in cards if c.suit.is_plain and c.rank < KING
               and any(c.suit in mem.voids[s] and _TRUMP not in mem.voids[s]
                       for s in partners)
               and not _ruff_feared(mem, c.suit, others)]
    return min(options, key=lambda c: c.half_points) if options else None
