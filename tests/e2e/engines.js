// One small page API over the three browser engines, so the tests in *.engines.js are written
// once and run in each: Chromium through Playwright (as the Chromium-only *.test.js), WebKit
// (WebKitGTK's MiniBrowser, Safari's engine) and Firefox through W3C WebDriver with
// selenium-webdriver. Every page collects in `problems` each console error and each request that
// leaves 127.0.0.1, by whatever means the engine offers:
//
// - Chromium: Playwright's console, pageerror and request events (pages and workers).
// - Firefox: WebDriver BiDi (log.entryAdded, network.beforeRequestSent), over geckodriver.
// - WebKit: WebKitWebDriver 2.50 has no BiDi, and MiniBrowser's console-to-stdout setting is
//   silent under automation (WebCore prints console messages only for pages outside ephemeral
//   sessions, and automation sessions are ephemeral). So WebKit gets its own static server that
//   puts a same-origin classic script first in the page's <head> (the CSP allows 'self'); it
//   runs before the app's scripts and keeps every console.error, uncaught error, unhandled
//   rejection and CSP violation of the page for the adapter to read. Workers' own console is not
//   seen there (an uncaught error in a worker that the page does not handle is not either).
//   Requests, by the same script: the page's CSP refuses every other origin and reports each
//   refusal (securitypolicyviolation), and the page's resource timing lists what was fetched.
//   (A recording proxy was tried first: with any proxy set, WebKitGTK's service worker never
//   finished installing.) Requests made by workers are not seen in WebKit.
//
// Each engine proves at start that its guards see what they guard against (a console.error and
// a request for another host), so a guard that went blind fails the run instead of passing it.
const { spawn } = require('child_process');
const fs = require('fs');
const http = require('http');
const net = require('net');
const os = require('os');
const path = require('path');
const { ARTIFACTS, LOOPBACK } = require('./lib');

const ENGINES = ['chromium', 'webkit', 'firefox'];
const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const CANARY = 'http://turf-canary.invalid/';

function isForeign(u) {
  let url;
  try { url = new URL(u); } catch (e) { return false; }
  return !['data:', 'blob:', 'about:'].includes(url.protocol) && !LOOPBACK.test(url.hostname);
}

function waitForPort(port, timeoutMs = 20000) {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const once = () => {
      const s = net.connect(port, '127.0.0.1', () => { s.destroy(); resolve(); });
      s.on('error', () => {
        if (Date.now() - start > timeoutMs) reject(new Error('nothing listens on port ' + port));
        else setTimeout(once, 100);
      });
    };
    once();
  });
}

// A driver process in its own process group, so stopping it also stops what it started
// (xvfb-run's X server, the browser).
// What the driver and its browser print on stderr goes to `log` (in the artifacts), so that a
// browser that crashed or hung can be told apart afterwards.
function spawnGroup(cmd, args, onStdout, env = process.env, log = null) {
  const child = spawn(cmd, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env });
  let out = '';
  child.stdout.on('data', d => {
    out += d.toString();
    let i;
    while ((i = out.indexOf('\n')) >= 0) { onStdout(out.slice(0, i)); out = out.slice(i + 1); }
  });
  const logStream = log ? fs.createWriteStream(log, { flags: 'a' }) : null;
  child.stderr.on('data', d => { if (logStream) logStream.write(d); });
  const exited = new Promise(resolve => child.on('exit', resolve));
  // Resolves once the driver is gone (or after 5 s), so that a new one can take its port.
  const stop = () => {
    try { process.kill(-child.pid, 'SIGTERM'); } catch (e) { return Promise.resolve(); /* gone already */ }
    return Promise.race([exited, new Promise(r => setTimeout(r, 5000))]);
  };
  // A run that dies half-way must not leave a driver holding its port (and its one session).
  process.on('exit', () => { try { process.kill(-child.pid, 'SIGTERM'); } catch (e) { /* gone already */ } });
  return { stop };
}

// The file in the artifacts where the engine's driver and browser write their stderr: started
// afresh by the run's first session of that engine, kept by the next (after a lost browser).
const driverLogs = new Set();
const driverLogPath = name => path.join(ARTIFACTS, name + '-driver.log');
function driverLog(name) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = driverLogPath(name);
  if (!driverLogs.has(file)) fs.writeFileSync(file, '');
  driverLogs.add(file);
  fs.appendFileSync(file, `--- a new ${name} session, ${new Date().toISOString()}\n`);
  return file;
}

