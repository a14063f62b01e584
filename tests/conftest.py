"""Test-wide settings: hypothesis runs the same examples every time in CI, so a
submission cannot fail on a draw that passed locally; developers' runs explore.  And
the UI tests' ``app`` fixture; and a data folder of the tests' own."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

# Before anything reads it: the whole test session, and every program it starts (the
# smoke runs, the frozen app, the real-window app), keeps its settings, saves,
# statistics and log in a folder of its own, never in the player's.
TEST_DATA_DIR = tempfile.mkdtemp(prefix="atout-tests-")
os.environ["ATOUT_DATA_DIR"] = TEST_DATA_DIR

import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

if TYPE_CHECKING:
    from game.ui.app.app import App

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    shutil.rmtree(TEST_DATA_DIR, ignore_errors=True)


@pytest.fixture
def app() -> Iterator[App]:
    """The UI tests' app, in English, on an empty first scene; tables it opened are
    disposed of afterwards.  Imports the UI lazily: engine tests never load pygame."""
    from game.storage.settings import Settings
    from game.ui.app.app import App
    from game.ui.stage.scene import Scene
    from game.ui.table.scene import TableScene

    application = App(Settings(language="en"))
    application.push(Scene(application))
    application.step(1 / 30, [])
    yield application
    for scene in application.scenes:
        if isinstance(scene, TableScene):
            scene.dispose()
    application.host.close()  # the match in progress, shown or not


@pytest.fixture
def texts_drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every string the widgets render during the test, in order (not a cache that
    earlier tests filled)."""
    from game.ui.kit import widgets

    lines: list[str] = []
    original = widgets.text

    def recording(message: str, size: int, colour: Any = widgets.CREAM) -> Any:
        lines.append(message)
        return original(message, size, colour)

    monkeypatch.setattr(widgets, "text", recording)
    return lines


@pytest.fixture
def python_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The advice's Python budget (``game.advice.budget``) whether the compiled core is
    built or not, for a test whose planted position and expected figures are that
    budget's (at the same budget the core's rollouts give the same verdicts)."""
    from game.advice import budget

    monkeypatch.setattr(budget, "TRICK_CORE", budget.TRICK_PYTHON)
    monkeypatch.setattr(budget, "TAROT_CORE", budget.TAROT_PYTHON)
