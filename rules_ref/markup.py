"""Reads one content file into sections, keeping line numbers so editors can find their mistakes.

The format (documented for content writers in content/README.md):

    ## <id> | <Title>
    See also: <id>, <id>        (optional, right after the header)
    body paragraphs, up to the next "## " header
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules_ref.errors import ContentError
from rules_ref.sections import Section

SEGMENT = r"[a-z0-9]+(?:-[a-z0-9]+)*"
SECTION_ID = re.compile(rf"{SEGMENT}(?:/{SEGMENT})+")
PACK_NAME = re.compile(SEGMENT)
HEADER = re.compile(r"##(?!#)")
SEE_ALSO = re.compile(r"see also:", re.IGNORECASE)
BULLET_AND_NUMBER = re.compile(r"\s*[-*+]\s+\d+[.)]\s")
"""A list item like "- 1. Roll": the screen would show both a bullet and the number."""
CONTROL_CHARS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
ID_RULE = "lowercase letters, digits and '-', in '/'-separated parts, like 'lantern/undo'"


@dataclass(frozen=True)
class ParsedSection:
    """A section plus where it came from, for error messages that point at the right line."""

    section: Section
    header_at: str
    see_also_at: str


def where(label: str, line_no: int) -> str:
    return f"{label}, line {line_no}"


def parse_file(text: str, pack: str, label: str) -> list[ParsedSection]:
    """Split one file into sections and check everything that can be checked inside the file."""
    lines = text.splitlines()
    starts = [no for no, line in enumerate(lines) if HEADER.match(line)]
    for no, line in enumerate(lines[: starts[0] if starts else len(lines)]):
        if line.strip():
            raise ContentError(
                f"{where(label, no + 1)}: text before the first section; "
                "each section starts with a line '## <id> | <Title>'"
            )
    ends = [*starts[1:], len(lines)]
    return [parse_section(lines, start, end, pack, label) for start, end in zip(starts, ends, strict=True)]


def parse_section(lines: list[str], start: int, end: int, pack: str, label: str) -> ParsedSection:
    header_at = where(label, start + 1)
    section_id, title = parse_header(lines[start], pack, header_at)
    body_lines = lines[start + 1 : end]
    see_also: tuple[str, ...] = ()
    see_also_at = header_at
    first = next((i for i, line in enumerate(body_lines) if line.strip()), None)
    if first is not None and SEE_ALSO.match(body_lines[first].strip()):
        see_also_at = where(label, start + 2 + first)
        see_also = parse_see_also(body_lines[first].strip(), section_id, see_also_at)
        body_lines = body_lines[first + 1 :]
    misplaced = next((i for i, line in enumerate(body_lines) if SEE_ALSO.match(line.strip())), None)
    if misplaced is not None:
        raise ContentError(
            f"{where(label, end - len(body_lines) + misplaced + 1)}: 'See also:' must be the first line "
            f"after the header of section '{section_id}'"
        )
    numbered = next((i for i, line in enumerate(body_lines) if BULLET_AND_NUMBER.match(line)), None)
    if numbered is not None:
        raise ContentError(
            f"{where(label, end - len(body_lines) + numbered + 1)}: a list item with both '- ' and a number; "
            "write '1. ' for a numbered step or '- ' for a bullet"
        )
    body = "\n".join(line.rstrip() for line in body_lines).strip()
    if not body:
        raise ContentError(f"{header_at}: section '{section_id}' has no body text")
    check_plain_text(body, f"{header_at}: body of section '{section_id}'")
    section = Section(id=section_id, pack=pack, title=title, body=body, see_also=see_also)
    return ParsedSection(section=section, header_at=header_at, see_also_at=see_also_at)


def parse_header(line: str, pack: str, at: str) -> tuple[str, str]:
    raw_id, bar, raw_title = line[2:].partition("|")
    section_id, title = raw_id.strip(), raw_title.strip()
    if not line.startswith("## ") or not bar:
        raise ContentError(f"{at}: malformed section header {line.strip()!r}; expected '## <id> | <Title>'")
    if not SECTION_ID.fullmatch(section_id):
        raise ContentError(f"{at}: section id {section_id!r} is not valid; use {ID_RULE}")
    if not section_id.startswith(f"{pack}/"):
        raise ContentError(
            f"{at}: section id {section_id!r} must start with '{pack}/', the name of its pack folder"
        )
    if not title:
        raise ContentError(f"{at}: section '{section_id}' has an empty title")
    check_plain_text(title, f"{at}: title of section '{section_id}'")
    return section_id, title


def parse_see_also(line: str, section_id: str, at: str) -> tuple[str, ...]:
    links = tuple(link.strip() for link in line.partition(":")[2].split(","))
    if not any(links):
        raise ContentError(f"{at}: 'See also:' lists no section ids")
    for link in links:
        if not SECTION_ID.fullmatch(link):
            raise ContentError(f"{at}: see-also link {link!r} is not a valid section id; use {ID_RULE}")
    if section_id in links:
        raise ContentError(f"{at}: section '{section_id}' links to itself")
    if len(set(links)) != len(links):
        raise ContentError(f"{at}: 'See also:' lists the same section twice")
    return links


def check_plain_text(text: str, what: str) -> None:
    """Control characters would be invisible to editors and clash with search highlight markers."""
    if CONTROL_CHARS.search(text):
        raise ContentError(f"{what} contains an invisible control character")