// The console hook WebKit's pages carry (see the header), served at HOOK_PATH.
const HOOK_PATH = '/__turf-e2e-console-hook.js';
const HOOK = `(() => {
  const errors = [];
  window.__turfE2eErrors = errors;
  const original = console.error;
  console.error = function (...args) {
    errors.push('console error: ' + args.map(a => (a && a.stack) || String(a)).join(' '));
    return original.apply(this, args);
  };
  addEventListener('error', e => errors.push('page error: ' + (e.message || ('failed to load ' + ((e.target && (e.target.src || e.target.href)) || 'a resource')))), true);
  addEventListener('unhandledrejection', e => errors.push('page error: unhandled rejection: ' + ((e.reason && e.reason.stack) || e.reason)));
  // Requests: the CSP refuses every other origin, and reports each refusal here; what it let
  // through is in the page's resource timing.
  const foreign = u => { try { const h = new URL(u, location.href); return /^https?:$/.test(h.protocol) && !${LOOPBACK}.test(h.hostname); } catch (e) { return false; } };
  addEventListener('securitypolicyviolation', e => errors.push((foreign(e.blockedURI) ? 'request left 127.0.0.1 (refused by the CSP): ' : 'console error: CSP refused ') + e.blockedURI + ' (' + e.violatedDirective + ')'));
  new PerformanceObserver(list => { for (const r of list.getEntries()) if (foreign(r.name)) errors.push('request left 127.0.0.1: ' + r.name); })
    .observe({ type: 'resource', buffered: true });
})();
`;
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.json': 'application/json', '.webmanifest': 'application/manifest+json', '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon' };

// A static server for dist/ on `host`:`port` (a loopback address); with `hook`, every HTML page
// carries the console hook as the first script of its <head>.
function startStatic(port, { hook = false, host = '127.0.0.1' } = {}) {
  const root = path.join(__dirname, '..', '..', 'dist');
  const sockets = new Set();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    if (hook && url.pathname === HOOK_PATH) { res.writeHead(200, { 'content-type': 'text/javascript' }); res.end(HOOK); return; }
    let file = path.normalize(path.join(root, decodeURIComponent(url.pathname)));
    if (!file.startsWith(root)) { res.writeHead(403); res.end(); return; }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!fs.existsSync(file)) { res.writeHead(404); res.end(); return; }
    const type = TYPES[path.extname(file)] || 'application/octet-stream';
    let body = fs.readFileSync(file);
    if (hook && type === 'text/html') body = Buffer.from(body.toString('utf8').replace('<head>', `<head><script src="${HOOK_PATH}"></script>`));
    res.writeHead(200, { 'content-type': type, 'cache-control': 'no-cache' });
    res.end(body);
  });
  server.on('connection', s => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  return new Promise(resolve => server.listen(port, host, () => resolve({
    url: `http://${host}:${port}/`,
    // Closes every open connection too, so the browser finds nothing there at once.
    stop: () => new Promise(r => { server.close(() => r()); for (const s of sockets) s.destroy(); }),
  })));
}

// ---- Chromium, through Playwright -------------------------------------------------------

class PlaywrightPage {
  constructor(engine, page, problems) { this.engine = engine; this.page = page; this.problems = problems; }
  async goto(url) { await this.page.goto(url); }
  async reload() { await this.page.reload(); }
  // `fn` runs in the page with `args`; its (awaited) result comes back.
  async eval(fn, ...args) { return this.page.evaluate(`(${fn})(...${JSON.stringify(args)})`); }
  // Like eval, for a function that returns an element (or null): a handle to click.
  async pick(fn, ...args) {
    const h = await this.page.evaluateHandle(`(${fn})(...${JSON.stringify(args)})`);
    return h.asElement();
  }
  // Like eval, for a function that returns an object whose `el` is an element: the object, its
  // `el` as a handle to click.
  async choose(fn, ...args) {
    const h = await this.page.evaluateHandle(`(${fn})(...${JSON.stringify(args)})`);
    const rest = await h.evaluate(o => { const { el, ...r } = o; return r; });
    const el = await h.evaluateHandle(o => o.el || null);
    return { ...rest, el: el.asElement() };
  }
  async click(target) {
    if (typeof target === 'string') await this.page.click(target, { timeout: 5000 });
    else await target.click({ timeout: 2000 });
  }
  // Chooses `value` in the `nth` element matching `sel`.
  async select(sel, value, nth = 0) { await this.page.locator(sel).nth(nth).selectOption(value, { timeout: 5000 }); }
  async fill(sel, text) { await this.page.fill(sel, text); }
  async setViewport(width, height) { await this.page.setViewportSize({ width, height }); }
  async screenshot(file) { await this.page.screenshot({ path: file }); }
  async close() { await this.page.close(); }
}

