"""One player's colony board: the board itself, its shelter cards and pods, the materials pyramid, the
upgrades, and the VP and happiness arithmetic."""
