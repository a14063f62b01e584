"""Belote classique: worked examples of shared/rules/belote.md, the deal and the bidding."""

from __future__ import annotations

import pytest

from game.engine.actions import ChooseTrump, ExchangeSeven, Pass, PlayCard, Take
from game.engine.belote import BeloteDeal, score_belote_each, score_belote_teams
from game.engine.cards import DECK32, Rank, Suit, card
from game.engine.protocol import IllegalAction, Phase
from game.engine.rules import BeloteRules, Litige, Undertrump
from game.engine.trickgame import SideTally

RULES4 = BeloteRules()


def teams(cards: tuple[int, int], announcements: tuple[int, int] = (0, 0),
          belote: tuple[int, int] = (0, 0), capot_side: int | None = None) -> SideTally:
    tricks = (8, 0) if capot_side == 0 else (0, 8) if capot_side == 1 else (5, 3)
    return SideTally(cards, announcements, belote, tricks, capot_side)


# (name, rules, tally with the takers as side 0, (takers, defence), frozen)
TEAM_EXAMPLES = [
    ("C1", RULES4, teams((95, 67)), (95, 67), 0),
    ("C2", RULES4, teams((70, 92), belote=(20, 0)), (20, 162), 0),
    ("C3", RULES4, teams((81, 81)), (0, 81), 81),
    ("C4", RULES4, teams((252, 0), (0, 20), (20, 0), capot_side=0), (272, 20), 0),
    ("C4 FFB", BeloteRules(capot_takes_defence_announcements=True),
     teams((252, 0), (0, 20), (20, 0), capot_side=0), (292, 0), 0),
    ("C5", RULES4, teams((70, 92), (20, 0)), (0, 182), 0),
    ("C6", RULES4, teams((100, 62), (0, 200)), (0, 362), 0),
]


@pytest.mark.parametrize(("name", "rules", "t", "expected", "frozen"), TEAM_EXAMPLES)
def test_four_player_examples(name: str, rules: BeloteRules, t: SideTally,
                              expected: tuple[int, int], frozen: int) -> None:
    result = score_belote_teams(rules, takers=0, tally=t)
    assert result.scores == expected, name
    assert result.facts.frozen == frozen


def test_litige_dedans_option_scores_a_tie_as_dedans() -> None:
    result = score_belote_teams(BeloteRules(litige=Litige.DEDANS), 0, teams((81, 81)))
    assert result.scores == (0, 162) and result.facts.winner_side == 1


def test_takers_capot_dedans_gives_the_defence_252_or_250() -> None:
    t = teams((0, 252), capot_side=1)
    assert score_belote_teams(RULES4, 0, t).scores == (0, 252)
    assert score_belote_teams(BeloteRules(capot_points=250), 0, t).scores == (0, 250)


def test_belote_prenable_in_classic() -> None:
    t = teams((70, 92), belote=(20, 0))
    assert score_belote_teams(BeloteRules(belote_prenable=True), 0, t).scores == (0, 182)


def test_round_to_10_in_classic() -> None:
    assert score_belote_teams(BeloteRules(round_to_10=True), 0, teams((95, 67))).scores == (
        100, 70)


def each(points: tuple[int, int, int]) -> SideTally:
    return SideTally(points, (0, 0, 0), (0, 0, 0), (3, 3, 3), None)


RULES3 = BeloteRules(players=3)


@pytest.mark.parametrize(("points", "expected", "frozen"), [
    ((70, 52, 30), (70, 52, 30), 0),
    ((50, 62, 40), (0, 112, 40), 0),
    ((50, 55, 57), (0, 55, 107), 0),
    ((40, 61, 61), (0, 61, 61), 40),
])
def test_three_player_examples(points: tuple[int, int, int], expected: tuple[int, ...],
                               frozen: int) -> None:
    result = score_belote_each(RULES3, taker=0, tally=each(points))
    assert result.scores == expected
    assert result.facts.frozen == frozen


def test_three_player_litige_hold_and_dedans() -> None:
    hold = score_belote_each(RULES3, 0, each((60, 60, 40)))
    assert hold.scores == (0, 60, 40) and hold.facts.frozen == 60
    lost = score_belote_each(BeloteRules(players=3, litige=Litige.DEDANS), 0, each((60, 60, 40)))
    assert lost.scores == (0, 60, 40) and lost.facts.frozen == 0


def test_undertrump_defaults_by_player_count() -> None:
    assert BeloteRules().undertrump is Undertrump.MUST
    assert BeloteRules(players=3).undertrump is Undertrump.OPTIONAL
    assert BeloteRules(players=2).undertrump is Undertrump.OPTIONAL
    assert BeloteRules(players=3, undertrump=Undertrump.MUST).undertrump is Undertrump.MUST


