"""The eye checks themselves (tools/eye_checks.py): each finds the defect planted in a
small scene drawn with the game's own helpers, and finds nothing in the same scene
drawn right.  The checks run on every screen in tests/test_ui_overlaps.py and
tests/test_ui_eye.py."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.ui.app.app import App
from game.ui.kit import widgets
from game.ui.kit.drawlog import active_log, recording
from game.ui.kit.widgets import CREAM, INK, Button, blit_text, bubble, panel
from game.ui.scenes.dialog import ConfirmDialog
from game.ui.scenes.setup import SetupScene
from game.ui.stage.scene import Scene
from tests.words import ENGLISH, FRENCH
from tools.eye_checks import Picture, contrast, look, problems

BOX = pygame.Rect(400, 300, 300, 80)
BANNER = pygame.Rect(500, 500, 300, 40)
Draw = Callable[[pygame.Surface], None]


class Drawing(Scene):
    """A scene that draws what the test gives it, over a plain felt green."""

    def __init__(self, app: App, draw: Draw) -> None:
        super().__init__(app)
        self.drawn = draw

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((30, 90, 50))
        self.drawn(surface)


def picture(app: App, draw: Draw) -> Picture:
    app.push(Drawing(app, draw))
    app.step(0.0, [])
    try:
        return look(app)
    finally:
        app.pop()
        app.step(0.0, [])


def found(app: App, draw: Draw) -> list[str]:
    return problems(picture(app, draw), "planted")


def boxed(words: str, colour: tuple[int, int, int] = CREAM, x: int = BOX.x + 20) -> Draw:
    def draw(surface: pygame.Surface) -> None:
        panel(surface, BOX)
        blit_text(surface, words, 26, colour, midleft=(x, BOX.centery))

    return draw


def test_a_well_drawn_panel_passes_every_check(app: App) -> None:
    assert found(app, boxed("Score")) == []


def test_a_text_moved_out_of_its_panel_is_found(app: App) -> None:
    lines = found(app, boxed("Score", x=BOX.right - 30))
    assert any("text 'Score'" in line and "runs out of its panel" in line
               for line in lines), lines


def test_a_text_off_the_screen_is_found(app: App) -> None:
    def draw(surface: pygame.Surface) -> None:
        blit_text(surface, "Score", 26, CREAM, midleft=(1260, 40))

    lines = found(app, draw)
    assert any("text 'Score'" in line and "runs off the screen" in line for line in lines)


def banner_and_bubble(bubble_at: tuple[int, int]) -> Draw:
    """The message to the player, and a speech bubble whose tail points at ``bubble_at``."""
    def draw(surface: pygame.Surface) -> None:
        panel(surface, BANNER, (28, 46, 36))
        blit_text(surface, "Your turn", 26, CREAM, center=BANNER.center)
        bubble(surface, "I call the king of spades", bubble_at)

    return draw


def test_a_bubble_over_the_banner_is_found(app: App) -> None:
    """The README's tarot-at-five defect: a speech bubble over "Your turn"."""
    assert found(app, banner_and_bubble((BANNER.centerx, BANNER.y - 80))) == []
    lines = found(app, banner_and_bubble((BANNER.x + 10, BANNER.bottom + 10)))
    assert any("bubble 'I call the king of spades'" in line and "covers panel" in line
               for line in lines), lines
    assert any("covers text 'Your turn'" in line for line in lines), lines


def test_two_texts_over_each_other_are_found(app: App) -> None:
    def draw(surface: pygame.Surface) -> None:
        blit_text(surface, "North", 26, CREAM, topleft=(100, 100))
        blit_text(surface, "South", 26, CREAM, topleft=(130, 105))

    assert any("text 'South'" in line and "over text 'North'" in line
               for line in found(app, draw))


def test_a_button_across_a_panel_edge_is_found(app: App) -> None:
    button = Button(pygame.Rect(BOX.right - 40, BOX.y + 10, 120, 40), lambda: "Pass",
                    lambda: None)

    def draw(surface: pygame.Surface) -> None:
        panel(surface, BOX)
        button.draw(surface)

    assert any("button 'Pass'" in line and "covers panel" in line
               for line in found(app, draw))
    button.rect.x = BOX.x + 10  # wholly inside: a part of the panel
    assert found(app, draw) == []


def test_a_dark_text_on_the_dark_panel_is_found(app: App) -> None:
    lines = found(app, boxed("Score", INK))
    assert any("text 'Score'" in line and "contrast 1." in line for line in lines), lines


def test_a_black_suit_on_the_dark_panel_is_found(app: App) -> None:
    """Item 9 of the issue: the two-colour deck's black ♠ in the contract box."""
    spade = app.assets.suit_icon("S", 32)

    def draw(surface: pygame.Surface) -> None:
        panel(surface, BOX)
        widgets.blit_symbol(surface, spade, "♠", center=BOX.center)

    assert any("text '♠'" in line and "contrast" in line for line in found(app, draw))


