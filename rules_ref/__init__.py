"""Lantern's rules reference: own-words sections per game, with stable ids, links and search.

Engines cite section ids in their refusals; the Rules screen shows, searches and links them.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from rules_ref.errors import ContentError
from rules_ref.loader import load_content, load_sections
from rules_ref.search import Correction, Found, Hit, SearchIndex
from rules_ref.sections import Section
from rules_ref.synonyms import Synonyms

__all__ = [
    "ContentError",
    "Correction",
    "Found",
    "Hit",
    "Reference",
    "Section",
    "Synonyms",
    "load_content",
    "load_sections",
    "reference",
]


class Reference:
    """The loaded sections with lookup by id, per-pack listing and full-text search."""

    def __init__(self, sections: tuple[Section, ...], synonyms: Mapping[str, Synonyms] | None = None) -> None:
        self._sections = sections
        self._by_id = {section.id: section for section in sections}
        self._packs = tuple(dict.fromkeys(section.pack for section in sections))
        self._synonyms = synonyms
        self._index: SearchIndex | None = None
        self._index_lock = threading.Lock()

    @classmethod
    def load(cls, root: Path | None = None) -> Reference:
        """Load and validate the content under `root` (default: the bundled content), synonyms included."""
        content = load_content(root)
        return cls(content.sections, content.synonyms)

    def get(self, section_id: str) -> Section:
        """The section with this id; KeyError if there is none."""
        return self._by_id[section_id]

    def exists(self, section_id: str) -> bool:
        return section_id in self._by_id

    def search(self, query: str, pack: str | None = None, limit: int = 20) -> list[Hit]:
        """Best matches first; any text is accepted, and a query without words finds nothing."""
        return self.find(query, pack=pack, limit=limit).hits

    def find(self, query: str, pack: str | None = None, limit: int = 20) -> Found:
        """As `search`, also naming the typed words it corrected (a typo read as the nearest words)."""
        return self._search_index().find(query, pack=pack, limit=limit)

    def _search_index(self) -> SearchIndex:
        """Built at the first search: screens that only show and link sections never pay for it."""
        if self._index is None:
            with self._index_lock:
                if self._index is None:
                    self._index = SearchIndex(self._sections, self._synonyms)
        return self._index

    def packs(self) -> tuple[str, ...]:
        """Pack names (folder names) in load order."""
        return self._packs

    def sections(self, pack: str | None = None) -> tuple[Section, ...]:
        """All sections, or one pack's, in reading order (empty for an unknown pack)."""
        if pack is None:
            return self._sections
        return tuple(section for section in self._sections if section.pack == pack)


@cache
def reference() -> Reference:
    """The bundled reference, loaded once for the whole app."""
    return Reference.load()
