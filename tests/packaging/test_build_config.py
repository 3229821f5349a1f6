"""What `flet build apk|ipa|web` reads from pyproject.toml and assets/, checked without Flutter.

flet-cli 1.0.5 takes the app's name and ids from [tool.flet], its version from [project], packages the
folder [tool.flet.app] names minus `exclude` (and minus `build`, hidden files, virtual environments and
__pycache__ folders, which it always leaves out), derives every icon size from assets/icon.png, and bundles
the newest Python that `requires-python` admits, the one `make test-pyodide` runs the engines on.
"""

from __future__ import annotations

import json
import re
import struct
import tomllib
from pathlib import Path

import flet_web
from packaging.specifiers import SpecifierSet

from build.static_web import packaged

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
FLET = PYPROJECT["tool"]["flet"]
ASSETS = ROOT / "assets"
# What the app needs at run time; everything else at the top of the checkout is for developers.
SHIPPED = {"main.py", "pyproject.toml", "trackers", "rules_ref", "views", "assets"}
# Valid both as an Android application id and as an iOS bundle id.
BUNDLE_ID = re.compile(r"[a-z][a-z0-9]*(\.[a-z][a-z0-9]*)+")


def test_the_app_is_named_and_identified_for_the_stores() -> None:
    assert FLET["product"] == "Lantern"
    assert re.fullmatch(r"[a-z][a-z0-9-]*", FLET["artifact"])
    assert BUNDLE_ID.fullmatch(FLET["org"]) and BUNDLE_ID.fullmatch(FLET["bundle_id"])
    assert FLET["bundle_id"].startswith(FLET["org"] + ".")
    assert FLET["company"] and FLET["copyright"]


def test_the_version_is_one_the_stores_accept() -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+", PYPROJECT["project"]["version"])  # Flutter's --build-name
    assert isinstance(FLET["build_number"], int) and 1 <= FLET["build_number"] <= 2_100_000_000


def test_the_bundled_python_is_the_one_the_engines_are_tested_on() -> None:
    lock = Path(flet_web.__file__).parent / "web" / "pyodide" / "pyodide-lock.json"
    pyodide_python = json.loads(lock.read_text(encoding="utf-8"))["info"]["python"]
    requires = SpecifierSet(PYPROJECT["project"]["requires-python"])
    assert requires.contains(pyodide_python) and requires.contains("3.11")


def test_the_package_holds_the_app_and_nothing_for_developers() -> None:
    app = PYPROJECT["tool"]["flet"]["app"]
    assert (ROOT / app["path"] / f"{app['module']}.py").is_file()
    assert packaged() == SHIPPED
    assert {"tests", "Makefile", "README.md", "data"} <= set(app["exclude"])


def _png_header(path: Path) -> tuple[int, int, int]:
    """Width, height and colour type of a PNG file."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height, _depth, colour = struct.unpack(">IIBB", data[16:26])
    return width, height, colour


def test_the_icon_and_splash_are_where_flet_build_looks() -> None:
    # 1024 px square is what the App Store asks for; colour type 2 is RGB, with no alpha channel to
    # reject. The splash is the lantern alone, over the splash colour (RGBA, colour type 6).
    assert _png_header(ASSETS / "icon.png") == (1024, 1024, 2)
    width, height, colour = _png_header(ASSETS / "splash.png")
    assert width == height >= 512 and colour == 6


def _characters(font: bytes) -> set[int]:
    """The characters a TrueType font has glyphs for, from its Unicode BMP cmap (format 4)."""
    tables = {
        font[12 + 16 * i : 16 + 16 * i]: struct.unpack(">I", font[20 + 16 * i : 24 + 16 * i])[0]
        for i in range(struct.unpack(">H", font[4:6])[0])
    }
    cmap = tables[b"cmap"]
    for i in range(struct.unpack(">H", font[cmap + 2 : cmap + 4])[0]):
        platform, encoding, offset = struct.unpack(">HHI", font[cmap + 4 + 8 * i : cmap + 12 + 8 * i])
        table = cmap + offset
        if (platform, encoding) == (3, 1) and struct.unpack(">H", font[table : table + 2])[0] == 4:
            segments = struct.unpack(">H", font[table + 6 : table + 8])[0] // 2
            ends = struct.unpack(f">{segments}H", font[table + 14 : table + 14 + 2 * segments])
            start = table + 16 + 2 * segments
            starts = struct.unpack(f">{segments}H", font[start : start + 2 * segments])
            return {c for first, last in zip(starts, ends, strict=True) for c in range(first, last + 1)}
    raise AssertionError("the font has no Unicode cmap")


def test_the_bundled_font_has_the_symbols_and_its_licence() -> None:
    fonts = re.findall(r'"(fonts/[^"]+)"', (ROOT / "views" / "app.py").read_text(encoding="utf-8"))
    assert fonts == ["fonts/DejaVuSans.ttf"]
    characters = _characters((ASSETS / fonts[0]).read_bytes())
    assert {ord("→"), ord("×"), ord("●"), ord("é"), ord("–")} <= characters
    assert "Permission is hereby granted" in (ASSETS / "fonts" / "DejaVuSans-LICENSE.txt").read_text()


def _tree(requirement: str) -> set[str]:
    """The installed distributions `requirement` brings, itself included (its markers, extras and all)."""
    from importlib.metadata import distribution

    from packaging.requirements import Requirement

    seen: set[str] = set()
    todo = [(Requirement(requirement), "")]
    while todo:
        req, extra = todo.pop()
        if req.marker is not None and not req.marker.evaluate({"extra": extra}):
            continue
        name = req.name.lower().replace("_", "-")
        extras = sorted(req.extras)
        key = f"{name}[{','.join(extras)}]"
        if key in seen:
            continue
        seen.add(key)
        for line in distribution(name).requires or []:
            sub = Requirement(line)
            for wanted in ["", *extras]:
                todo.append((sub, wanted))
    return {key.split("[")[0] for key in seen}


def _pure(name: str) -> bool:
    from importlib.metadata import distribution

    wheel = distribution(name).read_text("WHEEL") or ""
    return "Root-Is-Purelib: true" in wheel


def test_the_app_needs_no_web_server_and_nothing_compiled_but_flets_own() -> None:
    """A packaged build installs [project].dependencies on the phone: the web server `make run` uses is
    the `web` extra, and what else the app needs (flet-charts included) must install anywhere Python does."""
    needs = PYPROJECT["project"]["dependencies"]
    assert not any("[web]" in need or need.startswith("flet-web") for need in needs)
    assert "flet[web]==1.0.5" in PYPROJECT["project"]["optional-dependencies"]["web"]
    # Flet's extensions (flet-charts) bring flet itself and their own Python, at flet's version: their
    # Flutter side is compiled into Flet's clients, so only their Python is theirs to check.
    extensions = [need for need in needs if need.startswith("flet-")]
    assert extensions == ["flet-charts==1.0.5"]
    others = set().union(
        *(
            _tree(need) - (_tree("flet") if need in extensions else set())
            for need in needs
            if need != "flet==1.0.5"
        )
    )
    assert others >= {"httpx", "segno", "flet-charts"}
    compiled = sorted(name for name in others | _tree("flet") if not _pure(name))
    assert set(compiled) <= _tree("flet") - others, compiled  # msgpack: flet's builds bring its wheels
