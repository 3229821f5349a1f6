// A memory snapshot of Pyodide with the app imported up to its first screen, in Node; build/static_web.py
// calls it once the app archive's files and the standard library are compiled:
//
//   node build/snapshot.mjs PYODIDE_DIR APP_DIR OUT IMPORTED
//
// PYODIDE_DIR is the site's Pyodide (its standard library as it ships), APP_DIR the app archive's files.
// They are imported where the page's Python worker unpacks them (/home/pyodide, its working folder, with
// __pypackages__ on sys.path), so what the app imports later is found at the same place. OUT gets the
// snapshot, gzipped; the worker restores Pyodide from it instead of starting Python and importing afresh.
// IMPORTED gets the sources of the modules the snapshot holds (JSON, paths in APP_DIR): the page never
// reads them again, so the archive can leave them out.
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const [pyodideDir, appDir, out, imported] = process.argv.slice(2).map((path) => resolve(path));
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, _makeSnapshot: true });
const home = "/home/pyodide";
pyodide.FS.mkdirTree(home);
pyodide.mountNodeFS(home, appDir);
pyodide.runPython(`
import os, sys
os.chdir("${home}")
sys.path.insert(0, "__pypackages__")
sys.dont_write_bytecode = True  # APP_DIR is the archive: nothing is added to it
import main  # what it imports; main() itself runs in the page
del sys.modules["main"]
`);
const sources = pyodide.runPython(`
import json, os, sys
json.dumps(sorted(
    os.path.relpath(os.path.abspath(m.__file__), "${home}")
    for m in list(sys.modules.values())
    if (getattr(m, "__file__", None) or "").endswith(".py") and os.path.abspath(m.__file__).startswith("${home}/")
))
`);
writeFileSync(out, gzipSync(pyodide.makeMemorySnapshot()));
writeFileSync(imported, sources);
