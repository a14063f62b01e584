"""Statistics per game and player count, from the engine's deal facts and match results."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.engine.actions import CAPOT_BID, Bid
from game.engine.cards import Suit
from game.engine.deal_scoring import TrickFacts
from game.engine.match import AnyRules, Match, deal_scored
from game.engine.protocol import DealResult
from game.engine.rules import BeloteRules, CoincheRules, TarotRules
from game.engine.tarot_scoring import Camp, Contract, TarotFacts
from game.storage import Statistics, Storage
from game.storage.stats import GameStats

TEAMS = ("team_0_2", "team_1_3")
DATA = Path(__file__).parent / "data"
NINETY_HEARTS = Bid(90, Suit.HEARTS)


def coinche_result(
    takers: int, made: bool, level: int = 0, contract: Bid = NINETY_HEARTS,
    capot: int | None = None,
) -> DealResult:
    winner = takers if made else 1 - takers
    facts = TrickFacts(
        outcome="made" if made else "failed", made=made, taker=takers, tricks_won=(4, 4),
        capot_side=capot, coinche_level=level, bid=contract, winner_side=winner,
    )
    return DealResult(TEAMS, (100, 62), (), "made" if made else "failed", facts)


def test_coinche_deals_from_the_players_side() -> None:
    stats = Statistics()
    stats.record_deal("coinche", 4, coinche_result(0, True), seat=2)  # partner took, made
    capot = Bid(CAPOT_BID, Suit.SPADES)
    stats.record_deal("coinche", 4, coinche_result(0, False, contract=capot), seat=0)
    stats.record_deal("coinche", 4, coinche_result(1, False, level=1), seat=0)  # coinche won
    stats.record_deal("coinche", 4, coinche_result(1, True, level=1), seat=0)  # coinche lost
    stats.record_deal("coinche", 4, coinche_result(0, True, level=2, capot=0), seat=0)
    stats.record_deal("coinche", 4, coinche_result(1, True, capot=1), seat=0)  # capot against
    got = stats.of("coinche", 4)
    assert (got.deals_played, got.deals_won) == (6, 3)
    assert got.contracts_taken == {"90": 2, "capot": 1}
    assert got.contracts_made == {"90": 2}
    assert (got.capots, got.coinches_won, got.chelems) == (1, 2, 0)
    assert stats.of("coinche", 4) is not stats.of("belote", 4)
    assert stats.of("belote", 4) == GameStats()


def belote_each_result(taker: int, outcome: str, winner: int | None) -> DealResult:
    facts = TrickFacts(
        outcome=outcome, taker=taker, winner_side=winner, tricks_won=(3, 3, 2),
        capot_side=None, made=outcome == "passe",
    )
    return DealResult(("player_0", "player_1", "player_2"), (80, 40, 42), (), outcome, facts)


def test_three_players_each_for_himself() -> None:
    stats = Statistics()
    stats.record_deal("belote", 3, belote_each_result(1, "passe", 1), seat=1)
    stats.record_deal("belote", 3, belote_each_result(1, "dedans", 0), seat=0)  # seat 0 won
    stats.record_deal("belote", 3, belote_each_result(2, "litige", None), seat=0)
    got = stats.of("belote", 3)
    assert (got.deals_played, got.deals_won) == (3, 2)
    assert got.contracts_taken == {"belote": 1} and got.contracts_made == {"belote": 1}
    assert stats.of("belote", 4).deals_played == 0  # another player count


def tarot_result(won: bool, chelem: Camp | None = None) -> DealResult:
    """Five players: seat 2 took a garde and called seat 4."""
    facts = TarotFacts(
        made=won, taker=2, partner=4, contract=Contract.GARDE, points=100, bouts=2,
        per_defender=60, chelem=chelem, chelem_announced=False, petit_au_bout=None,
    )
    sign = 1 if won else -1
    marks = (-60 * sign, -60 * sign, 120 * sign, -60 * sign, 60 * sign)
    return DealResult(tuple(f"player_{s}" for s in range(5)), marks, (), "won", facts)


def test_tarot_deals_from_the_taker_partner_and_defence_seats() -> None:
    stats = Statistics()
    for seat in (2, 4, 0):
        stats.record_deal("tarot", 5, tarot_result(True, Camp.ATTACK), seat)
        stats.record_deal("tarot", 5, tarot_result(False), seat)
        stats.record_deal("tarot", 5, tarot_result(False, Camp.DEFENCE), seat)
    got = stats.of("tarot", 5)
    assert got.deals_played == 9
    assert got.deals_won == 1 + 1 + 2  # taker and partner won one, the defender two
    assert got.chelems == 1 + 1 + 1
    assert got.contracts_taken == {"garde": 3}  # only as the taker
    assert got.contracts_made == {"garde": 1}
    assert got.coinches_won == got.capots == 0


def test_matches_best_score_and_undo_mark() -> None:
    stats = Statistics()
    stats.record_match("coinche", 4, (2010, 1500), 0, seat=2)
    stats.record_match("coinche", 4, (900, 2100), 1, seat=0, undo_used=True)
    got = stats.of("coinche", 4)
    assert (got.matches_played, got.matches_won, got.matches_with_undo) == (2, 1, 1)
    assert (got.best_match_score, got.best_match_used_undo) == (2010, False)
    stats.record_match("coinche", 4, (2500, 1000), 0, seat=0, undo_used=True)
    got = stats.of("coinche", 4)
    assert (got.best_match_score, got.best_match_used_undo) == (2500, True)


def test_reset_forgets_everything() -> None:
    stats = Statistics()
    stats.record_match("belote", 2, (1000, 300), 0, seat=1)
    stats.reset()
    assert stats == Statistics()


def play_and_record(rules: AnyRules, seed: int, storage: Storage,
                    seats: tuple[int, ...] = (0,)) -> Match:
    """A whole random match, recorded deal by deal as the UI would (for each of
    ``seats``; the match for seat 0)."""
    match, _ = Match.new(rules, seed)
    chooser = random.Random(seed)
    while not match.is_over:
        match, events = match.apply(chooser.choice(match.legal_actions()))
        result = deal_scored(events)
        if result is not None:
            for seat in seats:
                storage.record_deal(rules.game, rules.players, result, seat=seat)
    storage.record_match(rules.game, rules.players, match.totals, match.winner, seat=0)
    return match


# What the two matches of each table (random choices, seeds 1 and 2) came to when this
# test was written, as literals (deals played and won, contracts taken and made by kind,
# matches won, best score): a change to how deals are counted shows here.
RECORDED = {
    "coinche": (2, 1, {"capot": 1}, {}, 1, 1200),
    "belote": (8, 1, {"belote": 5}, {"belote": 1}, 0, 199),
    "tarot": (8, 7, {"garde_contre": 1}, {}, 1, 1404),
}


@pytest.mark.parametrize(
    "rules",
    [CoincheRules(target=500), BeloteRules(players=3, target=300), TarotRules(players=4, deals=4)],
)
def test_whole_matches_recorded_and_reloaded(tmp_path: Path, rules: AnyRules) -> None:
    storage = Storage(tmp_path)
    matches = [play_and_record(rules, seed, storage) for seed in (1, 2)]
    reloaded = Storage(tmp_path)
    assert reloaded.problems == []
    assert reloaded.stats == storage.stats
    got = reloaded.stats.of(rules.game, rules.players)
    assert got.deals_played == sum(len(match.history) for match in matches)
    assert (got.deals_played, got.deals_won, got.contracts_taken, got.contracts_made,
            got.matches_won, got.best_match_score) == RECORDED[rules.game]
    assert got.matches_played == 2


def test_statistics_json_round_trip_and_reset_persisted(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    storage.record_deal("coinche", 4, coinche_result(0, True, level=2, capot=0), seat=0)
    storage.record_match("coinche", 4, (2000, 10), 0, seat=0, undo_used=True)
    assert Statistics.from_json(storage.stats.to_json()) == (storage.stats, [])
    assert Storage(tmp_path).stats == storage.stats
    storage.reset_stats()
    assert Storage(tmp_path).stats == Statistics()


def test_a_wrong_record_is_dropped_and_the_others_kept(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    storage.record_deal("coinche", 4, coinche_result(0, True), seat=0)
    storage.record_match("belote", 4, (1000, 800), 0, seat=0)
    data = json.loads((tmp_path / "stats.json").read_text())
    data["games"]["belote-4"]["deals_won"] = -3
    data["games"]["tarot-4"] = {"contracts_taken": {"garde": "many"}}
    (tmp_path / "stats.json").write_text(json.dumps(data))
    reloaded = Storage(tmp_path)
    assert reloaded.stats.games.keys() == {"coinche-4"}
    assert reloaded.stats.of("coinche", 4) == storage.stats.of("coinche", 4)
    dropped = {p.args["record"] for p in reloaded.take_problems()}
    assert dropped == {"belote-4", "tarot-4"}


@pytest.mark.parametrize("content", ["", "{", '{"version": 1, "games": []}', '{"version": 7}'])
def test_a_bad_stats_file_gives_empty_statistics_and_a_message(
    tmp_path: Path, content: str
) -> None:
    (tmp_path / "stats.json").write_text(content)
    storage = Storage(tmp_path)
    assert storage.stats == Statistics()
    assert len(storage.take_problems()) == 1


def test_the_points_lost_of_analysed_deals_are_kept_newest_last_and_read_back() -> None:
    stats = Statistics()
    for points in (12.34, 0.0, 40.0):
        stats.record_analysis("tarot", 4, points)
    assert stats.of("tarot", 4).points_lost == [12.3, 0.0, 40.0]
    assert stats.of("coinche", 4).points_lost == []
    again, bad = Statistics.from_json(stats.to_json())
    assert bad == [] and again.of("tarot", 4).points_lost == [12.3, 0.0, 40.0]


def test_only_the_last_hundred_analysed_deals_are_kept() -> None:
    stats = Statistics()
    for points in range(130):
        stats.record_analysis("belote", 4, float(points))
    kept = stats.of("belote", 4).points_lost
    assert len(kept) == 100 and kept[0] == 30.0 and kept[-1] == 129.0


@pytest.mark.parametrize("raw", ["12", [1, "2"], [True], [-1.0]])
def test_damaged_points_lost_drop_the_record(raw: object) -> None:
    record = GameStats().to_json()
    record["points_lost"] = raw
    _, bad = Statistics.from_json({"games": {"coinche-4": record}})
    assert bad == ["coinche-4"]


# The tables and seeds of tests/data/stats_before_typed_facts.json: that file was written
# by the statistics of commit ed8d699 (deal facts as name/value pairs), each deal counted
# for every seat of these random matches.
OLD_FILE_TABLES: list[AnyRules] = [
    CoincheRules(target=500), BeloteRules(target=300), BeloteRules(players=3, target=300),
    BeloteRules(players=2, target=300), TarotRules(players=3, deals=4),
    TarotRules(players=4, deals=4), TarotRules(players=5, deals=4),
]


def test_a_file_written_before_the_typed_facts_loads_and_counts_alike(tmp_path: Path) -> None:
    """The typed deal facts keep the file's contract kinds ("140", "capot", "garde_sans",
    "belote"...): the old file loads whole, and the same matches counted now give it."""
    old = DATA / "stats_before_typed_facts.json"
    (tmp_path / "old").mkdir()
    (tmp_path / "old" / "stats.json").write_text(old.read_text(encoding="utf-8"))
    loaded = Storage(tmp_path / "old")
    assert loaded.problems == []
    assert loaded.stats.of("coinche", 4).contracts_taken == {"capot": 4, "140": 2}
    assert loaded.stats.of("tarot", 3).contracts_taken == {"garde_sans": 3, "garde_contre": 9}
    now = Storage(tmp_path / "now")
    for rules in OLD_FILE_TABLES:
        for seed in (1, 2, 3):
            play_and_record(rules, seed, now, seats=tuple(range(rules.players)))
    assert now.stats == loaded.stats
