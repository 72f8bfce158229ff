// Shared helpers for Turf's Chromium-only browser tests (*.test.js; engines.js drives every
// engine): a static server for dist/, Chromium with the flags this machine needs, and guards
// that fail a test on any console error or any request that leaves 127.0.0.1.
const { chromium } = require('playwright-core');
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const http = require('http');

const ROOT = path.resolve(__dirname, '../..');
const ARTIFACTS = path.join(__dirname, 'artifacts');

function waitForServer(url, timeoutMs = 15000) {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const tryOnce = () => {
      http.get(url, res => { res.resume(); resolve(); }).on('error', () => {
        if (Date.now() - start > timeoutMs) reject(new Error('server did not start: ' + url));
        else setTimeout(tryOnce, 200);
      });
    };
    tryOnce();
  });
}

// Whether something already answers at `url`.
function answers(url) {
  return new Promise(resolve => {
    http.get(url, res => { res.resume(); resolve(true); }).on('error', () => resolve(false));
  });
}

// dist/, or the build in E2E_DIST (a profiling build, say) for the benchmark scripts. The server
// stops with this process, however it ends; a port that already answers is refused, since the
// run would then test or measure whatever that server holds (a server left by a crashed run
// once made a benchmark compare main's build with itself).
async function startServer(port) {
  const dir = process.env.E2E_DIST || path.join(ROOT, 'dist');
  const url = `http://127.0.0.1:${port}/`;
  if (await answers(url)) throw new Error(`port ${port} already answers (a server left by an earlier run?): stop it or set E2E_PORT`);
  const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', dir], { stdio: 'ignore' });
  process.on('exit', () => server.kill());
  await waitForServer(url);
  return { url, stop: () => server.kill() };
}

// dist/ as GitHub Pages serves it: gzip for text and wasm (when the browser asks for it), an ETag
// and `Cache-Control: max-age=600` (or `cacheControl`: a value, or a function of the path that
// gives it); in-process, on `port` (0: any free port).
// It counts what it sends: `served` lists every request answered (path, status, bytes on the
// wire, the Referer: the page, ai-worker.js or sw.js asked); `reset()` starts a new count.
const MIME = { html: 'text/html; charset=utf-8', js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8',
  wasm: 'application/wasm', svg: 'image/svg+xml', json: 'application/json', webmanifest: 'application/manifest+json',
  png: 'image/png' };
async function startGzipServer(port = 0, dir = path.join(ROOT, 'dist'), { cacheControl = 'max-age=600' } = {}) {
  const zlib = require('zlib');
  const crypto = require('crypto');
  const files = new Map(); // url path → { type, raw, gz, etag }, read once
  const file = urlPath => {
    if (files.has(urlPath)) return files.get(urlPath);
    const rel = decodeURIComponent(urlPath).replace(/^\/+/, '') || 'index.html';
    const full = path.join(dir, rel);
    if (!full.startsWith(dir) || !fs.existsSync(full) || !fs.statSync(full).isFile()) return null;
    const raw = fs.readFileSync(full);
    const type = MIME[path.extname(full).slice(1)] || 'application/octet-stream';
    const entry = { type, raw, gz: type === 'image/png' ? null : zlib.gzipSync(raw, { level: 6 }),
      etag: '"' + crypto.createHash('sha1').update(raw).digest('hex').slice(0, 16) + '"' };
    files.set(urlPath, entry);
    return entry;
  };
  const served = [];
  // `latency`: ms before each answer (0 unless a script sets it), a network's round trip for
  // requests that DevTools' throttling does not slow: the service worker's own.
  const control = { latency: 0 };
  const server = http.createServer((req, res) => (control.latency ? setTimeout(() => answer(req, res), control.latency) : answer(req, res)));
  const answer = (req, res) => {
    const urlPath = new URL(req.url, 'http://x').pathname;
    const referer = req.headers.referer || '';
    const f = file(urlPath);
    if (!f) { res.writeHead(404); res.end(); served.push({ path: urlPath, status: 404, bytes: 0, referer }); return; }
    const headers = { 'Content-Type': f.type, 'Cache-Control': typeof cacheControl === 'function' ? cacheControl(urlPath) : cacheControl,
      ETag: f.etag, Vary: 'Accept-Encoding' };
    if (req.headers['if-none-match'] === f.etag) {
      res.writeHead(304, headers); res.end(); served.push({ path: urlPath, status: 304, bytes: 0, referer }); return;
    }
    const gzip = f.gz && /\bgzip\b/.test(req.headers['accept-encoding'] || '');
    const body = gzip ? f.gz : f.raw;
    if (gzip) headers['Content-Encoding'] = 'gzip';
    headers['Content-Length'] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    served.push({ path: urlPath, status: 200, bytes: body.length, referer });
  };
  await new Promise(resolve => server.listen(port, '127.0.0.1', resolve));
  return Object.assign(control, {
    url: `http://127.0.0.1:${server.address().port}/`,
    served,
    reset: () => { served.length = 0; },
    stop: () => new Promise(resolve => { server.closeAllConnections?.(); server.close(resolve); }),
  });
}

// Also used by online-lib.js, which launches its own browser with a context per device.
// --allow-loopback-in-peer-connection: online tables (issue #17) connect two pages of this one
// machine over WebRTC; the tests run them in scripts/netns-run.sh's private namespace.
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--allow-loopback-in-peer-connection'];

