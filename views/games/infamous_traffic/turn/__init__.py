"""A player's turn: the open question, the turn's one action and its form, the round's events."""
