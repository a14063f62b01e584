"""The settings screen: language, speed, sound, look, the Expert's time, the review's
threshold; each row changes the setting at once, written when the screen closes."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import pygame

from game.choices import THINK_CHOICES, THRESHOLDS
from game.i18n import Texts
from game.storage.settings import CARD_BACKS, TABLE_COLOURS, Settings
from game.storage.settings import LANGUAGES as SETTING_LANGUAGES
from game.ui.kit.backdrop import draw_backdrop
from game.ui.kit.entry import NameField
from game.ui.kit.widgets import (
    CREAM,
    GLOW,
    Button,
    KeyboardFocus,
    blit_text,
    panel,
    translated,
)
from game.ui.stage import routes
from game.ui.stage.scene import Scene, Stage

VOLUMES = (0.25, 0.5, 0.7, 1.0)  # 0.7: the default
Choice = TypeVar("Choice")
# The Expert's thinking time as the settings name it (keys "think.<name>").
THINK_NAMES = dict(zip(THINK_CHOICES, ("quick", "normal", "long"), strict=True))


class SettingsScene(Scene):
    route = routes.SETTINGS
    ROW_TOP, ROW_STEP = 118, 35  # the name and thirteen rows above the Back button

    def __init__(self, app: Stage) -> None:
        super().__init__(app)

        def settings() -> Settings:
            return app.settings

        rows: list[tuple[str, Callable[[], str], Callable[[], None]]] = [
            ("settings.language", lambda: self.tr(f"language.{app.language_setting()}"),
             self.next_language),
            ("settings.speed", lambda: self.tr(f"speed.{settings().speed}"), self.next_speed),
            ("settings.sound", self.sound_label, self.toggle_sound),
            ("settings.volume", lambda: f"{round(settings().volume * 100)} %",
             self.next_volume),
            ("settings.table_colour", lambda: self.tr(f"colour.{settings().table_colour}"),
             self.next_table_colour),
            ("settings.card_back", lambda: self.tr(f"colour.{settings().card_back}"),
             self.next_card_back),
            ("settings.four_colour", _on_off(self.texts, lambda: settings().four_colour),
             self.toggle_four_colour),
            ("settings.left_handed", _on_off(self.texts, lambda: settings().left_handed),
             self.toggle_left_handed),
            ("settings.fullscreen", _on_off(self.texts, lambda: settings().fullscreen),
             app.toggle_fullscreen),
            ("settings.undo", _on_off(self.texts, lambda: settings().undo_allowed),
             self.toggle_undo),
            ("settings.expert_think",
             lambda: self.tr(f"think.{THINK_NAMES.get(settings().expert_think, 'normal')}"),
             self.next_think),
            ("settings.collect_on_click", _on_off(self.texts, lambda: settings().collect_on_click),
             self.toggle_collect_on_click),
            ("settings.coach_threshold",
             lambda: self.tr("coach.threshold", points=round(settings().coach_threshold)),
             self.next_coach_threshold),
        ]
        # The player's name first: a field, typed in (its row is kept above the buttons).
        self.name_field = NameField(pygame.Rect(760, self.ROW_TOP, 240, self.ROW_STEP - 4),
                                    app.settings.player_name)
        self.rows = [(key, Button(pygame.Rect(760, self.ROW_TOP + (i + 1) * self.ROW_STEP,
                                              240, self.ROW_STEP - 4),
                                  label, action, size=26))
                     for i, (key, label, action) in enumerate(rows)]
        self.back = Button(pygame.Rect(540, 630, 200, 56), translated(self.texts, "back"), app.pop)
        self.focus = KeyboardFocus([*(button for _, button in self.rows), self.back])

    def next_table_colour(self) -> None:
        self.app.change_settings(
            table_colour=_next(TABLE_COLOURS, self.app.settings.table_colour))
        self.app.apply_look()

    def next_card_back(self) -> None:
        self.app.change_settings(card_back=_next(CARD_BACKS, self.app.settings.card_back))

    def toggle_four_colour(self) -> None:
        self.app.change_settings(four_colour=not self.app.settings.four_colour)
        self.app.apply_look()

    def toggle_collect_on_click(self) -> None:
        self.app.change_settings(collect_on_click=not self.app.settings.collect_on_click)

    def next_coach_threshold(self) -> None:
        self.app.change_settings(
            coach_threshold=_next(THRESHOLDS, self.app.settings.coach_threshold))

    def toggle_undo(self) -> None:
        self.app.change_settings(undo_allowed=not self.app.settings.undo_allowed)

    def next_think(self) -> None:
        """The Expert's thinking time: quick, normal, long, then quick again."""
        longer = [t for t in THINK_CHOICES if t > self.app.settings.expert_think]
        self.app.change_settings(expert_think=longer[0] if longer else THINK_CHOICES[0])

    def toggle_left_handed(self) -> None:
        self.app.change_settings(left_handed=not self.app.settings.left_handed)

    def next_language(self) -> None:
        """Automatic (the system's), then each language in turn."""
        self.app.choose_language(_next(SETTING_LANGUAGES, self.app.language_setting()))

    def next_speed(self) -> None:
        self.app.change_settings(animation_speed=self.app.settings.next_speed())

    def sound_label(self) -> str:
        """On or Off; "no sound device" when none could be opened, whatever the setting."""
        if not self.app.assets.sound_available:
            return self.tr("settings.no_audio")
        return self.tr("on" if self.app.settings.sound else "off")

    def toggle_sound(self) -> None:
        self.app.change_settings(sound=not self.app.settings.sound)

    def next_volume(self) -> None:
        louder = [v for v in VOLUMES if v > self.app.settings.volume + 0.01]
        self.app.change_settings(volume=louder[0] if louder else VOLUMES[0])
        self.app.sound("card_play")

    def closed(self) -> None:
        self.app.save_settings()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
        if self.name_field.handle(event):
            self.app.change_settings(player_name=self.name_field.text.strip())
            return
        if self.focus.handle(event):
            return
        for button in [*(b for _, b in self.rows), self.back]:
            if button.handle(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(self.app.assets, surface, self.tr("menu.settings"))
        panel(surface, pygame.Rect(240, self.ROW_TOP - 16, 800,
                                   (len(self.rows) + 1) * self.ROW_STEP + 24))
        field = self.name_field
        refused = field.error is not None  # the refusal in place of the label, in gold
        blit_text(surface, self.tr(field.error) if field.error else self.tr("settings.player_name"),
                  28, GLOW if refused else CREAM, midleft=(280, field.rect.centery))
        field.draw(surface, self.tr("seat.you"))
        for key, button in self.rows:
            blit_text(surface, self.tr(key), 28, CREAM, midleft=(280, button.rect.centery))
            button.draw(surface)
        self.back.draw(surface)


def _on_off(texts: Texts, flag: Callable[[], bool]) -> Callable[[], str]:
    return lambda: texts.tr("on" if flag() else "off")



def _next(choices: tuple[Choice, ...], current: Choice) -> Choice:
    index = choices.index(current) if current in choices else -1
    return choices[(index + 1) % len(choices)]

