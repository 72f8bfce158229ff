// What the wasm's code is made of: gzip size per part (Leptos, serde, boards, rules, AI, …),
// measured on a build that keeps function names. Used for the download figures in README.md.
//
// usage (about 5 minutes; a separate target folder keeps the normal build's cache):
//   RUSTFLAGS="--cfg erase_components -C symbol-mangling-version=v0" CARGO_TARGET_DIR=target/names \
//     cargo build --release --target wasm32-unknown-unknown --bin turf-web
//   wasm-bindgen --keep-debug --target web --out-dir target/names/out \
//     target/names/wasm32-unknown-unknown/release/turf-web.wasm
//   wasm-opt -Oz --debuginfo target/names/out/turf-web_bg.wasm -o target/names/out/opt.wasm
//   node scripts/wasm-breakdown.js target/names/out/opt.wasm ["part name prefix" to list its functions]
//
// Each function is given to the first part whose pattern matches its owner (the type or function
// it belongs to, generic arguments removed). Code inlined into another function counts there: a
// board component inlined into the table's `Seated::board` counts as the app shell.
const fs = require('fs');
const zlib = require('zlib');

const PARTS = [
  ['serde (records, saves, question bank, worker messages)', /~serde$/],
  ['AI (search, policies, evaluations)', /^turf::(ai::|games::[a-z_]+::(ai|council|strategy|hunch|hints|answer)::)|::(evaluate|rollout|ai_policy|search_config)\b/],
  ['game boards, options forms, rules summaries', /^turf::games::[a-z_]+::(board|view|layout|panorama|terrain|map)\b|GameUi/],
  ['game rules and logs', /^turf::games::/],
  ['app shell (home, setup, table, saves, worker)', /^turf::(ui|i18n)|^turf_web/],
  ['engine (records, replay)', /^turf::engine/],
  ['Leptos (tachys, reactive_graph, leptos)', /^(tachys|reactive_graph|leptos|any_spawner|or_poisoned|send_wrapper|throw_error|oco|guardian|futures|slotmap|pin_project|either_of)/],
  ['wasm-bindgen, js-sys, web-sys', /^(wasm_bindgen|js_sys|web_sys|console_error)/],
  ['Rust core, alloc, std (formatting, sorting, collections, allocator)', /^(core|alloc|std|dlmalloc|compiler_builtins|hashbrown|indexmap|rand|rand_core|rand_chacha|ppv_lite86|rustc_hash|char|str|f64|\[|&|\(|_ \|)/],
];

function readModule(file) {
  const b = fs.readFileSync(file);
  let i = 8;
  const leb = () => { let r = 0, s = 0, x; do { x = b[i++]; r += (x & 0x7f) * 2 ** s; s += 7; } while (x & 0x80); return r; };
  let imports = 0;
  const bodies = [];
  const names = new Map();
  const sections = [];
  while (i < b.length) {
    const id = b[i++];
    const len = leb();
    const start = i;
    sections.push({ id, bytes: b.slice(start, start + len) });
    if (id === 2) {
      for (let n = leb(), k = 0; k < n; k++) {
        { const module = leb(); i += module; } { const field = leb(); i += field; }
        const kind = b[i++];
        if (kind === 0) { leb(); imports++; } else if (kind === 1) { i++; const f = b[i++]; leb(); if (f & 1) leb(); } else if (kind === 2) { const f = b[i++]; leb(); if (f & 1) leb(); } else if (kind === 3) { i += 2; }
      }
    } else if (id === 10) {
      for (let n = leb(), k = 0; k < n; k++) { const size = leb(); bodies.push(b.slice(i, i + size)); i += size; }
    } else if (id === 0) {
      const nameLen = leb();
      const custom = b.slice(i, i + nameLen).toString();
      i += nameLen;
      while (custom === 'name' && i < start + len) {
        const sub = b[i++];
        const subLen = leb();
        const subStart = i;
        if (sub === 1) for (let n = leb(), k = 0; k < n; k++) { const idx = leb(); const l = leb(); names.set(idx, b.slice(i, i + l).toString()); i += l; }
        i = subStart + subLen;
      }
    }
    i = start + len;
  }
  return { bodies: bodies.map((body, k) => ({ body, name: names.get(k + imports) || '?' })), sections };
}

const withoutGenerics = s => { let out = '', d = 0; for (const c of s) { if (c === '<') d++; else if (c === '>') d--; else if (d === 0) out += c; } return out; };

// `<T as Trait>::f` belongs to T; `<T<X>>::f` to T::f; crate hashes are dropped.
function owner(name) {
  const n = name.replace(/\[[0-9a-f]+\]/g, '');
  const serde = /serde/.test(n) ? ' ~serde' : '';
  if (n.startsWith('<')) {
    for (let i = 0, d = 0; i < n.length; i++) {
      if (n[i] === '<') d++;
      else if (n[i] === '>' && --d === 0) return withoutGenerics(n.slice(1, i)) + withoutGenerics(n.slice(i + 1)) + serde;
      else if (d === 1 && n.startsWith(' as ', i)) return withoutGenerics(n.slice(1, i)) + ' |' + withoutGenerics(n.slice(i + 4)).split('::').slice(-2).join('::') + serde;
    }
  }
  return withoutGenerics(n) + serde;
}

const gz = buffers => zlib.gzipSync(Buffer.concat(buffers), { level: 9 }).length;
const [file, listPart] = process.argv.slice(2);
if (!file) { console.error('usage: node scripts/wasm-breakdown.js OPT.wasm [part]'); process.exit(2); }
const { bodies, sections } = readModule(file);
const parts = new Map();
for (const f of bodies) {
  f.owner = owner(f.name);
  f.part = (PARTS.find(([, re]) => re.test(f.owner)) || ['other'])[0];
  if (!parts.has(f.part)) parts.set(f.part, []);
  parts.get(f.part).push(f);
}
const kb = n => (n / 1024).toFixed(1).padStart(7);
const code = sections.find(s => s.id === 10).bytes;
const data = sections.find(s => s.id === 11).bytes;
console.log(`code ${kb(gz([code]))} KB gzip, data ${kb(gz([data]))} KB gzip (the question bank, texts, map shapes)`);
console.log('      raw KB  gzip KB  part');
for (const [part, fs_] of [...parts].sort((a, b) => gz(b[1].map(f => f.body)) - gz(a[1].map(f => f.body)))) {
  console.log(`  ${kb(fs_.reduce((s, f) => s + f.body.length, 0) )}  ${kb(gz(fs_.map(f => f.body)))}  ${part}`);
}
if (listPart) {
  const byOwner = new Map();
  for (const f of bodies.filter(f => f.part.startsWith(listPart))) byOwner.set(f.owner, (byOwner.get(f.owner) || 0) + f.body.length);
  for (const [o, size] of [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(String(size).padStart(8), o.slice(0, 140));
}
