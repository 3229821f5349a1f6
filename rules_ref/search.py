"""Full-text search over the reference, as the user types: stemmed, typo-tolerant, bm25-ranked.

Words are stemmed by SQLite FTS5's own tokenizer, Porter over unicode61 with diacritics removed,
so "resting" is rest, "walls" is wall and "UNDÔ" is undo. The index is built once in memory:
each section's words, stemmed, with where they stand. Matching and ranking are done here rather
than by FTS5's MATCH and bm25(): FTS5's bm25 gives no weight at all to a word found in more than
half the sections searched ("turn" in ASHES, even in a title), and its prefixes are stems' ("und"
finds undo, but "clumsin" does not find clumsiness). Any text is safe: only plain words are kept,
and they reach SQLite as bound values, never as query syntax.

Each word of the query becomes a term that matches any of its forms:

- its stem, and the words it begins ("und" finds undo) while it is being typed (the last word,
  nothing after it) or if the text does not have it; when the text has it, longer words count
  for less ("rest" is not "restore");
- the same number written another way ("zero" finds 0, "level 2" finds level II);
- the pack's synonyms ("truck" finds vehicle; content/<pack>/synonyms.txt);
- if none of those is in the text: the nearest words that are (edit distance, difflib), or the
  word split in two ("hotwire" finds hot-wire). These are reported as corrections.

Filler words ("how", "many", "can", "my") are dropped unless the query has nothing else.

Ranking: a query of one or two keywords (no filler) keeps the sections that have them all, if any
do. Sections rank by bm25 relative to the best one's, plus a little for the share of the query
they cover (rarer words weigh more). Each pack keeps its own word statistics, so searching one
game weighs words as that game uses them ("luna" is in every Unsettled section).
"""

from __future__ import annotations

import bisect
import difflib
import math
import re
import threading
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from rules_ref.sections import Section
from rules_ref.synonyms import Synonyms
from rules_ref.words import NUMBERS, STOP_WORDS, TERM, Stemmer, fold, inflections

TITLE_WEIGHT = 10.0
"""A word in the title counts as this many in the body."""
BM25_K1 = 2.0
"""How slowly more of the same word stops adding (the usual 1.2 to 2)."""
BM25_B = 0.5
"""How much a long section is held back (0 to 1): half, since a rule's length is no fault of its own."""
COVERAGE = 0.25
"""Weight of the share of the query a section covers, beside its bm25 relative to the best (0 to 1)."""
PREFIX_SHARE = 0.5
"""How much a longer word counts for the word being typed when the text also has that word itself."""
KEYWORDS = 2
"""A query of at most this many words, none of them filler, is keywords: sections with all of them win."""
SNIPPET_TOKENS = 16
SNIPPET_LEAD = 3
"""Words shown before the first highlighted one, when there are any."""
MAX_TERMS = 16
MAX_WORD = 64
"""Longer "words" are not words anyone types; they are left out."""
MARK_START = "\x02"
MARK_END = "\x03"
ELLIPSIS = "…"
MARKS = re.compile(f"({MARK_START}.*?{MARK_END})", re.DOTALL)

TYPO_MIN_LENGTH = 4
"""Shorter words are too easily another real word to be corrected."""
TYPO_CUTOFF = 0.75
"""difflib's similarity (0 to 1) a word of the text needs to stand for a mistyped word."""
TYPO_MARGIN = 0.1
"""Words this close to the best correction are searched too ("surviver": survive, survivor)."""
TYPO_CHOICES = 3
TYPO_LENGTH = 2
"""Words whose length differs by more than this are not compared (it keeps difflib's work small)."""
SPLIT_MIN = 2
"""Each half of a run-together word ("hotwire") has at least this many letters."""
CACHE = 4096
"""Query words remembered (their stems, their corrections); as-you-type repeats them."""


@dataclass(frozen=True)
class Hit:
    """One search result. `snippet` is (text, highlighted) fragments, so a UI needs no markup parsing.

    `score` is higher for better matches (relative bm25 plus a share of the query covered).
    """

    id: str
    pack: str
    title: str
    snippet: tuple[tuple[str, bool], ...]
    score: float


