"""A Blackout: Hong Kong round, one form per phase, the current one first."""
