"""The parts of the table around the cards: the viewer's hand, the other hands, the
trick in the middle, the name plates with their badges, the piles and the speech
bubbles.  Each part draws from ``TableLayout`` and names the rectangles it covers
(``regions``), which the overlap test reads."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from game.i18n import Speaks, Texts
from game.ui.kit.assets import Assets
from game.ui.kit.drawlog import framed
from game.ui.kit.layout import CENTRE, SCREEN
from game.ui.kit.widgets import (
    CREAM,
    GLOW,
    GOLD,
    INK,
    blit_text,
    bubble,
    card_shadow,
    dim_overlay,
    focus_ring,
    halo,
    rotated,
    text,
    vignette,
)
from game.ui.table.animator import Animator
from game.ui.table.layout import (
    ASIDE_SPOT,
    BACK_WIDTH,
    BERGERE,
    CHIEN_WIDTH,
    HOVER,
    PILE_WIDTH,
    RAISE,
    RETOURNE,
    SELECT_RAISE,
    SHOWN_WIDTH,
    SLOT_WIDTH,
    TRICK_WIDTH,
    TableLayout,
    card_rect,
    centre_cards,
    chien_backs,
    chien_faces,
    stack,
    under,
)
from game.ui.table.model import TableModel
from game.ui.table.words import say_text, seat_after, seat_name

Region = tuple[str, pygame.Rect]  # what is drawn there, and where
PLATE_TEXT = 24
BADGE_TEXT = 20
PILE_TEXT = 22
ASIDE_LAYERS = 4  # the stack aside drawn as a few cards' edges, not its twelve
LABEL_TEXT = 22
BUBBLE_SIZES = (26, 22, 19)  # the bubble's words, smaller when room is short


class Painter:
    """Draws a card face or back (with its shadow) at a centre."""

    def __init__(self, assets: Assets, deck: str, back_colour: Callable[[], str]) -> None:
        self.assets = assets
        self.deck = deck
        self.back_colour = back_colour

    def felt(self, surface: pygame.Surface) -> None:
        """The green baize, darker towards the edges."""
        felt = self.assets.felt()
        for x in range(0, SCREEN.width, felt.get_width()):
            for y in range(0, SCREEN.height, felt.get_height()):
                surface.blit(felt, (x, y))
        surface.blit(vignette(), (0, 0))

    def card(self, surface: pygame.Surface, face: Any, centre: tuple[float, float],
             width: int, rotate: bool = False, dim: bool = False, flat: float = 1.0) -> None:
        """``flat`` < 1: the card seen edge-on as it turns over (narrower, same height)."""
        if face is not None:
            image = self.assets.card_face(face.code, width, self.deck)
        else:
            image = self.assets.card_back(width, self.deck, self.back_colour())
            image = rotated(image) if rotate else image
        if flat < 1.0:
            image = pygame.transform.smoothscale(
                image, (max(1, round(image.get_width() * flat)), image.get_height()))
        rect = image.get_rect(center=(round(centre[0]), round(centre[1])))
        surface.blit(card_shadow(*rect.size), rect.move(-1, 3).topleft)
        surface.blit(image, rect)
        if dim:
            surface.blit(dim_overlay(rect.size), rect)


@dataclass
class Seats(Speaks):
    """The seats' names as the viewer sees them."""

    texts: Texts
    layout: TableLayout
    player: Callable[[], str] = str  # the player's name in the settings ("": "You")

    def name(self, seat: int) -> str:
        return seat_name(self.texts, seat, self.layout.viewer, self.layout.spots[seat].compass,
                         self.player())

    def after(self, seat: int) -> str:
        """The name after a preposition ("par Vous" / "by you")."""
        return seat_after(self.texts, seat, self.layout.viewer, self.layout.spots[seat].compass,
                          self.player())


class HandChoices(Protocol):
    """What the hand shows of the player's choices now."""

    def raised(self) -> set[Any]:
        """The cards raised: the legal ones (while a poignée is chosen, its cards)."""

    def takes(self) -> set[Any]:
        """The cards a click would take now (the others are dimmed)."""

    def gaps(self) -> Iterable[Any]:
        """Cards set aside (the écart): their places stay empty."""

    def outlined(self) -> Any:
        """The hint's card, or None."""