@dataclass(frozen=True)
class Correction:
    """A typed word found nowhere in the text, and the text's words searched for it instead."""

    typed: str
    read_as: tuple[str, ...]


@dataclass(frozen=True)
class Found:
    """What a search found, and the typed words it read as other words to find it."""

    hits: list[Hit]
    corrections: tuple[Correction, ...]


@dataclass(frozen=True)
class Term:
    """One word of the query with every form that may stand for it in the text."""

    typed: str
    forms: tuple[str, ...]
    """Words or phrases ("anti rad"), as typed or as the text has them."""
    prefix: bool
    """The typed word also matches the longer words it begins (it may be half typed)."""


@dataclass(frozen=True)
class Doc:
    """A section as the search reads it: its stems in order and counted.

    Where each stem stands, and where each body word is in the text, are only needed for phrases
    and for the snippets shown, so they are worked out the first time they are asked for.
    """

    section: Section
    title: tuple[str, ...]
    body: tuple[str, ...]
    """One stem per word of the body ("" for a word the tokenizer does not keep)."""
    titled: Mapping[str, int]
    """How often each stem is in the title."""
    counted: Mapping[str, int]
    """How often each stem is in the body."""

    @cached_property
    def places(self) -> Mapping[str, tuple[int, ...]]:
        """Where each stem is in the body."""
        places: dict[str, list[int]] = {}
        for i, stem in enumerate(self.body):
            places.setdefault(stem, []).append(i)
        return {stem: tuple(found) for stem, found in places.items()}

    @cached_property
    def spans(self) -> tuple[tuple[int, int], ...]:
        """The body's words as (start, end) offsets in its text, one per stem in `body`."""
        return tuple(match.span() for match in TERM.finditer(self.section.body))


@dataclass(frozen=True)
class Pattern:
    """What a term looks for: single stems, and phrases (stems side by side)."""

    stems: frozenset[str]
    phrases: tuple[tuple[str, ...], ...] = ()

    def marked(self, doc: Doc) -> set[int]:
        """The positions of the body's words this pattern covers."""
        found = {i for stem in self.stems for i in doc.places.get(stem, ())}
        for phrase in self.phrases:
            for i in _starts(phrase, doc.body, doc.places):
                found.update(range(i, i + len(phrase)))
        return found

    def often(self, doc: Doc) -> float:
        """How often the pattern occurs in the section, a title match counting TITLE_WEIGHT."""
        title = sum(doc.titled.get(stem, 0) for stem in self.stems)
        body = sum(doc.counted.get(stem, 0) for stem in self.stems)
        for phrase in self.phrases:
            title += sum(
                1 for i in range(len(doc.title) - len(phrase) + 1) if doc.title[i : i + len(phrase)] == phrase
            )
            body += len(_starts(phrase, doc.body, doc.places))
        return TITLE_WEIGHT * title + body


@dataclass
class Scope:
    """What one search looks through: a pack, or every pack, with word statistics of its own."""

    docs: list[int]
    synonyms: Synonyms
    postings: dict[str, set[int]] = field(default_factory=dict)
    """Stem -> the docs that have it."""
    words: list[str] = field(default_factory=list)
    """Every word of its text, sorted (for prefixes)."""
    known: frozenset[str] = frozenset()
    """Its words and its synonyms' words players type: what a typo may have meant."""
    average: float = 1.0


Matches = dict[int, float]
"""Docs a term matches, each with how often: a title match counts TITLE_WEIGHT."""


