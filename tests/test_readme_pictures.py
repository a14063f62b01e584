"""Every picture README.md shows is in the repository: a file ``make screenshots``
writes (tools/screenshots.py names it) and docs/screenshots/.gitignore keeps."""

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


def test_every_picture_the_readme_shows_is_kept_and_made_by_make_screenshots() -> None:
    made = (ROOT / "tools" / "screenshots.py").read_text("utf-8")
    pictures = readme_pictures()
    assert set(pictures) <= kept_in_the_repository()
    unnamed = [path for path in pictures if f'"{Path(path).stem}"' not in made]
    assert unnamed == []
