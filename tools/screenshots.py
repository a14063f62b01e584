"""A picture of every scene of the game, taken headless: each game's table in the middle
of a trick, each bidding panel, the écart, the poignée, the score sheet, the end of a
match, the menu, the set-up and its "abandon?" question, the settings, the rules, the
statistics, the replay, a call read in the review and the review's analysis, the hint
with its numbers; then each game and player count in French and English, right- and
left-handed.

    python tools/screenshots.py [folder] [--lang fr] [--window 960x540] [--no-matrix]

(default: docs/screenshots/, in English, 1280×720).  The player sits South and answers
with simple choices (the computers play as usual).  Every picture goes through the eye
checks (tools/eye_checks.py): the problems found are printed, and the command fails.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.ai import Level, decide  # noqa: E402
from game.engine.actions import Announce, Bid, ChooseTrump, Pass, PlayCard, Take  # noqa: E402
from game.engine.cards import Suit  # noqa: E402
from game.engine.deal_scoring import (  # noqa: E402
    SideTally,
    score_belote_each,
    score_belote_teams,
    score_coinche,
)
from game.engine.match import AnyRules, DealRecord, Match  # noqa: E402
from game.engine.protocol import (  # noqa: E402
    Action,
    DealResult,
    Phase,
)
from game.engine.rules import BeloteRules, CoincheRules, Layout, TarotRules  # noqa: E402
from game.engine.tarot import (  # noqa: E402
    CallKing,
    DeclineChelem,
    ShowPoignee,
    TarotBid,
    TarotDiscard,
    TarotPlayCard,
)
from game.engine.tarot_scoring import (  # noqa: E402
    Camp,
    Contract,
    DealOutcome,
    PoigneeKind,
    TarotFacts,
    marks,
    score_deal,
    score_lines,
)
from game.lessons.catalogue import LESSONS, lesson_by_id  # noqa: E402
from game.lessons.run import LessonRun  # noqa: E402
from game.storage import Storage  # noqa: E402
from game.ui.app.app import App  # noqa: E402
from game.ui.app.smoke import click, dismiss, fixed_speed, motion  # noqa: E402
from game.ui.kit.layout import LOGICAL  # noqa: E402
from game.ui.scenes.dialog import ConfirmDialog  # noqa: E402
from game.ui.scenes.lessons import LessonsScene, lesson_config  # noqa: E402
from game.ui.scenes.menu import MenuScene  # noqa: E402
from game.ui.scenes.replay import ReplayScene  # noqa: E402
from game.ui.scenes.rules import RulesScene  # noqa: E402
from game.ui.scenes.scorepad import ScorePad  # noqa: E402
from game.ui.scenes.scoresheet import MatchEnd, ScoreSheet  # noqa: E402
from game.ui.scenes.settings import SettingsScene  # noqa: E402
from game.ui.scenes.setup import SetupScene  # noqa: E402
from game.ui.scenes.stats import StatsScene  # noqa: E402
from game.ui.stage.scene import Scene  # noqa: E402
from game.ui.table.controller import GameConfig, SeatConfig  # noqa: E402
from game.ui.table.scene import TableScene  # noqa: E402
from tools.eye_checks import look, problems  # noqa: E402
from tools.table_situations import GAMES  # noqa: E402  (the overlap test's situations)

DT = 1 / 30
SPEED = 0.05  # animations at 1/20 of their length: the pictures are taken at rest
FRAME_LIMIT = 30_000
HINT_WAIT = 600  # seconds, at most, for the Expert's hint (a loaded machine)
POSTER_BITS = 5
EXAMPLE_DEAL, EXAMPLE_SEED = 1, 123456789  # the score sheet's worked examples
CARD_PLAYS = (PlayCard, TarotPlayCard)
# The player's answers, first match first: pass in the first belote round (to see the
# second), name the trumps in the second, take at tarot, then call, discard and play.
PREFERRED: tuple[type[Action], ...] = (
    *CARD_PLAYS, ChooseTrump, TarotBid, CallKing, DeclineChelem, TarotDiscard, Pass)

Check = Callable[[Scene | None, TableScene], bool]


def asked(kind: type[Action]) -> Check:
    """The player is asked, and ``kind`` is one of the answers (a bidding panel shows)."""
    def check(top: Scene | None, table: TableScene) -> bool:
        legal = table.controller.human_legal() if top is table else ()
        return any(isinstance(a, kind) for a in legal) and not table.tweens.busy

    return check


def mid_trick(top: Scene | None, table: TableScene) -> bool:
    controller = table.controller
    return (top is table and controller.human_to_act and controller.match.phase is Phase.PLAY
            and bool(table.model.trick) and not table.tweens.busy and not table.flights)


def bidding(top: Scene | None, table: TableScene) -> bool:
    """The player's bidding panel is shown (a bid, a call, the chelem question)."""
    return top is table and table.bid_panel.visible and not table.tweens.busy


