"""Content packs: what players enter that the rulebooks do not give (a rival deck, a ship's map).

A pack is a small versioned JSON document that can be shared as a file or from an https address.
Every refusal is a `PackError` whose message a player can act on; reading and downloading never
write anything, so storage only ever sees a pack that passed every check here.

A pack is read strictly (trackers.core.boundary): at most `MAX_PACK_BYTES` (1 MB), lists and objects
nested at most 64 deep, each key once per object, no NaN or infinite numbers, only valid Unicode text,
and a name of at most `MAX_NAME_LENGTH` characters. A download is https only, every redirect too, and
must arrive whole within `DEADLINE` seconds (connecting, waiting and reading together).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from trackers.core.boundary import BoundaryError, check_tree, has_lone_surrogate, megabytes, read_json

FORMAT = "lantern-pack"
MAX_PACK_BYTES = 1_000_000
MAX_NAME_LENGTH = 80
MAX_REDIRECTS = 3
DEADLINE = 20.0
_SHOWN_PROBLEMS = 5

if TYPE_CHECKING:  # imported where a pack is downloaded: the engines run without httpx (in Pyodide)
    import httpx


class PackError(ValueError):
    """A pack Lantern refuses to read or download; the message is written for the player."""


@dataclass(frozen=True)
class Pack:
    """One pack: `version` is the format version of its kind, `data` that kind's JSON object."""

    kind: str
    name: str
    version: int
    data: Mapping[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "kind": self.kind,
            "name": self.name,
            "version": self.version,
            "data": dict(self.data),
        }


@dataclass(frozen=True)
class PackKind:
    """A kind of pack a game package reads: `title` names it mid-sentence ("rival deck").

    `validate` lists what is wrong with a pack's data, as phrases a player can fix; empty means fine.
    """

    kind: str
    version: int
    title: str
    validate: Callable[[Mapping[str, Any]], list[str]]

    @property
    def a_title(self) -> str:
        """The title with its article, for sentences: "a rival deck", "an Unsettled ship map"."""
        return f"{'an' if self.title[:1].lower() in 'aeiou' else 'a'} {self.title}"


_KINDS: dict[str, PackKind] = {}
_OWNERS: dict[str, Callable[[], object]] = {}
"""Kinds whose module has not loaded yet, each with what loads it (a game's engine: see registry.py)."""


def pack_kinds_from(kinds: tuple[str, ...], load: Callable[[], object]) -> None:
    """These kinds are registered when `load` runs, which asking for one of them does."""
    for kind in kinds:
        _OWNERS.setdefault(kind, load)


def _load(kind: str | None = None) -> None:
    """Load the module that registers `kind` (every kind's, with none), if it has not loaded yet."""
    for owned, load in tuple(_OWNERS.items()):
        if kind in (None, owned) and owned not in _KINDS:
            load()


def register_pack_kind(kind: PackKind) -> PackKind:
    if kind.kind in _KINDS and _KINDS[kind.kind] is not kind:
        raise ValueError(f"a pack kind {kind.kind!r} is already registered")
    _KINDS[kind.kind] = kind
    return kind


def pack_kind(kind: str) -> PackKind:
    _load(kind)
    try:
        return _KINDS[kind]
    except KeyError:
        raise KeyError(f"no pack kind {kind!r}; known kinds: {', '.join(sorted(_KINDS))}") from None


def pack_kinds() -> tuple[PackKind, ...]:
    _load()
    return tuple(sorted(_KINDS.values(), key=lambda k: k.title))


def dumps(pack: Pack) -> str:
    """Indented, so a player can read or hand-edit an exported pack."""
    return json.dumps(pack.to_json(), indent=2, ensure_ascii=False) + "\n"


def parse_pack(text: str | bytes, expected_kind: str | None = None) -> Pack:
    """Read a pack file; raises PackError on any problem. `expected_kind` must be a registered kind."""
    expected = None if expected_kind is None else pack_kind(expected_kind)
    doc = _parse(text)
    if doc.get("format") == "lantern-game":
        raise PackError("This is a Lantern game file, not a pack: import it from the games list.")
    if doc.get("format") != FORMAT:
        raise PackError(f"This is not a Lantern pack: it lacks the {FORMAT!r} format tag.")
    kind = _known_kind(doc.get("kind"))
    if expected is not None and kind is not expected:
        raise PackError(f"This pack holds {kind.a_title}, not {expected.a_title}.")
    name = doc.get("name")
    return _checked(
        kind, name.strip() if isinstance(name, str) else name, doc.get("version"), doc.get("data")
    )


def check_pack(pack: Pack) -> None:
    """Everything but the file format: so a pack built in the app is held to the same rules as a file."""
    kind = _known_kind(pack.kind)
    try:
        check_tree(pack.data)
    except BoundaryError as error:
        raise PackError(f"This {kind.title} pack is not valid: {error}.") from None
    _checked(kind, pack.name, pack.version, pack.data)


def _known_kind(kind: Any) -> PackKind:
    if not isinstance(kind, str):
        raise PackError("This pack does not say what kind of content it holds.")
    _load(kind)
    if kind not in _KINDS:
        raise PackError(f"This pack holds {kind!r} content, which this Lantern does not have.")
    return _KINDS[kind]


