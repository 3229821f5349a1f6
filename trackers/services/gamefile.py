"""Game files: one game as a versioned, checksummed JSON document, to share, back up or report a bug.

A file is a log, so opening one means replaying it: it is accepted only when every action is still
legal and still produces the events it recorded. Every refusal is a `GameFileError` whose message a
player can act on. Loading never writes anything; storage decides what to keep.

A file is read strictly (trackers.core.boundary): at most `MAX_FILE_BYTES` (4 MB; a 1,000-action ASHES
game is about 1 MB) and `MAX_ACTIONS` entries, lists and objects nested at most 64 deep, each key once
per object, no NaN or infinite numbers and only valid Unicode text.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

from trackers.core.actions import ActionCodec, ActionFormatError, Event
from trackers.core.boundary import BoundaryError, megabytes, read_json
from trackers.core.game import GameModule, Setup, make_setup
from trackers.core.registry import get_game
from trackers.core.session import ReplayError, Session

FORMAT = "lantern-game"
VERSION = 1
MAX_FILE_BYTES = 4_000_000
MAX_ACTIONS = 20_000


class GameFileError(ValueError):
    """A game file (or stored log) Lantern refuses to open; the message is written for the player."""


@dataclass(frozen=True)
class LoadedGame:
    """A game read back and replayed: ready to play on, or to store."""

    module: GameModule
    setup: Setup
    seed: int
    session: Session
    document: Mapping[str, Any]


def export_document(session: Session, game_id: str | None = None) -> dict[str, Any]:
    """The whole log, redo tail included, so the file reopens exactly where the table left off.

    `game_id` is the registry id written as "game"; it defaults to the session's module id.
    """
    entries = session.entries
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": session.module.id if game_id is None else game_id,
        "setup": session.setup.to_json(),
        "seed": session.seed,
        "content_versions": dict(session.module.content_versions),
        "actions": [entry.action.to_json() for entry in entries],
        "groups": [entry.group for entry in entries],
        "events": [[event.to_json() for event in entry.events] for entry in entries],
        "cursor": session.cursor,
    }
    doc["checksum"] = checksum(doc)
    return doc


def dumps(doc: Mapping[str, Any]) -> str:
    """Indented and in the document's own key order: readable in a bug report, same text every time."""
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def checksum(doc: Mapping[str, Any]) -> str:
    body = {key: value for key, value in doc.items() if key != "checksum"}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    # surrogatepass: a stray surrogate in a hand-made file must fail the comparison, not crash it.
    return "sha256:" + hashlib.sha256(canonical.encode("utf-8", "surrogatepass")).hexdigest()


def load_document(text: str | bytes) -> LoadedGame:
    """Check a game file from its envelope to its last action; raises GameFileError on any problem.

    Whatever else goes wrong (a bug an odd file brings out) is a GameFileError too: a file never crashes
    the app or the command line.
    """
    try:
        doc = _parse(text)
        _check_envelope(doc)
        module = game_module(doc.get("game"))
        _check_content_versions(module, doc.get("content_versions"))
        actions = doc.get("actions")
        if isinstance(actions, list) and len(actions) > MAX_ACTIONS:
            raise GameFileError(
                f"This game file holds {len(actions):,} actions; Lantern opens games of up to "
                f"{MAX_ACTIONS:,} actions."
            )
        return rebuild(module, doc)
    except GameFileError:
        raise
    except Exception as error:
        raise GameFileError(
            "This game file could not be read: Lantern met an unexpected problem with it "
            f"({type(error).__name__})."
        ) from None


def game_module(name: Any) -> GameModule:
    if not isinstance(name, str):
        raise GameFileError("This game file does not say which game it records.")
    try:
        return get_game(name)
    except KeyError:
        raise GameFileError(
            f"This file holds a game of {name!r}, which this Lantern does not have."
        ) from None


