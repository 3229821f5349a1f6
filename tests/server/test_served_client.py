"""The client the served app hands out (views/webserve.py): Flet's own, its loader asking the WebAssembly
renderer to draw on the page's thread."""

from __future__ import annotations

from pathlib import Path

from views.webserve import BOOTSTRAP, FLUTTER_CONFIG, ONE_THREAD, offline_client, single_threaded


def test_the_served_loader_asks_skwasm_to_draw_on_the_pages_thread() -> None:
    with offline_client() as folder:
        loader = (Path(folder) / BOOTSTRAP).read_text(encoding="utf-8")
    assert loader.count(ONE_THREAD) == 1
    assert loader.count("forceSingleThreadedSkwasm: true") == 1


def test_a_loader_that_reads_otherwise_is_not_patched() -> None:
    """Left out of the folder, so Flet serves its own and the browser test of one thread reports it."""
    assert single_threaded("var config = {};") is None
    assert single_threaded(f"{FLUTTER_CONFIG}}}; {FLUTTER_CONFIG}}};") is None
    assert single_threaded(f"{FLUTTER_CONFIG} a: 1 }};") == f"{ONE_THREAD} a: 1 }};"
