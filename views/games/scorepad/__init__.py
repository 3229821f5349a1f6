"""Score pad's screen."""
