// The first visit (issue #20): the static home of index.html shows the five games before the
// wasm runs, in the language the app will take, a tap on it is kept, the app takes over, and the
// service worker's install does not download the app a second time. Each test serves dist/ on
// a port of its own (lib.js startGzipServer, gzip as GitHub Pages), so its origin has no service
// worker nor cache from the other tests.
const assert = require('assert');
const zlib = require('zlib');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { guardedPage, startGzipServer, axeViolations, ROOT } = require('./lib');
const { invitation } = require('./online-lib');

// Holds every request for the wasm until `release()`: the page as it is before the app runs.
async function holdWasm(page) {
  const held = [];
  let released = false;
  await page.route('**/*.wasm', route => (released ? route.continue() : held.push(route)));
  // A held download the page gave up (the loader stops the whole app's when a game is tapped)
  // can no longer be continued.
  return { release: async () => { released = true; for (const r of held.splice(0)) await r.continue().catch(() => {}); } };
}

// The paths the service worker's cache holds.
const cachedPaths = page => page.evaluate(async () => {
  const keys = await caches.keys();
  const cache = await caches.open(keys.find(k => k.startsWith('turf-')));
  return (await cache.keys()).map(r => new URL(r.url).pathname);
});

// Takes the first legal target of the open table (the table plays: no network needed).
async function playFirstLegal(page) {
  await page.waitForSelector('[data-legal]');
  const legal = await page.$$('[data-legal]');
  await legal[0].click();
}

const shownGames = page => page.$$eval('#static-home a[data-game]', els => els
  .filter(e => e.getClientRects().length > 0)
  .map(e => ({ game: e.dataset.game, text: e.textContent, href: e.getAttribute('href') })));

