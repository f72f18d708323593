// minizinc_wasm.cjs - runs the WebAssembly build of MiniZinc (with Chuffed,
// Gecode, COIN-BC and HiGHS) that npm's `minizinc` package ships, in plain
// node, without a browser or a native minizinc: Debian 12 packages no LCG
// solver. For bench/minimalloc/minizinc.py (docs/results.md, "D, seventh
// session").
//
//   npm install --prefix DIR minizinc@4.5.1
//   NODE_PATH=DIR/node_modules node minizinc_wasm.cjs MODEL.mzn -- ARGS...
//
// ARGS are minizinc's own (--solver chuffed -f -s -t MS; --solvers lists
// them). Its output is printed when it exits.
const fs = require('fs');
const path = require('path');
const dist = path.dirname(require.resolve('minizinc/minizinc-worker.js'));
let onMessage = null;
// The worker script talks to its page through these two globals.
globalThis.addEventListener = (type, handler) => { onMessage = handler; };
globalThis.postMessage = (m) => {
  if (m.type === 'ready') {
    const argv = process.argv.slice(2);
    const sep = argv.indexOf('--');
    if (argv.length < 1 || sep !== 1) {
      console.error('usage: node minizinc_wasm.cjs MODEL.mzn -- ARGS...');
      process.exit(2);
    }
    onMessage({ data: { files: { 'm.mzn': fs.readFileSync(argv[0], 'utf8') },
                        args: [...argv.slice(2), 'm.mzn'], jsonStream: false } });
  } else if (m.type === 'exit') {
    if (m.stdout) process.stdout.write(m.stdout);
    if (m.stderr) process.stderr.write(m.stderr);
    process.exit(m.code === 0 ? 0 : 1);
  } else if (m.type === 'stdout' || m.type === 'stderr') {
    (m.type === 'stdout' ? process.stdout : process.stderr).write(m.value);
  }
};
const worker = path.join(dist, 'minizinc-worker.js');
new Function('require', 'module', 'exports', '__dirname', '__filename',
             fs.readFileSync(worker, 'utf8'))(require, { exports: {} }, {}, dist, worker);
onMessage({ data: { wasmURL: path.join(dist, 'minizinc.wasm'),
                    dataURL: path.join(dist, 'minizinc.data') } });
