"""New game: the game, the number of players, each computer's level, the target and the
house rules (the option fields of BeloteRules / CoincheRules, grouped, one line of
explanation each), with presets."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING, Any

import pygame

from game.ai import Level
from game.engine.games import DEFAULT_PLAYERS, GAMES, AnyRules, rules_class
from game.engine.rules import CoincheRules, RulesError, TarotRules
from game.i18n import tr
from game.ui.app import App, Scene
from game.ui.controller import GameConfig, SeatConfig
from game.ui.entry import DealNumberField
from game.ui.menu import draw_backdrop
from game.ui.widgets import CREAM, GLOW, GOLD, Button, blit_text, panel

if TYPE_CHECKING:
    from game.ui.menu import MenuScene

TARGETS = (500, 1000, 1500, 2000, 3000)
INT_CHOICES = {"capot_points": (252, 250), "surcoinche_multiplier": (4, 3),
               "fail_base": (160, 162), "deals": (8, 4, 12, 16, None)}
GROUPS = {
    "group.play": ("undertrump", "overtrump_partner_when_trump_led", "partner_ruff",
                   "direction"),
    "group.bidding": ("round2_same_suit_allowed", "arret", "packets", "bid_values",
                      "sans_atout_tout_atout", "must_beat_defence"),
    "group.announcements": ("announcements", "announce_tie", "card_reuse_in_announcements",
                            "belote_prenable"),
    "group.scoring": ("deals", "capot_points", "round_to_10", "rubicon", "litige",
                      "capot_takes_defence_announcements", "surcoinche_multiplier",
                      "multiplier_base", "fail_base"),
}
FIXED = ("players", "target")


def option_names(rules: type[AnyRules]) -> list[str]:
    return [f.name for f in dataclasses.fields(rules) if f.name not in FIXED]


def choices(rules: AnyRules, name: str) -> tuple[Any, ...]:
    value = getattr(rules, name)
    if isinstance(value, bool):
        return (False, True)
    if isinstance(value, Enum):
        return tuple(type(value))
    return INT_CHOICES[name]


def value_label(value: Any) -> str:
    if value is None:
        return tr("val.to_target")
    if isinstance(value, bool):
        return tr("on" if value else "off")
    if isinstance(value, Enum):
        return tr(f"val.{value.value}")
    return str(value)


def preset(game: str, name: str, players: int, target: int) -> AnyRules:
    """'default': the options' defaults; 'ffb': the federation's (scores rounded)."""
    rules = rules_class(game)(players=players, target=target)
    if name == "ffb" and not isinstance(rules, TarotRules):
        rules = dataclasses.replace(rules, round_to_10=True)
    return rules


class SetupScene(Scene):
    last: GameConfig | None = None  # the last game started, for the "last settings" preset

    def __init__(self, app: App, menu: MenuScene) -> None:
        super().__init__(app)
        self.menu = menu
        last = SetupScene.last
        self.rules: AnyRules = last.rules if last else CoincheRules()
        self.levels: list[Level] = [Level.CONFIRME] * 5
        if last:
            self.levels[:len(last.seats)] = [s.level for s in last.seats]
        self.group = next(iter(GROUPS))
        self.buttons: list[Button] = []
        self.rows: list[tuple[str, Button]] = []
        self.deal_field = DealNumberField(pygame.Rect(700, 644, 240, 48))
        self.build()

    # --- changes -------------------------------------------------------------------------

    def set_game(self, game: str) -> None:
        self.rules = preset(game, "default", DEFAULT_PLAYERS, rules_class(game)().target)
        self.build()

    def set_players(self, players: int) -> None:
        self.rules = preset(self.rules.game, "default", players, self.rules.target)
        self.build()

    def next_target(self) -> None:
        index = TARGETS.index(self.rules.target) if self.rules.target in TARGETS else -1
        self._replace(target=TARGETS[(index + 1) % len(TARGETS)])

    def next_level(self, seat: int) -> None:
        levels = list(Level)
        self.levels[seat] = levels[(levels.index(self.levels[seat]) + 1) % len(levels)]

    def next_value(self, name: str) -> None:
        options = choices(self.rules, name)
        current = getattr(self.rules, name)
        self._replace(**{name: options[(options.index(current) + 1) % len(options)]})

    def apply_preset(self, name: str) -> None:
        last = SetupScene.last
        storage = self.app.storage
        if name == "last" and last is not None and last.rules.game == self.rules.game:
            self.rules = last.rules
            self.levels[:len(last.seats)] = [s.level for s in last.seats]
        elif name == "last" and storage is not None:
            self.rules = storage.settings.rules_for(self.rules.game)  # type: ignore[assignment]
            levels = storage.settings.ai_levels.get(self.rules.game, ())
            self.levels[1:1 + len(levels)] = [Level(level) for level in levels][:4]
        else:
            self.rules = preset(self.rules.game, name, self.rules.players, self.rules.target)
        self.build()

    def _replace(self, **changes: Any) -> None:
        try:
            self.rules = dataclasses.replace(self.rules, **changes)
        except RulesError:
            return
        self.build()

    def config(self, first_deal: int | None = None) -> GameConfig:
        seats = tuple(SeatConfig(human=seat == 0, level=self.levels[seat])
                      for seat in range(self.rules.players))
        return GameConfig(self.rules, seats, random.randrange(1, 1 << 30), first_deal)

    def start(self) -> None:
        """A new match; its first deal is the number typed, when one is."""
        from game.ui.table import TableScene

        first_deal, error = self.deal_field.value()
        if error is not None:
            self.deal_field.error = error
            return
        config = self.config(first_deal)
        SetupScene.last = config
        if self.app.storage is not None:
            levels = tuple(seat.level.value for seat in config.seats if not seat.human)
            self.app.settings = self.app.settings.with_rules(config.rules).with_levels(
                config.rules.game, levels)
            self.app.save_settings()
        self.menu.start(lambda: TableScene(self.app, config))

    # --- widgets -------------------------------------------------------------------------

    def build(self) -> None:
        rules = self.rules
        buttons: list[Button] = []
        for i, game in enumerate(GAMES):
            buttons.append(Button(pygame.Rect(56 + i * 142, 150, 136, 48), _text(f"game.{game}"),
                                  _call(self.set_game, game), selected=rules.game == game,
                                  size=24))
        for i, players in enumerate(GAMES[rules.game].players):
            buttons.append(Button(pygame.Rect(240 + i * 80, 214, 70, 44), _const(str(players)),
                                  _call(self.set_players, players),
                                  selected=rules.players == players))
        buttons.append(Button(pygame.Rect(240, 274, 140, 44), lambda: str(self.rules.target),
                              self.next_target))
        for seat in range(1, rules.players):
            buttons.append(Button(pygame.Rect(240, 274 + seat * 48, 190, 40),
                                  self._level_label(seat), _call(self.next_level, seat),
                                  size=26))
        for i, name in enumerate(("default", "ffb", "last")):
            buttons.append(Button(pygame.Rect(60 + i * 140, 540, 130, 44),
                                  _text(f"preset.{name}"), _call(self.apply_preset, name),
                                  size=24, enabled=name != "last" or self.has_last()))
        groups = self.groups()
        if self.group not in groups:
            self.group = groups[0]
        for i, group in enumerate(groups):
            buttons.append(Button(pygame.Rect(500 + i * 190, 130, 182, 44), _text(group),
                                  _call(self._pick_group, group), selected=group == self.group,
                                  size=24))
        buttons.append(Button(pygame.Rect(60, 640, 200, 56), _text("back"), self.app.pop))
        buttons.append(Button(pygame.Rect(1010, 640, 240, 56), _text("setup.start"),
                              self.start))
        names = [n for n in GROUPS[self.group] if n in option_names(type(rules))]
        self.rows = [(name, Button(pygame.Rect(1030, 196 + i * 72, 210, 40),
                                   _const(value_label(getattr(rules, name))),
                                   _call(self.next_value, name), size=24))
                     for i, name in enumerate(names)]
        self.buttons = buttons

    def has_last(self) -> bool:
        storage = self.app.storage
        return SetupScene.last is not None or (
            storage is not None and self.rules.game in storage.settings.last_rules)

    def groups(self) -> list[str]:
        """The groups holding an option of the chosen game."""
        names = option_names(type(self.rules))
        return [group for group, options in GROUPS.items()
                if any(name in names for name in options)]

    def _pick_group(self, group: str) -> None:
        self.group = group
        self.build()

    def _level_label(self, seat: int) -> Callable[[], str]:
        return lambda: tr(f"level.{self.levels[seat].value}")

    # --- the frame -----------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if self.deal_field.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.deal_field.focused:
            self.start()
            return
        for button in [*self.buttons, *(b for _, b in self.rows)]:
            if button.handle(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(self, surface, tr("menu.new_game"))
        panel(surface, pygame.Rect(40, 120, 440, 500))
        panel(surface, pygame.Rect(490, 184, 770, 436))
        blit_text(surface, tr("setup.players"), 26, CREAM, midleft=(60, 236))
        blit_text(surface, tr("setup.target"), 26, CREAM, midleft=(60, 296))
        from game.ui.layout import seat_spots
        from game.ui.words import seat_name

        spots = seat_spots(self.rules.players, 0, self.rules.direction)
        for seat in range(1, self.rules.players):
            blit_text(surface, seat_name(seat, 0, spots[seat].compass), 26, CREAM,
                      midleft=(60, 294 + seat * 48))
        blit_text(surface, tr("setup.presets"), 24, GOLD, midleft=(60, 520))
        for name, button in self.rows:
            y = button.rect.y
            blit_text(surface, tr(f"opt.{name}"), 26, CREAM, topleft=(510, y))
            blit_text(surface, tr(f"opt.{name}.help"), 21, (214, 206, 180),
                      topleft=(510, y + 28))
            button.draw(surface)
        for button in self.buttons:
            button.draw(surface)
        self.draw_deal_field(surface)

    def draw_deal_field(self, surface: pygame.Surface) -> None:
        field = self.deal_field
        blit_text(surface, tr("setup.deal_number"), 24, CREAM,
                  midright=(field.rect.x - 12, field.rect.centery))
        field.draw(surface, tr("setup.deal_random"))
        if field.error is not None:
            blit_text(surface, tr(field.error), 20, GLOW,
                      midtop=(field.rect.centerx, field.rect.bottom + 4))


def _text(key: str) -> Callable[[], str]:
    return lambda: tr(key)


def _const(label: str) -> Callable[[], str]:
    return lambda: label


def _call(function: Callable[[Any], None], argument: Any) -> Callable[[], None]:
    return lambda: function(argument)
