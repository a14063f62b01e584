"""What the table shows, rebuilt from the engine's events one at a time.

The controller releases events at the pace of the animations; this model is the state
"as the player has seen it so far" (the engine's state is already ahead).  It never
reads the engine's hidden state: it only follows events as the viewing seat sees them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from game.engine.actions import (
    Announced,
    AnnouncementsShown,
    AsideLaid,
    BeloteSaid,
    BergereShown,
    Bid,
    BidMade,
    CardPlayed,
    CardTurned,
    ChooseMode,
    ChooseTrump,
    Coinche,
    ContractSet,
    DealScored,
    FaceDownDealt,
    FaceUpDealt,
    PacketDealt,
    RetourneTurned,
    SevenExchanged,
    Stopped,
    Surcoinche,
    Take,
    TrickWon,
)
from game.engine.cards import Card, Suit, TrumpMode, sorted_hand
from game.engine.games import TAROT, game_of
from game.engine.match import DealRecord, MatchOver, NewDeal
from game.engine.protocol import (
    Action,
    AnyCard,
    CardPlayedEvent,
    Event,
    PacketDealtEvent,
    PassAction,
    TrickWonEvent,
)
from game.engine.tarot import (
    AnnounceChelem,
    CallKing,
    ChelemDecided,
    ChienCardDealt,
    ChienShown,
    KingCalled,
    MisereDeclared,
    PartnerRevealed,
    PetitSecShown,
    PoigneeShown,
    TarotBid,
    TarotCardPlayed,
    TarotContractSet,
    TarotDiscarded,
    TarotPacketDealt,
    TarotTrickWon,
)
from game.engine.tarot_cards import TarotCard, sorted_tarot_hand
from game.engine.tarot_scoring import Contract
from game.engine.tricks import Trump

# Something said at a seat: an i18n key and its arguments (translated when drawn, so a
# language change shows at once).
Say = tuple[str, tuple[tuple[str, object], ...]]

def trump_key(trump: Trump) -> Say:
    """The words for a contract's trump: a suit, sans-atout or tout-atout."""
    if trump.suit is not None:
        return ("suit.name", (("suit", trump.suit),))
    return ("trump.no_trump" if trump.mode is TrumpMode.NO_TRUMP else "trump.all_trump", ())


def contract_key(contract: Contract) -> str:
    return f"tarot.{contract.name.lower()}"


def card_words(c: TarotCard) -> str:
    """A tarot card said aloud, e.g. 'R H' for the king of hearts: the table translates
    the ``card:`` words (see ``say_text``)."""
    return c.code


def say_action(action: Action) -> Say:
    """How a bid or an exchange choice is said at the table."""
    if isinstance(action, PassAction):
        return ("bid.pass", ())
    if isinstance(action, TarotBid):
        return (contract_key(action.contract), ())
    if isinstance(action, CallKing):
        return ("say.call", (("card", card_words(action.card)),))
    if isinstance(action, AnnounceChelem):
        return ("say.chelem", ())
    if isinstance(action, Take):
        return ("bid.take", ())
    if isinstance(action, ChooseTrump):
        return ("bid.choose", (("suit", action.suit),))
    if isinstance(action, ChooseMode):
        words = "trump.no_trump" if action.mode is TrumpMode.NO_TRUMP else "trump.all_trump"
        return ("bid.choose_mode", (("trump", words),))
    if isinstance(action, Coinche):
        return ("bid.coinche", ())
    if isinstance(action, Surcoinche):
        return ("bid.surcoinche", ())
    if isinstance(action, Bid):
        trump: object = action.suit
        if action.mode is TrumpMode.NO_TRUMP:
            trump = "trump.no_trump"
        elif action.mode is TrumpMode.ALL_TRUMP:
            trump = "trump.all_trump"
        if action.is_capot:
            return ("bid.capot", (("trump", trump),))
        return ("bid.value", (("value", action.value), ("trump", trump)))
    return ("bid.other", ())


