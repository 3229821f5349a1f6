"""`make web`: Lantern as a static web site (build/web), its Python run in the browser by Pyodide.

Any static file server serves it (`python -m http.server -d build/web`), and the page asks nothing of any
other host: the Flutter client, CanvasKit and Pyodide come from flet-web's own folder (the client with
its one CDN address taken out and its renderer drawing on the page's thread, as views/webserve.py does
for the served app), the app's Python packages
and its dependencies' wheels (web-requirements.txt, in `__pypackages__`) from the app archive (a zip
Python imports from), the font and icons from assets/.

This is what `flet publish --no-cdn` does, done here because flet publish 1.0.5 would pack the whole
folder (tests included), have the page install [project].dependencies from the package index at run
time (flet[web] and httpx, of no use in a browser), needs flet-cli, and writes a Pyodide address that a
module worker cannot load ("pyodide/pyodide.mjs", a bare module name).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path

import flet
import flet_web
from flet.controls.types import RouteUrlStrategy, WebRenderer
from flet_web import patch_index_html, patch_manifest_json

from build import icon
from build.wheels import PYODIDE, download
from views.webserve import (
    BOOTSTRAP,
    CLIENT_BUILDS,
    FLUTTER_CONFIG,
    RIVE_CDN,
    RIVE_UNAVAILABLE,
    single_threaded,
)

ROOT = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent
SITE = ROOT / "build" / "web"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
ARCHIVE = "app.zip"
HOME = "/home/pyodide"
"""Where the Python worker writes the app archive, and Python runs (its working folder)."""
UNUSED = (
    "**/*.symbols",
    "flutter.js.map",
    "canvaskit/experimental_webparagraph",
    "pyodide/python",
    "pyodide/python.bat",
    "pyodide/python.exe",
    "pyodide/python_cli_entry.mjs",
    "pyodide/*.d.ts",
    "pyodide/*.whl",
)
PRECACHE = (
    "index.html",
    "flutter_bootstrap.js",
    "flutter.js",
    "python.js",
    "python-worker.js",
    "manifest.json",
    "favicon.png",
    "icons/*",
    "fonts/*.ttf",
    "assets/*.json",
    "assets/fonts/*",
    "pyodide/pyodide.mjs",
    "pyodide/pyodide.asm.mjs",
    "pyodide/pyodide.asm.wasm",
    "pyodide/python_stdlib.zip",
    "pyodide/pyodide-lock.json",
    "pyodide/snapshot.bin.gz",
    ARCHIVE,
)
"""What the service worker stores at once: the Python worker's fetches, which it never sees (the worker
starts before it), and the page's shell. The client build the browser runs comes from the page's list."""
FLUTTER_SERVICE_WORKER = re.compile(r"\s*serviceWorkerSettings: \{[^}]*\},")
REGISTER = """<script>
    // Lantern's service worker (sw.js): registered once the app's Python has started (Flet's python.js
    // resolves jsConnect then), so its copies come from the browser's cache and never slow the start;
    // then told what the page fetched before it took over.
    if ("serviceWorker" in navigator) {
      navigator.serviceWorker.addEventListener("message", (event) => {
        window.lanternCached = window.lanternCached || event.data === "lantern-cached";
      });
      const keep = async () => {
        await navigator.serviceWorker.register("sw.js");
        const ready = await navigator.serviceWorker.ready;
        const fetched = performance.getEntriesByType("resource").map((entry) => entry.name);
        ready.active.postMessage({ cache: fetched });
      };
      const connect = globalThis.jsConnect;
      if (typeof connect === "function") {
        globalThis.jsConnect = async (...args) => {
          await connect(...args);
          keep();
        };
      } else {
        window.addEventListener("load", keep, { once: true });
      }
    }
  </script>
