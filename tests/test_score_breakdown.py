"""Every point explained: the score sheet's lines are arithmetic whose result is the
deal's score, for every game, player count and rule option, in both languages."""

from __future__ import annotations

import os
import random

import pytest

from game.engine.actions import Bid
from game.engine.cards import Suit
from game.engine.deal_scoring import SideTally, score_belote_each, score_belote_teams, score_coinche
from game.engine.match import AnyRules, Match
from game.engine.protocol import Op, ScoreLine, evaluate
from game.engine.rules import (
    AnnounceTie,
    BeloteRules,
    CoincheRules,
    KingCall,
    Litige,
    MultiplierBase,
    PetitAuBoutValue,
    PoigneeSizes,
    TarotRules,
)
from game.i18n import catalogue
from tests.play_fixtures import TWO_PLAYER_TABLES
from tests.words import ENGLISH, FRENCH

DEALS = int(os.environ.get("ATOUT_BREAKDOWN_DEALS", "300"))  # 3,000 deals over the sets
OPTION_SETS: list[AnyRules] = [
    BeloteRules(), BeloteRules(litige=Litige.DEDANS, belote_prenable=True, capot_points=250,
                               capot_takes_defence_announcements=True, arret=True),
    BeloteRules(players=3), BeloteRules(players=3, litige=Litige.DEDANS, belote_prenable=True),
    BeloteRules(players=2),
    BeloteRules(sans_atout_tout_atout=True, belote_counts_for_contract=False,
                litige_belote_paid=True, announce_tie=AnnounceTie.FIRST_FROM_TAKER),
    BeloteRules(players=3, sans_atout_tout_atout=True, belote_counts_for_contract=False,
                litige_belote_paid=True),
    CoincheRules(made_base=162, bid_capot_base=252, defence_belote_to_coinched_takers=True),
    CoincheRules(), CoincheRules(multiplier_base=MultiplierBase.BID_ONLY, round_to_10=True,
                                 surcoinche_multiplier=3, fail_base=162, belote_prenable=True),
    TarotRules(players=3), TarotRules(players=4), TarotRules(players=5),
    TarotRules(players=4, misere=True, petit_au_bout=PetitAuBoutValue.FIXED,
               poignee_sizes=PoigneeSizes.FOUR_PLAYER, unannounced_chelem=0, defence_chelem=0),
    TarotRules(players=5, misere=True, king_call=KingCall.NO_SELF),
    *TWO_PLAYER_TABLES,
]


def random_deals(rules: AnyRules, seed: int, deals: int) -> None:
    """Plays random legal actions (passing more often than not) until ``deals`` deals
    are scored; checks each one's breakdown on the way."""
    rng = random.Random(seed)
    match, _ = Match.new(rules, seed)
    checked = 0
    while checked < deals:
        if match.is_over:
            match, _ = Match.new(rules, rng.randrange(1, 1 << 30))
        actions = match.legal_actions()
        passes = [a for a in actions if type(a).__name__.endswith("Pass")]
        action = passes[0] if passes and rng.random() < 0.5 else rng.choice(actions)
        before = len(match.history)
        match, _ = match.apply(action)
        if len(match.history) > before:
            check_breakdown(match.history[-1].result.lines, match.history[-1].result.scores)
            checked += 1


def check_breakdown(lines: tuple[ScoreLine, ...], scores: tuple[int, ...]) -> None:
    assert lines and lines[-1].key == "deal_score" and lines[-1].op is Op.TOTAL
    assert evaluate(lines, len(scores)) == scores
    for line in lines:
        assert len(line.values) == len(scores)
        assert line.op is Op.NOTE or any(v is not None for v in line.values), line.key
        for language in ("fr", "en"):
            words = catalogue(language)
            key = f"term.{line.key}"
            assert key in words or {f"{key}.one", f"{key}.other"} <= set(words), \
                (language, line.key)


@pytest.mark.parametrize("rules", OPTION_SETS, ids=lambda r: f"{r.game}{r.players}")
def test_the_lines_of_random_deals_add_up_to_their_scores(rules: AnyRules) -> None:
    random_deals(rules, 7, DEALS)


# --- worked examples, with the arithmetic a player would write -----------------------------


