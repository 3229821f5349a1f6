"""The China board entered from the physical board once and saved as a pack."""