"""
SNAPSHOT = "pyodide/snapshot.bin.gz"
TAKE_PYODIDE = re.compile(r"const pyodideModule = await import\(self\.pyodideUrl\);.*?\n\s*\}\);\n", re.S)
TAKEN = f"""self.pyodide = await lanternPyodide;
        self.pyodide.FS.writeFile("{HOME}/{ARCHIVE}", new Uint8Array(await lanternArchive));
"""
UNPACK = re.compile(
    r'if "script" not in py_args:\n *print\("Downloading app archive"\).*?'
    r"await response\.unpack_archive\(format=_archive_format\)\n",
    re.S,
)
NATIVE = "__native__"
START = f"""
import sys, zipfile
with zipfile.ZipFile("{HOME}/{ARCHIVE}") as archive:
    archive.extractall("{HOME}", [name for name in archive.namelist() if name.startswith("{NATIVE}/")])
sys.path[:0] = [
    path
    for path in ("{HOME}/{NATIVE}", "{HOME}/{ARCHIVE}", "{HOME}/{ARCHIVE}/__pypackages__")
    if path not in sys.path
]
"""
"""What the Python worker runs before the app, and build/snapshot.mjs before it imports the app: the
archive's packages with a compiled extension written out, the archive on sys.path."""
COMPILED_MSGPACK = """
import msgpack
if msgpack.Packer.__module__ == "msgpack.fallback":
    from msgpack import _cmsgpack
    msgpack.Packer, msgpack.Unpacker = _cmsgpack.Packer, _cmsgpack.Unpacker
    msgpack.unpackb = msgpack.loads = _cmsgpack.unpackb
"""
"""What the worker runs next: the snapshot holds msgpack as pure Python (build/snapshot.mjs), six times
slower to pack and unpack every message between Python and the client than its compiled half."""
MAKE_WORKER = "app.worker = new Worker("
TAKE_WORKER = "app.worker = globalThis.lanternTakeWorker?.() || new Worker("
EARLY_WORKER = """<script>
    // Lantern: the Python worker starts as the page opens (build/worker_start.js), beside the client's
    // loading; Flet's python.js takes it, once, when the client connects (a new connection, a new one).
    globalThis.lanternWorker = new Worker("/python-worker.js", { type: "module" });
    globalThis.lanternTakeWorker = () => {
      const worker = globalThis.lanternWorker;
      globalThis.lanternWorker = null;
      return worker;
    };
  </script>
  <script src="python.js"></script>"""
