"""Tarot's trick rules as pure functions (legal cards, the winner, the écart, the king call,
poignées, the petit sec) and the data a seat's view is made of.

Shared by the deal state, the AI and the tests; no module here holds a whole deal.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.engine.cards import Suit
from game.engine.protocol import Action, DealResult, IllegalAction, Phase, Reason
from game.engine.rules import ExcuseLastTrick, KingCall, PoigneeSizes, TarotRules
from game.engine.tarot_cards import (
    CHIEN_SIZE,
    EXCUSE,
    JACK,
    KING,
    PLAIN_SUITS,
    THE_PETIT,
    TarotCard,
    TarotSuit,
    suited,
)
from game.engine.tarot_scoring import (
    Contract,
    ExcuseFate,
    MisereKind,
    PoigneeKind,
    poignee_kind,
    poignee_size,
)

TarotPlay = tuple[int, TarotCard]  # (seat, card)


@dataclass(frozen=True)
class ExcuseStatus:
    seat: int  # who played it
    trick: int  # index of the trick
    fate: ExcuseFate


@dataclass(frozen=True)
class TarotTrick:
    leader: int
    plays: tuple[TarotPlay, ...]
    winner: int

    @property
    def cards(self) -> tuple[TarotCard, ...]:
        return tuple(c for _, c in self.plays)


@dataclass(frozen=True)
class TarotView:
    """What one seat may know of a tarot deal."""

    game: str
    rules: TarotRules  # the table's options, known to all
    seat: int
    players: int
    dealer: int
    phase: Phase
    current_player: int | None
    hand: tuple[TarotCard, ...]
    legal: tuple[Action, ...]
    bids: tuple[tuple[int, Action], ...]
    contract: Contract | None
    taker: int | None
    called: TarotCard | None
    partner: int | None  # once revealed (None also when unknown or alone: see ``alone``)
    alone: bool  # known to play alone
    chien: tuple[TarotCard, ...]  # when public (Prise, Garde; everyone's at the end)
    ecart: tuple[TarotCard, ...]  # the taker's own, in his view only
    ecart_trumps: tuple[TarotCard, ...]  # trumps discarded, shown to all
    poignees: tuple[tuple[int, tuple[TarotCard, ...]], ...]
    miseres: tuple[tuple[int, MisereKind], ...]
    chelem_announcer: int | None
    trick: tuple[TarotPlay, ...]
    tricks: tuple[TarotTrick, ...]
    excuse: ExcuseStatus | None
    hand_sizes: tuple[int, ...]
    result: DealResult | None



def has_petit_sec(hand: Iterable[TarotCard]) -> bool:
    trumps = [c for c in hand if c.is_trump or c.is_excuse]
    return trumps == [THE_PETIT]


def callable_cards(hand: Sequence[TarotCard],
                   king_call: KingCall = KingCall.FFT) -> tuple[TarotCard, ...]:
    """What the taker may call (option ``king_call``): FFT, the four cards of the
    highest rank (king, then queen...) not all in ``hand``; ``no_self``, those of them
    he does not hold; ``four_kings_alone``, the four kings whatever he holds."""
    if king_call is KingCall.FOUR_KINGS_ALONE:
        return tuple(suited(suit, KING) for suit in TarotSuit if suit.is_plain)
    for rank in range(KING, 0, -1):
        cards = tuple(suited(suit, rank) for suit in TarotSuit if suit.is_plain)
        if not all(c in hand for c in cards):
            if king_call is KingCall.NO_SELF:
                return tuple(c for c in cards if c not in hand)
            return cards
    raise AssertionError("a hand cannot hold every suited card")


def breaks_misere(kind: MisereKind, card: TarotCard) -> bool:
    """Whether a hand dealt with ``card`` has no misère of ``kind``: a trump (the Excuse
    is none here), or a head (king, queen, knight, jack)."""
    if kind is MisereKind.TRUMP:
        return card.is_trump
    return card.suit.is_plain and card.rank >= JACK


def misere_kinds(dealt: Iterable[TarotCard]) -> tuple[MisereKind, ...]:
    """The misères a hand as dealt allows."""
    cards = list(dealt)
    return tuple(k for k in MisereKind if not any(breaks_misere(k, c) for c in cards))


def discardable(hand: Sequence[TarotCard], remaining: int) -> tuple[TarotCard, ...]:
    """Cards the écart may take next: no king, no bout; trumps only if the plain cards
    left are fewer than the cards still to discard."""
    plain = tuple(c for c in hand if c.suit.is_plain and c.rank != KING)
    if len(plain) >= remaining:
        return plain
    return plain + tuple(c for c in hand if c.is_trump and not c.is_bout)


def ecart_left(players: int, ecart: Sequence[TarotCard]) -> int:
    """The cards the taker has still to set aside, ``ecart`` being those already
    discarded: the écart holds as many cards as the chien."""
    return CHIEN_SIZE[players] - len(ecart)


def ecart_refusal(
    hand: Sequence[TarotCard], chosen: Sequence[TarotCard], card: TarotCard, size: int
) -> str | None:
    """Why ``card`` may not join ``chosen`` in an écart of ``size`` cards made from
    ``hand`` (the chien included), as a reason code, or None when it may.

    The same rule as ``discardable``, for a set chosen in any order: no king, no bout;
    trumps only as many as the plain cards cannot fill."""
    if len(chosen) >= size:
        return "ecart_full"
    if card.is_bout:
        return "ecart_bout"
    if card.suit.is_plain:
        return "ecart_king" if card.rank == KING else None
    plain = sum(1 for c in hand if c.suit.is_plain and c.rank != KING)
    trumps_allowed = max(0, size - plain)
    if sum(1 for c in chosen if c.is_trump) >= trumps_allowed:
        return "ecart_trump"
    return None


def ecart_order(chosen: Sequence[TarotCard]) -> tuple[TarotCard, ...]:
    """``chosen`` in an order the engine takes one card at a time: plain cards first,
    so that trumps come once no plain card is left to discard."""
    return tuple(sorted(chosen, key=lambda c: c.is_trump))


def led_suit(trick: Sequence[TarotPlay]) -> TarotSuit | None:
    for _, c in trick:
        if c is not EXCUSE:
            return c.suit
    return None


def legal_cards(hand: Sequence[TarotCard], trick: Sequence[TarotPlay]) -> list[TarotCard]:
    """Follow suit; void, trump (over the highest trump if possible, else under); with
    neither, anything.  The Excuse is always allowed."""
    return card_rule(hand, trick)[0]


def announcer_hand(hand: Sequence[TarotCard], announcer: bool) -> tuple[TarotCard, ...]:
    """The cards of ``hand`` the trick rules choose from: a chelem's ``announcer`` keeps
    his Excuse for his last card."""
    if announcer and len(hand) > 1:
        return tuple(c for c in hand if c is not EXCUSE)
    return tuple(hand)


# The rules that narrow the cards one may play, each the reason a card outside is refused.
FOLLOW_TRUMP: Reason = ("illegal.follow_trump", ())
MUST_TRUMP: Reason = ("illegal.must_trump", ())
OVERTRUMP: Reason = ("illegal.overtrump", ())
_FREE: Reason = ("illegal.not_in_hand", ())  # nothing narrowed: only a card not held
_FOLLOW: dict[TarotSuit, Reason] = {
    **{suit: ("illegal.follow_suit", (("suit", Suit(int(suit))),)) for suit in PLAIN_SUITS},
    TarotSuit.TRUMP: FOLLOW_TRUMP}


_TRUMP = TarotSuit.TRUMP  # looked up once: the AI's searches call the trick rules a lot


def card_rule(
    hand: Sequence[TarotCard], trick: Sequence[TarotPlay]
) -> tuple[list[TarotCard], Reason]:
    """The cards of ``hand`` that may be played on ``trick`` (``legal_cards``), and the
    rule that chose them: the reason a card of the hand outside them is refused."""
    led = led_suit(trick)
    if led is None:
        return list(hand), _FREE
    if led is not _TRUMP:
        follow = [c for c in hand if c.suit is led]
        if follow:
            return _with_excuse(follow, hand), _FOLLOW[led]
    trumps = [c for c in hand if c.suit is _TRUMP]
    if not trumps:
        return list(hand), _FREE
    top = max((c.rank for _, c in trick if c.suit is _TRUMP), default=0)
    over = [c for c in trumps if c.rank > top]
    trump_rule = MUST_TRUMP if led is not _TRUMP else FOLLOW_TRUMP
    if over:  # over a trump already played, if any: else any trump will do
        return _with_excuse(over, hand), OVERTRUMP if top else trump_rule
    return _with_excuse(trumps, hand), trump_rule


def card_refusal(
    hand: Sequence[TarotCard], trick: Sequence[TarotPlay], card: TarotCard
) -> Reason | None:
    """Why ``card`` of ``hand`` may not be played on ``trick``, or None when it may.
    Following suit comes first: a card off the led suit is refused for that while the
    hand holds it (a trump led: a plain card while the hand holds a trump)."""
    cards, reason = card_rule(hand, trick)
    if card in cards:
        return None
    led = led_suit(trick)
    if led is not None and card.suit is not led and any(c.suit is led for c in hand):
        return _FOLLOW[led]
    return reason


def _with_excuse(cards: list[TarotCard], hand: Sequence[TarotCard]) -> list[TarotCard]:
    return [*cards, EXCUSE] if EXCUSE in hand else cards


def first_lead_cards(hand: Sequence[TarotCard], called: TarotCard) -> list[TarotCard]:
    """Five players: the first lead may not be in the called suit, but the called card
    (refused: ``called_suit_refusal``)."""
    allowed = [c for c in hand if c.suit is not called.suit or c is called]
    return allowed or list(hand)


def called_suit_refusal(called: TarotCard) -> Reason:
    """Why a card of the called suit may not open the first trick at five players."""
    return ("illegal.called_suit_lead", (("suit", Suit(int(called.suit))),))


def trick_winner(plays: Sequence[TarotPlay]) -> int:
    """The highest trump, else the highest card of the led suit (never the Excuse)."""
    led = led_suit(plays)
    best_seat, best_key = plays[0][0], -1
    for seat, c in plays:
        key = card_power(c, led)
        if key > best_key:
            best_seat, best_key = seat, key
    return best_seat


def card_power(c: TarotCard, led: TarotSuit | None) -> int:
    """How ``c`` ranks in a trick whose suit is ``led``: a trump above every plain card;
    -1 when it cannot win it (another suit, the Excuse)."""
    suit = c.suit
    if suit is _TRUMP:
        return 100 + c.rank
    return c.rank if suit is led else -1


def excuse_fate(owner_attack: bool, winner_attack: bool, *, last: bool, chelem: bool,
                camp_has_trick: bool, rule: ExcuseLastTrick) -> ExcuseFate:
    """What becomes of the Excuse played by a seat of the attack (``owner_attack``) or
    of the defence in a trick won by either camp: ``chelem``, the last trick of a camp
    that won every other, it wins; in the last trick it changes camp (FFT), or goes
    with the trick (option ``excuse_last_trick``); before, its camp keeps it, giving a
    half-point card when the trick is the other camp's (``camp_has_trick``: one to
    give from; else owed until its camp wins one)."""
    if chelem:
        return ExcuseFate.CHELEM
    if last:
        if rule is ExcuseLastTrick.TRICK_WINNER:
            return ExcuseFate.LAST_TRICK
        return ExcuseFate.CHANGED_CAMP
    if owner_attack == winner_attack:
        return ExcuseFate.SAME_CAMP
    return ExcuseFate.EXCHANGED if camp_has_trick else ExcuseFate.OWED


def excuse_ends_with_attack(fate: ExcuseFate, owner_attack: bool, winner_attack: bool) -> bool:
    """Whether the Excuse of ``fate`` ends in the attack's cards (an owed Excuse as if
    its camp will win a trick: the engine settles it at the end of the deal)."""
    if fate is ExcuseFate.CHANGED_CAMP:
        return not owner_attack
    if fate is ExcuseFate.LAST_TRICK:
        return winner_attack
    return owner_attack


def poignee_choices(hand: Sequence[TarotCard], players: int,
                    sizes: PoigneeSizes = PoigneeSizes.FFT) -> list[tuple[TarotCard, ...]]:
    """One poignée per kind the hand allows: its lowest trumps (the strongest stay
    hidden), the Excuse standing for a trump only when every trump is shown."""
    trumps = sorted((c for c in hand if c.is_trump), key=lambda c: c.rank)
    choices = []
    for kind in PoigneeKind:
        size = poignee_size(players, kind, sizes)
        if len(trumps) >= size:
            choices.append(tuple(trumps[:size]))
        elif len(trumps) == size - 1 and EXCUSE in hand:
            choices.append((*trumps, EXCUSE))
    return choices


def check_poignee(
    hand: Sequence[TarotCard], cards: Sequence[TarotCard], players: int,
    sizes: PoigneeSizes = PoigneeSizes.FFT,
) -> PoigneeKind:
    """The kind of poignée ``cards`` make; raises IllegalAction when it is not one."""
    if len(set(cards)) != len(cards) or any(c not in hand for c in cards):
        raise IllegalAction("illegal.poignee_own_cards")
    if any(not (c.is_trump or c.is_excuse) for c in cards):
        raise IllegalAction("illegal.poignee_trumps")
    if EXCUSE in cards and any(c.is_trump and c not in cards for c in hand):
        raise IllegalAction("illegal.poignee_excuse")
    kind = poignee_kind(players, len(cards), sizes)
    if kind is None or len(cards) != poignee_size(players, kind, sizes):
        allowed = ", ".join(str(poignee_size(players, k, sizes)) for k in PoigneeKind)
        raise IllegalAction("illegal.poignee_size", players=players, sizes=allowed)
    return kind
