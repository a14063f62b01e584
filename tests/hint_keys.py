"""The hint reasons the AI's README documents, and the placeholders of each (shared
by the AI tests)."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "game" / "ai" / "README.md"


DOCUMENTED = {
    key: set(re.findall(r"\{(\w+)\}", english))
    for key, english in re.findall(r"^\| `(hint\.[a-z_.]+)` \| ([^|]+) \|",
                                   README.read_text("utf-8"), re.M)
}