class SearchIndex:
    """The sections indexed once in memory; the app shares it across threads, hence the lock."""

    def __init__(self, sections: Iterable[Section], synonyms: Mapping[str, Synonyms] | None = None) -> None:
        self._lock = threading.Lock()
        self._stemmer = Stemmer()
        self._asked: dict[str, tuple[str, ...]] = {}
        """Query words and their stems, forgotten when it grows past CACHE."""
        self._typos: dict[tuple[str, str | None], tuple[str, ...]] = {}
        kept = list(sections)
        titles = [TERM.findall(s.title) for s in kept]
        bodies = [TERM.findall(s.body) for s in kept]
        folded = {word: fold(word) for word in set().union(*titles, *bodies)}
        self._stemmed = self._stemmer.stems(folded.values())
        """The index's words and their stems, for good."""
        stems = {word: self._stemmed[folded[word]] for word in folded}
        first = {word: found[0] if found else "" for word, found in stems.items()}
        self._docs = []
        for section, title, body in zip(kept, titles, bodies, strict=True):
            title_stems = tuple(stem for word in title for stem in stems[word])
            body_stems = tuple(map(first.__getitem__, body))
            titled, counted = Counter(title_stems), Counter(body_stems)
            counted.pop("", None)
            self._docs.append(Doc(section, title_stems, body_stems, titled, counted))
        words = [
            {folded[word] for word in {*title, *body}} for title, body in zip(titles, bodies, strict=True)
        ]
        by_pack = dict(synonyms or {})
        merged: dict[str, tuple[str, ...]] = {}
        for found in by_pack.values():
            for word, phrases in found.items():
                merged[word] = tuple(dict.fromkeys(merged.get(word, ()) + phrases))
        postings: dict[str, set[int]] = {}
        for n, doc in enumerate(self._docs):
            for stem in doc.titled.keys() | doc.counted.keys():
                postings.setdefault(stem, set()).add(n)
        self._scopes: dict[str | None, Scope] = {None: self._scope(range(len(kept)), merged, words, postings)}
        for pack in dict.fromkeys(s.pack for s in kept):
            in_pack = {n for n, s in enumerate(kept) if s.pack == pack}
            own = {stem: found & in_pack for stem, found in postings.items() if not found.isdisjoint(in_pack)}
            self._scopes[pack] = self._scope(sorted(in_pack), by_pack.get(pack, {}), words, own)

    def _scope(
        self, docs: Iterable[int], synonyms: Synonyms, words: list[set[str]], postings: dict[str, set[int]]
    ) -> Scope:
        """A scope over some docs (`words`: each doc's words, as folded; `postings`: stem -> its docs)."""
        scope = Scope(docs=list(docs), synonyms=synonyms, postings=postings)
        everything = set().union(*(words[n] for n in scope.docs))
        scope.words = sorted(everything)
        scope.known = frozenset(everything | set(synonyms))
        if scope.docs:
            lengths = (len(self._docs[n].title) + len(self._docs[n].body) for n in scope.docs)
            scope.average = sum(lengths) / len(scope.docs)
        return scope

    def _stem_all(self, words: Iterable[str]) -> None:
        """Make sure every word's stems are known, the index's or the cache's."""
        todo = [word for word in words if word not in self._stemmed and word not in self._asked]
        if todo:
            if len(self._asked) + len(todo) > CACHE:
                self._asked.clear()
            self._asked.update(self._stemmer.stems(todo))

    def _stems(self, word: str) -> tuple[str, ...]:
        found = self._stemmed.get(word)
        return found if found is not None else self._asked.get(word, ())

    def search(self, query: str, pack: str | None = None, limit: int = 20) -> list[Hit]:
        """Best matches first (see the module's notes on ranking); an unknown pack finds nothing."""
        return self.find(query, pack, limit).hits

    def find(self, query: str, pack: str | None = None, limit: int = 20) -> Found:
        """As `search`, with the corrections it made to typed words that are nowhere in the text."""
        scope = self._scopes.get(pack)
        if limit <= 0 or scope is None:
            return Found([], ())
        with self._lock:
            return self._find(query, pack, scope, limit)

    def _find(self, query: str, pack: str | None, scope: Scope, limit: int) -> Found:
        wanted = query_terms(query, scope.synonyms)
        keywords = len(wanted) == len(TERM.findall(query)) <= KEYWORDS
        self._stem_all(word for term in wanted for form in term.forms for word in form.split())
        terms: list[tuple[Pattern, Matches]] = []
        corrections: list[Correction] = []
        for term in wanted:
            pattern = self._pattern(term.forms)
            matches = self._matches(pattern, scope)
            if term.prefix or not (matches or term.typed.isdigit()):
                longer = Pattern(self._begun(term.typed, scope).stems - pattern.stems)
                started = self._matches(longer, scope)
                if started:
                    share = PREFIX_SHARE if matches else 1.0
                    both = matches.keys() | started.keys()
                    matches = {n: matches.get(n, 0.0) + share * started.get(n, 0.0) for n in both}
                    pattern = Pattern(pattern.stems | longer.stems, pattern.phrases)
            if not matches:
                corrected = self._corrected(term.typed, pack, scope)
                self._stem_all(word for form in corrected for word in form.split())
                pattern = self._pattern(corrected)
                matches = self._matches(pattern, scope)
                if matches:
                    corrections.append(Correction(term.typed, corrected))
            if matches:
                terms.append((pattern, matches))
        return Found(self._ranked(terms, scope, limit, keywords), tuple(corrections))

    def _pattern(self, forms: Iterable[str]) -> Pattern:
        stems: set[str] = set()
        phrases: list[tuple[str, ...]] = []
        for form in forms:
            found = tuple(stem for word in form.split() for stem in self._stems(word))
            if len(found) == 1:
                stems.add(found[0])
            elif found:
                phrases.append(found)
        return Pattern(frozenset(stems), tuple(phrases))

    def _begun(self, typed: str, scope: Scope) -> Pattern:
        """The stems of every word of the scope that begins with what was typed."""
        start = bisect.bisect_left(scope.words, typed)
        stems: set[str] = set()
        for word in scope.words[start:]:
            if not word.startswith(typed):
                break
            stems.update(self._stemmed.get(word, ()))
        return Pattern(frozenset(stems))

    def _matches(self, pattern: Pattern, scope: Scope) -> Matches:
        candidates: set[int] = set()
        for stem in pattern.stems:
            candidates |= scope.postings.get(stem, set())
        for phrase in pattern.phrases:
            candidates |= set.intersection(*(scope.postings.get(stem, set()) for stem in phrase))
        matches: Matches = {}
        for n in candidates:
            often = pattern.often(self._docs[n])
            if often:
                matches[n] = often
        return matches

    def _ranked(
        self, terms: list[tuple[Pattern, Matches]], scope: Scope, limit: int, keywords: bool
    ) -> list[Hit]:
        if not terms:
            return []
        docs = set().union(*(matches for _, matches in terms))
        if keywords:
            docs = set.intersection(*(set(matches) for _, matches in terms)) or docs
        size = len(scope.docs)
        weights = [math.log(1 + (size - len(m) + 0.5) / (len(m) + 0.5)) for _, m in terms]
        total = sum(weights)
        relevance = {n: self._bm25(n, terms, weights, scope) for n in docs}
        top = max(relevance.values()) or 1.0
        scored = []
        for n in docs:
            covered = sum(weight for weight, (_, matches) in zip(weights, terms, strict=True) if n in matches)
            scored.append((relevance[n] / top + COVERAGE * covered / total, self._docs[n].section.id, n))
        best = sorted(scored, key=lambda item: (-item[0], item[1]))[:limit]
        patterns = [pattern for pattern, _ in terms]
        return [
            Hit(
                id=doc.section.id,
                pack=doc.section.pack,
                title=doc.section.title,
                snippet=snippet(doc, patterns),
                score=score,
            )
            for score, _, n in best
            for doc in (self._docs[n],)
        ]

    def _bm25(
        self, n: int, terms: list[tuple[Pattern, Matches]], weights: list[float], scope: Scope
    ) -> float:
        doc = self._docs[n]
        norm = BM25_K1 * (1 - BM25_B + BM25_B * (len(doc.title) + len(doc.body)) / scope.average)
        score = 0.0
        for weight, (_, matches) in zip(weights, terms, strict=True):
            often = matches.get(n, 0.0)
            score += weight * often * (BM25_K1 + 1) / (often + norm)
        return score

    def _corrected(self, word: str, pack: str | None, scope: Scope) -> tuple[str, ...]:
        """The text's words nearest to a word it does not have (or the word's two halves), cached."""
        key = (word, pack)
        if key not in self._typos:
            if len(self._typos) >= CACHE:
                self._typos.clear()
            self._typos[key] = nearest_words(word, scope.known, scope.synonyms)
        return self._typos[key]


