"""The exact double-dummy solver of the 32-card play: every hand is seen, so nothing here
may serve the computer players (``tests/test_ai_hidden.py`` forbids ``game/ai`` to import
it).  It serves the review's hindsight (``game.hindsight``: the best card once every hand
is seen, labelled as such) and the benches' yardsticks (``bench/dd_loss.py``,
``bench/coach.py``, ``bench/solver_speed.py``).

- ``position``: a play position on bitmasks (``position_of`` builds one from a real deal);
- ``solver``: the double-dummy search (alpha-beta, MTD(f), horizons, node cap): the
  compiled core's or its Python twin (``PythonSearch``), behind one front (``Solver``);
- ``utility``: what a side's trick points are worth on the score sheet (the engine's
  scoring, ``game.ai.deal_value``).
"""
