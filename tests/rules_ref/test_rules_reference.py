from __future__ import annotations

import subprocess
import sys
import threading
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

import rules_ref
from rules_ref import Hit, Reference, reference
from tests.wasm import no_processes, no_threads

WriteContent = Callable[[dict[str, str]], Path]

REQUIRED = {
    "lantern/start",
    "lantern/new-game",
    "lantern/history",
    "lantern/undo",
    "lantern/refusals",
    "lantern/randomness",
    "lantern/saving",
    "lantern/game-files",
    "lantern/rules-search",
    "lantern/settings",
    "lantern/offline",
    "scorepad/overview",
    "scorepad/points",
    "scorepad/rounds",
    "scorepad/end",
    "scorepad/players",
}


def test_bundled_content_has_the_required_sections() -> None:
    assert {section.id for section in reference().sections()} >= REQUIRED


def test_every_bundled_see_also_resolves() -> None:
    ref = reference()
    for section in ref.sections():
        for link in section.see_also:
            assert ref.exists(link), f"{section.id} links to missing {link}"


def test_every_app_help_section_is_reachable_by_a_link() -> None:
    linked = {link for section in reference().sections() for link in section.see_also}
    help_sections = {s.id for pack in ("lantern", "scorepad") for s in reference().sections(pack)}
    assert help_sections <= linked


def test_reference_is_loaded_once() -> None:
    assert reference() is reference()


def test_lookup_and_listing(write_content: WriteContent) -> None:
    root = write_content(
        {"b/x.md": "## b/one | One\nText.\n", "a/x.md": "## a/one | One\nText.\n## a/two | Two\nMore.\n"}
    )
    ref = Reference.load(root)
    assert ref.packs() == ("a", "b")
    assert ref.get("a/two").title == "Two"
    assert ref.exists("b/one")
    assert not ref.exists("b/two")
    with pytest.raises(KeyError):
        ref.get("b/two")
    assert [section.id for section in ref.sections()] == ["a/one", "a/two", "b/one"]
    assert [section.id for section in ref.sections("a")] == ["a/one", "a/two"]
    assert ref.sections("missing") == ()


@no_threads
def test_search_works_from_other_threads() -> None:
    results: list[list[Hit]] = []
    threads = [threading.Thread(target=lambda: results.append(reference().search("undo"))) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [hits[0].id for hits in results] == ["lantern/undo"] * 4


@no_processes
def test_bundled_content_loads_from_a_zipped_package(tmp_path: Path) -> None:
    """Packaged apps may import from an archive, where the content folder is no real directory."""
    package = Path(rules_ref.__file__).parent
    archive = tmp_path / "app.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        for file in package.rglob("*"):
            if file.is_file() and "__pycache__" not in file.parts:
                zipped.write(file, file.relative_to(package.parent).as_posix())
    script = "import rules_ref; print(rules_ref.__file__, len(rules_ref.reference().sections()))"
    result = subprocess.run(
        [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(archive)!r}); {script}"],
        capture_output=True,
        text=True,
        check=True,
    )
    location, count = result.stdout.split()
    assert location.startswith(str(archive))
    assert int(count) == len(reference().sections())
