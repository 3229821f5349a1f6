"""The door for outside data: game files, content packs and anything else a player hands Lantern.

Everything read from outside passes `read_json` before any engine sees it, so the engines only meet
plain, bounded JSON values: a document within its byte cap, nested at most `MAX_DEPTH` deep, with no
repeated keys, no NaN or infinite numbers, and no text that is not valid Unicode (a lone surrogate,
which `\\ud800` in JSON produces, cannot be saved or shown). Each check is linear in the size of the
document, and the depth is checked before parsing, so a hostile file costs neither a recursion
blow-up nor minutes of work. A refusal is a `BoundaryError` whose message a player can act on.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from typing import Any, Literal

MAX_DEPTH = 64
"""Lists and objects inside one another; Lantern's own documents nest fewer than 10 deep."""

Problem = Literal["malformed", "too large", "incomplete"]

# The brackets of a document's skeleton as parentheses, everything else dropped.
_PARENS = bytes.maketrans(b"[]{}", b"()()")
_NOT_BRACKETS = bytes(c for c in range(256) if c not in b"[]{}")
_SURROGATE = re.compile("[\ud800-\udfff]")
# What a document cut off in the middle of a word, a number or an escape has left after the error.
_CUT_TOKEN = re.compile(r"(?:t|tr|tru|f|fa|fal|fals|n|nu|nul|-|\.[0-9]*|[eE][+-]?[0-9]*|u[0-9a-fA-F]{0,3})")


class BoundaryError(ValueError):
    """Outside data refused at the door.

    The message is a clause about the document, written for a player ("it is not valid JSON (line 3,
    column 5)"), for the caller to put after its own words. `problem` tells a document that is not what
    it claims ("malformed") from one that may be fine but is cut off ("incomplete") or too big ("too
    large", with its `size` in bytes), which callers word differently.
    """

    def __init__(self, message: str, problem: Problem = "malformed", size: int = 0) -> None:
        super().__init__(message)
        self.problem = problem
        self.size = size