@dataclass
class TableModel:
    players: int
    viewer: int
    target: int
    game: str
    teams: bool = False
    deals: int | None = None  # a match of so many deals (tarot), else played to ``target``
    dealer: int = 0
    deal_number: int = 0
    deal_seed: int = 0
    hand: list[AnyCard] = field(default_factory=list)  # the viewer's cards
    counts: list[int] = field(default_factory=list)  # cards in each seat's hand
    retourne: Card | None = None
    bergere: Card | None = None
    trick: list[tuple[int, AnyCard]] = field(default_factory=list)
    last_trick: tuple[tuple[int, AnyCard], ...] = ()
    last_trick_winner: int | None = None
    tricks_won: list[int] = field(default_factory=list)  # per seat
    says: dict[int, Say] = field(default_factory=dict)  # speech bubbles by seat
    bids: list[tuple[int, Say]] = field(default_factory=list)  # this deal's, in order
    taker: int | None = None
    trump: Trump | None = None  # the contract's, as ContractSet gives it
    contract_value: int | None = None
    coinche_level: int = 0
    bidding: bool = False
    totals: tuple[int, ...] = ()
    record: DealRecord | None = None  # the last scored deal
    winner: int | None = None  # of the match
    games_lost: int = 1
    # Tarot
    tarot_contract: Contract | None = None
    called: TarotCard | None = None
    partner: int | None = None
    # the taker plays alone at five, as the viewer knows it: "own" (the taker, the
    # viewer, called a king of his hand), "chien" (the called king came out of the chien)
    alone: str | None = None
    chien: list[TarotCard] = field(default_factory=list)  # shown in the middle
    chien_count: int = 0  # face down while dealing
    # Cards a seat shows to everyone (announcements, a poignée), until the trick ends.
    shown: dict[int, tuple[AnyCard, ...]] = field(default_factory=dict)
    # The découverte: each seat's piles, (the face-up card or None, a card face down under).
    piles: list[list[tuple[Card | None, bool]]] = field(default_factory=list)
    aside: int = 0  # the contrée à deux: the cards out of the deal, a face-down stack

    def __post_init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        """Back to a blank table (before replaying a position)."""
        sides = 2 if self.teams else self.players
        self.totals = (0,) * sides
        self.record, self.winner = None, None
        self.reset_deal()

    def reset_deal(self) -> None:
        self.hand = []
        self.counts = [0] * self.players
        self.retourne = self.bergere = None
        self.trick = []
        self.last_trick, self.last_trick_winner = (), None
        self.tricks_won = [0] * self.players
        self.says = {}
        self.bids = []
        self.shown = {}
        self.taker = self.trump = self.contract_value = None
        self.coinche_level = 0
        self.bidding = True
        self.tarot_contract = self.called = self.partner = self.alone = None
        self.chien, self.chien_count = [], 0
        self.piles = [[] for _ in range(self.players)]
        self.aside = 0

    @property
    def trump_suit(self) -> Suit | None:
        return self.trump.suit if self.trump is not None else None

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.teams else seat

    def sort_hand(self, cards: list[AnyCard]) -> list[AnyCard]:
        if game_of(self.game) is TAROT:  # the cards are all of the game's deck
            return list(sorted_tarot_hand(c for c in cards if isinstance(c, TarotCard)))
        return list(sorted_hand([c for c in cards if isinstance(c, Card)], self.trump_suit))

    def apply(self, event: Event, record: DealRecord | None = None) -> None:
        """Follow one event (as the viewer sees it)."""
        handler = _HANDLERS.get(type(event))
        if handler is not None:
            handler(self, event, record)


# --- how the model follows each event type ------------------------------------------------


def _new_deal(model: TableModel, event: NewDeal, _: DealRecord | None) -> None:
    model.reset_deal()
    model.dealer, model.deal_number, model.deal_seed = event.dealer, event.number, event.seed


