// The main thread while the home page draws its pictures of the games (issue #21): on a phone
// profile with a 4× slower CPU (as tests/e2e/first-visit.js, without the network throttle: the
// pictures come after the wasm, whatever the network), every long task (over 50 ms, Chromium's
// PerformanceObserver 'longtask') from the app's start until the five pictures are drawn, and
// when each picture was drawn. The app's own start (the wasm compiled and the page mounted)
// comes before and is reported apart.
// usage: node tests/e2e/home-tasks.js [runs] [dir] [cpu]   (needs dist/: `make dist`; default 5 runs
// and a 4× slower CPU; cpu 1: this machine's speed)
const { chromium } = require('playwright-core');
const path = require('path');
const { startGzipServer, CHROMIUM, CHROMIUM_ARGS } = require('./lib');

const RUNS = Number(process.argv[2] || 5);
const DIR = process.argv[3] && process.argv[3] !== '-' ? path.resolve(process.argv[3]) : undefined;
const CPU = Number(process.argv[4] || 4);
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

function watch() {
  const w = (window.__tasks = { long: [], drawn: {} });
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) w.long.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  addEventListener('TrunkApplicationStarted', () => { w.started = performance.now(); });
  new MutationObserver(() => {
    for (const e of document.querySelectorAll('[data-miniature].drawn')) {
      w.drawn[e.dataset.miniature] ??= performance.now();
    }
    if (w.buttons === undefined && document.querySelectorAll('button[data-game]').length === 5) w.buttons = performance.now();
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
}

const ms = x => x.toFixed(0);

(async () => {
  const server = await startGzipServer(0, DIR);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const longest = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext(PHONE);
      try {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
        await page.addInitScript(watch);
        await page.goto(server.url);
        const hasPictures = await page.waitForFunction(() => window.__tasks.buttons !== undefined, null, { timeout: 60000 })
          .then(() => page.waitForFunction(() => Object.keys(window.__tasks.drawn).length === 5, null, { timeout: 20000 }))
          .then(() => true, () => false);
        await page.waitForTimeout(300);
        const t = await page.evaluate(() => window.__tasks);
        const before = t.long.filter(l => l.start < t.started);
        const after = t.long.filter(l => l.start >= t.started);
        const worst = Math.max(0, ...after.map(l => l.duration));
        longest.push(worst);
        const drawn = Object.entries(t.drawn).map(([id, at]) => `${id} ${ms(at)}`).join(', ');
        console.log(`run ${run + 1}: app started ${ms(t.started)} ms, buttons ${ms(t.buttons)} ms; ` +
          `long tasks before the start ${before.map(l => ms(l.duration)).join('+') || 'none'} ms; ` +
          `after it ${after.map(l => `${ms(l.duration)} at ${ms(l.start)}`).join(', ') || 'none'}; ` +
          (hasPictures ? `pictures drawn at ${drawn}` : 'no pictures'));
        await page.close();
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(`${CPU}× CPU, 390×844 phone: longest main-thread task after the app's start, until the pictures are drawn: ` +
    `median ${ms([...longest].sort((a, b) => a - b)[longest.length >> 1])} ms, max ${ms(Math.max(...longest))} ms (0: none over 50 ms)`);
})().catch(e => { console.error(e); process.exit(1); });
