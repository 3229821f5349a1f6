"""The engine kit every game is built from: actions, the session log, table primitives."""
