"""The lessons, in the order the Learn screen lists them.

Each script was found and recorded with ``tools/lesson_deals.py`` (the Confirmé in every
seat): the computers' moves are kept as they played them, so a lesson never depends on
how the AI plays today.  ``tests/test_lessons.py`` plays every lesson through the engine.
"""

from __future__ import annotations

from game.engine.rules import Layout
from game.lessons.script import ECART_CONFIRM, FREE, Lesson, Step

# The score sheet's lines each lesson's end words talk about (``ScoreLine`` keys).
BELOTE_SHEET = ("cards", "announcements", "announcement", "belote", "deal_score")
TAROT_COUNT = ("tarot_won", "tarot_lost", "tarot_won_rounded", "tarot_lost_rounded")

BELOTE = Lesson(
    id="belote", game="belote", players=4, deal=1364, title_key="lesson.belote.title",
    script=(
        "Pass", "Pass", "Pass",
        Step("Take", "lesson.belote.take", ("Take", "JC", "KC", "QC"),
             why="lesson.belote.take_why"),
        "PlayCard AD False", "PlayCard TD False", "PlayCard QD False",
        Step("Announce", "lesson.belote.announce", ("Announce", "JC", "QC", "KC"),
             why="lesson.belote.announce_why"),
        Step("PlayCard JD False", "lesson.belote.follow", ("JD",)),
        "PlayCard KD False", "PlayCard 8C False", "PlayCard 7D False",
        Step("PlayCard TH False", "lesson.belote.partner", ("TH",),
             why="lesson.belote.partner_why"),
        "PlayCard AH False", "PlayCard 9H False",
        Step("PlayCard QS False", "lesson.belote.keep", ("QS",),
             why="lesson.belote.keep_why"),
        "PlayCard 8H False", "PlayCard 7H False", "PlayCard JH False",
        Step(FREE, "lesson.belote.trump", ("JC", "9C", "KC", "QC", "7C")),
    ),
    free_key="lesson.belote.free", end_key="lesson.belote.end", sheet_lines=BELOTE_SHEET,
)

BELOTE_SECOND = Lesson(
    id="belote2", game="belote", players=4, deal=1147, title_key="lesson.belote2.title",
    script=(
        Step("Pass", "lesson.belote2.pass", ("Pass",), why="lesson.belote2.pass_why"),
        "Pass", "Pass", "Pass",
        Step("ChooseTrump 0", "lesson.belote2.choose", ("ChooseTrump 0", "AS", "TS", "KS", "QS"),
             why="lesson.belote2.choose_why"),
        Step("Announce", "lesson.belote2.announce", ("Announce", "QS", "KS", "AS"),
             why="lesson.belote2.announce_why"),
        Step("PlayCard QS True", "lesson.belote2.belote", ("QS",),
             why="lesson.belote2.belote_why"),
        "PlayCard JS False", "PlayCard 9S False", "PlayCard 7S False",
        "PlayCard AD False", "PlayCard 7D False", "PlayCard QD False",
        Step("PlayCard JD False", "lesson.belote2.follow", ("JD",),
             why="lesson.belote2.follow_why"),
        "PlayCard AC False", "PlayCard JC False", "PlayCard 8C False",
        Step("PlayCard 7C False", "lesson.belote2.club", ("7C",)),
    ),
    free_key="lesson.belote.free", end_key="lesson.belote2.end",
    sheet_lines=BELOTE_SHEET,
)

COINCHE = Lesson(
    id="coinche", game="coinche", players=4, deal=1122, title_key="lesson.coinche.title",
    script=(
        "Bid 90 2 suit",
        Step("Bid 140 1 suit", "lesson.coinche.bid", ("Bid 140 1 suit", "JH", "9H", "AH",
                                                     "TH", "AS", "AC"),
             why="lesson.coinche.bid_why"),
        "Pass", "Pass", "Pass",
        "PlayCard 7D False",
        Step("Announce", "lesson.coinche.announce", ("Announce", "9H", "TH", "JH"),
             why="lesson.coinche.announce_why"),
        Step("PlayCard TH False", "lesson.coinche.trump", ("TH",),
             why="lesson.coinche.trump_why"),
        "Announce", "PlayCard 8D False", "PlayCard TD False",
        Step("PlayCard JH False", "lesson.coinche.lead", ("JH",),
             why="lesson.coinche.lead_why"),
        "PlayCard 7H False", "PlayCard KH True", "PlayCard 9C False",
        Step(FREE, "lesson.coinche.belote"),
    ),
    free_key="lesson.coinche.free", end_key="lesson.coinche.end",
    sheet_lines=("points_made", "announcements", "belote", "contract", "deal_score"),
)