class Hand:
    """The viewer's fan: legal cards raised, the hovered and the chosen one higher."""

    def __init__(self, layout: TableLayout, model: TableModel, painter: Painter,
                 choices: HandChoices) -> None:
        self.layout = layout
        self.model = model
        self.painter = painter
        self.choices = choices
        self.hover: Any = None
        self.selected: Any = None  # the card chosen with the arrow keys

    def cards(self) -> list[tuple[Any, pygame.Rect]]:
        """The viewer's cards and where they are drawn."""
        raised = self.choices.raised()

        def lift(c: Any) -> int:
            return (RAISE if c in raised else 0) + (HOVER if c == self.hover else 0) \
                + (SELECT_RAISE if c == self.selected else 0)

        if self._piles():
            viewer = self.layout.viewer
            return [(up, card_rect(self.layout.decouverte_pile(viewer, i, face_up=True),
                                   self.layout.hand_width).move(0, -lift(up)))
                    for i, (up, _) in enumerate(self._piles()) if up is not None]
        gaps = set(self.choices.gaps())
        return [(c, rect) for c, rect in self.layout.fan(self.model.hand, lift)
                if c not in gaps]

    def _piles(self) -> list[tuple[Any, bool]]:
        """The découverte: the player's piles (none otherwise)."""
        piles = self.model.piles
        return piles[self.layout.viewer] if piles else []

    def covered(self) -> list[pygame.Rect]:
        """The découverte: the player's face-down cards, under his face-up ones."""
        viewer = self.layout.viewer
        return [card_rect(self.layout.decouverte_pile(viewer, i), self.layout.hand_width)
                for i, (_, covered) in enumerate(self._piles()) if covered]

    def card_at(self, pos: tuple[int, int]) -> Any:
        for c, rect in reversed(self.cards()):
            if rect.collidepoint(pos):
                return c
        return None

    def position(self, c: Any) -> tuple[int, int] | None:
        for card_, rect in self.cards():
            if card_ == c:
                return rect.center
        return None

    def move_selection(self, step: int, legal: set[Any]) -> None:
        """The next card of the hand on screen (from the first legal one the first time)."""
        cards = [c for c, _ in self.cards()]
        if not cards:
            return
        if self.selected not in cards:
            choices = [c for c in cards if c in legal] or cards
            self.selected = choices[0] if step > 0 else choices[-1]
            return
        self.selected = cards[(cards.index(self.selected) + step) % len(cards)]

    def draw(self, surface: pygame.Surface, hidden: set[Any]) -> None:
        """Every card but ``hidden`` (in flight); the others dimmed while some are legal."""
        takes, outlined = self.choices.takes(), self.choices.outlined()
        for rect in self.covered():
            self.painter.card(surface, None, rect.center, rect.width)
        for c, rect in self.cards():
            if c in hidden:
                continue
            self.painter.card(surface, c, rect.center, rect.width,
                              dim=bool(takes) and c not in takes)
            if (c == self.hover and c in takes) or (outlined is not None and c == outlined):
                pygame.draw.rect(surface, GLOW, rect.inflate(4, 4), width=3, border_radius=9)
            if c == self.selected:
                focus_ring(surface, rect)

    def regions(self) -> list[Region]:
        rects = [rect for _, rect in self.cards()] + self.covered()
        return [("hand", stack(rects))] if rects else []


