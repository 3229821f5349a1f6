"""The round cycle (round marker, turn-order track, round setup, passing) and the final scoring after
round 3."""
