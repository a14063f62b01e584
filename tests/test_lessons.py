"""The lessons: every lesson's script is legal in its deal and leads where its words
say; a move other than the lesson's is refused with the rule or the lesson's reason and
tried again; progress is remembered across a restart; a lesson played by clicks."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from game.ai import Level, decide
from game.engine.actions import CAPOT_BID, PLAY_OF, Bid
from game.engine.cards import Suit
from game.engine.match import Match
from game.engine.protocol import Phase
from game.engine.tarot import TarotView
from game.engine.tarot_scoring import Contract
from game.engine.trick_view import TrickView
from game.i18n import LANGUAGES, Texts
from game.lessons.catalogue import LESSONS, lesson_by_id
from game.lessons.run import VIEWER, LessonRun, legal_with_token, lesson_rules
from game.lessons.script import ECART_CONFIRM, FREE, Lesson, Step, card_of, token
from game.storage import Storage
from game.storage.lessons import LessonMark
from game.ui.app.app import App
from game.ui.app.smoke import click
from game.ui.scenes.lessons import LessonsScene, lesson_config
from game.ui.scenes.scoresheet import ScoreSheet
from game.ui.stage import routes
from game.ui.stage.scene import Scene
from game.ui.table.scene import TableScene
from tests.lesson_driver import lesson_turn, lit_point, play_lesson
from tests.table_driver import DT, FAST, animate_at, card_click, run_until_human
from tests.words import ENGLISH, tr


def script_played(lesson: Lesson) -> tuple[Match, list[Match]]:
    """The lesson's script applied through the engine, up to its free step: the match
    then, and the match at each of the viewer's steps."""
    run = LessonRun(lesson)
    match = run.new_match()
    at_steps: list[Match] = []
    for item in lesson.script:
        if isinstance(item, Step):
            assert match.current_player == VIEWER, f"{lesson.id}: a step out of turn"
            assert run.expected(match) is item
            at_steps.append(match)
            if item.expect == FREE:
                break
            action = legal_with_token(match, item.expect)
            assert run.refusal(match, [action]) is None
        else:
            assert match.current_player != VIEWER, f"{lesson.id}: {item} is the viewer's"
            action = run.scripted(match)
            assert action is not None and token(action) == item
        match, _ = match.apply(action)
    return match, at_steps


# What each lesson's words say happens, checked on the deal (the view of its end).
def _belote_taken_in_clubs(view: TrickView | TarotView) -> bool:
    assert isinstance(view, TrickView) and view.trump is not None
    return view.taker == VIEWER and view.trump.suit is not None and \
        view.trump.suit.letter == "C" and view.belote_seat is None  # said when played


def _belote_second_round_spades(view: TrickView | TarotView) -> bool:
    assert isinstance(view, TrickView) and view.trump is not None
    return view.taker == VIEWER and view.bidding_round == 2 and \
        view.trump.suit is not None and view.trump.suit.letter == "S" and \
        view.belote_seat == VIEWER and view.tricks[0].winner == 1


def _coinche_140_hearts(view: TrickView | TarotView) -> bool:
    assert isinstance(view, TrickView) and view.trump is not None
    partner_said_belote = view.belote_seat == 2
    return view.taker == VIEWER and view.contract_value == 140 and \
        view.trump.suit is not None and view.trump.suit.letter == "H" and partner_said_belote


def _coinche2_100_hearts_ace_and_queen_unseen(view: TrickView | TarotView) -> bool:
    """100 hearts, the tierce declared, the jack and 9 drew the 8 and the king, the ace
    of diamonds won: the ace and queen of hearts never seen, twelve cards aside."""
    assert isinstance(view, TrickView) and view.trump is not None
    seen = {c.code for c in view.hand} | {c.code for t in view.tricks for c in t.cards}
    hearts = sorted(code for code in seen if code.endswith("H"))
    return view.players == 2 and view.aside_count == 12 and view.taker == VIEWER and \
        view.contract_value == 100 and view.trump.suit is not None and \
        view.trump.suit.letter == "H" and hearts == ["7H", "8H", "9H", "JH", "KH", "TH"] \
        and [t.winner for t in view.tricks] == [VIEWER] * 3 and \
        [(c.code, c.suit.letter) for c in view.tricks[2].cards] == [("AD", "D"), ("7D", "D")]