module.exports = {
  async 'the static home shows the five games before the wasm runs, keeps a tap, and the app takes over'({ context }) {
    const server = await startGzipServer(0);
    const { page, problems } = await guardedPage(context, { width: 390, height: 844 });
    try {
      const wasm = await holdWasm(page);
      const response = await page.goto(server.url, { waitUntil: 'commit' });
      const html = await response.text();
      assert.ok(html.includes('id="static-home"'), 'the served index.html has the static home');
      await page.waitForSelector('#static-home a[data-game="long-campaign"]:visible');
      assert.strictEqual(await page.evaluate(() => document.documentElement.lang), 'en');
      assert.deepStrictEqual((await shownGames(page)).map(g => g.text),
        ['Play Herd', 'Play Toy Battle', 'Play Turncoats', 'Play Moonlight', 'Play Long Campaign']);
      assert.strictEqual(await page.textContent('#static-home [data-static-lang="en"] h1'), 'Pick a game');
      assert.strictEqual(await page.$('button[data-game]'), null, 'the app has not started');
      assert.deepStrictEqual(await axeViolations(page), [], 'the static home passes WCAG 2.1 AA (axe)');
      // A tap before the app is ready: kept in the fragment, then the app opens that setup.
      await page.click('#static-home a[data-game="moonlight"]:visible');
      assert.strictEqual(await page.evaluate(() => location.hash), '#play=moonlight');
      await wasm.release();
      await page.waitForSelector('[data-testid="start-game"]');
      assert.strictEqual(await page.$('#static-home'), null, 'the app removed the static home');
      assert.strictEqual(await page.evaluate(() => location.hash), '', 'the fragment is cleared');
      assert.match(await page.textContent('.setup h1'), /Moonlight/);
      // The tap started Moonlight's own build (scripts/loader.js), not the whole app.
      assert.strictEqual(await page.evaluate(() => window.turfBuild), 'moonlight');
      // Its home button hands the page over to the whole app, whose home works as before.
      await page.click('.brand');
      await page.waitForSelector('button[data-game="herd"]');
      assert.strictEqual(await page.evaluate(() => window.turfBuild), 'app');
      assert.strictEqual((await page.$$('button[data-game]')).length, 5);
      await page.click('button[data-game="herd"]');
      await page.click('[data-testid="start-game"]');
      await page.waitForSelector('[data-legal]');
      assert.deepStrictEqual(problems, []);
    } finally {
      await page.close();
      await server.stop();
    }
  },

  async 'the static home is in the language the app will take, and hidden when a table will open'({ context }) {
    const server = await startGzipServer(0);
    const { page, problems } = await guardedPage(context, { width: 390, height: 844 });
    try {
      await page.addInitScript(() => { if (!sessionStorage.getItem('set')) { sessionStorage.setItem('set', '1'); localStorage.setItem('turf.lang', 'hu'); } });
      const wasm = await holdWasm(page);
      await page.goto(server.url, { waitUntil: 'commit' });
      await page.waitForSelector('#static-home a[data-game="long-campaign"]:visible');
      assert.strictEqual(await page.evaluate(() => document.documentElement.lang), 'hu');
      assert.deepStrictEqual((await shownGames(page)).map(g => g.text),
        ['Játék: Herd', 'Játék: Játékok Harca', 'Játék: Turncoats', 'Játék: Moonlight', 'Játék: Hosszú Hadjárat']);
      const staticTitle = await page.textContent('#static-home [data-static-lang="hu"] h1');
      await wasm.release();
      await page.waitForSelector('button[data-game="herd"]');
      assert.strictEqual(await page.textContent('.home h1'), staticTitle, 'the app shows the same home');
      // With a table in progress the app opens it: the static home is not shown meanwhile.
      await page.click('button[data-game="herd"]');
      await page.click('[data-testid="start-game"]');
      await page.waitForSelector('[data-legal]');
      await page.unroute('**/*.wasm');
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      await page.reload({ waitUntil: 'commit' });
      await page.waitForSelector('[data-legal]');
      assert.ok(await page.evaluate(() => document.documentElement.classList.contains('turf-resume')),
        'the static home was hidden (html.turf-resume) while the app started');
      assert.deepStrictEqual(problems, []);
    } finally {
      await page.close();
      await server.stop();
    }
  },

  // A game's own build (src/ui/builds.rs): a link to a game's setup runs it; the service worker
  // keeps it from the HTTP cache and the whole app once each; offline, the table in progress
  // opens with it again, and its AI worker's script is there too.
  async 'a game opened from a link runs its own build, which the service worker keeps for offline play'({ context }) {
    const server = await startGzipServer(0);
    const { page, problems } = await guardedPage(context, { width: 390, height: 844 });
    try {
      await page.goto(server.url + '#play=herd');
      await page.click('[data-testid="start-game"]');
      await page.waitForSelector('[data-legal]');
      assert.strictEqual(await page.evaluate(() => window.turfBuild), 'herd');
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const wasm = server.served.filter(r => r.path.endsWith('.wasm') && r.status === 200).map(r => r.path);
      assert.strictEqual(wasm.filter(p => p.startsWith('/table-herd-')).length, 1, 'Herd\'s build downloaded once: ' + wasm);
      assert.strictEqual(wasm.filter(p => p.startsWith('/turf-web-')).length, 1, 'the whole app downloaded once, for the cache: ' + wasm);
      assert.strictEqual(wasm.length, 2, 'no other build downloaded: ' + wasm);
      const cached = await cachedPaths(page);
      assert.ok(cached.some(p => /^\/table-herd-[0-9a-f]{16}_bg\.wasm$/.test(p)), 'Herd\'s build is in the cache: ' + cached);
      assert.ok(!cached.some(p => p.startsWith('/table-moonlight-')), 'a build never loaded is not: ' + cached);
      await server.stop();
      await page.reload();
      await page.waitForSelector('[data-legal]');
      assert.strictEqual(await page.evaluate(() => window.turfBuild), 'herd', 'offline, the table opened with Herd\'s build');
      assert.ok(await page.evaluate(() => fetch('./ai-worker-herd.js').then(r => r.ok)), 'its AI worker is kept too');
      await playFirstLegal(page);
      assert.deepStrictEqual(problems, []);
    } finally {
      await page.close();
      await server.stop().catch(() => {});
    }
  },

  // A link straight to a game (`#play=herd`) starts its build as soon as it is downloaded,
  // which may be before the page is parsed: here the stylesheet comes late, so the static home
  // (parsed after the stylesheet) is not in the page yet when the app starts. Once the page is
  // whole, the static home must not be left under the app's setup.
  async 'a game started before the page is parsed leaves no static home under its setup'({ context }) {
    const server = await startGzipServer(0);
    const { page, problems } = await guardedPage(context, { width: 390, height: 844 });
    try {
      let cssAsked;
      const cssHeld = new Promise(resolve => { cssAsked = resolve; });
      await page.route('**/*.css', async route => { cssAsked(); await new Promise(r => setTimeout(r, 2500)); await route.continue(); });
      await page.goto(server.url + '#play=herd', { waitUntil: 'commit' });
      await cssHeld;
      await page.waitForSelector('[data-testid="start-game"]', { state: 'attached' });
      const before = await page.evaluate(() => document.readyState);
      await page.waitForFunction(() => document.readyState === 'complete');
      await page.waitForTimeout(200);
      assert.strictEqual(before, 'loading', 'the app started while the page was still being parsed');
      assert.strictEqual(await page.evaluate(() => document.querySelectorAll('#static-home, .static-home').length), 0,
        'the static home is gone once the page is whole');
      assert.strictEqual(await page.evaluate(() => document.querySelectorAll('[data-testid="start-game"]').length), 1);
      assert.deepStrictEqual(problems, []);
    } finally {
      await page.close();
      await server.stop();
    }
  },

  // Online tables are the whole app's (src/ui/builds.rs): a game's own build hands the lobby
  // over, seats and options, and the whole app opens it; reopened later, the online table in
  // progress goes straight to the whole app (scripts/loader.js).
  async "a game's own build hands an online table over to the whole app, seats and options kept"({ context }) {
    const server = await startGzipServer(0);
    const { page, problems } = await guardedPage(context, { width: 390, height: 844 });
    try {
      // What the game's build leaves in the session for the whole app, seen as the next page starts.
      await page.addInitScript(() => { window.__carried = sessionStorage.getItem('turf.lobby'); });
      await page.goto(server.url + '#play=herd');
      await page.waitForSelector('[data-testid="start-game"]');
      assert.strictEqual(await page.evaluate(() => window.turfBuild), 'herd');
      await page.selectOption('.options select >> nth=0', '7');
      await page.fill('[data-seat="0"] input', 'Ann');
      await page.selectOption('[data-seat="1"] select', 'remote');
      await page.fill('[data-seat="1"] input', 'Bo');
      await page.click('[data-testid="start-game"]');
      await page.waitForSelector('.lobby[data-online="host"]');
      assert.strictEqual(await page.evaluate(() => window.turfBuild), 'app', 'the lobby runs in the whole app');
      const carried = JSON.parse(await page.evaluate(() => window.__carried));
      assert.strictEqual(carried.game, 'herd');
      assert.deepStrictEqual(carried.seats.map(s => [s.name, s.remote]), [['Ann', false], ['Bo', true]]);
      assert.strictEqual(JSON.parse(carried.options).side, 7, 'the options chosen in the game\'s build: ' + carried.options);
      assert.strictEqual(await page.evaluate(() => sessionStorage.getItem('turf.lobby')), null, 'the lobby is taken once');
      // The invitation names the host and the friend as set up.
      const link = await invitation(page, 1);
      const code = link.slice(link.indexOf('#join=') + 6);
      const sent = JSON.parse(zlib.inflateRawSync(Buffer.from(code, 'base64url')).toString());
      assert.deepStrictEqual([sent.game, sent.host, sent.seat, sent.name], ['herd', 'Ann', 1, 'Bo']);
      assert.deepStrictEqual(problems, []);
      // An online table in progress opens with the whole app, never a game's build (only the
      // loader's choice is looked at: this save holds no more than the loader reads).
      await page.evaluate(() => {
        localStorage.setItem('turf.save.online-test', JSON.stringify({ table: { game: 'herd', online: { table: 't' } } }));
        localStorage.setItem('turf.current', 'online-test');
      });
      await page.reload({ waitUntil: 'commit' });
      await page.waitForFunction(() => window.turfBuild !== undefined);
      assert.strictEqual(await page.evaluate(() => window.turfBuild), 'app', 'an online table in progress loads the whole app');
    } finally {
      await page.close();
      await server.stop();
    }
  },

  // A game's build that cannot be loaded (here its wasm is refused) gives way to the whole
  // app, which opens the same setup.
  async 'a game whose own build fails to load opens with the whole app'({ context }) {
    const server = await startGzipServer(0);
    const { page, problems } = await guardedPage(context, { width: 390, height: 844 });
    try {
      await page.route('**/table-herd-*_bg.wasm', route => route.fulfill({ status: 500, body: 'broken' }));
      await page.goto(server.url + '#play=herd');
      await page.waitForSelector('[data-testid="start-game"]');
      assert.strictEqual(await page.evaluate(() => window.turfBuild), 'app');
      assert.match(await page.textContent('.setup h1'), /Herd/);
      await page.click('[data-testid="start-game"]');
      await page.waitForSelector('[data-legal]');
      // The refused download is the one expected problem.
      assert.ok(problems.every(p => /500|table-herd/.test(p)), problems.join('\n'));
    } finally {
      await page.close();
      await server.stop();
    }
  },

  // The page comes from the service worker's cache (a visit does not wait for the network), so
  // a new release is seen one visit later: the browser finds the new sw.js at a visit and
  // installs the new release behind the page it opened; the next visit opens the new release.
  // The cache of the release before stays (a page of it may still be open), older ones go.
  // Releases B and C are copies of dist/ whose page carries a mark and whose sw.js a new version.
  async 'a new release opens from the visit after the one that found it; the release before keeps its cache until the next'({ context }) {
    const release = name => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `turf-release-${name}-`));
      fs.cpSync(path.join(ROOT, 'dist'), dir, { recursive: true });
      const page = path.join(dir, 'index.html');
      fs.writeFileSync(page, fs.readFileSync(page, 'utf8').replace('<head>', `<head><meta name="turf-release" content="${name}">`));
      const sw = path.join(dir, 'sw.js');
      fs.writeFileSync(sw, fs.readFileSync(sw, 'utf8').replace(/const VERSION = '([0-9a-f]+)'/, `const VERSION = '$1${name.toLowerCase()}'`));
      return dir;
    };
    const dirs = { B: release('B'), C: release('C') };
    let server = await startGzipServer(0);
    const port = Number(new URL(server.url).port);
    const { page, problems } = await guardedPage(context, { width: 390, height: 844 });
    const mark = () => page.evaluate(() => document.querySelector('meta[name="turf-release"]')?.content ?? 'A');
    const cacheNames = () => page.evaluate(() => caches.keys());
    const open = async () => {
      await page.reload();
      await page.waitForSelector('button[data-game="herd"]');
      return mark();
    };
    // The new release's cache is made and its worker controls the page.
    // (Polled from here: waitForFunction takes a promise for a truthy value.)
    const installed = async version => {
      for (let tries = 0; tries < 300; tries++) {
        const done = await page.evaluate(async v => {
          if (!(await caches.keys()).includes('turf-' + v)) return false;
          if (!(await (await caches.open('turf-' + v)).match('./'))) return false;
          const r = await navigator.serviceWorker.getRegistration();
          return !!r && !r.installing && !r.waiting && !!r.active && r.active.state === 'activated';
        }, version);
        if (done) return;
        await new Promise(r => setTimeout(r, 100));
      }
      throw new Error(`release ${version} was not installed in 30 s`);
    };
    try {
      await page.goto(server.url);
      await page.waitForSelector('button[data-game="herd"]');
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const a = (await cacheNames())[0].replace(/^turf-/, '');
      for (const name of ['B', 'C']) {
        const before = await mark();
        await server.stop();
        server = await startGzipServer(port, dirs[name]);
        server.reset();
        assert.strictEqual(await open(), before, `the visit that finds release ${name} opens the release the device has, from its cache`);
        const pages = server.served.filter(r => (r.path === '/' || r.path === '/index.html') && !r.referer.endsWith('/sw.js'));
        assert.deepStrictEqual(pages, [], `that visit's page did not come from the network (the new release's install asks for it, as sw.js)`);
        await installed(a + name.toLowerCase());
        assert.strictEqual(await open(), name, `the next visit opens release ${name}`);
      }
      assert.deepStrictEqual(await cacheNames(), ['turf-' + a + 'b', 'turf-' + a + 'c'],
        'the release before (B) keeps its cache, the one before it (A) is gone');
      assert.deepStrictEqual(problems, []);
    } finally {
      await page.close();
      await server.stop().catch(() => {});
      for (const dir of Object.values(dirs)) fs.rmSync(dir, { recursive: true, force: true });
    }
  },

  // Served with `Cache-Control: no-cache` (the HTTP cache must ask before reusing a file), so an
  // install that does not take the HTTP cache's copy would ask the server again (the Referer of
  // the service worker's requests is sw.js); with Pages' max-age=600 it would not show.
  async 'the first visit downloads the wasm once (the service worker reuses it) and then plays offline'({ context }) {
    const server = await startGzipServer(0, undefined, { cacheControl: 'no-cache' });
    const { page, problems } = await guardedPage(context, { width: 390, height: 844 });
    try {
      await page.goto(server.url);
      await page.waitForSelector('button[data-game="herd"]');
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const wasm = server.served.filter(r => r.path.endsWith('.wasm'));
      assert.strictEqual(wasm.filter(r => r.status === 200).length, 1, 'the wasm is downloaded once: ' + JSON.stringify(wasm));
      // The page loaded every content-hashed file; the service worker asks for none of them.
      const fromWorker = server.served.filter(r => r.referer.endsWith('/sw.js') && /-[0-9a-f]{16}/.test(r.path));
      assert.deepStrictEqual(fromWorker, [], 'the service worker asked the server for files the page had loaded');
      assert.ok(server.served.some(r => r.referer.endsWith('/sw.js')), 'the service worker installed (it asked for the page again)');
      const cached = await cachedPaths(page);
      assert.ok(cached.some(p => p.endsWith('.wasm')), 'the wasm is in the cache: ' + cached.join(', '));
      // Offline: the server is gone; Turf loads from the cache and plays against the computer.
      await server.stop();
      await page.reload();
      await page.waitForSelector('button[data-game="herd"]');
      await page.click('button[data-game="herd"]');
      await page.click('[data-testid="start-game"]');
      await page.waitForSelector('[data-legal]');
      await playFirstLegal(page);
      assert.deepStrictEqual(problems, []);
    } finally {
      await page.close();
      await server.stop().catch(() => {});
    }
  },
};
