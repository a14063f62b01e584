"""New game: the game, the number of players, each computer's level, how the match ends
and the house rules (the option fields of the game's rules class that apply to the chosen
game and number of players, grouped, one line of explanation each), with presets: the
federation's rules, the café conventions and the player's last settings."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from enum import Enum
from typing import Any, NamedTuple

import pygame

from game.ai import Level
from game.engine.games import DEFAULT_PLAYERS, GAMES, PRESETS, AnyRules, rules_class
from game.engine.rules import (
    CoincheRules,
    PoigneeSizes,
    RulesError,
    TarotRules,
    option_applies,
)
from game.engine.tarot_scoring import PoigneeKind, poignee_size
from game.i18n import Texts
from game.ui.kit.backdrop import draw_backdrop
from game.ui.kit.entry import DealNumberField
from game.ui.kit.widgets import (
    BUTTON_MARGIN,
    CREAM,
    GLOW,
    GOLD,
    Button,
    KeyboardFocus,
    blit_text,
    panel,
    text,
    translated,
)
from game.ui.stage import routes
from game.ui.stage.scene import Scene, Stage
from game.ui.table.controller import GameConfig, SeatConfig

TARGETS = (500, 1000, 1500, 2000, 3000)
# Tarot's one end condition: a number of deals (the default, 8, first), or (deals None)
# a score to reach.
TAROT_ENDS: tuple[tuple[int | None, int], ...] = (
    *((deals, 1000) for deals in (8, 12, 16, 4)),
    *((None, target) for target in TARGETS),
)
INT_CHOICES = {"capot_points": (252, 250), "surcoinche_multiplier": (4, 3),
               "fail_base": (160, 162), "made_base": (160, 162), "bid_capot_base": (250, 252),
               "unannounced_chelem": (200, 0), "defence_chelem": (200, 0)}
PRESETS_TAB = "group.presets"
LAST = "last"
GROUPS = {
    "group.play": ("undertrump", "overtrump_partner_when_trump_led", "partner_ruff",
                   "king_call", "excuse_last_trick", "direction"),
    "group.bidding": ("round2_same_suit_allowed", "arret", "packets", "bid_values",
                      "sans_atout_tout_atout", "must_beat_defence", "made_base",
                      "bid_capot_base"),
    "group.announcements": ("announcements", "announce_tie", "card_reuse_in_announcements",
                            "belote_prenable", "belote_counts_for_contract",
                            "defence_belote_to_coinched_takers"),
    "group.primes": ("misere", "poignee_sizes", "petit_au_bout", "unannounced_chelem",
                     "defence_chelem"),
    "group.scoring": ("capot_points", "round_to_10", "rubicon", "litige",
                      "litige_belote_paid", "capot_takes_defence_announcements",
                      "surcoinche_multiplier", "multiplier_base", "fail_base"),
    "group.two_players": ("layout", "decouverte_announcements", "two_player_winner_takes_all"),
}
FIXED = ("players", "target", "deals")  # set on the left: the table and how the match ends
ROW_TOP, ROW_STEP, ROWS_BOTTOM = 196, 72, 604
TABS_LEFT, TABS_RIGHT, TABS_TOP, TAB_GAP = 500, 1260, 130, 8
HELP_LEFT, HELP_SIZE = 510, 20  # each option's one line of explanation, under its name


def tab_rects(labels: list[str], size: int) -> list[pygame.Rect]:
    """The tabs along the strip above the right panel, each as wide as its words and
    the room left shared out: at two players six tabs, and "Jeu de la carte" or
    "Announcements" no longer shrink to fit an even share."""
    room = TABS_RIGHT - TABS_LEFT - TAB_GAP * (len(labels) - 1)
    natural = [text(label, size).get_width() + 2 * BUTTON_MARGIN for label in labels]
    spare = room - sum(natural)
    widths = [max(1, width + spare // len(labels)) if spare >= 0
              else width * room // sum(natural) for width in natural]
    rects, left = [], TABS_LEFT
    for width in widths:
        rects.append(pygame.Rect(left, TABS_TOP, width, 44))
        left += width + TAB_GAP
    return rects


def option_names(rules: type[AnyRules]) -> list[str]:
    return [f.name for f in dataclasses.fields(rules) if f.name not in FIXED]


def shown_options(rules: AnyRules, group: str) -> list[str]:
    """The options of ``group`` the setup shows for ``rules``: those of its game that
    apply to its number of players and other options."""
    names = option_names(type(rules))
    return [n for n in GROUPS[group] if n in names and option_applies(rules, n)]


def choices(rules: AnyRules, name: str) -> tuple[Any, ...]:
    value = getattr(rules, name)
    if isinstance(value, bool):
        return (False, True)
    if isinstance(value, Enum):
        return tuple(type(value))
    return INT_CHOICES[name]


def value_label(texts: Texts, value: Any, rules: AnyRules) -> str:
    if isinstance(value, PoigneeSizes) and isinstance(rules, TarotRules):
        return texts.tr("val.poignee_sizes", name=texts.tr(f"val.{value.value}"),
                        sizes=", ".join(str(poignee_size(rules.players, kind, value))
                                        for kind in PoigneeKind))
    if isinstance(value, bool):
        return texts.tr("on" if value else "off")
    if isinstance(value, Enum):
        return texts.tr(f"val.{value.value}")
    return str(value)


def end_label(texts: Texts, rules: AnyRules) -> str:
    """How the match ends, as the left panel's button says it."""
    if isinstance(rules, TarotRules) and rules.deals is not None:
        return texts.tr("setup.end_deals", count=rules.deals)
    return texts.tr("setup.end_target", target=rules.target)


