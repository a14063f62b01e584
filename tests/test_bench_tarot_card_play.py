"""``bench/tarot_card_play.py``: a level's card play at one seat against the Confirmé's."""

from __future__ import annotations

from bench.tarot_card_play import main


def test_the_confirme_against_itself_differs_nowhere() -> None:
    data = main(["--players", "4", "--a", "confirme", "--b", "confirme", "--deals", "6",
                 "--seed", "3"])
    for role in ("taker", "defence"):
        assert data[role]["a_minus_confirme"] == data[role]["a_minus_b"] == 0.0
    assert data["taker"]["seats"] * 3 == data["defence"]["seats"] > 0  # one taker a deal


def test_a_weaker_card_play_shows_against_the_confirme() -> None:
    data = main(["--players", "4", "--a", "confirme", "--b", "random", "--deals", "8",
                 "--seed", "3"])
    assert data["taker"]["b_minus_confirme"] < 0 < data["taker"]["a_minus_b"]


def test_at_five_the_called_partner_is_a_role_of_its_own() -> None:
    data = main(["--players", "5", "--a", "confirme", "--b", "confirme", "--deals", "4",
                 "--seed", "3"])
    taking = data["taker"]["seats"]
    assert 0 < data["partner"]["seats"] <= taking  # one partner a deal, none when alone
    assert data["partner"]["seats"] + data["defence"]["seats"] == 4 * taking
    assert data["partner"]["a_minus_b"] == 0.0


def test_only_the_roles_asked_are_played() -> None:
    every = main(["--players", "5", "--a", "confirme", "--b", "random", "--deals", "4",
                  "--seed", "3"])
    partner = main(["--players", "5", "--a", "confirme", "--b", "random", "--deals", "4",
                    "--seed", "3", "--roles", "partner"])
    assert "taker" not in partner and "defence" not in partner
    assert partner["partner"] == every["partner"]  # a seat's play does not hang on the others'
