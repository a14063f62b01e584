"""The player's statistics, one tab per game and player count (at two, the cards in the
hand or the découverte, chosen under the counts): matches and deals played and won,
capots, chelems, coinches won, the best match score (marked when undo helped), and the
contracts taken and made by kind; "Reset" asks for a confirmation first."""

from __future__ import annotations

import functools
from collections.abc import Callable

import pygame

from game.engine.games import COINCHE, TABLES, TAROT, game_of, rules_class
from game.engine.rules import CoincheRules, Layout, option_applies
from game.i18n import Texts
from game.storage.stats import GameStats, Statistics, layout_of
from game.ui.kit.backdrop import draw_backdrop
from game.ui.kit.chart import draw_chart
from game.ui.kit.widgets import (
    CREAM,
    GLOW,
    GOLD,
    MIN_TEXT,
    Button,
    KeyboardFocus,
    blit_text,
    panel,
    wrap,
)
from game.ui.scenes.breakdown import signed_points
from game.ui.stage import routes
from game.ui.stage.scene import Scene, Stage
from game.ui.table.host import Question

TABS = TABLES  # one tab per game and player count
TAB_STEP = 1160 // len(TABS)  # the tabs share the width between the margins
TAROT_KINDS = ("prise", "garde", "garde_sans", "garde_contre")
PANEL_RECT = pygame.Rect(60, 180, 1160, 440)
ROW = 36
LOST_CHART = pygame.Rect(130, 250, 440, 280)  # the Progress page's two charts
PAR_CHART = pygame.Rect(720, 250, 440, 280)
AVERAGE_OVER = 10
LAYOUT_BUTTON = pygame.Rect(90, 572, 200, 38)  # the first; the next beside it


def percent(part: int, whole: int) -> str:
    return f"{part} ({round(100 * part / whole)} %)" if whole else str(part)


def counter_rows(texts: Texts, game: str, stats: GameStats) -> list[tuple[str, str]]:
    """The general counts of one tab, as (label, value) lines."""
    rows = [
        (texts.tr("stats.matches_played"), str(stats.matches_played)),
        (texts.tr("stats.matches_won"), percent(stats.matches_won, stats.matches_played)),
        (texts.tr("stats.deals_played"), str(stats.deals_played)),
        (texts.tr("stats.deals_won"), percent(stats.deals_won, stats.deals_played)),
    ]
    if game_of(game) is TAROT:
        rows.append((texts.tr("stats.chelems"), str(stats.chelems)))
    else:
        rows.append((texts.tr("stats.capots"), str(stats.capots)))
    if game_of(game) is COINCHE:
        rows.append((texts.tr("stats.coinches_won"), str(stats.coinches_won)))
    rows.append((texts.tr("stats.best_score"), best_score(texts, stats)))
    rows.append((texts.tr("stats.matches_with_undo"), str(stats.matches_with_undo)))
    rows.append((texts.tr("stats.undos"), str(stats.undos)))
    rows.append((texts.tr("stats.matches_abandoned"), str(stats.matches_abandoned)))
    return rows


def best_score(texts: Texts, stats: GameStats) -> str:
    if stats.best_match_score is None:
        return "—"
    if stats.best_match_used_undo:
        return texts.tr("stats.with_undo", score=stats.best_match_score)
    return str(stats.best_match_score)


def layouts_of(game: str, players: int) -> tuple[Layout, ...]:
    """How ``game`` at ``players`` may lay its cards out: in the hand, and at two the
    découverte (each kept apart in the statistics)."""
    if option_applies(rules_class(game)(players=players), "layout"):
        return tuple(Layout)
    return (Layout.HAND,)


def kinds_of(game: str, players: int, stats: GameStats,
             layout: Layout = Layout.HAND) -> list[str]:
    """The contract kinds of ``game`` at ``players`` (and ``layout``) in their natural
    order (any other recorded kind after them): coinche by its ladder (the contrée à deux
    from 50 to 130, its découverte from 80 to 160) and the capot."""
    known: tuple[str, ...] = (game,)
    if game_of(game) is COINCHE:
        ladder = CoincheRules(players=players, layout=layout).bid_ladder
        known = (*map(str, ladder), "capot")
    elif game_of(game) is TAROT:
        known = TAROT_KINDS
    extra = sorted(set(stats.contracts_taken) - set(known))
    return [*known, *extra]


def kind_label(texts: Texts, game: str, kind: str) -> str:
    if game_of(game) is TAROT and kind in TAROT_KINDS:
        return texts.tr(f"tarot.{kind}")
    if kind == "capot":
        return texts.tr("bid.capot_short")
    if kind == game:
        return texts.tr("stats.contracts_all")
    return kind


