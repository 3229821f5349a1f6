"""The end of a decade, step by step: war, Rush, the London Season, debt."""
