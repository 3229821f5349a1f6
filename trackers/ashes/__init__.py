"""ASHES: Blackout Protocol: rules pieces (scoring, survivors, upgrades, the solo rival), not yet a game."""
