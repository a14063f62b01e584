"""The French card terms kept in English (belote, coinche, capot, Garde…): a short
explanation the first time each one shows at the table in a session, and a glossary page
in the rules.

Only in English: a French player knows these words.  "A session" is the run of the game:
each term is explained once, whichever table shows it first.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.i18n import Speaks, Texts
from game.ui.table.model import Say

TERMS = (
    "belote", "coinche", "surcoinche", "capot", "chelem", "tierce", "retourne", "dix_de_der",
    "prise", "garde", "garde_sans", "garde_contre", "chien", "poignee", "petit_sec", "excuse",
    "misere",
)
# What a seat says, and the term it uses.
SAY_TERMS = {
    "say.belote": "belote", "say.rebelote": "belote", "bid.coinche": "coinche",
    "bid.surcoinche": "surcoinche", "bid.capot": "capot", "tarot.prise": "prise",
    "tarot.garde": "garde", "tarot.garde_sans": "garde_sans",
    "tarot.garde_contre": "garde_contre", "say.poignee": "poignee",
    "say.petit_sec": "petit_sec", "say.misere_trump": "misere", "say.misere_heads": "misere",
}
NOTE_TIME = 6.0  # seconds each explanation stays

def terms_of(say: Say) -> list[str]:
    """The French terms a bubble uses."""
    key, args = say
    if key == "say.announce":
        kinds = str(dict(args).get("kinds", "")).split(",")
        return [kind for kind in kinds if kind in TERMS]
    term = SAY_TERMS.get(key)
    return [term] if term else []


def entry(texts: Texts, term: str) -> str:
    """One glossary line: the term and what it means."""
    return texts.tr("glossary.line", term=texts.tr(f"term.{term}"),
                    meaning=texts.tr(f"glossary.{term}"))


def glossary_text(texts: Texts) -> str:
    return "\n".join(entry(texts, term) for term in TERMS)


class FirstTimeNotes(Speaks):
    """The explanations waiting to be shown at a table, one at a time; each term once
    while the app runs (``explained``: the app's memory of the terms already shown)."""

    def __init__(self, texts: Texts, explained: set[str]) -> None:
        self.texts = texts
        self.explained = explained
        self.queue: list[str] = []
        self.time_left = 0.0

    def notice(self, terms: Iterable[str]) -> None:
        if self.texts.language != "en":
            return
        for term in terms:
            if term not in self.explained:
                self.explained.add(term)
                self.queue.append(term)
                if len(self.queue) == 1:
                    self.time_left = NOTE_TIME

    def update(self, dt: float) -> None:
        if not self.queue:
            return
        self.time_left -= dt
        if self.time_left <= 0:
            self.queue.pop(0)
            self.time_left = NOTE_TIME

    @property
    def current(self) -> str | None:
        return self.queue[0] if self.queue else None

    def text(self) -> str:
        return entry(self.texts, self.queue[0]) if self.queue else ""