def tally(cards: tuple[int, int], announcements: tuple[int, int] = (0, 0),
          belote: tuple[int, int] = (0, 0), capot: int | None = None) -> SideTally:
    return SideTally(cards, announcements, belote, (4, 4), capot)


def column(lines: tuple[ScoreLine, ...], side: int) -> list[tuple[str, str, int]]:
    return [(line.key, line.op.value, value) for line in lines
            if (value := line.values[side]) is not None and line.op is not Op.NOTE]


def test_coinche_coinched_and_made() -> None:
    """The issue's example: 160 + 110 + 20 = 290, coinched ×2 = 580."""
    result = score_coinche(CoincheRules(), Bid(110, Suit.HEARTS), 1, 0,
                           tally((126, 36), (20, 0)))
    assert result.scores == (580, 0)
    assert column(result.lines, 0) == [
        ("made_base", "+", 160), ("all_announcements", "+", 20), ("contract", "+", 110),
        ("subtotal", "=", 290), ("coinched", "×", 2), ("deal_score", "=", 580)]
    assert column(result.lines, 1) == [("deal_score", "=", 0)]


def test_coinche_failed_goes_to_the_defence() -> None:
    result = score_coinche(CoincheRules(), Bid(110, Suit.HEARTS), 0, 0,
                           tally((70, 92), belote=(0, 20)))
    assert result.scores == (0, 290)
    assert column(result.lines, 1) == [
        ("fail_base", "+", 160), ("belote", "+", 20), ("contract", "+", 110),
        ("deal_score", "=", 290)]
    made = result.lines[0]
    assert made.key == "points_made" and made.values == (70, 112)


def test_belote_dedans_at_four() -> None:
    result = score_belote_teams(BeloteRules(), 0, tally((60, 102), (20, 0)))
    assert result.scores == (0, 182)
    assert column(result.lines, 0) == [("cards", "+", 60), ("announcements", "+", 20),
                                       ("dedans", "+", -80), ("deal_score", "=", 0)]
    assert column(result.lines, 1) == [("cards", "+", 102), ("announcements", "+", 0),
                                       ("dedans", "+", 80), ("deal_score", "=", 182)]


def test_belote_dedans_at_three_goes_to_the_best_opponent() -> None:
    each = SideTally((40, 72, 50), (0, 0, 0), (20, 0, 0), (2, 4, 2), None)
    result = score_belote_each(BeloteRules(players=3), 0, each)
    assert result.scores == (20, 112, 50)  # the taker keeps his belote
    dedans = next(line for line in result.lines if line.key == "dedans")
    assert dedans.values == (-40, 40, None)


def test_a_capot_is_named() -> None:
    result = score_belote_teams(BeloteRules(), 0, tally((252, 0), capot=0))
    keys = [line.key for line in result.lines]
    assert "capot" in keys
    capot = next(line for line in result.lines if line.key == "capot")
    assert capot.values == (252, None)
    assert result.scores == (252, 0)


def test_tarot_at_five_with_a_poignee_and_the_petit_au_bout() -> None:
    from game.engine.tarot_scoring import (
        Camp,
        Contract,
        DealOutcome,
        PoigneeKind,
        score_deal,
        score_lines,
    )

    outcome = DealOutcome(5, Contract.GARDE, 120, 2,
                          ((PoigneeKind.SIMPLE, Camp.ATTACK),), Camp.DEFENCE)
    lines = score_lines(score_deal(outcome), outcome, 1, 4)
    assert [(line.key, line.op.value, line.values[1]) for line in lines] == [
        ("tarot_won", "note", None),  # 60 points, 2 bouts, 41 needed: made by 19
        ("contract_tarot", "+", 88),  # (25 + 19) × 2
        ("petit_au_bout_defence", "+", -20),  # 10 × 2 to the defence
        ("poignee_simple_attack", "+", 20),  # to the deal's winner
        ("per_defender", "=", 88),
        ("seat_factor", "×", 2),  # the taker, with a partner at five
        ("deal_score", "=", 176),
    ]
    assert dict(lines[0].args) == {"points": "60", "bouts": 2, "needed": 41, "diff": 19}
    assert lines[-2].values == (-1, 2, -1, -1, 1)
    assert lines[-1].values == (-88, 176, -88, -88, 88)


