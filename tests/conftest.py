"""Test-wide settings: hypothesis runs the same examples every time in CI, so a
submission cannot fail on a draw that passed locally; developers' runs explore.  And
the UI tests' ``app`` fixture."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from hypothesis import settings

if TYPE_CHECKING:
    from game.ui.app import App

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture
def app() -> Iterator[App]:
    """The UI tests' app, in English, on an empty first scene; tables it opened are
    disposed of afterwards.  Imports the UI lazily: engine tests never load pygame."""
    from game.i18n import set_language
    from game.ui.app import App, Scene
    from game.ui.table import TableScene

    set_language("en")
    application = App()
    application.push(Scene(application))
    application.step(1 / 30, [])
    yield application
    for scene in application.scenes:
        if isinstance(scene, TableScene):
            scene.dispose()
