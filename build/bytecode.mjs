// Compiles Python files to bytecode with the CPython the static site runs (flet-web's Pyodide), in Node;
// build/static_web.py calls it on Pyodide's standard library, unzipped, and on the app archive's files:
//
//   node build/bytecode.mjs PYODIDE_DIR FOLDER
//
// Each module gets its <name>.pyc in place, an unchecked-hash .pyc (Python loads it without looking at
// the source again); build/static_web.py then zips the folder with the bytecode instead of the sources.
// Nothing is fetched from the network.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, library] = process.argv.slice(2).map((path) => resolve(path));
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/` });
pyodide.FS.mkdirTree(library);
pyodide.mountNodeFS(library, library);
pyodide.globals.set("library", library);
const ok = pyodide.runPython(`
import compileall
from py_compile import PycInvalidationMode

compileall.compile_dir(
    library, quiet=1, legacy=True, invalidation_mode=PycInvalidationMode.UNCHECKED_HASH, workers=1
)
`);
process.exitCode = ok ? 0 : 1;