def card_reason_asked(top: Scene | None, table: TableScene) -> bool:
    """The player is to play after a trick: the last trick is shown, with why the first
    computer's card of it was played ("why that card?")."""
    if not (mid_trick(top, table) and table.model.last_trick):
        return False
    table.show_last = True
    table.last_trick.asked = next(c for seat, c in table.model.last_trick if seat != 0)
    return True


def hint_given(top: Scene | None, table: TableScene) -> bool:
    """The player is to play one of several cards: the hint asked (H) and shown, with
    its numbers."""
    if not (mid_trick(top, table) and len(table.controller.legal_cards()) > 1):
        return False
    if table.current_hint() is None:
        table.show_hint()
        waited = 0.0
        while table.controller.hint() is None and waited < HINT_WAIT:  # the worker weighs it
            time.sleep(0.05)
            waited += 0.05
    return True


def call_read(top: Scene | None, table: TableScene) -> bool:
    """The player is to bid after other seats' calls: what the computers read from the
    last of them, as a click on it in the bid history shows (the row lit)."""
    if not (bidding(top, table) and table.model.bids and table.controller.human_legal()):
        return False
    index = len(table.model.bids) - 1
    table.bid_history.hover = ("row", index)
    return table.bid_history.read_now(("row", index)) is not None


def take_read(top: Scene | None, table: TableScene) -> bool:
    """The player is to play, a computer having taken: what the computers read from
    the take, as a click on the contract box shows."""
    taker = table.bid_history.taker_read()
    if not (top is table and table.controller.human_to_act and taker is not None
            and not table.tweens.busy and not table.flights):
        return False
    table.bid_history.hover = ("contract", taker)
    return table.bid_history.read_now(("contract", taker)) is not None


def bid_rung(top: Scene | None, table: TableScene) -> bool:
    """The player's bidding panel, a button rung from the keyboard (Tab, Tab)."""
    if not bidding(top, table):
        return False
    if table.bid_panel.focus is None:
        table.input.key(pygame.K_TAB)
        table.input.key(pygame.K_TAB)
    return True


def announce_rung(top: Scene | None, table: TableScene) -> bool:
    """The Announce button at the first trick, rung as the hint rings it (its words
    inside their margins)."""
    announce = next((a for a in table.controller.human_legal() if isinstance(a, Announce)),
                    None) if top is table else None
    return announce is not None and not table.tweens.busy and table.play.focus_on(announce)


def showing(kind: type[Scene]) -> Check:
    return lambda top, _table: isinstance(top, kind)


@dataclass(frozen=True)
class Run:
    """A match of ``rules``, until every picture of ``shots`` is taken; then, when
    ``reviewed``, its replay, its review and its score pad."""

    rules: AnyRules
    shots: Mapping[str, Check]
    seed: int = 1
    first_deal: int | None = None
    reviewed: bool = False