async function openChromium(context) {
  return {
    name: 'chromium',
    serviceWorkers: true,
    async page() {
      const { guardedPage } = require('./lib');
      const { page, problems } = await guardedPage(context);
      return new PlaywrightPage('chromium', page, problems);
    },
    async close() {},
  };
}

// ---- WebKit and Firefox, through WebDriver ----------------------------------------------

class WebDriverPage {
  constructor(engine, driver, problems, navigations = []) { this.engine = engine; this.driver = driver; this.problems = problems; this.navigations = navigations; }
  async goto(url) {
    await this.drain();
    const span = [Date.now(), null];
    this.navigations.push(span);
    try { await this.driver.get(url); } finally { span[1] = Date.now(); }
  }
  // Loads the page's address again. Not WebDriver's Refresh: Firefox's refresh bypasses the
  // service worker (like a forced reload), so a page could never be reloaded offline.
  async reload() { await this.goto(await this.driver.getCurrentUrl()); }
  // Each script also hands back what the WebKit console hook (if the page has it) kept since
  // the last one; a page that has no hook answers no errors.
  async eval(fn, ...args) {
    const [value, errors] = await this.driver.executeScript(`return Promise.resolve((${fn}).apply(null, arguments)).then(v => [v, window.__turfE2eErrors ? window.__turfE2eErrors.splice(0) : []])`, ...args);
    this.problems.push(...errors);
    return value;
  }
  async drain() { try { await this.eval(() => 0); } catch (e) { /* no page yet */ } }
  async pick(fn, ...args) { return (await this.eval(fn, ...args)) || null; }
  async choose(fn, ...args) { return this.eval(fn, ...args); }
  async find(sel) {
    const { By } = require('selenium-webdriver');
    const found = await this.driver.findElements(By.css(sel));
    if (!found.length) throw new Error('no element for ' + sel);
    return found[0];
  }
  // A player's tap. An HTML control gets the WebDriver element click. An SVG shape of a board
  // (the `<g data-legal>` of a cell, a base, an area, a county) cannot: WebDriver clicks an
  // element only where the element itself is among document.elementsFromPoint() at its centre
  // (WebDriver §12.1 "in view"), and those list the boxes painted there (the <polygon>, the
  // <path>), never the <g> that groups them, so WebKitWebDriver and geckodriver answer
  // "element not interactable" (HTTP 400; geckodriver: "could not be scrolled into view"). For those the tap is a real pointer press and release
  // (WebDriver Actions) at a point where hit testing finds the element or one of its shapes,
  // which is what a finger does; a point where something else would take the tap is not used,
  // and an element with no such point fails the test.
  async click(target) {
    const el = typeof target === 'string' ? await this.find(target) : target;
    // While a move is drawn the board's motion layer may cover the target for a moment; a
    // player waits for it to settle, and so does the tap (up to 1.5 s).
    let where = await this.driver.executeScript(HIT_POINT, el);
    for (let i = 0; !where && i < 15; i++) {
      await new Promise(r => setTimeout(r, 100));
      where = await this.driver.executeScript(HIT_POINT, el);
    }
    if (!where) throw new Error('no point of the element can be tapped: nothing of it is hit where it is drawn');
    if (where.self) { await el.click(); return; }
    await this.driver.actions({ async: true }).move({ x: where.x, y: where.y, origin: 'viewport' }).press().release().perform();
  }
  // Chooses `value` in the `nth` element matching `sel`, by a click on its option as a player would.
  async select(sel, value, nth = 0) {
    const { By } = require('selenium-webdriver');
    const all = await this.driver.findElements(By.css(sel));
    if (all.length <= nth) throw new Error(`no element ${nth} for ${sel}`);
    const options = await all[nth].findElements(By.css(`option[value="${value}"]`));
    if (!options.length) throw new Error(`no option ${value} in ${sel}`);
    await options[0].click();
  }
  async fill(sel, text) {
    const el = await this.find(sel);
    await el.clear();
    await el.sendKeys(text);
  }
  async setViewport(width, height) {
    // The window's outer size includes whatever the browser draws around the page (MiniBrowser's
    // toolbar): set it, measure the viewport, and correct by the difference.
    const win = this.driver.manage().window();
    for (let i = 0; i < 3; i++) {
      const rect = await win.getRect();
      const inner = await this.driver.executeScript('return [window.innerWidth, window.innerHeight]');
      if (inner[0] === width && inner[1] === height) return;
      await win.setRect({ width: rect.width + width - inner[0], height: rect.height + height - inner[1] });
    }
    const inner = await this.driver.executeScript('return [window.innerWidth, window.innerHeight]');
    if (inner[0] !== width || inner[1] !== height) throw new Error(`${this.engine}: viewport ${inner} instead of ${width}x${height}`);
  }
  async screenshot(file) { fs.writeFileSync(file, Buffer.from(await this.driver.takeScreenshot(), 'base64')); }
  // One window serves every test of the engine in turn (as one Playwright context does):
  // leaving it for about:blank ends the page's workers.
  async close() { await this.goto('about:blank'); }
}

