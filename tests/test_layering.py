"""The layers stay apart: nothing under trackers/ or rules_ref/ imports flet, and the screens reach a game
only through its faces (state, actions, queries) and never draw or reach into a session themselves."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import trackers  # noqa: F401  (registers every game)
from trackers.core.registry import games

ENGINE_PACKAGES = ("trackers", "rules_ref")
KIT = "trackers.core"
SERVICES = "trackers.services"


def test_no_engine_module_mentions_flet() -> None:
    offenders = []
    for package in ENGINE_PACKAGES:
        for path in Path(package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module]
                offenders += [f"{path}: {n}" for n in names if n.split(".")[0] in {"flet", "views"}]
    assert offenders == []


def test_importing_every_engine_module_loads_no_flet() -> None:
    modules = [
        ".".join(path.with_suffix("").parts).removesuffix(".__init__")
        for package in ENGINE_PACKAGES
        for path in Path(package).rglob("*.py")
        if path.name != "__main__.py"
    ]
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'flet'))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


FACES = ("state", "actions", "queries")
"""The modules of a game package a screen may import: its state, its entries and what it may ask."""


def game_packages() -> set[str]:
    return {type(game).__module__.rpartition(".")[0] for game in games()}


def _reached(node: ast.Import | ast.ImportFrom) -> list[str]:
    """The modules an import statement reaches; `from package import name` may reach `package.name`."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.module is None or node.level:
        return []
    return [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]


def _past_a_face(module: str, packages: set[str]) -> bool:
    """Whether `module` is a game package, or a module in one other than its faces."""
    for package in packages:
        if module == package or module.startswith(package + "."):
            return module.removeprefix(package + ".").split(".")[0] not in FACES
    return False


def face_offences(path: str, source: str, packages: set[str]) -> list[str]:
    """Each import in `source` reaching a game package other than through its faces, as `path:line: import`.

    `from trackers.<game> import actions` names the face it takes, so the package itself is not counted."""
    offences = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import | ast.ImportFrom):
            reached = _reached(node)
            if isinstance(node, ast.ImportFrom) and node.module in packages:
                reached = reached[1:]
            if any(_past_a_face(module, packages) for module in reached):
                offences.append(f"{path}:{node.lineno}: {ast.unparse(node)}")
    return offences


def test_views_import_only_the_faces_of_a_game_package() -> None:
    packages = game_packages()
    assert {"trackers.ashes", "trackers.scorepad", "trackers.unsettled"} <= packages
    offences = [
        offence
        for path in sorted(Path("views").rglob("*.py"))
        for offence in face_offences(str(path), path.read_text(), packages)
    ]
    assert offences == []


def test_the_face_check_names_each_way_past_a_face() -> None:
    source = (
        "import trackers\n"
        "from trackers.ashes import actions as aa\n"
        "from trackers.ashes.state import AshesState\n"
        "from trackers.core.packs import Pack\n"
        "from trackers.ashes.board.layout import board_pack\n"
        "from trackers.unsettled import luna, queries\n"
        "from trackers import scorepad\n"
        "import trackers.ashes.game\n"
        "from trackers.ashes import ASHES\n"
    )
    assert [o.split(":")[1] for o in face_offences("v.py", source, game_packages())] == [
        "5",
        "6",
        "7",
        "8",
        "9",
    ]


def test_views_use_no_private_part_of_an_engine_and_no_rng() -> None:
    """Screens dispatch and preview through the Session's public calls: they draw nothing themselves."""
    offences = []
    for path in sorted(Path("views").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            where = f"{path}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Import | ast.ImportFrom):
                if any(m == "trackers.core.rng" or m.endswith(".rng_for") for m in _reached(node)):
                    offences.append(f"{where}: {ast.unparse(node)}")
            elif "rng_for" in {getattr(node, "id", None), getattr(node, "attr", None)}:
                offences.append(f"{where}: rng_for")
            elif isinstance(node, ast.Attribute) and _private(node.attr) and not _on_self(node):
                offences.append(f"{where}: {ast.unparse(node)}")
    assert offences == []


def _private(name: str) -> bool:
    return name.startswith("_") and not name.endswith("__")


def _on_self(node: ast.Attribute) -> bool:
    return isinstance(node.value, ast.Name) and node.value.id == "self"


def _trackers_imports(path: Path) -> set[str]:
    """The trackers modules a file imports, absolute (the engines import absolutely)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.update(m for m in _reached(node) if m.split(".")[0] == "trackers")
    return found


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_the_kit_imports_no_game_and_no_service() -> None:
    offences = [
        f"{path}: {module}"
        for path in sorted(Path("trackers/core").rglob("*.py"))
        for module in _trackers_imports(path)
        if not _within(module, KIT)
    ]
    assert offences == []


def test_a_game_imports_the_kit_and_itself_only() -> None:
    packages = game_packages()
    offences = [
        f"{path}: {module}"
        for package in sorted(packages)
        for path in sorted(Path(*package.split(".")).rglob("*.py"))
        for module in _trackers_imports(path)
        if not (_within(module, KIT) or _within(module, package))
    ]
    assert offences == []


def test_a_service_reaches_the_games_through_the_kit_only() -> None:
    """The services serve every game alike: no game package is theirs to import."""
    offences = [
        f"{path}: {module}"
        for path in sorted(Path("trackers/services").rglob("*.py"))
        for module in _trackers_imports(path)
        if module != "trackers" and not (_within(module, KIT) or _within(module, SERVICES))
    ]
    assert offences == []


def test_the_trackers_tree_reads_kit_games_services() -> None:
    parts = {p.name for p in Path("trackers").iterdir() if p.is_dir() and p.name != "__pycache__"}
    games_dirs = {package.split(".")[1] for package in game_packages()}
    assert parts == {"core", "services"} | games_dirs
    loose = {p.name for p in Path("trackers").glob("*.py")}
    assert loose == {"__init__.py", "__main__.py"}
