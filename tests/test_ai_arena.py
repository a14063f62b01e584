"""The arena: duplicate deals, reproducible whatever the number of processes."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from bench.arena import Setup, Tally, Variant, _count_doublings, main, play_deals, play_to_end
from game.ai import Level
from game.engine.actions import Bid, Coinche, Surcoinche
from game.engine.cards import Suit
from game.engine.coinche import CoincheDeal
from game.engine.deal_scoring import TrickFacts
from game.engine.match import new_deal_state
from game.engine.rules import BeloteRules, CoincheRules, TarotRules

FIGURES = ("mean_a_minus_b", "ci95", "deals_won_by_a", "void_plays", "matches_won_by_a")


def test_the_figures_do_not_depend_on_the_number_of_processes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["--game", "coinche", "--deals", "6", "--matches", "1", "--seed", "4"]
    alone = main([*args, "--jobs", "1"])
    last_line = capsys.readouterr().out.strip().splitlines()[-1]
    assert json.loads(last_line)["deals"] == 6  # the report ends with one JSON line
    shared = main([*args, "--jobs", "2"])
    assert {k: alone[k] for k in FIGURES} == {k: shared[k] for k in FIGURES}
    assert alone["matches"] == 2  # one match per seating


def test_the_same_player_on_both_sides_scores_exactly_even() -> None:
    """Duplicate: same cards, same dealer, seats swapped; a deterministic player
    against itself makes every difference cancel."""
    for rules in (CoincheRules(), BeloteRules(players=3)):
        tally = play_deals(Setup(rules, Level.CONFIRME, Level.CONFIRME, 1), range(5))
        assert tally.deal_diffs == [0.0] * 5


def test_common_random_numbers_make_a_random_player_even_with_itself() -> None:
    """The Débutant draws from its generator: against itself it differs between the
    seatings unless each seat's generator is the same in every seating."""
    for rules in (CoincheRules(), BeloteRules(players=3)):
        apart = play_deals(Setup(rules, Level.DEBUTANT, Level.DEBUTANT, 1), range(6))
        common = play_deals(Setup(rules, Level.DEBUTANT, Level.DEBUTANT, 1,
                                  common_rngs=True), range(6))
        assert any(diff != 0.0 for diff in apart.deal_diffs)
        assert common.deal_diffs == [0.0] * 6


def test_the_better_player_wins_a_short_duplicate() -> None:
    tally = play_deals(Setup(BeloteRules(), Level.CONFIRME, Level.DEBUTANT, 2), range(30))
    assert sum(tally.deal_diffs) > 0


def test_random_legal_play_is_a_baseline_that_debutant_beats(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = main(["--game", "belote", "--players", "2", "--a", "debutant", "--b", "random",
                 "--deals", "20", "--seed", "3"])
    assert data["b"] == "random" and data["deals"] == 20
    assert data["mean_a_minus_b"] > 0
    capsys.readouterr()


def test_one_bidder_for_every_seat_fixes_the_contract_across_seatings() -> None:
    """``--bidding``: the same contract in both seatings, so only the card play differs
    (without it, Débutant and Confirmé bid the same cards differently)."""
    differed = False
    for seed in range(8):
        contracts = {}
        for bidder in (Level.CONFIRME, None):
            setup = Setup(CoincheRules(), Level.DEBUTANT, Level.CONFIRME, seed, bidder)
            seen = []
            for a_seats in setup.seatings:
                rngs = [random.Random(seat) for seat in range(4)]
                start, _ = new_deal_state(setup.rules, seed, seed % 4)
                final = play_to_end(start, a_seats, setup, rngs, Tally())
                seen.append((final.taker, final.contract, final.coinche_level))
            contracts[bidder] = seen
        assert contracts[Level.CONFIRME][0] == contracts[Level.CONFIRME][1]
        differed |= contracts[None][0] != contracts[None][1]
    assert differed


def test_a_level_served_by_another_tree_plays_as_the_local_one() -> None:
    """``level@rev`` (``bench/revision.py``): the level's code runs in a server process
    importing another tree (here this one), the seat's random generator carried there and
    back: the same seeded deals give the same figures as the local level."""
    from bench.arena import Variant
    from bench.revision import ROOT, decide_in

    def served(state: Any, seat: int, rng: random.Random) -> Any:
        return decide_in(ROOT, "debutant", state.view(seat), rng)

    rules = CoincheRules()
    local = play_deals(Setup(rules, Level.DEBUTANT, Level.CONFIRME, 3), range(3))
    remote = play_deals(Setup(rules, Variant("debutant@here", served), Level.CONFIRME, 3),
                        range(3))
    assert remote.deal_diffs == local.deal_diffs
    assert len(set(local.deal_diffs)) > 1  # the beginner's random choices matter here


def test_a_revisions_cards_cross_as_the_decks_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine compares some cards by identity (``c is EXCUSE``).  A revision from
    before the cards pickled as the deck's own (no ``__reduce__``) sends equal copies:
    the arena's end of the pipe (and the server's) loads them as the deck's cards."""
    import io
    import pickle

    from bench.revision_server import load
    from game.engine.cards import DECK32, Card
    from game.engine.tarot import TarotDeal
    from game.engine.tarot_cards import DECK78, TarotCard

    tarot, _ = TarotDeal.new(TarotRules(players=5), 4, 0)
    coinche, _ = CoincheDeal.new(CoincheRules(), 4, 0)
    for cls in (TarotCard, Card):  # pickled as such a revision does
        monkeypatch.setattr(cls, "__reduce__", tuple.__reduce__)
    for view, deck in ((tarot.view(1), DECK78), (coinche.view(1), DECK32)):
        sent = pickle.dumps(view, protocol=pickle.HIGHEST_PROTOCOL)
        assert not all(any(c is mine for mine in deck) for c in pickle.loads(sent).hand)
        loaded = load(io.BytesIO(sent))
        assert loaded == view
        assert all(any(card is mine for mine in deck) for card in loaded.hand)


