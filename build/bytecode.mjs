// Compiles Python sources to bytecode with the CPython the static site runs (flet-web's Pyodide), in Node;
// build/static_web.py calls it:
//
//   node build/bytecode.mjs PYODIDE_DIR SOURCES_DIR SOURCELESS_DIR
//
// Under SOURCES_DIR each module gets its __pycache__/<name>.cpython-3XX.pyc beside it; under SOURCELESS_DIR
// its <name>.pyc in place (the sources are then left out of what ships). Both are unchecked-hash .pyc:
// Python loads them without looking at the source again. Nothing is fetched from the network.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, sources, sourceless] = process.argv.slice(2).map((path) => resolve(path));
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/` });
for (const path of [sources, sourceless]) {
  pyodide.FS.mkdirTree(path);
  pyodide.mountNodeFS(path, path);
}
pyodide.globals.set("sources", sources);
pyodide.globals.set("sourceless", sourceless);
const ok = pyodide.runPython(`
import compileall
from py_compile import PycInvalidationMode

unchecked = PycInvalidationMode.UNCHECKED_HASH
all(
    compileall.compile_dir(top, quiet=1, legacy=legacy, invalidation_mode=unchecked, workers=1)
    for top, legacy in ((sources, False), (sourceless, True))
)
`);
process.exitCode = ok ? 0 : 1;
