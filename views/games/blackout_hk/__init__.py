"""Blackout: Hong Kong on the shared game screen."""