def _packet(model: TableModel, event: PacketDealtEvent, _: DealRecord | None) -> None:
    model.counts[event.seat] += event.count
    if event.cards is not None and event.seat == model.viewer:
        model.hand = model.sort_hand([*model.hand, *event.cards])
    if event.cards is not None and model.retourne in event.cards:
        model.retourne = None  # the taker picked it up


def _aside(model: TableModel, event: AsideLaid, _: DealRecord | None) -> None:
    model.aside = event.count


def _face_down(model: TableModel, event: FaceDownDealt, _: DealRecord | None) -> None:
    model.piles[event.seat].extend((None, True) for _ in range(event.count))


def _face_up(model: TableModel, event: FaceUpDealt, record: DealRecord | None) -> None:
    """The face-up cards go on the last piles laid, and they are the seat's to play."""
    first = len(model.piles[event.seat]) - event.count
    for offset, card in enumerate(event.cards):
        model.piles[event.seat][first + offset] = (card, True)
    _packet(model, event, record)


def _turned(model: TableModel, event: CardTurned, _: DealRecord | None) -> None:
    model.piles[event.seat][event.pile] = (event.card, False)
    model.counts[event.seat] += 1
    if event.seat == model.viewer:
        model.hand = model.sort_hand([*model.hand, event.card])


def _lift(model: TableModel, seat: int, card: AnyCard) -> None:
    """A card played off the top of a découverte pile."""
    model.piles[seat] = [(None, covered) if up == card else (up, covered)
                         for up, covered in model.piles[seat]]


def _retourne(model: TableModel, event: RetourneTurned, _: DealRecord | None) -> None:
    model.retourne = event.card


def _bergere(model: TableModel, event: BergereShown, _: DealRecord | None) -> None:
    model.bergere = event.card


def _bid(model: TableModel, event: BidMade, _: DealRecord | None) -> None:
    model.says[event.seat] = say_action(event.action)
    model.bids.append((event.seat, model.says[event.seat]))


def _contract(model: TableModel, event: ContractSet, _: DealRecord | None) -> None:
    model.taker, model.trump = event.taker, event.trump
    model.contract_value, model.coinche_level = event.value, event.coinche_level
    model.bidding = False
    model.hand = model.sort_hand(model.hand)


def _exchange(model: TableModel, event: SevenExchanged, _: DealRecord | None) -> None:
    model.retourne = event.seven
    model.says[event.seat] = ("say.exchange", ())
    if event.seat == model.viewer:
        hand = [event.retourne if c == event.seven else c for c in model.hand]
        model.hand = model.sort_hand(hand)


def _announced(model: TableModel, event: Announced, _: DealRecord | None) -> None:
    kinds = ",".join(kind.value for kind in event.kinds)
    model.says[event.seat] = ("say.announce", (("kinds", kinds),))


def _shown(model: TableModel, event: AnnouncementsShown, _: DealRecord | None) -> None:
    for seat, announcements in event.announcements:
        points = sum(a.value for a in announcements)
        model.says[seat] = ("say.announce_scores", (("points", points),))
        model.shown[seat] = tuple(c for a in announcements for c in a.cards)


def _belote(model: TableModel, event: BeloteSaid, _: DealRecord | None) -> None:
    model.says[event.seat] = ("say.rebelote" if event.rebelote else "say.belote", ())

# tarot


def _chien_card(model: TableModel, event: ChienCardDealt, _: DealRecord | None) -> None:
    model.chien_count += 1


def _petit_sec(model: TableModel, event: PetitSecShown, _: DealRecord | None) -> None:
    model.says[event.seat] = ("say.petit_sec", ())


def _tarot_contract(model: TableModel, event: TarotContractSet, _: DealRecord | None) -> None:
    model.taker, model.tarot_contract, model.bidding = event.taker, event.contract, False


def _king_called(model: TableModel, event: KingCalled, _: DealRecord | None) -> None:
    model.called = event.card
    model.says[event.taker] = say_action(CallKing(event.card))
    if event.taker == model.viewer and event.card in model.hand:
        model.alone = "own"


