"""Deal numbers and saves are a promise to the player: a deal number typed on the
new-game screen deals the same hands for ever, and a saved match of version 1 replays
to the same scores.  The hands below were written down once (tests/data/); a change to
the shuffle or to the seeds' derivation fails here, and then needs a save-version
migration (docs/storage.md)."""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from game.engine.match import SAVE_VERSION, AnyRules, Match
from game.engine.rules import BeloteRules, CoincheRules, ExcuseLastTrick, Layout, TarotRules
from game.storage import Storage

DATA = Path(__file__).resolve().parent / "data"
PINNED: dict[str, Any] = json.loads((DATA / "pinned_deals.json").read_text(encoding="utf-8"))
TWO_PLAYER: dict[str, AnyRules] = {
    "coinche-2": CoincheRules(players=2),
    "coinche-2-decouverte": CoincheRules(players=2, layout=Layout.DECOUVERTE),
    "belote-2-decouverte": BeloteRules(players=2, layout=Layout.DECOUVERTE),
}
TABLES: dict[str, AnyRules] = {
    "belote-4": BeloteRules(), "belote-3": BeloteRules(players=3),
    "belote-2": BeloteRules(players=2), "coinche-4": CoincheRules(),
    "tarot-3": TarotRules(players=3), "tarot-4": TarotRules(players=4),
    "tarot-5": TarotRules(players=5),
    **TWO_PLAYER,
}


def codes(cards: Any) -> str:
    return " ".join(str(c) for c in cards)


@pytest.mark.parametrize("table", TABLES)
def test_a_deal_number_deals_the_hands_written_down(table: str) -> None:
    rules = TABLES[table]
    assert set(PINNED[table]["deals"]) == {"1", "7", "123456789", "999999998"}
    for number, pinned in PINNED[table]["deals"].items():
        match, _ = Match.new(rules, 1, first_deal=int(number))
        deal: Any = match.deal
        assert match.dealer == pinned["dealer"] == int(number) % rules.players
        assert [codes(hand) for hand in deal.hands] == pinned["hands"]
        if table in TWO_PLAYER:  # the piles' face-down cards, or the twelve aside
            assert laid_aside(deal) == pinned["aside"]
            assert str(getattr(deal, "retourne", None)) == str(pinned["retourne"])
        elif rules.game == "tarot":
            assert codes(deal.chien) == pinned["chien"]
        elif rules.game == "belote":
            assert str(deal.retourne) == pinned["retourne"]
            assert codes(deal.stock) == pinned["stock"]  # the rest, the bergère last
        else:  # coinche deals every card at once
            assert (pinned["retourne"], pinned["stock"]) == (None, "")


@pytest.mark.parametrize("table", TABLES)
def test_a_match_seed_gives_the_deal_numbers_written_down(table: str) -> None:
    match, _ = Match.new(TABLES[table], 42)
    pinned = PINNED[table]["match_seed_42"]
    assert (match.deal_number(), match.dealer) == (pinned["first_deal_number"],
                                                   pinned["dealer"])


def laid_aside(deal: Any) -> str | list[str]:
    """The cards a two-player deal keeps out of the hands: the découverte's face-down
    cards (per seat, pile by pile), the contrée à deux's twelve aside."""
    if deal.piles:
        return [codes(down for _, down in piles) for piles in deal.piles]
    return codes(deal.undealt)


# Version 2 saves of the two-player tables: two deals by the Confirmé in every seat
# (match seed 2024); the totals and the deals' numbers when they were written.
V2_SAVES = {
    "coinche-2": ((185, 255), (879270029, 143356360)),
    "coinche-2-decouverte": ((251, 303), (879270029, 143356360)),
    "belote-2-decouverte": ((151, 193), (879270029, 143356360)),
}


@pytest.mark.parametrize("table", V2_SAVES)
def test_a_version_2_save_of_a_two_player_table_replays_to_its_scores(
    table: str, tmp_path: Path
) -> None:
    shutil.copy(DATA / "saves" / f"{table}.v2.json", tmp_path / "match.json")
    data = json.loads((tmp_path / "match.json").read_text(encoding="utf-8"))
    assert data["match"]["version"] == 2 == SAVE_VERSION
    saved = Storage(tmp_path).load_match()
    assert saved is not None
    totals, seeds = V2_SAVES[table]
    assert saved.match.rules == TABLES[table]
    assert saved.match.totals == totals
    assert tuple(record.seed for record in saved.match.history) == seeds
    assert saved.levels == ("", "confirme")


# Each save: two deals played by the Confirmé in every seat (match seed 2024), saved by
# version 1 of the format; the totals and the deals' numbers as they were then.
SAVES = {
    "belote-4": ((235, 169), (879270029, 143356362)),
    "belote-3": ((56, 77, 256), (143356360, 203827847)),
    "belote-2": ((55, 267), (879270029, 203827844)),
    "coinche-4": ((272, 302), (879270029, 143356362)),
    "tarot-3": ((170, -190, 20), (21414489, 272317279)),
    "tarot-4": ((-101, 23, -101, 179), (203827847, 605815932)),
    "tarot-5": ((-51, -7, 188, -7, -123), (879270025, 143356361)),
}


@pytest.mark.parametrize("table", SAVES)
def test_a_version_1_save_replays_to_its_scores(table: str, tmp_path: Path) -> None:
    shutil.copy(DATA / "saves" / f"{table}.v1.json", tmp_path / "match.json")
    saved = Storage(tmp_path).load_match()
    assert saved is not None
    totals, seeds = SAVES[table]
    assert saved.match.rules == version_1_rules(TABLES[table])
    assert saved.match.totals == totals
    assert tuple(record.seed for record in saved.match.history) == seeds
    assert saved.levels == ("", *("confirme",) * (TABLES[table].players - 1))


def version_1_rules(rules: AnyRules) -> AnyRules:
    """The rules a version-1 save is read with: at tarot, the Excuse played in the last
    trick went to the trick's winner then."""
    if isinstance(rules, TarotRules):
        return dataclasses.replace(rules, excuse_last_trick=ExcuseLastTrick.TRICK_WINNER)
    return rules


def test_a_version_1_tarot_save_keeps_its_excuse_rule_and_a_new_one_plays_fft() -> None:
    """The three-player save's second deal ends with the Excuse in the last trick: read
    as version 1 it scores as it did then; the same actions saved today (version 2, no
    option written: the default) score the FFT way, the Excuse changing camp."""
    data = json.loads((DATA / "saves" / "tarot-3.v1.json").read_text(encoding="utf-8"))
    old = Match.from_json(data["match"])
    assert old.rules.excuse_last_trick is ExcuseLastTrick.TRICK_WINNER
    assert old.totals == SAVES["tarot-3"][0]
    today = Match.from_json(data["match"] | {"version": SAVE_VERSION})
    assert today.rules.excuse_last_trick is ExcuseLastTrick.CHANGES_CAMP
    assert today.totals == (150, -210, 60)
    assert Match.from_json(old.to_json()).totals == old.totals  # saved again, still the same