PYTHON_JS = '<script src="python.js"></script>'
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
    index) and its dependencies as one zip, which Python imports from as it stands (START): nothing is
    unpacked at a start. Given `app`, that one script is the app's Python, as main.py (the bench's bare
    Flet counter). The dependencies are in its `__pypackages__`, but for those with a compiled extension
    (msgpack): they are in `__native__`, written out at a start, as a zip cannot hold a loaded library.

    Where Node is installed, the archive and Pyodide's standard library are compiled to bytecode
    (`_bytecode`) and ship as bytecode only, and Pyodide is snapshotted with the app imported
    (`_snapshot`)."""
    requirements = HERE / "web-requirements.txt"
    if f"flet=={flet.version.flet_version}\n" not in requirements.read_text(encoding="utf-8"):
        raise SystemExit(f"{requirements.name} must name flet=={flet.version.flet_version}, the client's")
    wheels = sorted(download(requirements, deps=False).glob("*.whl"))
    with tempfile.TemporaryDirectory(prefix="lantern-web-") as folder:
        staged, stdlib = Path(folder) / "app", Path(folder) / "stdlib"
        staged.mkdir()
        if app is not None:
            shutil.copy(app, staged / "main.py")
        for name in sorted(packaged() - {"assets", "pyproject.toml"} if app is None else ()):
            if (ROOT / name).is_dir():
                shutil.copytree(ROOT / name, staged / name, ignore=shutil.ignore_patterns("__pycache__"))
            else:
                shutil.copy(ROOT / name, staged / name)
        for wheel in wheels:
            with zipfile.ZipFile(wheel) as unpacked:
                unpacked.extractall(staged / "__pypackages__")
        for package in sorted((staged / "__pypackages__").iterdir()):
            if package.is_dir() and any(package.rglob("*.so")):
                shutil.move(package, staged / NATIVE / package.name)
        library = site / "pyodide" / "python_stdlib.zip"
        with zipfile.ZipFile(library) as unpacked:
            unpacked.extractall(stdlib)
        compiled = _bytecode(stdlib) and _bytecode(staged)
        if compiled:
            _zip_sourceless(stdlib, library)
        _zip_sourceless(staged, site / ARCHIVE)
    if compiled:
        _snapshot(site)
    _start_worker(site, snapshot=compiled)


def _bytecode(folder: Path) -> bool:
    """Compile the Python files of `folder` in place (build/bytecode.mjs), with the bundled Pyodide's own
    CPython, in Node; False, with a line saying so, where there is no Node: the site then ships sources
    and no snapshot, and Python compiles what it imports at every start."""
    node = shutil.which("node")
    if node is None:
        print("make web: no node (Debian's nodejs): no bytecode and no snapshot, Python starts afresh")
        return False
    subprocess.run([node, str(HERE / "bytecode.mjs"), str(PYODIDE), str(folder)], check=True)
    return True


def _snapshot(site: Path) -> None:
    """Pyodide's memory with the app imported up to its first screen (build/snapshot.mjs), from the archive
    as the page has it after START: the Python worker restores it instead of starting Python and importing
    it all afresh at every visit."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("make web: node is gone since the bytecode was compiled")
    paths = [HERE / "snapshot.mjs", site / "pyodide", site / ARCHIVE, site / SNAPSHOT]
    subprocess.run([node, *map(str, paths), HOME, START], check=True)


def _start_worker(site: Path, snapshot: bool) -> None:
    """The Python worker made as the page opens, taking Pyodide and the archive from build/worker_start.js
    and importing from the archive as it stands (START); Flet's python.js takes that worker."""
    start = (HERE / "worker_start.js").read_text(encoding="utf-8")
    start = start.replace("__ARCHIVE__", f"/{ARCHIVE}").replace("__PYODIDE__", "/pyodide/pyodide.mjs")
    start = start.replace("__SNAPSHOT__", json.dumps(f"/{SNAPSHOT}" if snapshot else None))
    start = start.replace("__SNAPSHOT_BYTES__", str(_unpacked_size(site / SNAPSHOT) if snapshot else 0))
    worker = site / "python-worker.js"
    code = _patched(worker, TAKE_PYODIDE, TAKEN)
    code = _patched(
        worker, UNPACK, f'if "script" not in py_args:\n{_indented(START + COMPILED_MSGPACK)}', code
    )
    worker.write_text(start + code, encoding="utf-8")
    loader = site / "python.js"
    loader.write_text(_patched(loader, re.compile(re.escape(MAKE_WORKER)), TAKE_WORKER), encoding="utf-8")


def _unpacked_size(packed: Path) -> int:
    """The bytes of a gzipped file once unpacked."""
    with gzip.open(packed) as unpacked:
        return sum(len(chunk) for chunk in iter(lambda: unpacked.read(1 << 20), b""))


def _patched(path: Path, pattern: re.Pattern[str], replacement: str, code: str | None = None) -> str:
    """`code` (the file's text by default) with the one match of `pattern` replaced; an exit saying so
    where flet-web's file no longer reads that way."""
    text = path.read_text(encoding="utf-8") if code is None else code
    text, found = pattern.subn(lambda _: replacement, text)
    if found != 1:
        raise SystemExit(f"{path.name} no longer reads {pattern.pattern!r} once (found {found})")
    return text


def _indented(python: str) -> str:
    """START as the worker's Python has it: inside its `if`."""
    return "".join(f"            {line}\n" for line in python.strip().splitlines())


