"""Two processes writing one stored game: the writer they run, and how a test checks what they left.

Each writer plays for its own player of a score pad game, in attempts numbered 0, 1, 2 …; attempt n
adds 2n+1 points, or (every third attempt) is a two-entry group adding 2n+1 then 2n+2. So every entry
says who wrote it and in which attempt, and the log can be checked entry by entry against what each
writer was told. After each attempt the writer reports one message:

    ack N REVISION      saved, and the game's revision after it
    refused N           GameChangedElsewhere: the other writer saved first; the writer reopens the game
    failed N MESSAGE    another StorageError (the session is as it was; the writer goes on)

A test starts the writers from a fork server that has imported the games once (`writers`): importing
them takes a second or two per process on a busy two-core machine, forking from a process that has
them takes milliseconds. They are real processes, each with its own connection, killed with SIGKILL.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from trackers.core.session import Session
from trackers.scorepad.actions import AddPoints
from trackers.services.storage import GameChangedElsewhere, StorageError, Store

if TYPE_CHECKING:  # imported where used: WebAssembly (Pyodide) collects this module but has no processes
    from multiprocessing.connection import Connection
    from multiprocessing.context import ForkServerContext
    from multiprocessing.process import BaseProcess
    from multiprocessing.synchronize import Event

PLAYERS = ("A", "B")
PAUSE = 0.02  # seconds, at most, between a save and a writer's next attempt


def attempt_points(attempt: int) -> list[int]:
    first = 2 * attempt + 1
    return [first, first + 1] if attempt % 3 == 2 else [first]


def write(database: str, game_id: str, player: str, acks: int, out: Connection, go: Event) -> None:
    """Play attempts for `player` until `acks` were saved (0: until killed), reporting each one.

    Between attempts it pauses up to PAUSE, as a player between taps: without it one writer takes the
    write lock again the moment it lets it go, while the other's wait for it (SQLite's busy handler)
    sleeps in steps of up to 100 ms, and the two would mostly take turns of a hundred saves each."""
    pauses = random.Random(player)
    with Store(Path(database)) as store:
        game = store.open_game(game_id)
        out.send_bytes(b"ready")
        go.wait()
        saved = attempt = 0
        while acks == 0 or saved < acks:
            actions = [AddPoints(player, points) for points in attempt_points(attempt)]
            try:
                result = game.session.dispatch_group(actions)
            except GameChangedElsewhere:
                out.send_bytes(f"refused {attempt}".encode())
                game = store.open_game(game_id)
            except StorageError as error:
                out.send_bytes(f"failed {attempt} {error}".encode())
            else:
                if not result.ok:
                    raise AssertionError(f"attempt {attempt} was refused: {result.violations[0].message}")
                saved += 1
                out.send_bytes(f"ack {attempt} {game.revision}".encode())
                time.sleep(pauses.uniform(0, PAUSE))
            attempt += 1
        out.send_bytes(b"done")


@dataclass
class Writer:
    """One writer process seen from the test: what it reported, read as it comes."""

    player: str
    process: BaseProcess
    messages: Connection
    acked: list[int] = field(default_factory=list)
    revisions: list[int] = field(default_factory=list)
    errors: list[int] = field(default_factory=list)  # attempts refused or failed: never saved
    failures: list[str] = field(default_factory=list)
    done: bool = False
    ended: bool = False  # its end of the pipe closed (done, crashed or killed)

    def read(self) -> None:
        """Take in every message waiting, and the end of the pipe."""
        while not self.ended and self.messages.poll():
            try:
                kind, *rest = self.messages.recv_bytes().decode().split(" ", 2)
            except EOFError:
                self.ended = True
                break
            if kind == "ack":
                self.acked.append(int(rest[0]))
                self.revisions.append(int(rest[1]))
            elif kind in ("refused", "failed"):
                self.errors.append(int(rest[0]))
                if kind == "failed":
                    self.failures.append(rest[1])
            elif kind == "done":
                self.done = True
            elif kind != "ready":
                raise AssertionError(f"writer {self.player} said {kind!r}")

    @property
    def reported(self) -> int:
        """How many attempts it reported on; the next one may have been saved without a report."""
        return len(self.acked) + len(self.errors)


def writers() -> ForkServerContext:
    """The fork server, started once per test session with the games imported (and the writers here and
    in kill_worker.py)."""
    import multiprocessing

    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["trackers", "trackers.services.storage", __name__, "kill_worker"])
    return context


@contextmanager
def started(database: Path, game_id: str, acks: int) -> Iterator[list[Writer]]:
    """Both writers, the game open in each, released at once when the block is entered; killed (if
    still running) and reaped when it is left."""
    context = writers()
    go = context.Event()
    running: list[Writer] = []
    try:
        for player in PLAYERS:
            receive, send = context.Pipe(duplex=False)
            args = (str(database), game_id, player, acks, send, go)
            process = context.Process(target=write, args=args, name=f"writer-{player}", daemon=True)
            process.start()
            send.close()  # the writer holds the only sending end: its death ends the pipe
            running.append(Writer(player, process, receive))
        for writer in running:
            assert writer.messages.recv_bytes() == b"ready", f"writer {writer.player} did not start"
        go.set()
        yield running
    finally:
        for writer in running:
            writer.process.kill()
            writer.process.join()
            writer.read()
            writer.messages.close()


def run_to_end(running: list[Writer]) -> None:
    """Read both writers' messages until both pipes end."""
    from multiprocessing.connection import wait

    while not all(writer.ended for writer in running):
        ready = wait([w.messages for w in running if not w.ended])
        for writer in running:
            if writer.messages in ready:
                writer.read()
    for writer in running:
        writer.process.join()


def check_log(session: Session, running: list[Writer], *, killed: bool) -> int:
    """The stored log holds exactly each writer's acknowledged attempts, in its order, groups whole;
    a killed writer's next attempt may be there too (saved before it could report it), nothing else.
    Returns how many such unreported attempts were found."""
    entries = session.entries
    assert session.cursor == len(entries), "the writers only append"
    for index, entry in enumerate(entries):
        assert isinstance(entry.action, AddPoints)
        if entry.action.points % 2:  # an attempt's first entry starts its group
            assert entry.group == index, f"entry {index} is not the start of its group"
        else:  # the second entry of a two-entry group, right after its first
            before = entries[index - 1].action
            assert isinstance(before, AddPoints) and index > 0
            assert (before.player, before.points) == (entry.action.player, entry.action.points - 1)
            assert entry.group == index - 1, f"entry {index} is not in its group"
    unreported = 0
    for writer in running:
        found = [
            entry.action.points
            for entry in entries
            if isinstance(entry.action, AddPoints) and entry.action.player == writer.player
        ]
        acknowledged = [points for attempt in writer.acked for points in attempt_points(attempt)]
        if killed and found == acknowledged + attempt_points(writer.reported):
            unreported += 1
            continue
        assert found == acknowledged, (
            f"writer {writer.player}: the log holds {len(found)} entries, it was told of "
            f"{len(acknowledged)}; lost {sorted(set(acknowledged) - set(found))[:10]}, "
            f"unacknowledged {sorted(set(found) - set(acknowledged))[:10]}"
        )
    return unreported
