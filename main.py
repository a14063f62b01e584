"""Atout: Belote, Coinche and Tarot against computer players."""

from __future__ import annotations

import argparse
import sys


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="atout", description=__doc__)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    parse_args(sys.argv[1:] if argv is None else argv)
    print("Atout: the rules engine is being built; the table (game/ui) is not there yet.")
    return 1


if __name__ == "__main__":
    sys.exit(main())
