"""The AI's answer: an action and why (an i18n key and its arguments)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.engine.protocol import Action


class Level(Enum):
    DEBUTANT = "debutant"
    CONFIRME = "confirme"
    EXPERT = "expert"


@dataclass(frozen=True)
class Decision:
    action: Action
    reason: str  # an i18n key listed in game/ai/README.md, e.g. "hint.partner_master"
    reason_args: tuple[tuple[str, str], ...] = ()