def test_the_sheet_writes_the_arithmetic_as_a_player_would() -> None:
    from game.ui.scenes.breakdown import Style, breakdown_rows

    result = score_coinche(CoincheRules(), Bid(110, Suit.HEARTS), 1, 0,
                           tally((126, 36), (20, 0)))
    rows = breakdown_rows(FRENCH, result.lines, (), (580, 0))
    assert [row.cells[0] for row in rows] == [
        "146", "160", "+ 20", "+ 110", "= 290", "× 2", "= 580", "580"]
    assert rows[0].style is Style.NOTE and rows[-2].style is Style.SCORE
    assert rows[5].label == "Coinché" and rows[-1].label == "Totaux"
    assert [row.cells[1] for row in rows] == ["36", "", "", "", "", "", "= 0", "0"]


def test_a_dedans_says_why_and_whose_announcements_made_the_difference() -> None:
    """Belote classique: the takers (side 1) made 115 in cards; the defence 47 in cards
    and a cinquante (50, seat 0) and a tierce (20, seat 2): 117 > 115, dedans."""
    from game.ui.scenes.breakdown import Style, breakdown_rows

    announced = ((0, 0, "cinquante", 50), (0, 2, "tierce", 20))
    t = SideTally((47, 115), (70, 0), (0, 0), (3, 5), None, announced)
    result = score_belote_teams(BeloteRules(), 1, t)
    assert result.facts is not None and result.facts.outcome == "dedans"
    why = next(line for line in result.lines if line.key == "dedans_why")
    assert why.op is Op.NOTE and why.values == (None, None)
    assert dict(why.args) == {"taker": 115, "beater": 117}
    assert evaluate(result.lines, 2) == result.scores == (232, 0)  # 162 + 70
    names = {0: "Sud", 2: "Nord"}
    rows = breakdown_rows(FRENCH, result.lines, seat_name=names.__getitem__)
    labels = [row.label for row in rows]
    assert labels[:4] == ["Cartes et dix de der", "Annonces", "· cinquante, Sud",
                          "· tierce, Nord"]
    assert [row.cells for row in rows[2:4]] == [("50", ""), ("20", "")]
    assert rows[2].style is Style.NOTE
    assert "115" in labels[4] and "117" in labels[4] and "annonces" in labels[4]
    assert rows[4].cells == ("", "")  # a wide row: the figures are in its words


def test_points_made_in_coinche_say_they_include_the_announcements() -> None:
    result = score_coinche(CoincheRules(), Bid(110, Suit.HEARTS), 0, 0,
                           tally((126, 36), (20, 0)))
    from game.ui.scenes.breakdown import breakdown_rows

    assert breakdown_rows(ENGLISH, result.lines)[0].label.startswith(
        "Points made, announcements and belote included")


def test_belote_at_three_says_where_the_missing_card_points_are() -> None:
    """Nine tricks of three cards: 27 cards play, five stay undealt with their points."""
    match, _ = Match.new(BeloteRules(players=3), 7)
    rng = random.Random(7)
    for _ in range(500):
        if match.history:
            break
        match, _ = match.apply(rng.choice(match.legal_actions()))
    result = match.history[-1].result
    played = sum(line.values[side] or 0 for line in result.lines if line.key in ("cards", "capot")
                 for side in range(3))
    note = next(line for line in result.lines if line.key == "unplayed")
    assert note.op is Op.NOTE and all(value is None for value in note.values)
    assert dict(note.args) == {"points": 162 - played, "played": played} and played < 162


