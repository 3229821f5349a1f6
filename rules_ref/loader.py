"""Finds every pack folder under the content root and checks the whole reference before use.

Packs are added by dropping a folder in, so nothing here lists them: every folder is a pack.
Content is read through importlib.resources so it also loads from a packaged (zipped) app.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from rules_ref.errors import ContentError
from rules_ref.markup import PACK_NAME, ParsedSection, parse_file
from rules_ref.sections import Section
from rules_ref.synonyms import SYNONYMS_FILE, Synonyms, parse_synonyms
from rules_ref.words import TERM, fold

__all__ = ["Content", "ContentError", "load_content", "load_sections"]

CONTENT_SUFFIX = ".md"
"""Only Markdown files hold sections; a pack folder may keep images or other files beside them."""


@dataclass(frozen=True)
class Content:
    """The whole reference as read: its sections, and the synonyms of each pack that has some."""

    sections: tuple[Section, ...]
    synonyms: Mapping[str, Synonyms]


def load_sections(root: Path | None = None) -> tuple[Section, ...]:
    """Every section of every pack under `root` (default: the bundled content), validated.

    Order is stable: packs by folder name, files by name, sections as written.
    """
    return load_content(root).sections


def load_content(root: Path | None = None) -> Content:
    """The sections (as `load_sections`) and the packs' synonyms files, all validated."""
    content = bundled_content() if root is None else root
    if not content.is_dir():
        raise ContentError(f"reference content folder not found: {content}")
    packs = pack_folders(content)
    by_pack = [(pack, parse_pack(pack)) for pack in packs]
    parsed = [item for _, items in by_pack for item in items]
    if not parsed:
        raise ContentError(f"no content packs found in {content}")
    check_unique(parsed)
    check_links(parsed)
    synonyms = {
        pack.name: found for pack, items in by_pack if (found := pack_synonyms(pack, items)) is not None
    }
    return Content(sections=tuple(item.section for item in parsed), synonyms=synonyms)


def bundled_content() -> Traversable:
    return resources.files("rules_ref").joinpath("content")


def pack_folders(content: Traversable) -> list[Traversable]:
    packs = sorted((entry for entry in content.iterdir() if entry.is_dir() and visible(entry)), key=name_of)
    for pack in packs:
        if not PACK_NAME.fullmatch(pack.name):
            raise ContentError(
                f"pack folder {pack.name!r}: use lowercase letters, digits and '-' in folder names, "
                "like 'hope-city'"
            )
    return packs


def parse_pack(pack: Traversable) -> list[ParsedSection]:
    parsed = [
        item
        for label, file in content_files(pack, pack.name)
        for item in parse_file(read(file, label), pack.name, label)
    ]
    if not parsed:
        raise ContentError(
            f"pack folder {pack.name!r} has no sections (write them in {CONTENT_SUFFIX} files)"
        )
    return parsed


def pack_synonyms(pack: Traversable, parsed: list[ParsedSection]) -> Synonyms | None:
    """The pack's synonyms file, checked against the words its sections use; None without one."""
    file = pack.joinpath(SYNONYMS_FILE)
    if not file.is_file():
        return None
    label = f"{pack.name}/{SYNONYMS_FILE}"
    texts = (text for item in parsed for text in (item.section.title, item.section.body))
    known = {fold(word) for word in {word for text in texts for word in TERM.findall(text)}}
    return parse_synonyms(read(file, label), pack.name, label, known)


def content_files(folder: Traversable, label: str) -> list[tuple[str, Traversable]]:
    """The folder's content files with their labels ("pack/sub/file.md"), subfolders included, by name."""
    found: list[tuple[str, Traversable]] = []
    for entry in sorted(filter(visible, folder.iterdir()), key=name_of):
        entry_label = f"{label}/{entry.name}"
        if entry.is_dir():
            found.extend(content_files(entry, entry_label))
        elif entry.name.endswith(CONTENT_SUFFIX):
            found.append((entry_label, entry))
    return found


def read(file: Traversable, label: str) -> str:
    try:
        return file.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as error:
        raise ContentError(f"{label}: not UTF-8 text ({error.reason})") from error


def check_unique(parsed: list[ParsedSection]) -> None:
    first_seen: dict[str, str] = {}
    for item in parsed:
        section_id = item.section.id
        if section_id in first_seen:
            raise ContentError(
                f"{item.header_at}: section id '{section_id}' is already used at {first_seen[section_id]}"
            )
        first_seen[section_id] = item.header_at


def check_links(parsed: list[ParsedSection]) -> None:
    known = {item.section.id for item in parsed}
    for item in parsed:
        for link in item.section.see_also:
            if link not in known:
                raise ContentError(f"{item.see_also_at}: see-also link '{link}' does not match any section")


def visible(entry: Traversable) -> bool:
    """Hidden and tool-made entries (.DS_Store, __pycache__) are not content."""
    return not entry.name.startswith((".", "_"))


def name_of(entry: Traversable) -> str:
    return entry.name
