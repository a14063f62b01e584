"""Test-wide settings: hypothesis runs the same examples every time in CI, so a
submission cannot fail on a draw that passed locally; developers' runs explore."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
