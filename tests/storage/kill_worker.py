"""Run by test_kill.py: play score pad actions into a store until killed, acknowledging each one.

A process started from the fork server (two_writers.writers: the games already imported, so it starts in
milliseconds) runs `play`, writing to its end of a pipe "ready" once the game is open, then
"ack <cursor> <total points>" after each change has returned (so has been committed), a line per write.
`step` is shared with the test, which replays the same choices.
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import TYPE_CHECKING

from trackers.core.session import Session
from trackers.scorepad.actions import AddPoints
from trackers.services.storage import Store

if TYPE_CHECKING:  # WebAssembly (Pyodide) collects the test but has no processes
    from multiprocessing.connection import Connection

# Past this many entries undo wins more often, so the log churns at this size instead of growing
# without end: each run replays the whole log when it opens the game.
LOG_SIZE = 400


def step(session: Session, rng: random.Random) -> None:
    """One change: mostly points, sometimes a two-entry group, an undo or a redo."""
    players = session.setup.players
    roll = rng.random()
    if roll < (0.6 if session.cursor > LOG_SIZE else 0.15) and session.can_undo:
        session.undo()
    elif roll < 0.25 and session.can_redo:
        session.redo()
    elif roll < 0.4:
        session.dispatch_group([AddPoints(p, rng.randint(1, 9)) for p in rng.sample(players, 2)])
    else:
        session.play(AddPoints(rng.choice(players), rng.randint(1, 9)))


def ack(session: Session) -> str:
    return f"ack {session.cursor} {sum(session.state.scores)}"


def play(database: str, game_id: str, seed: int, out: Connection) -> None:
    rng = random.Random(seed)
    with Store(Path(database)) as store:
        session = store.open_game(game_id).session
        os.write(out.fileno(), b"ready\n")
        while True:
            step(session, rng)
            os.write(out.fileno(), f"{ack(session)}\n".encode())