RUNS = (
    Run(CoincheRules(), {"bid_coinche": asked(Pass), "table_coinche": mid_trick,
                         "score_sheet": showing(ScoreSheet)}, seed=5, reviewed=True),
    Run(BeloteRules(), {"bid_belote_round1": asked(Take), "bid_belote_round2":
                        asked(ChooseTrump), "table_belote4": mid_trick}, seed=2),
    Run(BeloteRules(players=3), {"table_belote3": mid_trick}),
    Run(BeloteRules(players=2), {"table_belote2": mid_trick}),
    Run(CoincheRules(players=2), {"table_coinche2": mid_trick}),
    Run(CoincheRules(players=2, layout=Layout.DECOUVERTE),
        {"table_coinche_decouverte": mid_trick}),
    Run(BeloteRules(players=2, layout=Layout.DECOUVERTE),
        {"bid_belote_decouverte": asked(Take), "table_belote_decouverte": mid_trick}),
    Run(TarotRules(players=3), {"bid_tarot": asked(TarotBid), "ecart": asked(TarotDiscard),
                                "table_tarot3": mid_trick}),
    Run(TarotRules(players=4), {"table_tarot4": mid_trick}),
    Run(TarotRules(players=5), {"call_king": asked(CallKing), "table_tarot5": mid_trick}),
    Run(TarotRules(players=5), {"poignee": asked(ShowPoignee)}, first_deal=1032),
    Run(BeloteRules(target=300), {"match_end": showing(MatchEnd)}, seed=5),
    Run(CoincheRules(), {"card_reason": card_reason_asked}, seed=2),
    Run(CoincheRules(), {"hint": hint_given, "bid_rung": bid_rung}, seed=3),
    Run(BeloteRules(), {"announce_rung": announce_rung}, seed=4),
    Run(CoincheRules(), {"call_read": call_read}, first_deal=1122),
    Run(BeloteRules(), {"call_read_belote": take_read}, first_deal=5),
    Run(TarotRules(players=5), {"call_read_tarot5": call_read}, first_deal=7),
)


class Photographer:
    """Takes the pictures into ``folder`` (None: only checks them) through a window of
    ``window``; ``problems`` gathers what the eye checks find on each."""

    def __init__(self, folder: Path | None, storage: Storage,
                 window: tuple[int, int] = LOGICAL) -> None:
        self.folder = folder
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
        self.app = App(window_size=window, storage=storage)
        self.app.settings = fixed_speed(self.app.settings, SPEED)
        self.app.push(Scene(self.app))
        self.app.step(DT, [])
        self.taken: list[Path] = []
        self.problems: list[str] = []

    def save(self, name: str) -> None:
        self.problems += problems(look(self.app), f"{name} ({self.app.texts.language})")
        if self.folder is None:
            return
        path = self.folder / f"{name}.png"
        window = self.app.window  # the logical screen as the window shows it
        shown = self.app.screen if window.get_size() == LOGICAL else window
        pygame.image.save(posterized(shown), path)
        self.taken.append(path)

    def play(self, run: Run) -> TableScene:
        app = self.app
        computers = [SeatConfig() for _ in range(run.rules.players - 1)]
        seats = (SeatConfig(human=True), *computers)
        table = TableScene(app, GameConfig(run.rules, seats, run.seed, run.first_deal))
        app.push(table)
        app.step(DT, [])
        waiting = dict(run.shots)
        seen: set[str] = set()  # shown for one frame: the next one is taken, at rest
        # The frames between pictures are not drawn: ``save`` draws what it takes.
        for _ in range(FRAME_LIMIT):
            top = app.top
            shown = {name for name, check in waiting.items() if check(top, table)}
            for name in shown & seen:
                self.settle_pars(top)
                self.save(name)
                del waiting[name]
            if not waiting:
                return table
            seen = shown
            if shown:
                app.step(DT, [], draw=False)
                continue
            if top is table and table.controller.human_to_act:
                table.controller.act(answer(table.controller.human_legal()))
            app.step(DT, dismiss(app, top) if top is not None and top is not table else [],
                     draw=False)
        raise RuntimeError(f"{run.rules.game} {run.rules.players}p: not shown {list(waiting)}")

    def settle_pars(self, shown: Scene | None) -> None:
        """On a score sheet or the score pad, the deals' pars are waited for (then
        drawn): the picture shows them, not that they are being computed."""
        session = self.app.session
        if isinstance(shown, ScoreSheet | ScorePad) and session is not None:
            session.wait_for_pars(600)
            self.app.step(DT, [])

    def scene(self, name: str, scene: Scene, keys: tuple[int, ...] = ()) -> None:
        app = self.app
        app.push(scene)
        self.settle_pars(scene)
        app.step(DT, [])
        for key in keys:
            app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")])
        app.step(DT, [])
        self.save(name)
        app.pop()
        app.step(DT, [])

    def review(self, name: str, match: Match) -> None:
        """The last deal's review with the Expert's analysis, at the first costly
        decision (coinche match 5: a card at trick 7)."""
        app = self.app
        replay = ReplayScene.of_last_deal(app, match)
        if replay is None:
            return
        app.push(replay)
        app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="")])
        if not app.coach.wait_idle(600):
            raise RuntimeError("the coach did not finish the analysis")
        assert replay.coach is not None
        marked = replay.coach.marked()
        replay.go_to(marked[0].trick if marked else 1)
        app.step(DT, [])
        self.save(name)
        app.pop()
        app.step(DT, [])

    def review_call(self, name: str, match: Match) -> None:
        """The last deal's review, the first computer's call in its list clicked: what
        the computers read from it at that point of the bidding."""
        app = self.app
        replay = ReplayScene.of_last_deal(app, match)
        if replay is None:
            return
        app.push(replay)
        calls = replay.calls
        index = next(i for i in range(calls.first(), len(calls.bids)) if calls.readable(i))
        app.step(DT, [motion(app, calls.spot(index)), *click(app, calls.spot(index))])
        self.save(name)
        app.pop()
        app.step(DT, [])

    def sheet(self, name: str, rules: AnyRules, result: DealResult) -> None:
        """The score sheet of a deal scored as ``result`` (a worked example)."""
        seats = (SeatConfig(human=True), *(SeatConfig() for _ in range(rules.players - 1)))
        table = TableScene(self.app, GameConfig(rules, seats, 1))
        model = table.model
        model.record = DealRecord(EXAMPLE_DEAL, 0, EXAMPLE_SEED, result,
                                  (0,) * len(result.scores), result.scores)
        # the boxes under the sheet say the same deal and totals
        model.deal_number, model.deal_seed, model.totals = EXAMPLE_DEAL, EXAMPLE_SEED, \
            result.scores
        self.app.push(table)  # the table under the sheet, as in a game
        self.scene(name, ScoreSheet(self.app, table))
        self.app.pop()
        self.app.step(DT, [])
        table.dispose()

    def leave(self, table: TableScene) -> None:
        self.app.pop_to(TableScene)
        self.app.pop()
        self.app.step(DT, [])
        table.dispose()


