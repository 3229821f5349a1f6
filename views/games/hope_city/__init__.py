"""Hope City's screens: set-up, the turn, card effects, the city, the citizens and the bag."""
