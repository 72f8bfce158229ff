// Issue #20 target 2, a player's own taps: pass-and-play tables (every seat human, so each turn
// ends at the hand-off screen where the game has secrets) played by pointer taps for a number of
// steps at 4× CPU throttling, with a DevTools trace. main-thread.js plays computers against each
// other, whose actions need no tap; this is what a player's taps cost the page.
// Prints per game: the long tasks (over 50 ms) during the taps, the style recalculations and
// layouts the page was forced into while an element left it (the event's JavaScript stack at a
// `remove` or `removeChild`: Chromium lays out the half-drawn page when the focused element is
// removed, and a tapped control has the focus), and every forced style and layout by the
// function that asked for it.
// usage: [STEPS=n] [TRACE_FILE=path] node tests/e2e/taps.js [game…] (needs dist/, or E2E_DIST=<build>)
const { startServer, launch, startTrace, guardedPage, fresh } = require('./lib');

const GAMES = ['herd', 'toy-battle', 'moonlight', 'turncoats'];
const STEPS = Number(process.env.STEPS || 16);
const TIMELINE = 'devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-devtools.timeline.stack';

// One tap of play: the hand-off's Ready, or a legal target in the middle of the list; a tap as
// the page gets it (no Playwright hit test in the page, which lays it out itself).
async function tap(page) {
  const ready = await page.$('[data-testid="handoff-ready"]');
  if (ready) return ready.click({ force: true });
  const legal = await page.$$('[data-legal]');
  if (legal.length === 0) return page.waitForTimeout(200);
  await legal[Math.floor(legal.length / 2)].click({ force: true, timeout: 2000 }).catch(() => {});
}

async function measure(browser, url, game) {
  const { page } = await guardedPage(browser.context, { width: 1280, height: 800 });
  // The same deal and the same taps in every run and every build: the page's Math.random (the
  // table's seed) is a fixed sequence.
  await page.addInitScript(() => {
    let a = 20201207;
    Math.random = () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  });
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await fresh(page, url);
  await page.click(`button[data-game="${game}"]`);
  for (const seat of await page.$$('[data-seat] select')) await seat.selectOption('human');
  await page.click('[data-testid="start-game"]');
  await page.waitForSelector(`.table[data-game="${game}"]`);
  await page.waitForTimeout(1000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.evaluate(() => {
    window.__long = [];
    new PerformanceObserver(l => { for (const e of l.getEntries()) window.__long.push(Math.round(e.duration)); }).observe({ type: 'longtask' });
  });
  const stop = await startTrace(cdp, TIMELINE);
  for (let i = 0; i < STEPS && !(await page.$('[data-testid="game-over"]')); i++) {
    await tap(page);
    await page.waitForTimeout(300);
  }
  const events = await stop();
  if (process.env.TRACE_FILE) require('fs').writeFileSync(process.env.TRACE_FILE, JSON.stringify(events));
  const long = await page.evaluate(() => window.__long);
  const forced = events.filter(e => e.ph === 'X' && (e.name === 'Layout' || e.name === 'UpdateLayoutTree')
    && (e.args?.beginData?.stackTrace || []).slice(0, 2).some(f => /(^|_)remove(Child)?(_|$)/.test(f.functionName)));
  const ms = forced.reduce((s, e) => s + e.dur / 1000, 0);
  // Every forced style or layout, by the function that asked for it (its JavaScript stack's top).
  const by = {};
  for (const e of events) {
    const stack = e.ph === 'X' && (e.name === 'Layout' || e.name === 'UpdateLayoutTree') && e.args?.beginData?.stackTrace;
    if (!stack || !stack.length) continue;
    const who = stack.map(f => f.functionName).find(n => n && n !== 'handleError') || '(anonymous)';
    by[who] = (by[who] || 0) + e.dur / 1000;
  }
  const askers = Object.entries(by).sort((a, b) => b[1] - a[1]).slice(0, 4).map(([n, t]) => `${n.replace(/^__wbg_|_[0-9a-f]{16}$/g, '')} ${t.toFixed(1)}`);
  await page.close();
  return { long, forced: forced.length, ms, askers };
}

(async () => {
  const games = process.argv.slice(2).length ? process.argv.slice(2) : GAMES;
  const server = await startServer(Number(process.env.E2E_PORT || 8769));
  const browser = await launch();
  try {
    for (const game of games) {
      const r = await measure(browser, server.url, game);
      console.log(`${game}: ${STEPS} taps, ${r.long.length} long tasks${r.long.length ? ` (${r.long.join(', ')} ms)` : ''}; forced while an element left the page: ${r.forced} (${r.ms.toFixed(1)} ms); all forced style and layout by who asked (ms): ${r.askers.join(', ') || 'none'}`);
    }
  } finally {
    await browser.close();
    server.stop();
  }
})();
