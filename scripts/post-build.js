// Trunk post-build hook (see Trunk.toml): finishes the release in the staging folder.
// 1. The service worker gets the list of files to keep offline and a version from their hash.
// 2. The AI worker script gets the hashed names of the app's module and wasm (it runs them).
// 3. The Content-Security-Policy gets the hash of each inline script Trunk wrote into
//    index.html, so no other inline script can ever run.
const fs = require('fs');
const path = require('path');
const crypto = require('crypto');

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error('TRUNK_STAGING_DIR is not set: run through trunk build');

function walk(d) {
  return fs.readdirSync(d, { withFileTypes: true }).flatMap(e =>
    e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]);
}

const indexPath = path.join(dir, 'index.html');
let index = fs.readFileSync(indexPath, 'utf8');
const hashes = [];
index.replace(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g, (_, body) => {
  hashes.push(`'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`);
});
if (!index.includes('__INLINE_SCRIPT_HASHES__')) throw new Error('index.html has no CSP placeholder');
index = index.replace('__INLINE_SCRIPT_HASHES__', hashes.join(' '));
fs.writeFileSync(indexPath, index);

const names = fs.readdirSync(dir);
const appJs = names.find(f => /^turf-web-[0-9a-f]+\.js$/.test(f));
const appWasm = names.find(f => /^turf-web-[0-9a-f]+_bg\.wasm$/.test(f));
if (!appJs || !appWasm) throw new Error(`no app module or wasm in ${dir}: ${names.join(', ')}`);
const workerPath = path.join(dir, 'ai-worker.js');
fs.writeFileSync(workerPath, fs.readFileSync(workerPath, 'utf8')
  .replace('__APP_JS__', appJs).replace('__APP_WASM__', appWasm));

const swPath = path.join(dir, 'sw.js');
const files = walk(dir)
  .map(f => path.relative(dir, f).split(path.sep).join('/'))
  .filter(f => f !== 'sw.js')
  .sort();
const version = crypto.createHash('sha256');
for (const f of files) version.update(f).update(fs.readFileSync(path.join(dir, f)));
const sw = fs.readFileSync(swPath, 'utf8')
  .replace('__VERSION__', version.digest('hex').slice(0, 16))
  .replace('__PRECACHE__', JSON.stringify(files));
fs.writeFileSync(swPath, sw);
console.log(`post-build: ${files.length} files precached, ${hashes.length} inline script hash(es) in the CSP`);