def _decouverte_trumped_void_then_jack_took_the_nine(view: TrickView | TarotView) -> bool:
    """Clubs taken on the face-up cards; the 7 trumped the ace of spades; the queen of
    clubs turned under it; the jack drew East's 9 (34 points)."""
    assert isinstance(view, TrickView) and view.trump is not None
    first, second = view.tricks
    mine = view.table_piles[VIEWER]
    return view.taker == VIEWER and view.trump.suit is not None and \
        view.trump.suit.letter == "C" and \
        [c.code for c in first.cards] == ["AS", "7C"] and first.winner == VIEWER and \
        [c.code for c in second.cards] == ["JC", "9C"] and second.winner == VIEWER and \
        second.points == 34 and any(up is not None and up.code == "QC" for up, _ in mine)


def _decouverte_coinche_120_clubs_trumped_with_the_belote(
        view: TrickView | TarotView) -> bool:
    """120 clubs over North's 100 diamonds; the 10 of hearts and the 7 of diamonds
    followed the aces, the ace of clubs turned under the 7; the queen of clubs trumped the
    10 of diamonds with the belote said."""
    assert isinstance(view, TrickView) and view.trump is not None
    mine = [[c.code for c in trick.cards] for trick in view.tricks]
    return view.taker == VIEWER and view.contract_value == 120 and \
        view.trump.suit is not None and view.trump.suit.letter == "C" and \
        mine == [["AH", "TH"], ["AD", "7D"], ["TD", "QC"]] and \
        view.tricks[2].winner == VIEWER and view.belote_seat == VIEWER and \
        any(up is not None and up.code == "AC" for up, _ in view.table_piles[VIEWER])


def _tarot_garde_won_first_trick(view: TrickView | TarotView) -> bool:
    assert isinstance(view, TarotView)
    first = view.tricks[0]
    return view.taker == VIEWER and view.contract is Contract.GARDE and \
        first.winner == VIEWER and {c.code for c in view.ecart} == {
            "1H", "DS", "VS", "DC", "VC", "4C"}


def _tarot3_prise_east_wins(view: TrickView | TarotView) -> bool:
    assert isinstance(view, TarotView)
    return view.taker == VIEWER and view.contract is Contract.PRISE and \
        view.tricks[0].winner == 1 and {c.code for c in view.ecart} == {
            "DD", "VD", "2D", "1D", "DH", "8H"} and \
        [c.code for c in view.hand if c.code.endswith("D")] == ["RD"]


def _tarot5_king_called_partner_shown(view: TrickView | TarotView) -> bool:
    assert isinstance(view, TarotView) and view.called is not None
    return view.taker == VIEWER and view.contract is Contract.GARDE and \
        view.called.code == "RC" and view.partner == 2 and len(view.ecart) == 3


