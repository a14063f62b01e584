"""Atout: Belote, Coinche and Tarot against computer players."""

__version__ = "0.1.0"