def posterized(screen: pygame.Surface) -> pygame.Surface:
    """``screen`` with POSTER_BITS per channel: the felt's fine noise then compresses to
    half the size, with no visible change."""
    image = screen.copy()
    image.fill((2 ** POSTER_BITS,) * 3, special_flags=pygame.BLEND_RGB_MULT)  # / 2**(8-bits)
    for _ in range(8 - POSTER_BITS):
        image.blit(image, (0, 0), special_flags=pygame.BLEND_RGB_ADD)  # doubled back
    return image


def pad_of(app: App, table: TableScene) -> ScorePad:
    return ScorePad(app, table, lambda index: None, lambda record: None)


def two(cards: tuple[int, int], announcements: tuple[int, int] = (0, 0),
        belote: tuple[int, int] = (0, 0), capot: int | None = None) -> SideTally:
    return SideTally(cards, announcements, belote, (4, 4), capot)


def tarot_five() -> DealResult:
    """Tarot at five: a garde made with a poignée, the defence's petit au bout."""
    outcome = DealOutcome(5, Contract.GARDE, 120, 2, ((PoigneeKind.SIMPLE, Camp.ATTACK),),
                          Camp.DEFENCE)
    score = score_deal(outcome)
    return DealResult(tuple(f"player_{s}" for s in range(5)), marks(5, 1, 4, score.per_defender),
                      score_lines(score, outcome, 1, 4), "won",
                      TarotFacts.of(outcome, score, 1, 4))


