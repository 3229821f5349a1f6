from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from rules_ref import Correction, Hit, Reference, reference
from rules_ref.words import Stemmer

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


def demo(write_content: WriteContent, sections: str, synonyms: str | None = None) -> Reference:
    files = {"demo/a.md": sections}
    if synonyms is not None:
        files["demo/synonyms.txt"] = synonyms
    return Reference.load(write_content(files))


def test_words_match_in_any_form(write_content: WriteContent) -> None:
    ref = demo(
        write_content, "## demo/scout | Scouting\nYou scouted past the walls.\n## demo/other | Other\nText.\n"
    )
    for query in ["scouts", "scout", "wall", "walls", "Scouting WALL"]:
        assert ids(ref.search(query)) == ["demo/scout"], query


def test_filler_words_do_not_decide_the_ranking(write_content: WriteContent) -> None:
    text = (
        "## demo/chatter | Chatter\nHow can you tell how many are left? Ask how many, and how much, "
        "as many times as you can; my friend can too.\n"
        "## demo/hand | Hand limit\nYou may hold seven cards in your hand.\n"
    )
    assert ids(demo(write_content, text).search("how many cards can i hold"))[0] == "demo/hand"


def test_a_query_of_nothing_but_filler_still_finds_it(write_content: WriteContent) -> None:
    ref = demo(write_content, "## demo/how | How to play\nRead this first.\n")
    assert ids(ref.search("how")) == ["demo/how"]


def test_a_typo_reads_as_the_nearest_words_and_says_so(write_content: WriteContent) -> None:
    text = (
        "## demo/obstacles | Obstacles\nA barricade blocks the way.\n## demo/other | Other\nNothing here.\n"
    )
    found = demo(write_content, text).find("barricde")
    assert ids(found.hits) == ["demo/obstacles"]
    assert found.corrections == (Correction("barricde", ("barricade",)),)
    assert highlighted(found.hits[0]) == ["barricade"]


def test_words_nothing_resembles_find_nothing(write_content: WriteContent) -> None:
    found = demo(write_content, "## demo/a | A\nA barricade.\n").find("zzzzqqq")
    assert found.hits == [] and found.corrections == ()


def test_a_word_in_the_text_is_never_corrected(write_content: WriteContent) -> None:
    text = "## demo/a | A\nA barricade.\n## demo/b | B\nA barracks.\n"
    assert demo(write_content, text).find("barracks").corrections == ()


def test_run_together_words_are_split(write_content: WriteContent) -> None:
    found = demo(write_content, "## demo/power | Power\nUse HOT-WIRE to restore power.\n").find("hotwire")
    assert ids(found.hits) == ["demo/power"]
    assert found.corrections == (Correction("hotwire", ("hot wire",)),)


def test_numbers_match_as_digits_words_and_roman_numerals(write_content: WriteContent) -> None:
    text = (
        "## demo/level | Levels\nA level II space costs 2 data.\n"
        "## demo/start | Start\nIre starts at 0 and the track shows three spaces.\n"
        "## demo/levels | Other levels\nEvery level is a level; ire rises in spaces.\n"
    )
    ref = demo(write_content, text)
    assert ids(ref.search("level 2"))[0] == "demo/level"
    assert ids(ref.search("level two"))[0] == "demo/level"
    assert ids(ref.search("ire zero")) == ["demo/start"]
    assert ids(ref.search("3 spaces"))[0] == "demo/start"


def test_synonyms_from_the_pack_find_the_rules_words(write_content: WriteContent) -> None:
    text = "## demo/move | Moving\nDrive your vehicle.\n## demo/dose | Doses\nPay an anti-rad dose.\n"
    ref = demo(write_content, text, "truck, car = vehicle\nmeds = anti-rad dose\n")
    for query in ["truck", "trucks", "my car", "Truck"]:
        assert ids(ref.search(query)) == ["demo/move"], query
        assert ids(ref.search(query, pack="demo")) == ["demo/move"], query
    hit = ref.search("meds")[0]
    assert hit.id == "demo/dose"
    assert highlighted(hit) == ["anti", "rad", "dose"]


def test_the_word_being_typed_is_a_prefix_but_a_whole_word_counts_more(write_content: WriteContent) -> None:
    text = (
        "## demo/restore | Restore power\nRestore the power of a room. Restoring takes a turn.\n"
        "## demo/rest | Rest\nRest to gain happiness.\n"
    )
    ref = demo(write_content, text)
    assert ids(ref.search("rest"))[0] == "demo/rest"
    assert ids(ref.search("resto")) == ["demo/restore"]
    assert ids(ref.search("rest ")) == ["demo/rest"]


def test_each_game_weighs_its_own_words(write_content: WriteContent) -> None:
    """A word in every section of a game tells nothing there, however rare it is in other games."""
    root = write_content(
        {
            "moon/a.md": "## moon/luna | Luna's turn\nLuna moves on her turn.\n"
            "## moon/traps | Traps\nLuna springs traps; a trap goes off.\n"
            "## moon/doors | Doors\nLuna opens doors.\n",
            "sun/a.md": "## sun/a | A\nText.\n## sun/b | B\nMore text.\n## sun/c | C\nStill more.\n",
        }
    )
    assert ids(Reference.load(root).search("luna trap", pack="moon"))[0] == "moon/traps"


def test_the_stemmer_keeps_each_word_its_own_stems() -> None:
    """Words are stemmed in one go: one making two tokens and one making none must not shift the rest."""
    stems = Stemmer().stems(["resting", "a·b", "", "walls", "0mark0", "0mark0s", "UNDÔ"])
    assert stems == {
        "resting": ("rest",),
        "a·b": ("a", "b"),
        "": (),
        "walls": ("wall",),
        "0mark0": ("0mark0",),
        "0mark0s": ("0mark0",),
        "UNDÔ": ("undo",),
    }
    assert Stemmer().stems([]) == {}