// Chromium with a new profile on disk, as a player's browser keeps one; `options` add to or
// replace the context's (a phone's screen, the motion a benchmark wants).
async function launch(options = {}) {
  const udd = fs.mkdtempSync(path.join(os.tmpdir(), 'turf-chrome-'));
  const context = await chromium.launchPersistentContext(udd, {
    executablePath: CHROMIUM,
    headless: true,
    // The tests tap fast: the table's motion (src/ui/motion.rs) is off unless a test turns it
    // on (motion.test.js), so no tap waits for a piece to settle.
    reducedMotion: 'reduce',
    args: CHROMIUM_ARGS,
    ...options,
  });
  return { context, close: async () => { await context.close(); fs.rmSync(udd, { recursive: true, force: true }); } };
}

// The loopback addresses the tests' servers listen on (127.0.0.1; 127.0.0.2 and .3 for the
// offline test's sites of its own, product.engines.js): a request to any other host has left
// the machine.
const LOOPBACK = /^127\.0\.0\.[123]$/;

// A page whose console errors and foreign requests are collected in `problems`.
async function guardedPage(context, viewport) {
  const page = await context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  const problems = [];
  page.on('console', m => { if (m.type() === 'error') problems.push('console error: ' + m.text()); });
  page.on('pageerror', e => problems.push('page error: ' + e.message));
  page.on('request', r => {
    const u = new URL(r.url());
    if (!LOOPBACK.test(u.hostname) && !['data:', 'blob:'].includes(u.protocol)) problems.push('request left 127.0.0.1: ' + r.url());
  });
  return { page, problems };
}

async function shot(page, name) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, name + '.png');
  await page.screenshot({ path: file });
  return file;
}

// The WCAG 2.1 A and AA rules of axe-core (from node_modules, so nothing leaves 127.0.0.1),
// plus label-content-name-mismatch (WCAG 2.5.3, which axe counts as experimental): the
// violations on the page as it is now, one line per rule with the elements it names.
const AXE = path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js');
async function axeViolations(page) {
  // Evaluated over the DevTools protocol: the app's CSP (rightly) refuses an injected <script>.
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(fs.readFileSync(AXE, 'utf8') + '\n;0');
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    });
    return result.violations.map(v => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map(n => n.target.join(' ') + ' — ' + (n.failureSummary || '').replace(/\s+/g, ' ').slice(0, 160)),
    }));
  });
  return violations.map(v => `${v.id} (${v.impact}, ${v.nodes.length}): ${v.nodes.slice(0, 4).join(' | ')}`);
}

// Every control the keyboard or a click could reach now: focusable, enabled, shown and not
// inside an `inert` subtree. Described as tag, test id or class, and text.
async function reachableControls(page) {
  return page.evaluate(() => {
    const sel = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';
    return [...document.querySelectorAll(sel)]
      .filter(e => !e.disabled && !e.closest('[inert]') && e.getClientRects().length > 0)
      .map(e => ({
        inHandoff: !!e.closest('.handoff'),
        what: e.tagName.toLowerCase() + (e.dataset.testid ? `[data-testid=${e.dataset.testid}]` : '') + (e.className && typeof e.className === 'string' ? '.' + e.className.split(' ')[0] : '') + ' ' + (e.textContent || '').trim().slice(0, 30),
      }));
  });
}

// A DevTools trace, in `categories` (comma-separated), of what a page runs from now until the
// returned `stop()`, which gives the trace's events (the benchmarks' traces: main-thread.js,
// first-visit.js). `cdp` is the page's DevTools session.
async function startTrace(cdp, categories) {
  await cdp.send('Tracing.start', { categories, transferMode: 'ReturnAsStream' });
  return async () => {
    const done = new Promise(resolve => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    const { stream } = await done;
    const chunks = [];
    for (;;) {
      const { data, eof, base64Encoded } = await cdp.send('IO.read', { handle: stream, size: 1 << 20 });
      chunks.push(base64Encoded ? Buffer.from(data, 'base64').toString() : data);
      if (eof) break;
    }
    await cdp.send('IO.close', { handle: stream });
    const parsed = JSON.parse(chunks.join(''));
    return Array.isArray(parsed) ? parsed : parsed.traceEvents;
  };
}

// A clean start on the home page (no saves), in `lang`.
async function fresh(page, url, lang = 'en') {
  await page.goto(url);
  await page.evaluate(l => { localStorage.clear(); localStorage.setItem('turf.lang', l); }, lang);
  await page.goto(url);
  await page.waitForSelector('button[data-game]');
}

// A new table of `game` with an Easy computer in every seat, opened from a fresh home page; it
// returns once the table is drawn (its `data-game`), at the table's own pace.
async function easyTable(page, url, game) {
  await fresh(page, url);
  await page.click(`button[data-game="${game}"]`);
  const seats = await page.$$('[data-seat] select');
  if (seats.length < 2) throw new Error(`${game}'s setup shows ${seats.length} seats`);
  for (const seat of seats) await seat.selectOption('easy');
  await page.click('[data-testid="start-game"]');
  await page.waitForSelector(`.table[data-game="${game}"]`);
}

// A Toy Battle between two Easy computers at full speed, played to its game-over screen.
async function finishedToyBattle(page, url) {
  await easyTable(page, url, 'toy-battle');
  await page.selectOption('.pace select', '0');
  await page.waitForSelector('[data-testid="game-over"]', { timeout: 300000 });
}

module.exports = { startServer, startGzipServer, launch, startTrace, CHROMIUM, CHROMIUM_ARGS, guardedPage, LOOPBACK, shot, axeViolations, reachableControls, fresh, easyTable, finishedToyBattle, ROOT, ARTIFACTS };
