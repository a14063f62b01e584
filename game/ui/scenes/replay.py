"""The replay of the last finished deal: every hand face up, the bidding in order, the
contract, then trick by trick (← / →) each card before its player with the winner's
outlined.

The deal is over, so showing every hand is fair: ``deal_story`` replays the match's
actions up to the deal's start with ``Match.replay`` and steps through that deal's own
actions, reading each seat's hand from the engine's full state.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.engine.games import deck_of
from game.engine.match import AnyRules, Match, NewDeal, deal_bounds
from game.engine.protocol import Action, CardPlayedEvent, Event, Phase, TrickWonEvent
from game.engine.tarot import ChienShown
from game.ui.kit.assets import CARD_RATIO
from game.ui.kit.backdrop import draw_backdrop
from game.ui.kit.drawlog import explains
from game.ui.kit.layout import Point, seat_spots
from game.ui.kit.widgets import (
    CREAM,
    GLOW,
    MIN_TEXT,
    Button,
    blit_text,
    panel,
    pointer,
    text,
    wrap,
)
from game.ui.scenes.coach_panel import LOSS, CoachPanel, draw_timeline
from game.ui.scenes.hindsight_panel import HindsightToggle
from game.ui.scenes.review_calls import ReviewCalls
from game.ui.stage import routes
from game.ui.stage.scene import Scene, Stage
from game.ui.table.boxes import REASON_LINE, REASON_TEXT
from game.ui.table.model import Say, TableModel
from game.ui.table.words import card_reason, contract_text, seat_after, seat_name

Hands = tuple[tuple[Any, ...], ...]

CARD_WIDTH = 46
TRICK_CARD_WIDTH = 70
# Where each seat's hand is laid out (centre, widest row, cards per row) and its cards
# in the trick, by compass: the table's seats, spread for face-up hands.
HAND_AREAS: dict[str, tuple[Point, int, int]] = {
    "S": ((640, 596), 620, 24),
    "N": ((640, 150), 620, 24),
    "W": ((170, 360), 300, 12),
    "E": ((1110, 360), 300, 12),
    "NW": ((370, 150), 330, 12),
    "NE": ((910, 150), 330, 12),
}
ANALYSE_BUTTON = pygame.Rect(20, 664, 250, 46)
TIMELINE_RECT = pygame.Rect(470, 658, 340, 12)
# Where why a card was played, or what a call showed, goes (width, anchor, point): top
# left, else under the middle, over it, top right, under East's hand.
REASON_PLACES: tuple[tuple[int, str, Point], ...] = (
    (430, "topleft", (20, 96)), (600, "midtop", (640, 426)), (600, "midtop", (640, 226)),
    (430, "topright", (1260, 96)), (380, "topright", (1270, 440)),
)
TOP_LINES = pygame.Rect(300, 0, 680, 84)  # the title and the contract
COACH_RECT = pygame.Rect(824, 436, 446, 216)  # right of the trick, under East's hand, above Back
TRICK_SPOTS: dict[str, Point] = {
    "S": (640, 480), "N": (640, 290), "W": (520, 385), "E": (760, 385),
    "NW": (570, 290), "NE": (710, 290),
}


@dataclass(frozen=True)
class TrickStep:
    plays: tuple[tuple[int, Any], ...]  # (seat, card) in playing order
    winner: int | None  # None when the deal stopped inside the trick (arrêt)
    hands: Hands  # every hand once the trick's cards are played


@dataclass(frozen=True)
class DealStory:
    """A finished deal as the replay shows it."""

    rules: AnyRules
    number: int  # the deal's place in the match
    seed: int  # its deal number (to play it again)
    dealer: int
    bids: tuple[tuple[int, Say], ...]
    model: TableModel  # the table after the bidding: contract, taker, chien
    hands: Hands  # every hand when the first card is played
    tricks: tuple[TrickStep, ...]
    chien: tuple[Any, ...] = ()  # tarot: the chien as it was shown (none when kept hidden)
    source: tuple[Match, int] | None = None  # the match and the deal's index in it (analysis)
    at_call: tuple[Match, ...] = ()  # the match just after each call (what it showed then)


def deal_story(match: Match, index: int = -1) -> DealStory | None:
    """Scored deal ``index`` of ``match`` (the last by default), every hand visible
    (None when there is no such deal)."""
    bounds = deal_bounds(match)
    if not -len(bounds) <= index < len(bounds):
        return None
    start, end = bounds[index]
    state = Match.replay(match.rules, match.seed, match.actions[:start], match.first_deal)
    number, seed, dealer = state.number, state.deal_number(), state.dealer
    story = _tell(state, match.actions[start:end], number, seed, dealer)
    return dataclasses.replace(story, source=(match, index))


def _hands(state: Match) -> Hands:
    return tuple(tuple(state.deal.view(seat).hand) for seat in range(state.players))


def _tell(
    state: Match, actions: tuple[Action, ...], number: int, seed: int, dealer: int
) -> DealStory:
    rules = state.rules
    model = TableModel(rules.players, 0, rules.target, rules.game, rules.has_teams,
                       deals=getattr(rules, "deals", None))
    hands: Hands | None = None
    chien: tuple[Any, ...] = ()
    played: set[Any] = set()
    plays: list[tuple[int, Any]] = []
    tricks: list[TrickStep] = []
    at_call: list[Match] = []

    def after(cards: set[Any]) -> Hands:
        assert hands is not None
        return tuple(tuple(c for c in hand if c not in cards) for hand in hands)

    for action in actions:
        if hands is None and state.deal.phase is Phase.PLAY:
            hands = _hands(state)
        state, events = state.apply(action)
        for event in events:
            if isinstance(event, NewDeal):
                break
            _follow(model, event)
            if isinstance(event, ChienShown):
                chien = event.cards
            elif isinstance(event, CardPlayedEvent):
                plays.append((event.seat, event.card))
                played.add(event.card)
            elif isinstance(event, TrickWonEvent):
                tricks.append(TrickStep(tuple(plays), event.seat, after(played)))
                plays = []
        at_call += [state] * (len(model.bids) - len(at_call))
    if plays:
        tricks.append(TrickStep(tuple(plays), None, after(played)))
    return DealStory(rules, number, seed, dealer, tuple(model.bids), model, hands or (),
                     tuple(tricks), chien, at_call=tuple(at_call))


def _follow(model: TableModel, event: Event) -> None:
    """The model keeps the bidding and the contract (tricks are kept here)."""
    if not isinstance(event, CardPlayedEvent | TrickWonEvent):
        model.apply(event)


def _nothing() -> None:
    """A key the replay does not use."""


class ReplayScene(Scene):
    """Step 0: the hands and the bidding; step n: trick n."""

    route = routes.REPLAY

    def __init__(self, app: Stage, story: DealStory, viewer: int = 0) -> None:
        super().__init__(app)
        self.story = story
        self.viewer = viewer
        rules = story.rules
        self.deck = deck_of(rules.game)
        self.spots = seat_spots(rules.players, viewer, rules.direction)
        self.step = 0
        self.buttons = [
            Button(pygame.Rect(290, 664, 170, 46), lambda: self.tr("replay.previous"),
                   self.previous,
                   size=24),
            Button(pygame.Rect(820, 664, 170, 46), lambda: self.tr("replay.next"), self.next,
                   size=24),
            Button(pygame.Rect(1090, 660, 170, 48), lambda: self.tr("back"), app.pop, size=26),
        ]
        if story.source is not None:
            self.buttons.append(Button(ANALYSE_BUTTON, self.analyse_label, self.toggle_analysis,
                                       size=24))
        self.coach: CoachPanel | None = None
        self.hindsight = HindsightToggle(app.texts, lambda: app.coach.see(*reviewed(story), viewer))
        self.timeline: list[pygame.Rect] = []
        self.asked: Any | None = None  # the trick's card whose reason is shown
        self.hover: Any | None = None  # a card under the mouse whose reason a click shows
        self.calls = ReviewCalls(self.texts, story.bids, story.at_call, viewer, story.seed,
                                 self.name)

    @classmethod
    def of_last_deal(cls, app: Stage, match: Match, viewer: int = 0) -> ReplayScene | None:
        return cls.of_deal(app, match, -1, viewer)

    @classmethod
    def of_deal(cls, app: Stage, match: Match, index: int, viewer: int = 0) -> ReplayScene | None:
        """Scored deal ``index`` of ``match`` (the score pad's line)."""
        story = deal_story(match, index)
        return None if story is None else cls(app, story, viewer)

    # --- the coach's analysis ----------------------------------------------------------

    def analyse_label(self) -> str:
        return self.tr("coach.hide") if self.coach is not None else self.tr("coach.analyse")

    def toggle_analysis(self) -> None:
        """Show the Expert's analysis of the player's decisions (weighed in the
        background, kept once done), or hide it (the weighing pauses)."""
        if self.coach is not None:
            self.app.coach.pause()
            self.coach = None
            self.hindsight.withdraw(self.buttons)
            return
        self.hindsight.offer(self.buttons)  # while the analysis shows
        analysis = self.app.coach.open(*reviewed(self.story), self.viewer)
        self.coach = CoachPanel(self.texts, analysis, self.app.settings.coach_threshold, COACH_RECT,
                                self.go_to)

    def go_to(self, step: int) -> None:
        self.step = max(0, min(self.steps, step))

    def closed(self) -> None:
        if self.coach is not None:
            self.app.coach.pause()
        super().closed()

    @property
    def steps(self) -> int:
        return len(self.story.tricks)

    def previous(self) -> None:
        self.step = max(0, self.step - 1)

    def next(self) -> None:
        self.step = min(self.steps, self.step + 1)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            keys: dict[int, Callable[[], None]] = {
                pygame.K_LEFT: self.previous, pygame.K_RIGHT: self.next,
                pygame.K_ESCAPE: self.app.pop, pygame.K_BACKSPACE: self.app.pop,
            }
            if self.story.source is not None:
                keys[pygame.K_a] = self.toggle_analysis
                keys[pygame.K_c] = self.hindsight.toggle
            keys.get(event.key, _nothing)()
            return
        for button in self.buttons:
            if button.handle(event):
                return
        if self.coach is not None and not self.hindsight.shown and self.coach.handle(event):
            return
        if event.type == pygame.MOUSEMOTION:  # a card whose reason a click would show: lit
            card = self.trick_card_at(event.pos)
            self.hover = card if review_reason(self.app, self.story, self.trick(),
                                               card) is not None else None
            pointer(self.calls.point(event.pos) or self.hover is not None)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.asked = self.trick_card_at(event.pos)  # why a computer played it
            self.calls.click(event.pos)  # what the computers read from a call
            step = next((i for i, cell in enumerate(self.timeline)
                         if cell.inflate(0, 12).collidepoint(event.pos)), None)
            if step is not None:
                self.go_to(step)

    # --- what the current step shows --------------------------------------------------

    def trick(self) -> TrickStep | None:
        return self.story.tricks[self.step - 1] if self.step else None

    def hands(self) -> Hands:
        trick = self.trick()
        return trick.hands if trick is not None else self.story.hands

    def name(self, seat: int) -> str:
        return seat_name(self.texts, seat, self.viewer, self.spots[seat].compass,
                         self.app.settings.player_name)

    def step_label(self) -> str:
        trick = self.trick()
        if trick is None:
            return self.tr("replay.start")
        label = self.tr("replay.trick", number=self.step, count=self.steps)
        if trick.winner is None:
            return label
        return f"{label} · {self.tr('replay.won_by', name=self.after(trick.winner))}"

    def after(self, seat: int) -> str:
        """The seat's name after a preposition ("par vous", "by West")."""
        return seat_after(self.texts, seat, self.viewer, self.spots[seat].compass,
                          self.app.settings.player_name)

    def hand_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        return hand_layout(self.spots[seat].compass, count)

    # --- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        story = self.story
        draw_backdrop(self.app.assets, surface, "")
        blit_text(surface, self.tr("replay.title", number=story.number, seed=story.seed), 34, GLOW,
                  midtop=(640, 12))
        contract = contract_text(self.texts, story.model, self.name)
        blit_text(surface, contract or self.tr("replay.no_contract"), 24, CREAM, midtop=(640, 54))
        self.calls.draw(surface)
        for seat, hand in enumerate(self.hands()):
            self.draw_hand(surface, seat, hand)
        self.draw_trick(surface)
        call_note = self.calls.note_place(self.in_sight())
        if call_note is not None and self.calls.asked is not None:  # by the row read
            draw_note(surface, *call_note)
            explains(surface, call_note[1], self.calls.row_rect(self.calls.asked))
        else:
            draw_reason(surface, self.reason(), self.in_sight())
        blit_text(surface, self.step_label(), 24, CREAM, center=(640, 690))
        marked = self.coach.marked_tricks() if self.coach is not None else set()
        self.timeline = draw_timeline(surface, TIMELINE_RECT, self.steps, self.step, marked)
        self.hindsight.draw(surface, self.coach, self.step)
        self.buttons[0].enabled, self.buttons[1].enabled = self.step > 0, self.step < self.steps
        for button in self.buttons:
            button.draw(surface)

    def draw_hand(self, surface: pygame.Surface, seat: int, hand: tuple[Any, ...]) -> None:
        rects = self.hand_rects(seat, len(hand))
        for card, rect in zip(hand, rects, strict=True):
            surface.blit(self.face(card, CARD_WIDTH), rect)
        colour = GLOW if seat == self.story.model.taker else CREAM
        blit_text(surface, self.name(seat), 22, colour, topleft=self.name_rect(seat, rects).topleft)

    def name_rect(self, seat: int, cards: list[pygame.Rect]) -> pygame.Rect:
        """Where ``seat``'s name goes: over its hand."""
        (cx, cy), _, _ = HAND_AREAS[self.spots[seat].compass]
        top = min((r.top for r in cards), default=cy)
        return text(self.name(seat), 22).get_rect(midbottom=(cx, top - 2))

    def in_sight(self) -> list[pygame.Rect]:
        """What a note must leave visible: the hands and their names, the trick or the
        chien, the calls, the buttons, the analysis."""
        rects = [TOP_LINES, self.calls.rect(), TIMELINE_RECT, *(b.rect for b in self.buttons)]
        for seat, hand in enumerate(self.hands()):
            cards = self.hand_rects(seat, len(hand))
            rects += [*cards, self.name_rect(seat, cards)]
        trick = self.trick()
        if trick is not None:
            rects += [self.trick_card(seat).inflate(40, 40) for seat, _ in trick.plays]
        else:
            rects += [rect for _, rect in self.chien_rects()]
        return rects + ([COACH_RECT] if self.coach is not None else [])

    def draw_trick(self, surface: pygame.Surface) -> None:
        """The trick of the step, its winner's card outlined, the player's ringed in red
        when the analysis marks it."""
        trick = self.trick()
        marked = self.coach.marked_tricks() if self.coach is not None else set()
        if trick is None:
            self.draw_chien(surface)
            return
        for index, (seat, card) in enumerate(trick.plays):
            rect = self.trick_card(seat)
            surface.blit(self.face(card, TRICK_CARD_WIDTH), rect)
            if index == 0:  # who led the trick, beside his card on the outer side
                blit_text(surface, self.tr("replay.led"), MIN_TEXT, GLOW,
                          **led_anchor(self.spots[seat].compass, rect))
            if seat == trick.winner:
                pygame.draw.rect(surface, GLOW, rect.inflate(8, 8), width=4, border_radius=9)
            if (card == self.asked and self.reason() is not None) or card == self.hover:
                pygame.draw.rect(surface, CREAM, rect.inflate(18, 18), width=2, border_radius=12)
            if seat == self.viewer and self.step in marked:
                pygame.draw.rect(surface, LOSS, rect.inflate(16, 16), width=3, border_radius=12)

    def trick_card(self, seat: int) -> pygame.Rect:
        """Where ``seat``'s card of the trick lies."""
        rect = pygame.Rect(0, 0, TRICK_CARD_WIDTH, round(TRICK_CARD_WIDTH * CARD_RATIO))
        rect.center = TRICK_SPOTS[self.spots[seat].compass]
        return rect

    def trick_card_at(self, pos: tuple[int, int]) -> Any | None:
        trick = self.trick()
        plays = trick.plays if trick is not None else ()
        return next((c for seat, c in plays if self.trick_card(seat).collidepoint(pos)),
                    None)

    def reason(self) -> str | None:
        return review_reason(self.app, self.story, self.trick(), self.asked)

    def draw_chien(self, surface: pygame.Surface) -> None:
        rects = self.chien_rects()
        if not rects:
            return
        blit_text(surface, self.tr("replay.chien"), 22, CREAM, topleft=rects[0][1].topleft)
        for card, rect in self.chien_rects()[1:]:
            surface.blit(self.face(card, CARD_WIDTH), rect)

    def chien_rects(self) -> list[tuple[Any, pygame.Rect]]:
        """The chien's title (no card), then its cards where they lie."""
        chien = self.story.chien
        if not chien:
            return []
        rects = [(None, text(self.tr("replay.chien"), 22).get_rect(midbottom=(640, 330)))]
        for index, card in enumerate(chien):
            x = 640 + (index - (len(chien) - 1) / 2) * 50
            rects.append((card, self.face(card, CARD_WIDTH).get_rect(center=(round(x), 385))))
        return rects

    def face(self, card: Any, width: int) -> pygame.Surface:
        return self.app.assets.card_face(card.code, width, self.deck)


def hand_layout(compass: str, count: int) -> list[pygame.Rect]:
    """Where the ``count`` cards of the hand at ``compass`` lie: rows of its area,
    overlapping."""
    (cx, cy), span, per_row = HAND_AREAS[compass]
    height = round(CARD_WIDTH * CARD_RATIO)
    rows = max(1, -(-count // per_row))
    per_row = -(-count // rows) if count else 1
    step = min(30, (span - CARD_WIDTH) // max(1, per_row - 1))
    rects = []
    for index in range(count):
        row, column = divmod(index, per_row)
        in_row = min(per_row, count - row * per_row)
        left = cx - (step * (in_row - 1) + CARD_WIDTH) // 2
        top = cy - (rows * height + (rows - 1) * 6) // 2 + row * (height + 6)
        rects.append(pygame.Rect(left + column * step, top, CARD_WIDTH, height))
    return rects


def led_anchor(compass: str, card: pygame.Rect) -> dict[str, tuple[int, int]]:
    """Where "Led" goes beside the leader's ``card``: west and east of the side cards
    (at five the cards above them come close), over the others."""
    if compass == "W":
        return {"midright": (card.left - 8, card.centery)}
    if compass == "E":
        return {"midleft": (card.right + 8, card.centery)}
    return {"midbottom": (card.centerx, card.top - 10)}


def reviewed(story: DealStory) -> tuple[Match, int]:
    """The match and the deal's index a story tells (a deal of this session)."""
    assert story.source is not None
    return story.source


def review_reason(app: Stage, story: DealStory, trick: TrickStep | None,
                  asked: Any | None) -> str | None:
    """Why a computer played ``asked`` in the trick shown, when this deal was played
    here: the match in progress's deal (kept as the computer decided); None otherwise."""
    play, source, controller = app.host.play, story.source, app.host.controller
    if trick is None or asked not in {c for _, c in trick.plays} or play is None \
            or source is None or controller is None \
            or source[0].history[source[1]] not in play.match.history:
        return None
    return card_reason(app.texts, controller.computers.reasons, story.number, asked)


def draw_reason(surface: pygame.Surface, words: str | None, in_sight: list[pygame.Rect]
                ) -> None:
    """The reason asked, or the call read, in a panel at the first of ``REASON_PLACES``
    that leaves ``in_sight`` visible (hands reach the top left at tarot), or else at the
    top left."""
    if words is None:
        return
    places = [_reason_place(words, *place) for place in REASON_PLACES]
    lines, box = next((place for place in places if place[1].collidelist(in_sight) < 0),
                      places[0])
    draw_note(surface, lines, box)


def draw_note(surface: pygame.Surface, lines: Sequence[str], box: pygame.Rect) -> None:
    """A note's ``lines`` in its panel ``box``."""
    panel(surface, box, name="note")
    for index, line in enumerate(lines):
        blit_text(surface, line, REASON_TEXT, GLOW,
                  topleft=(box.x + 12, box.y + 10 + REASON_LINE * index))


def _reason_place(words: str, width: int, anchor: str, point: Point
                  ) -> tuple[list[str], pygame.Rect]:
    """The note's lines at ``width``, and its box with its ``anchor`` at ``point``."""
    lines = wrap(words, REASON_TEXT, width - 24)
    box = pygame.Rect(0, 0, width, 20 + REASON_LINE * len(lines))
    setattr(box, anchor, point)
    return lines, box