WHAT_THE_WORDS_SAY: dict[str, Callable[[TrickView | TarotView], bool]] = {
    "belote": _belote_taken_in_clubs,
    "belote2": _belote_second_round_spades,
    "coinche": _coinche_140_hearts,
    "coinche2": _coinche2_100_hearts_ace_and_queen_unseen,
    "decouverte": _decouverte_trumped_void_then_jack_took_the_nine,
    "decouverte_coinche": _decouverte_coinche_120_clubs_trumped_with_the_belote,
    "tarot": _tarot_garde_won_first_trick,
    "tarot3": _tarot3_prise_east_wins,
    "tarot5": _tarot5_king_called_partner_shown,
}


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_lesson_plays_through_the_engine_to_its_end(lesson: Lesson) -> None:
    match, at_steps = script_played(lesson)
    run = LessonRun(lesson)
    assert isinstance(lesson.script[-1], Step)  # the script ends with the player's move
    assert WHAT_THE_WORDS_SAY[lesson.id](match.view(VIEWER).deal)
    for step_match, step in zip(at_steps, lesson.steps, strict=True):
        hand = {c.code for c in step_match.view(VIEWER).deal.hand}
        legal = {token(a) for a in step_match.view(VIEWER).deal.legal}
        for lit in step.highlight:  # a lit card is in the hand, a lit button is legal
            assert lit in hand or lit == ECART_CONFIRM or any(
                word == lit or word.startswith(lit + " ") for word in legal), lit
        assert card_of(step.expect) is None or card_of(step.expect) in hand
    # then any legal move: the deal is played out and scored
    rng = random.Random(lesson.deal)
    while not match.history:
        seat = match.current_player
        assert seat is not None
        assert run.refusal(match, [match.view(seat).deal.legal[-1]]) is None
        match, _ = match.apply(decide(match.view(seat), Level.DEBUTANT, rng).action)
    assert run.words(match) == lesson.free_key


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_lesson_speaks_french_and_english(lesson: Lesson) -> None:
    keys = [lesson.title_key, lesson.free_key, lesson.end_key]
    keys += [key for step in lesson.steps for key in (step.key, step.why) if key]
    for language in LANGUAGES:
        texts = Texts(language)
        for key in keys:
            assert texts.has_key(key) and texts.tr(key) != key, (language, key)


def test_a_wrong_card_gets_the_rule_and_the_lesson_goes_on_when_retried() -> None:
    belote = lesson_by_id("belote")
    assert belote is not None
    run = LessonRun(belote)
    match = run.replayed(2)  # taken, announced: the J♦ must follow the A♦
    assert run.expected(match) == belote.steps[2]
    view = match.view(VIEWER).deal
    wrong = next(a for a in legal_actions_any_card(match) if token(a) != "PlayCard JD False")
    assert wrong not in view.legal
    assert run.refusal(match, [wrong]) == ("illegal.follow_suit", (("suit", wrong_suit(view)),))
    # a legal move that is not the lesson's: the lesson's own reason
    later = run.replayed(3)  # the partner's exception: any card is legal, the 10♥ asked
    other = next(a for a in later.view(VIEWER).deal.legal if token(a) != "PlayCard TH False")
    assert run.refusal(later, [other]) == ("lesson.belote.partner_why", ())


def at_step(lesson_id: str, key: str) -> tuple[LessonRun, Match]:
    """The lesson and its match at the player's step whose words are ``key``."""
    lesson = lesson_by_id(lesson_id)
    assert lesson is not None
    run = LessonRun(lesson)
    return run, run.replayed(next(i for i, step in enumerate(lesson.steps) if step.key == key))


def test_the_contree_a_deux_lesson_says_what_its_deal_holds() -> None:
    """Ten cards each and twelve aside; bids from 50 to 130 and capot; one pass ends the
    auction; at the count, North holds 8 of the 20 cards the player does not see."""
    run, bidding = at_step("coinche2", "lesson.coinche2.bid")
    view = bidding.view(VIEWER).deal
    assert isinstance(view, TrickView) and len(view.hand) == 10 and view.aside_count == 12
    values = sorted({a.value for a in view.legal if isinstance(a, Bid) and not a.is_capot})
    assert values == list(range(50, 131, 10))
    assert any(isinstance(a, Bid) and a.value == CAPOT_BID for a in view.legal)
    wrong = next(a for a in view.legal if token(a) == "Bid 80 1 suit")
    assert run.refusal(bidding, [wrong]) == ("lesson.coinche2.bid_why", ())
    _, announcing = at_step("coinche2", "lesson.coinche2.announce")
    assert announcing.phase is Phase.PLAY  # North's one pass ended it
    _, counting = at_step("coinche2", "lesson.coinche2.count")
    mine = counting.view(VIEWER).deal
    assert isinstance(mine, TrickView)
    seen = {c.code for c in mine.hand} | {c.code for t in mine.tricks for c in t.cards}
    assert 32 - len(seen) == 20 and len(counting.view(1).deal.hand) == 8
    assert mine.aside_count == 12 and not {"AH", "QH"} & seen


