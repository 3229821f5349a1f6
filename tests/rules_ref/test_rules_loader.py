from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from rules_ref import ContentError, Section, load_content, load_sections

WriteContent = Callable[[dict[str, str]], Path]

GOOD = """\
## demo/setup | Setting up
See also: demo/turn

Put the board in the middle.

### A sub-heading stays in the body
Deal the cards.

## demo/turn | A turn
Play one card.
"""


def test_bundled_content_loads() -> None:
    sections = load_sections()
    assert {"lantern", "scorepad"} <= {section.pack for section in sections}


def test_numbered_steps_show_their_number_alone() -> None:
    """A step written "- 1. Opium War" showed a bullet and a number on screen (#28)."""
    decade = next(s for s in load_sections() if s.id == "infamous-traffic/decade")
    steps = [line for line in decade.body.splitlines() if line[:1].isdigit()]
    assert steps[0].startswith("1. Opium War:") and steps[-1].startswith("8. Clean up:")
    assert len(steps) == 8


def test_parses_sections_in_written_order(write_content: WriteContent) -> None:
    sections = load_sections(write_content({"demo/a.md": GOOD}))
    assert sections == (
        Section(
            id="demo/setup",
            pack="demo",
            title="Setting up",
            body="Put the board in the middle.\n\n### A sub-heading stays in the body\nDeal the cards.",
            see_also=("demo/turn",),
        ),
        Section(id="demo/turn", pack="demo", title="A turn", body="Play one card.", see_also=()),
    )


def test_every_folder_is_a_pack_and_links_cross_packs(write_content: WriteContent) -> None:
    root = write_content(
        {
            "zeta/b.md": "## zeta/b | B\nSee also: alpha/a\n\nText.\n",
            "zeta/a.md": "## zeta/a | A\nText.\n",
            "alpha/a.md": "## alpha/a | A\nSee also: zeta/a, zeta/b\nText.\n",
            "alpha/notes.txt": "not content",
            "alpha/solo/c.md": "## alpha/solo/c | C\nText.\n",
            "alpha/solo/_draft.md": "anything",
            ".hidden/x.md": "anything",
            "_drafts/x.md": "anything",
        }
    )
    assert [section.id for section in load_sections(root)] == ["alpha/a", "alpha/solo/c", "zeta/a", "zeta/b"]


def test_error_names_the_file_inside_a_subfolder(write_content: WriteContent) -> None:
    root = write_content({"demo/solo/rival.md": "## demo/rival | Rival\n"})
    message = "demo/solo/rival.md, line 1: section 'demo/rival' has no body"
    with pytest.raises(ContentError, match=re.escape(message)):
        load_sections(root)


def test_windows_line_endings_and_byte_order_mark(write_content: WriteContent) -> None:
    text = "\ufeff## demo/a | A\r\nSee also: demo/b\r\nText.\r\n## demo/b | B\r\nMore.\r\n"
    root = write_content({"demo/a.md": text})
    assert [(s.id, s.see_also, s.body) for s in load_sections(root)] == [
        ("demo/a", ("demo/b",), "Text."),
        ("demo/b", (), "More."),
    ]


REFUSALS = {
    "duplicate id": (
        {"demo/a.md": "## demo/x | X\nText.\n", "demo/b.md": "\n## demo/x | Again\nText.\n"},
        "demo/b.md, line 2: section id 'demo/x' is already used at demo/a.md, line 1",
    ),
    "dangling see-also": (
        {"demo/a.md": "## demo/x | X\nSee also: demo/nowhere\nText.\n"},
        "demo/a.md, line 2: see-also link 'demo/nowhere' does not match any section",
    ),
    "wrong pack prefix": (
        {"demo/a.md": "## other/x | X\nText.\n"},
        "demo/a.md, line 1: section id 'other/x' must start with 'demo/', the name of its pack folder",
    ),
    "empty body": (
        {"demo/a.md": "## demo/x | X\nText.\n## demo/y | Y\nSee also: demo/x\n\n"},
        "demo/a.md, line 3: section 'demo/y' has no body text",
    ),
    "header without bar": (
        {"demo/a.md": "## demo/x The title\nText.\n"},
        "demo/a.md, line 1: malformed section header '## demo/x The title'; expected '## <id> | <Title>'",
    ),
    "header without space": (
        {"demo/a.md": "##demo/x | X\nText.\n"},
        "demo/a.md, line 1: malformed section header '##demo/x | X'",
    ),
    "invalid id": (
        {"demo/a.md": "## demo/Big Name | X\nText.\n"},
        "demo/a.md, line 1: section id 'demo/Big Name' is not valid",
    ),
    "id without a name after the pack": (
        {"demo/a.md": "## demo | X\nText.\n"},
        "demo/a.md, line 1: section id 'demo' is not valid",
    ),
    "empty title": (
        {"demo/a.md": "## demo/x |  \nText.\n"},
        "demo/a.md, line 1: section 'demo/x' has an empty title",
    ),
    "text before the first section": (
        {"demo/a.md": "\n# Demo rules\n## demo/x | X\nText.\n"},
        "demo/a.md, line 2: text before the first section",
    ),
    "see-also after the body": (
        {"demo/a.md": "## demo/x | X\nText.\n\nSee also: demo/y\n## demo/y | Y\nText.\n"},
        "demo/a.md, line 4: 'See also:' must be the first line after the header of section 'demo/x'",
    ),
    "a list item with a bullet and a number": (
        {"demo/a.md": "## demo/x | X\nIn order:\n\n1. Roll.\n- 2. Move.\n"},
        "demo/a.md, line 5: a list item with both '- ' and a number; write '1. ' for a numbered step",
    ),
    "empty see-also": (
        {"demo/a.md": "## demo/x | X\nSee also:\nText.\n"},
        "demo/a.md, line 2: 'See also:' lists no section ids",
    ),
    "malformed see-also link": (
        {"demo/a.md": "## demo/x | X\nSee also: demo/y demo/z\nText.\n"},
        "demo/a.md, line 2: see-also link 'demo/y demo/z' is not a valid section id",
    ),
    "self link": (
        {"demo/a.md": "## demo/x | X\nSee also: demo/x\nText.\n"},
        "demo/a.md, line 2: section 'demo/x' links to itself",
    ),
    "control character": (
        {"demo/a.md": "## demo/x | X\nText\x02.\n"},
        "demo/a.md, line 1: body of section 'demo/x' contains an invisible control character",
    ),
    "badly named pack folder": (
        {"Hope City/a.md": "## hope-city/x | X\nText.\n"},
        "pack folder 'Hope City': use lowercase letters",
    ),
    "pack without sections": (
        {"demo/notes.txt": "nothing here"},
        "pack folder 'demo' has no sections",
    ),
}


