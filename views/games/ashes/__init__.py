"""ASHES: Blackout Protocol's screens: set-up, each colony and its actions, the rival, the board, the score
sheet."""
