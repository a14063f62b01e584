"""The card table: its scene, and every part of it (layout, input, painters, boxes,
animations, the bidding and écart panels), the model it draws, and the controller and
host that run the match in progress."""