def test_the_decouverte_lesson_says_what_its_piles_hold() -> None:
    """The trump proposed is the player's last face-up card; at the ace of spades he has
    a spade face down and none face up, and must trump; then the queen of clubs turned
    under his 7, and North's only face-up club, the 9, is all he may play on the jack."""
    run, taking = at_step("decouverte", "lesson.decouverte.take")
    view = taking.view(VIEWER).deal
    assert isinstance(view, TrickView) and view.retourne is not None
    assert view.table_piles[VIEWER][-1][0] == view.retourne and view.retourne.code == "8C"
    _, void = at_step("decouverte", "lesson.decouverte.void")
    piles = void.deal.piles[VIEWER]  # type: ignore[union-attr]
    assert not any(up is not None and up.suit is Suit.SPADES for up, _ in piles)
    assert any(down is not None and down.suit is Suit.SPADES for _, down in piles)
    plays = {token(a): a for a in void.view(VIEWER).deal.legal}
    assert set(plays) == {"PlayCard JC False", "PlayCard TC False", "PlayCard 8C False",
                          "PlayCard 7C False"}
    ace = next(play for card, play in PLAY_OF.items() if card.code == "AH")
    assert run.refusal(void, [ace]) == ("illegal.must_trump", ())
    assert run.refusal(void, [plays["PlayCard JC False"]]) == ("lesson.decouverte.void_why", ())
    seven = next(i for i, (up, _) in enumerate(piles) if up is not None and up.code == "7C")
    _, turned = at_step("decouverte", "lesson.decouverte.turned")
    view = turned.view(VIEWER).deal
    assert isinstance(view, TrickView)
    up = view.table_piles[VIEWER][seven][0]
    assert up is not None and up.code == "QC"
    norths = [up.code for up, _ in view.table_piles[1] if up is not None and up.suit is Suit.CLUBS]
    assert norths == ["9C"]
    led, _ = turned.apply(legal_with_token(turned, "PlayCard JC False"))
    assert [token(a) for a in led.view(1).deal.legal] == ["PlayCard 9C False"]


def face_up_at(match: Match, code: str) -> int:
    """The player's pile whose face-up card is ``code``."""
    piles = match.view(VIEWER).deal.table_piles[VIEWER]  # type: ignore[union-attr]
    return next(i for i, (up, _) in enumerate(piles) if up is not None and up.code == code)


def test_the_coinche_decouverte_lesson_says_what_its_piles_hold() -> None:
    """The four-player ladder over North's 100; the 10 of hearts the only face-up heart,
    the 7 of hearts turned under it; the 7 of diamonds the only face-up diamond, the ace
    of clubs turned under it; then no diamond face up: clubs only."""
    run, bidding = at_step("decouverte_coinche", "lesson.decouverte_coinche.bid")
    assert lesson_rules(run.lesson).bid_ladder == tuple(range(80, 161, 10))
    view = bidding.view(VIEWER).deal
    values = sorted({a.value for a in view.legal if isinstance(a, Bid)})
    assert values == [*range(110, 161, 10), CAPOT_BID]
    _, following = at_step("decouverte_coinche", "lesson.decouverte_coinche.follow")
    ten = face_up_at(following, "TH")
    assert [token(a) for a in following.view(VIEWER).deal.legal] == ["PlayCard TH False"]
    _, diamond = at_step("decouverte_coinche", "lesson.decouverte_coinche.diamond")
    assert face_up_at(diamond, "7H") == ten
    seven = face_up_at(diamond, "7D")
    assert [token(a) for a in diamond.view(VIEWER).deal.legal] == ["PlayCard 7D False"]
    run, trumping = at_step("decouverte_coinche", "lesson.decouverte_coinche.belote")
    assert face_up_at(trumping, "AC") == seven
    legal = trumping.view(VIEWER).deal.legal
    assert {token(a).split()[1][-1] for a in legal} == {"C"}
    king = next(a for a in legal if token(a).startswith("PlayCard KC"))
    assert run.refusal(trumping, [king]) == ("lesson.decouverte_coinche.belote_why", ())


def legal_actions_any_card(match: Match) -> list[object]:
    from game.engine.actions import PLAY_OF

    return [PLAY_OF[c] for c in match.view(VIEWER).deal.hand]  # type: ignore[index]


