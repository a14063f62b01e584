"""``bench/tarot_card_play.py``: a level's card play at one seat against the Confirmé's."""

from __future__ import annotations

import random

import pytest

from bench.core_tarot import reach_positions
from bench.tarot_card_play import main, player_of, tuned
from game.ai import Level, tarot_search
from game.ai.tarot_endgame import OverBudget
from game.core import compiled
from game.core.tarot import CompiledTable
from tests.test_ai_tarot_expert import positions


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


def test_a_tuned_expert_sets_its_search_and_refuses_an_unknown_setting() -> None:
    """``expert:tail=K,worlds=N``: the Expert's card search with so many worlds and
    its play-outs solved from K cards a hand (0: played to the end)."""
    variant = tuned("expert:tail=2,worlds=3", None)
    assert variant.name == "expert:tail=2,worlds=3"
    source = variant.choose.args[0]  # type: ignore[attr-defined]
    view = next(deal.view(deal.current_player) for deal in positions(4, 6, seed=3)
                if deal.current_player is not None
                and len(deal.view(deal.current_player).hand) > 2)
    search = source(view, random.Random(0), 16)
    assert search.cap == 3
    assert search.tail_tricks()[4] == 2
    assert isinstance(player_of("expert", None), Level)
    with pytest.raises(ValueError):
        tuned("expert:depth=3", None)


@pytest.mark.skipif(compiled("tarot") is None, reason="game.core._tarot is not built")
def test_a_tuned_expert_sets_its_endgame_reach_and_its_positions_a_world() -> None:
    """``reach=R,nodes=M``: the worlds solved exactly from R tricks left, each world's
    solves sharing a table of at most M positions (one: spent at its first solve)."""
    [deal] = reach_positions(4, 3, 1, seed=5)  # three tricks left: a solve of a few positions
    assert deal.current_player is not None
    view = deal.view(deal.current_player)
    tight, roomy = (tuned(name, None).choose.args[0](view, random.Random(0), 4)  # type: ignore[attr-defined]
                    for name in ("expert:reach=6,nodes=1", "expert:reach=6"))
    assert tight.endgame_reach()[4] == 6
    assert roomy.endgame_reach()[4] == 6
    tight.draw_all()
    world, card = tight.worlds[0], tight.cards[0]
    for search in (tight, roomy):
        search._table = search._world_table(world)
        assert isinstance(search._table, CompiledTable)
    with pytest.raises(OverBudget):
        tight._solved(world, card)
    assert roomy._solved(world, card) == tarot_search.solved(view, world, card)