def _chien_shown(model: TableModel, event: ChienShown, _: DealRecord | None) -> None:
    model.chien, model.chien_count = list(event.cards), 0
    assert model.taker is not None
    model.counts[model.taker] += len(event.cards)
    if model.taker == model.viewer:
        model.hand = model.sort_hand([*model.hand, *event.cards])


def _discarded(model: TableModel, event: TarotDiscarded, _: DealRecord | None) -> None:
    model.chien = []
    model.counts[event.seat] -= 1
    if event.seat == model.viewer and event.card in model.hand:
        model.hand.remove(event.card)


def _chelem(model: TableModel, event: ChelemDecided, _: DealRecord | None) -> None:
    if event.announced:
        model.says[event.seat] = ("say.chelem", ())


def _poignee(model: TableModel, event: PoigneeShown, _: DealRecord | None) -> None:
    model.says[event.seat] = ("say.poignee", (("count", len(event.cards)),))
    model.shown[event.seat] = event.cards


def _misere(model: TableModel, event: MisereDeclared, _: DealRecord | None) -> None:
    model.says[event.seat] = (f"say.misere_{event.kind.value}", ())


def _partner(model: TableModel, event: PartnerRevealed, _: DealRecord | None) -> None:
    model.partner = event.partner
    if event.partner is None and model.alone is None:
        model.alone = "chien"


def _played(model: TableModel, event: CardPlayedEvent, _: DealRecord | None) -> None:
    if not model.trick:  # a new trick: the bidding bubbles have done their job
        model.says = {s: v for s, v in model.says.items() if v[0].startswith("say.")}
        model.retourne = model.bergere = None
    model.trick.append((event.seat, event.card))
    if model.piles and model.piles[event.seat]:
        _lift(model, event.seat, event.card)
    model.counts[event.seat] -= 1
    if event.seat == model.viewer and event.card in model.hand:
        model.hand.remove(event.card)


def _trick_won(model: TableModel, event: TrickWonEvent, _: DealRecord | None) -> None:
    model.last_trick, model.last_trick_winner = tuple(model.trick), event.seat
    model.trick = []
    model.tricks_won[event.seat] += 1
    model.says = {}
    model.shown = {}


def _stopped(model: TableModel, event: Stopped, _: DealRecord | None) -> None:
    model.says[event.seat] = ("say.stop", ())


def _scored(model: TableModel, event: DealScored, record: DealRecord | None) -> None:
    model.record = record
    if record is not None:
        model.totals = record.totals


def _match_over(model: TableModel, event: MatchOver, _: DealRecord | None) -> None:
    model.winner, model.games_lost, model.totals = event.winner, event.games_lost, event.totals


_HANDLERS: dict[type, Callable[..., None]] = {
    NewDeal: _new_deal,
    PacketDealt: _packet,
    AsideLaid: _aside,
    FaceDownDealt: _face_down,
    FaceUpDealt: _face_up,
    CardTurned: _turned,
    RetourneTurned: _retourne,
    BergereShown: _bergere,
    BidMade: _bid,
    ContractSet: _contract,
    SevenExchanged: _exchange,
    Announced: _announced,
    AnnouncementsShown: _shown,
    BeloteSaid: _belote,
    CardPlayed: _played,
    TrickWon: _trick_won,
    TarotPacketDealt: _packet,
    ChienCardDealt: _chien_card,
    PetitSecShown: _petit_sec,
    TarotContractSet: _tarot_contract,
    KingCalled: _king_called,
    ChienShown: _chien_shown,
    TarotDiscarded: _discarded,
    ChelemDecided: _chelem,
    PoigneeShown: _poignee,
    MisereDeclared: _misere,
    PartnerRevealed: _partner,
    TarotCardPlayed: _played,
    TarotTrickWon: _trick_won,
    Stopped: _stopped,
    DealScored: _scored,
    MatchOver: _match_over,
}
