// Issue #20 target 2: the longest main-thread task of each game at 4× CPU throttling (Chromium's
// long-task observer: every task over 50 ms), with the table's motion on, as a player has it.
// Per game: starting a table, a whole game of two Easy computers at the Instant pace (every
// action drawn, every round's end), the game-over screen with its chart, and the replay stepped
// through action by action and dragged from end to end.
// usage: [MOTION=off] [PROFILE=1] node tests/e2e/main-thread.js [game…] (needs dist/: `make
// dist`); one line per game and phase, and writes tests/e2e/artifacts/main-thread.json. With
// PROFILE=1 the page's main thread is sampled (DevTools' CPU profiler) while the game plays, and
// the functions that took the most of it are printed: wasm functions carry their Rust names
// when the wasm keeps its name section (a build without wasm-opt, `data-wasm-opt="0"`).
const fs = require('fs');
const path = require('path');
const { startServer, launch, guardedPage, fresh, ARTIFACTS } = require('./lib');

const GAMES = {
  herd: { seats: 2, options: [['.options select >> nth=0', '5']] },
  'toy-battle': { seats: 2 },
  moonlight: { seats: 2 },
  turncoats: { seats: 3 },
  'long-campaign': { seats: 3 },
};
const THROTTLE = 4;
const GAME_TIMEOUT = 420000;

async function phase(page, name) {
  await page.evaluate(n => window.__phases.push([n, performance.now()]), name);
}

// The functions with the most self time in a CPU profile, with their share of the samples.
function topFunctions(profile, count = 25) {
  const self = new Map();
  const byId = new Map(profile.nodes.map(n => [n.id, n]));
  const dt = profile.timeDeltas;
  profile.samples.forEach((id, i) => {
    const f = byId.get(id).callFrame;
    const name = `${f.functionName || '(anonymous)'} ${f.url ? path.basename(f.url) : ''}`.trim();
    self.set(name, (self.get(name) || 0) + (dt[i] || 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0) || 1;
  return [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, count)
    .map(([name, us]) => ({ name, ms: Math.round(us / 1000), share: +(100 * us / total).toFixed(1) }));
}

async function measure(page, url, game, cdp) {
  const setup = GAMES[game];
  await fresh(page, url);
  await page.evaluate(() => {
    window.__long = [];
    window.__phases = [];
    new PerformanceObserver(list => {
      for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: false });
  });
  await page.click(`button[data-game="${game}"]`);
  for (let i = 0; i < setup.seats; i++) await page.selectOption(`[data-seat="${i}"] select`, 'easy').catch(() => {});
  for (const [sel, v] of setup.options || []) await page.selectOption(sel, v);
  await phase(page, 'start');
  await page.click('[data-testid="start-game"]');
  await page.waitForSelector(`.table[data-game="${game}"]`);
  await page.selectOption('.pace select', '0');
  await page.waitForTimeout(1500);
  await phase(page, 'play');
  if (process.env.PROFILE) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
    await cdp.send('Profiler.start');
  }
  await page.waitForSelector('[data-testid="game-over"]', { timeout: GAME_TIMEOUT });
  const profile = process.env.PROFILE ? topFunctions((await cdp.send('Profiler.stop')).profile) : null;
  await phase(page, 'game over and chart');
  await page.waitForTimeout(2000);
  await phase(page, 'replay');
  await page.click('[data-testid="replay"]');
  await page.waitForSelector('[data-testid="replay-bar"]');
  const forward = '[data-testid="replay-bar"] button[aria-label="Forward"]';
  for (let i = 0; i < 25; i++) await page.click(forward);
  const slider = await page.$('[data-testid="replay-bar"] input[type="range"]');
  const last = Number(await slider.getAttribute('max'));
  for (const at of [last, 0, Math.floor(last / 2), last]) {
    await slider.evaluate((e, v) => { e.value = String(v); e.dispatchEvent(new Event('input', { bubbles: true })); }, at);
    await page.waitForTimeout(200);
  }
  await phase(page, 'end');
  const { long, phases } = await page.evaluate(() => ({ long: window.__long, phases: window.__phases }));
  const moves = await page.$$eval('.log li', els => els.length).catch(() => 0);
  const named = phases.slice(0, -1).map(([name, from], i) => {
    const to = phases[i + 1][1];
    const tasks = long.filter(([t]) => t >= from && t < to).map(([, d]) => Math.round(d));
    return { phase: name, seconds: +((to - from) / 1000).toFixed(1), tasks: tasks.length, longest: tasks.length ? Math.max(...tasks) : 0 };
  });
  return { game, moves, phases: named, longest: Math.max(0, ...named.map(p => p.longest)), profile };
}

(async () => {
  const games = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(GAMES);
  const server = await startServer(Number(process.env.E2E_PORT || 8768));
  const browser = await launch();
  const results = [];
  try {
    for (const game of games) {
      const { page } = await guardedPage(browser.context, { width: 1280, height: 800 });
      // Motion on, as a player has it (the tests' browser turns it off).
      await page.emulateMedia({ reducedMotion: process.env.MOTION === 'off' ? 'reduce' : 'no-preference' });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
      const r = await measure(page, server.url, game, cdp);
      results.push(r);
      console.log(`${game}: longest task ${r.longest} ms (${r.moves} log lines)`);
      for (const p of r.phases) console.log(`  ${p.phase.padEnd(20)} ${String(p.seconds).padStart(6)} s  ${p.tasks} long tasks, longest ${p.longest} ms`);
      if (r.profile) {
        console.log('  most self time while playing:');
        for (const f of r.profile) console.log(`    ${String(f.share).padStart(5)} %  ${String(f.ms).padStart(6)} ms  ${f.name}`);
      }
      await page.close();
    }
  } finally {
    await browser.close();
    server.stop();
  }
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  fs.writeFileSync(path.join(ARTIFACTS, 'main-thread.json'), JSON.stringify({ throttle: THROTTLE, results }, null, 1));
})().catch(e => { console.error(e); process.exit(1); });