@pytest.mark.kernel
def test_a_tarot_level_served_by_another_tree_plays_as_the_local_one() -> None:
    """At tarot too (the cards compared by identity there): the Expert's five-player
    deals, served, score exactly as the local Expert's."""
    from bench.arena import Variant
    from bench.revision import ROOT, decide_in

    def served(state: Any, seat: int, rng: random.Random) -> Any:
        return decide_in(ROOT, "expert", state.view(seat), rng, None)

    rules = TarotRules(players=5)
    local = play_deals(Setup(rules, Level.EXPERT, Level.CONFIRME, 3, think=None), [1])
    remote = play_deals(Setup(rules, Variant("expert@here", served), Level.CONFIRME, 3,
                              think=None), [1])
    assert remote.deal_diffs == local.deal_diffs


def test_the_coinches_and_surcoinches_are_counted_by_side_with_whether_they_were_right(
) -> None:
    deal, _ = CoincheDeal.new(CoincheRules(), 3, dealer=2)  # seat 3 speaks first
    coinched, _ = deal.apply(Bid(100, Suit.SPADES))
    coinched, _ = coinched.apply(Coinche())  # seat 0
    surcoinched, _ = coinched.apply(Surcoinche())  # seat 1, the takers' side
    tally = Tally()
    facts = TrickFacts(outcome="made", made=True, taker=1, tricks_won=(3, 5), capot_side=None)
    result: Any = type("Result", (), {"facts": facts})()
    for a_seats in ((0, 2), (1, 3)):
        _count_doublings(surcoinched, result, a_seats, tally)
    assert tally.doublings == {"a_coinche": [1, 0], "b_coinche": [1, 0],  # made: wrong
                               "a_surcoinche": [1, 1], "b_surcoinche": [1, 1]}  # right
    merged = Tally()
    merged.merge(tally)
    merged.merge(tally)
    assert merged.doublings["a_coinche"] == [2, 0]


def test_the_running_figures_are_printed_every_so_many_deals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--progress K``: after every K deals, the mean and CI of the deals so far (the
    last of them the run's own figures)."""
    data = main(["--game", "belote", "--a", "confirme", "--b", "debutant", "--deals", "6",
                 "--seed", "2", "--progress", "3"])
    running = [line for line in capsys.readouterr().out.splitlines()
               if line.startswith("  after ")]
    assert [line.split(" deals:")[0] for line in running] == ["  after 3", "  after 6"]
    low, high = data["ci95"]
    assert running[-1].endswith(f"{data['mean_a_minus_b']:+.2f} (95% CI {low:+.2f} .. "
                                f"{high:+.2f})")
    with pytest.raises(SystemExit):
        main(["--deals", "2", "--progress", "1", "--jobs", "2"])


def test_a_revision_s_core_is_built_in_its_tree_or_the_run_refuses(tmp_path: Path) -> None:
    """A revision's tree holds no built core (git ignores it): ``build_core`` builds it,
    or stops the run, rather than let the revision play its Python path unsaid."""
    from bench.revision import build_core

    (tmp_path / "game" / "core").mkdir(parents=True)
    build_core(tmp_path)  # from before the core: nothing to build
    (tmp_path / "setup.py").write_text("import sys\nsys.exit('no compiler here')\n")
    with pytest.raises(RuntimeError, match="no compiler here"):
        build_core(tmp_path)
    (tmp_path / "setup.py").write_text(
        "from pathlib import Path\nPath('game/core/_trick32.so').write_text('built')\n")
    build_core(tmp_path)
    assert (tmp_path / "game" / "core" / "_trick32.so").read_text() == "built"
    (tmp_path / "setup.py").write_text("import sys\nsys.exit('built twice')\n")
    build_core(tmp_path)  # built already: not again


def test_a_tuned_tarot_expert_plays_in_the_arena_by_its_name() -> None:
    from bench.arena import parse_player

    player = parse_player("expert:tail=4", None)
    assert isinstance(player, Variant) and player.name == "expert:tail=4"
    with pytest.raises(ValueError, match="unknown setting"):
        parse_player("expert:depth=3", None)