def tarot_failed() -> DealResult:
    """Tarot at four: a garde down by 8, written forward (what each defender receives)."""
    outcome = DealOutcome(4, Contract.GARDE, 86, 1)
    score = score_deal(outcome)
    return DealResult(tuple(f"player_{s}" for s in range(4)), marks(4, 0, None, score.per_defender),
                      score_lines(score, outcome, 0, None), "lost",
                      TarotFacts.of(outcome, score, 0, None))


# West's two tierces to the king beat the player's two to the queen.
BEATEN = SideTally((100, 62), (0, 40), (0, 0), (5, 3), None,
                   ((1, 1, "tierce", 20), (1, 1, "tierce", 20)), 0,
                   ((0, 0, "tierce", "Q"), (0, 0, "tierce", "Q")), (1, "tierce", "K"))

# The worked examples of the score sheet (docs/rules.md's arithmetic).
SHEETS: dict[str, tuple[AnyRules, DealResult]] = {
    "sheet_coinche_coinched_made": (CoincheRules(), score_coinche(
        CoincheRules(), Bid(110, Suit.HEARTS), 1, 0, two((126, 36), (20, 0)))),
    "sheet_coinche_failed": (CoincheRules(), score_coinche(
        CoincheRules(), Bid(110, Suit.HEARTS), 0, 0, two((70, 92), belote=(0, 20)))),
    "sheet_belote4_dedans": (BeloteRules(), score_belote_teams(
        BeloteRules(), 0, two((60, 102), (20, 0)))),
    "sheet_belote3_dedans": (BeloteRules(players=3), score_belote_each(
        BeloteRules(players=3), 0, SideTally((40, 72, 50), (0, 0, 0), (20, 0, 0), (2, 4, 2),
                                             None))),
    "sheet_belote4_capot": (BeloteRules(), score_belote_teams(
        BeloteRules(), 0, two((252, 0), (50, 0), capot=0))),
    "sheet_tarot5": (TarotRules(players=5), tarot_five()),
    "sheet_tarot_failed": (TarotRules(players=4), tarot_failed()),
    "sheet_coinche_beaten": (CoincheRules(), score_coinche(
        CoincheRules(), Bid(90, Suit.SPADES), 0, 0, BEATEN)),
}


def answer(legal: tuple[Action, ...]) -> Action:
    for kind in PREFERRED:
        for action in legal:
            if isinstance(action, kind):
                return action
    return legal[0]


def matrix_runs() -> list[tuple[str, bool, Run]]:
    """Every game and player count of the overlap test, in each language and hand: the
    bidding and a trick, from the test's deal numbers."""
    runs = []
    for game in GAMES:
        for words in ("fr", "en"):
            for left in (False, True):
                name = f"matrix_{game.name}_{words}_{'left' if left else 'right'}"
                shots = {f"{name}_bid": bidding, f"{name}_play": mid_trick}
                runs.append((words, left, Run(game.rules, shots, game.deals[0],
                                              game.deals[0])))
    return runs


def take_matrix(photographer: Photographer) -> None:
    app = photographer.app
    before = (app.language_setting(), app.settings)
    for words, left, run in matrix_runs():
        app.choose_language(words)
        app.settings = dataclasses.replace(app.settings, left_handed=left)
        photographer.leave(photographer.play(run))
    app.choose_language(before[0])
    app.settings = before[1]


# Each game's lesson photographed at one step (the player's steps made before it): the
# belote's jack of diamonds to follow, the second round's trump named, the coinche's bid
# of 140 hearts, the coinche for two's count of the hearts unseen, the découverte's card
# turned over, the coinche découverte's belote, the tarot's écart, the club to follow at
# three, the king called at five.
LESSON_SHOTS = {"belote": 2, "belote2": 1, "coinche": 0, "coinche2": 4, "decouverte": 2,
                "decouverte_coinche": 3, "tarot": 1, "tarot3": 8, "tarot5": 1}


