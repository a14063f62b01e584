"""The widget kit: drawing helpers that know nothing of a match or a scene's neighbours
(buttons, panels, text, sprites and sounds, tweens, geometry of the logical screen; the
draw log the eye checks read, off in the game)."""
