"""Full-text search over the reference: SQLite FTS5 in memory, bm25-ranked, every term a prefix.

Search runs as the user types, so any text must be safe: the query is reduced to plain word terms
before it reaches FTS5, and its operators and syntax never do.
"""

from __future__ import annotations

import re
import sqlite3
import threading
from collections.abc import Iterable
from dataclasses import dataclass

from rules_ref.sections import Section

TITLE_WEIGHT = 10.0
BODY_WEIGHT = 1.0
SNIPPET_TOKENS = 16
MAX_TERMS = 16
MARK_START = "\x02"
MARK_END = "\x03"
ELLIPSIS = "…"
TERM = re.compile(r"[^\W_]+")
MARKS = re.compile(f"({MARK_START}.*?{MARK_END})", re.DOTALL)

SCHEMA = """
CREATE VIRTUAL TABLE sections USING fts5(
    id UNINDEXED, pack UNINDEXED, title, body, tokenize = 'unicode61 remove_diacritics 2'
)
"""
QUERY = f"""
SELECT id, pack, title,
       snippet(sections, 3, '{MARK_START}', '{MARK_END}', '{ELLIPSIS}', {SNIPPET_TOKENS}),
       bm25(sections, 0.0, 0.0, {TITLE_WEIGHT}, {BODY_WEIGHT}) AS rank
FROM sections
WHERE sections MATCH :match AND (:pack IS NULL OR pack = :pack)
ORDER BY rank, id
LIMIT :limit
"""


@dataclass(frozen=True)
class Hit:
    """One search result. `snippet` is (text, highlighted) fragments, so a UI needs no markup parsing.

    `score` is higher for better matches (bm25, sign flipped).
    """

    id: str
    pack: str
    title: str
    snippet: tuple[tuple[str, bool], ...]
    score: float


class SearchIndex:
    """An FTS5 index of the sections, built once; the app shares it across threads, hence the lock."""

    def __init__(self, sections: Iterable[Section]) -> None:
        self._lock = threading.Lock()
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        with self._db:
            self._db.execute(SCHEMA)
            self._db.executemany(
                "INSERT INTO sections (id, pack, title, body) VALUES (?, ?, ?, ?)",
                ((s.id, s.pack, s.title, s.body) for s in sections),
            )

    def search(self, query: str, pack: str | None = None, limit: int = 20) -> list[Hit]:
        """Sections matching every term, best first; if none match them all, those matching any."""
        if limit <= 0:
            return []
        for match in match_expressions(query):
            with self._lock:
                rows = self._db.execute(QUERY, {"match": match, "pack": pack, "limit": limit}).fetchall()
            if rows:
                return [
                    Hit(id=id_, pack=pack_, title=title, snippet=fragments(snippet), score=-rank)
                    for id_, pack_, title, snippet, rank in rows
                ]
        return []


def terms(query: str) -> list[str]:
    """The words of the query; everything else (quotes, operators' punctuation, '*', ':') is dropped."""
    return TERM.findall(query)[:MAX_TERMS]


def match_expressions(query: str) -> list[str]:
    """FTS5 expressions to try in order: all terms, then any term. Quoting makes AND/OR/NEAR plain words."""
    prefixes = [f'"{term}"*' for term in terms(query)]
    if len(prefixes) <= 1:
        return prefixes
    return [" AND ".join(prefixes), " OR ".join(prefixes)]


def fragments(snippet: str) -> tuple[tuple[str, bool], ...]:
    """Split a marked snippet into (text, highlighted) pieces, with line breaks folded to spaces."""
    pieces = (piece for piece in MARKS.split(" ".join(snippet.split())) if piece)
    return tuple((piece[1:-1], True) if piece.startswith(MARK_START) else (piece, False) for piece in pieces)
