// A memory snapshot of Pyodide with the app imported up to its first screen, in Node; build/static_web.py
// calls it once the app archive's files and the standard library are compiled:
//
//   node build/snapshot.mjs PYODIDE_DIR APP_DIR OUT
//
// PYODIDE_DIR is the site's Pyodide (its standard library as it ships), APP_DIR the app archive's files.
// They are imported where the page's Python worker unpacks them (/home/pyodide, its working folder, with
// __pypackages__ on sys.path), so what the app imports later is found at the same place. OUT gets the
// snapshot, gzipped; the worker restores Pyodide from it instead of starting Python and importing afresh.
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const [pyodideDir, appDir, out] = process.argv.slice(2).map((path) => resolve(path));
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, _makeSnapshot: true });
const home = "/home/pyodide";
pyodide.FS.mkdirTree(home);
pyodide.mountNodeFS(home, appDir);
pyodide.runPython(`
import os, sys
os.chdir("${home}")
sys.path.insert(0, "__pypackages__")
import main  # what it imports; main() itself runs in the page
del sys.modules["main"]
`);
writeFileSync(out, gzipSync(pyodide.makeMemorySnapshot()));
