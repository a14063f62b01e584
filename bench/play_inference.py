"""Inference from the play (``game/ai/play_inference.py``) in the arena: the Expert with
another model of the other seats, or without the inference.

Players: ``world-search``, the Expert whose card search does not weigh its worlds by the
play (the Expert before the inference); ``inference``, the Expert with
``--p-confirme`` as the model's share of the Confirmé's card (the product's is
``P_CONFIRME``).

    python -m bench.play_inference --a expert --b world-search --game coinche \\
        --bidding confirme --deals 300 --seed 7 --think none --common-rngs
    python -m bench.play_inference --p-confirme 0.8 --a inference --b expert ...

Any ``bench.arena`` option.
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import arena
from game.ai import appraise
from game.ai.play_inference import P_CONFIRME, InferenceSearch
from game.ai.search import SearchSource, WorldSearch
from game.engine.protocol import Action


def _choose(think: float | None, source: SearchSource, state: Any, seat: int,
            rng: random.Random) -> Action:
    return appraise(state.view(seat), rng, think, source=source).decision.action


def inference_player(p_confirme: float, think: float | None) -> arena.Variant:
    """The Expert with ``p_confirme`` as its model of the other seats."""
    name = "inference" if p_confirme == P_CONFIRME else f"inference-p{p_confirme}"
    source = functools.partial(InferenceSearch, p_confirme=p_confirme)
    return arena.Variant(name, functools.partial(_choose, think, source))


def world_search_player(think: float | None) -> arena.Variant:
    """The Expert whose card search does not weigh its worlds by the play."""
    return arena.Variant("world-search", functools.partial(_choose, think, WorldSearch))


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--p-confirme", type=float, default=P_CONFIRME,
                        help="how often a seat is taken to play the Confirmé's card")
    args, rest = parser.parse_known_args(argv)
    return arena.main(rest, {"inference": functools.partial(inference_player, args.p_confirme),
                             "world-search": world_search_player})


if __name__ == "__main__":
    main()