def test_a_failed_tarot_contract_says_the_defenders_receive_and_shows_the_rounding() -> None:
    """Three players, garde: 40.5 points with 2 bouts for 41, down by 0.5, rounded up
    to 1 (the half point goes to the defence, the winning camp): each defender receives
    (25 + 1) × 2 = 52, and 51.5 with 3 bouts for 36 is made by 15.5, rounded to 16."""
    from game.engine.tarot_scoring import Contract, DealOutcome, score_deal, score_lines
    from game.ui.scenes.breakdown import breakdown_rows

    failed = DealOutcome(3, Contract.GARDE, 81, 2)
    lines = score_lines(score_deal(failed), failed, 0, None)
    assert [line.key for line in lines][:3] == ["tarot_lost_rounded", "contract_tarot",
                                                "per_defender_receives"]
    assert dict(lines[0].args)["exact"] == "0.5" and dict(lines[0].args)["diff"] == 1
    assert lines[1].values == (52, 52, 52)  # written forward: what each defender receives
    assert lines[2].values == (52, 52, 52)
    assert lines[3].key == "seat_factor" and lines[3].values == (-2, 1, 1)
    assert evaluate(lines, 3) == (-104, 52, 52)
    made = DealOutcome(3, Contract.PRISE, 103, 3)
    made_lines_ = score_lines(score_deal(made), made, 0, None)
    lost_rows = breakdown_rows(FRENCH, lines)
    made_rows = breakdown_rows(FRENCH, made_lines_)
    assert lost_rows[0].label.startswith("40,5 points avec 2 bouts pour 41 : chuté de 0,5, "
                                         "arrondi à 1")
    assert lost_rows[2].label == "Chaque défenseur reçoit"
    assert [row.cells for row in lost_rows[1:]] == [
        ("52", "52", "52"), ("= 52", "= 52", "= 52"), ("× −2", "× 1", "× 1"),
        ("= −104", "= 52", "= 52")]
    assert not any("−" in cell for row in lost_rows[1:3] for cell in row.cells)
    assert made_rows[0].label.startswith("51,5 points avec 3 bouts pour 36 : fait de 15,5, "
                                         "arrondi à 16")
    assert "demi-point" in made_rows[0].label


def test_a_failed_contract_with_the_petit_to_the_attack_reads_from_the_defence() -> None:
    """Five players, prise failed by 6 (35 points for 41) with the petit au bout to the attack: each
    defender receives (25 + 6) - 10 = 21; the taker with a partner pays 2 x 21."""
    from game.engine.tarot_scoring import Camp, Contract, DealOutcome, score_deal, score_lines

    outcome = DealOutcome(5, Contract.PRISE, 70, 2, petit_au_bout=Camp.ATTACK)
    lines = score_lines(score_deal(outcome), outcome, 0, 3)
    assert [(line.key, line.values[1]) for line in lines] == [
        ("tarot_lost", None), ("contract_tarot", 31), ("petit_au_bout_attack", -10),
        ("per_defender_receives", 21), ("seat_factor", 1), ("deal_score", 21)]
    assert lines[-2].values == (-2, 1, 1, -1, 1)
    assert evaluate(lines, 5) == (-42, 21, 21, -21, 21)


def test_a_taker_alone_at_five_is_told_on_the_sheet() -> None:
    from game.engine.tarot_scoring import Contract, DealOutcome, score_deal, score_lines
    from game.ui.scenes.breakdown import Style, breakdown_rows

    alone = DealOutcome(5, Contract.GARDE, 120, 2, alone=True)
    lines = score_lines(score_deal(alone), alone, 2, None)
    assert lines[1].key == "tarot_alone" and lines[1].op is Op.NOTE
    assert lines[-2].values == (-1, -1, 4, -1, -1)
    rows = breakdown_rows(ENGLISH, lines)
    assert rows[1].style is Style.NOTE and "played alone" in rows[1].label
    partnered = DealOutcome(5, Contract.GARDE, 120, 2)
    assert "tarot_alone" not in [line.key for line in
                                 score_lines(score_deal(partnered), partnered, 2, 0)]


