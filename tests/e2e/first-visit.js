// First and repeat visit on a phone profile (issue #20): dist/ served with gzip and an ETag as
// GitHub Pages serves it (lib.js startGzipServer), Chromium with a phone's viewport, Slow 4G
// (150 ms latency, 1.6 Mbit/s down, 750 kbit/s up) and a 4× slower CPU, set through the
// DevTools protocol on the page. Each run is a new browser profile (empty HTTP cache, no service
// worker) kept on disk as a player's browser keeps it, and measures, from navigation start:
//   home ready to tap: the five games' buttons (the static home's links or the app's buttons)
//     are in the page, shown and enabled, and the page has painted (first contentful paint);
//   Herd's first legal target: tap Herd on the home page as soon as it is ready to tap, keep the
//     setup (you against the computer), tap Start, until the first [data-legal] element; also
//     without the benchmark's own latency before each tap (a frame to show the button, and the
//     tap's way from this script to the page). The taps are a finger's (touch events at the
//     button's centre, sent by the DevTools protocol once the page has shown the button), and the
//     benchmark runs nothing in the page it measures: Playwright's own checks before a click
//     (its injected script, 70-80 ms of the page's main thread at 4x when first used, then some
//     tens of ms a click) made each first visit about 0.3 s longer until Dec 6 (stop 47). Herd
//     draws its first player (herd.md D10): when the computer is drawn, its first turn comes
//     before your first target: the lower die's stones (1 to 6), each one action at the table's
//     pace (the worker's start and its search pass during the pace), so the runs are also
//     reported apart by who moved first, with the computer's stones;
//   repeat visit: after the service worker is active and the player has stayed at the table a
//     while (STAY ms, 5 s unless set), a new tab of the same profile opens Turf again, which goes
//     back to the open Herd table: until its first [data-legal] element. Until Dec 7 (stop 52)
//     each run was a private window's profile (PRIVATE=1 still measures one), whose repeat visit
//     took a median of 488-531 ms where a profile on disk took 303-365 (Dec 7): the private
//     window keeps its caches in memory and Chromium keeps no compiled code for it.
// Bytes on the wire are counted by the server: during the first visit up to the Herd table, then
// until the service worker is active (its install included), and during the repeat visit; and
// by the browser for the page's own requests up to the Herd table (the server counts a download
// the page gave up as whole).
// The throttling applies to the page's requests and main thread, not to the service worker's
// own fetches (another DevTools target): during the repeat visit, whose requests are all the
// service worker's, the server waits Slow 4G's round trip (150 ms) before each answer instead.
// With COMPILE=1 each visit is also traced with V8's wasm categories, and the script tells how
// many of the wasm's functions V8 compiled on the page's main thread, and for how long (the
// Liftoff compiler's time, at 4x): on the first visit before the setup is shown, between the
// setup and the Start tap, and between the tap and the first target; on the repeat visit until
// its first target. V8 compiles a wasm lazily, each function the first time it runs, so that
// compilation is part of each step's long tasks, unless the visit starts from the code Chromium
// kept of an earlier one; the trace's own cost makes these runs slower, so their times are not
// the benchmark's.
// usage: [REPEAT_RTT=ms] [STAY=ms] [PRIVATE=1] [COMPILE=1] node tests/e2e/first-visit.js [runs] [dir]   (needs dist/: `make dist`; default 5 runs;
// dir: another build to serve, such as a copy of an older dist/)
const { chromium } = require('playwright-core');
const { startGzipServer, startTrace, launch, CHROMIUM, CHROMIUM_ARGS } = require('./lib');

const path = require('path');
const RUNS = Number(process.argv[2] || 5);
// The round trip of the repeat visit's requests (see above); REPEAT_RTT=3000 is a connection
// that is up but hardly passes anything.
const REPEAT_RTT = Number(process.env.REPEAT_RTT || 150);
const DIR = process.argv[3] ? path.resolve(process.argv[3]) : undefined;
const COMPILE = process.env.COMPILE === '1';
// How long the first visit stays open once the service worker is active (see below).
const STAY = Number(process.env.STAY || 5000);
const PRIVATE = process.env.PRIVATE === '1';
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