RESET_QUESTION = Question("stats.reset_confirm", "yes", "no")


class StatsScene(Scene):
    route = routes.STATS
    def __init__(self, app: Stage) -> None:
        super().__init__(app)
        self.tab, first_layout = self.first_table()
        self.tabs = [Button(pygame.Rect(60 + i * TAB_STEP, 116, TAB_STEP - 8, 46),
                            _tab_label(self.texts, game, players), _call(self.show, i), size=24)
                     for i, (game, players) in enumerate(TABS)]
        self.reset_button = Button(pygame.Rect(60, 646, 220, 56), lambda: self.tr("stats.reset"),
                                   self.ask_reset, size=28)
        self.back = Button(pygame.Rect(1000, 646, 220, 56), lambda: self.tr("back"), app.pop)
        self.showing_progress = False  # the chart of the points lost, instead of the counts
        self.progress_button = Button(
            pygame.Rect(470, 646, 340, 56),
            lambda: self.tr("stats.counts" if self.showing_progress else "stats.progress"),
            self.toggle_progress, size=26)
        self.layout = first_layout  # at two: the cards in the hand, or the découverte
        self.layout_buttons = [
            Button(LAYOUT_BUTTON.move(i * (LAYOUT_BUTTON.width + 10), 0),
                   _value_label(self.texts, layout), _call_layout(self.choose_layout, layout),
                   size=20)
            for i, layout in enumerate(Layout)]
        # the arrows or Tab ring a button, Enter or Space presses it
        self.focus = KeyboardFocus([*self.tabs, *self.layout_buttons, self.reset_button,
                                    self.progress_button, self.back])
        self.show(self.tab)

    def choose_layout(self, layout: Layout) -> None:
        self.layout = layout

    def layouts(self) -> tuple[Layout, ...]:
        """The layouts the tab shown may be played with (one: no choice to show)."""
        return layouts_of(*TABS[self.tab])

    @property
    def shown_layout(self) -> Layout:
        return self.layout if self.layout in self.layouts() else Layout.HAND

    def shown(self) -> GameStats:
        """The counts of the table shown: the tab's game and players, the layout."""
        game, players = TABS[self.tab]
        return self.statistics.of(game, players, self.shown_layout)

    def first_table(self) -> tuple[int, Layout]:
        """The tab and layout of the table the player set up last in this session; else
        of the one he has played most; else coinche at four, the most played.  (Opened
        on coinche at four after a contrée à deux, the screen showed only zeros.)"""
        last = self.app.memory.last_setup
        if last is not None and (last.rules.game, last.rules.players) in TABS:
            return TABS.index((last.rules.game, last.rules.players)), layout_of(last.rules)
        tables = [(index, layout) for index, (game, players) in enumerate(TABS)
                  for layout in layouts_of(game, players)]
        played = [self.statistics.of(*TABS[index], layout).deals_played
                  for index, layout in tables]
        if max(played) > 0:
            return tables[played.index(max(played))]
        return TABS.index((COINCHE.name, 4)), Layout.HAND

    def toggle_progress(self) -> None:
        self.showing_progress = not self.showing_progress

    @property
    def statistics(self) -> Statistics:
        storage = self.app.storage
        return storage.stats if storage is not None else Statistics()

    def show(self, index: int) -> None:
        self.tab = index
        for button in self.layout_buttons:  # shown, and ringed, at two players only
            button.enabled = len(self.layouts()) > 1

    def ask_reset(self) -> None:
        self.app.go(routes.CONFIRM, question=RESET_QUESTION, on_yes=self.reset)

    def reset(self) -> None:
        storage = self.app.storage
        if storage is not None:
            storage.reset_stats()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if self.focus.handle(event):
            return
        for button in self.focus.buttons:
            if button.handle(event):
                return

    def _layout_buttons_shown(self) -> list[Button]:
        return self.layout_buttons if len(self.layouts()) > 1 else []

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(self.app.assets, surface, self.tr("menu.stats"))
        for index, tab in enumerate(self.tabs):
            tab.selected = index == self.tab
            tab.draw(surface)
        panel(surface, PANEL_RECT)
        game, players = TABS[self.tab]
        stats = self.shown()
        if self.showing_progress:
            self.draw_progress(surface, stats)
        else:
            self.draw_counters(surface, game, stats)
            self.draw_contracts(surface, game, players, stats)
        for layout, button in zip(Layout, self._layout_buttons_shown(), strict=False):
            button.selected = layout is self.shown_layout
            button.draw(surface)
        self.reset_button.enabled = bool(self.statistics.games)
        for button in (self.reset_button, self.progress_button, self.back):
            button.draw(surface)

    def draw_progress(self, surface: pygame.Surface, stats: GameStats) -> None:
        """Left, the points the player's decisions lost in each analysed deal; right,
        each deal's margin less the Expert's in his seat (the par); each with its
        running average over the last ``AVERAGE_OVER`` deals."""
        lost = stats.points_lost
        draw_series(self.texts, surface, LOST_CHART,
                    self.tr_n("stats.points_lost", len(lost)), lost,
                    self.tr("stats.lost_line"), self.tr("stats.points_lost_none"), plain_points)
        differences = stats.par_differences
        draw_series(self.texts, surface, PAR_CHART, self.tr_n("stats.par", len(differences)),
                    differences, self.tr("stats.par_line"), self.tr("stats.par_none"),
                    functools.partial(signed_points, self.texts))

    def draw_counters(self, surface: pygame.Surface, game: str, stats: GameStats) -> None:
        x, y = PANEL_RECT.x + 30, PANEL_RECT.y + 24
        for label, value in counter_rows(self.texts, game, stats):
            blit_text(surface, label, 26, CREAM, topleft=(x, y))
            blit_text(surface, value, 26, GLOW, topright=(x + 520, y))
            y += ROW

    def draw_contracts(self, surface: pygame.Surface, game: str, players: int,
                       stats: GameStats) -> None:
        x, y = PANEL_RECT.x + 620, PANEL_RECT.y + 24
        blit_text(surface, self.tr("stats.contract"), 24, GOLD, topleft=(x, y))
        blit_text(surface, self.tr("stats.taken"), 24, GOLD, topright=(x + 340, y))
        blit_text(surface, self.tr("stats.made"), 24, GOLD, topright=(x + 500, y))
        kinds = kinds_of(game, players, stats, self.shown_layout)
        row = min(ROW, (PANEL_RECT.bottom - y - 50) // max(1, len(kinds)))
        for kind in kinds:
            y += row
            taken = stats.contracts_taken.get(kind, 0)
            made = stats.contracts_made.get(kind, 0)
            blit_text(surface, kind_label(self.texts, game, kind), 24, CREAM, topleft=(x, y))
            blit_text(surface, str(taken), 24, CREAM, topright=(x + 340, y))
            blit_text(surface, percent(made, taken), 24, CREAM, topright=(x + 500, y))


def draw_series(texts: Texts, surface: pygame.Surface, chart: pygame.Rect, title: str,
                values: list[float], name: str, none_text: str,
                number: Callable[[float], str]) -> None:
    """One value per deal and its running average, titled, the bottom and top values
    written beside the axis (by ``number``); ``none_text`` in the chart's place while
    there are none."""
    title_lines = wrap(title, 20, chart.width + 60)
    for row, line in enumerate(title_lines):
        blit_text(surface, line, 20, GOLD,
                  topleft=(chart.x - 50, chart.y - 62 + 24 * (row + 2 - len(title_lines))))
    if not values:
        lines = wrap(none_text, 20, chart.width)
        for row, line in enumerate(lines):
            blit_text(surface, line, 20, CREAM,
                      center=(chart.centerx, chart.centery + 26 * (row - len(lines) / 2)))
        return
    rows = list(zip(values, running_average(values, AVERAGE_OVER), strict=True))
    names = [name, texts.tr("stats.lost_average", count=AVERAGE_OVER)]
    low, high = draw_chart(surface, chart, rows, None, names, from_zero=False)
    blit_text(surface, number(high), MIN_TEXT, CREAM, topright=(chart.x - 8, chart.y))
    blit_text(surface, number(low), MIN_TEXT, CREAM, bottomright=(chart.x - 8, chart.bottom))


def plain_points(value: float) -> str:
    return str(round(value))


def running_average(values: list[float], window: int) -> list[float]:
    """The mean of each value and the ``window - 1`` before it (fewer at the start)."""
    means = []
    for end in range(1, len(values) + 1):
        recent = values[max(0, end - window):end]
        means.append(sum(recent) / len(recent))
    return means


def _tab_label(texts: Texts, game: str, players: int) -> Callable[[], str]:
    return lambda: texts.tr("stats.tab", game=texts.tr(f"game.{game}"), players=players)


def _value_label(texts: Texts, layout: Layout) -> Callable[[], str]:
    return lambda: texts.tr(f"val.{layout.value}")


def _call(function: Callable[[int], None], argument: int) -> Callable[[], None]:
    return lambda: function(argument)


def _call_layout(function: Callable[[Layout], None], layout: Layout) -> Callable[[], None]:
    return lambda: function(layout)