def test_announcements_beaten_say_which_one_beat_them() -> None:
    """Seat 0 declares two tierces to the queen, seat 1 one to the king: seat 1's side
    alone scores; the sheet lists seat 0's tierces as not counting and says why."""
    from game.engine.actions import Announce, PlayCard
    from game.ui.scenes.breakdown import Style, breakdown_rows
    from tests.test_announcements import hands_with, play_first_legal, start

    deal = start(hands_with("♥10 ♥J ♥Q ♦10 ♦J ♦Q", "♣J ♣Q ♣K"))
    deal, _ = deal.apply(Announce())
    deal, _ = deal.apply(next(a for a in deal.legal_actions() if isinstance(a, PlayCard)))
    deal, _ = deal.apply(Announce())
    deal, _ = play_first_legal(deal)
    result = deal.result()
    assert result is not None
    assert deal.tally().announcements == (0, 20)
    check_breakdown(result.lines, result.scores)
    names = {0: "You", 1: "West", 2: "North", 3: "East"}
    rows = breakdown_rows(ENGLISH, result.lines, seat_name=names.__getitem__)
    labels = [row.label for row in rows]
    best = labels.index("Best announcement: tierce to the king, West. Only the better "
                        "side's announcements count")
    assert labels[best + 1:best + 3] == ["· tierce to the queen, You: beaten, does not count"] * 2
    assert all(rows[i].style is Style.NOTE and not any(rows[i].cells)
               for i in range(best, best + 3))
    french = [row.label for row in breakdown_rows(FRENCH, result.lines)]
    assert "Meilleure annonce : tierce au roi, 1. Seules les annonces du meilleur camp " \
           "comptent" in french


def test_equal_best_announcements_cancelled_are_explained() -> None:
    from game.engine.actions import Announce, PlayCard
    from game.engine.rules import AnnounceTie
    from tests.test_announcements import hands_with, play_first_legal, start

    deal = start(hands_with("♥7 ♥8 ♥9", "♦7 ♦8 ♦9"),
                 CoincheRules(announce_tie=AnnounceTie.CANCEL))
    deal, _ = deal.apply(Announce())
    deal, _ = deal.apply(next(a for a in deal.legal_actions() if isinstance(a, PlayCard)))
    deal, _ = deal.apply(Announce())
    deal, _ = play_first_legal(deal)
    result = deal.result()
    assert result is not None
    keys = [line.key for line in result.lines]
    assert "announcements" not in keys
    assert keys[keys.index("announcements_cancelled") + 1:][:2] == ["announcement_beaten"] * 2


def test_a_tarot_lessons_end_says_why_the_contract_fell_or_passed() -> None:
    from game.engine.tarot_scoring import Contract, DealOutcome, TarotFacts, score_deal
    from game.ui.scenes.breakdown import tarot_why

    fell = DealOutcome(4, Contract.GARDE, 86, 1)  # 43 points with one bout, 51 needed
    facts = TarotFacts.of(fell, score_deal(fell), 0, None)
    assert tarot_why(ENGLISH, facts) == (
        "Why the contract fell: trumps win tricks, but the points lie in the kings, queens "
        "and bouts. With 1 bout you needed 51 of the 91 points; you made 43 and the defence "
        "kept 48: 8 short.")
    passed = DealOutcome(3, Contract.PRISE, 103, 3)  # 51.5 with three bouts, 36 needed
    words = tarot_why(FRENCH, TarotFacts.of(passed, score_deal(passed), 0, None))
    assert words.startswith("Pourquoi le contrat passe")
    assert "il vous fallait 36 des 91 points ; vous en avez fait 51,5, la défense en a " \
           "gardé 39,5 : 15,5 de marge" in words
    coinche = score_coinche(CoincheRules(), Bid(110, Suit.HEARTS), 1, 0,
                            tally((126, 36), (20, 0)))
    assert tarot_why(ENGLISH, coinche.facts) == ""


@pytest.mark.parametrize(("cards", "level"), [((100, 62), 0), ((120, 42), 1)])
def test_beaten_announcements_are_explained_when_the_stake_replaces_the_cards(
        cards: tuple[int, int], level: int) -> None:
    """A failed contract (the defence scores the stake) and a coinched one made (the
    takers do): the sheet still lists the player's tierces that did not count."""
    beaten = SideTally(cards, (0, 40), (0, 0), (5, 3), None,
                       ((1, 1, "tierce", 20), (1, 1, "tierce", 20)), 0,
                       ((0, 0, "tierce", "Q"), (0, 0, "tierce", "Q")), (1, "tierce", "K"))
    result = score_coinche(CoincheRules(), Bid(90, Suit.SPADES), level, 0, beaten)
    check_breakdown(result.lines, result.scores)
    keys = [line.key for line in result.lines]
    assert keys.count("announcement_beaten") == 2 and "announcements_best" in keys
    assert keys.index("announcements_best") > keys.index("all_announcements")
