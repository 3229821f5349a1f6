"""A pack's synonyms: the words players type for the words its rules use ("truck" for vehicle).

One optional file per pack, `synonyms.txt` beside its sections (format in content/README.md):

    # comment
    truck, car, van = vehicle
    meds = anti-rad dose, antirad

Left of `=`: single words, as players type them. Right of `=`: the rules' own words or phrases,
each word of which must appear in the pack's sections (in some form: "barrier" is fine if the text
says "barriers"), so a typo there cannot hide.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from rules_ref.errors import ContentError
from rules_ref.words import STOP_WORDS, TERM, Stemmer, fold, words_of

SYNONYMS_FILE = "synonyms.txt"
EXAMPLE = "'truck, car = vehicle'"

Synonyms = Mapping[str, tuple[str, ...]]
"""A word players type (folded) -> the phrases of the rules it stands for (folded words, space-separated)."""


def parse_synonyms(text: str, pack: str, label: str, known: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """Read one synonyms file; `known` are the words of the pack's sections, which every phrase must use."""
    known_words = Known(known)
    found: dict[str, tuple[str, ...]] = {}
    listed_at: dict[str, int] = {}
    for line_no, raw in enumerate(text.splitlines(), start=1):
        line = raw.partition("#")[0].strip()
        if not line:
            continue
        at = f"{label}, line {line_no}"
        left, equals, right = line.partition("=")
        if not equals or "=" in right:
            raise ContentError(
                f"{at}: expected one '=' between the players' words and the rules' words, like {EXAMPLE}"
            )
        typed = items(left)
        phrases = items(right)
        if not typed:
            raise ContentError(f"{at}: no words before '='; list the words players type, like {EXAMPLE}")
        if not phrases:
            raise ContentError(f"{at}: no words after '='; give the words the rules use, like {EXAMPLE}")
        read_as = tuple(check_phrase(phrase, pack, at, known_words) for phrase in phrases)
        for word in typed:
            key = check_word(word, at)
            if key in listed_at:
                raise ContentError(f"{at}: {word!r} is already listed at line {listed_at[key]}")
            if key in read_as:
                raise ContentError(f"{at}: {word!r} is on both sides of '='")
            listed_at[key] = line_no
            found[key] = read_as
    return found


def items(side: str) -> list[str]:
    parts = [part.strip() for part in side.split(",")]
    return [] if parts == [""] else parts


def check_word(word: str, at: str) -> str:
    if not word:
        raise ContentError(f"{at}: an empty entry between commas")
    if not TERM.fullmatch(word):
        raise ContentError(
            f"{at}: {word!r} is not a single word; before '=' list single words (letters and digits), "
            "separated by commas"
        )
    key = fold(word)
    if key in STOP_WORDS:
        raise ContentError(f"{at}: {word!r} is too common a word for search to use; leave it out")
    return key


class Known:
    """The pack's words; their stems are worked out only if a word is not there as written."""

    def __init__(self, words: Iterable[str]) -> None:
        self.words = frozenset(words)
        self._stems: frozenset[str] | None = None
        self._stemmer: Stemmer | None = None

    def __contains__(self, word: str) -> bool:
        if word in self.words:
            return True
        if self._stemmer is None or self._stems is None:
            self._stemmer = Stemmer()
            self._stems = frozenset(
                stem for stems in self._stemmer.stems(self.words).values() for stem in stems
            )
        stems = self._stemmer.stems([word])[word]
        return bool(stems) and all(stem in self._stems for stem in stems)


def check_phrase(phrase: str, pack: str, at: str, known: Known) -> str:
    words = words_of(phrase)
    if not words:
        raise ContentError(f"{at}: an empty entry between commas")
    missing = [word for word in words if word not in known]
    if missing:
        raise ContentError(
            f"{at}: {missing[0]!r} does not appear in any section of {pack!r}; "
            "after '=' use words the rules themselves use"
        )
    return " ".join(words)
