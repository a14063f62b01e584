"""Every picture README.md shows is in the repository: docs/screenshots/.gitignore keeps
it.  That ``make screenshots`` makes each of them is checked where the pictures are taken
(tests/test_ui_options.py, ``test_every_scene_is_photographed``)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PICTURE = re.compile(r"!\[[^\]]*\]\(([^)\s]+)\)")


def readme_pictures() -> list[str]:
    return PICTURE.findall((ROOT / "README.md").read_text("utf-8"))


def kept_in_the_repository() -> set[str]:
    """The pictures docs/screenshots/.gitignore does not ignore (it ignores every PNG
    but those it names with "!")."""
    lines = (ROOT / "docs" / "screenshots" / ".gitignore").read_text("utf-8").splitlines()
    return {f"docs/screenshots/{line[1:]}" for line in lines if line.startswith("!")}


def test_every_picture_the_readme_shows_exists() -> None:
    pictures = readme_pictures()
    assert len(pictures) >= 10, pictures
    missing = [path for path in pictures if not (ROOT / path).is_file()]
    assert missing == []


def test_every_picture_the_readme_shows_is_kept_in_the_repository() -> None:
    pictures = readme_pictures()
    assert set(pictures) <= kept_in_the_repository()