@pytest.mark.parametrize(("files", "message"), REFUSALS.values(), ids=REFUSALS.keys())
def test_refuses_broken_content(write_content: WriteContent, files: dict[str, str], message: str) -> None:
    root = write_content(files)
    with pytest.raises(ContentError, match=re.escape(message)):
        load_sections(root)


def test_refuses_a_file_that_is_not_utf8(write_content: WriteContent) -> None:
    root = write_content({"demo/a.md": ""})
    (root / "demo" / "a.md").write_bytes(b"## demo/x | Caf\xe9\nText.\n")
    with pytest.raises(ContentError, match=re.escape("demo/a.md: not UTF-8 text")):
        load_sections(root)


def test_refuses_a_missing_or_empty_root(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="content folder not found"):
        load_sections(tmp_path / "missing")
    with pytest.raises(ContentError, match="no content packs found"):
        load_sections(tmp_path)


def test_content_error_is_a_value_error() -> None:
    assert issubclass(ContentError, ValueError)


SYNONYM_SECTIONS = (
    "## demo/move | Moving\nDrive your vehicle past the barriers.\n"
    "## demo/dose | Doses\nPay an anti-rad dose.\n"
)


def test_synonyms_file_is_read_with_the_sections(write_content: WriteContent) -> None:
    synonyms = (
        "# Players' words = the rules' words\n\ntruck, Car = vehicle  # a comment\nmeds = anti-rad dose\n"
    )
    root = write_content(
        {
            "demo/a.md": SYNONYM_SECTIONS,
            "demo/synonyms.txt": synonyms,
            "other/a.md": "## other/x | X\nText.\n",
        }
    )
    content = load_content(root)
    assert content.synonyms == {
        "demo": {"truck": ("vehicle",), "car": ("vehicle",), "meds": ("anti rad dose",)}
    }
    assert [section.id for section in content.sections] == ["demo/move", "demo/dose", "other/x"]
    assert load_sections(root) == content.sections


def test_synonyms_may_name_a_rules_word_in_another_form(write_content: WriteContent) -> None:
    root = write_content({"demo/a.md": SYNONYM_SECTIONS, "demo/synonyms.txt": "wall = barrier\n"})
    assert load_content(root).synonyms == {"demo": {"wall": ("barrier",)}}


SYNONYM_REFUSALS = {
    "no equals sign": ("truck vehicle", "demo/synonyms.txt, line 1: expected one '=' between"),
    "two equals signs": ("truck = car = vehicle", "demo/synonyms.txt, line 1: expected one '=' between"),
    "nothing before": (" = vehicle", "demo/synonyms.txt, line 1: no words before '='"),
    "nothing after": ("truck = ", "demo/synonyms.txt, line 1: no words after '='"),
    "phrase before": ("pick up = vehicle", "line 1: 'pick up' is not a single word"),
    "empty entry": ("truck, , car = vehicle", "line 1: an empty entry between commas"),
    "unknown rules word": (
        "# comment\ntruck = vehical",
        "demo/synonyms.txt, line 2: 'vehical' does not appear in any section of 'demo'",
    ),
    "listed twice": ("truck = vehicle\nTruck = dose", "line 2: 'Truck' is already listed at line 1"),
    "both sides": ("vehicle = vehicle", "line 1: 'vehicle' is on both sides of '='"),
    "filler word": ("how = vehicle", "line 1: 'how' is too common a word for search to use"),
}


@pytest.mark.parametrize(("synonyms", "message"), SYNONYM_REFUSALS.values(), ids=SYNONYM_REFUSALS.keys())
def test_refuses_a_broken_synonyms_file(write_content: WriteContent, synonyms: str, message: str) -> None:
    root = write_content({"demo/a.md": SYNONYM_SECTIONS, "demo/synonyms.txt": synonyms})
    with pytest.raises(ContentError, match=re.escape(message)):
        load_content(root)


def test_refuses_a_synonyms_file_that_is_not_utf8(write_content: WriteContent) -> None:
    root = write_content({"demo/a.md": SYNONYM_SECTIONS})
    (root / "demo" / "synonyms.txt").write_bytes(b"caf\xe9 = vehicle\n")
    with pytest.raises(ContentError, match=re.escape("demo/synonyms.txt: not UTF-8 text")):
        load_content(root)


def test_bundled_synonyms_load() -> None:
    synonyms = load_content().synonyms
    assert {"unsettled", "ashes"} <= synonyms.keys()
    assert "vehicle" in synonyms["ashes"]["truck"]
