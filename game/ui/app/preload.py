"""Every sprite and sound loaded ahead of need, a few per frame while the menu shows,
then the table's modules: a missing file is reported at start, and the first match
opens without a pause."""

from __future__ import annotations

import functools
import importlib
import itertools
from collections.abc import Callable, Iterator

from game.ui.kit.assets import CODES_32, CODES_TAROT, SOUND_NAMES, SUITS, Assets

PRELOAD_WIDTH = 100  # a card width the table draws (so the preloaded size is used)
PRELOAD_PER_FRAME = 8  # assets loaded after each frame while the menu shows


def loads(assets: Assets) -> list[Callable[[], object]]:
    """Each load, in order."""
    return [
        *(functools.partial(assets.card_face, code, PRELOAD_WIDTH) for code in CODES_32),
        *(functools.partial(assets.card_face, code, PRELOAD_WIDTH, "tarot")
          for code in CODES_TAROT),
        *(functools.partial(assets.card_back, PRELOAD_WIDTH, deck, colour)
          for deck, colour in (("32", "blue"), ("32", "red"), ("tarot", "blue"))),
        *(functools.partial(assets.suit_icon, suit) for suit in SUITS),
        assets.dealer_button, assets.felt,
        *(functools.partial(assets.sound, name) for name in SOUND_NAMES),
        # Last, the table with the engine and the AI (kept out of the first frame),
        # so that the first match opens without a pause.
        functools.partial(importlib.import_module, "game.ui.table.scene"),
    ]


class Preloader:
    """The loads still to do, ``PRELOAD_PER_FRAME`` at each ``some()``."""

    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self._pending: Iterator[None] | None = None

    def all_now(self) -> None:
        for load in loads(self.assets):
            load()

    def start(self) -> None:
        self._pending = self._one_by_one()

    def _one_by_one(self) -> Iterator[None]:
        for load in loads(self.assets):
            load()
            yield

    def some(self) -> None:
        if self._pending is None:
            return
        loaded = sum(1 for _ in itertools.islice(self._pending, PRELOAD_PER_FRAME))
        if loaded < PRELOAD_PER_FRAME:
            self._pending = None

    @property
    def running(self) -> bool:
        return self._pending is not None
