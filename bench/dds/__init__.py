"""The exact double-dummy solver of the 32-card play, a bench's yardstick: every hand is
seen, so nothing here may serve the product (``tests/test_ai_hidden.py`` forbids
``game/ai`` to import it).

- ``position``: a play position on bitmasks (``position_of`` builds one from a real deal);
- ``solver``: the double-dummy search (alpha-beta, MTD(f), horizons, node cap);
- ``utility``: what a side's trick points are worth on the score sheet (the engine's
  scoring, ``game.ai.deal_value``);
- ``player``: the determinized player once tried as the Expert (``choose_card``: worlds
  from ``game.ai.sampler``, each solved double-dummy), measured no stronger than the
  rollouts of ``game/ai/search.py`` (``bench/RESULTS.md``, "Double-dummy solver").

Used by ``bench/dd_loss.py`` (the loss per decision), ``bench/coach.py`` (confirming the
review's marks), ``bench/solver_speed.py`` and their tests (``tests/test_dds*.py``).
"""
