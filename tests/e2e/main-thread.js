// Issue #20 target 2: the longest main-thread task of each game at 4× CPU throttling (Chromium's
// long-task observer: every task over 50 ms), with the table's motion on, as a player has it.
// Per game: the home from the page's opening (its card pictures drawn after), the game's setup
// (the tap on its card, the seats chosen, its preview picture), starting a table (the Start click
// and 0.3 s after it), its first moves, a whole game of two Easy computers at the Instant pace
// (every action drawn, every round's end), the game-over screen with its chart, and the replay
// stepped through action by action and dragged from end to end.
// usage: [RUNS=n] [MOTION=off] [PROFILE=home|setup|start|play|replay] [TRACE=home|setup|…] node tests/e2e/main-thread.js [game…] (needs dist/: `make
// dist`); one line per game and phase, and writes tests/e2e/artifacts/main-thread.json. A phase
// of the same build moves by 20-90 ms from run to run on a 2-core machine, so RUNS=3 plays every
// game three times (the games in turn, run after run) and ends with each phase's longest task in
// every run, and in how many runs it had none over 50 ms. With
// PROFILE=play (or home, setup, start, replay) the page's main thread is sampled (DevTools' CPU profiler) in that phase, and
// the functions that took the most of it are printed: wasm functions carry their Rust names
// when the wasm keeps its name section (a build without wasm-opt, `data-wasm-opt="0"`). With
// TRACE=play (or home, setup, start, replay) a DevTools trace is taken during that phase, and its long tasks'
// time is printed by what the browser did in them (script, style, layout, paint…), their self
// time summed, with the mean time of each rendering step over the whole phase; TRACE_FILE=path keeps the trace, PROFILE_FILE=path the profile.
const fs = require('fs');
const path = require('path');
const { startServer, launch, startTrace, guardedPage, fresh, ARTIFACTS } = require('./lib');

const GAMES = {
  herd: { seats: 2, options: [['.options select >> nth=0', '5']] },
  'toy-battle': { seats: 2 },
  moonlight: { seats: 2 },
  turncoats: { seats: 3 },
  'long-campaign': { seats: 3 },
};
const THROTTLE = 4;
const GAME_TIMEOUT = 420000;

// The trace of the phase named in TRACE, taken between that phase's start and the next's.
let tracing = null;
let traced = null;
let profiling = false;
let profiled = null;
async function phase(page, name, cdp) {
  if (profiling) {
    const { profile } = await cdp.send('Profiler.stop');
    if (process.env.PROFILE_FILE) fs.writeFileSync(process.env.PROFILE_FILE, JSON.stringify(profile));
    profiled = topFunctions(profile);
    profiling = false;
  }
  if (tracing) {
    const events = await tracing();
    tracing = null;
    if (process.env.TRACE_FILE) fs.writeFileSync(process.env.TRACE_FILE, JSON.stringify(events));
    traced = longTaskWork(events);
  }
  await page.evaluate(n => window.__phases.push([n, performance.now()]), name);
  await watch(name, cdp);
}

// The trace or profile asked for, started if `name` is its phase.
async function watch(name, cdp) {
  if (cdp && process.env.TRACE === name) tracing = await startTrace(cdp, TIMELINE);
  if (cdp && process.env.PROFILE === name) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
    await cdp.send('Profiler.start');
    profiling = true;
  }
}

// The timeline's categories, with V8's wasm work named (its lazy compiling).
const TIMELINE = 'devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-devtools.timeline.stack,v8.execute,v8.wasm,blink.user_timing';

// The complete events of the page's main thread: the renderer main thread with the most of them
// (the browser may run another renderer, for the service worker's page or a blank tab).
function pageMainThread(events) {
  const mains = events.filter(e => e.name === 'thread_name' && e.args.name === 'CrRendererMain');
  const of = m => events.filter(e => e.pid === m.pid && e.tid === m.tid && e.ph === 'X' && e.dur);
  return mains.map(of).sort((a, b) => b.length - a.length)[0] || [];
}

