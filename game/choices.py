"""The choices of two settings, read by the settings, the menu, the AI and the coach.

They live apart from ``game.ai`` and ``game.coach`` so that the settings and the menu
can be loaded (and the menu drawn) before the engine and the AI are imported."""

from __future__ import annotations

DEFAULT_THINK = 0.3  # the Expert's seconds per decision at most
THINK_CHOICES = (0.1, 0.3, 1.0)  # the setting's values: quick, normal, long
THRESHOLDS = (5.0, 10.0, 20.0, 40.0)  # the review marks decisions costing more (points)
DEFAULT_THRESHOLD = 10.0
