"""A game in play: validate -> apply -> append, with undo/redo by cursor and deterministic replay.

The log of (action, recorded events) is the single source of truth; the state is derived from it.
Snapshots every few entries keep undo and resume fast on long games without storing every state.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from trackers.core.actions import Action, Event
from trackers.core.errors import IllegalAction, Violation
from trackers.core.game import GameModule, Setup, TableNote
from trackers.core.rng import drew, rng_for


@dataclass(frozen=True)
class LogEntry:
    """One applied action, what it produced, and the group it undoes with (its first entry's index)."""

    action: Action
    events: tuple[Event, ...]
    group: int
    text: str
    drew: bool = False
    """Lantern drew or rolled for it (its generator was used): what it produced is shown to the table."""


@dataclass(frozen=True)
class Result:
    """What a dispatch did: the new state and events, or the violations that refused it."""

    state: Any
    events: tuple[Event, ...] = ()
    violations: tuple[Violation, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.violations


class Journal(Protocol):
    """Where a session makes its log durable before it reports success (storage implements it)."""

    def record(self, start: int, entries: Sequence[LogEntry], cursor: int, state: Any) -> None:
        """Drop every entry from `start` on, append `entries`, set the cursor: one transaction.

        `state` is the state at the new cursor, so the journal can keep a summary beside the log.
        """

    def move_cursor(self, cursor: int, state: Any) -> None: ...


class ReplayError(ValueError):
    """A log that does not replay: an entry is refused, or it no longer gives its recorded outcome."""

    def __init__(self, index: int, message: str, violations: Sequence[Violation] = ()) -> None:
        self.index = index
        self.violations = tuple(violations)
        super().__init__(f"action {index + 1}: {message}")


class Session:
    """One game: its module, setup and seed, its log and the undo cursor into that log."""

    SNAPSHOT_EVERY = 32

    def __init__(self, module: GameModule, setup: Setup, seed: int, journal: Journal | None = None) -> None:
        self.module = module
        self.setup = setup
        self.seed = seed
        self.journal = journal
        self._entries: list[LogEntry] = []
        self._cursor = 0
        self._snapshots: dict[int, Any] = {0: module.new_state(setup, seed)}
        self._state = self._snapshots[0]

    @classmethod
    def replay(
        cls,
        module: GameModule,
        setup: Setup,
        seed: int,
        actions: Iterable[tuple[Action, int] | Action],
        *,
        recorded: Sequence[Sequence[Event]] | None = None,
        cursor: int | None = None,
    ) -> Session:
        """Rebuild a game from its actions (optionally with groups), checking every one again.

        With `recorded`, each entry must reproduce the events the log stored for it, so a changed
        engine or an edited file cannot silently turn into a different game.
        """
        session = cls(module, setup, seed)
        items = list(actions)
        if recorded is not None and len(recorded) != len(items):
            raise ReplayError(0, f"the log has {len(items)} actions but {len(recorded)} recorded outcomes")
        for index, item in enumerate(items):
            action, group = item if isinstance(item, tuple) else (item, index)
            violations = module.validate(session._state, action)
            if violations:
                raise ReplayError(index, violations[0].message, violations)
            entry, after = session._apply(session._state, action, index, group)
            if recorded is not None and tuple(recorded[index]) != entry.events:
                raise ReplayError(index, "it no longer produces the outcome recorded in the log")
            session._push(entry, after)
        if cursor is not None:
            if not 0 <= cursor <= len(session._entries):
                raise ValueError(
                    f"undo position {cursor} is outside a log of {len(session._entries)} actions"
                )
            session._cursor = cursor
            session._state = session._state_at(cursor)
        return session

    @property
    def state(self) -> Any:
        return self._state

    @property
    def cursor(self) -> int:
        return self._cursor

    @property
    def entries(self) -> tuple[LogEntry, ...]:
        """The whole log, including entries undone but still redoable (those past the cursor)."""
        return tuple(self._entries)

    @property
    def history(self) -> tuple[LogEntry, ...]:
        """The entries that make the current state."""
        return tuple(self._entries[: self._cursor])

    @property
    def latest(self) -> tuple[LogEntry, ...]:
        """The latest step that makes the current state: its last entry, or that entry's whole group (an
        automated opponent's turn)."""
        if self._cursor == 0:
            return ()
        start = self._cursor - 1
        group = self._entries[start].group
        while start > 0 and self._entries[start - 1].group == group:  # a group's entries are contiguous
            start -= 1
        return tuple(self._entries[start : self._cursor])

    def table_notes(self) -> tuple[TableNote, ...]:
        """What Lantern drew, rolled or played in the latest step, with what the table does then."""
        return tuple(n for e in self.latest for n in self.module.table_notes(e.action, e.events, e.drew))

    @property
    def can_undo(self) -> bool:
        return self._cursor > 0

    @property
    def can_redo(self) -> bool:
        return self._cursor < len(self._entries)

    def check(self, action: Action) -> list[Violation]:
        return self.module.validate(self._state, action)

    def preview(self, action: Action) -> Result:
        """What dispatching `action` now would give, events and random outcomes included, recording
        nothing: the draw it shows is the draw a dispatch would make, because both use the same rng."""
        violations = self.module.validate(self._state, action)
        if violations:
            return Result(self._state, violations=tuple(violations))
        entry, after = self._apply(self._state, action, self._cursor, self._cursor)
        return Result(after, entry.events)

    def dispatch(self, action: Action) -> Result:
        return self.dispatch_group([action])

    def dispatch_group(self, actions: Sequence[Action]) -> Result:
        """Apply actions as one undo step (an automated turn): all are accepted, or nothing changes."""
        if not actions:
            raise ValueError("dispatch_group needs at least one action")
        start = self._cursor
        state = self._state
        applied: list[tuple[LogEntry, Any]] = []
        for offset, action in enumerate(actions):
            violations = self.module.validate(state, action)
            if violations:
                return Result(self._state, violations=tuple(violations))
            entry, state = self._apply(state, action, start + offset, start)
            applied.append((entry, state))
        if self.journal is not None:
            self.journal.record(start, [entry for entry, _ in applied], start + len(applied), state)
        del self._entries[start:]
        for index in [i for i in self._snapshots if i > start]:
            del self._snapshots[index]
        for entry, after in applied:
            self._push(entry, after)
        return Result(state, tuple(e for entry, _ in applied for e in entry.events))

    def play(self, action: Action) -> Result:
        """Dispatch for programmatic callers: a refusal raises IllegalAction instead of returning."""
        result = self.dispatch(action)
        if not result.ok:
            raise IllegalAction(list(result.violations))
        return result

    def undo(self) -> bool:
        """Step back over the last group; False when there is nothing to undo."""
        if not self._cursor:
            return False
        self._move_to(self._entries[self._cursor - 1].group)
        return True

    def redo(self) -> bool:
        """Step forward over the next group; False when there is nothing to redo."""
        if self._cursor >= len(self._entries):
            return False
        group = self._entries[self._cursor].group
        end = self._cursor
        while end < len(self._entries) and self._entries[end].group == group:
            end += 1
        self._move_to(end)
        return True

    def _move_to(self, cursor: int) -> None:
        state = self._state_at(cursor)
        if self.journal is not None:
            self.journal.move_cursor(cursor, state)
        self._cursor = cursor
        self._state = state

    def _apply(self, state: Any, action: Action, index: int, group: int) -> tuple[LogEntry, Any]:
        text = self.module.describe(state, action)
        rng = rng_for(self.seed, index)
        after, events = self.module.apply(state, action, rng)
        return LogEntry(action, tuple(events), group, text, drew(rng)), after

    def _push(self, entry: LogEntry, after: Any) -> None:
        self._entries.append(entry)
        self._cursor = len(self._entries)
        self._state = after
        if self._cursor % self.SNAPSHOT_EVERY == 0:
            self._snapshots[self._cursor] = after

    def _state_at(self, cursor: int) -> Any:
        base = max(i for i in self._snapshots if i <= cursor)
        state = self._snapshots[base]
        for index in range(base, cursor):
            state, _ = self.module.apply(state, self._entries[index].action, rng_for(self.seed, index))
        return state