def query_terms(query: str, synonyms: Synonyms) -> list[Term]:
    """The query's words as terms, filler words left out unless there is nothing else."""
    words = [fold(word) for word in TERM.findall(query)]
    typing = bool(words) and TERM.fullmatch(query[-1]) is not None
    kept = [(i, word) for i, word in enumerate(words) if word not in STOP_WORDS] or list(enumerate(words))
    terms = []
    for i, word in [(i, word) for i, word in kept if len(word) <= MAX_WORD][:MAX_TERMS]:
        forms = (word, *inflections(word), *NUMBERS.get(word, ()), *synonyms_of(word, synonyms))
        prefix = typing and i == len(words) - 1 and not word.isdigit()
        terms.append(Term(word, tuple(dict.fromkeys(forms)), prefix))
    return terms


def synonyms_of(word: str, synonyms: Synonyms) -> tuple[str, ...]:
    """The rules' words for a word players use, the plural of a listed word included ("trucks")."""
    for candidate in (
        word,
        word[:-1] if word.endswith("s") else "",
        word[:-2] if word.endswith("es") else "",
    ):
        if candidate in synonyms:
            return synonyms[candidate]
    return ()


def nearest_words(word: str, known: frozenset[str], synonyms: Synonyms) -> tuple[str, ...]:
    """What a word absent from the text probably meant: its two halves if both are words, or the
    closest words by difflib's ratio; a players' word among them brings its synonyms."""
    splits = [
        f"{word[:i]} {word[i:]}"
        for i in range(SPLIT_MIN, len(word) - SPLIT_MIN + 1)
        if word[:i] in known and word[i:] in known
    ]
    if splits:
        return (splits[0],)
    if len(word) < TYPO_MIN_LENGTH or word.isdigit():
        return ()
    near = [c for c in known if abs(len(c) - len(word)) <= TYPO_LENGTH and not c.isdigit()]
    close = difflib.get_close_matches(word, near, n=TYPO_CHOICES, cutoff=TYPO_CUTOFF)
    if not close:
        return ()
    best = difflib.SequenceMatcher(None, word, close[0]).ratio()
    chosen = [c for c in close if difflib.SequenceMatcher(None, word, c).ratio() >= best - TYPO_MARGIN]
    forms = [form for c in chosen for form in (c, *synonyms_of(c, synonyms))]
    return tuple(dict.fromkeys(forms))