class Opponents:
    """The other hands, as backs (less the cards flying out of or into them)."""

    def __init__(self, layout: TableLayout, model: TableModel, painter: Painter,
                 animator: Animator) -> None:
        self.layout, self.model, self.painter, self.animator = layout, model, painter, animator

    def count(self, seat: int) -> int:
        in_trick = {c for _, c in self.model.trick}
        leaving = sum(1 for f in self.animator.flights
                      if f.kind == "play" and f.seat == seat and f.face not in in_trick)
        return self.model.counts[seat] - self.animator.arriving(seat) - leaving

    def seats(self) -> list[int]:
        return [s for s in range(self.model.players) if s != self.layout.viewer]

    def draw(self, surface: pygame.Surface) -> None:
        if any(self.model.piles):
            self._draw_piles(surface)
            return
        for seat in self.seats():
            vertical = self.layout.spots[seat].vertical
            for centre in self.layout.backs(seat, self.count(seat)):
                self.painter.card(surface, None, centre, BACK_WIDTH, rotate=vertical)

    def pile_cards(self, seat: int) -> list[tuple[Any, tuple[int, int]]]:
        """The découverte: ``seat``'s cards on the table, bottom first (None: a back),
        less the card flying to the trick."""
        flying = {f.face for f in self.animator.flights
                  if f.kind in ("play", "turn") and f.seat == seat}
        cards: list[tuple[Any, tuple[int, int]]] = []
        for index, (up, covered) in enumerate(self.model.piles[seat]):
            if covered:
                cards.append((None, self.layout.decouverte_pile(seat, index)))
            if up is not None and up not in flying:
                cards.append((up, self.layout.decouverte_pile(seat, index, face_up=True)))
        return cards

    def _draw_piles(self, surface: pygame.Surface) -> None:
        for seat in self.seats():
            for face, centre in self.pile_cards(seat):
                self.painter.card(surface, face, centre, BACK_WIDTH)

    def regions(self) -> list[Region]:
        if any(self.model.piles):
            return [(f"backs {seat}", stack([card_rect(centre, BACK_WIDTH) for _, centre
                                               in self.pile_cards(seat)]))
                    for seat in self.seats() if self.pile_cards(seat)]
        return [(f"backs {seat}", self.layout.backs_rect(seat, self.count(seat)))
                for seat in self.seats() if self.count(seat) > 0]


class Centre(Speaks):
    """The trick, the retourne and the bergère, the chien, and the arrow to whose turn."""

    def __init__(self, texts: Texts, layout: TableLayout, model: TableModel, painter: Painter,
                 animator: Animator, chien_shown: Callable[[], bool]) -> None:
        self.texts = texts
        self.layout, self.model, self.painter, self.animator = layout, model, painter, animator
        self.chien_shown = chien_shown  # the chien face up (not while the écart is made)

    def trick(self) -> list[tuple[int, Any]]:
        waiting = self.model.last_trick if self.animator.held is not None else ()
        flying = self.animator.in_flight("play")
        return [(seat, c) for seat, c in [*waiting, *self.model.trick] if c not in flying]

    def draw(self, surface: pygame.Surface) -> None:
        card = self.painter.card
        for seat, c in self.trick():
            card(surface, c, self.layout.spots[seat].trick, TRICK_WIDTH)
        model = self.model
        if model.retourne is not None:
            card(surface, model.retourne, RETOURNE, TRICK_WIDTH)
        if model.bergere is not None:  # labelled: it is no card led by a player
            card(surface, model.bergere, BERGERE, CHIEN_WIDTH)
        for words, rect in self.labels():
            blit_text(surface, words, LABEL_TEXT, CREAM, topleft=rect.topleft)
        for centre in chien_backs(model.chien_count):
            card(surface, None, centre, CHIEN_WIDTH)
        chien = model.chien if self.chien_shown() else []
        for c, centre in zip(chien, chien_faces(len(chien)), strict=True):
            card(surface, c, centre, SLOT_WIDTH)

    def labels(self) -> list[tuple[str, pygame.Rect]]:
        """The words under the retourne and the bergère."""
        labels = []
        for face, centre, width, key in ((self.model.retourne, RETOURNE, TRICK_WIDTH,
                                          "table.retourne"),
                                         (self.model.bergere, BERGERE, CHIEN_WIDTH,
                                          "table.bergere")):
            if face is not None:
                words = self.tr(key)
                labels.append((words, under(card_rect(centre, width),
                                            text(words, LABEL_TEXT).get_size())))
        if self.model.bergere is not None:  # shown for information only: said below
            words = self.tr("table.bergere_note")
            labels.append((words, under(labels[-1][1].move(0, -4),
                                        text(words, LABEL_TEXT).get_size())))
        return labels

    def regions(self) -> list[Region]:
        model = self.model
        cards = centre_cards(model.retourne is not None, model.bergere is not None,
                             model.chien_count, len(model.chien) if self.chien_shown() else 0)
        regions = [(f"trick {seat}", self.layout.trick_card(seat)) for seat, _ in self.trick()]
        regions += [(f"centre card {i}", rect) for i, rect in enumerate(cards)]
        return regions + [(f"label {words}", rect) for words, rect in self.labels()]

    def draw_turn_arrow(self, surface: pygame.Surface, seat: int) -> None:
        """A golden arrow from the middle towards the seat to play."""
        tx, ty = self.layout.spots[seat].trick
        cx, cy = CENTRE
        dx, dy = (tx - cx) / 2.5, (ty - cy) / 2.5
        length = max(1.0, (dx * dx + dy * dy) ** 0.5)
        ux, uy = dx / length, dy / length
        tip = (cx + dx + ux * 30, cy + dy + uy * 30)
        base = (cx + dx, cy + dy)
        side = (uy * 16, -ux * 16)
        points = [tip, (base[0] - side[0], base[1] - side[1]),
                  (base[0] + side[0], base[1] + side[1])]
        pygame.draw.polygon(surface, GLOW, points)


