"""Atout: Belote, Coinche and Tarot against computer players."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pygame loads after the window class is named (in main)
    from game.ui.app.app import App


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="atout", description=__doc__)
    parser.add_argument("--smoke", type=int, metavar="N", default=0,
                        help="play N deals of each game with computers in every seat, "
                             "headless, then exit (0 when all went well)")
    parser.add_argument("--core", type=lambda names: [n for n in names.split(",") if n],
                        default=[], metavar="NAMES",
                        help="with --smoke: the compiled core modules (dds32,...) that must "
                             "load, or the run fails (the frozen app's release check)")
    parser.add_argument("--lang", choices=("fr", "en"),
                        help="the language for this run, not saved (default: the one "
                             "chosen in the settings, or the system's)")
    return parser.parse_args(argv)


WINDOW_CLASS = "Atout"  # the name docks and task bars show (X11 WM_CLASS)


def main(argv: list[str] | None = None) -> int:
    from game.par_process import PAR_FLAG  # the standard library only: no pygame

    arguments = sys.argv[1:] if argv is None else argv
    if arguments == [PAR_FLAG]:  # the packaged app started as the par's process
        from game.par_process import main as par_process

        return par_process()
    # Before pygame is imported: on import it names the window class after the script.
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", WINDOW_CLASS)
    args = parse_args(arguments)
    if args.smoke:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.applog import configure_logging

    configure_logging()
    if args.smoke:
        from game.ui.app.smoke import smoke

        try:
            return smoke(args.smoke, args.lang) if core_loads(args.core) else 1
        except Exception:
            import logging

            logging.getLogger("atout").exception("smoke run failed")
            return 1
    app = open_app(args)
    app.start_preloading()  # after the first frames: the menu shows at once
    app.run()
    return 0


def core_loads(names: list[str]) -> bool:
    """Whether each compiled core module named loads (said in the log either way)."""
    import logging

    from game.core import compiled

    log = logging.getLogger("atout.core")
    missing = [name for name in names if compiled(name) is None]
    for name in names:
        if name not in missing:
            log.info("compiled core %r loaded", name)
    if missing:
        log.error("compiled core missing: %s", ", ".join(missing))
    return not missing


def open_app(args: argparse.Namespace) -> App:
    """The window on the menu, with the player's data and settings; ``--lang`` wins
    over the stored language for this run."""
    from game.storage import Storage
    from game.ui.app.app import App
    from game.ui.stage.routes import MENU

    storage = Storage()
    app = App(storage=storage, window_size=storage.settings.window_size,  # every scene
              language_override=args.lang)
    app.go(MENU)
    return app


if __name__ == "__main__":
    sys.exit(main())