def _zip_sourceless(folder: Path, packed_to: Path) -> None:
    """The files of `folder` zipped, each module as its bytecode alone where it has been compiled (a zip
    import reads .pyc alone)."""
    with zipfile.ZipFile(packed_to, "w", zipfile.ZIP_DEFLATED) as packed:
        for path in sorted(folder.rglob("*")):
            if path.is_dir() or not (path.suffix == ".py" and path.with_suffix(".pyc").exists()):
                packed.write(path, path.relative_to(folder).as_posix())


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
    loader = single_threaded((site / BOOTSTRAP).read_text(encoding="utf-8"))
    if loader is None:
        raise SystemExit(f"{BOOTSTRAP} no longer sets up Flutter's configuration as {FLUTTER_CONFIG!r} once")
    (site / BOOTSTRAP).write_text(loader, encoding="utf-8")
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
    page = index.read_text(encoding="utf-8").replace('"pyodide/pyodide.mjs"', '"/pyodide/pyodide.mjs"')
    if page.count(PYTHON_JS) != 1:
        raise SystemExit(f"{index.name} no longer loads Flet's {PYTHON_JS} once")
    index.write_text(page.replace(PYTHON_JS, EARLY_WORKER), encoding="utf-8")
    patch_manifest_json(
        manifest_path=str(site / "manifest.json"),
        app_name=flet_config["product"],
        app_description=PYPROJECT["project"]["description"],
        background_color="#14213D",
        theme_color="#14213D",
    )
    _leave_out(site)
    _service_worker(site)
    return site


def _leave_out(site: Path) -> None:
    """What no page fetches: debug symbols and source maps, Pyodide's command line and type files, the
    wheels micropip would install from (the app archive carries its own), CanvasKit's experimental build."""
    for pattern in UNUSED:
        for path in site.glob(pattern):
            shutil.rmtree(path) if path.is_dir() else path.unlink()


def _service_worker(site: Path) -> None:
    """sw.js (build/service_worker.js), with a cache named after everything it stores, registered by the
    page once the client has drawn its first frame. Flutter's own (deprecated, it only unregisters
    itself) is left out, and so is the loader's call for it, which would replace sw.js at each start."""
    bootstrap = site / "flutter_bootstrap.js"
    loader, found = FLUTTER_SERVICE_WORKER.subn("", bootstrap.read_text(encoding="utf-8"))
    if found != 1:
        raise SystemExit(
            f"{bootstrap.name} no longer asks for Flutter's service worker as {FLUTTER_SERVICE_WORKER}"
        )
    bootstrap.write_text(loader, encoding="utf-8")
    (site / "flutter_service_worker.js").unlink()
    stored = sorted(path for pattern in PRECACHE for path in site.glob(pattern) if path.is_file())
    digest = hashlib.sha256()
    for path in stored:
        digest.update(path.relative_to(site).as_posix().encode() + b"\0" + path.read_bytes())
    worker = (HERE / "service_worker.js").read_text(encoding="utf-8")
    worker = worker.replace("__CACHE__", f"lantern-{digest.hexdigest()[:16]}")
    urls = ["./", *(path.relative_to(site).as_posix() for path in stored)]
    (site / "sw.js").write_text(worker.replace("__PRECACHE__", json.dumps(urls)), encoding="utf-8")
    index = site / "index.html"
    index.write_text(
        index.read_text(encoding="utf-8").replace("</body>", f"{REGISTER}</body>"), encoding="utf-8"
    )


if __name__ == "__main__":
    built = build(Path(sys.argv[1]) if len(sys.argv) > 1 else SITE)
    size = sum(f.stat().st_size for f in built.rglob("*") if f.is_file())
    print(f"{built.relative_to(ROOT) if built.is_relative_to(ROOT) else built}: {size / 1e6:.0f} MB")
