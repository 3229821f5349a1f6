// Runs pytest on Pyodide's CPython for WebAssembly, in Node; tests/pyodide/run.py prepares and calls it:
//
//   node tests/pyodide/run.mjs PYODIDE_DIR WHEEL_DIR [pytest arguments...]
//
// PYODIDE_DIR is a Pyodide distribution (flet-web's, the one the static web build runs), WHEEL_DIR holds
// the wheels to install (the test tools). The checkout is mounted at its own path with Emscripten's
// NODEFS, the wheels are installed by micropip from those files, and tests/pyodide/inside.py runs
// pytest. Nothing is fetched from the network. The exit status is pytest's.
import { existsSync, readdirSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideDir, wheelDir, ...pytestArgs] = process.argv.slice(2);
if (!pyodideDir || !wheelDir) {
  console.error("usage: node tests/pyodide/run.mjs PYODIDE_DIR WHEEL_DIR [pytest arguments...]");
  process.exit(2);
}
const checkout = fileURLToPath(new URL("../..", import.meta.url)).replace(/\/$/, "");
const wheelPath = resolve(wheelDir);
const wheels = readdirSync(wheelPath)
  .filter((name) => name.endsWith(".whl"))
  .map((name) => `emfs:${wheelPath}/${name}`);

const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
// Hypothesis keeps its example database in memory; CI (derandomized examples, tests/conftest.py) carries over.
const env = { HOME: "/home/pyodide", PYTHONDONTWRITEBYTECODE: "1", HYPOTHESIS_STORAGE_DIRECTORY: "/tmp/hypothesis" };
if (process.env.CI) env.CI = process.env.CI;
try {
  const pyodide = await loadPyodide({ indexURL: `${resolve(pyodideDir)}/`, env });
  // The checkout, the wheels if they lie outside it, and the design notes beside it (../shared) where
  // they exist, for the test that checks the ASHES spec's worked cases.
  const shared = resolve(checkout, "../shared");
  const mounts = [checkout, wheelPath, shared].filter(
    (path, i) => i === 0 || (!path.startsWith(`${checkout}/`) && existsSync(path)),
  );
  for (const path of mounts) {
    pyodide.FS.mkdirTree(path);
    pyodide.mountNodeFS(path, path);
  }
  await pyodide.loadPackage("micropip", { messageCallback: () => {} });
  await pyodide.pyimport("micropip").install.callKwargs(wheels, { deps: false });
  pyodide.FS.chdir(checkout);
  pyodide.pyimport("sys").path.insert(0, checkout);
  const inside = pyodide.pyimport("tests.pyodide.inside");
  process.exitCode = inside.main(pyodide.toPy(pytestArgs));
} catch (error) {
  // A Python exception, or a fatal error of the runtime (a JavaScript stack overflow): its message, not
  // the minified source of Pyodide that Node would print around it.
  console.error(`test-pyodide: ${error.message ?? error}`);
  process.exitCode = 1;
}
