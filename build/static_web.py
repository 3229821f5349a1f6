"""`make web`: Lantern as a static web site (build/web), its Python run in the browser by Pyodide.

Any static file server serves it (`python -m http.server -d build/web`), and the page asks nothing of any
other host: the Flutter client, CanvasKit and Pyodide come from flet-web's own folder (the client with
its one CDN address taken out, as views/webserve.py does for the served app), the app's Python packages
and its dependencies' wheels (web-requirements.txt, unpacked into `__pypackages__`) from the app archive,
the font and icons from assets/.

This is what `flet publish --no-cdn` does, done here because flet publish 1.0.5 would pack the whole
folder (tests included), have the page install [project].dependencies from the package index at run
time (flet[web] and httpx, of no use in a browser), needs flet-cli, and writes a Pyodide address that a
module worker cannot load ("pyodide/pyodide.mjs", a bare module name).
"""

from __future__ import annotations

import io
import json
import shutil
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import flet
import flet_web
from flet.controls.types import RouteUrlStrategy, WebRenderer
from flet_web import patch_index_html, patch_manifest_json

from build import icon
from build.wheels import PYODIDE, download
from views.webserve import CLIENT_BUILDS, RIVE_CDN, RIVE_UNAVAILABLE

ROOT = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent
SITE = ROOT / "build" / "web"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
ARCHIVE = "app.tar.gz"
PWA_ICONS = {
    "icon-192.png": 192,
    "icon-512.png": 512,
    "icon-maskable-192.png": 192,
    "icon-maskable-512.png": 512,
}


def packaged() -> set[str]:
    """What `flet build` puts in the app: the top of [tool.flet.app].path minus what it leaves out."""
    app = PYPROJECT["tool"]["flet"]["app"]
    left_out = {*app["exclude"], "build"}
    top = (ROOT / app["path"]).iterdir()
    return {entry.name for entry in top if not entry.name.startswith(".") and entry.name not in left_out}


def _archive(site: Path, app: Path | None) -> None:
    """The app's Python (no pyproject.toml: the page would install its dependencies from the package
    index) and its dependencies, unpacked into `__pypackages__`, which the page puts on sys.path.
    Given `app`, that one script is the app's Python, as main.py (the bench's bare Flet counter)."""
    requirements = HERE / "web-requirements.txt"
    if f"flet=={flet.version.flet_version}\n" not in requirements.read_text(encoding="utf-8"):
        raise SystemExit(f"{requirements.name} must name flet=={flet.version.flet_version}, the client's")
    wheels = sorted(download(requirements, deps=False).glob("*.whl"))
    with tarfile.open(site / ARCHIVE, "w:gz", format=tarfile.GNU_FORMAT) as archive:
        if app is not None:
            archive.add(app, arcname="main.py")
        for name in sorted(packaged() - {"assets", "pyproject.toml"} if app is None else ()):
            archive.add(ROOT / name, arcname=name, filter=lambda f: None if "__pycache__" in f.name else f)
        for wheel in wheels:
            with zipfile.ZipFile(wheel) as unpacked:
                for member in unpacked.infolist():
                    if not member.is_dir():
                        data = unpacked.read(member)
                        entry = tarfile.TarInfo(f"__pypackages__/{member.filename}")
                        entry.size = len(data)
                        archive.addfile(entry, io.BytesIO(data))


def build(site: Path = SITE, app: Path | None = None) -> Path:
    """The site in `site`: Lantern's, or with `app` the same site around that one script instead."""
    flet_config = PYPROJECT["tool"]["flet"]
    shutil.rmtree(site, ignore_errors=True)
    shutil.copytree(Path(flet_web.__file__).parent / "web", site)
    shutil.copytree(ROOT / "assets", site, dirs_exist_ok=True)
    for name, size in PWA_ICONS.items():
        (site / "icons" / name).write_bytes(icon.png(icon.draw(size, night=True), opaque=True))
    for name in CLIENT_BUILDS:
        client = site / name
        client.write_bytes(client.read_bytes().replace(RIVE_CDN, RIVE_UNAVAILABLE))
    _archive(site, app)
    index = site / "index.html"
    patch_index_html(
        index_path=str(index),
        base_href="/",
        app_name=flet_config["product"],
        app_description=PYPROJECT["project"]["description"],
        pyodide=True,
        pyodide_script_path="main.py",
        pyodide_version=json.loads((PYODIDE / "package.json").read_text(encoding="utf-8"))["version"],
        app_package_url=ARCHIVE,
        web_renderer=WebRenderer(flet_config["web"]["renderer"]),
        route_url_strategy=RouteUrlStrategy.PATH,
        no_cdn=True,
    )
    page = index.read_text(encoding="utf-8")
    index.write_text(page.replace('"pyodide/pyodide.mjs"', '"/pyodide/pyodide.mjs"'), encoding="utf-8")
    patch_manifest_json(
        manifest_path=str(site / "manifest.json"),
        app_name=flet_config["product"],
        app_description=PYPROJECT["project"]["description"],
        background_color="#14213D",
        theme_color="#14213D",
    )
    return site


if __name__ == "__main__":
    built = build(Path(sys.argv[1]) if len(sys.argv) > 1 else SITE)
    size = sum(f.stat().st_size for f in built.rglob("*") if f.is_file())
    print(f"{built.relative_to(ROOT) if built.is_relative_to(ROOT) else built}: {size / 1e6:.0f} MB")