// The main thread's tasks over 50 ms, and their time by the kind of work inside them (each
// event's self time: its duration less its children's).
function longTaskWork(events, count = 12) {
  const ours = pageMainThread(events).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const work = new Map();
  let tasks = 0;
  const stack = [];
  let task = null;
  const add = (name, us) => work.set(name, (work.get(name) || 0) + us);
  const close = until => {
    while (stack.length && stack[stack.length - 1].end <= until) {
      const done = stack.pop();
      if (task) add(done.name, done.dur - done.children);
      if (!stack.length) task = null;
    }
  };
  for (const e of ours) {
    close(e.ts);
    if (!stack.length) {
      task = e.name === 'RunTask' && e.dur > 50000 ? e : null;
      if (task) tasks++;
    } else stack[stack.length - 1].children += e.dur;
    stack.push({ name: e.name, end: e.ts + e.dur, dur: e.dur, children: 0 });
  }
  close(Infinity);
  const total = [...work.values()].reduce((a, b) => a + b, 0) || 1;
  return { tasks, work: [...work.entries()].sort((a, b) => b[1] - a[1]).slice(0, count)
    .map(([name, us]) => ({ name, ms: Math.round(us / 1000), share: +(100 * us / total).toFixed(1) })),
    each: renderingSteps(ours) };
}