def rebuild(module: GameModule, doc: Mapping[str, Any]) -> LoadedGame:
    """Replay a log held as JSON values (a game file's body, or storage's rows), checking its shape first."""
    setup = _setup(module, doc.get("setup"))
    seed = doc.get("seed")
    if not _is_int(seed):
        raise GameFileError("The random seed must be a whole number.")
    actions = _list(doc.get("actions"), "actions")
    groups = _list(doc.get("groups"), "groups")
    events = _list(doc.get("events"), "events")
    if not len(actions) == len(groups) == len(events):
        raise GameFileError(
            f"The log is inconsistent: {len(actions)} actions, {len(groups)} undo groups "
            f"and {len(events)} event lists."
        )
    codec = ActionCodec(module.actions)
    decoded = []
    for index, raw in enumerate(actions):
        try:
            decoded.append(codec.decode(raw))
        except ActionFormatError as error:
            raise GameFileError(f"Action {index + 1} cannot be read: {error}.") from None
    recorded = [_events(index, raw) for index, raw in enumerate(events)]
    if not all(_is_int(group) for group in groups):
        raise GameFileError("The undo groups must be whole numbers.")
    if (problem := group_problem(groups)) is not None:
        raise GameFileError(problem)
    cursor = doc.get("cursor")
    if not _is_int(cursor) or not 0 <= cursor <= len(actions):
        raise GameFileError(f"The undo position {cursor!r} is outside the log of {len(actions)} actions.")
    if cursor < len(groups) and groups[cursor] != cursor:
        raise GameFileError(f"The undo position {cursor} falls inside an undo group.")
    try:
        session = Session.replay(
            module, setup, seed, zip(decoded, groups, strict=True), recorded=recorded, cursor=cursor
        )
    except ReplayError as error:
        if error.violations:
            rule = error.violations[0]
            reason = f"{rule.message} (rule {rule.rule})"
        else:
            reason = str(error).partition(": ")[2]
        action = decoded[error.index].type
        raise GameFileError(f"Action {error.index + 1} ({action}) does not replay: {reason}") from None
    return LoadedGame(module, setup, seed, session, doc)


def group_problem(groups: Sequence[int]) -> str | None:
    """Why a list of undo groups is malformed, or None.

    Each value is the index of its group's first entry: an entry starts a group (value = own index)
    or continues the one before it (same value as the previous entry).
    """
    for index, group in enumerate(groups):
        if group != index and (index == 0 or group != groups[index - 1]):
            return f"The undo groups are malformed at action {index + 1}."
    return None


def _parse(text: str | bytes) -> dict[str, Any]:
    try:
        doc = read_json(text, max_bytes=MAX_FILE_BYTES)
    except BoundaryError as error:
        if error.problem == "too large":
            raise GameFileError(
                f"This game file is too large ({megabytes(error.size)}; Lantern opens game files up to "
                f"{MAX_FILE_BYTES // 1_000_000} MB)."
            ) from None
        if error.problem == "incomplete":
            raise GameFileError(
                "This game file is incomplete: it ends too early (it may have been cut off while copying)."
            ) from None
        raise GameFileError(f"This is not a Lantern game file: {error}.") from None
    if not isinstance(doc, dict):
        raise GameFileError("This is not a Lantern game file: it does not hold a game record.")
    return doc


def _check_envelope(doc: Mapping[str, Any]) -> None:
    if doc.get("format") != FORMAT:
        raise GameFileError(f"This is not a Lantern game file: it lacks the {FORMAT!r} format tag.")
    version = doc.get("version")
    if not _is_int(version) or version < 1:
        raise GameFileError(f"This game file has an unsupported format version ({version!r}).")
    if version > VERSION:
        raise GameFileError(
            f"This game file was made by a newer Lantern (file format {version}; this Lantern reads "
            f"up to {VERSION}). Update Lantern to open it."
        )
    stated = doc.get("checksum")
    if not isinstance(stated, str):
        raise GameFileError("This game file has no checksum, so Lantern cannot tell whether it is intact.")
    if stated != checksum(doc):
        raise GameFileError(
            "This game file's checksum does not match: the file was changed after it was exported "
            "(or damaged on the way)."
        )


def _check_content_versions(module: GameModule, raw: Any) -> None:
    if not isinstance(raw, dict) or not all(isinstance(v, str) for v in raw.values()):
        raise GameFileError("This game file does not list the content versions it was played with.")
    ours = dict(module.content_versions)
    for key in sorted(set(raw) | set(ours)):
        if raw.get(key) != ours.get(key):
            theirs = raw.get(key, "none")
            mine = ours.get(key, "none")
            raise GameFileError(
                f"This game was played with different {module.title} content: {key!r} is version {theirs} "
                f"in the file but {mine} in this Lantern."
            )


def _setup(module: GameModule, raw: Any) -> Setup:
    players = raw.get("players") if isinstance(raw, dict) else None
    options = raw.get("options", {}) if isinstance(raw, dict) else None
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise GameFileError("The setup must list the players by name.")
    if not isinstance(options, dict):
        raise GameFileError("The setup options must be a JSON object.")
    try:
        return make_setup(module, tuple(players), options, stored=True)
    except ValueError as error:
        raise GameFileError(f"The setup is not valid: {error}.") from None


def _events(index: int, raw: Any) -> tuple[Event, ...]:
    if not isinstance(raw, list):
        raise GameFileError(f"The events recorded for action {index + 1} must be a list.")
    try:
        return tuple(Event.from_json(event) for event in raw)
    except (ActionFormatError, TypeError) as error:
        raise GameFileError(f"The events recorded for action {index + 1} cannot be read: {error}.") from None


def _list(value: Any, name: str) -> list[Any]:
    if not isinstance(value, list):
        raise GameFileError(f"The {name} must be a list.")
    return value


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)
