"""SIGKILL the writer at random moments: every acknowledged action must still be there afterwards.

A worker process plays into the store and writes an ack after each change returned; the test
kills it after a random delay, then reopens the same database. Because the worker's choices come
from a seeded generator, the test replays them on an in-memory session and knows exactly which
log the database must hold: the acknowledged one, or one more change that committed before the
ack could be printed. Nothing else (no partial group, no lost entry) is acceptable.

The two-writer variant starts two writers on one game at once (tests/storage/two_writers.py), each
refused whenever the other saved first, and kills both at random moments, one after the other: the game
still opens, and holds exactly what each writer was told was saved (and, per writer, at most the one
attempt it was killed before it could report).
"""

from __future__ import annotations

import random
import sqlite3
import time
from pathlib import Path

from kill_worker import ack, play, step
from two_writers import PLAYERS, check_log, started, writers

from tests.wasm import no_processes
from trackers.core.game import make_setup
from trackers.core.session import Session
from trackers.scorepad.game import SCOREPAD
from trackers.services.storage import Store

KILLS = 50
TWO_WRITER_RUNS = KILLS // 2  # both writers are killed in each run
pytestmark = no_processes


def _model(session: Session) -> Session:
    """A copy without a journal, to replay the worker's choices on."""
    actions = [(entry.action, entry.group) for entry in session.entries]
    return Session.replay(session.module, session.setup, session.seed, actions, cursor=session.cursor)


def test_every_acknowledged_action_survives_sigkill(tmp_path: Path) -> None:
    rng = random.Random(20260401)
    database = tmp_path / "lantern.sqlite3"
    with Store(database) as store:
        game_id = store.create_game(SCOREPAD, make_setup(SCOREPAD, ("Ann", "Bob", "Cy"), {}), 7).id
        stored = store.open_game(game_id).session
    acknowledged = 0
    for run in range(KILLS):
        model = _model(stored)
        seed = rng.randrange(2**32)
        context = writers()
        receive, send = context.Pipe(duplex=False)
        worker = context.Process(target=play, args=(str(database), game_id, seed, send), daemon=True)
        worker.start()
        send.close()  # the worker holds the only writing end: its death ends the pipe
        with receive, open(receive.fileno(), "rb", closefd=False) as lines:
            assert lines.readline() == b"ready\n", f"run {run}: the worker did not start"
            time.sleep(rng.uniform(0.05, 0.4))
            worker.kill()
            output = lines.read()
        worker.join()

        acks = output.decode().split("\n")[:-1]  # a cut-off last line is not an acknowledgement
        choices = random.Random(seed)
        for line in acks:
            step(model, choices)
            assert line == ack(model), f"run {run}: the worker and the model disagree"
        acknowledged += len(acks)
        acked_log = (model.entries, model.cursor)
        step(model, choices)
        one_more = (model.entries, model.cursor)

        with Store(database) as store:
            stored = store.open_game(game_id).session
        found = (stored.entries, stored.cursor)
        assert found in (acked_log, one_more), f"run {run}: the log is not what was acknowledged"
        with sqlite3.connect(database) as check:
            assert check.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        check.close()
    assert acknowledged >= KILLS, "too few actions were acknowledged to mean anything"


def test_every_acknowledged_entry_of_two_writers_survives_sigkill(tmp_path: Path) -> None:
    rng = random.Random(20260402)
    database = tmp_path / "lantern.sqlite3"
    games: list[str] = []
    acknowledged = refused = 0
    for run in range(TWO_WRITER_RUNS):
        with Store(database) as store:
            created = store.create_game(SCOREPAD, make_setup(SCOREPAD, PLAYERS, {}), run)
        games.append(created.id)
        with started(database, created.id, 0) as running:
            first, second = rng.sample(running, 2)
            time.sleep(rng.uniform(0.03, 0.3))
            first.process.kill()
            time.sleep(rng.uniform(0, 0.15))  # the other goes on alone, or is killed at once
            second.process.kill()
        assert [writer.process.exitcode for writer in running] == [-9, -9], f"run {run}: a writer stopped"
        acknowledged += sum(len(writer.acked) for writer in running)
        refused += sum(len(writer.errors) for writer in running)

        with Store(database) as store:
            game = store.open_game(created.id)
        unreported = check_log(game.session, running, killed=True)
        revisions = sorted(revision for writer in running for revision in writer.revisions)
        assert len(set(revisions)) == len(revisions), f"run {run}: two saves were told the same revision"
        acked = len(revisions)
        assert game.revision == created.revision + acked + unreported, f"run {run}: a save nobody made"
        with sqlite3.connect(database) as check:
            assert check.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        check.close()
    with Store(database) as store:
        assert [store.open_game(game_id).id for game_id in games] == games
    assert acknowledged >= KILLS, "too few entries were acknowledged to mean anything"
    assert refused, "the writers never got in each other's way"