def test_the_contrast_is_wcag_s() -> None:
    """WCAG 2's figures: black on white 21:1, white on white 1:1, #777 on white 4.48:1."""
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast((255, 255, 255), (255, 255, 255)) == pytest.approx(1.0)
    assert contrast((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)


def test_a_translucent_dialog_is_found(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 8 of the issue: the set-up screen's words showed through "abandon?"."""
    app.push(SetupScene(app))
    app.push(ConfirmDialog(app, "menu.abandon_question", lambda: None))
    app.step(0.0, [])
    assert problems(look(app), "dialog") == []
    monkeypatch.setattr(widgets, "PANEL_OPACITY", 220)  # the panels as they were
    lines = problems(look(app), "dialog")
    assert any("panel at (340, 250, 600, 220) of ConfirmDialog lets what is under it show"
               in line for line in lines), lines


def test_an_english_word_on_a_french_screen_is_found(app: App) -> None:
    app.choose_language("fr")
    assert found(app, boxed(FRENCH.tr("menu.new_game"))) == []
    english = ENGLISH.tr("menu.new_game")
    lines = found(app, boxed(english))
    assert any(f"text {english!r}" in line and "on a 'fr' screen" in line
               for line in lines), lines


def test_a_catalogue_key_on_the_screen_is_found(app: App) -> None:
    lines = found(app, boxed("menu.abandon"))
    assert any("text 'menu.abandon'" in line and "catalogue key" in line for line in lines)


def test_nothing_is_recorded_outside_a_recording(app: App) -> None:
    """The recorder is off in the game, and a recording ends with its ``with`` block."""
    assert active_log() is None
    with recording(app.screen) as log:
        blit_text(app.screen, "Score", 26, CREAM, topleft=(10, 10))
        blit_text(pygame.Surface((50, 50)), "elsewhere", 26, CREAM, topleft=(0, 0))
    assert [drawn.words for drawn in log.texts] == ["Score"]  # the screen's only
    assert active_log() is None


def note_for(row: pygame.Rect, note: pygame.Rect) -> Draw:
    """A row of calls in its panel, and the note that explains it at ``note``."""
    from game.ui.kit.drawlog import explains

    def draw(surface: pygame.Surface) -> None:
        panel(surface, row.inflate(20, 20))
        blit_text(surface, "West  90 diamonds", 22, CREAM, midleft=(row.x + 4, row.centery))
        panel(surface, note, name="call note")
        blit_text(surface, "West opens: about 4 trumps", 22, CREAM,
                  midleft=(note.x + 12, note.centery))
        explains(surface, note, row)

    return draw


def test_a_note_far_from_the_row_it_explains_is_found(app: App) -> None:
    """The call of the top right read in a note at the bottom centre."""
    row = pygame.Rect(800, 30, 220, 22)
    assert found(app, note_for(row, pygame.Rect(720, 70, 400, 60))) == []
    lines = found(app, note_for(row, pygame.Rect(420, 470, 400, 60)))
    assert any("is 418 pixels from what it explains" in line for line in lines), lines


def test_a_message_drawn_inside_a_note_is_found(app: App) -> None:
    """A short hint wholly inside an open call note hides its words: a note or a
    message is never a part of the panel it lies in."""
    note, hint = pygame.Rect(400, 400, 500, 120), pygame.Rect(520, 410, 260, 44)

    def draw(surface: pygame.Surface) -> None:
        panel(surface, note, name="call note")
        panel(surface, hint, name="message")
        blit_text(surface, "I pass", 26, CREAM, center=hint.center)

    lines = found(app, draw)
    assert any("panel 'message'" in line and "covers panel 'call note'" in line
               for line in lines), lines

    def part(surface: pygame.Surface) -> None:  # a plain panel inside a panel: its part
        panel(surface, note)
        panel(surface, hint)
        blit_text(surface, "Score", 26, CREAM, center=hint.center)

    assert found(app, part) == []


def test_a_text_too_small_for_the_smallest_window_is_found() -> None:
    from game.storage.settings import Settings

    small = App(Settings(language="en"), window_size=(960, 540))
    small.push(Scene(small))
    try:
        def tiny(surface: pygame.Surface) -> None:
            panel(surface, BOX)
            blit_text(surface, "Score pad (S)", 18, CREAM, midleft=(BOX.x + 20, BOX.centery))
            blit_text(surface, "?", 16, CREAM, midleft=(BOX.x + 200, BOX.centery))

        lines = found(small, tiny)
        assert any("text 'Score pad (S)'" in line and "under 15 pixels" in line
                   for line in lines), lines
        assert not any("text '?'" in line for line in lines)  # a single mark
        assert found(small, boxed("Score pad (S)")) == []  # 26: 19.5 pixels
    finally:
        small.close()
