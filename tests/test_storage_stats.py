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
from game.engine.rules import BeloteRules, CoincheRules, Layout, TarotRules
from game.engine.tarot_scoring import Camp, Contract, TarotFacts
from game.storage import Statistics, Storage
from game.storage.stats import BY_KIND, COUNTERS, GameStats, layout_of

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
                storage.record_deal(rules.game, rules.players, result, seat=seat,
                                    layout=layout_of(rules))
    storage.record_match(rules.game, rules.players, match.totals, match.winner, seat=0,
                         layout=layout_of(rules))
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


def test_the_decouverte_is_counted_apart_from_the_game_held_in_the_hand(
        tmp_path: Path) -> None:
    """A découverte deal or match goes to its own record ("belote-2-decouverte"), never
    into belote at two with hands, and back from the file the same."""
    storage = Storage(tmp_path)
    storage.record_deal("coinche", 2, coinche_result(0, True), 0, Layout.DECOUVERTE)
    storage.record_match("coinche", 2, (1200, 300), 0, 0, layout=Layout.DECOUVERTE)
    storage.record_deal("coinche", 2, coinche_result(1, False), 0)
    storage.record_undo("coinche", 2, Layout.DECOUVERTE)
    storage.record_abandoned("coinche", 2, Layout.DECOUVERTE)
    storage.record_analysis("coinche", 2, 12.0, Layout.DECOUVERTE)
    storage.record_par("coinche", 2, -4.0, Layout.DECOUVERTE)
    assert set(storage.stats.games) == {"coinche-2", "coinche-2-decouverte"}
    apart = storage.stats.of("coinche", 2, Layout.DECOUVERTE)
    hand = storage.stats.of("coinche", 2)
    assert (apart.deals_played, apart.deals_won, apart.matches_played, apart.undos,
            apart.matches_abandoned, apart.points_lost, apart.par_differences) == \
        (1, 1, 1, 1, 1, [12.0], [-4.0])
    assert (hand.deals_played, hand.deals_won, hand.matches_played, hand.undos) == (1, 1, 0, 0)
    assert hand.contracts_taken == {} and apart.contracts_taken == {"90": 1}
    assert Storage(tmp_path).stats == storage.stats
    assert layout_of(BeloteRules(players=2, layout=Layout.DECOUVERTE)) is Layout.DECOUVERTE
    assert layout_of(BeloteRules(players=2)) is layout_of(TarotRules()) is Layout.HAND


# The tables and seeds of tests/data/stats_before_decouverte_apart.json: that file was
# written by the statistics of commit 7eb712e, which counted the découverte with the game
# held in the hand ("belote-2", "coinche-2"), each deal for both seats.
TWO_PLAYER_TABLES: list[AnyRules] = [
    BeloteRules(players=2, target=300),
    BeloteRules(players=2, target=300, layout=Layout.DECOUVERTE),
    CoincheRules(players=2, target=300),
    CoincheRules(players=2, target=300, layout=Layout.DECOUVERTE),
]


def test_a_file_written_before_the_decouverte_was_kept_apart_loses_nothing(
        tmp_path: Path) -> None:
    """The old file loads whole, every record as it was written; the same matches counted
    now are kept apart, the hand's and the découverte's adding up to the old record; a
    découverte deal counted after loading leaves the old record as it was."""
    old = json.loads((DATA / "stats_before_decouverte_apart.json").read_text(encoding="utf-8"))
    assert set(old["games"]) == {"belote-2", "coinche-2"}
    (tmp_path / "old").mkdir()
    (tmp_path / "old" / "stats.json").write_text(json.dumps(old), encoding="utf-8")
    loaded = Storage(tmp_path / "old")
    assert loaded.problems == []
    assert loaded.stats.to_json()["games"] == old["games"]
    now = Storage(tmp_path / "now")
    for rules in TWO_PLAYER_TABLES:
        for seed in (1, 2):
            play_and_record(rules, seed, now, seats=(0, 1))
    assert set(now.stats.games) == {"belote-2", "belote-2-decouverte", "coinche-2",
                                    "coinche-2-decouverte"}
    for game in ("belote", "coinche"):
        mixed = loaded.stats.of(game, 2)
        hand, apart = now.stats.of(game, 2), now.stats.of(game, 2, Layout.DECOUVERTE)
        assert hand.deals_played > 0 and apart.deals_played > 0
        for name in COUNTERS:
            assert getattr(mixed, name) == getattr(hand, name) + getattr(apart, name), name
        for name in BY_KIND:
            both = {kind: getattr(hand, name).get(kind, 0) + getattr(apart, name).get(kind, 0)
                    for kind in {*getattr(hand, name), *getattr(apart, name)}}
            assert getattr(mixed, name) == {k: n for k, n in both.items() if n}, name
    before = loaded.stats.of("belote", 2)
    facts = TrickFacts(outcome="passe", made=True, taker=0, tricks_won=(10, 6),
                       capot_side=None, winner_side=0)
    result = DealResult(("player_0", "player_1"), (100, 62), (), "passe", facts)
    loaded.record_deal("belote", 2, result, 0, Layout.DECOUVERTE)
    again = Storage(tmp_path / "old")
    assert again.stats.of("belote", 2) == before
    assert again.stats.of("belote", 2, Layout.DECOUVERTE).deals_played == 1
