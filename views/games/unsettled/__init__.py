"""Unsettled: Blackout's screens: set-up and map, LUNA's pursuit, explorers and power."""