def wrong_suit(view: TrickView | TarotView) -> object:
    assert isinstance(view, TrickView)
    return view.trick[0][1].suit


def open_lesson_by_clicks(app: App, lesson_id: str) -> TableScene:
    """The menu's Learn, then the lesson's button."""
    app.go(routes.MENU)
    app.step(DT, [])
    menu = app.top
    learn = next(b for b in menu.buttons if b.label() == tr("menu.learn"))  # type: ignore[attr-defined]
    app.step(DT, click(app, learn.rect.center))
    app.step(DT, [])
    scene = app.top
    assert isinstance(scene, LessonsScene)
    index = next(i for i, lesson in enumerate(LESSONS) if lesson.id == lesson_id)
    app.step(DT, click(app, scene.play_buttons[index].rect.center))
    app.step(DT, [])
    table = app.top
    assert isinstance(table, TableScene) and table.lesson is not None
    return table


def test_the_table_refuses_a_wrong_card_with_the_reason_then_takes_the_right_one(
        app: App) -> None:
    animate_at(app, FAST)
    table = open_lesson_by_clicks(app, "belote")
    for _ in range(2):  # take, announce
        run_until_human(app, table)
        lesson_turn(app, table)
    run_until_human(app, table)
    controller = table.controller
    assert table.lesson is not None and table.narrator is not None
    assert table.lesson.expected(controller.match) == table.lesson.lesson.steps[2]
    before = controller.actions_applied
    wrong = next(c for c, _ in table.hand_layout() if c.code != "JD")
    app.step(DT, click(app, card_click(table, wrong)))
    assert controller.actions_applied == before
    assert controller.message is not None and controller.message[0] == "illegal.follow_suit"
    assert tr("lesson.retry") in " ".join(table.narrator.lines())
    lit = table.narrator.lit()
    assert lit == [dict(table.hand_layout())[next(c for c, _ in table.hand_layout()
                                                  if c.code == "JD")]]
    app.step(DT, click(app, lit_point(table, lit[0])))
    assert controller.actions_applied == before + 1
    # the partner's exception: any card is legal, the lesson asks for the 10 of hearts
    run_until_human(app, table)
    assert table.lesson.expected(controller.match) == table.lesson.lesson.steps[3]
    other = next(c for c, _ in table.hand_layout() if c.code == "QS")
    app.step(DT, click(app, card_click(table, other)))
    assert controller.actions_applied == before + 4  # three computers' cards, not this
    assert controller.message == ("lesson.belote.partner_why", ())


def test_progress_is_remembered_across_a_restart_and_the_lesson_resumes(
        tmp_path: Path) -> None:
    first = App(storage=Storage(tmp_path))
    first.push(Scene(first))
    animate_at(first, FAST)
    table = open_lesson_by_clicks(first, "tarot")
    for _ in range(2):  # the garde, the écart
        run_until_human(first, table)
        lesson_turn(first, table)
    assert first.storage is not None
    assert first.storage.lessons.of("tarot") == LessonMark(steps=8, done=False)
    table.dispose()
    first.close()

    # the app restarted: the Learn screen says where the lesson stands
    again = App(storage=Storage(tmp_path))
    again.push(Scene(again))
    animate_at(again, FAST)
    assert again.storage is not None and again.storage.lessons.of("tarot").steps == 8
    resumed = open_lesson_by_clicks(again, "tarot")
    assert resumed.lesson is not None
    assert resumed.lesson.steps_done(resumed.controller.match) == 8
    run_until_human(again, resumed)
    assert resumed.narrator is not None
    assert resumed.narrator.lines()[0].split()[0] == tr("lesson.tarot.follow").split()[0]
    sheet = play_lesson(again, resumed)
    assert again.storage.lessons.of("tarot") == LessonMark(steps=0, done=True)
    for _ in range(60):  # the sheet takes clicks once it has been seen a moment
        again.step(DT, [])
    again.step(DT, click(again, sheet.next_button.rect.center))
    assert isinstance(again.top, LessonsScene)
    assert again.top.status(resumed.lesson.lesson, again.storage.lessons) == tr("lesson.done")
    resumed.dispose()
    again.close()
    assert Storage(tmp_path).lessons.of("tarot").done  # on disk, for the next start


