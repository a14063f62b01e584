"""The Expert level's search: a double-dummy solver of the 32-card play on bitmasks
(``dds``), worlds sampled from a seat's view (``sampler``) and the determinized card
player that combines them (``player.choose_card``)."""