// Installed before any script of the page: notes when the home is ready to tap and when the
// first legal target appears, in ms since navigation start.
function watch() {
  const fv = (window.__fv = {});
  let fcp;
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') { fcp = e.startTime; check(); }
  }).observe({ type: 'paint', buffered: true });
  let cards;
  const check = () => {
    const now = performance.now();
    if (cards === undefined) {
      const games = [...document.querySelectorAll('a[href][data-game], button[data-game]')]
        .filter(e => !e.disabled && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden');
      if (games.length === 5) cards = now;
    }
    if (fv.home === undefined && cards !== undefined && fcp !== undefined) {
      fv.home = Math.max(cards, fcp);
      shown('home', 'a[href][data-game="herd"], button[data-game="herd"]');
    }
    if (fv.setup === undefined && document.querySelector('[data-testid="start-game"]')) {
      fv.setup = now;
      shown('setup', '[data-testid="start-game"]');
    }
    if (fv.legal === undefined && document.querySelector('[data-legal]')) {
      fv.legal = now;
      tell('legal');
    }
  };
  // The benchmark waits and taps without running anything in the page (Playwright's injected
  // script costs the page 70-80 ms of main thread at 4x when it is first used): the page tells it
  // on the console what it reached, and where the button to tap is once a frame has shown it.
  const tell = (step, at) => console.debug('turf-fv ' + JSON.stringify({ step, ...at }));
  const shown = (step, selector) => requestAnimationFrame(() => setTimeout(() => {
    const button = [...document.querySelectorAll(selector)].find(e => e.getClientRects().length > 0);
    // A button below the fold is swiped into view first, at once (none is, today).
    if (button && button.getBoundingClientRect().bottom > innerHeight) button.scrollIntoView({ block: 'center' });
    const r = button && button.getBoundingClientRect();
    tell(step, r && { x: r.left + r.width / 2, y: r.top + r.height / 2 });
  }));
  // The main thread's long tasks (over 50 ms), to tell where the time between two taps went.
  fv.tasks = [];
  try {
    new PerformanceObserver(list => {
      for (const e of list.getEntries()) fv.tasks.push([Math.round(e.startTime), Math.round(e.duration)]);
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) { /* an engine without long tasks: none reported */ }
  // When the player's taps land (the game on the home, Start on the setup).
  addEventListener('click', e => {
    if (e.target.closest('[data-game]')) fv.gameTap ??= performance.now();
    if (e.target.closest('[data-testid="start-game"]')) fv.startTap ??= performance.now();
  }, true);
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  // Where the time goes: the wasm's download ends, the app has started (Trunk's event).
  addEventListener('TrunkApplicationStarted', () => {
    fv.started = performance.now();
    const res = performance.getEntriesByType('resource');
    const end = suffix => res.find(e => e.name.endsWith(suffix))?.responseEnd;
    // The build that runs (scripts/loader.js): the whole app, or the game's own build.
    fv.build = window.turfBuild;
    fv.wasm = res.find(e => e.name.endsWith('.wasm') && e.name.includes(fv.build === 'app' ? '/turf-web-' : `/table-${fv.build}-`))?.responseEnd;
    fv.css = end('.css');
    fv.fcp = fcp;
  });
}

async function phonePage(context) {
  const page = await context.newPage();
  // What the page has told (see `tell` above), by step.
  const told = new Map();
  const waiting = new Map();
  page.on('console', message => {
    const text = message.text();
    if (!text.startsWith('turf-fv ')) return;
    const at = JSON.parse(text.slice('turf-fv '.length));
    told.set(at.step, at);
    waiting.get(at.step)?.(at);
  });
  page.reached = (step, ms = 60000) => told.has(step) ? Promise.resolve(told.get(step)) : new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the page did not reach "${step}" in ${ms} ms`)), ms);
    waiting.set(step, at => { clearTimeout(timer); resolve(at); });
  });
  // A finger's tap where the page showed the button, as soon as it was shown.
  page.tapWhen = async step => {
    const at = await page.reached(step);
    if (at.x === undefined) throw new Error(`no button to tap at "${step}"`);
    await page.touchscreen.tap(at.x, at.y);
  };
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // What the page itself received on the wire (a download it gave up counts only as far as it
  // went, which the server cannot tell: it sent the whole file into the socket).
  page.received = 0;
  cdp.on('Network.dataReceived', e => { page.received += e.encodedDataLength; });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 200000, uploadThroughput: 93750 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(watch);
  return page;
}

// The wasm functions V8 compiled lazily on the page's main thread in each of a visit's `steps`
// ([name, from ms, to ms] since its navigation), read from a trace of it (see COMPILE above).
function lazyCompiles(events, steps, url) {
  const start = events.find(e => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL === url);
  if (!start) return null;
  const at = e => (e.ts - start.ts) / 1000;
  const compiled = events.filter(e => e.name === 'wasm.CompileBaseline' && e.tid === start.tid);
  return steps.map(([step, from, to]) => {
    const inStep = compiled.filter(e => at(e) >= from && at(e) < to);
    return { step, functions: inStep.length, ms: inStep.reduce((ms, e) => ms + e.dur / 1000, 0) };
  });
}

const told = steps => (steps ? steps.map(s => `${s.step} ${s.functions} (${s.ms.toFixed(1)} ms)`).join(', ') : 'no navigation in the trace');

// A DevTools trace of `page` in V8's wasm categories; `stop()` gives its events.
async function traceWasm(context, page) {
  return startTrace(await context.newCDPSession(page), 'v8.wasm,disabled-by-default-v8.wasm.detailed,blink.user_timing,devtools.timeline');
}

// A new browser profile on disk, a phone's, as a player's browser has it (with PRIVATE=1, a
// private window's, in memory).
async function newProfile() {
  if (PRIVATE) {
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    return { context: await browser.newContext(PHONE), close: () => browser.close() };
  }
  // The motion as a player has it (the tests' browser turns it off), as a private window has it.
  return launch({ ...PHONE, reducedMotion: 'no-preference' });
}

const kb = bytes => (bytes / 1024).toFixed(0);
const sum = served => served.reduce((n, r) => n + r.bytes, 0);
const median = xs => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };

(async () => {
  // The page is served `no-cache`, as a player who comes back later than the HTTP cache's ten
  // minutes (Pages' max-age=600) finds it: asked for again (a 304) wherever it is not taken
  // from the service worker's cache. Every other file as Pages serves it.
  const isPage = p => p === '/' || p === '/index.html';
  const server = await startGzipServer(0, DIR, { cacheControl: p => (isPage(p) ? 'no-cache' : 'max-age=600') });
  const rows = { home: [], herd: [], youFirst: [], computerFirst: [], ownYouFirst: [], ownComputerFirst: [], repeat: [], bytesHerd: [], pageHerd: [], bytesInstalled: [], bytesRepeat: [], wasmFetches: [], computerStones: [] };
  try {
    for (let run = 0; run < RUNS; run++) {
      const profile = await newProfile();
      const context = profile.context;
      try {
        server.reset();
        const page = await phonePage(context);
        const traced = COMPILE && await traceWasm(context, page);
        await page.goto(server.url, { waitUntil: 'commit' });
        // The first of the five games' buttons that is shown (the static home's or the app's).
        await page.tapWhen('home');
        await page.tapWhen('setup');
        await page.reached('legal');
        const first = await page.evaluate(() => window.__fv);
        if (COMPILE) {
          const steps = [['before the setup', 0, first.setup], ['setup to Start', first.setup, first.startTap], ['Start to first target', first.startTap, first.legal]];
          console.log(`run ${run + 1}, wasm functions compiled lazily on the main thread: ${told(lazyCompiles(await traced(), steps, server.url))}`);
        }
        rows.home.push(first.home);
        rows.herd.push(first.legal);
        // Without the benchmark's own latency: the time from the home being ready to the game's
        // tap, and from the setup shown to Start's tap (Playwright's checks of the page before a
        // click, slow at 4×), taken out. A person taps later still: this is what the page and the
        // network take.
        const own = first.legal - (first.gameTap - first.home) - (first.startTap - first.setup);
        // Who plays Red, the first player: the players' panel comes a paint after the board.
        const red = page.locator('.player.seat-red .player-kind');
        const youFirst = /Human|Ember/.test(await red.textContent({ timeout: 60000 }));
        // Red's first turn places the lower die's stones (herd.md §4.2), one action and one pace
        // each: read once the measurement is over, all the stones on the board are the computer's.
        const stones = youFirst ? 0 : await page.locator('[data-piece^="stone-"]').count();
        if (!youFirst) rows.computerStones.push(stones);
        (youFirst ? rows.youFirst : rows.computerFirst).push(first.legal);
        (youFirst ? rows.ownYouFirst : rows.ownComputerFirst).push(own);
        rows.bytesHerd.push(sum(server.served));
        rows.pageHerd.push(page.received);
        await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
        // The player stays at the table a while (their first move, say) before leaving, and the
        // install's last responses come. STAY=500 is a visitor who leaves the moment the service
        // worker is active (the benchmark's wait until Dec 7).
        await page.waitForTimeout(STAY);
        rows.bytesInstalled.push(sum(server.served));
        rows.wasmFetches.push(server.served.filter(r => r.path.endsWith('.wasm')).length);
        await page.close();
        server.reset();
        // The repeat visit's requests are the service worker's (the page's own are answered by
        // it), which DevTools' throttling does not slow: the server gives them Slow 4G's round trip.
        server.latency = REPEAT_RTT;
        const again = await phonePage(context);
        const tracedAgain = COMPILE && await traceWasm(context, again);
        await again.goto(server.url, { waitUntil: 'commit' });
        await again.reached('legal');
        server.latency = 0;
        rows.repeat.push(await again.evaluate(() => window.__fv.legal));
        if (COMPILE) {
          const steps = [['to the open table', 0, rows.repeat[run]]];
          const events = await tracedAgain();
          // Chromium's kept code of an earlier visit, read back (V8's deserialization).
          const kept = events.some(e => e.name === 'wasm.Deserialize');
          console.log(`run ${run + 1}, repeat visit, ${kept ? 'from the code kept of the first visit' : 'compiled anew'}; wasm functions compiled lazily on the main thread: ${told(lazyCompiles(events, steps, server.url))}`);
        }
        rows.bytesRepeat.push(sum(server.served));
        const repeat = await again.evaluate(() => window.__fv);
        const ms = x => (x ?? NaN).toFixed(0);
        const at = fv => `${fv.build ?? 'app'} build, CSS at ${ms(fv.css)} ms, first paint ${ms(fv.fcp)} ms, ` +
          (fv.gameTap === undefined ? '' : `game tapped at ${ms(fv.gameTap)} ms, `) +
          `wasm downloaded at ${ms(fv.wasm)} ms, app started at ${ms(fv.started)} ms` +
          (fv.startTap === undefined ? '' : `, setup shown at ${ms(fv.setup)} ms, Start tapped at ${ms(fv.startTap)} ms`) +
          (fv.tasks.length ? `; long tasks (start+ms): ${fv.tasks.map(([t, d]) => `${t}+${d}`).join(' ')}` : '');
        console.log(`run ${run + 1}: home ready ${first.home.toFixed(0)} ms, Herd's first legal target ${first.legal.toFixed(0)} ms (${own.toFixed(0)} without the benchmark's latency before its taps), ${youFirst ? 'you' : `the computer (${stones} stone${stones === 1 ? '' : 's'})`} first ` +
          `(${at(first)}; repeat visit: ${at(repeat)})`);
        console.log(`  repeat visit ${rows.repeat[run].toFixed(0)} ms; bytes: the page received ${kb(rows.pageHerd[run])} KB to the Herd table; served ${kb(rows.bytesHerd[run])} KB to the Herd table, ` +
          `${kb(rows.bytesInstalled[run])} KB once the service worker is active (${rows.wasmFetches[run]} wasm download(s)), ` +
          `${kb(rows.bytesRepeat[run])} KB on the repeat visit`);
      } finally {
        await profile.close();
      }
    }
  } finally {
    await server.stop();
  }
  const line = (what, xs, unit = 'ms') => xs.length && console.log(`${what}: median ${median(xs).toFixed(0)} ${unit} of ${xs.length} (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)})`);
  console.log('Slow 4G (150 ms, 1.6 Mbit/s down, 750 kbit/s up), 4× CPU slowdown, 390×844 phone viewport, gzip:');
  line('First visit, home ready to tap', rows.home);
  line('First visit, Herd\'s first legal target (taps included)', rows.herd);
  line('  of which you moved first', rows.youFirst);
  line('  of which the computer moved first', rows.computerFirst);
  if (rows.computerStones.length) console.log(`    the computer's first turn placed ${rows.computerStones.join(', ')} stone(s), each an action at the table's pace (its default, Brisk, unless changed)`);
  line('  without the benchmark\'s latency before its two taps, you first', rows.ownYouFirst);
  line('  without the benchmark\'s latency before its two taps, the computer first', rows.ownComputerFirst);
  line('Repeat visit, the open table\'s first legal target', rows.repeat);
  console.log(`Bytes on the wire (median): the page received ${kb(median(rows.pageHerd))} KB to the Herd table; the server sent ${kb(median(rows.bytesHerd))} KB to the Herd table, ` +
    `${kb(median(rows.bytesInstalled))} KB once the service worker is active (wasm downloaded ${median(rows.wasmFetches)} time(s)), ` +
    `repeat visit ${kb(median(rows.bytesRepeat))} KB`);
})().catch(e => { console.error(e); process.exit(1); });