// Runs in the page: scrolls `el` into view if it is not, and returns where a tap lands on it:
// {self: true} when the WebDriver element click can take it (it is in its own hit list at its
// centre), else {x, y}: the first point (its centre, then the centres of its shapes, label
// point markers first) where the topmost hit element is `el` or inside it; null if none.
const HIT_POINT = `
  const el = arguments[0];
  const inside = (x, y) => { const hit = document.elementFromPoint(x, y); return hit && (hit === el || el.contains(hit)); };
  const r0 = el.getBoundingClientRect();
  // Off the screen, or an HTML control covered where it is (the setup's bar of Back and Start
  // stays at the bottom of the screen): a player scrolls it to the middle first.
  const covered = !(el instanceof SVGElement) && !inside(r0.left + r0.width / 2, r0.top + r0.height / 2);
  if (covered || r0.top < 0 || r0.left < 0 || r0.bottom > innerHeight || r0.right > innerWidth) el.scrollIntoView({ block: 'center', inline: 'center' });
  const r = el.getBoundingClientRect();
  const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
  if (!(el instanceof SVGElement) || (document.elementsFromPoint(cx, cy).includes(el) && inside(cx, cy))) return { self: true };
  const shapes = [el, ...el.querySelectorAll('.lc-hit'), ...el.querySelectorAll('*')];
  for (const s of shapes) {
    const b = s.getBoundingClientRect();
    if (b.width === 0 && b.height === 0 && s !== el) continue;
    const x = Math.round(b.left + b.width / 2), y = Math.round(b.top + b.height / 2);
    if (x >= 0 && y >= 0 && x < innerWidth && y < innerHeight && inside(x, y)) return { x, y };
  }
  return null;
`;

