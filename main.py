"""Atout: Belote, Coinche and Tarot against computer players."""

from __future__ import annotations

import argparse
import os
import sys


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="atout", description=__doc__)
    parser.add_argument("--smoke", type=int, metavar="N", default=0,
                        help="play N deals of each game with computers in every seat, "
                             "headless, then exit (0 when all went well)")
    parser.add_argument("--lang", choices=("fr", "en"), help="the language (default: the system's)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.smoke:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.applog import configure_logging
    from game.i18n import set_language

    configure_logging()
    if args.lang:
        set_language(args.lang)
    if args.smoke:
        from game.ui.app.smoke import smoke

        try:
            return smoke(args.smoke)
        except Exception:
            import logging

            logging.getLogger("atout").exception("smoke run failed")
            return 1
    from game.storage import Storage
    from game.ui.app.app import App
    from game.ui.stage.routes import MENU

    storage = Storage()
    app = App(storage=storage, window_size=storage.settings.window_size)  # every scene
    app.go(MENU)
    app.start_preloading()  # after the first frames: the menu shows at once
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