class Plates(Speaks):
    """The name plates, the one to play glowing; the dealer's button; the taker's badge."""

    def __init__(self, texts: Texts, layout: TableLayout, model: TableModel, seats: Seats,
                 levels: list[str | None], dealer_button: Callable[[int], pygame.Surface]
                 ) -> None:
        self.texts = texts
        self.layout, self.model, self.seats = layout, model, seats
        self.levels = levels  # each computer's level key, None for a human
        self.dealer_button = dealer_button

    def name(self, seat: int) -> str:
        name, level = self.seats.name(seat), self.levels[seat]
        return name if level is None else f"{name} · {self.tr(f'level.{level}')}"

    def plate(self, seat: int) -> pygame.Rect:
        return self.layout.plate(seat, text(self.name(seat), PLATE_TEXT).get_size())

    def badge(self, seat: int) -> pygame.Rect:
        size = text(self.tr("table.taker"), BADGE_TEXT, INK).get_size()
        return self.layout.taker_badge(self.plate(seat), size)

    def draw(self, surface: pygame.Surface, turn: int | None) -> None:
        for seat in range(self.model.players):
            rect, name = self.plate(seat), self.name(seat)
            if seat == turn:
                surface.blit(halo(rect.size), rect.inflate(28, 28).topleft)
            colour = (250, 238, 200) if seat == turn else (28, 46, 36)
            framed(surface, "plate", rect, name)
            pygame.draw.rect(surface, colour, rect, border_radius=12)
            pygame.draw.rect(surface, GOLD, rect, width=2, border_radius=12)
            blit_text(surface, name, PLATE_TEXT, INK if seat == turn else CREAM,
                      center=rect.center)
            if seat == self.model.dealer:
                button = self.layout.dealer_button(rect)
                surface.blit(self.dealer_button(button.width), button)
                blit_text(surface, self.tr("table.dealer_letter"), 22, INK,
                          center=(button.centerx, button.centery + 1))
            if seat == self.model.taker:
                tag = self.badge(seat)
                pygame.draw.rect(surface, GOLD, tag, border_radius=8)
                blit_text(surface, self.tr("table.taker"), BADGE_TEXT, INK, center=tag.center)

    def regions(self) -> list[Region]:
        regions = [(f"plate {seat}", self.plate(seat)) for seat in range(self.model.players)]
        if self.model.dealer is not None:
            regions.append(("dealer", self.layout.dealer_button(self.plate(self.model.dealer))))
        if self.model.taker is not None:
            regions.append(("taker badge", self.badge(self.model.taker)))
        return regions


class Piles(Speaks):
    """The tricks won, stacked by side, with their count beside."""

    def __init__(self, texts: Texts, layout: TableLayout, model: TableModel,
                 painter: Painter) -> None:
        self.texts = texts
        self.layout, self.model, self.painter = layout, model, painter

    def piles(self) -> dict[tuple[int, int], int]:
        counts: dict[tuple[int, int], int] = {}
        for seat in range(self.model.players):
            spot = self.layout.pile(self.model.teams, seat)
            counts[spot] = counts.get(spot, 0) + self.model.tricks_won[seat]
        return {spot: tricks for spot, tricks in counts.items() if tricks}

    def label(self, spot: tuple[int, int], tricks: int) -> tuple[str, pygame.Rect]:
        words = self.tr_n("table.tricks", tricks)
        return words, self.layout.pile_label(spot, tricks, text(words, PILE_TEXT).get_size())

    def aside_label(self) -> tuple[str, pygame.Rect]:
        """The contrée à deux's stack aside: its words, under it."""
        words = self.tr_n("table.aside", self.model.aside)
        stack_rect = self.layout.pile_rect(ASIDE_SPOT, ASIDE_LAYERS)
        rect = text(words, PILE_TEXT).get_rect(midtop=(stack_rect.centerx,
                                                       stack_rect.bottom + 4))
        return words, rect

    def draw(self, surface: pygame.Surface) -> None:
        for spot, tricks in self.piles().items():
            for centre in self.layout.pile_cards(spot, tricks):
                self.painter.card(surface, None, centre, PILE_WIDTH)
            words, rect = self.label(spot, tricks)
            blit_text(surface, words, PILE_TEXT, CREAM, topleft=rect.topleft)
        if self.model.aside:
            for centre in self.layout.pile_cards(ASIDE_SPOT, ASIDE_LAYERS):
                self.painter.card(surface, None, centre, PILE_WIDTH)
            words, rect = self.aside_label()
            blit_text(surface, words, PILE_TEXT, CREAM, topleft=rect.topleft)

    def regions(self) -> list[Region]:
        regions: list[Region] = []
        for spot, tricks in self.piles().items():
            regions.append((f"pile at {spot}", self.layout.pile_rect(spot, tricks)))
            regions.append((f"pile count {spot}", self.label(spot, tricks)[1]))
        if self.model.aside:
            regions.append(("aside", self.layout.pile_rect(ASIDE_SPOT, ASIDE_LAYERS)))
            regions.append(("aside count", self.aside_label()[1]))
        return regions


