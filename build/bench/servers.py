"""Start an app's web server as a child process and always take it down again, whatever happens.

Each server runs in its own process group, so a stop also reaches anything it spawned, and the stop
runs in a `finally`: a failed measurement or Ctrl-C never leaves a server holding a port.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
START_TIMEOUT_S = 60.0
STOP_TIMEOUT_S = 5.0
# Variables that would override HOST/PORT/LANTERN_DATA inside Flet or Lantern if the caller had them set.
OVERRIDES = ("FLET_SERVER_PORT", "FLET_SERVER_IP", "FLET_APP_STORAGE_DATA", "FLET_DISPLAY_URL_PREFIX")


@dataclass(frozen=True)
class Server:
    process: subprocess.Popen[bytes]
    url: str
    log: Path
    started: float  # time.perf_counter() just before the process was spawned


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def app_env(port: int, data_dir: Path) -> dict[str, str]:
    """The environment `make run` gives main.py, plus FLET_FORCE_WEB_SERVER so no system browser opens."""
    env = {key: value for key, value in os.environ.items() if key not in OVERRIDES}
    env.update(
        LANTERN_VIEW="web",
        HOST=HOST,
        PORT=str(port),
        LANTERN_DATA=str(data_dir),
        FLET_FORCE_WEB_SERVER="1",
    )
    return env


@contextmanager
def serving(
    script: Path, prepare: Callable[[Path], None] | None = None, timed: Path | None = None
) -> Iterator[Server]:
    """Run `script` with its own temp data dir and a free port; stop it on the way out.

    `prepare` is given the (empty) data dir before the server starts: the bench puts saved games there.
    Given `timed`, the server writes there when each click's patches went out (build/bench/timed_server.py).
    """
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="lantern-bench-") as tmp:
        data_dir = Path(tmp) / "data"
        if prepare is not None:
            data_dir.mkdir()
            prepare(data_dir)
        log = Path(tmp) / "server.log"
        with log.open("wb") as out:
            started = time.perf_counter()
            env = app_env(port, data_dir)
            command = [sys.executable, str(script)]
            if timed is not None:
                env["LANTERN_BENCH_TIMES"] = str(timed)
                command = [sys.executable, str(Path(__file__).with_name("timed_server.py")), str(script)]
            process = subprocess.Popen(
                command,
                cwd=REPO,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
            try:
                yield Server(process, f"http://{HOST}:{port}/", log, started)
            finally:
                stop(process)


def stop(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM (Flet shuts down cleanly on it), then SIGKILL the whole group if it lingers."""
    if process.poll() is None:
        process.terminate()
        with suppress(subprocess.TimeoutExpired):
            process.wait(STOP_TIMEOUT_S)
    with suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)  # its own session: the group id is its pid
    process.wait(STOP_TIMEOUT_S)


def wait_until_200(server: Server, timeout: float = START_TIMEOUT_S) -> float:
    """Seconds from spawning the process to the first HTTP 200 on its root URL."""
    deadline = server.started + timeout
    while time.perf_counter() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(f"server exited with code {server.process.returncode}: {tail(server.log)}")
        try:
            with urllib.request.urlopen(server.url, timeout=2) as response:
                if response.status == 200:
                    return time.perf_counter() - server.started
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.02)
    raise TimeoutError(f"no HTTP 200 from {server.url} within {timeout:.0f} s: {tail(server.log)}")


def tail(log: Path, lines: int = 5) -> str:
    try:
        text = log.read_text(errors="replace").strip().splitlines()
    except OSError:
        return "(no log)"
    return " | ".join(text[-lines:]) or "(empty log)"
