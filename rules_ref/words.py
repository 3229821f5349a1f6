"""Words as the search sees them: split, folded, filler words, and numbers written three ways.

Shared by the search and by the synonyms check, so a word means the same thing in both.
"""

from __future__ import annotations

import re
import sqlite3
import unicodedata
from collections.abc import Iterable

TERM = re.compile(r"[^\W_]+")

# Words that carry the question, not its subject ("how many ... can I"). They never decide the
# ranking; a query made of nothing else keeps them, so "how" alone still finds something.
FILLER = """
a about after again all also am an and any anything are as at be been before being both but by can
cannot cant could did didn didnt do does doesn doesnt doing don dont done during each else for from
get gets getting got had happen happened happens has have having he her here hers him his how i if
in into is isn isnt it its just let lets like many may me might mine more most much must my need
needs no nor not of off on once only onto or other our ours out over own per s shall she should so
some such t than that the their theirs them then there these they this those through to too under
until up upon us very was we were what whats when where whether which while who whom whose why will
with without would you your yours
"""
STOP_WORDS = frozenset(FILLER.split())

# Each group is one number as a digit, a word and (where the rulebooks use them) a Roman numeral.
# A lone "i" is left out: typed, it is the pronoun; in the text it is "level I", found through "1".
NUMBER_GROUPS = (
    ("0", "zero"),
    ("1", "one", "i"),
    ("2", "two", "ii"),
    ("3", "three", "iii"),
    ("4", "four", "iv"),
    ("5", "five", "v"),
    ("6", "six", "vi"),
    ("7", "seven", "vii"),
    ("8", "eight", "viii"),
    ("9", "nine", "ix"),
    ("10", "ten"),
    ("11", "eleven"),
    ("12", "twelve"),
    ("1st", "first"),
    ("2nd", "second"),
    ("3rd", "third"),
    ("4th", "fourth"),
    ("5th", "fifth"),
)
NUMBERS: dict[str, tuple[str, ...]] = {
    form: tuple(other for other in group if other != form) for group in NUMBER_GROUPS for form in group
}
del NUMBERS["i"]


TOKENIZER = "porter unicode61 remove_diacritics 2"
"""FTS5's tokenizer: Porter stemming over unicode61, accents removed. Every word is stemmed by it."""


class Stemmer:
    """FTS5's tokenizer, asked directly: each word goes into a scratch table as a row of its own,
    and fts5vocab lists the tokens (stems) it made. Not thread-safe: its owner holds a lock."""

    def __init__(self) -> None:
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        with self._db:
            self._db.execute(f"CREATE VIRTUAL TABLE probe USING fts5(word, tokenize = '{TOKENIZER}')")
            self._db.execute("CREATE VIRTUAL TABLE probe_words USING fts5vocab(probe, 'instance')")

    def stems(self, words: Iterable[str]) -> dict[str, tuple[str, ...]]:
        """Each word's stems, in order: usually one, none for a word FTS5 does not see as one."""
        todo = list(dict.fromkeys(words))
        # One row for all, the words split by a marker word none of them is: each word's tokens are
        # those between two markers, whatever their number. Row by row if the marker is unclear.
        marker = next(f"0mark{n}" for n in range(len(todo) + 1) if f"0mark{n}" not in todo)
        tokens = self._tokens([marker, f" {marker} ".join(todo)])
        if len(tokens.get(1, [])) == 1:
            groups: list[list[str]] = [[]]
            for token in tokens.get(2, []):
                if token == tokens[1][0]:
                    groups.append([])
                else:
                    groups[-1].append(token)
            if len(groups) == len(todo):
                return {word: tuple(group) for word, group in zip(todo, groups, strict=True)}
        found = self._tokens(todo)
        return {word: tuple(found.get(n, ())) for n, word in enumerate(todo, start=1)}

    def _tokens(self, rows: list[str]) -> dict[int, list[str]]:
        """The tokens FTS5 makes of each text, by row number (from 1)."""
        found: dict[int, list[str]] = {}
        with self._db:
            self._db.executemany("INSERT INTO probe (rowid, word) VALUES (?, ?)", enumerate(rows, start=1))
            for row, stem in self._db.execute("SELECT doc, term FROM probe_words ORDER BY doc, offset"):
                found.setdefault(row, []).append(stem)
            self._db.execute("DELETE FROM probe")
        return found


def inflections(word: str) -> tuple[str, ...]:
    """Forms the stemmer does not bring together by itself: "go" and "goes" (Porter makes it "goe")."""
    return (f"{word}es",) if len(word) > 1 and word.endswith("o") and not word.isdigit() else ()


def fold(word: str) -> str:
    """Lowercase without accents, the way the index compares words ("UNDÔ" is "undo")."""
    if word.isascii():
        return word.lower()
    decomposed = unicodedata.normalize("NFKD", word.lower())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def words_of(text: str) -> list[str]:
    """The folded words of a text, in order; punctuation and '-' separate words."""
    return [fold(word) for word in TERM.findall(text)]