def read_json(data: str | bytes, *, max_bytes: int, max_depth: int = MAX_DEPTH) -> Any:
    """The JSON value of `data` (UTF-8 bytes, or text), after every check named in the module docstring."""
    size = len(data) if isinstance(data, bytes) else len(data.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        raise BoundaryError(
            f"it is too large ({megabytes(size)}; the limit is {megabytes(max_bytes)})", "too large", size
        )
    text = _decoded(data)
    if not text.strip():
        raise BoundaryError("it is empty")
    if nests_deeper(text, max_depth):
        raise BoundaryError(_too_deep(max_depth))
    try:
        value = json.loads(
            text, object_pairs_hook=_unique_keys, parse_constant=_no_constant, parse_float=_finite
        )
    except BoundaryError:
        raise
    except json.JSONDecodeError as error:
        if _cut_off(text, error):
            raise BoundaryError(
                "it is incomplete: it ends too early (it may have been cut off while copying or downloading)",
                "incomplete",
            ) from None
        raise BoundaryError(f"it is not valid JSON (line {error.lineno}, column {error.colno})") from None
    except ValueError:  # a number of thousands of digits, say
        raise BoundaryError("it is not valid JSON") from None
    _refuse_lone_surrogates(value)
    return value


def check_tree(value: Any, max_depth: int = MAX_DEPTH) -> None:
    """Refuse a value built in memory (a pack entered in the app) that nests too deep or holds text that
    is not valid Unicode, as `read_json` refuses a document. Iterative, so any depth is refused safely.
    """
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if has_lone_surrogate(item):
                raise BoundaryError(f"it holds text that is not valid Unicode ({_shown(item)})")
        elif isinstance(item, dict | list | tuple):
            if depth >= max_depth:
                raise BoundaryError(_too_deep(max_depth))
            stack.extend((child, depth + 1) for child in item)
            if isinstance(item, dict):
                stack.extend((child, depth + 1) for child in item.values())


def has_lone_surrogate(text: str) -> bool:
    """True for text with half of a UTF-16 pair: it cannot be written as UTF-8, so it cannot be saved."""
    return not text.isascii() and _SURROGATE.search(text) is not None


def text_problem(value: Any, max_len: int) -> str | None:
    """Why `value` is not acceptable as a player's text of at most `max_len` characters, or None."""
    if not isinstance(value, str):
        return "it is not text"
    if len(value) > max_len:
        return f"it is too long ({len(value)} characters; the limit is {max_len})"
    if has_lone_surrogate(value):
        return "it holds a character that is not valid Unicode"
    return None


def clean_text(value: Any, max_len: int) -> str:
    """`value` as text, for a validator; raises BoundaryError with `text_problem`'s reason."""
    problem = text_problem(value, max_len)
    if problem is not None:
        raise BoundaryError(problem)
    return str(value)


SHOWN_LENGTH = 40
"""Longest text, and most digits, a refusal quotes from outside data: a hostile value cannot make a huge
message."""


def quote(value: Any, *, quoted: bool = True) -> str:
    """A JSON value as a refusal quotes it: text cut short, huge numbers and containers described."""
    if isinstance(value, str):
        cut = value if len(value) <= SHOWN_LENGTH else value[:SHOWN_LENGTH] + "…"
        return repr(cut) if quoted else cut
    if value is None or isinstance(value, bool | float):
        return repr(value)
    if isinstance(value, int):
        return repr(value) if -(10**SHOWN_LENGTH) < value < 10**SHOWN_LENGTH else "a huge number"
    if isinstance(value, list | tuple):
        return "a list" if value else "[]"
    if isinstance(value, Mapping):
        return "an object" if value else "{}"
    return f"a {type(value).__name__}"


def megabytes(size: int) -> str:
    """A byte count as a player reads it: "4.2 MB"."""
    return f"{size / 1e6:.1f} MB"


def _decoded(data: str | bytes) -> str:
    if isinstance(data, str):
        return data.removeprefix("\ufeff")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        if error.reason == "unexpected end of data":
            raise BoundaryError(
                "it is incomplete: it ends in the middle of a character (it may have been cut off)",
                "incomplete",
            ) from None
        raise BoundaryError("it is not text") from None


def nests_deeper(text: str, limit: int) -> bool:
    """Whether the parser would go more than `limit` lists or objects deep: in linear time, unparsed.

    Escaped backslashes and quotes are dropped, so every quote left opens or closes a string, and the
    text between quote pairs is set aside. The brackets left become parentheses; each pass removes every
    innermost pair, so a document of depth d empties in d passes. What is left is brackets that never
    close (a cut-off or broken document), each one more level the parser would enter.

    Most texts (a stored log row) hold fewer brackets than `limit` in all, strings included: they cannot
    nest deeper, and counting says so without the passes.
    """
    if text.count("[") + text.count("{") <= limit:
        return False
    unescaped = text.replace("\\\\", "").replace('\\"', "")
    outside = "".join(unescaped.split('"')[::2])
    skeleton = outside.encode("utf-8", "surrogatepass").translate(_PARENS, _NOT_BRACKETS)
    passes = 0
    while b"()" in skeleton:
        passes += 1
        if passes > limit:
            return True
        skeleton = skeleton.replace(b"()", b"")
    return passes + skeleton.count(b"(") > limit


def _refuse_lone_surrogates(value: Any) -> None:
    """Every key and text at once: the encoder runs in C (the depth is already capped), and UTF-8 refuses
    exactly the lone surrogates (the parser has joined every proper pair)."""
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as error:
        raise BoundaryError(
            f"it holds text that is not valid Unicode ({_shown(error.object[error.start : error.end])})"
        ) from None


def _cut_off(text: str, error: json.JSONDecodeError) -> bool:
    """Whether the parser failed because the text stopped, not because of a mistake in it."""
    rest = text[error.pos :].rstrip()
    return (
        not rest
        or error.msg.startswith("Unterminated string")
        or (len(rest) <= 5 and _CUT_TOKEN.fullmatch(rest) is not None)
    )


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object; a key given twice is refused (a parser keeps the last, so a first one could hide)."""
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise BoundaryError(
                    f"it is not valid JSON for Lantern (the key {_shown(key)} is twice in one object)"
                )
            seen.add(key)
    return result


def _no_constant(name: str) -> Any:
    raise BoundaryError(f"it is not valid JSON ({name} is not a number)")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise BoundaryError(f"it is not valid JSON ({text[:20]} is too large a number)")
    return value


def _too_deep(limit: int) -> str:
    return f"it is not valid JSON for Lantern (lists and objects nest more than {limit} deep)"


def _shown(text: str) -> str:
    """Text quoted for a message: short, with anything unprintable (a lone surrogate) escaped."""
    return repr(text[:40])
