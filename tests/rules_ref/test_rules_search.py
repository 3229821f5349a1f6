from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from rules_ref import Hit, Reference, reference

WriteContent = Callable[[dict[str, str]], Path]


def ids(hits: list[Hit]) -> list[str]:
    return [hit.id for hit in hits]


def highlighted(hit: Hit) -> list[str]:
    return [text for text, marked in hit.snippet if marked]


def test_undo_ranks_the_undo_section_first() -> None:
    assert ids(reference().search("undo"))[0] == "lantern/undo"


def test_every_term_is_a_prefix() -> None:
    assert ids(reference().search("und"))[0] == "lantern/undo"
    assert "lantern/undo" in ids(reference().search("red aut"))


def test_all_terms_must_match_when_some_section_has_them_all(write_content: WriteContent) -> None:
    text = "## demo/ship | Ship\nA red ship.\n## demo/car | Car\nA red car.\n"
    ref = Reference.load(write_content({"demo/a.md": text}))
    assert ids(ref.search("red ship")) == ["demo/ship"]
    assert sorted(ids(ref.search("red plane"))) == ["demo/car", "demo/ship"]


def test_matching_ignores_case_and_accents() -> None:
    assert ids(reference().search("UNDÔ"))[0] == "lantern/undo"


def test_pack_filter() -> None:
    scorepad = reference().search("undo", pack="scorepad")
    assert scorepad
    assert {hit.pack for hit in scorepad} == {"scorepad"}
    assert "lantern/undo" not in ids(scorepad)
    assert reference().search("undo", pack="no-such-pack") == []


def test_limit() -> None:
    assert len(reference().search("game", limit=2)) == 2
    assert reference().search("game", limit=0) == []


def test_hits_are_best_first() -> None:
    scores = [hit.score for hit in reference().search("game")]
    assert scores == sorted(scores, reverse=True)


def test_snippet_highlights_the_matched_term() -> None:
    hit = reference().search("und")[0]
    assert any(text.lower().startswith("und") for text in highlighted(hit))
    assert all(text and "\x02" not in text and "\x03" not in text for text, _ in hit.snippet)


def test_title_match_outranks_body_only_match(write_content: WriteContent) -> None:
    root = write_content(
        {
            "demo/a.md": (
                "## demo/body | Moving ships\nA harbour is where ships wait; every harbour holds two ships.\n"
                "## demo/title | Harbour\nShips wait here between voyages.\n"
            )
        }
    )
    assert ids(Reference.load(root).search("harbour")) == ["demo/title", "demo/body"]


def test_queries_without_words_find_nothing() -> None:
    for query in ["", "   ", '"', "*", "()", "-:-", "\x00", "…"]:
        assert reference().search(query) == []


def test_query_syntax_is_plain_text() -> None:
    wrapped = ['"undo', "undo*", "-undo", "undo:", "(undo", "NEAR(undo redo)", "title:undo", "undo/redo"]
    for query in wrapped:
        assert "lantern/undo" in ids(reference().search(query)), query
    for query in ["AND", "OR", "NOT", "NEAR", "undo NOT redo", "undo OR", "^undo", "'"]:
        reference().search(query)


@given(query=st.text(), pack=st.sampled_from([None, "lantern", "scorepad", "elsewhere"]))
def test_search_never_raises_and_hits_exist(query: str, pack: str | None) -> None:
    ref = reference()
    hits = ref.search(query, pack=pack, limit=5)
    assert len(hits) <= 5
    for hit in hits:
        assert ref.exists(hit.id)
        assert pack is None or hit.pack == pack