async function openWebDriver(name, { basePort }) {
  const { Builder } = require('selenium-webdriver');
  let current = null; // the problems list of the page open now
  const note = p => { if (current) current.push(p); };
  const stops = [];
  const driverPort = basePort + (name === 'webkit' ? 2 : 3);
  let caps;
  let pageUrl = null; // WebKit's own server (with the console hook), else the common one
  const navigations = []; // [start, end] of each navigation the test made, in ms
  if (name === 'webkit') {
    const hooked = await startStatic(basePort + 5, { hook: true });
    stops.push(hooked.stop);
    pageUrl = hooked.url;
    // xvfb-run's default screen is 640x480 at 8 bits a pixel: too small and too few colours for
    // the screenshots. MiniBrowser has no headless mode, so it needs this X server.
    // MiniBrowser's toolbar is wider than a phone (the window would not shrink below 447 px):
    // a GTK user style sheet, for this process only, shrinks MiniBrowser's own widgets (not the
    // page, which GTK does not style) so that the window can be as narrow as a phone.
    const gtkConfig = fs.mkdtempSync(path.join(os.tmpdir(), 'turf-webkit-gtk-'));
    fs.mkdirSync(path.join(gtkConfig, 'gtk-3.0'));
    fs.writeFileSync(path.join(gtkConfig, 'gtk-3.0', 'gtk.css'), '* { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px; -gtk-icon-transform: scale(0.1); }\n');
    stops.push(() => fs.rmSync(gtkConfig, { recursive: true, force: true }));
    const wd = spawnGroup('xvfb-run', ['-a', '-s', '-screen 0 1600x1200x24', 'WebKitWebDriver', `--port=${driverPort}`], () => {}, { ...process.env, XDG_CONFIG_HOME: gtkConfig }, driverLog(name));
    stops.push(wd.stop);
    caps = {
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
    };
  } else {
    const gd = spawnGroup(process.env.GECKODRIVER || path.join(os.homedir(), '.cargo/bin/geckodriver'), [`--port=${driverPort}`], () => {}, process.env, driverLog(name));
    stops.push(gd.stop);
    // Firefox's own toolbars hold its window at least 500 px wide, wider than a phone: a
    // userChrome.css in the session's profile lets them shrink (Firefox's chrome only, not
    // the page).
    const firefox = require('selenium-webdriver/firefox');
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'turf-firefox-'));
    fs.mkdirSync(path.join(profile, 'chrome'));
    fs.writeFileSync(path.join(profile, 'chrome', 'userChrome.css'), '* { min-width: 0 !important; }\n');
    stops.push(() => fs.rmSync(profile, { recursive: true, force: true }));
    const options = new firefox.Options()
      .setBinary('/usr/bin/firefox-esr')
      .addArguments('-headless')
      .setProfile(profile)
      .setPreference('toolkit.legacyUserProfileCustomizations.stylesheets', true);
    options.set('webSocketUrl', true);
    caps = options;
  }
  await waitForPort(driverPort);
  const driver = await new Builder().usingServer(`http://127.0.0.1:${driverPort}`).withCapabilities(caps).build();
  stops.unshift(() => driver.quit());
  if (name === 'firefox') {
    const bidi = await driver.getBidi();
    await bidi.subscribe(['log.entryAdded', 'network.beforeRequestSent']);
    (await bidi.socket).on('message', data => {
      let m;
      try { m = JSON.parse(data.toString()); } catch (e) { return; }
      if (m.method === 'log.entryAdded' && m.params.level === 'error') {
        // Leaving a page aborts what its workers were still loading (the AI worker starts
        // with the wasm, which takes seconds here), and Firefox reports each request so aborted
        // on the service worker's side as an error of the page. Only that message, and only
        // while the test was navigating, is the test's doing; any other error, or this one at
        // another time, counts.
        const aborted = /A ServiceWorker intercepted the request and encountered an unexpected error/.test(m.params.text);
        const t = m.params.timestamp;
        if (aborted && navigations.some(([from, to]) => t >= from && t <= (to || Infinity))) return;
        note(`${m.params.type === 'javascript' ? 'page error' : 'console error'}: ${m.params.text}`);
      }
      if (m.method === 'network.beforeRequestSent' && isForeign(m.params.request.url)) note('request left 127.0.0.1: ' + m.params.request.url);
    });
  }
  await driver.manage().setTimeouts({ script: 60000 });
  const engine = {
    name,
    driver,
    url: pageUrl,
    hook: !!pageUrl,
    // Whether the engine, as driven here, has service workers (product.engines.js checks it).
    serviceWorkers: true,
    async page(viewport) {
      current = [];
      const p = new WebDriverPage(name, driver, current, navigations);
      if (viewport) await p.setViewport(viewport.width, viewport.height);
      return p;
    },
    async close() {
      for (const stop of stops) { try { await stop(); } catch (e) { /* already stopped */ } }
    },
    // Whether the browser went away with the failure `e` (a crashed or hung MiniBrowser, a
    // closed Firefox): the driver no longer has the session.
    async lost(e) {
      const gone = x => x && (x.name === 'NoSuchSessionError' || /page crash or hang|invalid session id|session deleted|ECONNREFUSED/i.test(String(x.message || x)));
      if (gone(e)) return true;
      try {
        await Promise.race([driver.getWindowHandle(), new Promise((_, no) => setTimeout(() => no(new Error('session deleted: no answer in 20 s')), 20000))]);
        return false;
      } catch (x) { return gone(x); }
    },
    // The last lines the driver and browser wrote, for the report of a lost browser.
    logTail() {
      const file = driverLogPath(name);
      const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-15) : [];
      return `     what ${name}'s driver and browser last wrote (${file}):\n` + lines.map(l => '     | ' + l).join('\n');
    },
  };
  return engine;
}