# The contrée à deux: ten cards each, twelve aside that nobody sees, the 50-130 ladder,
# one pass ends the bidding, and the trumps one does not see may be aside.
COINCHE_TWO = Lesson(
    id="coinche2", game="coinche", players=2, deal=1027, title_key="lesson.coinche2.title",
    script=(
        Step("Bid 100 1 suit", "lesson.coinche2.bid", ("Bid 100 1 suit", "JH", "9H", "TH",
                                                      "7H", "AD"),
             why="lesson.coinche2.bid_why"),
        "Pass",
        Step("Announce", "lesson.coinche2.announce", ("Announce", "9H", "TH", "JH"),
             why="lesson.coinche2.announce_why"),
        Step("PlayCard JH False", "lesson.coinche2.lead", ("JH",),
             why="lesson.coinche2.lead_why"),
        "PlayCard 8H False",
        Step("PlayCard 9H False", None, ("9H",), why="lesson.coinche2.lead_why"),
        "PlayCard KH False",
        Step("PlayCard AD False", "lesson.coinche2.count", ("AD",),
             why="lesson.coinche2.count_why"),
        "PlayCard 7D False",
        Step(FREE, "lesson.coinche2.play"),
    ),
    free_key="lesson.coinche2.free", end_key="lesson.coinche2.end",
    sheet_lines=("points_made", "unplayed", "contract", "deal_score"),
)

# The belote découverte: the piles, only face-up cards played, the card beneath turned
# after the trick, each player seeing the other's face-up cards, the bid on them.
DECOUVERTE = Lesson(
    id="decouverte", game="belote", players=2, deal=1018,
    title_key="lesson.decouverte.title", options={"layout": Layout.DECOUVERTE},
    script=(
        "Pass",
        Step("Take", "lesson.decouverte.take", ("Take", "JC", "TC", "8C", "7C", "AH"),
             why="lesson.decouverte.take_why"),
        "PlayCard AS False",
        Step("PlayCard 7C False", "lesson.decouverte.void", ("7C",),
             why="lesson.decouverte.void_why"),
        Step("PlayCard JC False", "lesson.decouverte.turned", ("JC",),
             why="lesson.decouverte.turned_why"),
        "PlayCard 9C False",
        Step(FREE, "lesson.decouverte.seen"),
    ),
    free_key="lesson.decouverte.free", end_key="lesson.decouverte.end",
    sheet_lines=("cards", "deal_score"),
)


# The coinche découverte: the same piles, the coinche's bidding on the face-up cards with
# the four-player ladder (all 32 cards in play), following and trumping with the face-up
# cards only, the belote said with the queen.
DECOUVERTE_COINCHE = Lesson(
    id="decouverte_coinche", game="coinche", players=2, deal=1054,
    title_key="lesson.decouverte_coinche.title", options={"layout": Layout.DECOUVERTE},
    script=(
        "Bid 100 2 suit",
        Step("Bid 120 3 suit", "lesson.decouverte_coinche.bid",
             ("Bid 120 3 suit", "JC", "9C", "KC", "QC"),
             why="lesson.decouverte_coinche.bid_why"),
        "Pass", "PlayCard AH False",
        Step("PlayCard TH False", "lesson.decouverte_coinche.follow", ("TH",)),
        "PlayCard AD False",
        Step("PlayCard 7D False", "lesson.decouverte_coinche.diamond", ("7D",)),
        "PlayCard TD False",
        Step("PlayCard QC True", "lesson.decouverte_coinche.belote", ("QC",),
             why="lesson.decouverte_coinche.belote_why"),
        Step(FREE, "lesson.decouverte_coinche.play"),
    ),
    free_key="lesson.decouverte_coinche.play", end_key="lesson.decouverte_coinche.end",
    sheet_lines=("points_made", "contract", "deal_score"),
)

