"""The Expert level's search: a double-dummy solver of the 32-card play on bitmasks
(``dds``), worlds sampled from a seat's view (``sampler``) and the determinized card
player that combines them (``player.choose_card``).

Wiring: ``choose_card(view, rng, deadline_s=0.3, rules=table_rules)`` returns the
``PlayCard`` to play (with ``belote=True`` when the card may say it).  Pass the table's
rule options: a view does not carry them, and the inference of what each play reveals
and the search's legal moves depend on them (without them, the game's defaults are
assumed).  Announcements and the arrêt stay the heuristic's decisions.
"""
