"""The other screens: menu, new game, settings, rules, statistics, replay, score sheet
and pad, the confirmation dialog, and the parts only they use."""
