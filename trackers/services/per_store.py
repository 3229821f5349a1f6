"""One shared object per open Store: what every page a server process serves from that store has in common
(the live games, the join code), made on first ask and gone with the store."""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from typing import Generic, TypeVar

from trackers.services.storage import Store

T = TypeVar("T")


class PerStore(Generic[T]):
    """`registry(store)`: the one T that `make` made for `store`, made once even when pages ask at once."""

    def __init__(self, make: Callable[[Store], T]) -> None:
        self._make = make
        self._made: weakref.WeakKeyDictionary[Store, T] = weakref.WeakKeyDictionary()
        self._lock = threading.Lock()

    def __call__(self, store: Store) -> T:
        with self._lock:
            found = self._made.get(store)
            if found is None:
                found = self._made[store] = self._make(store)
            return found
