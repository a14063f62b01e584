"""Plays one computer-only match through ``Session``, saving after every action: the
process ``tests/test_kill_resume.py`` kills with SIGKILL and starts again.

    python -m tests.kill_driver new|continue DATA_DIR GAME PLAYERS SEED

``new`` starts the match; ``continue`` resumes the match saved in DATA_DIR (none left: it
was finished, and the driver prints ``over`` at once).  Every ``FLUSH_EVERY`` actions it
waits for the save and prints ``saved N`` (N actions are on disk); it prints ``over`` once
the match is finished, counted and its save removed.
Headless, no pygame.  The moves depend only on the match seed and the position, so a
match resumed after a kill goes on exactly as the uninterrupted one.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

from game.ai import Level, decide
from game.engine.match import AnyRules, Match
from game.engine.protocol import Action
from game.engine.rules import BeloteRules, CoincheRules, TarotRules
from game.session import Session
from game.storage import Storage

FLUSH_EVERY = 5
PACE = 0.002  # seconds between actions: leaves the killing test time to read and aim
HUMAN_SEAT = 0


def rules_for(game: str, players: int) -> AnyRules:
    if game == "belote":
        return BeloteRules(players=players)
    if game == "coinche":
        return CoincheRules(players=players)
    if game == "tarot":
        return TarotRules(players=players, deals=4)
    raise ValueError(f"unknown game {game!r}")


def next_action(match: Match) -> Action:
    """The Débutant's move for the player to act, drawn from the match seed and the number
    of actions played: the same position always gets the same move."""
    seat = match.current_player
    assert seat is not None
    rng = random.Random(match.seed * 100_003 + len(match.actions))
    return decide(match.view(seat), Level.DEBUTANT, rng).action


def play_to_end(match: Match) -> Match:
    """The match played by ``next_action`` to its end, without saving (the reference)."""
    while not match.is_over:
        match, _ = match.apply(next_action(match))
    return match


def start(session: Session, resume: bool, rules: AnyRules, seed: int) -> Match | None:
    if resume:
        saved = session.continue_match()
        return None if saved is None else saved.match
    match, _ = Match.new(rules, seed)
    session.new_match(match, HUMAN_SEAT, ["debutant"] * rules.players)
    return match


def run(data_dir: Path, resume: bool, rules: AnyRules, seed: int) -> None:
    with Session(Storage(data_dir)) as session:
        match = start(session, resume, rules, seed)
        if match is None:
            print("over", flush=True)
            return
        print(f"start {len(match.actions)}", flush=True)
        while not match.is_over:
            time.sleep(PACE)
            match, _ = match.apply(next_action(match))
            session.on_action(match)
            if len(match.actions) % FLUSH_EVERY == 0:
                session.flush()
                print(f"saved {session.saved_actions}", flush=True)
        session.flush()
        print("over", flush=True)


def main(argv: list[str]) -> None:
    mode, data_dir, game, players, seed = argv
    if mode not in ("new", "continue"):
        raise SystemExit(f"new or continue, not {mode!r}")
    run(Path(data_dir), mode == "continue", rules_for(game, int(players)), int(seed))


if __name__ == "__main__":
    main(sys.argv[1:])