def end_help(texts: Texts, rules: AnyRules) -> str:
    if isinstance(rules, TarotRules) and rules.deals is not None:
        return texts.tr("setup.end_deals.help", count=rules.deals)
    family = "tarot" if isinstance(rules, TarotRules) else "trick"
    return texts.tr(f"setup.end_target.help.{family}", target=rules.target)


def preset_names(game: str) -> list[str]:
    return [p.name for p in PRESETS[game]]


def preset_help_key(game: str, name: str) -> str:
    """What a preset sets, said in one line (the same preset name sets other options in
    another game)."""
    return "preset.last.help" if name == LAST else f"preset.{name}.help.{game}"


def match_table(rules: AnyRules) -> dict[str, Any]:
    """What a preset keeps of the rules being set up: the players and the end of the match."""
    table: dict[str, Any] = {"players": rules.players, "target": rules.target}
    if isinstance(rules, TarotRules):
        table["deals"] = rules.deals
    return table


def preset(rules: AnyRules, name: str) -> AnyRules:
    """``rules``' game under the preset ``name`` (``games.PRESETS``), its players and end
    of the match kept."""
    chosen = next(p for p in PRESETS[rules.game] if p.name == name)
    return rules_class(rules.game)(**match_table(rules), **chosen.changes)


def next_end(rules: AnyRules) -> dict[str, Any]:
    """The next end of the match, as changes to ``rules``: a target, or at tarot a
    number of deals or a target."""
    if isinstance(rules, TarotRules):
        current = (rules.deals, rules.target if rules.deals is None else 1000)
        index = TAROT_ENDS.index(current) if current in TAROT_ENDS else -1
        deals, target = TAROT_ENDS[(index + 1) % len(TAROT_ENDS)]
        return {"deals": deals, "target": target}
    index = TARGETS.index(rules.target) if rules.target in TARGETS else -1
    return {"target": TARGETS[(index + 1) % len(TARGETS)]}


