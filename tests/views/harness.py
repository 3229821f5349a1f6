"""A client-less Flet page for view tests: the one place that touches Flet's private session API.

A fake connection encodes every message the way the real transport does (so a control that
cannot be sent fails here too); tests find controls by key and fire their events.
"""

from __future__ import annotations

import asyncio
import threading
import weakref
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page, context
from flet.messaging.connection import Connection
from flet.messaging.protocol import MessageAction, configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

_encode = configure_encode_object_for_msgpack(BaseControl)

# What `settle` waits for after an event: the timers set within it fire (the history follows an entry
# views/model.py's LOG_DELAY_S later); it used to sleep this long whatever was left to do.
SETTLE_S = 0.06
SETTLE_MAX_S = 2.0


class CountingExecutor(ThreadPoolExecutor):
    """A page's threads (page.run_thread: a change another screen made), counted while they run so that
    `settle` waits for them."""

    def __init__(self) -> None:
        super().__init__(max_workers=2)
        self.running = 0
        self._lock = threading.Lock()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        with self._lock:
            self.running += 1
        future = super().submit(fn, *args, **kwargs)
        future.add_done_callback(self._done)
        return future

    def _done(self, _: Future[Any]) -> None:
        with self._lock:
            self.running -= 1


_executors: weakref.WeakSet[CountingExecutor] = weakref.WeakSet()


class FakeConnection(Connection):
    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__()
        self.loop = loop
        self.executor = CountingExecutor()
        _executors.add(self.executor)
        self.pubsubhub = PubSubHub(loop=loop, executor=self.executor)
        self.sent = 0
        self.session: Session | None = None
        self.invoked: list[tuple[int, str, dict[str, Any]]] = []
        self.wire: list[bytes] = []  # every message as the client would receive it

    def send_message(self, message: Any) -> None:
        self.wire.append(msgpack.packb(message, default=_encode))
        self.sent += 1
        if message.action == MessageAction.INVOKE_METHOD and self.session is not None:
            # A client runs the method (a scroll, say) and answers; record it and answer at once.
            call = message.body
            self.invoked.append((call.control_id, call.name, call.args))
            answer = self.session.handle_invoke_method_results
            self.loop.call_soon(answer, call.control_id, call.call_id, None, None)


