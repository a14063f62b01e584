"""Every picture ``make screenshots`` takes passes the eye checks (tools/eye_checks.py):
no text out of its panel or button, nothing over anything else, every text and suit
symbol at 4.5:1 against what is behind it, no see-through panel, no catalogue key and
no word of the other language.  The scenes (each game's table and bidding panels, the
écart, the poignée, the score sheets, the score pad, the end of a match, the menu, the
set-up and its question, the settings, the rules, the statistics, the replay and the
review's analysis) in French and English; the slow run adds every game and player count
in both languages and hands, through the smallest window.  The table at every settled
moment of a deal, with the hint and the last trick, is checked by
tests/test_ui_overlaps.py."""

from __future__ import annotations

import pytest

from game.ui.app.app import MIN_WINDOW
from tools.screenshots import take_all


@pytest.mark.parametrize("words", ["fr", "en"])
def test_every_scene_passes_the_eye_checks(words: str) -> None:
    photographer = take_all(None, words, matrix=False)
    assert photographer.problems == [], "\n".join(photographer.problems[:30])


@pytest.mark.slow
@pytest.mark.parametrize("words", ["fr", "en"])
def test_every_game_language_and_hand_passes_the_eye_checks_in_the_smallest_window(
        words: str) -> None:
    photographer = take_all(None, words, MIN_WINDOW, matrix=True)
    assert photographer.problems == [], "\n".join(photographer.problems[:30])