def option_rect(index: int, count: int) -> pygame.Rect:
    """An option's button: rows 72 pixels apart, closer when a group has more than fit."""
    step = min(ROW_STEP, (ROWS_BOTTOM - ROW_TOP) // max(count, 1))
    return pygame.Rect(1030, ROW_TOP + index * step, 210, 40)


class Row(NamedTuple):
    """A line of the right panel: a title, its one-line explanation and a button."""

    name: str  # the option (or preset) it sets
    title: str
    help: str
    button: Button


class SetupScene(Scene):
    route = routes.SETUP

    def __init__(self, app: Stage) -> None:
        super().__init__(app)
        last = self.app.memory.last_setup
        self.rules: AnyRules = last.rules if last else CoincheRules()
        self.levels: list[Level] = [Level.CONFIRME] * 5
        if last:
            self.levels[:len(last.seats)] = [s.level for s in last.seats]
        self.group = PRESETS_TAB
        self.buttons: list[Button] = []
        self.rows: list[Row] = []
        self.deal_field = DealNumberField(pygame.Rect(700, 644, 240, 48))
        self.focus = KeyboardFocus([])  # the keyboard's ring, kept in place by each build
        self.build()

    # --- changes -------------------------------------------------------------------------

    def set_game(self, game: str) -> None:
        self.rules = rules_class(game)(players=DEFAULT_PLAYERS)
        self.build()

    def set_players(self, players: int) -> None:
        """Another number of players: the options' defaults for it (some depend on it),
        the end of the match kept when the player chose it; the game's own for that
        many players otherwise (the contrée à deux is played to 1000, at four to 2000)."""
        game = rules_class(self.rules.game)
        table = {**match_table(self.rules), "players": players}
        if self.rules.target == game(players=self.rules.players).target:
            del table["target"]
        self.rules = game(**table)
        self.build()

    def next_target(self) -> None:
        self._replace(**next_end(self.rules))

    def next_level(self, seat: int) -> None:
        levels = list(Level)
        self.levels[seat] = levels[(levels.index(self.levels[seat]) + 1) % len(levels)]

    def next_value(self, name: str) -> None:
        options = choices(self.rules, name)
        current = getattr(self.rules, name)
        self._replace(**{name: options[(options.index(current) + 1) % len(options)]})

    def apply_preset(self, name: str) -> None:
        last = self.app.memory.last_setup
        storage = self.app.storage
        if name == LAST and last is not None and last.rules.game == self.rules.game:
            self.rules = last.rules
            self.levels[:len(last.seats)] = [s.level for s in last.seats]
        elif name == LAST and storage is not None:
            self.rules = storage.settings.rules_for(self.rules.game)  # type: ignore[assignment]
            levels = storage.settings.ai_levels.get(self.rules.game, ())
            self.levels[1:1 + len(levels)] = [Level(level) for level in levels][:4]
        else:
            self.rules = preset(self.rules, name)
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
        first_deal, error = self.deal_field.value()
        if error is not None:
            self.deal_field.error = error
            return
        config = self.config(first_deal)
        self.app.memory.last_setup = config
        if self.app.storage is not None:
            levels = tuple(seat.level.value for seat in config.seats if not seat.human)
            self.app.settings = self.app.settings.with_rules(config.rules).with_levels(
                config.rules.game, levels)
            self.app.save_settings()
        routes.start_match(self.app, config)

    # --- widgets -------------------------------------------------------------------------

    def build(self) -> None:
        rules = self.rules
        buttons: list[Button] = []
        for i, game in enumerate(GAMES):
            buttons.append(Button(pygame.Rect(56 + i * 142, 150, 136, 48),
                                  translated(self.texts, f"game.{game}"),
                                  _call(self.set_game, game), selected=rules.game == game,
                                  size=24))
        for i, players in enumerate(GAMES[rules.game].players):
            buttons.append(Button(pygame.Rect(240 + i * 80, 214, 70, 44), _const(str(players)),
                                  _call(self.set_players, players),
                                  selected=rules.players == players))
        buttons.append(Button(pygame.Rect(240, 274, 230, 44),
                              lambda: end_label(self.texts, self.rules),
                              self.next_target, size=24))
        for seat in range(1, rules.players):
            buttons.append(Button(pygame.Rect(240, 280 + seat * 48, 190, 40),
                                  self._level_label(seat), _call(self.next_level, seat),
                                  size=26))
        groups = self.groups()
        if self.group not in groups:
            self.group = groups[0]
        size = 24 if len(groups) < 5 else 22
        for group, rect in zip(groups, tab_rects([self.tr(g) for g in groups], size),
                               strict=True):
            buttons.append(Button(rect, translated(self.texts, group),
                                  _call(self.pick_group, group),
                                  selected=group == self.group, size=size))
        buttons.append(Button(pygame.Rect(60, 640, 200, 56), translated(self.texts, "back"),
                              self.app.pop))
        buttons.append(Button(pygame.Rect(1010, 640, 240, 56),
                              translated(self.texts, "setup.start"), self.start))
        self.buttons = buttons
        self.rows = self._preset_rows() if self.group == PRESETS_TAB else self._option_rows()
        self._ring()

    def _ring(self) -> None:
        """The keyboard's ring in reading order: the left panel and the tabs, the rows
        under them, then Back and Start.  A button pressed changes only what comes after
        it in the ring (the players after the game, the rows after their tab), so the ring
        stays on the same place after a build."""
        *left, back, start = self.buttons
        index = self.focus.index
        self.focus = KeyboardFocus([*left, *(row.button for row in self.rows), back, start])
        if index is not None:
            self.focus.index = min(index, len(self.focus.buttons) - 1)
            self.focus.show()

    def _option_rows(self) -> list[Row]:
        rules = self.rules
        names = shown_options(rules, self.group)
        return [Row(name, self.tr(f"opt.{name}"), self.tr(f"opt.{name}.help"),
                    Button(option_rect(i, len(names)),
                           _const(value_label(self.texts, getattr(rules, name), rules)),
                           _call(self.next_value, name), size=22))
                for i, name in enumerate(names)]

    def _preset_rows(self) -> list[Row]:
        """One row per preset of the game, then the last settings; the preset the
        current options match is lit."""
        rules = self.rules
        names = [*preset_names(rules.game), LAST]
        rows = []
        for i, name in enumerate(names):
            same = name != LAST and rules == preset(rules, name)
            help_key = preset_help_key(rules.game, name)
            if name == LAST and not self.has_last():
                help_key = "preset.last.none"  # disabled: why
            label = translated(self.texts, "setup.preset_current" if same else "setup.apply")
            rows.append(Row(name, self.tr(f"preset.{name}"), self.tr(help_key),
                            Button(option_rect(i, len(names)), label,
                                   _call(self.apply_preset, name), size=22, selected=same,
                                   enabled=name != LAST or self.has_last())))
        return rows

    def has_last(self) -> bool:
        """A game of the chosen kind was started before (this session or an earlier
        one): its settings can be taken again."""
        storage = self.app.storage
        last = self.app.memory.last_setup
        return (last is not None and last.rules.game == self.rules.game) or (
            storage is not None and self.rules.game in storage.settings.last_rules)

    def groups(self) -> list[str]:
        """The presets, then the groups holding an option shown for the chosen game."""
        return [PRESETS_TAB, *(group for group in GROUPS if shown_options(self.rules, group))]

    def pick_group(self, group: str) -> None:
        self.group = group
        self.build()

    def _level_label(self, seat: int) -> Callable[[], str]:
        return lambda: self.tr(f"level.{self.levels[seat].value}")

    # --- the frame -----------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """Clicks on the buttons and the deal number's field; the arrows or Tab ring a
        button, Enter or Space presses it; a digit typed goes to the deal number (Tab
        leaves it, Enter starts); Esc goes back."""
        if self.deal_field.handle(event) or self.type_deal_number(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.deal_field.focused:
            self.start()
            return
        if self.focus.handle(event):
            return
        for button in [*self.buttons, *(row.button for row in self.rows)]:
            if button.handle(event):
                return

    def type_deal_number(self, event: pygame.event.Event) -> bool:
        """A digit typed while the field is not chosen: the field takes the keyboard
        (the ring's button let go) and the digit."""
        digit = getattr(event, "unicode", "")
        if event.type != pygame.KEYDOWN or not (digit.isascii() and digit.isdigit()):
            return False
        self.focus.index = None
        self.focus.show()
        self.deal_field.focused = True
        self.deal_field.type(digit)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(self.app.assets, surface, self.tr("menu.new_game"))
        panel(surface, pygame.Rect(40, 120, 440, 500))
        panel(surface, pygame.Rect(490, 184, 770, 436))
        blit_text(surface, self.tr("setup.players"), 26, CREAM, midleft=(60, 236))
        blit_text(surface, self.tr("setup.match_end"), 26, CREAM, midleft=(60, 296))
        from game.ui.kit.layout import seat_spots
        from game.ui.table.words import seat_name

        spots = seat_spots(self.rules.players, 0, self.rules.direction)
        for seat in range(1, self.rules.players):
            blit_text(surface, seat_name(self.texts, seat, 0, spots[seat].compass), 26, CREAM,
                      midleft=(60, 300 + seat * 48))
        blit_text(surface, end_help(self.texts, self.rules), 20, GOLD, topleft=(60, 568))
        for row in self.rows:
            y = row.button.rect.y
            blit_text(surface, row.title, 26, CREAM, topleft=(510, y))
            blit_text(surface, row.help, HELP_SIZE, (214, 206, 180), topleft=(HELP_LEFT, y + 28))
            row.button.draw(surface)
        for button in self.buttons:
            button.draw(surface)
        self.draw_deal_field(surface)

    def draw_deal_field(self, surface: pygame.Surface) -> None:
        field = self.deal_field
        blit_text(surface, self.tr("setup.deal_number"), 24, CREAM,
                  midright=(field.rect.x - 12, field.rect.centery))
        field.draw(surface, self.tr("setup.deal_random"))
        if field.error is not None:
            blit_text(surface, self.tr(field.error), 20, GLOW,
                      midtop=(field.rect.centerx, field.rect.bottom + 4))


def _const(label: str) -> Callable[[], str]:
    return lambda: label


def _call(function: Callable[[Any], None], argument: Any) -> Callable[[], None]:
    return lambda: function(argument)