@pytest.mark.parametrize("lesson_id", ["belote", "coinche", "coinche2", "decouverte",
                                       "decouverte_coinche"])
def test_a_lesson_played_by_clicks_reaches_its_score_sheet_and_is_done(
        tmp_path: Path, lesson_id: str) -> None:
    app = App(storage=Storage(tmp_path))
    app.push(Scene(app))
    animate_at(app, FAST)
    table = open_lesson_by_clicks(app, lesson_id)
    sheet = play_lesson(app, table)
    assert isinstance(sheet, ScoreSheet) and sheet.table is table
    assert app.host.controller is None  # a lesson is not the match in progress
    assert not app.host.can_continue  # nor saved as one
    assert app.storage is not None and app.storage.lessons.of(lesson_id).done
    table.dispose()
    app.close()


@pytest.mark.parametrize(("words", "window"), [("en", (1280, 720)), ("fr", (1280, 720)),
                                               ("fr", (960, 540))])
def test_every_lesson_step_passes_the_eye_checks(tmp_path: Path, words: str,
                                                 window: tuple[int, int]) -> None:
    """At each of the player's steps of every lesson, the narrator's words stay inside
    its panel, which covers nothing drawn on the table (the cards it talks about
    included), in the language's own words; and the end's words on the score sheet."""
    from tools.eye_checks import look, problems
    from tools.screenshots import played_out

    app = App(window_size=window, storage=Storage(tmp_path), language_override=words)
    app.push(Scene(app))
    animate_at(app, FAST)
    found: list[str] = []
    for lesson in LESSONS:
        run = LessonRun(lesson)
        for steps in [index for index, step in enumerate(lesson.steps) if step.key]:
            table = TableScene(app, lesson_config(lesson), run.replayed(steps), lesson=run)
            app.push(table)
            run_until_human(app, table)
            app.step(DT, [])
            assert table.narrator is not None
            if run.highlight(table.controller.match):  # what the step needs glows
                assert table.narrator.lit(), f"{lesson.id} step {steps}: nothing lit"
            found += problems(look(app), f"{lesson.id} step {steps}")
            if steps == 0:
                table.model.record = played_out(run.replayed(0)).history[0]
                app.push(ScoreSheet(app, table))
                app.step(DT, [])
                found += problems(look(app), f"{lesson.id} end")
                app.pop()
            app.pop()
            table.dispose()
    app.close()
    assert found == [], "\n".join(found[:20])  # the narrator's words readable at 960×540


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_the_end_words_frame_the_sheet_lines_they_talk_about(tmp_path: Path,
                                                              lesson: Lesson) -> None:
    """The lines the last words name (the count, the announcements, the score...) are
    framed on the lesson's score sheet, the others not."""
    from game.ui.scenes.breakdown import breakdown_rows
    from game.ui.scenes.scoresheet import LESSON_LIT
    from tools.screenshots import played_out

    terms = ENGLISH.has_key
    assert all(terms(f"term.{key}") or terms(f"term.{key}.one")  # a term of the sheet
               for key in lesson.sheet_lines)
    app = App(storage=Storage(tmp_path))
    app.push(Scene(app))
    run = LessonRun(lesson)
    table = TableScene(app, lesson_config(lesson), run.replayed(0), lesson=run)
    app.push(table)
    record = played_out(run.replayed(0)).history[0]
    table.model.record = record
    sheet = ScoreSheet(app, table)
    app.push(sheet)
    app.step(DT, [])
    rows = breakdown_rows(ENGLISH, record.result.lines, record.carried, record.totals)
    framed = [key for key, _ in sheet.framed]
    assert framed == [row.key for row in rows if row.key in lesson.sheet_lines]
    assert "deal_score" in framed and "totals" not in framed and len(framed) >= 2
    for _, frame in sheet.framed:
        assert app.screen.get_at(frame.midleft)[:3] == LESSON_LIT
    assert "framed in blue" in tr(lesson.end_key)
    table.dispose()
    app.close()


