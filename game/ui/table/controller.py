"""Between the table and the engine: human clicks become actions, the engine's events
are released one by one at the pace of the animations (``event_queue``), and the next
player (human or computer) is asked only once every event has been shown.

The controller is handed the match in progress (``game.match_in_play.MatchInPlay``, its
one owner) and the table's ``on_event`` when it is built: it keeps no match of its own.
Undo and redo move the owner to a kept state and show that state's deal again, without
animation.  No pygame here, so the whole flow runs headless in tests.  The computer seats
think in a worker thread (``computer_seats``), where the hint (``hint``) thinks too.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.advice import Advisor, Verdict
from game.ai import DEFAULT_THINK
from game.engine.actions import PLAY_OF, DealScored
from game.engine.cards import Card
from game.engine.match import AnyRules, DealRecord, Match, MatchView
from game.engine.protocol import Action, CardPlayAction, Event, IllegalAction, Phase
from game.engine.tarot import (
    AnnounceChelem,
    DeclineChelem,
    ShowPoignee,
    TarotDiscard,
    TarotView,
    check_poignee,
)
from game.engine.tarot_actions import DISCARD_OF
from game.engine.tarot_actions import PLAY_OF as TAROT_PLAY_OF
from game.engine.tarot_cards import TarotCard
from game.engine.tarot_tricks import ecart_order
from game.engine.trickgame import TrickView
from game.match_in_play import MatchInPlay
from game.ui.table.computer_seats import ComputerSeats, SeatConfig, new_worker
from game.ui.table.event_queue import EventQueue
from game.ui.table.hint import Hint
from game.ui.table.model import Say, TableModel

if TYPE_CHECKING:
    from game.lessons.run import LessonRun

__all__ = ["CARD_ACTIONS", "Controller", "EventHandler", "GameConfig", "Pace", "SeatConfig",
           "card_action", "no_animation"]

CARD_ACTIONS = (CardPlayAction, TarotDiscard)
MESSAGE_TIME = 3.0


@dataclass(frozen=True)
class GameConfig:
    """A game to start: its rules, the seats, the match seed (and a chosen deal number
    for the first deal: "play this deal again")."""

    rules: AnyRules
    seats: tuple[SeatConfig, ...]
    seed: int
    first_deal: int | None = None


@dataclass(frozen=True)
class Pace:
    """The player's settings the match runs by, read at each frame."""

    speed: float = 1.0  # the animations' and the computers' delays (lower: faster)
    think: float = DEFAULT_THINK  # the most seconds the Expert spends on one decision


EventHandler = Callable[[Event], float]


def no_animation(event: Event) -> float:
    return 0.0


def card_action(view: TrickView | TarotView, c: Card | TarotCard) -> Action:
    """What a click on ``c`` asks of the engine: set it aside in the tarot écart, else
    play it."""
    if isinstance(c, TarotCard):
        return DISCARD_OF[c] if view.phase is Phase.EXCHANGE else TAROT_PLAY_OF[c]
    return PLAY_OF[c]