def _checked(kind: PackKind, name: Any, version: Any, data: Any) -> Pack:
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise PackError(f"This {kind.title} pack has an unsupported format version ({version!r}).")
    if version > kind.version:
        raise PackError(
            f"This {kind.title} pack was made by a newer Lantern (pack format {version}; this Lantern "
            f"reads up to {kind.version}). Update Lantern to import it."
        )
    if not isinstance(name, str) or not name.strip():
        raise PackError(f"This {kind.title} pack has no name.")
    if len(name) > MAX_NAME_LENGTH:
        raise PackError(
            f"This {kind.title} pack's name is too long ({len(name)} characters; "
            f"the limit is {MAX_NAME_LENGTH})."
        )
    if has_lone_surrogate(name):
        raise PackError(f"This {kind.title} pack's name holds a character that is not valid Unicode.")
    if not isinstance(data, Mapping):
        raise PackError(f"This {kind.title} pack has no content: its data is not a JSON object.")
    try:
        problems = kind.validate(data)
    except Exception as error:  # a validator's bug, brought out by an odd pack, is still a refusal
        reason = f"Lantern could not read its content ({type(error).__name__})"
        raise PackError(f"This {kind.title} pack is not valid: {reason}.") from None
    if problems:
        more = len(problems) - _SHOWN_PROBLEMS
        listed = "; ".join(problems[:_SHOWN_PROBLEMS]) + (f"; and {more} more" if more > 0 else "")
        raise PackError(f"This {kind.title} pack is not valid: {listed}.")
    return Pack(kind.kind, name, version, data)


def fetch_pack(
    url: str,
    *,
    expected_kind: str | None = None,
    client: httpx.Client | None = None,
    timeout: float = 10.0,
    deadline: float = DEADLINE,
) -> Pack:
    """Download and read a pack, over https only (no exception for local addresses: it is a phone app).

    Redirects are followed by hand so that every hop, not just the last, must be https. `timeout` bounds
    each wait for the server; `deadline` (seconds) bounds the whole download, checked between reads, so
    a server that trickles bytes cannot keep Lantern reading: it stops within `deadline` plus one wait.
    """
    try:
        import httpx
    except ImportError:  # the static web build: its Python runs in the browser, without httpx
        raise PackError(
            "This version of Lantern cannot download packs. Save the pack as a file, then import the file."
        ) from None

    if expected_kind is not None:
        pack_kind(expected_kind)
    address = _https(url)
    if address is None:
        raise PackError(f"Lantern only downloads packs from secure https:// addresses, not {url!r}.")
    http = httpx.Client() if client is None else client
    try:
        body = _download(http, address, timeout, _Deadline(deadline, time.monotonic() + deadline))
    finally:
        if client is None:
            http.close()
    return parse_pack(body, expected_kind)


@dataclass(frozen=True)
class _Deadline:
    seconds: float
    end: float

    def left(self, url: httpx.URL) -> float:
        """Seconds left for the download; past the deadline, it is abandoned."""
        left = self.end - time.monotonic()
        if left <= 0:
            raise PackError(
                f"{url.host} was too slow: the pack had not arrived after {self.seconds:g} seconds, "
                "so Lantern stopped downloading it."
            )
        return left


def _download(http: httpx.Client, url: httpx.URL, timeout: float, deadline: _Deadline) -> bytes:
    import httpx

    for _ in range(MAX_REDIRECTS + 1):
        try:
            wait = min(timeout, deadline.left(url))
            with http.stream("GET", url, timeout=wait, follow_redirects=False) as response:
                if response.next_request is None:
                    return _body(response, url, deadline)
                target = response.next_request.url
        except httpx.HTTPError as error:
            timed_out = isinstance(error, httpx.TimeoutException)
            reason = "it did not answer in time" if timed_out else str(error) or type(error).__name__
            raise PackError(
                f"Lantern could not reach {url.host}: {reason}. "
                "Check the address and the internet connection."
            ) from None
        except UnicodeError:  # a host name IDNA refuses, found out only when connecting
            raise PackError(f"Lantern could not reach {url}: it is not a valid host name.") from None
        if _https(target) is None:
            raise PackError(
                f"{url.host} sent Lantern on to an address that is not https:// ({target}), "
                "so the pack was not downloaded."
            )
        url = target
    raise PackError(f"{url.host} redirected more than {MAX_REDIRECTS} times, so Lantern stopped following.")


def _body(response: httpx.Response, url: httpx.URL, deadline: _Deadline) -> bytes:
    """The body, abandoned as soon as it passes the cap or the deadline, so a huge or trickling file
    costs neither time nor memory."""
    if not response.is_success:
        raise PackError(
            f"{url.host} answered {response.status_code} {response.reason_phrase}, "
            "so the pack was not downloaded."
        )
    too_large = PackError("This pack is too large: Lantern accepts packs up to 1 MB.")
    length = response.headers.get("Content-Length", "")
    if length.isdigit() and int(length) > MAX_PACK_BYTES:
        raise too_large
    body = bytearray()
    for chunk in response.iter_bytes():
        deadline.left(url)
        body += chunk
        if len(body) > MAX_PACK_BYTES:
            raise too_large
    deadline.left(url)
    return bytes(body)


def _https(url: str | httpx.URL) -> httpx.URL | None:
    import httpx

    try:
        parsed = httpx.URL(url)
        return parsed if parsed.scheme == "https" and parsed.host else None
    except (httpx.InvalidURL, UnicodeError):  # UnicodeError: a lone surrogate, or a host IDNA refuses
        return None


def _parse(text: str | bytes) -> dict[str, Any]:
    try:
        doc = read_json(text, max_bytes=MAX_PACK_BYTES)
    except BoundaryError as error:
        if error.problem == "too large":
            raise PackError(
                f"This pack is too large ({megabytes(error.size)}; Lantern accepts packs up to "
                f"{MAX_PACK_BYTES // 1_000_000} MB)."
            ) from None
        if error.problem == "incomplete":
            raise PackError(
                "This pack is incomplete: it ends too early (it may have been cut off while copying "
                "or downloading)."
            ) from None
        raise PackError(f"This is not a Lantern pack: {error}.") from None
    if not isinstance(doc, dict):
        raise PackError("This is not a Lantern pack: it does not hold a pack record.")
    return doc