def snippet(doc: Doc, patterns: list[Pattern]) -> tuple[tuple[str, bool], ...]:
    """About SNIPPET_TOKENS words of the body where the most terms meet, the matched words highlighted."""
    count = len(doc.body)
    if not count:
        return ()
    marks = [sorted(pattern.marked(doc)) for pattern in patterns]
    marked = sorted(set().union(*marks))
    width = min(SNIPPET_TOKENS, count)
    starts = sorted({0, *(min(max(i - SNIPPET_LEAD, 0), count - width) for i in marked)})

    def worth(start: int) -> tuple[int, int]:
        end = start + width
        terms = sum(1 for found in marks if bisect.bisect_left(found, start) < bisect.bisect_left(found, end))
        return terms, bisect.bisect_left(marked, end) - bisect.bisect_left(marked, start)

    best = max(starts, key=lambda start: (worth(start), -start))
    end = best + width
    chosen = set(marked)
    text = doc.section.body
    pieces = [ELLIPSIS] if best > 0 else []
    at = doc.spans[best][0]
    for i in range(best, end):
        first, last = doc.spans[i]
        word = text[first:last]
        pieces.append(text[at:first])
        pieces.append(f"{MARK_START}{word}{MARK_END}" if i in chosen else word)
        at = last
    if end < count:
        pieces.append(ELLIPSIS)
    return fragments("".join(pieces))


def fragments(snippet: str) -> tuple[tuple[str, bool], ...]:
    """Split a marked snippet into (text, highlighted) pieces, with line breaks folded to spaces."""
    pieces = (piece for piece in MARKS.split(" ".join(snippet.split())) if piece)
    return tuple((piece[1:-1], True) if piece.startswith(MARK_START) else (piece, False) for piece in pieces)


def _starts(
    phrase: tuple[str, ...], stems: Sequence[str], places: Mapping[str, tuple[int, ...]]
) -> list[int]:
    """Where a phrase begins among `stems` (`places`: where each stem is)."""
    n = len(phrase)
    return [i for i in places.get(phrase[0], ()) if tuple(stems[i : i + n]) == phrase]
