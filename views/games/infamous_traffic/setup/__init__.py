"""An Infamous Traffic's set-up screen: the China board picked or entered, then each player's start."""