def test_the_lessons_import_no_pygame_and_no_ui() -> None:
    """The lessons are data and rules: the script, its checks and the keeper of its
    progress load and run without pygame or the UI."""
    code = ("import sys\n"
            "import game.lessons.catalogue, game.lessons.keeper, game.lessons.run\n"
            "from game.lessons.catalogue import LESSONS\n"
            "from game.lessons.run import LessonRun\n"
            "[LessonRun(lesson).replayed(1) for lesson in LESSONS]\n"
            "loaded = [name for name in sys.modules if name.startswith(('pygame', 'game.ui'))]\n"
            "assert not loaded, loaded\n")
    subprocess.run([sys.executable, "-c", code], check=True,
                   cwd=Path(__file__).resolve().parent.parent)


def test_the_tarot_narrator_stays_clear_of_the_messages_and_of_wests_cards(
        tmp_path: Path) -> None:
    """Six cards laid aside, "Écart complete…" takes the message's place: the narrator
    finds room clear of it (its words whole); at the steps of the play it covers none
    of the opponents' cards either."""
    from game.ui.kit.drawlog import recording

    app = App(storage=Storage(tmp_path))
    app.push(Scene(app))
    animate_at(app, FAST)
    lesson = lesson_by_id("tarot")
    assert lesson is not None
    run = LessonRun(lesson)
    ecart_step = next(i for i, step in enumerate(lesson.steps)
                      if step.key == "lesson.tarot.ecart")
    table = TableScene(app, lesson_config(lesson), run.replayed(ecart_step), lesson=run)
    app.push(table)
    run_until_human(app, table)
    app.step(DT, [])  # the écart follows the hand
    for code in ("1H", "DS", "VS", "DC", "VC", "4C"):
        table.ecart.toggle(next(c for c in table.ecart.allowed() if c.code == code))
    app.step(DT, [])
    assert table.message_text() == tr("table.ecart_complete")
    narrator, message = table.narrator, table.messages.message_rect()
    assert narrator is not None and message is not None
    assert not narrator.rect().colliderect(message)
    with recording(app.screen) as log:
        app.draw()
    words = {shown.words for shown in log.texts}
    assert set(narrator.lines()) <= words
    app.pop()
    table.dispose()
    follow = next(i for i, step in enumerate(lesson.steps) if step.key == "lesson.tarot.follow")
    for steps in (follow, follow + 1):
        table = TableScene(app, lesson_config(lesson), run.replayed(steps), lesson=run)
        app.push(table)
        run_until_human(app, table)
        app.step(DT, [])
        assert table.narrator is not None
        assert table.narrator.rect().collidelist(table._backs()) < 0, steps
        app.pop()
        table.dispose()
    app.close()


@pytest.mark.parametrize(("words", "lesson_id"), [
    ("en", "decouverte"), ("fr", "decouverte"), ("en", "decouverte_coinche"),
    ("fr", "decouverte_coinche")])
def test_the_decouverte_narrator_never_covers_a_pile(tmp_path: Path, words: str,
                                                     lesson_id: str) -> None:
    """The découverte's lessons talk about the face-up cards of both players: at each of
    their steps the narrator leaves every pile in view, North's as well as the player's
    (North's are not card backs it may cover when short of room)."""
    app = App(storage=Storage(tmp_path), language_override=words)
    app.push(Scene(app))
    animate_at(app, FAST)
    lesson = lesson_by_id(lesson_id)
    assert lesson is not None
    run = LessonRun(lesson)
    for steps in range(len(lesson.steps)):
        table = TableScene(app, lesson_config(lesson), run.replayed(steps), lesson=run)
        app.push(table)
        run_until_human(app, table)
        app.step(DT, [])
        assert table.narrator is not None and table._backs() == []
        norths = [rect for name, rect in table._parts_placed() if name == "backs 1"]
        mine = [rect for name, rect in table._parts_placed() if name == "hand"]
        assert norths and mine, steps
        assert table.narrator.rect().collidelist([*norths, *mine]) < 0, steps
        app.pop()
        table.dispose()
    app.close()