def ecart(cards: tuple[str, ...], key: str, why: str) -> tuple[Step, ...]:
    """The tarot écart's steps: the first with the words (every card of it lit, and the
    confirmation), the others silent, then the chelem declined with it."""
    first = Step(f"TarotDiscard {cards[0]}", key, (*cards, ECART_CONFIRM), why=why)
    return first, *(Step(f"TarotDiscard {card}") for card in cards[1:]), Step("DeclineChelem")


_ECART = ("1H", "DS", "VS", "DC", "VC", "4C")

TAROT = Lesson(
    id="tarot", game="tarot", players=4, deal=1028, title_key="lesson.tarot.title",
    script=(
        "TarotPass", "TarotPass", "TarotPass",
        Step("TarotBid 2", "lesson.tarot.garde", ("TarotBid 2", "A21"),
             why="lesson.tarot.garde_why"),
        *ecart(_ECART, "lesson.tarot.ecart", "lesson.tarot.ecart_why"),
        "TarotPlayCard TH", "TarotPlayCard 3H", "TarotPlayCard 4H",
        Step("TarotPlayCard RH", "lesson.tarot.follow", ("RH",),
             why="lesson.tarot.follow_why"),
        Step(FREE, "lesson.tarot.lead"),
    ),
    free_key="lesson.tarot.free", end_key="lesson.tarot.end",
    sheet_lines=(*TAROT_COUNT, "contract_tarot", "deal_score"),
)

_ECART3 = ("DD", "VD", "2D", "1D", "DH", "8H")

TAROT_THREE = Lesson(
    id="tarot3", game="tarot", players=3, deal=1002, title_key="lesson.tarot3.title",
    script=(
        "TarotPass", "TarotPass",
        Step("TarotBid 1", "lesson.tarot3.prise", ("TarotBid 1",),
             why="lesson.tarot3.prise_why"),
        *ecart(_ECART3, "lesson.tarot3.ecart", "lesson.tarot3.ecart_why"),
        "TarotPlayCard RC", "TarotPlayCard TC",
        Step("TarotPlayCard 3C", "lesson.tarot3.follow", ("3C",),
             why="lesson.tarot3.follow_why"),
    ),
    free_key="lesson.tarot3.free", end_key="lesson.tarot3.end",
    sheet_lines=(*TAROT_COUNT, "seat_factor", "deal_score"),
)

_ECART5 = ("9H", "VD", "8D")

TAROT_FIVE = Lesson(
    id="tarot5", game="tarot", players=5, deal=1011, title_key="lesson.tarot5.title",
    script=(
        "TarotPass", "TarotPass", "TarotPass",
        Step("TarotBid 2", "lesson.tarot5.garde", ("TarotBid 2",),
             why="lesson.tarot5.garde_why"),
        "TarotPass",
        Step("CallKing RC", "lesson.tarot5.call", ("CallKing RC",),
             why="lesson.tarot5.call_why"),
        *ecart(_ECART5, "lesson.tarot5.ecart", "lesson.tarot5.ecart_why"),
        "TarotPlayCard RC", "TarotPlayCard 4C", "TarotPlayCard TC",
        Step(FREE, "lesson.tarot5.partner"),
    ),
    free_key="lesson.tarot.free", end_key="lesson.tarot5.end",
    sheet_lines=(*TAROT_COUNT, "seat_factor", "deal_score"),
)

LESSONS: tuple[Lesson, ...] = (BELOTE, BELOTE_SECOND, COINCHE, COINCHE_TWO, DECOUVERTE,
                                DECOUVERTE_COINCHE, TAROT, TAROT_THREE, TAROT_FIVE)


def lesson_by_id(lesson_id: str) -> Lesson | None:
    return next((lesson for lesson in LESSONS if lesson.id == lesson_id), None)
