"""The static web build's saved games (`make web`): SQLite kept in the browser's IndexedDB.

In the browser, Python runs on Pyodide, whose file system lives in the page's memory. The data folder is
mounted on Emscripten's IndexedDB file system instead: read back from the browser's storage before the
store opens, and written back after every committed change (FS.syncfs), so games are still there after a
reload or when the browser opens the page again.

The write-back is asynchronous: it starts as soon as a change is committed, before the screen shows it,
and takes a few milliseconds; a tab closed within them may lose that last change. A write-back that
fails is said on screen at once. Two tabs of the same
site each work on their own copy, and the last one to save wins.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import flet as ft

from trackers.services.datadir import data_dir, database_path
from trackers.services.storage import StorageError, Store
from views.app import start, start_without_data

NOT_KEPT = (
    "This browser did not keep the last change ({error}). It is on this screen until the page closes: "
    "export the game (Games, the download button) to keep it."
)


class _WriteBack:
    """FS.syncfs to IndexedDB after a commit; commits during a write-back start one more afterwards.

    A failed write-back (storage full or blocked) is told through `tell`: the screen shows the change as
    saved, so the player must hear at once that the browser did not keep it."""

    def __init__(self, fs: Any, once: Any, tell: Callable[[str], None]) -> None:
        self.fs = fs
        self.once = once  # pyodide.ffi.create_once_callable: a Python callback JavaScript calls later
        self.tell = tell
        self.busy = False
        self.again = False

    def __call__(self) -> None:
        if self.busy:
            self.again = True
            return
        self.busy = True
        self.fs.syncfs(False, self.once(self._done))

    def _done(self, error: Any = None) -> None:
        self.busy = False
        if error:
            self.tell(NOT_KEPT.format(error=error))
        if self.again:
            self.again = False
            self()


async def _read_back(fs: Any, once: Any) -> Any:
    done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
    fs.syncfs(True, once(lambda error=None: done.set_result(error)))
    return await done


def _snack_bar(page: ft.Page) -> Callable[[str], None]:
    """A message that stays at the bottom of the screen until the player closes it."""
    return lambda message: page.show_dialog(ft.SnackBar(ft.Text(message), persist=True, show_close_icon=True))


async def browser_entry(page: ft.Page) -> None:
    """Entry for ft.run in the browser: the store on IndexedDB, then the app."""
    import pyodide_js  # there only: the JavaScript side of Pyodide
    from pyodide.ffi import create_once_callable

    fs = pyodide_js.FS
    folder = str(data_dir())
    fs.mount(fs.filesystems.IDBFS, {}, folder)
    error = await _read_back(fs, create_once_callable)
    if error:
        start_without_data(page, f"The browser's storage could not be read ({error}).", folder)
        return
    try:
        store = Store(database_path(), on_commit=_WriteBack(fs, create_once_callable, _snack_bar(page)))
    except StorageError as exc:
        start_without_data(page, str(exc), str(database_path()))
        return
    start(page, store)