// The guards must see a console error and a request for another host, or every "no problem"
// the tests report from this engine would mean nothing.
async function proveGuards(engine, url) {
  const page = await engine.page({ width: 1280, height: 800 });
  await page.goto(url);
  await page.eval(() => { console.error('turf-guard-canary'); });
  // WebKit watches requests from within the page (see the header); the others, at the network.
  if (engine.hook) await page.eval(u => { new Image().src = u; }, CANARY + 'canary.png');
  else await page.goto(CANARY).catch(() => {});
  const seen = () => ({
    console: page.problems.some(p => p.includes('turf-guard-canary')),
    request: page.problems.some(p => p.includes('turf-canary.invalid')),
  });
  // WebKit's CSP reports its refusal in an event after the script that made the request has
  // returned, so its hook is read again while waiting (reading it only once saw the console
  // error but, on a loaded machine, not yet the refusal).
  for (let i = 0; i < 50 && !(seen().console && seen().request); i++) {
    await new Promise(r => setTimeout(r, 100));
    if (engine.hook) await page.drain();
  }
  const s = seen();
  if (!s.console || !s.request) throw new Error(`${engine.name}: the guards are blind (saw console error: ${s.console}, saw foreign request: ${s.request}); problems: ${page.problems.join(' | ')}`);
  await page.close();
}

async function openEngine(name, { context, basePort, url }) {
  const engine = name === 'chromium' ? await openChromium(context) : await openWebDriver(name, { basePort });
  engine.url = engine.url || url;
  try {
    await proveGuards(engine, engine.url);
  } catch (e) {
    await engine.close();
    throw e;
  }
  return engine;
}

// A page for a test: `viewport` set, problems collected, screenshots under artifacts/<engine>/.
async function openPage(engine, viewport = { width: 1280, height: 800 }) {
  const page = await engine.page(viewport);
  if (engine.name === 'chromium') await page.setViewport(viewport.width, viewport.height);
  page.shot = async name => {
    const dir = path.join(ARTIFACTS, engine.name);
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, name + '.png');
    await page.screenshot(file);
    return file;
  };
  // Navigations wait until the app has started (Trunk sets window.wasmBindings once the wasm
  // runs): leaving a page whose wasm is still loading aborts the load, and Firefox reports that
  // as the page's error ("A ServiceWorker intercepted the request and encountered an
  // unexpected error", then AbortError), which is the test's doing, not the app's.
  for (const nav of ['goto', 'reload']) {
    const raw = page[nav].bind(page);
    page[nav] = async (...args) => {
      await raw(...args);
      await page.waitFor(loopback => !new RegExp(loopback).test(location.hostname) || window.wasmBindings !== undefined, [LOOPBACK.source], 30000);
    };
  }
  page.has = sel => page.eval(s => !!document.querySelector(s), sel);
  page.text = sel => page.eval(s => { const e = document.querySelector(s); return e ? e.textContent : null; }, sel);
  page.count = sel => page.eval(s => document.querySelectorAll(s).length, sel);
  // Polls `fn` in the page until it returns something truthy.
  page.waitFor = async (fn, args = [], timeout = 30000) => {
    const start = Date.now();
    for (;;) {
      let v;
      try { v = await page.eval(fn, ...args); } catch (e) { v = null; /* mid-navigation */ }
      if (v) return v;
      if (Date.now() - start > timeout) throw new Error(`timed out after ${timeout} ms waiting for ${String(fn).slice(0, 160)} ${JSON.stringify(args)}`);
      await new Promise(r => setTimeout(r, 100));
    }
  };
  page.waitForSelector = (sel, timeout) => page.waitFor(s => !!document.querySelector(s), [sel], timeout);
  page.sleep = ms => new Promise(r => setTimeout(r, ms));
  return page;
}

// A clean start (no saves, English) and a new game of `game` with `seats` (seat 1 onwards;
// seat 0 is the human), `options` ([selector, value, nth] in the game's own setup form) and
// whatever else `after` sets before the start.
async function startGame(page, url, game, { seats = ['easy'], options = [], after = async () => {} } = {}) {
  await page.goto(url);
  await page.eval(() => { localStorage.clear(); localStorage.setItem('turf.lang', 'en'); });
  await page.goto(url);
  await page.waitForSelector(`button[data-game="${game}"]`);
  await page.click(`button[data-game="${game}"]`);
  await page.waitForSelector('[data-testid="start-game"]');
  for (const [sel, value, nth] of options) await page.select(sel, value, nth || 0);
  for (let i = 0; i < seats.length; i++) await page.select(`[data-seat="${i + 1}"] select`, seats[i]);
  await after();
  await page.click('[data-testid="start-game"]');
  await page.waitForSelector(`.table[data-game="${game}"]`);
}

module.exports = { ENGINES, openEngine, openPage, startGame, startStatic, HOOK_PATH };
