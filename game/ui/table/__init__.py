"""The card table: its scene, and every part of it (layout, input, painters, boxes,
animations, the bidding and écart panels), the model it draws, and the controller (with
its event queue, computer seats and hint) and host that run the match in progress, whose
one owner is ``game.match_in_play.MatchInPlay``."""
