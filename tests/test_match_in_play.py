"""The match in progress and its one owner: undo and redo move between kept states (no
replay), a new action forgets what was left to redo, the recorder hears every change,
and a resumed match shows the same deal as the match it was saved from."""

from __future__ import annotations

import random

import pytest

from game.engine.match import Match, NewDeal
from game.engine.protocol import Event
from game.engine.rules import CoincheRules, TarotRules
from game.match_in_play import MatchInPlay
from tests.kill_driver import next_action


class Heard:
    """A recorder that writes down what it is told."""

    def __init__(self, undo_allowed: bool = True) -> None:
        self.undo_allowed = undo_allowed
        self.told: list[tuple[str, Match]] = []

    def on_action(self, match: Match) -> None:
        self.told.append(("action", match))

    def on_undo(self, match: Match) -> None:
        self.told.append(("undo", match))


def played(play: MatchInPlay, actions: int, seed: int = 5) -> list[Match]:
    """Random legal moves through ``play``; every state it went through, the first one
    included."""
    rng = random.Random(seed)
    states = [play.match]
    while len(play.match.actions) < actions:
        play.apply(rng.choice(play.match.legal_actions()))
        states.append(play.match)
    return states


def test_undo_goes_back_to_the_kept_state_just_before_the_seats_last_action() -> None:
    play = MatchInPlay.new(CoincheRules(), 11)
    assert play.undo(0) is None, "nobody has acted yet"
    states = played(play, 25)
    undone = play.undo(2)
    assert undone is not None and undone.current_player == 2
    last = max(i for i, m in enumerate(states[:-1]) if m.current_player == 2)
    assert undone is states[last]  # the very state kept, not a replay of it
    replayed = Match.replay(CoincheRules(), 11, undone.actions)
    assert replayed.to_json() == undone.to_json() and len(undone.actions) == last


def test_redo_comes_back_to_where_each_undo_left_from_and_an_action_forgets_it() -> None:
    play = MatchInPlay.new(CoincheRules(), 11)
    states = played(play, 30)
    assert not play.can_redo and play.redo() is None
    first = play.undo(1)
    second = play.undo(1)
    assert first is not None and second is not None
    assert len(second.actions) < len(first.actions) < len(states[-1].actions)
    assert play.redo() is first
    assert play.redo() is states[-1]
    assert play.redo() is None
    play.undo(1)
    play.apply(play.match.legal_actions()[-1])
    assert not play.can_redo and play.redo() is None


def test_the_recorder_hears_every_change_and_may_forbid_undo() -> None:
    heard = Heard()
    play = MatchInPlay.new(CoincheRules(), 3, recorder=heard)
    states = played(play, 12)
    assert heard.told == [("action", m) for m in states[1:]]
    heard.told.clear()
    earlier = play.undo(0)
    later = play.redo()
    assert earlier is not None and heard.told == [("undo", earlier), ("action", later)]
    play.undo(0)
    heard.undo_allowed = False
    assert play.undo(0) is None and play.redo() is None
    heard.undo_allowed = True  # the settings allow it again: the redo is still there
    assert play.redo() is later


def test_undo_is_refused_once_the_match_is_over() -> None:
    play = MatchInPlay.new(CoincheRules(target=200), 2)
    while not play.match.is_over:
        play.apply(next_action(play.match))
    finished = play.match
    assert play.undo(0) is None and play.match is finished


def replayed_deal_events(match: Match) -> list[Event]:
    """The current deal's events, from a replay of the whole match (as the table did
    before the states were kept)."""
    replay, events = Match.new(match.rules, match.seed, match.first_deal)
    for action in match.actions:
        replay, more = replay.apply(action)
        events.extend(more)
    starts = [i for i, e in enumerate(events) if isinstance(e, NewDeal)]
    return events[starts[-1]:]


@pytest.mark.parametrize("rules", [CoincheRules(), TarotRules(players=5)],
                         ids=["coinche", "tarot5"])
def test_the_deal_in_progress_is_told_again_from_its_first_event(
        rules: CoincheRules | TarotRules) -> None:
    play = MatchInPlay.new(rules, 7)
    checked = 0
    for _ in range(400):
        if play.match.is_over:
            break
        play.apply(next_action(play.match))
        if len(play.match.actions) % 37 == 0 or play.match.deal.trick == ():
            expected = replayed_deal_events(play.match)
            assert play.deal_events() == expected
            resumed = MatchInPlay.resume(play.match)
            assert resumed.resumed and resumed.deal_events() == expected
            checked += 1
    assert checked > 5 and len(play.match.history) >= 2  # across several deals
