// Trunk post-build hook (see Trunk.toml): finishes the release in the staging folder.
// 1. A release gets each game's own build (src/ui/builds.rs): the app compiled with that game
//    alone, run through wasm-bindgen and wasm-opt as Trunk runs the whole app, saved as
//    table-<game>-<hash>.js and table-<game>-<hash>_bg.wasm.
// 2. index.html gets the loader (scripts/loader.js) in place of Trunk's: it picks the build.
// 3. Each build's AI worker script gets the hashed names of that build's module and wasm
//    (ai-worker.js for the whole app, ai-worker-<game>.js for a game's build).
// 4. The service worker gets the list of files to keep offline and a version from their hash.
// 5. The Content-Security-Policy gets the hash of each inline script in index.html, so no
//    other inline script can ever run.
// 6. No build may carry Rust's float formatting (about 8 KB of every download, issue #20):
//    the page writes its numbers with `ui::Decimal` (src/ui/decimal.rs).
const fs = require('fs');
const path = require('path');
const crypto = require('crypto');
const { execFileSync } = require('child_process');

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error('TRUNK_STAGING_DIR is not set: run through trunk build');

function walk(d) {
  return fs.readdirSync(d, { withFileTypes: true }).flatMap(e =>
    e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]);
}

// The games, from Cargo.toml's default features (one feature per game).
function games() {
  const cargo = fs.readFileSync('Cargo.toml', 'utf8');
  const line = /^default = \[([^\]]*)\]/m.exec(cargo);
  if (!line) throw new Error('Cargo.toml has no default features (the games)');
  return [...line[1].matchAll(/"([a-z-]+)"/g)].map(m => m[1]);
}

// The first of core's cached powers of ten for float formatting (`flt2dec::strategy::grisu`,
// 0xe61acf033d1a45df as little-endian bytes): a build that formats an `f64` with `{}`, `{:.1}`
// or `{:?}`, directly or in a panic message (rand's `random_bool`, `f64::clamp`), carries it.
const FLOAT_FORMATTING = Buffer.from('df451a3d03cf1ae6', 'hex');
function withoutFloatFormatting(name, wasm) {
  if (wasm.includes(FLOAT_FORMATTING)) {
    throw new Error(`${name} carries Rust's float formatting (about 8 KB gzipped): write numbers with ` +
      'ui::Decimal, random_bool with engine::random_bool, and bound floats with max/min, not clamp');
  }
}

// One game's build into the staging folder; returns its module's and wasm's file names.
function gameBuild(game, targetDir, out) {
  const started = Date.now();
  execFileSync('cargo', ['build', '--release', '--target', 'wasm32-unknown-unknown', '--bin', 'turf-web',
    '--no-default-features', '--features', game], { stdio: ['ignore', 'inherit', 'inherit'] });
  const raw = path.join(targetDir, 'wasm32-unknown-unknown', 'release', 'turf-web.wasm');
  const tmp = fs.mkdtempSync(path.join(out, '.table-'));
  execFileSync('wasm-bindgen', ['--target', 'web', '--no-typescript', '--out-dir', tmp, '--out-name', 'table', raw]);
  execFileSync('wasm-opt', ['-Oz', path.join(tmp, 'table_bg.wasm'), '-o', path.join(tmp, 'opt.wasm')]);
  const js = fs.readFileSync(path.join(tmp, 'table.js'));
  const wasm = fs.readFileSync(path.join(tmp, 'opt.wasm'));
  withoutFloatFormatting(`${game}'s build`, wasm);
  const hash = crypto.createHash('sha256').update(js).update(wasm).digest('hex').slice(0, 16);
  const names = [`table-${game}-${hash}.js`, `table-${game}-${hash}_bg.wasm`];
  fs.writeFileSync(path.join(out, names[0]), js);
  fs.writeFileSync(path.join(out, names[1]), wasm);
  fs.rmSync(tmp, { recursive: true });
  console.log(`post-build: ${game}'s own build, ${wasm.length} bytes of wasm, in ${Math.round((Date.now() - started) / 1000)} s`);
  return names;
}