// The browser's rendering steps over the whole phase, long tasks or not: how many times each
// ran and its mean time. A change to the page's size shows here before the longest task moves
// (the longest depends on the Easy games' moves and the machine's load).
function renderingSteps(ours) {
  return ['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint'].map(name => {
    const runs = ours.filter(e => e.name === name);
    const ms = runs.reduce((a, e) => a + e.dur, 0) / 1000;
    return { name, runs: runs.length, mean: runs.length ? +(ms / runs.length).toFixed(2) : 0 };
  });
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

// A player's tap, as the page gets it: the pointer pressed and released on the element once it
// is on screen. Playwright's own click also checks that the tap lands on the element, with a
// listener of its own in the page that reads what lies under the pointer at the press: a style
// and layout of the page inside the very task measured (30 ms of the replay's long tasks at 4×,
// a trace, Dec 7). `force` leaves that check out; the element is waited for first.
async function tap(page, selector) {
  await page.waitForSelector(selector, { state: 'visible' });
  await page.click(selector, { force: true });
}

async function measure(page, url, game, cdp) {
  const setup = GAMES[game];
  traced = null;
  profiled = null;
  await fresh(page, url);
  // The home's trace or profile: the page opened once more (as `fresh` opens it), watched.
  if (process.env.TRACE === 'home' || process.env.PROFILE === 'home') {
    await watch('home', cdp);
    await page.reload();
    await page.waitForSelector('button[data-game]');
  }
  await page.evaluate(() => {
    window.__long = [];
    window.__phases = [];
    // Buffered: the home's own tasks since the page opened count too.
    new PerformanceObserver(list => {
      for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
    window.__phases.push(['home', 0]);
  });
  // The home's card pictures are drawn one a task after its first paint.
  await page.waitForTimeout(2500);
  await phase(page, 'setup', cdp);
  await tap(page, `button[data-game="${game}"]`);
  for (let i = 0; i < setup.seats; i++) await page.selectOption(`[data-seat="${i}"] select`, 'easy', { timeout: 2000 }).catch(() => {});
  for (const [sel, v] of setup.options || []) await page.selectOption(sel, v);
  // A player reads the setup before starting: its own drawing (the board's miniature) is over.
  await page.waitForTimeout(500);
  await phase(page, 'start', cdp);
  await tap(page, '[data-testid="start-game"]');
  await page.waitForSelector(`.table[data-game="${game}"]`);
  // The start's own tasks: the table built (the board, then its side a task later).
  await page.waitForTimeout(300);
  await phase(page, 'first moves', cdp);
  await page.selectOption('.pace select', '0');
  await page.waitForTimeout(1200);
  await phase(page, 'play', cdp);
  await page.waitForSelector('[data-testid="game-over"]', { timeout: GAME_TIMEOUT });
  await phase(page, 'game over and chart', cdp);
  await page.waitForTimeout(2000);
  await phase(page, 'replay', cdp);
  await tap(page, '[data-testid="replay"]');
  await page.waitForSelector('[data-testid="replay-bar"]');
  const forward = '[data-testid="replay-bar"] button[aria-label="Forward"]';
  for (let i = 0; i < 25; i++) await tap(page, forward);
  const slider = await page.$('[data-testid="replay-bar"] input[type="range"]');
  const last = Number(await slider.getAttribute('max'));
  for (const at of [last, 0, Math.floor(last / 2), last]) {
    await slider.evaluate((e, v) => { e.value = String(v); e.dispatchEvent(new Event('input', { bubbles: true })); }, at);
    await page.waitForTimeout(200);
  }
  await phase(page, 'end', cdp);
  const { long, phases } = await page.evaluate(() => ({ long: window.__long, phases: window.__phases }));
  const moves = await page.$$eval('.log li', els => els.length).catch(() => 0);
  const named = phases.slice(0, -1).map(([name, from], i) => {
    const to = phases[i + 1][1];
    const tasks = long.filter(([t]) => t >= from && t < to).map(([, d]) => Math.round(d));
    return { phase: name, seconds: +((to - from) / 1000).toFixed(1), tasks: tasks.length, longest: tasks.length ? Math.max(...tasks) : 0, each: tasks };
  });
  return { game, moves, phases: named, longest: Math.max(0, ...named.map(p => p.longest)), profile: profiled, trace: traced };
}

// Each game's phases over the runs: the longest task of each run ("none": no task over 50 ms).
function summary(results, games) {
  console.log(`the longest task of each phase, run by run (none: no task over 50 ms):`);
  for (const game of games) {
    const mine = results.filter(r => r.game === game);
    console.log(`${game}:`);
    for (const { phase } of mine[0].phases) {
      const longest = mine.map(r => r.phases.find(p => p.phase === phase)?.longest ?? 0);
      const clean = longest.filter(ms => ms === 0).length;
      console.log(`  ${phase.padEnd(20)} ${longest.map(ms => (ms ? `${ms} ms` : 'none')).join(', ')}  (${clean} of ${mine.length} runs without a long task)`);
    }
  }
}

(async () => {
  const games = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(GAMES);
  const server = await startServer(Number(process.env.E2E_PORT || 8768));
  const browser = await launch();
  const results = [];
  const runs = Math.max(1, Number(process.env.RUNS || 1));
  try {
    for (let run = 1; run <= runs; run++) {
      if (runs > 1) console.log(`run ${run} of ${runs}:`);
      for (const game of games) {
        const { page } = await guardedPage(browser.context, { width: 1280, height: 800 });
        // Motion on, as a player has it (the tests' browser turns it off).
        await page.emulateMedia({ reducedMotion: process.env.MOTION === 'off' ? 'reduce' : 'no-preference' });
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
        const r = await measure(page, server.url, game, cdp);
        results.push(r);
        console.log(`${game}: longest task ${r.longest} ms (${r.moves} log lines)`);
        // A phase of a few long tasks lists them in order (which one is the tap, which a picture).
        const few = p => (p.tasks > 0 && p.tasks <= 6 ? `: ${p.each.join(', ')}` : '');
        for (const p of r.phases) console.log(`  ${p.phase.padEnd(20)} ${String(p.seconds).padStart(6)} s  ${p.tasks} long tasks, longest ${p.longest} ms${few(p)}`);
        if (r.profile) {
          console.log(`  most self time in ${process.env.PROFILE}:`);
          for (const f of r.profile) console.log(`    ${String(f.share).padStart(5)} %  ${String(f.ms).padStart(6)} ms  ${f.name}`);
        }
        if (r.trace) {
          console.log(`  the ${r.trace.tasks} long tasks of ${process.env.TRACE}, by the work in them:`);
          for (const w of r.trace.work) console.log(`    ${String(w.share).padStart(5)} %  ${String(w.ms).padStart(6)} ms  ${w.name}`);
          console.log(`  each rendering step of ${process.env.TRACE} (runs, mean): ${r.trace.each.map(e => `${e.name} ${e.runs} × ${e.mean} ms`).join(', ')}`);
        }
        await page.close();
      }
    }
  } finally {
    await browser.close();
    server.stop();
  }
  if (runs > 1) summary(results, games);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  fs.writeFileSync(path.join(ARTIFACTS, 'main-thread.json'), JSON.stringify({ throttle: THROTTLE, results }, null, 1));
})().catch(e => { console.error(e); process.exit(1); });
