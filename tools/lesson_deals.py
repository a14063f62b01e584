"""Search deal numbers for a lesson's situation, and print a found deal's script.

A lesson (``game/lessons/catalogue.py``) is a deal on a fixed number whose guided part
is scripted: this plays deals with the Confirmé in every seat and keeps those where the
player (seat 0) meets the situation the lesson teaches, then prints the deal's actions
as script tokens, with the player's hand and the trick at each of his moves.

    python -m tools.lesson_deals belote --want take,overtrump --tricks 4
    python -m tools.lesson_deals tarot --players 4 --want garde --show 123
    python -m tools.lesson_deals belote --players 2 --option layout=decouverte --want void

``--option name=value`` sets a rule option as a save writes it (the découverte's
``layout=decouverte``); the lesson takes the same option (``Lesson.options``).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator
from typing import Any

from game.ai import Level, decide
from game.engine.cards import Rank
from game.engine.games import rules_class
from game.engine.match import Match
from game.engine.protocol import CardPlayAction, Phase
from game.engine.trick_view import TrickView
from game.lessons.run import lesson_rules
from game.lessons.script import Lesson, token

VIEWER = 0


def rule_options(game: str, players: int, options: list[str]) -> dict[str, Any]:
    """The rule options ``name=value`` (as a save writes them) as the rules hold them."""
    written = dict(option.split("=", 1) for option in options)
    rules = rules_class(game).from_json({"players": players, **written})
    return {name: getattr(rules, name) for name in written}


def played(game: str, players: int, deal: int, tricks: int,
           options: dict[str, Any] | None = None) -> Iterator[tuple[Match, str]]:
    """The deal's first ``tricks`` tricks played by the Confirmé: each position and the
    action's token."""
    lesson = Lesson("search", game, players, deal, "", (), "", "", options=options or {})
    match, _ = Match.new(lesson_rules(lesson), deal, deal)
    rng = random.Random(deal)
    while match.current_player is not None and match.number == 1:
        view = match.view(match.current_player)
        if len(view.deal.tricks) >= tricks:
            return
        action = decide(view, Level.CONFIRME, rng).action
        yield match, token(action)
        match, _ = match.apply(action)


def situations(match: Match, word: str) -> set[str]:
    """What the player's move at ``match`` shows: the bid taken, the écart, trumping,
    overtrumping, a free choice, the trump honours held."""
    view = match.view(VIEWER).deal
    if view.phase is not Phase.PLAY:
        return bidding_situations(word)
    found: set[str] = set()
    if isinstance(view, TrickView):
        found |= holding(view)
        found |= trumping(view)
        found |= face_down(view)
    cards = [a for a in view.legal if isinstance(a, CardPlayAction)]
    if len(cards) == len(view.hand) and len(cards) > 1:
        found.add("free")
    return found


def bidding_situations(word: str) -> set[str]:
    kind, *args = word.split()
    if kind in ("Take", "ChooseTrump"):
        return {"take", "second_round"} if kind == "ChooseTrump" else {"take"}
    if kind == "Bid":
        return {"bid"}
    if kind == "TarotBid":
        return {{"1": "prise", "2": "garde"}.get(args[0], "garde_plus")}
    return {"ecart"} if kind == "TarotDiscard" else set()


def trumping(view: TrickView) -> set[str]:
    """The player cannot follow and must trump (over an opponent's trump: overtrump)."""
    if not view.trick or view.trump is None or view.trump.suit is None:
        return set()
    trump = view.trump.suit
    led = view.trick[0][1].suit
    if any(c.suit == led for c in view.hand) or not any(c.suit == trump for c in view.hand):
        return set()
    return {"overtrump" if any(c.suit == trump for _, c in view.trick[1:]) else "trump"}


def face_down(view: TrickView) -> set[str]:
    """The découverte: the player holds the led suit only face down, or not at all, and
    counts as void (``void``): he must trump, or discard."""
    if not view.table_piles or not view.trick:
        return set()
    led = view.trick[0][1].suit
    return set() if any(c.suit == led for c in view.hand) else {"void"}


def holding(view: TrickView) -> set[str]:
    """The trump honours in the player's hand: the jack and the nine, the king and the
    queen (belote-rebelote)."""
    if view.trump is None or view.trump.suit is None:
        return set()
    ranks = {c.rank for c in view.hand if c.suit == view.trump.suit}
    found = {"jack_nine"} if {Rank.JACK, Rank.NINE} <= ranks else set()
    return found | ({"belote"} if {Rank.KING, Rank.QUEEN} <= ranks else set())


def search(args: argparse.Namespace) -> None:
    want = set(args.want.split(","))
    found = 0
    for deal in range(args.start, args.start + args.count):
        seen: set[str] = set()
        for match, word in played(args.game, args.players, deal, args.tricks,
                                  rule_options(args.game, args.players, args.option)):
            if match.current_player == VIEWER:
                seen |= situations(match, word)
        if want <= seen:
            print(deal, sorted(seen))
            found += 1
            if found >= args.limit:
                return


def show(args: argparse.Namespace) -> None:
    options = rule_options(args.game, args.players, args.option)
    for match, word in played(args.game, args.players, args.show, args.tricks, options):
        seat = match.current_player
        if seat != VIEWER:
            print(f"    {word!r},  # seat {seat}")
            continue
        view = match.view(VIEWER).deal
        hand = " ".join(c.code for c in view.hand)
        trick = " ".join(c.code for _, c in view.trick)
        if isinstance(view, TrickView) and view.table_piles:
            extra = f"trump {view.trump} piles " + " / ".join(
                " ".join(f"{up.code if up else '--'}{'+' if down else ''}" for up, down in seat)
                for seat in view.table_piles)
        elif isinstance(view, TrickView):
            extra = f"trump {view.trump} retourne {view.retourne}"
        else:
            extra = "chien " + " ".join(c.code for c in view.chien)
        print(f"    # hand {hand} | trick {trick} | {sorted(situations(match, word))}"
              f" | {extra}")
        print(f"    Step({word!r}),")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--want", default="")
    parser.add_argument("--tricks", type=int, default=3)
    parser.add_argument("--start", type=int, default=1000)
    parser.add_argument("--count", type=int, default=400)
    parser.add_argument("--limit", type=int, default=5)
    parser.add_argument("--show", type=int)
    parser.add_argument("--option", action="append", default=[],
                        help="a rule option as name=value (e.g. layout=decouverte)")
    args = parser.parse_args()
    if args.show:
        show(args)
    else:
        search(args)


if __name__ == "__main__":
    main()