const names = fs.readdirSync(dir);
const appJs = names.find(f => /^turf-web-[0-9a-f]+\.js$/.test(f));
const appWasm = names.find(f => /^turf-web-[0-9a-f]+_bg\.wasm$/.test(f));
if (!appJs || !appWasm) throw new Error(`no app module or wasm in ${dir}: ${names.join(', ')}`);

const indexPath = path.join(dir, 'index.html');
let index = fs.readFileSync(indexPath, 'utf8');

// Trunk's loader imports the whole app from `<public url><module>`: the builds go beside it.
const trunkLoader = /<script type="module">\s*import init, \* as bindings from '([^']*)';[\s\S]*?<\/script>/;
const imported = trunkLoader.exec(index);
if (!imported || !imported[1].endsWith(appJs)) throw new Error("index.html has no Trunk loader of the app's module");
const base = imported[1].slice(0, -appJs.length);
withoutFloatFormatting('the whole app', fs.readFileSync(path.join(dir, appWasm)));
const builds = { app: [base + appJs, base + appWasm] };
if (process.env.TRUNK_PROFILE === 'release') {
  const targetDir = JSON.parse(execFileSync('cargo', ['metadata', '--format-version', '1', '--no-deps'])).target_directory;
  for (const game of games()) builds[game] = gameBuild(game, targetDir, dir).map(f => base + f);
}
// Inlined without its comment lines (the page is downloaded before anything else).
const loader = fs.readFileSync(path.join('scripts', 'loader.js'), 'utf8')
  .split('\n').filter(line => !/^\s*\/\//.test(line)).join('\n')
  .replace('__BUILDS__', () => JSON.stringify(builds));
// The loader decides what to download: Trunk's preloads of the whole app go. It runs right
// after the Content-Security-Policy (which covers only what follows it) and before the
// stylesheet, which would hold a script back until it has arrived.
const csp = /<meta http-equiv="Content-Security-Policy"[^>]*>/;
if (!csp.test(index)) throw new Error('index.html has no Content-Security-Policy');
index = index
  .replace(trunkLoader, '')
  .replace(/<link rel="(modulepreload|preload)" href="[^"]*turf-web-[^"]*"[^>]*>\s*/g, '')
  .replace(csp, tag => `${tag}\n    <script>${loader}</script>`);
const hashes = [];
index.replace(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g, (_, body) => {
  hashes.push(`'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`);
});
if (!index.includes('__INLINE_SCRIPT_HASHES__')) throw new Error('index.html has no CSP placeholder');
index = index.replace('__INLINE_SCRIPT_HASHES__', hashes.join(' '));
fs.writeFileSync(indexPath, index);

const workerPath = path.join(dir, 'ai-worker.js');
const worker = fs.readFileSync(workerPath, 'utf8');
for (const [name, [js, wasm]] of Object.entries(builds)) {
  fs.writeFileSync(path.join(dir, name === 'app' ? 'ai-worker.js' : `ai-worker-${name}.js`),
    worker.replace('__APP_JS__', path.basename(js)).replace('__APP_WASM__', path.basename(wasm)));
}

const swPath = path.join(dir, 'sw.js');
const all = walk(dir)
  .map(f => path.relative(dir, f).split(path.sep).join('/'))
  .filter(f => f !== 'sw.js')
  .sort();
// The games' own builds are kept by the service worker only when the visit has loaded them.
const tables = all.filter(f => /^table-/.test(f));
const files = all.filter(f => !tables.includes(f));
const version = crypto.createHash('sha256');
for (const f of all) version.update(f).update(fs.readFileSync(path.join(dir, f)));
const sw = fs.readFileSync(swPath, 'utf8')
  .replace('__VERSION__', version.digest('hex').slice(0, 16))
  .replace('__PRECACHE__', JSON.stringify(files))
  .replace('__TABLES__', JSON.stringify(tables));
fs.writeFileSync(swPath, sw);
console.log(`post-build: ${files.length} files precached, ${tables.length} kept once loaded, ${hashes.length} inline script hash(es) in the CSP`);
