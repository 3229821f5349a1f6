"""The solo rival: its action cards, the player's rival deck (the `ashes.rival-deck` pack) and how it plays a
card."""