class Bubbles(Speaks):
    """What each seat said last, and the cards it showed (announcements, a poignée)."""

    def __init__(self, texts: Texts, layout: TableLayout, model: TableModel,
                 painter: Painter) -> None:
        self.texts = texts
        self.layout, self.model, self.painter = layout, model, painter

    def rect(self, seat: int) -> pygame.Rect | None:
        placed = self.placed(seat)
        return None if placed is None else placed[1]

    def placed(self, seat: int) -> tuple[int, pygame.Rect] | None:
        """The text size and the body of ``seat``'s bubble: smaller words when the
        viewer's would not fit beside his hand."""
        say = self.model.says.get(seat)
        if say is None:
            return None
        words, room = say_text(self.texts, say), self.layout.bubble_room(seat)
        for size in BUBBLE_SIZES:
            rect = self.layout.bubble(seat, text(words, size, INK).get_size())
            if room is None or room.contains(rect):
                break
        return size, rect

    def shown(self, seat: int) -> list[tuple[Any, pygame.Rect]]:
        cards = self.model.shown.get(seat, ())
        rect = self.rect(seat)
        if not cards or rect is None:
            return []
        boxes = [self.layout.score_box(len(self.model.totals)), self.layout.contract_box(),
                 *(bubble for other in self.model.says
                   if (bubble := self.rect(other)) is not None)]
        places = self.layout.shown_cards(seat, rect, len(cards), boxes)
        return list(zip(cards, places, strict=True))

    def draw(self, surface: pygame.Surface) -> None:
        for seat, say in self.model.says.items():
            spot, placed = self.layout.spots[seat], self.placed(seat)
            assert placed is not None
            bubble(surface, say_text(self.texts, say), spot.bubble, placed[0], spot.bubble_tail,
                   placed[1])
            for c, rect in self.shown(seat):
                self.painter.card(surface, c, rect.center, SHOWN_WIDTH)

    def regions(self) -> list[Region]:
        regions: list[Region] = []
        for seat in self.model.says:
            rect = self.rect(seat)
            if rect is not None:
                regions.append((f"bubble {seat}", rect))
            shown = [r for _, r in self.shown(seat)]
            if shown:
                regions.append((f"shown {seat}", stack(shown)))
        return regions


def flights_drawn(surface: pygame.Surface, animator: Animator, painter: Painter,
                  model: TableModel) -> None:
    """The cards in the air; the winning card of a trick about to be collected ringed."""
    winning = dict(model.last_trick).get(model.last_trick_winner or 0)
    for flight in animator.flights:
        if not flight.tween.started and flight.kind == "deal":
            continue
        x, y = flight.tween.value
        if flight.kind == "collect" and not flight.tween.started and flight.face == winning:
            ring = card_rect((x, y), flight.width).inflate(10, 10)
            pygame.draw.rect(surface, GLOW, ring, width=4, border_radius=10)
        if flight.kind == "turn":
            face, flat = flight.turned_over
            painter.card(surface, face, (x, y), flight.width, flat=flat)
            continue
        painter.card(surface, flight.face, (x, y), flight.width)
