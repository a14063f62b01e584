"""The app: the window, the frame loop, the stack of scenes and the router that builds
them by name (``scenes.py`` is the table of names to scene classes); ``smoke.py`` drives
it headless."""
