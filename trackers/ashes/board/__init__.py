"""The shared main board: its layout (the `ashes.board` pack), the survivor bag and the areas it feeds, and
the vehicle's moves across it."""
