"""What every scene stands on: the scene names and the moves between scenes that more
than one of them makes (``routes.py``)."""