class Controller:
    def __init__(
        self,
        play: MatchInPlay,
        seats: Sequence[SeatConfig],
        *,
        on_event: EventHandler = no_animation,
        viewer: int = 0,
        pace: Callable[[], Pace] = Pace,
        ponder: bool = True,
        advice: Advisor | None = None,
        lesson: LessonRun | None = None,
    ) -> None:
        """The table's side of ``play``, the match in progress (a new one's deal is
        animated, a resumed one's shown at once).  ``on_event`` animates an event and
        says how long to wait before the next one; ``pace`` gives the settings' speed
        and thinking time at each frame; ``ponder``: the Expert seats think on the
        human's time; ``advice``: the verdicts' memory the hint asks (the host's, which
        the review's coach shares); ``lesson``: its script the computers play."""
        rules = play.match.rules
        if len(seats) != rules.players:
            raise ValueError("one seat configuration per player")
        self.play, self.rules, self.seats, self.viewer = play, rules, tuple(seats), viewer
        self._pace, self._on_event = pace, on_event
        self.model = TableModel(rules.players, viewer, rules.target, rules.game,
                                rules.has_teams, deals=getattr(rules, "deals", None))
        self.events = EventQueue(viewer, self._show)
        worker = new_worker()  # the computers', the hint's and the notes' thread
        self._hint = Hint(advice or Advisor(), worker.submit)
        self.computers = ComputerSeats(
            seats, viewer, ponder, lesson,
            functools.partial(self._hint.ponder, viewer) if ponder else None, worker)
        self.message: Say | None = None
        self._message_time = 0.0
        self.actions_applied = 0
        if play.resumed:
            self._show_current_deal()
        else:
            self.events.add(play.opening_events())

    # --- state the table reads ---------------------------------------------------------------

    @property
    def match(self) -> Match:
        return self.play.match

    @property
    def speed(self) -> float:
        return self._pace().speed

    @property
    def think(self) -> float:
        return self._pace().think

    @property
    def idle(self) -> bool:
        """Every event shown: the current player is being asked."""
        return self.events.idle

    @property
    def human_to_act(self) -> bool:
        seat = self.match.current_player
        return self.idle and seat is not None and self.seats[seat].human

    @property
    def thinking_seat(self) -> int | None:
        return self.match.current_player if self.computers.thinking else None

    @property
    def pondering(self) -> bool:
        """The human is to act and the Expert seats still prepare for what may follow."""
        return self.human_to_act and self.computers.pondering(self.match)

    @property
    def is_over(self) -> bool:
        return self.match.is_over and len(self.events) == 0

    def human_view(self) -> MatchView:
        return self.match.view(self.viewer)

    def human_legal(self) -> tuple[Action, ...]:
        """What the viewer may do now (nothing while animations run)."""
        if not self.human_to_act or self.match.current_player != self.viewer:
            return ()
        return self.match.view(self.viewer).deal.legal

    def legal_cards(self) -> set[Any]:
        """The cards the viewer may click now (to play, or to discard in tarot)."""
        return {a.card for a in self.human_legal() if isinstance(a, CARD_ACTIONS)}

    def request_hint(self) -> None:
        """Ask for the verdict of the viewer's position (``game.advice``), in the worker."""
        if self.human_legal():
            self._hint.ask(self.match, self.viewer)

    def hint(self) -> Verdict | None:
        """The verdict on the current position, once weighed."""
        return self._hint.answer(self.match)

    # --- the loop ---------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.computers.frame_began()
        if self.message is not None:
            self._message_time -= dt
            if self._message_time <= 0:
                self.message = None
        self.events.update(dt)
        if self.idle:
            pace = self._pace()
            action = self.computers.decision(self.match, dt, pace.speed, pace.think)
            if action is not None:
                self._apply(action)

    def _show(self, event: Event, record: DealRecord | None) -> float:
        self.model.apply(event, record)
        return self._on_event(event)

    def frame_drawn(self) -> None:
        """The frame is on screen: the Expert seats and the hint may ponder till the next."""
        self.computers.frame_drawn(self.match, self.human_to_act, self.think)

    def wait_for_computer(self, timeout: float) -> None:
        self.computers.wait(timeout)

    # --- human input ------------------------------------------------------------------

    def play_card(self, c: Card | TarotCard) -> bool:
        """The viewer clicked ``c``: play (or discard) it, saying belote with it when
        possible, or refuse with the reason in words."""
        plays = [a for a in self.human_legal() if isinstance(a, CARD_ACTIONS) and a.card == c]
        if not plays:
            view = self.match.view(self.viewer).deal
            if self.human_to_act or view.current_player != self.viewer:
                self.tell(self.refusal(card_action(view, c)))
            return False
        if not_the_lesson(self, [play := max(plays, key=lambda a: getattr(a, "belote", False))]):
            return False
        self._apply(play)
        return True

    def act(self, action: Action) -> bool:
        """A button (bid, pass, announce, arrêt...): applied when legal, else refused."""
        if action not in self.human_legal():
            self.tell(self.refusal(action))
        elif not not_the_lesson(self, [action]):
            self._apply(action)
            return True
        return False

    def refusal(self, action: Action) -> Say:
        """Why the viewer may not do ``action`` now: not his turn, else the reason of
        the engine's rule that refuses it (or the animations still running)."""
        if self.match.current_player != self.viewer:
            return ("illegal.not_your_turn", ())
        try:
            self.match.apply(action)
        except IllegalAction as refused:
            return refused.reason
        return ("illegal.not_now", ())

    def show_poignee(self, cards: Sequence[TarotCard]) -> bool:
        """The viewer shows ``cards`` as a poignée: any valid set of his trumps (the
        legal actions list one set per size), or refused with the reason."""
        if not any(isinstance(a, ShowPoignee) for a in self.human_legal()):
            self.tell(("illegal.not_now", ()))
            return False
        hand = self.match.view(self.viewer).deal.hand
        try:
            check_poignee(hand, cards, self.rules.players,  # type: ignore[arg-type]
                          self.rules.poignee_sizes)  # type: ignore[union-attr]
        except IllegalAction as refused:
            self.tell(refused.reason)
            return False
        self._apply(ShowPoignee(tuple(cards)))
        return True

    def discard(self, cards: Sequence[TarotCard], chelem: bool = False) -> bool:
        """The viewer's whole écart at once ("Valider l'écart"): every card is given to
        the engine, or none when one is refused.  The taker's chelem, announced beside
        the écart (``chelem``) or not, is then said at once: nobody asks him."""
        if not any(isinstance(a, TarotDiscard) for a in self.human_legal()):
            self.tell(("illegal.not_now", ()))
            return False
        trial = self.match
        try:
            for card in ecart_order(cards):
                trial, _ = trial.apply(TarotDiscard(card))
        except IllegalAction as refused:
            self.tell(refused.reason)
            return False
        if not_the_lesson(self, [TarotDiscard(card) for card in ecart_order(cards)]):
            return False
        for card in ecart_order(cards):
            self._apply(TarotDiscard(card))
        if AnnounceChelem() in self.match.view(self.viewer).deal.legal:
            self._apply(AnnounceChelem() if chelem else DeclineChelem())
        return True

    def tell(self, say: Say) -> None:
        self.message, self._message_time = say, MESSAGE_TIME

    def hush(self) -> None:
        self.message = None

    def _apply(self, action: Action) -> None:
        try:
            events = self.play.apply(action)
        except IllegalAction as refused:
            self.tell(refused.reason)
            return
        self.actions_applied += 1
        record = self.match.history[-1] if any(isinstance(e, DealScored) for e in events) \
            else None
        self.events.add(events, record)

    # --- undo and redo ------------------------------------------------------------------

    def undo(self) -> bool:
        """Take back the viewer's last action (and everything after it), when the
        settings allow it."""
        if self.play.undo(self.viewer) is None:
            self.tell(("illegal.no_undo", ()))
            return False
        self._show_current_deal()
        return True

    def redo(self) -> bool:
        """Play again what the last undo took back (nothing new was played since)."""
        if self.play.redo() is None:
            self.tell(("illegal.no_redo", ()))
            return False
        self._show_current_deal()
        return True

    def _show_current_deal(self) -> None:
        """The model catches up at once with the deal in progress (its events shown
        without animation); what was still to show, or being thought, is dropped."""
        self.events.clear()
        self.computers.drop()
        self.model.reset()
        for event in self.play.deal_events():
            visible = event.visible_to(self.viewer)
            if visible is not None:
                self.model.apply(visible)
        self.model.totals = self.match.totals

    def close(self) -> None:
        self.computers.close()


def not_the_lesson(controller: Controller, actions: Sequence[Action]) -> bool:
    """In a lesson, a move other than the lesson's is refused with the rule or the
    lesson's reason (told to the player, who tries again)."""
    lesson = controller.computers.lesson  # the lesson's script, when it is one
    if lesson is None:
        return False
    reason = lesson.refusal(controller.match, actions)
    if reason is not None:
        controller.tell(reason)
    return reason is not None
