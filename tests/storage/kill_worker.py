"""Run by test_kill.py: play score pad actions into a store until killed, acknowledging each one.

usage: kill_worker.py DATABASE GAME_ID SEED

Prints "ready" once the game is open, then "ack <cursor> <total points>" after each change has
returned (so has been committed). `step` is shared with the test, which replays the same choices.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from trackers.core.session import Session
from trackers.scorepad.actions import AddPoints
from trackers.storage import Store

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


def main(database: str, game_id: str, seed: str) -> None:
    rng = random.Random(int(seed))
    with Store(Path(database)) as store:
        session = store.open_game(game_id).session
        print("ready", flush=True)
        while True:
            step(session, rng)
            print(ack(session), flush=True)


if __name__ == "__main__":
    main(*sys.argv[1:])