def take_lessons(photographer: Photographer) -> None:
    """The Learn screen, a step of each game's lesson with its narrator and highlights,
    and the belote lesson's score sheet with the narrator's last words."""
    app = photographer.app
    photographer.scene("lessons", LessonsScene(app))
    for lesson in LESSONS:
        run = LessonRun(lesson)
        match = run.replayed(LESSON_SHOTS[lesson.id])
        table = TableScene(app, lesson_config(lesson), match, lesson=run)
        app.push(table)
        for _ in range(FRAME_LIMIT):
            app.step(DT, [], draw=False)  # the picture's own frame is drawn by ``save``
            if table.controller.human_to_act and table.accepts_choice \
                    and not table.tweens.busy and not table.flights:
                break
        app.step(DT, [])
        photographer.save(f"lesson_{lesson.id}")
        if lesson is lesson_by_id("belote"):  # its end on the score sheet too
            table.model.record = played_out(match).history[0]
            photographer.scene("lesson_end_belote", ScoreSheet(app, table))
        photographer.leave(table)


def played_out(match: Match) -> Match:
    """``match``'s first deal played to its end by the Débutant in every seat."""
    rng = random.Random(1)
    while not match.history:
        seat = match.current_player
        assert seat is not None
        match, _ = match.apply(decide(match.view(seat), Level.DEBUTANT, rng).action)
    return match


def take_screens(photographer: Photographer) -> None:
    """The scenes outside a match: the menu, the set-up and its question, the settings,
    the rules and the statistics."""
    app = photographer.app
    photographer.scene("menu", MenuScene(app))
    photographer.scene("setup", SetupScene(app))
    app.push(SetupScene(app))  # the question over the screen that asks it
    app.step(DT, [])
    photographer.scene("dialog_abandon", ConfirmDialog(
        app, "menu.abandon_question", lambda: None, "menu.abandon", "menu.keep_playing"))
    app.pop()
    app.step(DT, [])
    photographer.scene("settings", SettingsScene(app))
    photographer.scene("rules", RulesScene(app))
    photographer.scene("rules_keys", RulesScene(app, "rules.keys"))
    photographer.scene("statistics", StatsScene(app))
    progress = StatsScene(app)
    progress.toggle_progress()  # the chart, with the deals the runs counted
    photographer.scene("statistics_progress", progress)


def take_all(folder: Path | None, words: str = "en", window: tuple[int, int] = LOGICAL,
             matrix: bool = True) -> Photographer:
    """Every picture in ``words``, through a window of ``window``; the matrix of games,
    languages and hands too when ``matrix``."""
    with tempfile.TemporaryDirectory() as data:
        photographer = Photographer(folder, Storage(Path(data)), window)
        app = photographer.app
        app.choose_language(words)  # the new app took the empty folder's "auto"
        for run in RUNS:
            table = photographer.play(run)
            if run.reviewed:
                replay = ReplayScene.of_last_deal(app, table.controller.match)
                if replay is not None:
                    photographer.scene("replay", replay, (pygame.K_RIGHT,) * 3)
                photographer.review_call("review_call", table.controller.match)
                photographer.review("review_analysis", table.controller.match)
                photographer.scene("score_pad", pad_of(app, table), (pygame.K_DOWN,))
            photographer.leave(table)
        for name, (rules, result) in SHEETS.items():
            photographer.sheet(name, rules, result)
        take_screens(photographer)
        take_lessons(photographer)
        if matrix:
            take_matrix(photographer)
        app.close()
    return photographer


def window_size(value: str) -> tuple[int, int]:
    width, _, height = value.partition("x")
    return int(width), int(height)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="A screenshot of every scene, headless.")
    parser.add_argument("folder", nargs="?", type=Path, default=ROOT / "docs" / "screenshots",
                        help="where the PNG files go (default: docs/screenshots)")
    parser.add_argument("--lang", choices=("en", "fr"), default="en")
    parser.add_argument("--window", type=window_size, default=LOGICAL,
                        help="the window's size, WIDTHxHEIGHT (default: 1280x720)")
    parser.add_argument("--no-matrix", action="store_true",
                        help="leave out each game in both languages and hands")
    options = parser.parse_args(argv)
    photographer = take_all(options.folder, options.lang, options.window,
                            not options.no_matrix)
    for path in photographer.taken:
        print(path)
    for problem in photographer.problems:
        print(problem, file=sys.stderr)
    pygame.quit()
    return 1 if photographer.problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
