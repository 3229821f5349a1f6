// A memory snapshot of Pyodide with the app imported up to its first screen, in Node; build/static_web.py
// calls it once the app archive and the standard library are compiled:
//
//   node build/snapshot.mjs PYODIDE_DIR ARCHIVE OUT HOME START
//
// PYODIDE_DIR is the site's Pyodide (its standard library as it ships), ARCHIVE the app's zip. It is
// written to HOME, where the page's Python worker writes it, and START (static_web.py's) run, as the
// worker runs it, so what the app imports later is found where the snapshot found the rest. OUT gets the
// snapshot, gzipped; the worker restores Pyodide from it instead of starting Python and importing afresh.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const [pyodideDir, archive, out] = process.argv.slice(2, 5).map((path) => resolve(path));
const [home, start] = process.argv.slice(5);
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, _makeSnapshot: true });
pyodide.FS.mkdirTree(home);
pyodide.FS.writeFile(`${home}/${archive.split("/").pop()}`, readFileSync(archive));
pyodide.runPython(`import os; os.chdir("${home}")`);
pyodide.runPython(start);
pyodide.runPython(`
import os, sys

# A library loaded before the snapshot is broken once restored ("table index is out of bounds"): msgpack,
# the one package here with one, is imported as pure Python; the worker swaps its compiled half in after
# the restore (static_web.py's COMPILED_MSGPACK).
os.environ["MSGPACK_PUREPYTHON"] = "1"

import main  # what it imports; main() itself runs in the page
del sys.modules["main"]
# What flet.run imports, and every name flet imports lazily: the first screen's controls would be
# imported as it is built, after the restore, at every start. (Not flet.messaging.pyodide_connection:
# it imports the worker's flet_js, which only the page has.)
import flet, flet.app
for name in dir(flet):
    getattr(flet, name)

del os.environ["MSGPACK_PUREPYTHON"]
loaded = sorted(m.__name__ for m in list(sys.modules.values()) if (getattr(m, "__file__", None) or "").endswith(".so"))
if loaded:
    raise SystemExit(f"the snapshot would hold loaded libraries, broken once restored: {loaded}")
`);
writeFileSync(out, gzipSync(pyodide.makeMemorySnapshot()));
