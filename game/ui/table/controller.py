"""Between the table and the engine: human clicks become actions, the engine's events
are released one by one at the pace of the animations, and the next player (human or
computer) is asked only once every event has been shown.

No pygame here: the table registers ``on_event`` (it starts the tweens and sounds for
an event and returns how long to wait before the next one), so the whole flow runs
headless in tests.  Computer players think in a worker thread; a minimal think delay
lets the human follow.  While the human thinks over a card, the same worker prepares
the Expert's search for each situation the next computer seat may face
(``game.ai.ponder``), one short slice per frame.
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from typing import Any

from game.advice import Advisor, Verdict, current_position
from game.ai import DEFAULT_THINK, Decision, Level, decide
from game.ai.ponder import Ponder, Situation, likely_first
from game.engine.actions import PLAY_OF, DealScored
from game.engine.cards import Card
from game.engine.match import AnyRules, DealRecord, Match, MatchView, NewDeal
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
from game.ui.table.model import Say, TableModel

CARD_ACTIONS = (CardPlayAction, TarotDiscard)

THINK_DELAY = 0.7  # seconds a computer player "thinks" at normal speed, at least
# Seconds of pondering the worker does per frame at most, while the human thinks: the
# frame's own work waits for the GIL at most this long (measured: bench/frames.py).
PONDER_SLICE = 0.008
MESSAGE_TIME = 3.0


@dataclass(frozen=True)
class SeatConfig:
    human: bool = False
    level: Level = Level.CONFIRME


@dataclass(frozen=True)
class GameConfig:
    """A game to start: its rules, the seats, the match seed (and a chosen deal number
    for the first deal: "play this deal again")."""

    rules: AnyRules
    seats: tuple[SeatConfig, ...]
    seed: int
    first_deal: int | None = None


EventHandler = Callable[[Event], float]


def card_action(view: TrickView | TarotView, c: Card | TarotCard) -> Action:
    """What a click on ``c`` asks of the engine: set it aside in the tarot écart, else
    play it."""
    if isinstance(c, TarotCard):
        return DISCARD_OF[c] if view.phase is Phase.EXCHANGE else TAROT_PLAY_OF[c]
    return PLAY_OF[c]


class Controller:
    def __init__(
        self,
        rules: AnyRules,
        seed: int,
        seats: Sequence[SeatConfig],
        speed: float = 1.0,
        viewer: int = 0,
        match: Match | None = None,
        first_deal: int | None = None,
        think: float = DEFAULT_THINK,
        ponder: bool = True,
        advice: Advisor | None = None,
    ) -> None:
        """A new match of ``rules`` from ``seed`` (its first deal ``first_deal`` when
        given), or ``match`` resumed (a saved one).  ``think``: the most seconds the
        Expert spends on one decision, its seats' and the hint's (the setting).
        ``ponder``: the Expert seats think on the human's time (it never changes what
        they decide, only how much they see in the same deadline).  ``advice``: the verdicts'
        memory the hint asks (the host's, which the review's coach shares)."""
        if len(seats) != rules.players:
            raise ValueError("one seat configuration per player")
        self.rules = rules
        self.seats = tuple(seats)
        self.speed = speed
        self.think = think
        self.viewer = viewer
        self.model = TableModel(rules.players, viewer, rules.target, rules.game,
                                rules.has_teams)
        self.on_event: EventHandler = lambda event: 0.0
        self.on_action: Callable[[Match], None] = lambda match: None
        self.undo_hook: Callable[[Match, int], Match | None] = (
            lambda match, seat: None if match.is_over else match.undo_last_action_of(seat))
        self._pending: deque[tuple[Event, DealRecord | None]] = deque()
        self._wait = 0.0
        self._rngs = [random.Random(seed * 31 + seat) for seat in range(rules.players)]
        self.advice = advice or Advisor()
        self._hint: Future[Verdict] | None = None
        self._hint_asked_at = -1  # actions_applied when the hint was asked
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="atout-ai")
        self._thinking: Future[Decision] | None = None
        self._think_time = 0.0
        self.ponder = Ponder() if ponder else None  # used in the worker thread only
        self._pondered: Match | None = None  # the position the ponder prepares for
        self._ponder_job: Future[bool | None] | None = None
        self._drawing = False  # a frame is under way (between update and frame_drawn)
        self.message: Say | None = None
        self._message_time = 0.0
        self.actions_applied = 0
        if match is None:
            self.match, events = Match.new(rules, seed, first_deal)
            self._queue(events, None)
        else:
            self.match = match
            self._show_current_deal()

    # --- state the table reads ---------------------------------------------------------------

    @property
    def idle(self) -> bool:
        """Every event shown: the current player is being asked."""
        return not self._pending and self._wait <= 0

    @property
    def human_to_act(self) -> bool:
        seat = self.match.current_player
        return self.idle and seat is not None and self.seats[seat].human

    @property
    def thinking_seat(self) -> int | None:
        return self.match.current_player if self._thinking is not None else None

    @property
    def pondering(self) -> bool:
        """The human is to act and the Expert seats still prepare for what may follow."""
        job = self._ponder_job
        more = job is None or not job.done() or job.result() is not False
        return self.human_to_act and self._pondered is self.match and more

    @property
    def is_over(self) -> bool:
        return self.match.is_over and not self._pending

    def human_view(self) -> MatchView:
        return self.match.view(self.viewer)

    def human_legal(self) -> tuple[Action, ...]:
        """What the viewer may do now (nothing while animations run)."""
        if not self.human_to_act or self.match.current_player != self.viewer:
            return ()
        return self.match.view(self.viewer).deal.legal

    def request_hint(self) -> None:
        """Ask for the verdict of the viewer's position (``game.advice``: the same the
        review reads); it is weighed in the worker thread, so the frames go on."""
        if not self.human_legal() or self._hint_asked_at == self.actions_applied:
            return
        self._hint_asked_at = self.actions_applied
        match, seat = self.match, self.viewer
        self._hint = self._executor.submit(
            lambda: self.advice.verdict(current_position(match, seat)))

    def hint(self) -> Verdict | None:
        """The verdict on the current move, once weighed."""
        asked_now = self._hint_asked_at == self.actions_applied
        if self._hint is None or not asked_now or not self._hint.done():
            return None
        return self._hint.result()

    def legal_cards(self) -> set[Any]:
        """The cards the viewer may click now (to play, or to discard in tarot)."""
        return {a.card for a in self.human_legal() if isinstance(a, CARD_ACTIONS)}

    # --- the loop ---------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self._drawing = True  # a frame begins: the pondering stops at its next step
        if self.message is not None:
            self._message_time -= dt
            if self._message_time <= 0:
                self.message = None
        self._wait -= dt
        while self._wait <= 0 and self._pending:
            event, record = self._pending.popleft()
            self.model.apply(event, record)
            self._wait = max(self._wait, 0.0) + self.on_event(event)
        if self.idle:
            self._ask_next(dt)

    def wait_for_computer(self, timeout: float) -> None:
        """Give a thinking (or pondering) computer up to ``timeout`` seconds, as a real
        frame's sleep would: headless loops (the smoke run) step frames without sleeping, and would
        otherwise count frames by the thousand while the worker waits for its turn."""
        busy: Future[Any] | None = self._thinking or self._ponder_job
        if busy is not None:
            wait([busy], timeout=timeout)

    def skip(self) -> None:
        """A click: stop waiting for the current animation."""
        self._wait = 0.0

    def hold(self) -> None:
        """Show nothing more until ``release`` (a trick waits for the player's click)."""
        self._wait = math.inf

    def release(self, after: float) -> None:
        """Go on ``after`` seconds from now (the held trick's collection)."""
        self._wait = after

    def _ask_next(self, dt: float) -> None:
        seat = self.match.current_player
        if seat is None or self.seats[seat].human:
            return
        if self._thinking is None:
            view = self.match.view(seat)
            level = self.seats[seat].level
            expert = self.ponder is not None and level is Level.EXPERT  # it may resume
            ask = self.ponder.decide if self.ponder is not None and expert else decide
            self._thinking = self._executor.submit(
                ask, view, level, self._rngs[seat], self.think)
            self._think_time = 0.0
        self._think_time += dt
        if self._thinking.done() and self._think_time >= THINK_DELAY * self.speed:
            decision = self._thinking.result()  # re-raises an AI error: never hidden
            self._thinking = None
            self._apply(decision.action)

    def frame_drawn(self) -> None:
        """The frame is on screen: while the human thinks over a card, the worker
        ponders for one short slice while the main thread sleeps until the next frame
        (the next ``update`` interrupts it at its next step).  The situations are
        listed (in the worker) once per position, then worked on until every search is
        prepared.  A move, an undo or a new deal changes the position: what was
        prepared for the old one is replaced."""
        self._drawing = False
        if self.ponder is None or not self.human_to_act:
            return
        job = self._ponder_job
        if job is not None and not job.done():
            return
        if self._pondered is not self.match:
            self._pondered = self.match
            self._ponder_job = self._executor.submit(
                self.ponder.prepare, self._situations(self.match), self.think)
        elif job is None or job.result() is not False:  # re-raises an AI error
            self._ponder_job = self._executor.submit(self.ponder.work, PONDER_SLICE,
                                                     self._in_frame)

    def _in_frame(self) -> bool:
        """Read by the worker between two steps of pondering."""
        return self._drawing

    def _situations(self, match: Match) -> Iterator[Situation]:
        """What the next seat may face after each card the human may play, the card the
        Confirmé would play in his place first: the next seat's view (the AI sees no
        more) and its generator, when that seat is an Expert.  Run in the worker."""
        view = match.view(self.viewer)
        if view.deal.phase is not Phase.PLAY:
            return
        for action in likely_first(view):
            after, _ = match.apply(action)
            seat = after.current_player
            if seat is not None and self.seats[seat].level is Level.EXPERT \
                    and not self.seats[seat].human:
                yield after.view(seat), self._rngs[seat]

    # --- human input ------------------------------------------------------------------

    def play_card(self, c: Card | TarotCard) -> bool:
        """The viewer clicked ``c``: play (or discard) it, saying belote with it when
        possible, or refuse with the reason in words."""
        legal = self.human_legal()
        plays = [a for a in legal if isinstance(a, CARD_ACTIONS) and a.card == c]
        if not plays:
            view = self.match.view(self.viewer).deal
            if self.human_to_act or view.current_player != self.viewer:
                self.tell(self.refusal(card_action(view, c)))
            return False
        self._apply(max(plays, key=lambda a: getattr(a, "belote", False)))
        return True

    def act(self, action: Action) -> bool:
        """A button (bid, pass, announce, arrêt...): applied when legal, else refused."""
        if action not in self.human_legal():
            self.tell(self.refusal(action))
            return False
        self._apply(action)
        return True

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
        for card in ecart_order(cards):
            self._apply(TarotDiscard(card))
        if AnnounceChelem() in self.match.view(self.viewer).deal.legal:
            self._apply(AnnounceChelem() if chelem else DeclineChelem())
        return True

    def tell(self, say: Say) -> None:
        self.message, self._message_time = say, MESSAGE_TIME

    def _apply(self, action: Action) -> None:
        try:
            self.match, events = self.match.apply(action)
        except IllegalAction as refused:
            self.tell(refused.reason)
            return
        self.actions_applied += 1
        self.on_action(self.match)
        record = self.match.history[-1] if any(isinstance(e, DealScored) for e in events) \
            else None
        self._queue(events, record)

    def _queue(self, events: list[Event], record: DealRecord | None) -> None:
        for event in events:
            visible = event.visible_to(self.viewer)
            if visible is not None:
                self._pending.append((visible, record))

    def undo(self) -> bool:
        """Take back the viewer's last action (and everything after it).  With a
        ``undo_hook`` (the session: it checks the setting and saves), that decides."""
        earlier = self.undo_hook(self.match, self.viewer)
        if earlier is None:
            self.tell(("illegal.no_undo", ()))
            return False
        self._pending.clear()
        self._wait = 0.0
        self._thinking = None  # a move being thought is dropped with the old position
        self.match = earlier
        self.model.reset()
        self._show_current_deal()
        return True

    def _show_current_deal(self) -> None:
        """A resumed match: the model catches up at once with the deal in progress (its
        events replayed from the saved actions, without animation)."""
        match = self.match
        replay, events = Match.new(match.rules, match.seed, match.first_deal)
        for action in match.actions:
            replay, new_events = replay.apply(action)
            events.extend(new_events)
        starts = [i for i, e in enumerate(events) if isinstance(e, NewDeal)]
        for event in events[starts[-1] if starts else 0:]:
            visible = event.visible_to(self.viewer)
            if visible is not None:
                self.model.apply(visible)
        self.model.totals = match.totals

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)

    def __del__(self) -> None:
        executor: Any = getattr(self, "_executor", None)
        if executor is not None:
            executor.shutdown(wait=False)
