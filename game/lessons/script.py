"""A lesson's data: its steps and script, and the tokens that name actions in it."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from game.engine.protocol import Action, action_to_json

FREE = "*"  # a step where any legal move will do: a script ends with it
ECART_CONFIRM = "ecart.confirm"  # the tarot écart's confirmation button, to highlight


def token(action: Action) -> str:
    """An action as a short stable word: its type and its fields' saved values, e.g.
    ``PlayCard JH False``, ``Bid 80 1 suit``, ``TarotBid 2``, ``Take``."""
    data = action_to_json(action)
    fields = [str(data[f.name]) for f in dataclasses.fields(action)]  # type: ignore[arg-type]
    return " ".join([data["type"], *fields])


def card_of(word: str) -> str | None:
    """The card code a card action's token names (None for other actions)."""
    parts = word.split()
    if parts[0] in ("PlayCard", "TarotPlayCard", "TarotDiscard") and len(parts) > 1:
        return parts[1]
    return None


@dataclass(frozen=True)
class Step:
    """The viewer's move in the script: the narrator's words (``key``, None: the words
    before stay), the move expected (a token), what to light up (card codes or tokens of
    buttons) and why this move (``why``: said when another one is made)."""

    expect: str
    key: str | None = None
    highlight: tuple[str, ...] = ()
    why: str | None = None


@dataclass(frozen=True)
class Lesson:
    """One guided deal.  ``script``: the deal's actions from the first, a token for a
    computer's, a ``Step`` for the viewer's (seat 0), ending with one of the viewer's
    (a ``FREE`` one: any legal move); after it the deal is played freely (the computers
    thinking for themselves) with ``free_key`` said; ``end_key`` is said over the score
    sheet, whose lines it talks about (the engine's ``ScoreLine`` keys in
    ``sheet_lines``) glow."""

    id: str
    game: str
    players: int
    deal: int
    title_key: str
    script: tuple[str | Step, ...]
    free_key: str
    end_key: str
    options: dict[str, Any] = field(default_factory=dict)
    sheet_lines: tuple[str, ...] = ()

    @property
    def steps(self) -> tuple[Step, ...]:
        return tuple(item for item in self.script if isinstance(item, Step))