@dataclass
class FakePage:
    session: Session
    errors: list[str] = field(default_factory=list)

    @property
    def page(self) -> ft.Page:
        return self.session.page

    def scrolled_to_top(self) -> list[int]:
        """The controls a view asked the client to scroll to their top, oldest first."""
        conn = self.session.connection
        assert isinstance(conn, FakeConnection)
        return [
            control for control, name, args in conn.invoked if name == "scroll_to" and args.get("offset") == 0
        ]

    def scrolled_to_key(self, key: str) -> int:
        """How often a view asked the client to scroll the control keyed `ft.ScrollKey(key)` into view."""
        conn = self.session.connection
        assert isinstance(conn, FakeConnection)
        keys = [args.get("scroll_key") for _, name, args in conn.invoked if name == "scroll_to"]
        return sum(1 for k in keys if k is not None and str(getattr(k, "value", k)) == key)

    def controls(self) -> Iterator[Any]:
        """Every control reachable from the page's views, depth first."""
        seen: set[int] = set()
        stack: list[Any] = [self.page.views]
        while stack:
            item = stack.pop()
            if id(item) in seen:
                continue
            seen.add(id(item))
            if isinstance(item, BaseControl):
                yield item
            if isinstance(item, list | tuple):
                stack.extend(reversed(item))
            elif hasattr(item, "_b") and hasattr(item, "fn"):
                stack.append(item._b)
            elif isinstance(item, BaseControl) and is_dataclass(item):
                children = []
                for f in fields(item):
                    if f.name.startswith("_") or f.name in ("parent", "page", "data"):
                        continue
                    value = getattr(item, f.name, None)
                    if isinstance(value, BaseControl | list | tuple):
                        children.append(value)
                stack.extend(reversed(children))

    def find(self, key: str) -> Any:
        found = [c for c in self.controls() if _key(c) == key]
        if not found:
            raise LookupError(f"no control with key {key!r}; keys: {sorted(self.all_keys())[:80]}")
        return found[0]

    def has(self, key: str) -> bool:
        return any(_key(c) == key for c in self.controls())

    def all_keys(self) -> set[str]:
        return {k for c in self.controls() if (k := _key(c))}

    def texts(self) -> list[str]:
        return [c.value for c in self.controls() if isinstance(c, ft.Text) and isinstance(c.value, str)]

    def tagged(self, identifier: str) -> ft.Semantics:
        """The Semantics node tagged `identifier`."""
        for c in self.controls():
            if isinstance(c, ft.Semantics) and c.identifier == identifier:
                return c
        raise LookupError(identifier)

    def identified(self, identifier: str) -> str:
        """The text inside the Semantics node tagged `identifier` (what the e2e tests read)."""
        for c in self.controls():
            if isinstance(c, ft.Semantics) and c.identifier == identifier:
                inner = c.content
                return str(getattr(inner, "value", "")) if isinstance(inner, ft.Text) else repr(inner)
        raise LookupError(identifier)

    def components(self) -> list[Any]:
        """Every component on screen, each before the components it renders."""
        return [c for c in self.controls() if hasattr(c, "fn") and hasattr(c, "_state")]

    @staticmethod
    def rerender(component: Any) -> None:
        """Render one component again on its own, as the update scheduler does when an observable it was
        given changed: its parent may not have rendered first (the scheduler's order is not the tree's)."""
        component.update()

    async def fire(self, key: str, event: str = "click", data: Any = None) -> None:
        control = self.find(key)
        await self.session.dispatch_event(control._i, event, data)
        await settle()

    async def change(self, key: str, value: Any, event: str = "change", prop: str = "value") -> None:
        """What the client does when a person edits a control: patch the property, then the event."""
        control = self.find(key)
        self.session.apply_patch(control._i, {prop: value})
        await self.session.dispatch_event(control._i, event, value)
        await settle()


def _key(control: Any) -> str | None:
    """A control's key, without the "~N" a cleared text field gets when it is swapped for a fresh one."""
    key = getattr(control, "key", None)
    if key is None:
        return None
    return str(getattr(key, "value", key)).split("~")[0]


def run(coro: Coroutine[Any, Any, None]) -> None:
    """Run a view test on its own thread and loop: Playwright's sync API may own this thread's loop."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, coro).result()


async def settle() -> None:
    """Let the component scheduler re-render and run effects, the pages' threads finish and the timers due
    within SETTLE_S of the last of that work fire: until nothing is left to run, rather than a fixed time
    (at most SETTLE_MAX_S, should a screen keep setting timers)."""
    loop = asyncio.get_running_loop()
    until, give_up = loop.time() + SETTLE_S, loop.time() + SETTLE_MAX_S
    while loop.time() < give_up:
        await asyncio.sleep(0)
        # The loop's callbacks ready to run and its timers: private, but there since Python 3.4.
        if loop._ready:  # type: ignore[attr-defined]
            until = loop.time() + SETTLE_S
            continue
        if any(executor.running for executor in _executors):
            await asyncio.sleep(0.001)
            until = loop.time() + SETTLE_S
            continue
        scheduled = loop._scheduled  # type: ignore[attr-defined]
        due = [timer.when() for timer in scheduled if not timer.cancelled() and timer.when() <= until]
        if not due:
            return
        await asyncio.sleep(max(0.0, min(due) - loop.time()))
        until = loop.time() + SETTLE_S


async def open_page(start: Any, *args: Any) -> FakePage:
    conn = FakeConnection(asyncio.get_running_loop())
    session = Session(conn)
    conn.session = session
    msgpack.packb(session.get_page_patch(), default=_encode)  # encoding records what the client has
    fake = FakePage(session)
    _context_page.set(session.page)
    context.reset_auto_update()
    start(session.page, *args)
    await session.after_event(session.page)
    await settle()
    return fake
