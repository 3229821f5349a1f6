"""Two processes write one stored game at once: the game is never forked, nothing acknowledged is lost.

Both writers open the game, then start together (tests/storage/two_writers.py). Whichever saves second
from the same revision is refused (GameChangedElsewhere), reopens the game and goes on; so every run has
refusals, whatever the machine's timing. Afterwards the game opens and replays, holds every acknowledged
entry of each writer in that writer's order, and nothing a writer was refused; every acknowledged save
has a revision of its own, and every revision after the creation is an acknowledged save.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from two_writers import PLAYERS, check_log, run_to_end, started

from tests.wasm import no_processes
from trackers.core.game import make_setup
from trackers.scorepad.game import SCOREPAD
from trackers.services.storage import Store

RUNS = 3
ACKS = 200  # acknowledged attempts per writer and run: about 270 entries each
pytestmark = no_processes


@pytest.mark.parametrize("run", range(RUNS))
def test_two_processes_writing_one_game_never_fork_it(tmp_path: Path, run: int) -> None:
    database = tmp_path / "lantern.sqlite3"
    with Store(database) as store:
        created = store.create_game(SCOREPAD, make_setup(SCOREPAD, PLAYERS, {}), run)
    with started(database, created.id, ACKS) as running:
        run_to_end(running)

    for writer in running:
        assert writer.done and writer.process.exitcode == 0, f"writer {writer.player} did not finish"
        assert len(writer.acked) == ACKS
    with Store(database) as store:
        game = store.open_game(created.id)
    assert check_log(game.session, running, killed=False) == 0
    revisions = sorted(revision for writer in running for revision in writer.revisions)
    assert revisions == list(range(created.revision + 1, game.revision + 1)), (
        "a save without its own revision"
    )
    assert sum(len(writer.errors) for writer in running) >= 1, "the writer that saved second was not refused"
