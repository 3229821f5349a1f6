// Lantern's start of the Python worker: build/static_web.py puts it before Flet's python-worker.js, whose
// initPyodide then takes the two promises below instead of loading Pyodide and the app itself.
//
// The page makes this worker as it opens (index.html), not once the Flutter client has started and asks
// for Python, so Pyodide starts (from the memory snapshot `make web` took, where there is one) and the
// app archive comes while the client loads. The archive is a zip that Python imports from as it stands
// (written to /home/pyodide, where the snapshot was taken with it on sys.path): nothing is unpacked.
const lanternFetch = async (path) => {
  const response = await fetch(new URL(path, self.location));
  if (!response.ok) {
    throw new Error(`Lantern could not load ${path}: HTTP ${response.status}`);
  }
  return response;
};

const lanternArchive = lanternFetch("__ARCHIVE__").then((response) => response.arrayBuffer());

// Pyodide restores a snapshot into the memory its module starts with, which is smaller than a snapshot
// taken with more imported ("RangeError: offset is out of bounds"): while Pyodide loads, the memory of
// the module it makes is grown to the snapshot's size as soon as it is made.
const lanternGrown = (instantiate, bytes) =>
  async function (...args) {
    const made = await instantiate.apply(this, args);
    const memory = made.instance?.exports.memory;
    if (memory instanceof WebAssembly.Memory && memory.buffer.byteLength < bytes) {
      memory.grow(Math.ceil((bytes - memory.buffer.byteLength) / 65536));
    }
    return made;
  };

const lanternPyodide = (async () => {
  const { loadPyodide } = await import(new URL("__PYODIDE__", self.location));
  const [snapshot, bytes] = [__SNAPSHOT__, __SNAPSHOT_BYTES__];
  const output = {
    stdout: (text) => self.sendPythonOutput(text, false),
    stderr: (text) => self.sendPythonOutput(text, true),
  };
  if (!snapshot) {
    return loadPyodide(output);
  }
  const { instantiate, instantiateStreaming } = WebAssembly;
  WebAssembly.instantiate = lanternGrown(instantiate, bytes);
  WebAssembly.instantiateStreaming = lanternGrown(instantiateStreaming, bytes);
  try {
    return await loadPyodide({
      ...output,
      _loadSnapshot: lanternFetch(snapshot).then((response) =>
        new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer()
      ),
    });
  } finally {
    Object.assign(WebAssembly, { instantiate, instantiateStreaming });
  }
})();

// Awaited by initPyodide when Flet's client connects; until then a failure is not yet anyone's to report.
lanternArchive.catch(() => {});
lanternPyodide.catch(() => {});