# --- the deal -------------------------------------------------------------------------

def test_four_player_deal_retourne_and_second_deal() -> None:
    deck = list(DECK32)
    deal, _ = BeloteDeal.from_deck(RULES4, deck, dealer=3)
    assert [len(h) for h in deal.hands] == [5, 5, 5, 5]
    assert deal.retourne == deck[20]
    assert deal.current_player == 0
    deal, _ = deal.apply(Pass())
    deal, _ = deal.apply(Take())  # seat 1 takes
    assert deal.phase is Phase.PLAY and deal.taker == 1
    assert [len(h) for h in deal.hands] == [8, 8, 8, 8]
    assert deck[20] in deal.hands[1]
    assert deal.trump is not None and deal.trump.suit == deck[20].suit
    assert deal.current_player == 0  # the dealer's right leads


def test_second_round_names_another_suit_and_two_rounds_of_passes_void() -> None:
    deal, _ = BeloteDeal.new(RULES4, seed=5, dealer=0)
    assert deal.retourne is not None
    for _ in range(4):
        deal, _ = deal.apply(Pass())
    assert deal.round == 2
    with pytest.raises(IllegalAction, match=r"^illegal.second_round_other_suit\b"):
        deal.apply(ChooseTrump(deal.retourne.suit))
    with pytest.raises(IllegalAction):
        deal.apply(Take())
    other = next(s for s in Suit if s != deal.retourne.suit)
    taken, _ = deal.apply(ChooseTrump(other))
    assert taken.trump is not None and taken.trump.suit == other
    for _ in range(4):
        deal, _ = deal.apply(Pass())
    assert deal.is_over and deal.void


def test_round2_same_suit_option() -> None:
    deal, _ = BeloteDeal.new(BeloteRules(round2_same_suit_allowed=True), seed=5)
    assert deal.retourne is not None
    for _ in range(4):
        deal, _ = deal.apply(Pass())
    assert ChooseTrump(deal.retourne.suit) in deal.legal_actions()


@pytest.mark.parametrize("players", [2, 3])
def test_few_players_deal_nine_cards_keep_the_retourne_and_show_the_bergere(players: int) -> None:
    deck = list(DECK32)
    deal, _ = BeloteDeal.from_deck(BeloteRules(players=players), deck, dealer=0)
    assert all(len(h) == 6 for h in deal.hands)
    retourne = deck[6 * players]
    for _ in range(players):
        deal, _ = deal.apply(Pass())
    other = next(s for s in Suit if s != retourne.suit)
    deal, _ = deal.apply(ChooseTrump(other))  # round 2: no exchange of the seven
    assert deal.phase is Phase.PLAY
    assert all(len(h) == 9 for h in deal.hands)
    assert all(retourne not in h for h in deal.hands)
    assert deal.bergere == deck[6 * players + 1 + 3 * players + (32 - 9 * players - 2)]
    assert deal.bergere == deck[-1]


def _deck_with_seven_of_trump_at(players: int, position: int) -> list:  # type: ignore[type-arg]
    """A deck whose retourne is the ♠A and whose ♠7 is dealt at ``position``."""
    deck = [c for c in DECK32 if c not in (card(Suit.SPADES, Rank.ACE),
                                           card(Suit.SPADES, Rank.SEVEN))]
    deck.insert(position, card(Suit.SPADES, Rank.SEVEN))
    deck.insert(6 * players, card(Suit.SPADES, Rank.ACE))
    return deck


def test_seven_of_trump_exchange_at_three_players() -> None:
    rules = BeloteRules(players=3)
    deal, _ = BeloteDeal.from_deck(rules, _deck_with_seven_of_trump_at(3, 0), dealer=2)
    seven, ace = card(Suit.SPADES, Rank.SEVEN), card(Suit.SPADES, Rank.ACE)
    assert deal.retourne == ace and seven in deal.hands[0]
    deal, _ = deal.apply(Take())
    assert deal.phase is Phase.EXCHANGE and deal.current_player == 0
    kept, _ = deal.apply(Pass())
    assert kept.phase is Phase.PLAY and seven in kept.hands[0]
    swapped, _ = deal.apply(ExchangeSeven())
    assert ace in swapped.hands[0] and seven not in swapped.hands[0]
    assert swapped.retourne == seven and swapped.current_player == 0


def test_random_classic_deal_plays_out() -> None:
    deal, _ = BeloteDeal.new(RULES4, seed=11, dealer=0)
    deal, _ = deal.apply(Take())
    while not deal.is_over:
        deal, _ = deal.apply(next(a for a in deal.legal_actions() if isinstance(a, PlayCard)))
    assert sum(t.points for t in deal.tricks) == 162
    assert deal.result() is not None
