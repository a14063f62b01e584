"""The determinized player once tried as the Expert (``player.choose_card``: worlds from
``game.ai.sampler``, each solved double-dummy by ``game.dds``), measured no stronger than
the rollouts of ``game/ai/search.py`` (``bench/RESULTS.md``, "Double-dummy solver"): a
bench's, used by ``bench/solver_speed.py`` and ``tests/test_dds_player.py``.
"""
